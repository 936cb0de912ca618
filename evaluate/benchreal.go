// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Names of the two models of the real-data benchmark.
const (
	ModelHorNets = "hornets"
	ModelLogReg  = "logreg" // standardised L2 logistic regression (LogisticRegression)
)

// benchModels are the benchmark's own models, in unit (configuration) order.
var benchModels = []string{ModelHorNets, ModelLogReg}

// BenchRealConfig configures the real-data benchmark. The zero value of
// each field is its default.
type BenchRealConfig struct {
	Folds   int    // stratified folds; 0 means 5
	Repeats int    // independent splits; 0 means 1
	Seed    uint64 // seeds the splits (repeat r: PCG(Seed, r)) and HorNets' fits (UnitSeed)
	Jobs    int    // units fitted at a time; 0 means procs.Workers(); never changes the result
	Model   model.Config
	Train   train.Config // its Seed is set per unit
	// Categorical names feature columns to one-hot encode in every table
	// even where their values are numbers (data.EncoderOptions; "*" every
	// feature column), for tables of integer codes such as MONK's.
	Categorical []string `json:",omitempty"`
	// Binarise names numeric columns to code as thresholds in every table
	// (data.EncoderOptions.Binarise).
	Binarise []string `json:",omitempty"`
	// NoBinarise keeps every numeric column a number
	// (data.EncoderOptions.NoBinarise).
	NoBinarise bool `json:",omitempty"`
	// Steps names numeric columns to code as their value beside 0/1
	// thresholds at their training quartiles in every table
	// (data.EncoderOptions.Steps; "*" every one).
	Steps []string `json:",omitempty"`
	// FixedSplit is set by BenchRealSweep where the tables come with
	// their own test tables (BenchTable.Test): each model is fitted on
	// the whole table and scored on its test table, once per repeat
	// (HorNets with seed UnitSeed(Seed, r, 0, 1)), and Folds is 1.
	FixedSplit bool `json:",omitempty"`
}

func (c BenchRealConfig) resolved() (BenchRealConfig, error) {
	switch {
	case c.FixedSplit && (c.Folds < 0 || c.Folds > 1):
		return c, fmt.Errorf("%w: %d folds with fixed train/test splits, want none", train.ErrConfig, c.Folds)
	case c.FixedSplit:
		c.Folds = 1
	case c.Folds == 0:
		c.Folds = 5
	}
	if c.Repeats == 0 {
		c.Repeats = 1
	}
	switch {
	case !c.FixedSplit && (c.Folds < 2 || c.Folds > train.MaxFolds):
		return c, fmt.Errorf("%w: %d folds, want 2..%d", train.ErrConfig, c.Folds, train.MaxFolds)
	case c.Repeats < 1 || c.Repeats > MaxRepeats:
		return c, fmt.Errorf("%w: %d repeats, want 1..%d", train.ErrConfig, c.Repeats, MaxRepeats)
	case c.Jobs < 0:
		return c, fmt.Errorf("%w: %d jobs, want 1 or more (0: all cores)", train.ErrConfig, c.Jobs)
	}
	return c, nil
}

// BenchTable is one labelled table of the benchmark (label in the last
// column) and the name its rows are reported under. Test, if not nil, is
// the table's own test table (a fixed split, as the MONK's problems and
// SPECT are published): the models are fitted on the whole of Table and
// scored on Test, instead of cross-validated on Table.
type BenchTable struct {
	Name  string
	Table *data.Table
	Test  *data.Table
}

// FoldScore is one model's score on one fold; Repeat and Fold count from 0.
type FoldScore struct {
	Repeat   int     `json:"repeat"`
	Fold     int     `json:"fold"`
	MacroF1  float64 `json:"macro_f1"`
	Accuracy float64 `json:"accuracy,omitempty"`
	Seconds  float64 `json:"seconds,omitempty"`
}

// ModelScores is one model's result on one dataset.
type ModelScores struct {
	Model       string      `json:"model"`
	MacroF1Mean float64     `json:"macro_f1_mean"`
	MacroF1Std  float64     `json:"macro_f1_std"`
	AccMean     float64     `json:"accuracy_mean,omitempty"`
	Seconds     float64     `json:"seconds,omitempty"` // fitting and predicting, all folds
	External    bool        `json:"external,omitempty"`
	Folds       []FoldScore `json:"folds"`
}

// BenchDataset is the shape of one table and the models' scores on it.
type BenchDataset struct {
	Dataset string `json:"dataset"`
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"` // feature columns of the file
	Encoded int    `json:"encoded_cols"`
	Classes int    `json:"classes"`
	// Test and TestRows name and size the test table of a fixed split.
	Test     string        `json:"test,omitempty"`
	TestRows int           `json:"test_rows,omitempty"`
	Models   []ModelScores `json:"models"`
}

// BenchStats compares the models over the datasets.
type BenchStats struct {
	Models       []string          `json:"models"`
	Datasets     []string          `json:"datasets"` // those every model has scores for
	AverageRanks []float64         `json:"average_ranks,omitempty"`
	Friedman     *Friedman         `json:"friedman,omitempty"`
	NemenyiCD    float64           `json:"nemenyi_cd,omitempty"`
	Bayes        *SignedRankResult `json:"bayes_signed_rank,omitempty"`
	Compare      string            `json:"compare,omitempty"`
	Notes        []string          `json:"notes,omitempty"`
}

// BenchReport is the outcome of the real-data benchmark.
type BenchReport struct {
	Folds      int            `json:"folds"` // 1 for fixed splits
	Repeats    int            `json:"repeats"`
	Seed       uint64         `json:"seed"`
	FixedSplit bool           `json:"fixed_split,omitempty"` // scored on each table's test table
	Datasets   []BenchDataset `json:"datasets"`
	Stats      BenchStats     `json:"stats"`
}

// BenchRealSweep is the work list of the real-data benchmark: for each
// table (in the order given), each model (HorNets, then the logistic
// baseline, as configurations 0 and 1), each repeat and fold, one fit on
// the other folds, scored on the fold. Unit (d, m, r, f) has index
// ((d·2 + m)·Repeats + r)·Folds + f. Both models see the same folds, drawn
// by train.StratifiedFolds with PCG(Seed, r); HorNets trains with
// UnitSeed(Seed, r, f, Folds). The encoder is fitted on each training fold
// only, each column keeping its kind on the whole table (as CrossValidate).
// It also returns the shape of each table (BenchDataset without
// models) and cfg resolved; pass both, with the results in unit order, to
// BenchRealReduce. A table with fewer rows of a class than folds is an
// error naming the table (a *train.FoldsError).
//
// Where the tables have test tables (all of them, or it is an error),
// the split is fixed: cfg.FixedSplit is set, Folds must be 0 and becomes
// 1, and unit (d, m, r, 0) fits model m on the whole of table d and scores
// it on its test table, HorNets with seed UnitSeed(Seed, r, 0, 1); the
// logistic regression, which has no seed, gives the same score in every
// repeat. A test table's label that the training table lacks is an error.
func BenchRealSweep(tables []BenchTable, cfg BenchRealConfig) (*Sweep, []BenchDataset, BenchRealConfig, error) {
	withTest := 0
	for _, bt := range tables {
		if bt.Test != nil {
			withTest++
		}
	}
	if withTest > 0 && withTest < len(tables) {
		return nil, nil, cfg, fmt.Errorf("%w: %d of %d tables have a test table; give one to each or to none", train.ErrConfig, withTest, len(tables))
	}
	cfg.FixedSplit = withTest > 0
	cfg, err := cfg.resolved()
	if err != nil {
		return nil, nil, cfg, err
	}
	encOpts := data.EncoderOptions{Categorical: cfg.Categorical, Binarise: cfg.Binarise, NoBinarise: cfg.NoBinarise, Steps: cfg.Steps}
	k, per := cfg.Folds, cfg.Folds*cfg.Repeats
	shapes := make([]BenchDataset, len(tables))
	folds := make([][][]int, len(tables)) // table, repeat → fold of each row (none for a fixed split)
	classes := make([][]string, len(tables))
	wholes := make([]*data.Encoder, len(tables)) // each table's column kinds
	for d, bt := range tables {
		// The encoder fitted on the whole table gives only the labels (to
		// draw stratified folds), the shape and the columns' kinds; every
		// fold fits its own.
		whole, err := data.FitEncoder(bt.Table, encOpts) // its errors name the table
		if err != nil {
			return nil, nil, cfg, err
		}
		wholes[d] = whole
		all, _, err := whole.Transform(bt.Table)
		if err != nil {
			return nil, nil, cfg, err
		}
		shapes[d] = BenchDataset{Dataset: bt.Name, Rows: all.Rows, Cols: len(bt.Table.Header) - 1, Encoded: all.Cols, Classes: len(all.Classes)}
		classes[d] = all.Classes
		if cfg.FixedSplit {
			test, _, err := whole.Transform(bt.Test) // a label the training table lacks is an error
			if err != nil {
				return nil, nil, cfg, err
			}
			shapes[d].Test, shapes[d].TestRows = bt.Test.Name, test.Rows
			continue
		}
		if err := train.CheckFolds(all, k); err != nil {
			if fe := (*train.FoldsError)(nil); errors.As(err, &fe) {
				fe.Table = bt.Table.Name
			}
			return nil, nil, cfg, fmt.Errorf("%s: %w", bt.Table.Name, err)
		}
		for r := range cfg.Repeats {
			folds[d] = append(folds[d], train.StratifiedFolds(all.Y, len(all.Classes), k, rand.New(rand.NewPCG(cfg.Seed, uint64(r)))))
		}
	}
	sw, err := newSweep(len(tables) * len(benchModels) * per)
	if err != nil {
		return nil, nil, cfg, err
	}
	for u := range sw.Units {
		d, m, r, f := u/(len(benchModels)*per), u/per%len(benchModels), u%per/k, u%k
		sw.Units[u] = Unit{Index: u, Dataset: tables[d].Name, Configuration: m, Model: benchModels[m], Repeat: r, Fold: f,
			Seed: UnitSeed(cfg.Seed, r, f, k)}
	}
	sw.run = func(ctx context.Context, u Unit) (UnitResult, error) {
		d := u.Index / (len(benchModels) * per)
		var fold []int
		if !cfg.FixedSplit {
			fold = folds[d][u.Repeat]
		}
		res, err := benchUnit(ctx, tables[d], wholes[d], fold, classes[d], u, cfg)
		if err != nil {
			return res, fmt.Errorf("%s: %s, repeat %d fold %d: %w", tables[d].Table.Name, u.Model, u.Repeat, u.Fold, err)
		}
		return res, nil
	}
	return sw, shapes, cfg, nil
}

// benchUnit fits one model of unit u on the rows of bt's table outside
// fold u.Fold of the split fold, and scores it on the fold; with a fixed
// split (fold nil) it fits on the whole table and scores on bt.Test.
// whole is the encoder fitted on the whole table: its columns' kinds are
// kept (data.Encoder.KeepKinds).
func benchUnit(ctx context.Context, bt BenchTable, whole *data.Encoder, fold []int, classes []string, u Unit, cfg BenchRealConfig) (UnitResult, error) {
	var res UnitResult
	trainTab, testTab := bt.Table, bt.Test
	if !cfg.FixedSplit {
		var tr, te []int
		for i, g := range fold {
			if g == u.Fold {
				te = append(te, i)
			} else {
				tr = append(tr, i)
			}
		}
		trainTab, testTab = bt.Table.Subset(tr), bt.Table.Subset(te)
	}
	opts := data.EncoderOptions{Categorical: cfg.Categorical, Binarise: cfg.Binarise, NoBinarise: cfg.NoBinarise, Steps: cfg.Steps}
	if u.Model == ModelHorNets {
		// HorNets's encoding check, as train gives a table (the baseline
		// reads the columns as given).
		tc := cfg.Train
		tc.Seed = u.Seed
		var err error
		if opts, _, err = train.ChooseEncoding(ctx, trainTab, opts, cfg.Model, tc, nil); err != nil {
			return res, err
		}
	}
	// The whole table's kinds (see data.Encoder.KeepKinds): a column with
	// a word that only the held-out rows hold is categorical.
	enc, err := data.FitEncoder(trainTab, whole.KeepKinds(opts))
	if err != nil {
		return res, err
	}
	if !slices.Equal(enc.Classes, classes) {
		return res, fmt.Errorf("%w: the training rows lack a class", train.ErrData)
	}
	trainDS, _, err := enc.Transform(trainTab)
	if err != nil {
		return res, err
	}
	testDS, _, err := enc.Transform(testTab) // unseen categories: all zeros
	if err != nil {
		return res, err
	}
	start := time.Now()
	var pred []int
	switch u.Model {
	case ModelHorNets:
		tc := cfg.Train
		tc.Seed = u.Seed
		fit, err := train.Fit(ctx, trainDS, cfg.Model, tc, nil)
		if err != nil {
			return res, err
		}
		if fit.Status == train.Canceled {
			return res, context.Canceled
		}
		if pred, err = fit.Network.Predict(testDS.X, testDS.Rows); err != nil {
			return res, err
		}
	case ModelLogReg:
		var m LogisticRegression
		if err := m.Fit(trainDS.X, trainDS.Rows, trainDS.Cols, trainDS.Y, len(classes)); err != nil {
			return res, err
		}
		if pred, err = m.Predict(testDS.X, testDS.Rows); err != nil {
			return res, err
		}
	default:
		return res, fmt.Errorf("%w: unknown model %q", train.ErrConfig, u.Model)
	}
	met, err := train.Evaluate(testDS.Y, pred, testDS.Classes)
	if err != nil {
		return res, err
	}
	return UnitResult{Rows: met.Rows, MacroF1: met.MacroF1, Accuracy: met.Accuracy, Seconds: time.Since(start).Seconds()}, nil
}

// BenchRealReduce computes the report of the real-data benchmark from the
// shapes and resolved cfg that BenchRealSweep returned and the results of
// its units in unit order. External adds other models' per-fold scores
// (dataset → model → folds; names other than ModelHorNets and
// ModelLogReg); compare is the model that the Bayesian signed-rank test
// compares HorNets with.
func BenchRealReduce(shapes []BenchDataset, cfg BenchRealConfig, results []UnitResult, external map[string]map[string][]FoldScore, compare string) (*BenchReport, error) {
	per := cfg.Folds * cfg.Repeats
	if per == 0 || len(results) != len(shapes)*len(benchModels)*per {
		return nil, fmt.Errorf("%w: %d results for %d datasets × %d models × %d × %d folds", train.ErrData,
			len(results), len(shapes), len(benchModels), cfg.Repeats, cfg.Folds)
	}
	rep := &BenchReport{Folds: cfg.Folds, Repeats: cfg.Repeats, Seed: cfg.Seed, FixedSplit: cfg.FixedSplit}
	for d, shape := range shapes {
		ds := shape
		ds.Models = nil
		for m, name := range benchModels {
			ms := ModelScores{Model: name}
			var f1, acc []float64
			for i, r := range results[(d*len(benchModels)+m)*per : (d*len(benchModels)+m+1)*per] {
				ms.Folds = append(ms.Folds, FoldScore{Repeat: i / cfg.Folds, Fold: i % cfg.Folds, MacroF1: r.MacroF1, Accuracy: r.Accuracy, Seconds: r.Seconds})
				ms.Seconds += r.Seconds
				f1, acc = append(f1, r.MacroF1), append(acc, r.Accuracy)
			}
			ms.MacroF1Mean, ms.MacroF1Std = meanStd(f1)
			ms.AccMean = stat.Mean(acc, nil)
			ds.Models = append(ds.Models, ms)
		}
		var others []ModelScores
		for name, folds := range external[ds.Dataset] {
			if slices.Contains(benchModels, name) {
				return nil, fmt.Errorf("%w: external model name %q is taken by the benchmark's own model", train.ErrConfig, name)
			}
			f1 := make([]float64, len(folds))
			for i, s := range folds {
				f1[i] = s.MacroF1
			}
			m, sd := meanStd(f1)
			others = append(others, ModelScores{Model: name, MacroF1Mean: m, MacroF1Std: sd, External: true, Folds: folds})
		}
		slices.SortStableFunc(others, func(a, b ModelScores) int { return strings.Compare(a.Model, b.Model) })
		ds.Models = append(ds.Models, others...)
		rep.Datasets = append(rep.Datasets, ds)
	}
	rep.Stats = benchStatistics(rep.Datasets, compare, cfg.Seed)
	return rep, nil
}

// benchStatistics compares the models on the datasets that every model has
// scores for, by their mean macro-F1 there.
func benchStatistics(results []BenchDataset, compare string, seed uint64) BenchStats {
	var st BenchStats
	have := map[string]int{}
	for _, d := range results {
		for _, m := range d.Models {
			have[m.Model]++
		}
	}
	for m := range have {
		st.Models = append(st.Models, m)
	}
	sort.Strings(st.Models)
	// HorNets first, then the baseline, then the others by name.
	slices.SortStableFunc(st.Models, func(a, b string) int { return modelOrder(a) - modelOrder(b) })
	var table [][]float64
	for _, d := range results {
		row := make([]float64, len(st.Models))
		complete := true
		for j, name := range st.Models {
			k := slices.IndexFunc(d.Models, func(m ModelScores) bool { return m.Model == name })
			if k < 0 {
				complete = false
				break
			}
			row[j] = d.Models[k].MacroF1Mean
		}
		if complete {
			st.Datasets = append(st.Datasets, d.Dataset)
			table = append(table, row)
		}
	}
	if len(st.Datasets) < len(results) {
		st.Notes = append(st.Notes, fmt.Sprintf("%d of %d datasets lack some model's scores and are left out of the tests", len(results)-len(st.Datasets), len(results)))
	}
	n, k := len(table), len(st.Models)
	if k < 2 || n < 2 {
		st.Notes = append(st.Notes, fmt.Sprintf("the tests need at least two models and two datasets (have %d and %d)", k, n))
		return st
	}
	st.AverageRanks = AverageRanks(table)
	f := FriedmanFromRanks(st.AverageRanks, n)
	st.Friedman = &f
	if cd, err := NemenyiCD(k, n); err == nil {
		st.NemenyiCD = cd
	} else {
		st.Notes = append(st.Notes, err.Error())
	}
	c := slices.Index(st.Models, compare)
	h := slices.Index(st.Models, ModelHorNets)
	if c < 0 || c == h {
		st.Notes = append(st.Notes, fmt.Sprintf("--compare %q is not another model here; no Bayesian test", compare))
		return st
	}
	diffs := make([]float64, n)
	for i, row := range table {
		diffs[i] = row[h] - row[c]
	}
	b := SignedRank{}.Test(diffs, rand.New(rand.NewPCG(seed, 0x6261796573)))
	st.Bayes, st.Compare = &b, compare
	return st
}

func modelOrder(m string) int {
	switch m {
	case ModelHorNets:
		return 0
	case ModelLogReg:
		return 1
	}
	return 2
}
