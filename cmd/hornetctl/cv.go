// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/internal/procs"
	"github.com/hornets-go/hornets/train"
)

// cvOptions are the inputs of hornetctl cv.
type cvOptions struct {
	Data      dataOptions
	Folds     int
	Repeats   int // --repeats: independent stratified splits
	Jobs      int // --jobs: units fitted at a time; 0 means every core
	Fit       fitOptions
	Format    string
	Verbosity verbosity
	// MemoryBudget is the most memory, in bytes, that the folds trained at
	// a time may be estimated to need (--memory-budget-mb); 0 means the default.
	MemoryBudget int64
	Shard        shardOptions // --shard, --results, --resume
	Out          string       // --out: the table's file; "" or "-" for stdout
}

func newCVCmd(ios *iostreams, runF func(context.Context, *cvOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *cvOptions) error { return runCV(ctx, o, ios) }
	}
	flags := dataFlags()
	flags = append(flags, categoricalFlag())
	flags = append(flags, binariseFlags()...)
	flags = append(flags,
		&cli.IntFlag{Name: "folds", Aliases: []string{"k"}, Category: "Data", Value: 5, Usage: fmt.Sprintf("number of stratified folds `K`, 2..%d and at most the rows of the smallest class", train.MaxFolds)},
		&cli.IntFlag{Name: "repeats", Category: "Data", Value: 1, Usage: fmt.Sprintf("repeat the cross-validation on `N` independent stratified splits, 1..%d", evaluate.MaxRepeats)},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: 0, Usage: "fit `N` folds at a time (default 0: one per core); the result does not depend on it"},
		outputFormatFlag(), outFlag("the table"))
	flags = append(flags, fitFlags()...)
	flags = append(flags, memoryBudgetFlag())
	flags = append(flags, shardFlags()...)
	flags = append(flags, verbosityFlags("warnings and errors")...)
	return leaf(&cli.Command{
		Name:      "cv",
		Usage:     "cross-validate the model and training settings on a labelled table",
		UsageText: "hornetctl cv --data train.csv [--folds 5] [--repeats 1] [--jobs N] [--format text|json] [--out FILE] [--epochs N] [--seed 0]",
		Description: "Repeated stratified k-fold cross-validation: each fold is predicted by a model trained on the other folds,\n" +
			"with the same flags as train. Each of --repeats splits is drawn afresh from --seed; fold f of repeat r\n" +
			"trains with seed + r·k + f (the first repeat: seed+f). The CSV encoder is fitted on each training fold\n" +
			"only (each column keeping its kind on the whole file), so a category seen only in the held-out fold is\n" +
			"unseen there. Prints per-fold accuracy and macro-F1,\n" +
			"and their mean ± sample standard deviation over all folds of all repeats. --jobs folds train at a time;\n" +
			"the result does not depend on it. By default only warnings are logged; --verbose logs each fold's training.\n" +
			"--shard I/N --results DIR runs only the units (repeat, fold) whose index is I mod N, appending each to\n" +
			"DIR/shard-I-of-N.jsonl; hornetctl merge DIR prints the table. --results FILE --resume continues a run.",
		Flags: flags,
		Action: func(c *cli.Context) error {
			o := &cvOptions{Folds: c.Int("folds"), Repeats: c.Int("repeats"), Jobs: c.Int("jobs"), Out: c.String("out")}
			var err error
			if err = noArgs(c); err != nil {
				return err
			}
			if err = requireFlags(c, "data"); err != nil {
				return err
			}
			if err = checkSplitFlags(o.Folds, o.Repeats, o.Jobs); err != nil {
				return err
			}
			if o.Format, err = readOutputFormat(c); err != nil {
				return err
			}
			if err = readFitInputs(c, ios.In, &o.Data, &o.Fit, &o.MemoryBudget, &o.Verbosity); err != nil {
				return err
			}
			if o.Shard, err = readShardFlags(c); err != nil {
				return err
			}
			if err = noShardReport(o.Shard, o.Out, ""); err != nil {
				return err
			}
			return runF(c.Context, o)
		},
	})
}

func runCV(ctx context.Context, o *cvOptions, ios *iostreams) error {
	if err := checkOutput("out", o.Out, flagPath{"data", o.Data.file()}); err != nil {
		return err
	}
	tab, ds, err := readCVData(ctx, o.Data, o.Folds)
	if err != nil {
		return err
	}
	if o.Fit.OrderSet && o.Fit.Model.Order > ds.Cols {
		return usagef("invalid --order %d: larger than the %d feature columns of %s", o.Fit.Model.Order, ds.Cols, o.Data.Path)
	}
	jobs := o.Jobs
	if jobs == 0 {
		jobs = procs.Workers()
	}
	if o.Verbosity == verbose {
		jobs = 1 // one progress recorder
	}
	if err := checkMemory(o.Fit, ds, min(jobs, o.Folds*o.Repeats), o.MemoryBudget); err != nil {
		return err
	}
	log := newLogger(ios.Err, o.Verbosity)
	if o.Verbosity == normal {
		log.SetLevel(logrus.WarnLevel)
	}
	opts := &train.Options{Log: log}
	if o.Verbosity == verbose {
		opts.Recorder = newProgress(log, ios.Err, verbose, 0)
	}
	cfg := evaluate.CVConfig{Folds: o.Folds, Repeats: o.Repeats, Jobs: jobs, Model: o.Fit.Model, Train: o.Fit.Train,
		Encoder: o.Data.encoderOptions(), Options: opts, Dataset: o.Data.Path}
	var sw *evaluate.Sweep
	if tab != nil {
		sw, cfg, err = evaluate.CVSweep(tab, cfg)
	} else {
		sw, cfg, err = evaluate.CVSweepDataset(ds, cfg)
	}
	if err != nil {
		return configError(err)
	}
	spec := &sweepSpec{Command: cmdCV, CV: &cvSpec{Data: dataSpecOf(o.Data, tab, ds), Folds: cfg.Folds, Repeats: cfg.Repeats,
		Seed: cfg.Train.Seed, Model: o.Fit.Model, Train: o.Fit.Train}}
	inputs := dataInputs(o.Data) // and the outputs: --results must be none of them
	if !stdout(o.Out) {
		inputs = append(inputs, flagPath{"out", o.Out})
	}
	start := time.Now()
	results, err := runSweep(ctx, o.Shard, sweepRun{Spec: spec, Sweep: sw, Jobs: jobs, Inputs: inputs}, ios,
		warnings(ios, o.Verbosity == quiet), o.Verbosity == normal)
	if err != nil || results == nil {
		return err
	}
	res, err := evaluate.CVReduce(cfg.Folds, cfg.Repeats, cfg.Train.Seed, results)
	if err != nil {
		return err
	}
	res.Seconds = time.Since(start).Seconds()
	return writeOutput(o.Out, ios.Out, func(w io.Writer) error { return writeCVResult(w, o.Format, o.Data.Path, res) })
}

// writeCVResult prints the table of cv, as text or JSON.
func writeCVResult(w io.Writer, format, path string, res *evaluate.CVResult) error {
	if format == formatJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Data string `json:"data"`
			*evaluate.CVResult
		}{path, res})
	}
	return writeCVText(w, path, res)
}

// dataSpecOf describes the table of cv and tune for the sweep's spec.
func dataSpecOf(o dataOptions, tab *data.Table, ds *data.Dataset) dataSpec {
	d := dataSpec{Path: o.Path, Format: o.Format, Label: o.Label, Categorical: o.Categorical, Binarise: o.Binarise, NoBinarise: o.NoBinarise, Steps: o.Steps}
	if tab != nil {
		d.SHA256 = tableHash(tab)
	} else {
		d.SHA256 = datasetHash(ds)
	}
	return d
}

// dataInputs is --data as an input that --results must not be.
func dataInputs(o dataOptions) []flagPath {
	if o.Stdin != nil {
		return nil
	}
	return []flagPath{{"data", o.Path}}
}

func writeCVText(w io.Writer, path string, res *evaluate.CVResult) error {
	if res.Repeats > 1 {
		fmt.Fprintf(w, "%d × %d-fold cross-validation of %s\n", res.Repeats, res.K, path)
	} else {
		fmt.Fprintf(w, "%d-fold cross-validation of %s\n", res.K, path)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	rules := res.RuleFidelityMean != nil
	header := "fold\trows\taccuracy\tmacro-F1"
	if res.Repeats > 1 {
		header = "repeat\t" + header
	}
	if rules {
		header += "\trule fidelity"
	}
	fmt.Fprintln(tw, header)
	for _, f := range res.Folds {
		if res.Repeats > 1 {
			fmt.Fprintf(tw, "%d\t", f.Repeat)
		}
		fmt.Fprintf(tw, "%d\t%d\t%.4f\t%.4f", f.Fold, f.Rows, f.Accuracy, f.MacroF1)
		if rules {
			fmt.Fprintf(tw, "\t%.4f", *f.RuleFidelity)
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "accuracy %.4f ± %.4f, macro-F1 %.4f ± %.4f (mean ± std over %d folds, %.1fs)\n",
		res.AccuracyMean, res.AccuracyStd, res.MacroF1Mean, res.MacroF1Std, len(res.Folds), res.Seconds)
	if rules {
		_, err := fmt.Fprintf(w, "rule fidelity %.4f: on the held-out rows the rules by hand give the network's prediction that often (mean over folds)\n", *res.RuleFidelityMean)
		return err
	}
	return nil
}

// readCVData reads the table of cv and tune: the CSV table (nil for
// LibSVM) and the whole file encoded, only to check the flags against its
// shape (each fold fits its own encoder), and refuses more folds than the
// smallest class has rows, as a usage error.
func readCVData(ctx context.Context, o dataOptions, folds int) (*data.Table, *data.Dataset, error) {
	var tab *data.Table
	var ds *data.Dataset
	var err error
	if o.Format == formatLibSVM {
		ds, _, err = loadTraining(ctx, o)
	} else if tab, err = readCSVTable(ctx, o); err == nil {
		var enc *data.Encoder
		if enc, err = data.FitEncoder(tab, o.encoderOptions()); err == nil {
			ds, _, err = enc.Transform(tab)
		}
		err = inputError(err) // one-hot encoding past the cells limit names the flag
	}
	if err != nil {
		return nil, nil, err
	}
	if err := train.CheckFolds(ds, folds); err != nil {
		var fe *train.FoldsError
		if errors.As(err, &fe) {
			return nil, nil, foldsUsage(fe, o.Path)
		}
		return nil, nil, usagef("invalid --folds %d: %s", folds, configMessage(err))
	}
	return tab, ds, nil
}

// foldsUsage words a class too small for the folds as a usage error of
// --folds naming the file.
func foldsUsage(fe *train.FoldsError, path string) error {
	if fe.Rows < 2 {
		return usagef("invalid --folds %d: class %q of %s has %d row; cross-validation needs at least 2 rows of every class",
			fe.Folds, fe.Class, path, fe.Rows)
	}
	return usagef("invalid --folds %d: class %q of %s has %d rows, fewer than the %d folds; use --folds %d or fewer",
		fe.Folds, fe.Class, path, fe.Rows, fe.Folds, fe.Rows)
}

// checkSplitFlags checks the --folds, --repeats and --jobs of cv and tune.
func checkSplitFlags(folds, repeats, jobs int) error {
	switch {
	case folds < 2 || folds > train.MaxFolds:
		return usagef("invalid --folds %d: want 2..%d", folds, train.MaxFolds)
	case repeats < 1 || repeats > evaluate.MaxRepeats:
		return usagef("invalid --repeats %d: want 1..%d", repeats, evaluate.MaxRepeats)
	case jobs < 0:
		return usagef("invalid --jobs %d: want 1 or more, or 0 for one per core", jobs)
	}
	return nil
}
