// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/data"
)

// synthOptions are the inputs of hornetctl synth.
type synthOptions struct {
	Config   data.SynthConfig
	Rows     int
	TestRows int
	Out      string // "" or "-" for stdout
	TestOut  string
	Quiet    bool // --quiet: no description on stderr
}

func newSynthCmd(ios *iostreams, runF func(context.Context, *synthOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *synthOptions) error { return runSynth(ctx, o, ios) }
	}
	return leaf(&cli.Command{
		Name:      "synth",
		Usage:     "write a synthetic logic-gate table (the paper's benchmark) as CSV",
		UsageText: "hornetctl synth --gate xor --features 64 --rows 128 --seed 7 --out train.csv [--label-noise P] [--test-rows 1000 --test-out test.csv]",
		Description: "Every feature is 0 or 1 with probability 1/2; the label is a gate of one or two of them. The target\n" +
			"features are drawn from the seed (--positions random) or are f0 and f1 (--positions first). The training\n" +
			"and test rows are successive draws of one seeded stream, so they are independent. --label-noise P flips\n" +
			"each training label (--out) with probability P; the test rows (--test-out) stay clean. The gate and its\n" +
			"features are printed (on stderr when the table goes to stdout).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "gate", Value: "xor", Usage: "label function `GATE`: and, or, not, xor, xnor, or xor3 and xor4 (the parity of three or four features; xor4 needs --order 4 to be learned)"},
			&cli.IntFlag{Name: "features", Value: 64, Usage: fmt.Sprintf("number of binary features `N`, 1..%d", data.MaxSynthFeatures)},
			&cli.IntFlag{Name: "rows", Value: 128, Usage: fmt.Sprintf("number of training rows `N`, 1..%d/features", data.MaxSynthCells)},
			&cli.Uint64Flag{Name: "seed", Value: 7, Usage: "`SEED` of the target positions and of the rows"},
			&cli.StringFlag{Name: "positions", Value: "random", Usage: "`WHERE` the target features are: random or first"},
			labelNoiseFlag("training (--out)"),
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the training rows to `FILE`, atomically; - for stdout", DefaultText: "stdout"},
			&cli.IntFlag{Name: "test-rows", Usage: fmt.Sprintf("number of test rows `N` drawn after the training rows, 0..%d/features", data.MaxSynthCells), DefaultText: "1000 with --test-out, else 0"},
			&cli.StringFlag{Name: "test-out", Usage: "write the test rows to `FILE`, atomically"},
			quietFlag(),
		},
		Action: func(c *cli.Context) error {
			o := &synthOptions{Rows: c.Int("rows"), TestRows: c.Int("test-rows"), Out: c.String("out"), TestOut: c.String("test-out"), Quiet: c.Bool("quiet")}
			if err := noArgs(c); err != nil {
				return err
			}
			g, err := data.ParseGate(c.String("gate"))
			if err != nil {
				return usagef("invalid --gate %q: want one of and, or, not, xor, xnor, xor3, xor4", c.String("gate"))
			}
			o.Config = data.SynthConfig{Gate: g, Features: c.Int("features"), Seed: c.Uint64("seed")}
			if o.Config.LabelNoise, err = readLabelNoise(c); err != nil {
				return err
			}
			switch p := strings.ToLower(c.String("positions")); p {
			case "random":
				o.Config.Positions = data.RandomPositions
			case "first":
				o.Config.Positions = data.FirstPositions
			default:
				return oneOf("positions", p, "random", "first")
			}
			maxRows := data.MaxSynthCells / max(o.Config.Features, 1)
			switch {
			case o.Config.Features < 1 || o.Config.Features > data.MaxSynthFeatures:
				return usagef("invalid --features %d: want 1..%d", o.Config.Features, data.MaxSynthFeatures)
			case o.Config.Features < g.Arity():
				return usagef("invalid --features %d: gate %s reads %d features, want >= %d", o.Config.Features, g, g.Arity(), g.Arity())
			case o.Rows < 1 || o.Rows > maxRows:
				return usagef("invalid --rows %d: want 1..%d (%d cells at most with --features %d)", o.Rows, maxRows, data.MaxSynthCells, o.Config.Features)
			case o.TestRows < 0 || o.TestRows > maxRows:
				return usagef("invalid --test-rows %d: want 0..%d (%d cells at most with --features %d)", o.TestRows, maxRows, data.MaxSynthCells, o.Config.Features)
			case o.TestRows > 0 && o.TestOut == "":
				return usagef("--test-rows needs --test-out FILE")
			case o.TestOut != "" && !c.IsSet("test-rows"):
				o.TestRows = 1000
			case o.TestOut != "" && o.TestRows == 0:
				return usagef("invalid --test-rows 0 with --test-out: want >= 1")
			}
			if o.TestOut == "-" && stdout(o.Out) {
				return usagef("--out and --test-out cannot both be stdout")
			}
			return runF(c.Context, o)
		},
	})
}

// stdout reports whether an output path means standard output.
func stdout(path string) bool { return path == "" || path == "-" }

func runSynth(ctx context.Context, o *synthOptions, ios *iostreams) error {
	if err := checkOutput("out", o.Out); err != nil {
		return err
	}
	if err := checkOutput("test-out", o.TestOut, flagPath{"out", o.Out}); err != nil {
		return err
	}
	s, err := data.NewSynth(o.Config)
	if err != nil {
		return &usageError{err} // the flags were checked; this is a bound we did not know
	}
	trainSet, flipped := s.SampleNoisy(o.Rows)
	// The description goes to stdout unless a table does.
	info := ios.Out
	if stdout(o.Out) || o.TestOut == "-" {
		info = warnings(ios, o.Quiet)
	}
	names := make([]string, 0, 2)
	for _, t := range s.Targets() {
		names = append(names, trainSet.Features[t])
	}
	fmt.Fprintf(info, "%s (target features: %s; %d features, seed %d)\n", s.Describe(), strings.Join(names, ", "), o.Config.Features, o.Config.Seed)
	if o.Config.LabelNoise > 0 {
		fmt.Fprintf(info, "label noise %g: %d of %d training labels flipped; test rows clean\n", o.Config.LabelNoise, flipped, trainSet.Rows)
	}

	if err := writeOutputCtx(ctx, o.Out, ios.Out, func(w io.Writer) error { return data.WriteCSV(w, trainSet) }); err != nil {
		return err
	}
	if !stdout(o.Out) {
		fmt.Fprintf(info, "wrote %d training rows to %s\n", trainSet.Rows, o.Out)
	}
	if o.TestRows == 0 {
		return nil
	}
	testSet := s.Sample(o.TestRows)
	if err := writeOutputCtx(ctx, o.TestOut, ios.Out, func(w io.Writer) error { return data.WriteCSV(w, testSet) }); err != nil {
		return err
	}
	if !stdout(o.TestOut) {
		fmt.Fprintf(info, "wrote %d test rows to %s\n", testSet.Rows, o.TestOut)
	}
	return nil
}
