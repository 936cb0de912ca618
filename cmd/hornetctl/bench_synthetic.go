// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/model"
)

func init() { benchSubcommands = append(benchSubcommands, newBenchSyntheticCmd) }

// Table formats of the bench experiments.
const (
	formatMarkdown = "markdown"
	formatCSVOut   = "csv"
)

// benchSyntheticOptions are the inputs of hornetctl bench synthetic.
type benchSyntheticOptions struct {
	Config evaluate.SyntheticConfig
	Format string // markdown or csv
	Out    string // "" or "-" for stdout
	Plot   string // --plot: macro-F1 against features, one line per gate; "" for none
	Quiet  bool
	Shard  shardOptions // --shard, --results, --resume
}

// syntheticOwnFlags are the fit flags that bench synthetic defines its own
// way: --activation is a list, --seed the first repetition's seed.
var syntheticOwnFlags = []string{"activation", "seed"}

// plotFlag is --plot, with what the plot shows.
func plotFlag(what string) cli.Flag {
	return &cli.StringFlag{Name: "plot", Category: "Output", Usage: "draw " + what + " to `FILE`: PNG, SVG or PDF by its extension"}
}

// checkPlotFlag checks the extension of --plot path, if given.
func checkPlotFlag(path string) error {
	if path == "" {
		return nil
	}
	if _, err := evaluate.PlotFormat(path); err != nil {
		return usagef("invalid --plot %s: want a file name ending in .png, .svg or .pdf", path)
	}
	return nil
}

func newBenchSyntheticCmd(ios *iostreams) *cli.Command {
	return newBenchSyntheticCmdRun(ios, nil)
}

func newBenchSyntheticCmdRun(ios *iostreams, runF func(context.Context, *benchSyntheticOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *benchSyntheticOptions) error { return runBenchSynthetic(ctx, o, ios) }
	}
	flags := []cli.Flag{
		&cli.IntFlag{Name: "reps", Value: 30, Usage: fmt.Sprintf("repetitions `N` per cell, 1..%d", evaluate.MaxRepeats)},
		&cli.StringFlag{Name: "features", Value: "3,4,8,16,32,64,128", Usage: fmt.Sprintf("comma-separated feature counts `LIST`, each 1..%d", maxSyntheticFeatures())},
		&cli.StringFlag{Name: "gates", Value: "and,or,not,xor,xnor", Usage: "comma-separated gates `LIST`: and, or, not, xor, xnor, xor3, xor4 (the parity of three or four features)"},
		&cli.StringFlag{Name: "positions", Value: "random", Usage: "`WHERE` the targets are: random, first or both"},
		labelNoiseFlag("training"),
		&cli.StringFlag{Name: "activation", Category: catModel, Value: "polyclip,relu", Usage: "comma-separated activations `LIST`: polyclip, relu"},
		&cli.Uint64Flag{Name: "seed", Category: catTraining, Value: 1, Usage: "first `SEED`; repetition i uses seed+i"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "fit `N` models at a time (default 0: one per core); the table does not depend on it"},
		&cli.StringFlag{Name: "format", Category: "Output", Value: formatMarkdown, Usage: "table `FORMAT`: markdown or csv"},
		outFlag("the table"),
		plotFlag("macro-F1 against features, one line per gate,"),
		quietFlag(), // nothing goes to stderr but errors and a shard's summary line; accepted like everywhere
	}
	flags = append(flags, fitFlagsExcept(syntheticOwnFlags...)...)
	flags = append(flags, classWeightFlag())
	flags = append(flags, shardFlags()...)
	return leaf(&cli.Command{
		Name:      "synthetic",
		Usage:     "the paper's Table 2: logic gates on synthetic binary data",
		UsageText: "hornetctl bench synthetic [--reps 30] [--features 3,4,8,16,32,64,128] [--gates and,or,not,xor,xnor] [--positions random|first|both] [--label-noise P] [--activation polyclip,relu] [--format markdown|csv] [--out FILE]",
		Description: "For each positions setting, activation, gate and feature count, fits --reps models, each on 128 rows\n" +
			"of the gate generator (repetition i with seed --seed+i for the rows and the training), and scores it on\n" +
			"1000 fresh rows: macro-F1 (mean ± std), the share of models whose top interaction is exactly the target\n" +
			"features, the rule fidelity on the fresh rows, and the mean fit time. --positions random is the honest\n" +
			"setting; first is the paper's (targets in features 0 and 1). --label-noise P flips each training label with\n" +
			"probability P (the fresh rows stay clean). A gate that reads more features than there\n" +
			"are is skipped with a note (with no cell left, a usage error). The model and training flags (--rules, --order, --epochs, ...) apply to every\n" +
			"fit. --shard I/N --results DIR runs only the units (cell, repetition) whose index is I mod N, appending each\n" +
			"to DIR/shard-I-of-N.jsonl; hornetctl merge DIR prints the table.",
		Flags: flags,
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			o := &benchSyntheticOptions{Format: strings.ToLower(c.String("format")), Out: c.String("out"), Plot: c.String("plot"), Quiet: c.Bool("quiet")}
			if err := checkPlotFlag(o.Plot); err != nil {
				return err
			}
			cfg := &o.Config
			cfg.Reps, cfg.Seed, cfg.Jobs = c.Int("reps"), c.Uint64("seed"), c.Int("jobs")
			var err error
			if cfg.LabelNoise, err = readLabelNoise(c); err != nil {
				return err
			}
			if cfg.Reps < 1 || cfg.Reps > evaluate.MaxRepeats {
				return usagef("invalid --reps %d: want 1..%d", cfg.Reps, evaluate.MaxRepeats)
			}
			if cfg.Jobs < 0 {
				return usagef("invalid --jobs %d: want 1 or more, or 0 for one per core", cfg.Jobs)
			}
			if err := oneOf("format", o.Format, formatMarkdown, formatCSVOut); err != nil {
				return err
			}
			hi := maxSyntheticFeatures()
			for _, s := range splitList(c.String("features")) {
				n, err := strconv.Atoi(s)
				if err != nil || n < 1 || n > hi {
					return usagef("invalid --features entry %q: want a count 1..%d: each fit is scored on %d fresh rows, and rows × features must be at most %d cells",
						s, hi, evaluate.DefaultSyntheticTestRows, data.MaxSynthCells)
				}
				if slices.Contains(cfg.Features, n) {
					return usagef("invalid --features entry %q: the count %d is listed twice; give each count once", s, n)
				}
				cfg.Features = append(cfg.Features, n)
			}
			for _, s := range splitList(c.String("gates")) {
				g, err := data.ParseGate(s)
				if err != nil {
					return usagef("invalid --gates entry %q: want one of and, or, not, xor, xnor, xor3, xor4", s)
				}
				if slices.Contains(cfg.Gates, g) {
					return usagef("invalid --gates entry %q: gate %s is listed twice; give each gate once", s, g)
				}
				cfg.Gates = append(cfg.Gates, g)
			}
			for _, s := range splitList(c.String("activation")) {
				mc := model.Config{Activation: s}.Resolved()
				if err := mc.Validate(); err != nil {
					return usagef("invalid --activation entry %q: want polyclip or relu (or clip)", s)
				}
				if slices.Contains(cfg.Activations, strings.ToLower(s)) {
					return usagef("invalid --activation entry %q: activation %s is listed twice; give each activation once", s, strings.ToLower(s))
				}
				cfg.Activations = append(cfg.Activations, strings.ToLower(s))
			}
			switch p := strings.ToLower(c.String("positions")); p {
			case "random":
				cfg.Positions = []data.Positions{data.RandomPositions}
			case "first":
				cfg.Positions = []data.Positions{data.FirstPositions}
			case "both":
				cfg.Positions = []data.Positions{data.RandomPositions, data.FirstPositions}
			default:
				return oneOf("positions", p, "random", "first", "both")
			}
			if len(cfg.Features) == 0 || len(cfg.Gates) == 0 || len(cfg.Activations) == 0 {
				return usagef("--features, --gates and --activation each need at least one entry")
			}
			var fit fitOptions
			if err := readClassWeight(c, &fit); err != nil {
				return err
			}
			fit, err = readFitFlagsExcept(c, fit, syntheticOwnFlags...)
			if err != nil {
				return err
			}
			cfg.Model, cfg.Train = fit.Model, fit.Train
			if o.Shard, err = readShardFlags(c); err != nil {
				return err
			}
			if err = noShardReport(o.Shard, o.Out, o.Plot); err != nil {
				return err
			}
			return runF(c.Context, o)
		},
	})
}

// maxSyntheticFeatures is the widest table bench synthetic can draw: its
// training and fresh test samples each hold at most data.MaxSynthCells
// cells.
func maxSyntheticFeatures() int {
	rows := max(evaluate.DefaultSyntheticTrainRows, evaluate.DefaultSyntheticTestRows)
	return min(data.MaxSynthFeatures, data.MaxSynthCells/rows)
}

// labelNoiseFlag is --label-noise, flipping the labels of the rows named.
func labelNoiseFlag(rows string) cli.Flag {
	return &cli.Float64Flag{Name: "label-noise", Usage: "flip each " + rows + " label to the other class with probability `P`, 0 <= P < 0.5"}
}

// readLabelNoise reads --label-noise.
func readLabelNoise(c *cli.Context) (float64, error) {
	p := c.Float64("label-noise")
	if !(p >= 0 && p < 0.5) {
		return 0, usagef("invalid --label-noise %v: want 0 <= P < 0.5", p)
	}
	return p, nil
}

// splitList splits a comma-separated flag value, dropping empty entries.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func runBenchSynthetic(ctx context.Context, o *benchSyntheticOptions, ios *iostreams) error {
	if err := checkOutput("out", o.Out); err != nil {
		return err
	}
	if o.Plot != "" {
		if err := checkOutput("plot", o.Plot, flagPath{"out", o.Out}); err != nil {
			return err
		}
	}
	sw, cfg, err := evaluate.SyntheticSweep(o.Config)
	if err != nil {
		return configError(err)
	}
	if len(sw.Units) == 0 { // as tune, where no configuration applies
		return usagef("no cell of --gates %s and --features %s applies: each gate reads more features than there are", commaList(cfg.Gates), commaList(cfg.Features))
	}
	specCfg := cfg
	specCfg.Jobs = 0 // how it runs is no part of the sweep
	spec := &sweepSpec{Command: cmdBenchSynthetic, Synthetic: &specCfg}
	start := time.Now()
	var outputs []flagPath // --results must not be one of them
	for _, f := range []flagPath{{"out", o.Out}, {"plot", o.Plot}} {
		if f.path != "" && !stdout(f.path) {
			outputs = append(outputs, f)
		}
	}
	results, err := runSweep(ctx, o.Shard, sweepRun{Spec: spec, Sweep: sw, Jobs: cfg.Jobs, Inputs: outputs}, ios, warnings(ios, o.Quiet), !o.Quiet)
	if err != nil || results == nil {
		return err
	}
	res, err := evaluate.SyntheticReduce(cfg, results)
	if err != nil {
		return err
	}
	res.Seconds = time.Since(start).Seconds()
	err = writeOutput(o.Out, ios.Out, func(w io.Writer) error { return writeSyntheticResult(w, o.Format, res) })
	if err != nil || o.Plot == "" {
		return err
	}
	p, err := evaluate.SyntheticPlot(res)
	if err != nil {
		return err
	}
	return evaluate.SavePlot(p, o.Plot)
}

// writeSyntheticResult prints the table of bench synthetic as Markdown or
// CSV.
func writeSyntheticResult(w io.Writer, format string, res *evaluate.SyntheticResult) error {
	if format == formatCSVOut {
		return res.WriteCSV(w)
	}
	return res.WriteMarkdown(w)
}

// commaList prints xs as a list flag takes them: comma-separated
// (bench synthetic's messages, bench speed's defaults).
func commaList[T any](xs []T) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}
