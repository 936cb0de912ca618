// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/sirupsen/logrus"
	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// trainOptions are the inputs of hornetctl train.
type trainOptions struct {
	Data      dataOptions
	ModelPath string // --out
	PlotPath  string // --plot: the loss per epoch, PNG, SVG or PDF by extension; "" for none
	Fit       fitOptions
	Verbosity verbosity
	Format    string // text or json: the summary line
	// MemoryBudget is the most memory, in bytes, that training may be
	// estimated to need (--memory-budget-mb); 0 means the default.
	MemoryBudget int64
}

func newTrainCmd(ios *iostreams, runF func(context.Context, *trainOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *trainOptions) error { return runTrain(ctx, o, ios) }
	}
	flags := dataFlags()
	flags = append(flags, categoricalFlag())
	flags = append(flags, binariseFlags()...)
	flags = append(flags, &cli.StringFlag{Name: "out", Aliases: []string{"o"}, Category: "Output", Usage: "write the model to `MODEL` (required; a regular file is replaced atomically, a symlink's target is replaced, a device or FIFO is written in place)"})
	flags = append(flags, outputFormatFlag())
	flags = append(flags, plotFlag("the training (and validation) loss per epoch"))
	flags = append(flags, fitFlags()...)
	flags = append(flags, memoryBudgetFlag())
	flags = append(flags, verbosityFlags("a line every 10 epochs, or a progress bar on a terminal")...)
	return leaf(&cli.Command{
		Name:      "train",
		Usage:     "train a model on a labelled table and save it",
		UsageText: "hornetctl train --data train.csv --out model.json [--label NAME] [--data-format csv|libsvm] [--format text|json] [--epochs N] [--seed 0]",
		Description: "Reads the table (CSV with a header, plain or gzip; or LibSVM), encodes it (numeric columns as numbers,\n" +
			"a two-valued one as 0/1; other columns one-hot), trains, and saves the network with its encoder. Logs go\n" +
			"to stderr: a progress bar on a terminal, else a line every 10 epochs. The summary goes to stdout. On Ctrl-C the\n" +
			"best model so far is saved and the exit code is 130. A hyper-parameter flag that is not given takes the default\n" +
			"shown. --format json prints the summary as one JSON object (status, epochs, best_epoch, best_loss, route,\n" +
			"seconds, training_accuracy, model).",
		Flags: flags,
		Action: func(c *cli.Context) error {
			o := &trainOptions{ModelPath: c.String("out"), PlotPath: c.String("plot")}
			var err error
			if err = noArgs(c); err != nil {
				return err
			}
			if err = checkPlotFlag(o.PlotPath); err != nil {
				return err
			}
			if err = requireFlags(c, "data", "out"); err != nil {
				return err
			}
			if o.ModelPath == "-" {
				return usagef("invalid --out -: a model is written to a file, not to stdout")
			}
			if o.Format, err = readOutputFormat(c); err != nil {
				return err
			}
			if err = readFitInputs(c, ios.In, &o.Data, &o.Fit, &o.MemoryBudget, &o.Verbosity); err != nil {
				return err
			}
			return runF(c.Context, o)
		},
	})
}

// runTrain trains, saves the model and prints the summary line.
func runTrain(ctx context.Context, o *trainOptions, ios *iostreams) error {
	if o.PlotPath != "" {
		if err := checkOutput("plot", o.PlotPath, flagPath{"data", o.Data.file()}, flagPath{"out", o.ModelPath}); err != nil {
			return err
		}
	}
	b, res, err := trainModel(ctx, o, ios)
	if err != nil {
		return err
	}
	if err := b.Save(o.ModelPath); err != nil {
		return err
	}
	if o.PlotPath != "" {
		p, err := evaluate.LossPlot(res.History)
		if err != nil {
			return err
		}
		if err := evaluate.SavePlot(p, o.PlotPath); err != nil {
			return fmt.Errorf("--plot: %w (the model was saved to %s)", err, o.ModelPath)
		}
	}
	if res.Status == train.Canceled {
		return &interrupted{fmt.Sprintf("training interrupted after %d epochs; the best model so far (epoch %d, loss %.4g) was saved to %s",
			res.Epochs, res.BestEpoch, res.BestLoss, o.ModelPath)}
	}
	ds := res.trainSet
	pred, err := b.Network.Predict(ds.X, ds.Rows)
	if err != nil {
		return err
	}
	m, err := train.Evaluate(ds.Y, pred, ds.Classes)
	if err != nil {
		return err
	}
	if o.Format == formatJSON {
		enc := json.NewEncoder(ios.Out)
		enc.SetIndent("", "  ")
		sum := trainSummary{Status: res.Status.String(), Epochs: res.Epochs, BestEpoch: res.BestEpoch, BestLoss: res.BestLoss,
			Route: res.Route.String(), Seconds: res.Duration.Seconds(), TrainingAccuracy: m.Accuracy, Model: o.ModelPath}
		if res.Optimum != nil {
			sum.ContinuousFit, sum.AdamPenalisedLoss, sum.OptimumLoss = string(res.Config.ContinuousFit), &res.Optimum.NetworkLoss, &res.Optimum.Loss
		}
		sum.LastKept = res.LastKept
		if h := res.Halves; h != nil {
			sum.InputHalves, sum.HeldOutLossBoth, sum.HeldOutLossValues = h.Chosen.String(), &h.BothLoss, &h.ValuesLoss
			sum.L2Scale, sum.HeldOutLossChosen, sum.ClassWeightPower = &h.L2Scale, &h.ChosenLoss, &h.ClassWeightPower
			sum.WeakerScales = h.WeakerScales
			if h.SparseK > 0 {
				sum.SparseColumns = &h.SparseK
			}
			if h.Stack != nil {
				sum.Stack, sum.HeldOutLossStack = h.Stack, &h.StackLoss
			}
			if h.Chosen == model.ValuesHalf { // the layer is the optimum alone, not averaged with Adam's
				sum.AdamPenalisedLoss = nil
			}
		}
		if b := res.Boundaries; b != nil {
			sum.ClassWeightPower = &b.ClassWeightPower
		}
		sum.RouteCheck, sum.TupleCheck, sum.WeightCheck, sum.ClassWeights = res.Routes, res.Tuples, res.Weights, res.ClassWeights
		return enc.Encode(sum)
	}
	_, err = fmt.Fprintf(ios.Out, "%s: %d epochs (best %d, loss %.4g%s), %s route%s, %.2fs; training accuracy %.4f; model saved to %s\n",
		res.Status, res.Epochs, res.BestEpoch, res.BestLoss, lastKeptNote(res.Result), res.Route, routesNote(res.Result)+optimumNote(res.Result)+boundariesNote(res.Result)+tuplesNote(res.Result)+weightsNote(res.Result), res.Duration.Seconds(), m.Accuracy, o.ModelPath)
	return err // a write error (a full disk): the model is saved, the summary lost
}

// lastKeptNote says, when training kept its last network, which epoch's
// it passed over and why (train.Result.LastKept).
func lastKeptNote(res *train.Result) string {
	k := res.LastKept
	if k == nil {
		return ""
	}
	return fmt.Sprintf("; the last network kept over epoch %d's: training loss %.4g against %.4g", k.BestEpoch, k.LastLoss, k.BestEpochLoss)
}

// boundariesNote says where a categorical fit's inner check moved its
// decision boundaries (train.Result.Boundaries).
func boundariesNote(res *train.Result) string {
	b := res.Boundaries
	if b == nil || b.ClassWeightPower == 1 {
		return ""
	}
	return fmt.Sprintf(" (decision boundaries of the class weights to the power %g, by inner %d-fold held-out predictions)", b.ClassWeightPower, b.Folds)
}

// tuplesNote says where a categorical fit's tuple check kept the best
// rule tuple alone (train.Result.Tuples), and whether by the
// one-standard-error rule.
func tuplesNote(res *train.Result) string {
	t := res.Tuples
	if t == nil || t.Kept == t.Tuples {
		return ""
	}
	rule := ""
	if t.Parsimony {
		rule = ", within one standard error"
	}
	return fmt.Sprintf(" (the best of %d rule tuples alone, by inner %d×%d-fold held-out predictions: %d gained, %d lost%s)", t.Tuples, t.Repeats, t.Folds, t.Gained, t.Lost, rule)
}

// routesNote says where the route check sent a table of 0/1 features to
// the linear route (train.Result.Routes).
func routesNote(res *train.Result) string {
	r := res.Routes
	if r == nil || !r.Linear {
		return ""
	}
	return fmt.Sprintf(" (a table of 0/1 features on the linear route, by inner %d×%d-fold held-out predictions: %d gained, %d lost)", r.Repeats, r.Folds, r.Gained, r.Lost)
}

// weightsNote says where a categorical fit's weight check chose equal
// class weights (train.Result.Weights).
func weightsNote(res *train.Result) string {
	w := res.Weights
	if w == nil || !w.Equal {
		return ""
	}
	return fmt.Sprintf(" (equal class weights, by inner %d×%d-fold held-out predictions: %d gained, %d lost)", w.Repeats, w.Folds, w.Gained, w.Lost)
}

// encodingChoice says what the encoding check chose: the numbers, or the
// continuous columns binarised at their quartiles and the codes among them
// one-hot (naming at most five).
func encodingChoice(check *train.EncodingCheck) string {
	if check.Steps {
		return fmt.Sprintf("added steps at their training quartiles to the %d (each a number and up to three 0/1 thresholds, x>q, on the continuous route: held-out loss %.4g against %.4g as numbers, standard error %.2g)",
			check.Continuous, check.StepsLoss, check.NumbersLoss, check.StepsStdErr)
	}
	if !check.Binarised {
		return "kept them numbers"
	}
	var parts []string
	if n := check.Continuous - len(check.OneHot); n > 0 {
		parts = append(parts, fmt.Sprintf("binarised %d at their training quartiles", n))
	}
	if len(check.OneHot) > 0 {
		names := strings.Join(check.OneHot[:min(len(check.OneHot), 5)], ", ")
		if len(check.OneHot) > 5 {
			names += ", ..."
		}
		parts = append(parts, fmt.Sprintf("one-hot encoded the %d of at most %d values (%s)", len(check.OneHot), train.EncodingCodeValues, names))
	}
	return strings.Join(parts, " and ") + ", so that the categorical route can find interactions"
}

// optimumNote says how the continuous output layer was finished, when
// it was moved toward the penalised optimum (train.Config.ContinuousFit).
func optimumNote(res *train.Result) string {
	if h := res.Halves; h != nil && h.SparseK > 0 {
		penalty := ""
		if h.L2Scale != 1 {
			penalty = fmt.Sprintf(" at %g times the L2 penalty", h.L2Scale)
		}
		return fmt.Sprintf(" (output layer: the fit over the %d columns of largest F statistic%s, --no-sparse weighs every column; inner %d-fold held-out loss %.4g, %.4g with every column)",
			h.SparseK, penalty, h.Folds, h.ChosenLoss, h.BothLoss)
	}
	if h := res.Halves; h != nil && h.Stack != nil {
		members := make([]string, len(h.Stack))
		for i, m := range h.Stack {
			half := "with the rows' direction"
			if m.Halves == model.ValuesHalf.String() {
				half = "values alone"
			}
			members[i] = fmt.Sprintf("%.3g × %s at %g times the L2 penalty", m.Weight, half, m.L2Scale)
		}
		return fmt.Sprintf(" (output layer: a stack of %d optima, %s, weighed by their inner %d-fold held-out logits; held-out loss %.4g stacked, %.4g chosen, %.4g with the rows' direction at the configured penalty)",
			len(h.Stack), strings.Join(members, ", "), h.Folds, h.StackLoss, h.ChosenLoss, h.BothLoss)
	}
	if res.Optimum == nil {
		return ""
	}
	check, penalty := "", ""
	if h := res.Halves; h != nil {
		check = fmt.Sprintf("; inner %d-fold held-out loss %.4g with the rows' direction, %.4g without", h.Folds, h.BothLoss, h.ValuesLoss)
		if h.L2Scale != 1 {
			penalty = fmt.Sprintf(" at %g times the L2 penalty", h.L2Scale)
			check += fmt.Sprintf(", %.4g as chosen", h.ChosenLoss)
		}
		if h.ClassWeightPower != 1 {
			check += fmt.Sprintf("; decision boundaries of the class weights to the power %g, by held-out macro-F1", h.ClassWeightPower)
		}
		if h.Chosen == model.ValuesHalf {
			return fmt.Sprintf(" (output layer at the optimum over the standardised values alone%s: penalised loss %.4g%s)", penalty, res.Optimum.Loss, check)
		}
	}
	how := "averaged with the optimum"
	if res.Config.ContinuousFit == train.FitOptimum {
		how = "at the optimum"
	}
	return fmt.Sprintf(" (output layer %s%s: penalised loss %.4g at Adam's weights, %.4g there%s)", how, penalty, res.Optimum.NetworkLoss, res.Optimum.Loss, check)
}

// trainSummary is the JSON form of train's summary line.
type trainSummary struct {
	Status           string  `json:"status"`
	Epochs           int     `json:"epochs"`
	BestEpoch        int     `json:"best_epoch"`
	BestLoss         float64 `json:"best_loss"`
	Route            string  `json:"route"`
	Seconds          float64 `json:"seconds"`
	TrainingAccuracy float64 `json:"training_accuracy"`
	Model            string  `json:"model"`
	// ContinuousFit, AdamPenalisedLoss and OptimumLoss: how the
	// continuous output layer was finished and the penalised loss at
	// Adam's weights (not when the values half was chosen) and at the
	// optimum, when it was moved toward it.
	ContinuousFit     string   `json:"continuous_fit,omitempty"`
	AdamPenalisedLoss *float64 `json:"adam_penalised_loss,omitempty"`
	OptimumLoss       *float64 `json:"optimum_loss,omitempty"`
	// LastKept: training kept its last network over the best epoch's
	// (categorical route), with the two networks' training losses.
	LastKept *train.LastKept `json:"last_kept,omitempty"`
	// InputHalves, HeldOutLossBoth, HeldOutLossValues, L2Scale and
	// HeldOutLossChosen: the halves of the continuous input the output
	// layer weighs ("both" or "values"), the inner cross-validation's
	// held-out losses with and without the rows' direction at the
	// configured penalty, the multiple of that penalty chosen and the
	// chosen fit's held-out loss, when --continuous-fit select ran it.
	InputHalves       string   `json:"input_halves,omitempty"`
	HeldOutLossBoth   *float64 `json:"held_out_loss_both,omitempty"`
	HeldOutLossValues *float64 `json:"held_out_loss_values,omitempty"`
	L2Scale           *float64 `json:"l2_scale,omitempty"`
	HeldOutLossChosen *float64 `json:"held_out_loss_chosen,omitempty"`
	// WeakerScales: the multiples below 1 of the penalty the inner check
	// cross-validated, strongest first (train.HalvesCheck.WeakerScales:
	// each only where the one before it lowered the held-out loss).
	WeakerScales []float64 `json:"weaker_scales,omitempty"`
	// Stack and HeldOutLossStack: where the output layer is a stack of
	// the inner check's fits (train.HalvesCheck.Stack), its members and
	// their combined held-out logits' loss.
	Stack            []train.StackedFit `json:"stack,omitempty"`
	HeldOutLossStack *float64           `json:"held_out_loss_stack,omitempty"`
	// SparseColumns: the columns the output layer weighs, where the inner
	// check chose a screened fit (train.HalvesCheck.SparseK; --no-sparse
	// leaves them out).
	SparseColumns *int `json:"sparse_columns,omitempty"`
	// ClassWeightPower: the power of the balanced class weights whose
	// decision boundaries the output layer takes (1: the weights'; see
	// train.HalvesCheck and, on the categorical route, train.BoundaryCheck).
	ClassWeightPower *float64 `json:"class_weight_power,omitempty"`
	// ClassWeights: the class weights of the loss, in the model's class
	// order (train.Result.ClassWeights; absent where every row weighs 1).
	ClassWeights []float64 `json:"class_weights,omitempty"`
	// RouteCheck: the route check of a table of 0/1 features, where it
	// ran (train.RouteCheck).
	RouteCheck *train.RouteCheck `json:"route_check,omitempty"`
	// TupleCheck: the categorical route's tuple check, where it ran
	// (train.TupleCheck).
	TupleCheck *train.TupleCheck `json:"tuple_check,omitempty"`
	// WeightCheck: the categorical route's weight check, where it ran
	// (train.WeightCheck).
	WeightCheck *train.WeightCheck `json:"weight_check,omitempty"`
}

// trainResult is a Fit result with the data it was fitted on.
type trainResult struct {
	*train.Result
	trainSet *data.Dataset
}

// trainModel reads the data and fits a model, returning it as a bundle
// ready to save. On interruption after the first epoch the bundle holds
// the best model so far and the Status is Canceled.
func trainModel(ctx context.Context, o *trainOptions, ios *iostreams) (*train.Bundle, *trainResult, error) {
	if err := checkOutput("out", o.ModelPath, flagPath{"data", o.Data.file()}); err != nil {
		return nil, nil, err
	}
	log := newLogger(ios.Err, o.Verbosity)
	admit := func(ds *data.Dataset, mostCols int) error { // the flags against either encoding, before the check's fits
		switch {
		case !o.Fit.OrderSet || o.Fit.Model.Order <= mostCols:
		case mostCols == ds.Cols:
			return usagef("invalid --order %d: larger than the %d feature columns of %s", o.Fit.Model.Order, ds.Cols, o.Data.Path)
		default:
			return usagef("invalid --order %d: larger than the %d feature columns of %s, and than the at most %d of its continuous columns binarised", o.Fit.Model.Order, ds.Cols, o.Data.Path, mostCols)
		}
		return checkMemory(o.Fit, ds, 1, o.MemoryBudget)
	}
	ds, enc, check, err := loadTrainingChecked(ctx, o.Data, o.Fit, log, admit)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, nil, &interrupted{fmt.Sprintf("%v; no model was saved to %s", err, o.ModelPath)}
		}
		return nil, nil, err
	}
	warnMixedColumns(warnings(ios, o.Verbosity == quiet), o.Data.Path, enc, o.Data.Categorical)
	vals := columnValues(ds, enc) // each column's distinct values, for the two genotype warnings
	if !warnStrayCodes(warnings(ios, o.Verbosity == quiet), o.Data.Path, enc, vals, o.Data.Categorical) {
		warnFewContinuous(warnings(ios, o.Verbosity == quiet), o.Data.Path, ds)
		warnDosageCodes(warnings(ios, o.Verbosity == quiet), o.Data.Path, ds, enc, vals)
	}
	warnManyClasses(warnings(ios, o.Verbosity == quiet), o.Data.Path, ds)
	warnAlikeClasses(warnings(ios, o.Verbosity == quiet), o.Data.Path, ds)
	if o.Fit.OrderSet && o.Fit.Model.Order > ds.Cols {
		return nil, nil, usagef("invalid --order %d: larger than the %d feature columns of %s", o.Fit.Model.Order, ds.Cols, o.Data.Path)
	}
	if err := checkMemory(o.Fit, ds, 1, o.MemoryBudget); err != nil {
		return nil, nil, err
	}
	tcfg := o.Fit.Train.Resolved()
	prog := newProgress(log, ios.Err, o.Verbosity, max(tcfg.EpochsFor(model.Categorical), tcfg.EpochsFor(model.Continuous)))
	log.WithField("file", o.Data.Path).WithField("format", o.Data.Format).Infof("read %d rows, %d feature columns, %d classes", ds.Rows, ds.Cols, len(ds.Classes))
	if check != nil {
		fields := logrus.Fields{"folds": check.Folds, "numbers_macro_f1": fmt.Sprintf("%.4f", check.NumbersMacroF1)}
		if check.BinarisedTried {
			fields["binarised_macro_f1"], fields["gained"], fields["lost"] = fmt.Sprintf("%.4f", check.BinarisedMacroF1), check.Gained, check.Lost
		}
		if check.StepsTried {
			fields["steps_macro_f1"], fields["numbers_loss"], fields["steps_loss"], fields["steps_std_err"] = fmt.Sprintf("%.4f", check.StepsMacroF1),
				fmt.Sprintf("%.4g", check.NumbersLoss), fmt.Sprintf("%.4g", check.StepsLoss), fmt.Sprintf("%.2g", check.StepsStdErr)
		}
		log.WithFields(fields).Infof("encoding check of the %d continuous columns: %s (--binarise '*', --steps '*' or --no-binarise decides it)", check.Continuous, encodingChoice(check))
	} else if binned := enc.BinnedColumns(); len(binned) > 0 && len(o.Data.Binarise) == 0 {
		log.WithField("columns", fmt.Sprint(binned)).Infof("binarised %d continuous column(s) beside the table's 0/1 flags at their training quartiles, so that the categorical route can find interactions with them (--no-binarise keeps them numbers)", len(binned))
	}
	res, err := train.Fit(ctx, ds, o.Fit.Model, o.Fit.Train, &train.Options{Log: log, Recorder: prog})
	prog.done()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, nil, &interrupted{fmt.Sprintf("training interrupted before the first epoch ended; no model was saved to %s", o.ModelPath)}
		}
		return nil, nil, configError(err)
	}
	b := &train.Bundle{Network: res.Network, Encoder: enc, Train: res.Config, Classes: ds.Classes}
	return b, &trainResult{Result: res, trainSet: ds}, nil
}
