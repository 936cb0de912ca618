// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"gonum.org/v1/gonum/stat"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/internal/procs"
	"github.com/hornets-go/hornets/model"
)

// StratifiedFolds assigns every row to one of k folds so that each class is
// spread as evenly as possible over the folds (rows of a class shuffled
// with rng, then dealt round-robin, continuing where the previous class
// ended). It returns the fold of each row. It panics if k < 1, a label
// is outside 0..classes−1 or rng is nil (CheckFolds checks a dataset
// first).
func StratifiedFolds(y []int, classes, k int, rng *rand.Rand) []int {
	if k < 1 {
		panic(fmt.Sprintf("train: StratifiedFolds: %d folds, want at least 1", k))
	}
	if rng == nil {
		panic("train: StratifiedFolds: nil *rand.Rand")
	}
	fold := make([]int, len(y))
	byClass := make([][]int, max(classes, 0))
	for i, c := range y {
		checkLabel("StratifiedFolds", i, c, classes)
		byClass[c] = append(byClass[c], i)
	}
	next := 0
	for _, rows := range byClass {
		rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		for _, r := range rows {
			fold[r] = next % k
			next++
		}
	}
	return fold
}

// CVResult is the outcome of a cross-validation.
type CVResult struct {
	Folds       []Metrics `json:"folds"`
	MeanAcc     float64   `json:"mean_accuracy"`
	StdAcc      float64   `json:"std_accuracy"`
	MeanMacroF1 float64   `json:"mean_macro_f1"`
	StdMacroF1  float64   `json:"std_macro_f1"`
	// RuleFidelity is, per fold, the share of the held-out rows where the
	// fold's decision list, applied by hand, gives the network's
	// prediction; empty when some fold's network has no rules (it predicts
	// with the continuous route).
	RuleFidelity     []float64 `json:"rule_fidelity,omitempty"`
	MeanRuleFidelity float64   `json:"mean_rule_fidelity,omitempty"`
}

// FoldsError reports a class with fewer rows than folds: some folds would
// hold none of its rows, so their scores would not be comparable. It
// unwraps to ErrConfig.
type FoldsError struct {
	Class string // the smallest class
	Rows  int    // its rows
	Folds int    // the folds asked for
	// Table names the table, where a caller checking several sets it
	// (evaluate.BenchRealSweep); Error leaves it to the caller's wrapping.
	Table string
}

func (e *FoldsError) Error() string {
	if e.Rows < 2 {
		return fmt.Sprintf("%v: class %q has %d row, fewer than the %d folds; cross-validation needs at least 2 rows of every class",
			ErrConfig, e.Class, e.Rows, e.Folds)
	}
	return fmt.Sprintf("%v: class %q has %d rows, fewer than the %d folds; use %d folds or fewer", ErrConfig, e.Class, e.Rows, e.Folds, e.Rows)
}

func (e *FoldsError) Unwrap() error { return ErrConfig }

// CheckFolds reports whether ds can be cross-validated with k stratified
// folds: 2 <= k <= MaxFolds, and every class with rows has at least k of
// them (else a *FoldsError naming the smallest class). CrossValidate calls
// it; a program can call it first to word the error for its users.
func CheckFolds(ds *data.Dataset, k int) error {
	if k < 2 || k > MaxFolds {
		return fmt.Errorf("%w: %d folds, want 2..%d", ErrConfig, k, MaxFolds)
	}
	if ds == nil {
		return fmt.Errorf("%w: no data", ErrData)
	}
	count := make([]int, len(ds.Classes))
	for _, c := range ds.Y {
		if c >= 0 && c < len(count) {
			count[c]++
		}
	}
	small := -1
	for c, n := range count {
		if n > 0 && (small < 0 || n < count[small]) {
			small = c
		}
	}
	if small >= 0 && count[small] < k {
		return &FoldsError{Class: ds.Classes[small], Rows: count[small], Folds: k}
	}
	if ds.Rows < k {
		return fmt.Errorf("%w: %d folds for %d rows, want 2 <= k <= rows", ErrConfig, k, ds.Rows)
	}
	return nil
}

// CrossValidate runs stratified k-fold cross-validation: each fold is
// predicted by a model fitted on the other folds only. k must pass
// CheckFolds: every class needs at least k rows. The folds come from
// cfg.Seed; fold i trains with seed cfg.Seed+i. Folds are fitted in
// parallel, up to procs.Workers() at a time (one at a time when opts has a
// Recorder, which is not required to be safe for concurrent use); the
// result does not depend on the parallelism.
func CrossValidate(ctx context.Context, ds *data.Dataset, k int, mcfg model.Config, cfg Config, opts *Options) (*CVResult, error) {
	if err := CheckFolds(ds, k); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x63762d666f6c6473)) // "cv-folds"
	fold := StratifiedFolds(ds.Y, len(ds.Classes), k, rng)
	workers := min(k, procs.Workers())
	if opts != nil && opts.Recorder != nil {
		workers = 1
	}
	folds := make([]Metrics, k)
	fidelity := make([]float64, k) // -1: no rules
	errs := make([]error, k)
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range next {
				errs[f] = recovered(ctx, f, func(ctx context.Context, f int) error {
					var err error
					folds[f], fidelity[f], err = cvFold(ctx, ds, fold, f, mcfg, cfg, opts)
					return err
				})
			}
		}()
	}
	for f := range k {
		next <- f
	}
	close(next)
	wg.Wait()
	res := &CVResult{Folds: folds}
	accs, f1s := make([]float64, k), make([]float64, k)
	for f, m := range folds {
		if errs[f] != nil {
			return nil, errs[f]
		}
		accs[f], f1s[f] = m.Accuracy, m.MacroF1
	}
	res.MeanAcc, res.StdAcc = stat.MeanStdDev(accs, nil)
	res.MeanMacroF1, res.StdMacroF1 = stat.MeanStdDev(f1s, nil)
	if !slices.Contains(fidelity, -1) {
		res.RuleFidelity, res.MeanRuleFidelity = fidelity, stat.Mean(fidelity, nil)
	}
	return res, nil
}

// foldRows splits the row indices by fold: those of every fold but f
// (training) and those of fold f (held out), each in row order.
func foldRows(fold []int, f int) (tr, te []int) {
	for i, fi := range fold {
		if fi == f {
			te = append(te, i)
		} else {
			tr = append(tr, i)
		}
	}
	return tr, te
}

// cvFold fits on every fold but f and scores fold f.
func cvFold(ctx context.Context, ds *data.Dataset, fold []int, f int, mcfg model.Config, cfg Config, opts *Options) (m Metrics, fidelity float64, err error) {
	tr, te := foldRows(fold, f)
	fc := cfg
	fc.Seed = cfg.Seed + uint64(f)
	if opts != nil && opts.Log != nil {
		o := *opts
		o.Log = opts.Log.WithField("fold", f+1)
		opts = &o
	}
	fit, err := Fit(ctx, ds.Subset(tr), mcfg, fc, opts)
	if err != nil {
		return Metrics{}, 0, fmt.Errorf("fold %d: %w", f+1, err)
	}
	if fit.Status == Canceled {
		return Metrics{}, 0, fmt.Errorf("fold %d: %w", f+1, context.Canceled)
	}
	test := ds.Subset(te)
	pred, err := fit.Network.Predict(test.X, test.Rows)
	if err != nil {
		return Metrics{}, 0, fmt.Errorf("fold %d: %w", f+1, err)
	}
	fidelity = -1
	if rules, err := fit.Network.Rules(); err == nil {
		rules.Evaluate(test.X, test.Rows, test.Cols, pred, test.Y)
		fidelity = rules.Fidelity
	}
	m, err = Evaluate(test.Y, pred, ds.Classes)
	return m, fidelity, err
}
