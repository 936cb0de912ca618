// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Candidate is one configuration of a tuning grid.
type Candidate struct {
	Model model.Config
	Train train.Config // its Seed is ignored: TuneConfig.Seed seeds every fit
}

// TuneConfig configures Tune. The zero value of each field but Grid is its
// default.
type TuneConfig struct {
	// Grid lists the configurations to compare; at least one.
	Grid []Candidate
	// Folds, Repeats and Jobs are as in CVConfig: every configuration is
	// cross-validated on the same Repeats × Folds stratified splits.
	Folds   int
	Repeats int
	Jobs    int
	// Seed seeds the splits and the fits, the same for every configuration.
	Seed uint64
	// Nested adds the nested cross-validation estimate (see NestedResult).
	Nested bool
	// Encoder configures the encoder fitted on each training fold of a
	// table.
	Encoder data.EncoderOptions
	// Options are passed to every fit; nil means none.
	Options *train.Options
	// Dataset names the table in the units of TuneSweep; it may be empty.
	Dataset string
}

// TuneScore is the cross-validated score of one configuration.
type TuneScore struct {
	Index        int     `json:"index"` // in TuneConfig.Grid, from 0
	Activation   string  `json:"activation"`
	Order        int     `json:"order"`
	Rules        int     `json:"rules"`
	LearningRate float64 `json:"lr"`
	Batch        int     `json:"batch"`
	MacroF1Mean  float64 `json:"macro_f1_mean"`
	MacroF1Std   float64 `json:"macro_f1_std"`
	AccuracyMean float64 `json:"accuracy_mean"`
	Seconds      float64 `json:"seconds"` // its units' fitting time, summed
}

// NestedFold is one outer unit of a nested cross-validation: the
// configuration chosen by inner CV on the outer training part, and its
// score on the outer test fold.
type NestedFold struct {
	Repeat     int     `json:"repeat"` // from 1
	Fold       int     `json:"fold"`   // from 1
	InnerFolds int     `json:"inner_folds"`
	Chosen     int     `json:"chosen"` // index in TuneConfig.Grid
	MacroF1    float64 `json:"macro_f1"`
	Accuracy   float64 `json:"accuracy"`
}

// NestedResult is the nested cross-validation estimate of the whole
// procedure "pick the best configuration of the grid by CV, then fit it".
type NestedResult struct {
	MacroF1Mean  float64      `json:"macro_f1_mean"`
	MacroF1Std   float64      `json:"macro_f1_std"`
	AccuracyMean float64      `json:"accuracy_mean"`
	Seconds      float64      `json:"seconds"`
	Folds        []NestedFold `json:"folds"`
}

// TuneResult is the outcome of Tune.
type TuneResult struct {
	K       int         `json:"k"`
	Repeats int         `json:"repeats"`
	Seed    uint64      `json:"seed"`
	Scores  []TuneScore `json:"configurations"` // best first
	// Nested is the nested-CV estimate; nil unless TuneConfig.Nested.
	Nested  *NestedResult `json:"nested,omitempty"`
	Seconds float64       `json:"seconds"`
}

// source yields the labels and a splitter of a subset of the rows (nil:
// all of them) of a table or dataset.
type source func(rows []int) (y []int, classes []string, split splitter, err error)

// Tune cross-validates every configuration of cfg.Grid on the labelled
// table t, each on the same stratified splits and with the same seeds
// (CrossValidate with Train.Seed = cfg.Seed), and returns their scores
// sorted best first by mean macro-F1; ties keep the grid order. Each
// training fold is encoded once for the whole grid, with the encoding
// check (train.ChooseEncoding) of the first configuration, so that the
// first scores exactly what CrossValidate gives it. The result
// but for the timings does not depend on cfg.Jobs.
//
// The best score is optimistic: the configuration is chosen on the very
// folds it is scored on (as the paper does). With cfg.Nested, Tune also
// estimates the whole procedure honestly by nested CV: for each outer unit
// of the same splits, every configuration is cross-validated on the outer
// training part only (inner folds: cfg.Folds, or fewer when the smallest
// class of the training part has fewer rows, at least 2), the best is
// fitted on the whole training part and scored on the outer test fold.
// That costs Folds × Repeats times as many fits again.
func Tune(ctx context.Context, t *data.Table, cfg TuneConfig) (*TuneResult, error) {
	if t == nil {
		return nil, fmt.Errorf("%w: no data", train.ErrData)
	}
	src := func(rows []int) ([]int, []string, splitter, error) {
		sub := t
		if rows != nil {
			sub = t.Subset(rows)
		}
		return tableSplitter(sub, cfg.Encoder, cfg.sharedEncodingCheck())
	}
	return tune(ctx, src, cfg)
}

// TuneDataset is Tune on an encoded dataset (a LibSVM file).
func TuneDataset(ctx context.Context, ds *data.Dataset, cfg TuneConfig) (*TuneResult, error) {
	if ds == nil {
		return nil, fmt.Errorf("%w: no data", train.ErrData)
	}
	src := func(rows []int) ([]int, []string, splitter, error) {
		sub := ds
		if rows != nil {
			sub = ds.Subset(rows)
		}
		split := func(_ context.Context, trainRows, testRows []int) (*data.Dataset, *data.Dataset, int, error) {
			return sub.Subset(trainRows), sub.Subset(testRows), 0, nil
		}
		return sub.Y, sub.Classes, split, nil
	}
	return tune(ctx, src, cfg)
}

// sharedEncodingCheck is the chooser of the grid's training folds: the
// encoding check of the first configuration (with the tuning seed, as cv
// gives it), run once per fold and shared by every configuration, since
// the grid compares configurations on one encoding; nil for an empty grid.
func (cfg TuneConfig) sharedEncodingCheck() chooser {
	if len(cfg.Grid) == 0 {
		return nil
	}
	c := cfg.cvConfig(cfg.Grid[0], 0)
	return sharedEncodingCheck(c.Model, c.Train)
}

// cvConfig is the CVConfig of candidate c.
func (cfg TuneConfig) cvConfig(c Candidate, folds int) CVConfig {
	tc := c.Train
	tc.Seed = cfg.Seed
	return CVConfig{Folds: folds, Repeats: cfg.Repeats, Jobs: cfg.Jobs, Model: c.Model, Train: tc,
		Encoder: cfg.Encoder, Options: cfg.Options}
}

func tune(ctx context.Context, src source, cfg TuneConfig) (*TuneResult, error) {
	start := time.Now()
	y, classes, split, err := src(nil)
	if err != nil {
		return nil, err
	}
	sw, cfg, err := tuneSweep(y, classes, split, cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Nested { // before the plain grid's fits, not after them
		if err := checkNested(y, len(classes), cfg); err != nil {
			return nil, err
		}
	}
	results, err := sw.results(ctx, cfg.Jobs)
	if err != nil {
		return nil, err
	}
	res, err := TuneReduce(cfg.Grid, cfg.Folds, cfg.Repeats, cfg.Seed, results)
	if err != nil {
		return nil, err
	}
	if cfg.Nested {
		if res.Nested, err = nested(ctx, y, classes, split, src, cfg); err != nil {
			return nil, err
		}
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// TuneSweep is the work list of Tune on t without the nested estimate:
// unit (configuration c, repeat r, fold f) has index (c·Repeats + r)·k + f
// and is fold f of repeat r cross-validated with configuration c, as
// CVSweep's unit (r, f) with the seed cfg.Seed. Run its units (all, or a
// shard) and pass the results, in unit order, to TuneReduce. It returns
// cfg with the folds and repeats resolved. The nested estimate is not a
// work list: its final fits depend on the inner scores.
func TuneSweep(t *data.Table, cfg TuneConfig) (*Sweep, TuneConfig, error) {
	y, classes, split, err := tableSplitter(t, cfg.Encoder, cfg.sharedEncodingCheck())
	if err != nil {
		return nil, cfg, err
	}
	return tuneSweep(y, classes, split, cfg)
}

// TuneSweepDataset is TuneSweep on an encoded dataset.
func TuneSweepDataset(ds *data.Dataset, cfg TuneConfig) (*Sweep, TuneConfig, error) {
	if ds == nil {
		return nil, cfg, fmt.Errorf("%w: no data", train.ErrData)
	}
	split := func(_ context.Context, trainRows, testRows []int) (*data.Dataset, *data.Dataset, int, error) {
		return ds.Subset(trainRows), ds.Subset(testRows), 0, nil
	}
	return tuneSweep(ds.Y, ds.Classes, split, cfg)
}

func tuneSweep(y []int, classes []string, split splitter, cfg TuneConfig) (*Sweep, TuneConfig, error) {
	if len(cfg.Grid) == 0 {
		return nil, cfg, fmt.Errorf("%w: an empty tuning grid", train.ErrConfig)
	}
	if cfg.Folds == 0 {
		cfg.Folds = 5
	}
	if cfg.Repeats == 0 {
		cfg.Repeats = 1
	}
	k, per := cfg.Folds, cfg.Folds*cfg.Repeats
	cvs := make([]CVConfig, len(cfg.Grid))
	for i, c := range cfg.Grid {
		var err error
		if cvs[i], err = cfg.cvConfig(c, k).resolved(); err != nil {
			return nil, cfg, fmt.Errorf("configuration %d: %w", i+1, err)
		}
	}
	if cfg.Jobs == 0 {
		cfg.Jobs = cvs[0].Jobs
	}
	if err := train.CheckFolds(&data.Dataset{Rows: len(y), Y: y, Classes: classes}, k); err != nil {
		return nil, cfg, err
	}
	folds := Split(y, len(classes), k, cfg.Repeats, cfg.Seed)
	sw, err := newSweep(len(cfg.Grid) * per)
	if err != nil {
		return nil, cfg, err
	}
	for u := range sw.Units {
		c, r, f := u/per, u%per/k, u%k
		sw.Units[u] = Unit{Index: u, Dataset: cfg.Dataset, Configuration: c, Repeat: r, Fold: f, Seed: UnitSeed(cfg.Seed, r, f, k)}
	}
	sw.run = func(ctx context.Context, u Unit) (UnitResult, error) {
		fr, err := runUnit(ctx, folds[u.Repeat], u.Repeat, u.Fold, split, cvs[u.Configuration])
		if err != nil {
			err = fmt.Errorf("configuration %d: %w", u.Configuration+1, err)
		}
		return fr.unitResult(), err
	}
	return sw, cfg, nil
}

// TuneReduce computes the TuneResult (without the nested estimate) of
// tuning grid by k-fold cross-validation repeated repeats times with seed,
// from the results of its units in unit order (see TuneSweep). A
// configuration's Seconds, and the result's, are the sums of the units'
// seconds; Tune replaces the result's by the wall clock.
func TuneReduce(grid []Candidate, k, repeats int, seed uint64, results []UnitResult) (*TuneResult, error) {
	per := k * repeats
	if len(grid) == 0 || per == 0 || len(results) != len(grid)*per {
		return nil, fmt.Errorf("%w: %d results for %d configurations × %d × %d folds", train.ErrData, len(results), len(grid), repeats, k)
	}
	scores := make([]TuneScore, len(grid))
	res := &TuneResult{K: k, Repeats: repeats, Seed: seed}
	for i, c := range grid {
		r, err := CVReduce(k, repeats, seed, results[i*per:(i+1)*per])
		if err != nil {
			return nil, err
		}
		mc, tc := c.Model.Resolved(), c.Train.Resolved()
		scores[i] = TuneScore{Index: i, Activation: mc.Activation, Order: mc.Order, Rules: mc.Rules,
			LearningRate: tc.LearningRate, Batch: tc.BatchSize,
			MacroF1Mean: r.MacroF1Mean, MacroF1Std: r.MacroF1Std, AccuracyMean: r.AccuracyMean, Seconds: r.Seconds}
		res.Seconds += r.Seconds
	}
	slices.SortStableFunc(scores, func(a, b TuneScore) int {
		switch {
		case a.MacroF1Mean > b.MacroF1Mean:
			return -1
		case a.MacroF1Mean < b.MacroF1Mean:
			return 1
		}
		return 0
	})
	res.Scores = scores
	return res, nil
}

// scoreGrid cross-validates every candidate, in grid order.
func scoreGrid(ctx context.Context, y []int, classes []string, split splitter, cfg TuneConfig, folds int) ([]TuneScore, error) {
	scores := make([]TuneScore, len(cfg.Grid))
	for i, c := range cfg.Grid {
		r, err := crossValidate(ctx, y, classes, split, cfg.cvConfig(c, folds))
		if err != nil {
			return nil, fmt.Errorf("configuration %d: %w", i+1, err)
		}
		mc, tc := c.Model.Resolved(), c.Train.Resolved()
		scores[i] = TuneScore{Index: i, Activation: mc.Activation, Order: mc.Order, Rules: mc.Rules,
			LearningRate: tc.LearningRate, Batch: tc.BatchSize,
			MacroF1Mean: r.MacroF1Mean, MacroF1Std: r.MacroF1Std, AccuracyMean: r.AccuracyMean, Seconds: r.Seconds}
	}
	return scores, nil
}

// nested runs the nested cross-validation on the outer splits of cfg.
func nested(ctx context.Context, y []int, classes []string, split splitter, src source, cfg TuneConfig) (*NestedResult, error) {
	start := time.Now()
	k := cfg.Folds
	outer := Split(y, len(classes), k, cfg.Repeats, cfg.Seed)
	res := &NestedResult{}
	var f1s, accs []float64
	for r, fold := range outer {
		for f := range k {
			var trRows []int
			for i, fi := range fold {
				if fi != f {
					trRows = append(trRows, i)
				}
			}
			iy, icl, isplit, err := src(trRows)
			if err != nil {
				return nil, err
			}
			inner := min(k, smallestClass(iy, len(icl)))
			if inner < 2 {
				return nil, nestedFoldsError(r, f, inner)
			}
			scores, err := scoreGrid(ctx, iy, icl, isplit, cfg, inner)
			if err != nil {
				return nil, fmt.Errorf("outer repeat %d, fold %d: %w", r+1, f+1, err)
			}
			best := 0
			for i, s := range scores {
				if s.MacroF1Mean > scores[best].MacroF1Mean {
					best = i
				}
			}
			cv := cfg.cvConfig(cfg.Grid[best], k)
			if cv, err = cv.resolved(); err != nil {
				return nil, err
			}
			u, err := runUnit(ctx, fold, r, f, split, cv)
			if err != nil {
				return nil, fmt.Errorf("outer %w", err)
			}
			res.Folds = append(res.Folds, NestedFold{Repeat: r + 1, Fold: f + 1, InnerFolds: inner, Chosen: best,
				MacroF1: u.MacroF1, Accuracy: u.Accuracy})
			f1s, accs = append(f1s, u.MacroF1), append(accs, u.Accuracy)
		}
	}
	res.MacroF1Mean, res.MacroF1Std = meanStd(f1s)
	res.AccuracyMean, _ = meanStd(accs)
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// checkNested checks, before any fit, that every outer training part of
// the nested CV of cfg (resolved) keeps at least two rows of each class it
// holds, as its inner folds need. A class absent from a part is left to
// nested, as a table's part is encoded with the classes it holds.
func checkNested(y []int, classes int, cfg TuneConfig) error {
	k := cfg.Folds
	for r, fold := range Split(y, classes, k, cfg.Repeats, cfg.Seed) {
		for f := range k {
			n := make([]int, classes)
			for i, fi := range fold {
				if fi != f {
					n[y[i]]++
				}
			}
			smallest := k
			for _, c := range n {
				if c > 0 {
					smallest = min(smallest, c)
				}
			}
			if smallest < 2 {
				return nestedFoldsError(r, f, smallest)
			}
		}
	}
	return nil
}

// nestedFoldsError is the error of outer repeat r, fold f (from 0) whose
// training part has a class of inner (< 2) rows.
func nestedFoldsError(r, f, inner int) error {
	return fmt.Errorf("%w: outer repeat %d, fold %d: a class has %d row in the training part; nested CV needs 2",
		train.ErrData, r+1, f+1, inner)
}

// smallestClass is the row count of the smallest of classes classes in y.
func smallestClass(y []int, classes int) int {
	n := make([]int, classes)
	for _, c := range y {
		n[c]++
	}
	return slices.Min(n)
}
