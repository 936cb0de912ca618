// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/model"
)

func init() { benchSubcommands = append(benchSubcommands, newBenchSpeedCmd) }

// benchSpeedOptions are the inputs of hornetctl bench speed.
type benchSpeedOptions struct {
	Config evaluate.SpeedConfig
	Format string // markdown or csv
	Out    string // "" or "-" for stdout
	Plot   string // --plot: fit seconds against rules and order; "" for none
	Quiet  bool
}

func newBenchSpeedCmd(ios *iostreams) *cli.Command {
	return newBenchSpeedCmdRun(ios, nil)
}

func newBenchSpeedCmdRun(ios *iostreams, runF func(context.Context, *benchSpeedOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *benchSpeedOptions) error { return runBenchSpeed(ctx, o, ios) }
	}
	return leaf(&cli.Command{
		Name:      "speed",
		Usage:     "fit time against the number of rules and the order",
		UsageText: "hornetctl bench speed [--rules 64,128,...,4096] [--orders 2,4,8,16] [--reps 3] [--features 64] [--rows 128] [--epochs 100] [--format markdown|csv] [--out FILE] [--plot FILE]",
		Description: "Times whole fits (screening, building the graph and exactly --epochs epochs: early stopping and the\n" +
			"loss target are off) on a table of --rows rows × --features binary features labelled by --gate of two\n" +
			"features at random positions: at each --rules with the default order, and at each --orders with the\n" +
			"default rules. Repetition i draws its table and trains with seed --seed+i; fits run one at a time, the\n" +
			"repetitions outermost, so load changes fall on every point alike. Prints the median seconds per point\n" +
			"(and the fastest and slowest fit) and its ratio to the first point of its sweep. Wall-clock times depend\n" +
			"on the machine and its load: compare points within one run.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "rules", Value: commaList(evaluate.DefaultSpeedRules), Usage: "comma-separated rule counts `LIST`, each once (order: default); \"\" for none"},
			&cli.StringFlag{Name: "orders", Value: commaList(evaluate.DefaultSpeedOrders), Usage: "comma-separated orders `LIST`, each once (rules: default); \"\" for none"},
			&cli.IntFlag{Name: "reps", Value: 3, Usage: "fits `N` per point; the median is reported"},
			&cli.IntFlag{Name: "features", Value: 64, Usage: fmt.Sprintf("binary features `N` of the table, 2..%d", data.MaxSynthFeatures)},
			&cli.IntFlag{Name: "rows", Value: 128, Usage: fmt.Sprintf("training rows `N`, 2..1000000 and at most %d/features", data.MaxSynthCells)},
			&cli.StringFlag{Name: "gate", Value: "xor", Usage: "`GATE` of the label: and, or, not, xor, xnor, xor3 or xor4"},
			&cli.IntFlag{Name: "epochs", Value: 100, Usage: "epochs `N` of every fit, 1..100000"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "first `SEED`; repetition i uses seed+i"},
			&cli.StringFlag{Name: "format", Category: "Output", Value: formatMarkdown, Usage: "table `FORMAT`: markdown or csv"},
			outFlag("the table"),
			plotFlag("fit seconds against rules and against order"),
			quietFlag(),
		},
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			o := &benchSpeedOptions{Format: strings.ToLower(c.String("format")), Out: c.String("out"), Plot: c.String("plot"), Quiet: c.Bool("quiet")}
			if err := checkPlotFlag(o.Plot); err != nil {
				return err
			}
			if err := oneOf("format", o.Format, formatMarkdown, formatCSVOut); err != nil {
				return err
			}
			cfg := &o.Config
			cfg.Reps, cfg.Features, cfg.Rows, cfg.Epochs, cfg.Seed = c.Int("reps"), c.Int("features"), c.Int("rows"), c.Int("epochs"), c.Uint64("seed")
			switch {
			case cfg.Reps < 1 || cfg.Reps > 1000:
				return usagef("invalid --reps %d: want 1..1000", cfg.Reps)
			case cfg.Features < 2 || cfg.Features > data.MaxSynthFeatures:
				return usagef("invalid --features %d: want 2..%d", cfg.Features, data.MaxSynthFeatures)
			case cfg.Rows < 2 || cfg.Rows > 1_000_000:
				return usagef("invalid --rows %d: want 2..1000000", cfg.Rows)
			case cfg.Rows > data.MaxSynthCells/cfg.Features:
				return usagef("invalid --rows %d: want 2..%d (%d cells at most with --features %d)", cfg.Rows, data.MaxSynthCells/cfg.Features, data.MaxSynthCells, cfg.Features)
			case cfg.Epochs < 1 || cfg.Epochs > 100_000:
				return usagef("invalid --epochs %d: want 1..100000", cfg.Epochs)
			}
			g, err := data.ParseGate(c.String("gate"))
			if err != nil {
				return usagef("invalid --gate %q: want and, or, not, xor, xnor, xor3 or xor4", c.String("gate"))
			}
			cfg.Gate = g.String()
			if cfg.Rules, err = intList(c, "rules", "rule count", 1, model.MaxRules); err != nil {
				return err
			}
			if cfg.Orders, err = intList(c, "orders", "order", 1, model.MaxOrder); err != nil {
				return err
			}
			if len(cfg.Rules)+len(cfg.Orders) == 0 {
				return usagef("--rules and --orders are both empty: nothing to time")
			}
			if err := checkSpeedOrders(c, cfg); err != nil {
				return err
			}
			return runF(c.Context, o)
		},
	})
}

// intList reads the comma-separated integers lo..hi of --name; an empty
// value is an empty, non-nil list. A number listed twice (what names it in
// the message) is a usage error, as in bench synthetic: the sweep would
// time it once and fold the repeat away.
func intList(c *cli.Context, name, what string, lo, hi int) ([]int, error) {
	out := []int{}
	for _, s := range splitList(c.String(name)) {
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi {
			return nil, usagef("invalid --%s entry %q: want a whole number %d..%d", name, s, lo, hi)
		}
		if slices.Contains(out, n) {
			return nil, usagef("invalid --%s entry %q: the %s %d is listed twice; give each %s once", name, s, what, n, what)
		}
		out = append(out, n)
	}
	return out, nil
}

// checkSpeedOrders refuses, before any fit, an order above --features (a
// rule of order K reads K features): an --orders entry, one of the default
// --orders, or the default order at which the --rules sweep fits.
func checkSpeedOrders(c *cli.Context, cfg *evaluate.SpeedConfig) error {
	for _, k := range cfg.Orders {
		switch {
		case k <= cfg.Features:
		case c.IsSet("orders"):
			return usagef("invalid --orders entry \"%d\": want a whole number 1..%d (a rule of order K reads K features, and --features is %d)", k, min(model.MaxOrder, cfg.Features), cfg.Features)
		default:
			return usagef("invalid --features %d: the default --orders %s reach order %d, and a rule of order K reads K features; give --features %d or more, or --orders of at most %d",
				cfg.Features, c.String("orders"), slices.Max(cfg.Orders), slices.Max(cfg.Orders), cfg.Features)
		}
	}
	if k := model.DefaultConfig().Order; len(cfg.Rules) > 0 && k > cfg.Features {
		return usagef("invalid --features %d: the --rules sweep fits at order %d, and a rule of order K reads K features; give --features %d or more, or --rules \"\"", cfg.Features, k, k)
	}
	return nil
}

func runBenchSpeed(ctx context.Context, o *benchSpeedOptions, ios *iostreams) error {
	if err := checkOutput("out", o.Out); err != nil {
		return err
	}
	if o.Plot != "" {
		if err := checkOutput("plot", o.Plot, flagPath{"out", o.Out}); err != nil {
			return err
		}
	}
	warn := warnings(ios, o.Quiet)
	total := o.Config.Reps * (len(o.Config.Rules) + len(o.Config.Orders))
	done := 0
	o.Config.OnFit = func(p evaluate.SpeedPoint, rep int, secs float64) {
		done++
		fmt.Fprintf(warn, "bench speed: %d/%d: rules %d, order %d, repetition %d: %.2fs\n", done, total, p.Rules, p.Order, rep+1, secs)
	}
	res, err := evaluate.Speed(ctx, o.Config)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return &interrupted{fmt.Sprintf("bench speed interrupted: %v", err)}
		}
		return configError(err)
	}
	err = writeOutput(o.Out, ios.Out, func(w io.Writer) error {
		if o.Format == formatCSVOut {
			return res.WriteCSV(w)
		}
		return res.WriteMarkdown(w)
	})
	if err != nil || o.Plot == "" {
		return err
	}
	f, err := evaluate.SpeedPlot(res)
	if err != nil {
		return err
	}
	return evaluate.SaveFigure(f, o.Plot)
}
