// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/internal/procs"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Built-in grids of --grid.
const (
	gridSmall = "small"
	gridPaper = "paper"
)

// gridEntry is one configuration of tune's grid; a zero field takes the
// default (or the other flags'). A --grid FILE gives them as gridGiven
// objects.
type gridEntry struct {
	Activation string
	Order      int
	Rules      int
	LR         float64
	Batch      int
}

// tuneOptions are the inputs of hornetctl tune.
type tuneOptions struct {
	Data         dataOptions
	Grid         string // small, paper or a file name
	Entries      []gridEntry
	Folds        int
	Repeats      int
	Jobs         int
	Nested       bool
	Fit          fitOptions // the settings the grid does not set
	Format       string     // text, csv or json
	Out          string
	Verbosity    verbosity
	MemoryBudget int64
	Shard        shardOptions // --shard, --results, --resume
	Plot         string       // --plot: the order × rules heatmaps, PNG, SVG or PDF by extension; "" for none
}

// gridFlags are the fit flags that the grid sets; tune refuses them.
var gridFlags = []string{"activation", "order", "rules", "lr", "batch-size"}

// powers returns the powers of two from lo to hi.
func powers(lo, hi int) []int {
	var out []int
	for v := lo; v <= hi; v *= 2 {
		out = append(out, v)
	}
	return out
}

// builtinGrid returns the entries of --grid small or paper.
func builtinGrid(name string) []gridEntry {
	var out []gridEntry
	acts, orders, rules, lrs, batch := []string{"polyclip", "relu"}, []int{2, 3}, []int{32, 128}, []float64{0.01, 0.05}, 0
	if name == gridPaper {
		orders, rules, lrs, batch = powers(4, 4096), powers(4, 4096), []float64{0.001, 0.01, 0.1}, 15
	}
	for _, a := range acts {
		for _, o := range orders {
			for _, r := range rules {
				for _, lr := range lrs {
					out = append(out, gridEntry{Activation: a, Order: o, Rules: r, LR: lr, Batch: batch})
				}
			}
		}
	}
	return out
}

// maxGridBytes bounds a --grid file: about a million configurations.
const maxGridBytes = 64 << 20

// readGridFile reads a --grid FILE, a regular file of at most maxGridBytes.
func readGridFile(path string) ([]gridEntry, error) {
	raw, err := readBounded(path, maxGridBytes, "a --grid file is a JSON list of configurations")
	if err != nil {
		return nil, fmt.Errorf("--grid: %w", err)
	}
	raw = trimBOM(raw)
	// Decoded entry by entry, so that a grid of more configurations than a
	// sweep may fit is refused before it fills memory.
	bad := func(err error) error {
		return usagef("invalid --grid %s: want a JSON array of objects with fields activation, order, rules, lr, batch: %v", path, err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if tok, err := dec.Token(); err != nil {
		return nil, bad(err)
	} else if tok != json.Delim('[') {
		return nil, bad(fmt.Errorf("the file starts with %v, not an array", tok))
	}
	var out []gridEntry
	for dec.More() {
		if len(out) == evaluate.MaxUnits {
			return nil, usagef("invalid --grid %s: more than %d configurations", path, evaluate.MaxUnits)
		}
		var g gridGiven
		if err := dec.Decode(&g); err != nil {
			return nil, bad(fmt.Errorf("entry %d: %w", len(out)+1, err))
		}
		if err := g.check(); err != nil {
			return nil, usagef("invalid --grid %s: entry %d: %v (leave the field out for the default)", path, len(out)+1, err)
		}
		out = append(out, g.entry())
	}
	if _, err := dec.Token(); err != nil { // the closing ]
		return nil, bad(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, bad(errors.New("data after the array"))
	}
	if len(out) == 0 {
		return nil, usagef("invalid --grid %s: no configurations", path)
	}
	return out, nil
}

// gridGiven is an entry of a --grid file: a JSON object with these
// fields, each optional; a field left out or null takes the default, so
// that a zero given explicitly can be refused (check).
type gridGiven struct {
	Activation *string  `json:"activation"`
	Order      *int     `json:"order"`
	Rules      *int     `json:"rules"`
	LR         *float64 `json:"lr"`
	Batch      *int     `json:"batch"`
}

// check refuses a field that g gives with a value outside its range that
// would otherwise read as missing (a zero means the default only where it
// is left out); the upper bounds are checked with the other flags.
func (g gridGiven) check() error {
	switch {
	case g.Activation != nil && strings.TrimSpace(*g.Activation) == "":
		return errors.New(`activation "": want polyclip, clip or relu`)
	case g.Order != nil && *g.Order < 1:
		return fmt.Errorf("order %d: want 1..%d", *g.Order, model.MaxOrder)
	case g.Rules != nil && *g.Rules < 1:
		return fmt.Errorf("rules %d: want 1..%d", *g.Rules, model.MaxRules)
	case g.LR != nil && !(*g.LR > 0):
		return fmt.Errorf("lr %g: want > 0", *g.LR)
	case g.Batch != nil && *g.Batch < 1:
		return fmt.Errorf("batch %d: want 1..%d", *g.Batch, train.MaxBatchSize)
	}
	return nil
}

// entry returns the configuration g gives, zero where it gives none.
func (g gridGiven) entry() gridEntry {
	var e gridEntry
	if g.Activation != nil {
		e.Activation = *g.Activation
	}
	if g.Order != nil {
		e.Order = *g.Order
	}
	if g.Rules != nil {
		e.Rules = *g.Rules
	}
	if g.LR != nil {
		e.LR = *g.LR
	}
	if g.Batch != nil {
		e.Batch = *g.Batch
	}
	return e
}

func (e gridEntry) String() string {
	return fmt.Sprintf("activation %s, order %d, rules %d, lr %g, batch %d", e.Activation, e.Order, e.Rules, e.LR, e.Batch)
}

// apply returns the fit options of e on top of base.
func (e gridEntry) apply(base fitOptions) fitOptions {
	o := base
	if e.Activation != "" {
		o.Model.Activation = strings.ToLower(e.Activation)
	}
	if e.Order != 0 {
		o.Model.Order = e.Order
	}
	if e.Rules != 0 {
		o.Model.Rules, o.Model.FixedRules = e.Rules, true
	}
	if e.LR != 0 {
		o.Train.LearningRate = e.LR
	}
	if e.Batch != 0 {
		o.Train.BatchSize = e.Batch
	}
	return o
}

// resolvedEntry is e with the defaults filled in, as printed.
func resolvedEntry(o fitOptions) gridEntry {
	mc, tc := o.Model.Resolved(), o.Train.Resolved()
	return gridEntry{Activation: mc.Activation, Order: mc.Order, Rules: mc.Rules, LR: tc.LearningRate, Batch: tc.BatchSize}
}

func newTuneCmd(ios *iostreams, runF func(context.Context, *tuneOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *tuneOptions) error { return runTune(ctx, o, ios) }
	}
	flags := dataFlags()
	flags = append(flags, categoricalFlag())
	flags = append(flags, binariseFlags()...)
	flags = append(flags,
		&cli.StringFlag{Name: "grid", Value: gridSmall, Usage: "configurations `GRID`: small (16), paper (the paper's, 726 before skipping) or a JSON FILE"},
		&cli.BoolFlag{Name: "nested", Usage: "also report the nested-CV estimate of picking the best configuration (Folds × Repeats times the fits again)", DisableDefaultText: true},
		&cli.IntFlag{Name: "folds", Aliases: []string{"k"}, Category: "Data", Value: 5, Usage: fmt.Sprintf("number of stratified folds `K`, 2..%d and at most the rows of the smallest class", train.MaxFolds)},
		&cli.IntFlag{Name: "repeats", Category: "Data", Value: 1, Usage: fmt.Sprintf("cross-validate on `N` independent stratified splits, 1..%d", evaluate.MaxRepeats)},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: 0, Usage: "fit `N` folds at a time (default 0: one per core); the result does not depend on it"},
		outputFormatFlag(formatText, formatCSVOut, formatJSON),
		outFlag("the results"),
		plotFlag("heatmaps of the mean macro-F1 over order × rules, a panel per learning rate and a row per activation,"))
	flags = append(flags, fitFlags()...)
	flags = append(flags, memoryBudgetFlag())
	flags = append(flags, shardFlags()...)
	flags = append(flags, verbosityFlags("one line per skipped configuration, and warnings")...)
	return leaf(&cli.Command{
		Name:      "tune",
		Usage:     "cross-validate a grid of configurations on the same folds, best first",
		UsageText: "hornetctl tune --data train.csv [--grid small|paper|FILE] [--nested] [--folds 5] [--repeats 1] [--jobs N] [--seed S] [--format text|csv|json] [--out FILE] [--plot FILE]",
		Description: "Every configuration of the grid is cross-validated as cv does, on the same stratified folds and with the same\n" +
			"seeds (--seed), and the results are printed best first by mean macro-F1 (ties: grid order). --grid small is\n" +
			"activation {polyclip, relu} × order {2, 3} × rules {32, 128} × lr {0.01, 0.05}; --grid paper is the paper's:\n" +
			"activation {polyclip, relu} × order {4, 8, …, 4096} × rules {4, 8, …, 4096} × lr {0.001, 0.01, 0.1}, batch 15;\n" +
			"--grid FILE is a JSON array of objects with fields activation, order, rules, lr and batch (a missing field\n" +
			"takes the default). The grid sets --activation, --order, --rules, --lr and --batch-size; the other training\n" +
			"flags (--epochs, --patience, ...) apply to every configuration. A configuration whose order exceeds the\n" +
			"feature columns (or 64), or whose estimated memory exceeds the budget, is skipped with a line on stderr.\n" +
			"The best score is optimistic: it is chosen on the folds it is scored on. --nested adds the nested-CV\n" +
			"estimate: in each outer training part the best configuration is picked by inner CV and scored on the outer\n" +
			"test fold. --plot draws the paper's Figure 8: the mean macro-F1 over order × rules, one heatmap per learning\n" +
			"rate and one row of them per activation (a cell shows the best of its configurations if batch sizes differ).\n" +
			"--shard I/N --results DIR runs only the units (configuration, repeat, fold) whose index is I mod N,\n" +
			"appending each to DIR/shard-I-of-N.jsonl; hornetctl merge DIR prints the table. --nested is not sharded:\n" +
			"its final fits depend on the inner scores.",
		Flags: flags,
		Action: func(c *cli.Context) error {
			o := &tuneOptions{Grid: c.String("grid"), Folds: c.Int("folds"), Repeats: c.Int("repeats"), Jobs: c.Int("jobs"),
				Nested: c.Bool("nested"), Out: c.String("out"), Plot: c.String("plot")}
			var err error
			if err = noArgs(c); err != nil {
				return err
			}
			if err = checkPlotFlag(o.Plot); err != nil {
				return err
			}
			if err = requireFlags(c, "data"); err != nil {
				return err
			}
			for _, name := range gridFlags {
				if c.IsSet(name) {
					return usagef("--%s is set by the grid: use a --grid FILE to choose it", name)
				}
			}
			if err = checkSplitFlags(o.Folds, o.Repeats, o.Jobs); err != nil {
				return err
			}
			if o.Format, err = readOutputFormat(c, formatText, formatCSVOut, formatJSON); err != nil {
				return err
			}
			if err = readFitInputs(c, ios.In, &o.Data, &o.Fit, &o.MemoryBudget, &o.Verbosity); err != nil {
				return err
			}
			if o.Shard, err = readShardFlags(c); err != nil {
				return err
			}
			if err = noShardReport(o.Shard, o.Out, o.Plot); err != nil {
				return err
			}
			if o.Nested && (o.Shard.sharded() || o.Shard.Results != "") {
				return usagef("--nested cannot be combined with --shard or --results: the final fit of each outer fold depends on the inner scores; run --nested unsharded, or shard the plain tune")
			}
			switch strings.ToLower(o.Grid) {
			case "":
				return usagef("invalid --grid \"\": want %s, %s or a JSON FILE", gridSmall, gridPaper)
			case "-":
				return notStdin("grid", o.Grid, "a grid is read")
			case gridSmall, gridPaper:
				o.Entries = builtinGrid(strings.ToLower(o.Grid))
			default:
				if o.Entries, err = readGridFile(o.Grid); err != nil {
					return err
				}
			}
			if fits := len(o.Entries) * o.Folds * o.Repeats; fits > evaluate.MaxUnits {
				return usagef("--grid %s: %d configurations × --folds %d × --repeats %d = %d fits; a tune runs at most %d", o.Grid, len(o.Entries), o.Folds, o.Repeats, fits, evaluate.MaxUnits)
			}
			for i, e := range o.Entries {
				f := e.apply(o.Fit)
				f.Model.Order = min(f.Model.Order, model.MaxOrder) // checked against the columns later
				if err := f.Model.Resolved().Validate(); err != nil {
					return usagef("invalid --grid entry %d (%s): %s", i+1, e, configMessage(err))
				}
				if err := f.Train.Resolved().Validate(); err != nil {
					return usagef("invalid --grid entry %d (%s): %s", i+1, e, configMessage(err))
				}
			}
			return runF(c.Context, o)
		},
	})
}

func runTune(ctx context.Context, o *tuneOptions, ios *iostreams) error {
	inputs := []flagPath{{"data", o.Data.file()}}
	if g := strings.ToLower(o.Grid); g != gridSmall && g != gridPaper {
		inputs = append(inputs, flagPath{"grid", o.Grid})
	}
	if err := checkOutput("out", o.Out, inputs...); err != nil {
		return err
	}
	if o.Plot != "" {
		if err := checkOutput("plot", o.Plot, append(inputs, flagPath{"out", o.Out})...); err != nil {
			return err
		}
	}
	tab, ds, err := readCVData(ctx, o.Data, o.Folds)
	if err != nil {
		return err
	}
	jobs := o.Jobs
	if jobs == 0 {
		jobs = procs.Workers()
	}
	if o.Verbosity == verbose {
		jobs = 1
	}
	warn := warnings(ios, o.Verbosity == quiet)
	var grid []evaluate.Candidate
	var skipped []skippedEntry
	for _, e := range o.Entries {
		f := e.apply(o.Fit)
		shown := resolvedEntry(f)
		var why string
		switch order := f.Model.Resolved().Order; {
		case order > model.MaxOrder:
			why = fmt.Sprintf("order %d above the model's limit of %d", order, model.MaxOrder)
		case order > ds.Cols:
			why = fmt.Sprintf("order %d above the %d feature columns", order, ds.Cols)
		default:
			if err := checkMemory(f, ds, min(jobs, o.Folds*o.Repeats), o.MemoryBudget); err != nil {
				why = err.Error()
			}
		}
		if why != "" {
			skipped = append(skipped, skippedEntry{shown, why})
			continue
		}
		grid = append(grid, evaluate.Candidate{Model: f.Model, Train: f.Train})
	}
	const maxSkipLines = 10
	for i, s := range skipped {
		if i == maxSkipLines {
			fmt.Fprintf(warn, "hornetctl tune: %d more configurations skipped (see --format json)\n", len(skipped)-maxSkipLines)
			break
		}
		fmt.Fprintf(warn, "hornetctl tune: skipped %s: %s\n", s.Entry, s.Reason)
	}
	if len(grid) == 0 {
		return usagef("no configuration of --grid %s applies to %s (%d skipped)", o.Grid, o.Data.Path, len(skipped))
	}
	log := newLogger(ios.Err, o.Verbosity)
	if o.Verbosity == normal {
		log.SetLevel(logrus.WarnLevel)
	}
	opts := &train.Options{Log: log}
	if o.Verbosity == verbose {
		opts.Recorder = newProgress(log, ios.Err, verbose, 0)
	}
	cfg := evaluate.TuneConfig{Grid: grid, Folds: o.Folds, Repeats: o.Repeats, Jobs: jobs, Seed: o.Fit.Train.Seed,
		Nested: o.Nested, Encoder: o.Data.encoderOptions(), Options: opts, Dataset: o.Data.Path}
	var res *evaluate.TuneResult
	if o.Nested { // not a work list: the final fits depend on the inner scores
		if tab != nil {
			res, err = evaluate.Tune(ctx, tab, cfg)
		} else {
			res, err = evaluate.TuneDataset(ctx, ds, cfg)
		}
	} else {
		res, err = tuneSweep(ctx, o, cfg, tab, ds, skipped, ios)
		if res == nil && err == nil { // a shard: merge prints the table
			return nil
		}
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			var ie *interrupted
			if errors.As(err, &ie) { // runSweep's, which says what was kept
				return ie
			}
			return &interrupted{fmt.Sprintf("tune interrupted: %v", err)}
		}
		return configError(err)
	}
	err = writeOutput(o.Out, ios.Out, func(w io.Writer) error {
		return writeTuneResult(w, warn, o.Format, o.Data.Path, o.Grid, res, skipped)
	})
	if err != nil || o.Plot == "" {
		return err
	}
	f, err := evaluate.TunePlot(res)
	if err != nil {
		return err
	}
	return evaluate.SaveFigure(f, o.Plot)
}

// tuneSweep runs tune's work list, all of it or a shard; a shard returns
// no result.
func tuneSweep(ctx context.Context, o *tuneOptions, cfg evaluate.TuneConfig, tab *data.Table, ds *data.Dataset, skipped []skippedEntry, ios *iostreams) (*evaluate.TuneResult, error) {
	var sw *evaluate.Sweep
	var err error
	if tab != nil {
		sw, cfg, err = evaluate.TuneSweep(tab, cfg)
	} else {
		sw, cfg, err = evaluate.TuneSweepDataset(ds, cfg)
	}
	if err != nil {
		return nil, err
	}
	spec := &sweepSpec{Command: cmdTune, Tune: &tuneSpec{Data: dataSpecOf(o.Data, tab, ds), Grid: o.Grid, Folds: cfg.Folds,
		Repeats: cfg.Repeats, Seed: cfg.Seed, Candidates: cfg.Grid, Skipped: skipped}}
	inputs := dataInputs(o.Data)
	if g := strings.ToLower(o.Grid); g != gridSmall && g != gridPaper {
		inputs = append(inputs, flagPath{"grid", o.Grid})
	}
	if !stdout(o.Out) {
		inputs = append(inputs, flagPath{"out", o.Out})
	}
	if o.Plot != "" {
		inputs = append(inputs, flagPath{"plot", o.Plot}) // --results must not be it either
	}
	start := time.Now()
	results, err := runSweep(ctx, o.Shard, sweepRun{Spec: spec, Sweep: sw, Jobs: cfg.Jobs, Inputs: inputs}, ios,
		warnings(ios, o.Verbosity == quiet), o.Verbosity == normal)
	if err != nil || results == nil {
		return nil, err
	}
	res, err := evaluate.TuneReduce(cfg.Grid, cfg.Folds, cfg.Repeats, cfg.Seed, results)
	if err != nil {
		return nil, err
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// writeTuneResult prints the table of tune in format (text, csv or json);
// a line about the nested estimate that CSV cannot hold goes to warn.
func writeTuneResult(w, warn io.Writer, format, path, grid string, res *evaluate.TuneResult, skipped []skippedEntry) error {
	switch format {
	case formatJSON:
		return writeTuneJSON(w, path, grid, res, skipped)
	case formatCSVOut:
		if res.Nested != nil {
			fmt.Fprintf(warn, "hornetctl tune: nested-CV estimate: macro-F1 %.4f ± %.4f (best configuration above: %.4f, optimistic)\n",
				res.Nested.MacroF1Mean, res.Nested.MacroF1Std, res.Scores[0].MacroF1Mean)
		}
		return writeTuneCSV(w, res)
	}
	return writeTuneText(w, path, grid, res, len(skipped))
}

// skippedEntry is a configuration that tune did not run, and why.
type skippedEntry struct {
	Entry  gridEntry
	Reason string
}

func writeTuneJSON(w io.Writer, path, grid string, res *evaluate.TuneResult, skipped []skippedEntry) error {
	type skip struct {
		gridEntry
		Reason string `json:"reason"`
	}
	sk := make([]skip, 0, len(skipped))
	for _, s := range skipped {
		sk = append(sk, skip{s.Entry, s.Reason})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Data string `json:"data"`
		Grid string `json:"grid"`
		*evaluate.TuneResult
		Skipped []skip `json:"skipped"`
	}{path, grid, res, sk})
}

func writeTuneCSV(w io.Writer, res *evaluate.TuneResult) error {
	cw := csv.NewWriter(w)
	ftoa := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	cw.Write([]string{"activation", "order", "rules", "lr", "batch", "macro_f1_mean", "macro_f1_std", "accuracy_mean", "seconds"})
	for _, s := range res.Scores {
		cw.Write([]string{s.Activation, strconv.Itoa(s.Order), strconv.Itoa(s.Rules), ftoa(s.LearningRate), strconv.Itoa(s.Batch),
			ftoa(s.MacroF1Mean), ftoa(s.MacroF1Std), ftoa(s.AccuracyMean), strconv.FormatFloat(s.Seconds, 'f', 3, 64)})
	}
	cw.Flush()
	return cw.Error()
}

func writeTuneText(w io.Writer, path, grid string, res *evaluate.TuneResult, skipped int) error {
	cv := fmt.Sprintf("%d-fold", res.K)
	if res.Repeats > 1 {
		cv = fmt.Sprintf("%d × %d-fold", res.Repeats, res.K)
	}
	fmt.Fprintf(w, "%d configurations of --grid %s, %s cross-validation of %s (seed %d)", len(res.Scores), grid, cv, path, res.Seed)
	if skipped > 0 {
		fmt.Fprintf(w, ", %d skipped", skipped)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "rank\tactivation\torder\trules\tlr\tbatch\tmacro-F1\taccuracy\tseconds")
	for i, s := range res.Scores {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%g\t%d\t%.4f ± %.4f\t%.4f\t%.1f\n", i+1, s.Activation, s.Order, s.Rules, s.LearningRate, s.Batch,
			s.MacroF1Mean, s.MacroF1Std, s.AccuracyMean, s.Seconds)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	gridSeconds := res.Seconds // the grid's cross-validations, without the nested estimate
	if res.Nested != nil {
		gridSeconds -= res.Nested.Seconds
	}
	fmt.Fprintf(w, "best macro-F1 %.4f: optimistic, the configuration is chosen on the folds it is scored on (%.1fs)\n", res.Scores[0].MacroF1Mean, gridSeconds)
	if n := res.Nested; n != nil {
		_, err := fmt.Fprintf(w, "nested-CV estimate: macro-F1 %.4f ± %.4f, accuracy %.4f over %d outer folds (%.1fs)\n",
			n.MacroF1Mean, n.MacroF1Std, n.AccuracyMean, len(n.Folds), n.Seconds)
		return err
	}
	return nil
}
