// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/sirupsen/logrus"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
)

// The encoding check. A table of continuous columns takes the continuous
// route, a linear model, which cannot express an interaction of two
// columns ((x3 > 0) xor (x7 > 0): 0.50 on fresh rows); the same columns
// binarised at their training quartiles take the categorical route, whose
// screening finds it (0.95). Binarising loses where the label is additive
// in the columns (x3 + x7 > 0: 0.97 → 0.88), as on most shared tables.
// So where the encoding is left open, a table of a few continuous columns
// is cross-validated both ways on its training rows, and binarised only
// where that predicts the held-out rows better: more of the rows the two
// encodings disagree on become right than wrong by a one-sided sign test
// at 5 % (as the boundary check decides), and the held-out macro-F1 is
// higher.

// Bounds of the tables ChooseEncoding checks: every feature column
// continuous (a numeric column of more than two values), at least
// EncodingMinColumns and at most EncodingMaxColumns of them, and at least
// EncodingMinRows and at most EncodingMaxRows rows.
const (
	EncodingMinColumns = 2
	EncodingMaxColumns = 32
	EncodingMinRows    = 60
	EncodingMaxRows    = 5_000
)

// EncodingFolds is the number of inner folds of the encoding check.
const EncodingFolds = 3

// EncodingCheck is the inner cross-validation of ChooseEncoding.
type EncodingCheck struct {
	Folds int `json:"folds"`
	// NumbersMacroF1 and BinarisedMacroF1 are the held-out macro-F1 of
	// the columns as numbers and binarised; Gained and Lost count the
	// held-out rows that binarising makes right and wrong.
	NumbersMacroF1   float64 `json:"numbers_macro_f1"`
	BinarisedMacroF1 float64 `json:"binarised_macro_f1"`
	Gained           int     `json:"gained"`
	Lost             int     `json:"lost"`
	// Binarised is the choice: every column binarised (Binarise "*").
	Binarised bool `json:"binarised"`
}

// ChooseEncoding returns the encoder options to train on t with: opts
// itself, unless opts leaves the encoding open (no Categorical, Binarise
// or NoBinarise) and t's feature columns are all continuous, between
// EncodingMinColumns and EncodingMaxColumns of them over EncodingMinRows
// to EncodingMaxRows rows with every class in EncodingFolds rows or more;
// then it fits mc and tc on EncodingFolds stratified inner folds of t with
// the columns as numbers and binarised (Binarise "*"), and returns opts
// with Binarise "*" where the binarised fits predict the held-out rows
// better (see the package documentation), with the check. The check is
// nil where it did not run. Its folds are drawn from a generator of their
// own seeded by tc.Seed, so the result is a function of t and the
// configs. log, where not nil, hears when the check starts (its fits can
// take seconds).
func ChooseEncoding(ctx context.Context, t *data.Table, opts data.EncoderOptions, mc model.Config, tc Config, log logrus.FieldLogger) (data.EncoderOptions, *EncodingCheck, error) {
	if ctx == nil {
		return opts, nil, fmt.Errorf("%w: ChooseEncoding: nil context.Context (use context.Background())", ErrConfig)
	}
	if t == nil || len(opts.Categorical) > 0 || len(opts.Binarise) > 0 || opts.NoBinarise {
		return opts, nil, nil
	}
	rows := len(t.Rows)
	if rows < EncodingMinRows || rows > EncodingMaxRows {
		return opts, nil, nil
	}
	whole, err := data.FitEncoder(t, opts)
	if err != nil {
		return opts, nil, err
	}
	if n := len(whole.Columns); n < EncodingMinColumns || n > EncodingMaxColumns {
		return opts, nil, nil
	}
	for _, c := range whole.Columns {
		if c.Kind != data.Numeric || c.Values != 0 {
			return opts, nil, nil
		}
	}
	ds, _, err := whole.Transform(t)
	if err != nil {
		return opts, nil, err
	}
	C := len(whole.Classes)
	if CheckFolds(ds, EncodingFolds) != nil {
		return opts, nil, nil
	}
	if log != nil {
		log.Infof("encoding check: fitting the %d continuous columns as numbers and binarised on %d inner folds (--no-binarise skips it)", len(whole.Columns), EncodingFolds)
	}
	binarised := opts
	binarised.Binarise = []string{"*"}
	rng := rand.New(rand.NewPCG(tc.Seed, 0x656e636f64696e67)) // "encoding"
	fold := StratifiedFolds(ds.Y, C, EncodingFolds, rng)
	pred := [2][]int{make([]int, rows), make([]int, rows)}
	encodings := []data.EncoderOptions{opts, binarised}
	// The 2·EncodingFolds fits run at once (each writes its own rows of
	// pred), as inner fits: no boundary check of their own.
	err = concurrently(ctx, 2*EncodingFolds, func(ctx context.Context, job int) error {
		f, k := job/2, job%2
		tr, te := foldRows(fold, f)
		p, err := fitPredict(ctx, t.Subset(tr), t.Subset(te), encodings[k], mc, tc)
		if err != nil {
			return err
		}
		for j, i := range te {
			pred[k][i] = p[j]
		}
		return nil
	})
	if err != nil {
		return opts, nil, err
	}
	check := &EncodingCheck{Folds: EncodingFolds}
	for i, y := range ds.Y {
		switch {
		case pred[0][i] == pred[1][i]:
		case pred[1][i] == y:
			check.Gained++
		case pred[0][i] == y:
			check.Lost++
		}
	}
	names := whole.Classes
	for k, p := range pred {
		m, err := Evaluate(ds.Y, p, names)
		if err != nil {
			return opts, nil, err
		}
		if k == 0 {
			check.NumbersMacroF1 = m.MacroF1
		} else {
			check.BinarisedMacroF1 = m.MacroF1
		}
	}
	sign := distuv.Binomial{N: float64(check.Gained + check.Lost), P: 0.5}
	check.Binarised = check.Gained > 0 && sign.Survival(float64(check.Gained)-1) < 0.05 && check.BinarisedMacroF1 > check.NumbersMacroF1
	if check.Binarised {
		return binarised, check, nil
	}
	return opts, check, nil
}

// fitPredict fits the encoder with opts and the network on tr and returns
// its predictions of te's rows.
func fitPredict(ctx context.Context, tr, te *data.Table, opts data.EncoderOptions, mc model.Config, tc Config) ([]int, error) {
	enc, err := data.FitEncoder(tr, opts)
	if err != nil {
		return nil, err
	}
	trDS, _, err := enc.Transform(tr)
	if err != nil {
		return nil, err
	}
	teDS, _, err := enc.Transform(te) // a category unseen in tr: all zeros
	if err != nil {
		return nil, err
	}
	// The check compares encodings, not finished models: the categorical
	// fits stop as early as the continuous route's (at most
	// ContinuousEpochs epochs, patience ContinuousPatience) where the
	// config leaves the route's defaults.
	if tc.Epochs == 0 {
		tc.Epochs = ContinuousEpochs
	}
	if tc.Patience == 0 && !tc.NoEarlyStopping {
		tc.Patience = ContinuousPatience
	}
	l, err := newLoop(ctx, trDS, mc, tc, nil)
	if err != nil {
		return nil, err
	}
	l.inner = true
	res, err := l.run(ctx)
	if err != nil {
		return nil, err
	}
	if res.Status == Canceled {
		return nil, fmt.Errorf("train: encoding check: %w", context.Cause(ctx))
	}
	return res.Network.Predict(teDS.X, teDS.Rows)
}
