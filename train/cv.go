// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
)

// StratifiedFolds assigns every row to one of k folds so that each class is
// spread as evenly as possible over the folds (rows of a class shuffled
// with rng, then dealt round-robin, continuing where the previous class
// ended). It returns the fold of each row.
func StratifiedFolds(y []int, classes, k int, rng *rand.Rand) []int {
	fold := make([]int, len(y))
	byClass := make([][]int, classes)
	for i, c := range y {
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
}

// CrossValidate runs stratified k-fold cross-validation: each fold is
// predicted by a model fitted on the other folds only. The folds come from
// cfg.Seed; fold i trains with seed cfg.Seed+i.
func CrossValidate(ctx context.Context, ds *data.Dataset, k int, mcfg model.Config, cfg Config, opts *Options) (*CVResult, error) {
	if k < 2 || k > ds.Rows {
		return nil, fmt.Errorf("%w: %d folds for %d rows, want 2 <= k <= rows", ErrConfig, k, ds.Rows)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x63762d666f6c6473)) // "cv-folds"
	fold := StratifiedFolds(ds.Y, len(ds.Classes), k, rng)
	res := &CVResult{}
	var accs, f1s []float64
	for f := range k {
		var tr, te []int
		for i, fi := range fold {
			if fi == f {
				te = append(te, i)
			} else {
				tr = append(tr, i)
			}
		}
		fc := cfg
		fc.Seed = cfg.Seed + uint64(f)
		fit, err := Fit(ctx, ds.Subset(tr), mcfg, fc, opts)
		if err != nil {
			return nil, fmt.Errorf("fold %d: %w", f+1, err)
		}
		if fit.Status == Canceled {
			return nil, fmt.Errorf("fold %d: %w", f+1, context.Canceled)
		}
		test := ds.Subset(te)
		pred, err := fit.Network.Predict(test.X, test.Rows)
		if err != nil {
			return nil, fmt.Errorf("fold %d: %w", f+1, err)
		}
		m, err := Evaluate(test.Y, pred, ds.Classes)
		if err != nil {
			return nil, err
		}
		res.Folds = append(res.Folds, m)
		accs = append(accs, m.Accuracy)
		f1s = append(f1s, m.MacroF1)
	}
	res.MeanAcc, res.StdAcc = stat.MeanStdDev(accs, nil)
	res.MeanMacroF1, res.StdMacroF1 = stat.MeanStdDev(f1s, nil)
	return res, nil
}
