// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/internal/procs"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// CVConfig configures CrossValidate. The zero value of each field is its
// default.
type CVConfig struct {
	// Folds is k, the number of stratified folds: 2..train.MaxFolds, and at
	// most the rows of the smallest class (see train.CheckFolds). 0 means 5.
	Folds int
	// Repeats is the number of independent stratified splits, each drawn
	// afresh from Train.Seed. 0 means 1.
	Repeats int
	// Jobs is the most units (repeat, fold) fitted at a time; 0 means
	// procs.Workers() (GOMAXPROCS as the program was given it). It never
	// changes the result. One job is used when Options has a Recorder,
	// which need not be safe for concurrent use.
	Jobs int
	// Model and Train configure every fit. Train.Seed seeds the splits and,
	// through UnitSeed, each unit's training.
	Model model.Config
	Train train.Config
	// Encoder configures the encoder that CrossValidate fits on each
	// training fold of a table.
	Encoder data.EncoderOptions
	// Options are passed to every fit (its log gains repeat and fold
	// fields); nil means none.
	Options *train.Options
	// Dataset names the table in the units of CVSweep; it may be empty.
	Dataset string
}

// resolved returns c with its defaults filled in, or an error naming a bad
// field.
func (c CVConfig) resolved() (CVConfig, error) {
	if c.Folds == 0 {
		c.Folds = 5
	}
	if c.Repeats == 0 {
		c.Repeats = 1
	}
	if c.Jobs == 0 {
		c.Jobs = procs.Workers()
	}
	switch {
	case c.Repeats < 0 || c.Repeats > MaxRepeats:
		return c, fmt.Errorf("%w: %d repeats, want 1..%d", train.ErrConfig, c.Repeats, MaxRepeats)
	case c.Jobs < 0:
		return c, fmt.Errorf("%w: %d jobs, want 1 or more (0: all cores)", train.ErrConfig, c.Jobs)
	}
	if c.Options != nil && c.Options.Recorder != nil {
		c.Jobs = 1
	}
	return c, nil
}

// MaxRepeats bounds CVConfig.Repeats.
const MaxRepeats = 1000

// FoldResult is the score of one unit of a repeated cross-validation: the
// fold-th fold of the repeat-th split, predicted by a model fitted on the
// other folds of that split. Repeat and Fold count from 1.
type FoldResult struct {
	Repeat   int     `json:"repeat"`
	Fold     int     `json:"fold"`
	Rows     int     `json:"rows"` // held-out rows
	MacroF1  float64 `json:"macro_f1"`
	Accuracy float64 `json:"accuracy"`
	Seconds  float64 `json:"seconds"` // encoding, fitting and scoring
	// RuleFidelity is the share of the held-out rows where the fold's
	// decision list, applied by hand, gives the network's prediction; nil
	// when the network has no rules (it predicts with the continuous route).
	RuleFidelity *float64 `json:"rule_fidelity,omitempty"`
	// Unseen counts the held-out cells whose category the training fold's
	// encoder never saw (encoded as all zeros); always 0 for a Dataset.
	Unseen int `json:"unseen_categories,omitempty"`
}

// CVResult is the outcome of a repeated stratified cross-validation. The
// means and sample standard deviations are over all units.
type CVResult struct {
	K            int     `json:"k"`
	Repeats      int     `json:"repeats"`
	Seed         uint64  `json:"seed"`
	MacroF1Mean  float64 `json:"macro_f1_mean"`
	MacroF1Std   float64 `json:"macro_f1_std"`
	AccuracyMean float64 `json:"accuracy_mean"`
	AccuracyStd  float64 `json:"accuracy_std"`
	// RuleFidelityMean is the mean of the units' rule fidelities; nil
	// when some unit's network has no rules.
	RuleFidelityMean *float64     `json:"rule_fidelity_mean,omitempty"`
	Seconds          float64      `json:"seconds"` // wall clock of the whole run
	Folds            []FoldResult `json:"folds"`   // repeat-major: index (repeat-1)*K + fold-1
}

// foldsStream is the PCG stream of repeat 0's split, the one that
// train.CrossValidate uses ("cv-folds"); repeat r uses foldsStream+r.
const foldsStream = 0x63762d666f6c6473

// UnitSeed is the training seed of unit (repeat, fold), both counted from
// 0, of a k-fold cross-validation seeded with seed: seed + repeat·k + fold.
// Repeat 0 trains as train.CrossValidate does (fold f with seed+f).
func UnitSeed(seed uint64, repeat, fold, k int) uint64 {
	return seed + uint64(repeat*k+fold)
}

// Split returns, for each of repeats stratified k-fold splits of the
// labels y (classes in all), the fold of each row. Repeat 0 is the split
// of train.CrossValidate with the same seed. It panics as
// train.StratifiedFolds does, and if repeats is negative.
func Split(y []int, classes, k, repeats int, seed uint64) [][]int {
	if repeats < 0 {
		panic(fmt.Sprintf("evaluate: Split: %d repeats, want 0 or more", repeats))
	}
	folds := make([][]int, repeats)
	for r := range folds {
		folds[r] = train.StratifiedFolds(y, classes, k, rand.New(rand.NewPCG(seed, foldsStream+uint64(r))))
	}
	return folds
}

// splitter encodes the training and test rows of one unit.
type splitter func(ctx context.Context, trainRows, testRows []int) (tr, te *data.Dataset, unseen int, err error)

// chooser returns the encoder options to fit on a unit's training rows,
// rows of the table and t their subset (train.ChooseEncoding); nil keeps
// the configured ones.
type chooser func(ctx context.Context, rows []int, t *data.Table, opts data.EncoderOptions) (data.EncoderOptions, error)

// encodingCheck is the chooser of cross-validation with mc and tc: each
// unit's training rows get the encoding check train gives a table.
func encodingCheck(mc model.Config, tc train.Config) chooser {
	return func(ctx context.Context, _ []int, t *data.Table, opts data.EncoderOptions) (data.EncoderOptions, error) {
		o, _, err := train.ChooseEncoding(ctx, t, opts, mc, tc, nil)
		return o, err
	}
}

// sharedEncodingCheck is the chooser of tuning: the encoding check with mc
// and tc, run once for each set of training rows however many
// configurations are fitted on them, so that the grid's configurations
// share one encoding per fold, the one train would give those rows.
func sharedEncodingCheck(mc model.Config, tc train.Config) chooser {
	type choice struct {
		once sync.Once
		opts data.EncoderOptions
		err  error
	}
	var mu sync.Mutex
	memo := make(map[string]*choice)
	check := encodingCheck(mc, tc)
	return func(ctx context.Context, rows []int, t *data.Table, opts data.EncoderOptions) (data.EncoderOptions, error) {
		key := fmt.Sprint(rows)
		mu.Lock()
		c := memo[key]
		if c == nil {
			c = &choice{}
			memo[key] = c
		}
		mu.Unlock()
		c.once.Do(func() { c.opts, c.err = check(ctx, rows, t, opts) })
		return c.opts, c.err
	}
}

// CrossValidate runs repeated stratified k-fold cross-validation on the
// labelled table t. The encoder is fitted on each training fold only, so
// a category that occurs only in the held-out fold is unseen there (all
// zeros; counted in FoldResult.Unseen) and numeric means come from the
// training rows; each column keeps the kind it has on the whole table
// (data.Encoder.KeepKinds: a word that only held-out rows hold still makes
// its column categorical, as train types it). See CrossValidateDataset
// for the rest.
func CrossValidate(ctx context.Context, t *data.Table, cfg CVConfig) (*CVResult, error) {
	y, classes, split, err := tableSplitter(t, cfg.Encoder, encodingCheck(cfg.Model, cfg.Train))
	if err != nil {
		return nil, err
	}
	return crossValidate(ctx, y, classes, split, cfg)
}

// tableSplitter returns the class of each row of t, the classes, and the
// splitter that fits the encoder on the training rows of a unit only, with
// the options choose returns for them (opts where choose is nil).
func tableSplitter(t *data.Table, opts data.EncoderOptions, choose chooser) ([]int, []string, splitter, error) {
	whole, err := data.FitEncoder(t, opts) // for the label column, the classes and the columns' kinds only
	if err != nil {
		return nil, nil, nil, err
	}
	lab := slices.Index(t.Header, whole.Label)
	index := make(map[string]int, len(whole.Classes))
	for c, s := range whole.Classes {
		index[s] = c
	}
	y := make([]int, len(t.Rows))
	for i, row := range t.Rows {
		y[i] = index[row[lab]]
	}
	split := func(ctx context.Context, trainRows, testRows []int) (*data.Dataset, *data.Dataset, int, error) {
		sub := t.Subset(trainRows)
		o := opts
		if choose != nil {
			var err error
			if o, err = choose(ctx, trainRows, sub, opts); err != nil {
				return nil, nil, 0, err
			}
		}
		// The whole table's kinds: a column with a word that only the
		// held-out rows hold is categorical, as train types it.
		enc, err := data.FitEncoder(sub, whole.KeepKinds(o))
		if err != nil {
			return nil, nil, 0, err
		}
		if !slices.Equal(enc.Classes, whole.Classes) { // cannot happen when CheckFolds passes
			return nil, nil, 0, fmt.Errorf("%w: the training fold holds classes %q of %q", train.ErrData, enc.Classes, whole.Classes)
		}
		tr, _, err := enc.Transform(sub)
		if err != nil {
			return nil, nil, 0, err
		}
		te, warns, err := enc.Transform(t.Subset(testRows))
		if err != nil {
			return nil, nil, 0, err
		}
		unseen := 0
		for _, w := range warns {
			unseen += w.Count
		}
		return tr, te, unseen, nil
	}
	return y, whole.Classes, split, nil
}

// CrossValidateDataset runs repeated stratified k-fold cross-validation
// on ds, already encoded (a LibSVM file): each unit (repeat, fold) is
// predicted by a model fitted on the other folds of its repeat's split.
// Every class needs at least k rows (train.CheckFolds; else a
// *train.FoldsError). The splits come from Split and unit (r, f) trains
// with UnitSeed; units run in parallel on cfg.Jobs workers and are stored
// by index, so the result, but for the timings, does not depend on Jobs.
func CrossValidateDataset(ctx context.Context, ds *data.Dataset, cfg CVConfig) (*CVResult, error) {
	if ds == nil {
		return nil, fmt.Errorf("%w: no data", train.ErrData)
	}
	split := func(_ context.Context, trainRows, testRows []int) (*data.Dataset, *data.Dataset, int, error) {
		return ds.Subset(trainRows), ds.Subset(testRows), 0, nil
	}
	return crossValidate(ctx, ds.Y, ds.Classes, split, cfg)
}

func crossValidate(ctx context.Context, y []int, classes []string, split splitter, cfg CVConfig) (*CVResult, error) {
	start := time.Now()
	sw, cfg, err := cvSweep(y, classes, split, cfg)
	if err != nil {
		return nil, err
	}
	results, err := sw.results(ctx, cfg.Jobs)
	if err != nil {
		return nil, err
	}
	res, err := CVReduce(cfg.Folds, cfg.Repeats, cfg.Train.Seed, results)
	if err != nil {
		return nil, err
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// CVSweep is the work list of CrossValidate on t: unit (repeat r, fold
// f), both from 0, has index r·k + f and trains with UnitSeed. Run its
// units (all, or a shard) and pass their results, in unit order, to
// CVReduce for the CVResult of CrossValidate. It returns cfg resolved.
func CVSweep(t *data.Table, cfg CVConfig) (*Sweep, CVConfig, error) {
	y, classes, split, err := tableSplitter(t, cfg.Encoder, encodingCheck(cfg.Model, cfg.Train))
	if err != nil {
		return nil, cfg, err
	}
	return cvSweep(y, classes, split, cfg)
}

// CVSweepDataset is CVSweep on an encoded dataset (CrossValidateDataset).
func CVSweepDataset(ds *data.Dataset, cfg CVConfig) (*Sweep, CVConfig, error) {
	if ds == nil {
		return nil, cfg, fmt.Errorf("%w: no data", train.ErrData)
	}
	split := func(_ context.Context, trainRows, testRows []int) (*data.Dataset, *data.Dataset, int, error) {
		return ds.Subset(trainRows), ds.Subset(testRows), 0, nil
	}
	return cvSweep(ds.Y, ds.Classes, split, cfg)
}

func cvSweep(y []int, classes []string, split splitter, cfg CVConfig) (*Sweep, CVConfig, error) {
	cfg, err := cfg.resolved()
	if err != nil {
		return nil, cfg, err
	}
	k := cfg.Folds
	if err := train.CheckFolds(&data.Dataset{Rows: len(y), Y: y, Classes: classes}, k); err != nil {
		return nil, cfg, err
	}
	folds := Split(y, len(classes), k, cfg.Repeats, cfg.Train.Seed)
	sw, err := newSweep(cfg.Repeats * k)
	if err != nil {
		return nil, cfg, err
	}
	for u := range sw.Units {
		r, f := u/k, u%k
		sw.Units[u] = Unit{Index: u, Dataset: cfg.Dataset, Repeat: r, Fold: f, Seed: UnitSeed(cfg.Train.Seed, r, f, k)}
	}
	sw.run = func(ctx context.Context, u Unit) (UnitResult, error) {
		fr, err := runUnit(ctx, folds[u.Repeat], u.Repeat, u.Fold, split, cfg)
		return fr.unitResult(), err
	}
	return sw, cfg, nil
}

// unitResult is f as the result of a unit.
func (f FoldResult) unitResult() UnitResult {
	return UnitResult{Rows: f.Rows, MacroF1: f.MacroF1, Accuracy: f.Accuracy, Seconds: f.Seconds,
		RuleFidelity: f.RuleFidelity, Unseen: f.Unseen}
}

// CVReduce computes the CVResult of a k-fold cross-validation repeated
// repeats times with seed from the results of its units, in unit order
// (see CVSweep). Its Seconds is the sum of the units' seconds; the
// callers that time the whole run replace it by the wall clock.
func CVReduce(k, repeats int, seed uint64, results []UnitResult) (*CVResult, error) {
	units := repeats * k
	if units == 0 || len(results) != units {
		return nil, fmt.Errorf("%w: %d results for %d × %d folds", train.ErrData, len(results), repeats, k)
	}
	res := &CVResult{K: k, Repeats: repeats, Seed: seed, Folds: make([]FoldResult, units)}
	accs, f1s, fids := make([]float64, units), make([]float64, units), make([]float64, 0, units)
	for u, r := range results {
		res.Folds[u] = FoldResult{Repeat: u/k + 1, Fold: u%k + 1, Rows: r.Rows, MacroF1: r.MacroF1, Accuracy: r.Accuracy,
			Seconds: r.Seconds, RuleFidelity: r.RuleFidelity, Unseen: r.Unseen}
		accs[u], f1s[u] = r.Accuracy, r.MacroF1
		if r.RuleFidelity != nil {
			fids = append(fids, *r.RuleFidelity)
		}
		res.Seconds += r.Seconds
	}
	res.AccuracyMean, res.AccuracyStd = meanStd(accs)
	res.MacroF1Mean, res.MacroF1Std = meanStd(f1s)
	if len(fids) == units {
		m := stat.Mean(fids, nil)
		res.RuleFidelityMean = &m
	}
	return res, nil
}

// meanStd is the mean and sample standard deviation of x; the deviation
// of a single value is 0, not NaN.
func meanStd(x []float64) (mean, std float64) {
	if len(x) == 1 {
		return x[0], 0
	}
	return stat.MeanStdDev(x, nil)
}

// runUnit fits on every fold of split fold but f and scores fold f.
func runUnit(ctx context.Context, fold []int, r, f int, split splitter, cfg CVConfig) (FoldResult, error) {
	start := time.Now()
	out := FoldResult{Repeat: r + 1, Fold: f + 1}
	wrap := func(err error) error { return fmt.Errorf("repeat %d, fold %d: %w", r+1, f+1, err) }
	var trRows, teRows []int
	for i, fi := range fold {
		if fi == f {
			teRows = append(teRows, i)
		} else {
			trRows = append(trRows, i)
		}
	}
	tr, te, unseen, err := split(ctx, trRows, teRows)
	if err != nil {
		return out, wrap(err)
	}
	tc := cfg.Train
	tc.Seed = UnitSeed(cfg.Train.Seed, r, f, cfg.Folds)
	opts := cfg.Options
	if opts != nil && opts.Log != nil {
		o := *opts
		o.Log = opts.Log.WithField("repeat", r+1).WithField("fold", f+1)
		opts = &o
	}
	fit, err := train.Fit(ctx, tr, cfg.Model, tc, opts)
	if err != nil {
		return out, wrap(err)
	}
	if fit.Status == train.Canceled {
		return out, wrap(context.Canceled)
	}
	pred, err := fit.Network.Predict(te.X, te.Rows)
	if err != nil {
		return out, wrap(err)
	}
	if rules, err := fit.Network.Rules(); err == nil {
		rules.Evaluate(te.X, te.Rows, te.Cols, pred, te.Y)
		fid := rules.Fidelity
		out.RuleFidelity = &fid
	}
	m, err := train.Evaluate(te.Y, pred, tr.Classes)
	if err != nil {
		return out, wrap(err)
	}
	out.Rows, out.MacroF1, out.Accuracy, out.Unseen = m.Rows, m.MacroF1, m.Accuracy, unseen
	out.Seconds = time.Since(start).Seconds()
	return out, nil
}
