// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"text/tabwriter"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/train"
)

// cvOptions are the inputs of hornetctl cv.
type cvOptions struct {
	Data      dataOptions
	Folds     int
	Fit       fitOptions
	Format    string
	Verbosity verbosity
	// MemoryBudget is the most memory, in bytes, that the folds trained at
	// a time may be estimated to need (--memory-budget-mb); 0 means the default.
	MemoryBudget int64
}

func newCVCmd(ios *iostreams, runF func(context.Context, *cvOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *cvOptions) error { return runCV(ctx, o, ios) }
	}
	flags := dataFlags("")
	flags = append(flags, categoricalFlag())
	flags = append(flags,
		&cli.IntFlag{Name: "folds", Aliases: []string{"k"}, Category: "Data", Value: 5, Usage: fmt.Sprintf("number of stratified folds `K`, 2..%d and at most the rows of the smallest class", train.MaxFolds)},
		outputFormatFlag())
	flags = append(flags, fitFlags()...)
	flags = append(flags, memoryBudgetFlag())
	flags = append(flags, verbosityFlags("warnings and errors")...)
	return leaf(&cli.Command{
		Name:      "cv",
		Usage:     "cross-validate the model and training settings on a labelled table",
		UsageText: "hornetctl cv --data train.csv [--folds 5] [--format text|json] [--epochs 300] [--seed 0]",
		Description: "Stratified k-fold cross-validation: each fold is predicted by a model trained on the other folds,\n" +
			"with the same flags as train. The folds come from --seed; fold i trains with seed+i. The encoder is fitted\n" +
			"on the whole file. Prints per-fold accuracy and macro-F1, and their mean ± standard deviation. By default\n" +
			"only warnings are logged; --verbose logs each fold's training.",
		Flags: flags,
		Action: func(c *cli.Context) error {
			o := &cvOptions{Folds: c.Int("folds")}
			var err error
			if err = noArgs(c); err != nil {
				return err
			}
			if err = requireFlags(c, "data"); err != nil {
				return err
			}
			if o.Folds < 2 || o.Folds > train.MaxFolds {
				return usagef("invalid --folds %d: want 2..%d", o.Folds, train.MaxFolds)
			}
			if o.Format, err = readOutputFormat(c); err != nil {
				return err
			}
			if o.Data, err = readDataFlags(c); err != nil {
				return err
			}
			if o.Fit, err = readFitFlags(c); err != nil {
				return err
			}
			if o.MemoryBudget, err = readMemoryBudget(c); err != nil {
				return err
			}
			if o.Verbosity, err = readVerbosity(c); err != nil {
				return err
			}
			return runF(c.Context, o)
		},
	})
}

func runCV(ctx context.Context, o *cvOptions, ios *iostreams) error {
	ds, _, err := loadTraining(ctx, o.Data)
	if err != nil {
		return err
	}
	if o.Fit.OrderSet && o.Fit.Model.Order > ds.Cols {
		return usagef("invalid --order %d: larger than the %d feature columns of %s", o.Fit.Model.Order, ds.Cols, o.Data.Path)
	}
	if err := train.CheckFolds(ds, o.Folds); err != nil {
		var fe *train.FoldsError
		switch {
		case errors.As(err, &fe) && fe.Rows < 2:
			return usagef("invalid --folds %d: class %q of %s has %d row; cross-validation needs at least 2 rows of every class",
				o.Folds, fe.Class, o.Data.Path, fe.Rows)
		case errors.As(err, &fe):
			return usagef("invalid --folds %d: class %q of %s has %d rows, fewer than the %d folds; use --folds %d or fewer",
				o.Folds, fe.Class, o.Data.Path, fe.Rows, o.Folds, fe.Rows)
		}
		return usagef("invalid --folds %d: %s", o.Folds, configMessage(err))
	}
	// The folds train in parallel (see train.CrossValidate), one at a
	// time with a progress recorder.
	fits := min(o.Folds, runtime.GOMAXPROCS(0))
	if o.Verbosity == verbose {
		fits = 1
	}
	if err := checkMemory(o.Fit, ds, fits, o.MemoryBudget); err != nil {
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
	start := time.Now()
	res, err := train.CrossValidate(ctx, ds, o.Folds, o.Fit.Model, o.Fit.Train, opts)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return &interrupted{fmt.Sprintf("cross-validation interrupted: %v", err)}
		}
		return configError(err)
	}
	if o.Format == formatJSON {
		enc := json.NewEncoder(ios.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Data  string `json:"data"`
			Folds int    `json:"k"`
			*train.CVResult
			Seconds float64 `json:"seconds"`
		}{o.Data.Path, o.Folds, res, time.Since(start).Seconds()})
	}
	return writeCVText(ios.Out, o, res, time.Since(start))
}

func writeCVText(w io.Writer, o *cvOptions, res *train.CVResult, took time.Duration) error {
	fmt.Fprintf(w, "%d-fold cross-validation of %s\n", o.Folds, o.Data.Path)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	rules := res.RuleFidelity != nil
	header := "fold\trows\taccuracy\tmacro-F1"
	if rules {
		header += "\trule fidelity"
	}
	fmt.Fprintln(tw, header)
	for i, m := range res.Folds {
		fmt.Fprintf(tw, "%d\t%d\t%.4f\t%.4f", i+1, m.Rows, m.Accuracy, m.MacroF1)
		if rules {
			fmt.Fprintf(tw, "\t%.4f", res.RuleFidelity[i])
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "accuracy %.4f ± %.4f, macro-F1 %.4f ± %.4f (mean ± std over %d folds, %.1fs)\n",
		res.MeanAcc, res.StdAcc, res.MeanMacroF1, res.StdMacroF1, len(res.Folds), took.Seconds())
	if rules {
		_, err := fmt.Fprintf(w, "rule fidelity %.4f: on the held-out rows the rules by hand give the network's prediction that often (mean over folds)\n", res.MeanRuleFidelity)
		return err
	}
	return nil
}
