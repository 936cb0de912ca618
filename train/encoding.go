// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/sirupsen/logrus"
	"gonum.org/v1/gonum/stat"

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
// at 5 % (as the boundary check decides), each row weighed by its class's
// weight where the fit's class weights are far from equal (since session
// 35: weightedGainsHold), and the held-out macro-F1 is higher. Since session 26 the table may mix them with flags, categories
// and constant columns (the continuous route takes such a table too, and
// cannot express an interaction of two flags either), and a continuous
// column of at most EncodingCodeValues values, a code, is one-hot encoded
// in the binary encoding rather than cut at its quartiles.
//
// Since session 52 the check also fits the columns as numbers with steps
// (data.Stepped: each continuous column's value beside 0/1 thresholds at
// its training quartiles) on the continuous route: a linear model that
// adds steps to each column's slope, for a label with a threshold or a
// band in a column (sonar, glaucoma, Pima). Both candidates are linear
// models on the continuous route, so the two are compared as FitSelect
// compares its designs, by the held-out class-weighted cross-entropy row
// by row: the steps are added where their loss is lower by more than
// StepsMargin standard errors of the paired difference, and the
// binarised encoding is not chosen (it is asked first, as before). The
// steps are fitted on tables of up to EncodingMaxFeatures features (not
// only EncodingMaxColumns continuous columns: their fits are the
// continuous route's, which are cheap), and the binarised encoding, as
// before, on tables of up to EncodingMaxColumns continuous columns.

// Bounds of the tables ChooseEncoding checks: at least EncodingMinColumns
// feature columns, of which at least one and at most EncodingMaxColumns
// continuous (numeric, more than two values), beside any number of
// binary, constant or categorical ones, at most EncodingMaxFeatures input
// features in all, and at least EncodingMinRows and at most
// EncodingMaxRows rows. A table whose every continuous column is a code
// (at most EncodingCodeValues values: genotypes as 0/1/2, say) is checked
// however many columns it has, up to EncodingMaxCodeCells cells (rows ×
// input features), which bounds the memory of the inner fits (one-hot,
// four times the cells at most, two fits at once on two cores) and their
// time (500 rows × 10,000 codes: about 35 s, measured in session 26).
const (
	EncodingMinColumns   = 2
	EncodingMaxColumns   = 32
	EncodingMaxFeatures  = 128
	EncodingMinRows      = 60
	EncodingMaxRows      = 5_000
	EncodingMaxCodeCells = 5_000_000
)

// EncodingCodeValues is the most distinct values a continuous column may
// have for the check's binary encoding to one-hot it (a code, as the
// MONK's files' attributes 1–4) rather than cut it at its quartiles: with
// four values or fewer the quartile cuts are already the column's own
// values (an ordinal code, x>1, x>2, x>3), and one-hot codes each value as
// a flag of its own, so that a rule tests a2 = 3 with one literal.
const EncodingCodeValues = 4

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
	// Binarised is the choice: every continuous column binarised
	// (Binarise "*"), and the columns in OneHot one-hot encoded
	// (Categorical) in the binary encoding.
	Binarised bool     `json:"binarised"`
	OneHot    []string `json:"one_hot,omitempty"`
	// Continuous is the number of continuous columns checked.
	Continuous int `json:"continuous"`
	// BinarisedTried says whether the binarised encoding was fitted: on
	// a table of more than EncodingMaxColumns continuous columns (that
	// are not all codes) only the steps are (StepsTried).
	BinarisedTried bool `json:"binarised_tried"`
	// StepsTried says whether the columns were also fitted as numbers
	// with steps (data.Stepped: each continuous column's value beside
	// 0/1 thresholds at its training quartiles, on the continuous
	// route), which the check does on tables of at most
	// EncodingMaxFeatures features. NumbersLoss and StepsLoss are the
	// two encodings' held-out class-weighted cross-entropy (mean over
	// the rows), StepsStdErr the standard error of its paired
	// difference, StepsMacroF1 the held-out macro-F1 with steps, and
	// Steps the choice: the steps' loss lower than the numbers' by more
	// than StepsMargin standard errors, and the binarised encoding not
	// chosen.
	StepsTried   bool    `json:"steps_tried"`
	NumbersLoss  float64 `json:"numbers_loss,omitempty"`
	StepsLoss    float64 `json:"steps_loss,omitempty"`
	StepsStdErr  float64 `json:"steps_std_err,omitempty"`
	StepsMacroF1 float64 `json:"steps_macro_f1,omitempty"`
	Steps        bool    `json:"steps"`
}

// StepsMargin is how many standard errors of the paired per-row
// difference the held-out loss with steps must be below the numbers'
// for the encoding check to add them: FitSelect's HalvesMargin, the
// same rule for the same kind of choice (two linear designs on the
// continuous route, compared by held-out class-weighted cross-entropy).
const StepsMargin = HalvesMargin

// ChooseEncoding returns the encoder options to train on t with: opts
// itself, unless opts leaves the encoding open (no Categorical, Binarise,
// Steps or NoBinarise), FitEncoder's own rule binarises none of t's
// columns, and t is within the check's bounds (EncodingMinColumns and the
// others: at least one continuous column, alone or beside binary,
// constant and categorical ones, at most EncodingMaxFeatures features, or
// any number of continuous columns that are all codes of at most
// EncodingCodeValues values in at most EncodingMaxCodeCells cells;
// EncodingMinRows to EncodingMaxRows rows, every class in EncodingFolds
// rows or more); then it fits mc and tc on EncodingFolds stratified inner
// folds of t with the columns as FitEncoder codes them, binarised
// (Binarise "*", and Categorical the continuous columns of at most
// EncodingCodeValues values; where t has at most EncodingMaxColumns
// continuous columns or only codes) and with steps (Steps "*"; where t
// has at most EncodingMaxFeatures features), and returns the binarised
// options where those fits predict the held-out rows better, else the
// options with steps where theirs do (see the package documentation),
// with the check. The check is nil where it did not run.
// Its folds are drawn from a generator of their own seeded by tc.Seed, so
// the result is a function of t and the configs. log, where not nil,
// hears when the check starts (its fits can take seconds).
func ChooseEncoding(ctx context.Context, t *data.Table, opts data.EncoderOptions, mc model.Config, tc Config, log logrus.FieldLogger) (data.EncoderOptions, *EncodingCheck, error) {
	if ctx == nil {
		return opts, nil, fmt.Errorf("%w: ChooseEncoding: nil context.Context (use context.Background())", ErrConfig)
	}
	if t == nil || len(opts.Categorical) > 0 || len(opts.Binarise) > 0 || len(opts.Steps) > 0 || opts.NoBinarise {
		return opts, nil, nil
	}
	rows := len(t.Rows)
	if rows < EncodingMinRows || rows > EncodingMaxRows {
		return opts, nil, nil
	}
	// Every column encodes to one feature or more, so a table of more than
	// EncodingMaxFeatures columns can only be checked as a table of codes:
	// too many cells, or a column of numbers with more values than a code
	// (the first gene of an expression table), rule it out before its
	// encoder is fitted, which the caller fits again (prostate_ge's 74 ms,
	// in every training fold).
	if cols := len(t.Header) - 1; cols > EncodingMaxFeatures && (rows*cols > EncodingMaxCodeCells || holdsNonCode(t, opts.Label)) {
		return opts, nil, nil
	}
	whole, err := data.FitEncoder(t, opts)
	if err != nil {
		return opts, nil, err
	}
	if len(whole.Columns) < EncodingMinColumns {
		return opts, nil, nil
	}
	var continuous, categorical []string
	for _, c := range whole.Columns {
		switch {
		case c.Kind == data.Binned: // FitEncoder's own rule binarised a table of flags with a number or two
			return opts, nil, nil
		case c.Kind == data.Numeric && c.Values == 0:
			continuous = append(continuous, c.Name)
		case c.Kind == data.Categorical:
			categorical = append(categorical, c.Name)
		}
	}
	if len(continuous) == 0 {
		return opts, nil, nil
	}
	narrow := len(continuous) <= EncodingMaxColumns
	var codes []string
	if narrow || rows*len(whole.Columns) <= EncodingMaxCodeCells {
		codes = fewValued(t, continuous, EncodingCodeValues)
	}
	allCodes := len(codes) == len(continuous)
	if !narrow && !allCodes && len(whole.Columns) > EncodingMaxFeatures {
		return opts, nil, nil
	}
	ds, _, err := whole.Transform(t)
	if err != nil {
		return opts, nil, err
	}
	C := len(whole.Classes)
	tryBinarised := narrow && ds.Cols <= EncodingMaxFeatures || allCodes && ds.Rows*ds.Cols <= EncodingMaxCodeCells
	trySteps := ds.Cols <= EncodingMaxFeatures
	if !tryBinarised && !trySteps {
		return opts, nil, nil
	}
	if CheckFolds(ds, EncodingFolds) != nil {
		return opts, nil, nil
	}
	if log != nil {
		tried := "as numbers, with steps and binarised"
		switch {
		case !trySteps:
			tried = "as numbers and binarised"
		case !tryBinarised:
			tried = "as numbers and with steps"
		}
		log.Infof("encoding check: fitting the %d continuous columns %s on %d inner folds (--no-binarise skips it)", len(continuous), tried, EncodingFolds)
	}
	// Both encodings name the whole table's categorical columns, so that a
	// column keeps its kind whatever rows an inner fold holds (a numeric
	// column with one stray word, "./.", is categorical on the whole table
	// but numeric on the folds that miss the word, whose held-out rows
	// would then not parse).
	numbers := opts
	numbers.Categorical = categorical
	binarised := opts
	binarised.Binarise = []string{"*"}
	binarised.Categorical = codes
	binarisedFolds := binarised
	binarisedFolds.Categorical = append(slices.Clone(categorical), codes...)
	stepped := opts
	stepped.Categorical = categorical
	stepped.Steps = []string{"*"}
	rng := rand.New(rand.NewPCG(tc.Seed, 0x656e636f64696e67)) // "encoding"
	fold := StratifiedFolds(ds.Y, C, EncodingFolds, rng)
	const numbersAt, binarisedAt, stepsAt = 0, 1, 2
	encodings := []data.EncoderOptions{numbers, binarisedFolds, stepped}
	tried := []bool{true, tryBinarised, trySteps}
	pred := make([][]int, len(encodings))
	proba := make([][]float64, len(encodings)) // rows × C held-out probabilities, for the steps' loss
	for k := range encodings {
		if tried[k] {
			pred[k] = make([]int, rows)
		}
		if tried[k] && trySteps && k != binarisedAt {
			proba[k] = make([]float64, rows*C)
		}
	}
	var jobs []int // fold·len(encodings) + encoding, fold by fold: a fold's fits start together
	for f := range EncodingFolds {
		for k := range encodings {
			if tried[k] {
				jobs = append(jobs, f*len(encodings)+k)
			}
		}
	}
	// The fits run at once (each writes its own rows of pred and proba),
	// as inner fits: no boundary check of their own.
	err = concurrently(ctx, len(jobs), func(ctx context.Context, job int) error {
		f, k := jobs[job]/len(encodings), jobs[job]%len(encodings)
		tr, te := foldRows(fold, f)
		p, pr, err := fitPredict(ctx, t.Subset(tr), t.Subset(te), encodings[k], mc, tc, proba[k] != nil)
		if err != nil {
			return err
		}
		for j, i := range te {
			pred[k][i] = p[j]
			if pr != nil {
				copy(proba[k][i*C:(i+1)*C], pr[j*C:(j+1)*C])
			}
		}
		return nil
	})
	if err != nil {
		return opts, nil, err
	}
	check := &EncodingCheck{Folds: EncodingFolds, OneHot: codes, Continuous: len(continuous), BinarisedTried: tryBinarised, StepsTried: trySteps}
	names := whole.Classes
	macroF1 := func(p []int) (float64, error) {
		m, err := Evaluate(ds.Y, p, names)
		return m.MacroF1, err
	}
	if check.NumbersMacroF1, err = macroF1(pred[numbersAt]); err != nil {
		return opts, nil, err
	}
	// The balanced weights themselves (the continuous route's, which the
	// categorical route takes to a power only where they are near equal,
	// and there the test is the plain sign test anyway).
	weights := LossWeights(tc, ds.Y, C, model.Continuous)
	if trySteps {
		if check.StepsMacroF1, err = macroF1(pred[stepsAt]); err != nil {
			return opts, nil, err
		}
		numbersLoss := heldOutLoss(proba[numbersAt], ds.Y, C, weights)
		stepsLoss := heldOutLoss(proba[stepsAt], ds.Y, C, weights)
		diff := make([]float64, rows)
		for i := range diff {
			diff[i] = numbersLoss[i] - stepsLoss[i]
		}
		d, sd := stat.MeanStdDev(diff, nil)
		check.NumbersLoss, check.StepsLoss = stat.Mean(numbersLoss, nil), stat.Mean(stepsLoss, nil)
		check.StepsStdErr = sd / math.Sqrt(float64(rows))
		check.Steps = d > StepsMargin*check.StepsStdErr
	}
	// The binarised encoding first: where it predicts better, the
	// categorical route has found what a linear model cannot express.
	if tryBinarised {
		check.Gained, check.Lost = changedRows(pred[numbersAt], pred[binarisedAt], ds.Y)
		if check.BinarisedMacroF1, err = macroF1(pred[binarisedAt]); err != nil {
			return opts, nil, err
		}
		check.Binarised = weightedGainsHold(pred[numbersAt], pred[binarisedAt], ds.Y, weights) &&
			check.BinarisedMacroF1 > check.NumbersMacroF1
		if check.Binarised {
			check.Steps = false
			return binarised, check, nil
		}
	}
	if check.Steps {
		return stepped, check, nil
	}
	return opts, check, nil
}

// heldOutLoss returns each row's class-weighted cross-entropy under the
// held-out probabilities proba (rows × C): weights[y]·−ln p(y), with p
// kept above 1e-12 so that one confident miss costs at most about 28.
func heldOutLoss(proba []float64, y []int, C int, weights []float64) []float64 {
	out := make([]float64, len(y))
	for i, c := range y {
		out[i] = -rowWeight(weights, c) * math.Log(max(proba[i*C+c], 1e-12))
	}
	return out
}

// fitPredict fits the encoder with opts and the network on tr and returns
// its predictions of te's rows, and where withProba is set their class
// probabilities (rows × classes).
func fitPredict(ctx context.Context, tr, te *data.Table, opts data.EncoderOptions, mc model.Config, tc Config, withProba bool) ([]int, []float64, error) {
	enc, err := data.FitEncoder(tr, opts)
	if err != nil {
		return nil, nil, err
	}
	trDS, _, err := enc.Transform(tr)
	if err != nil {
		return nil, nil, err
	}
	teDS, _, err := enc.Transform(te) // a category unseen in tr: all zeros
	if err != nil {
		return nil, nil, err
	}
	// The check compares encodings, not finished models.
	net, err := innerFit(ctx, trDS, mc, shortSchedule(tc), nil)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, fmt.Errorf("train: encoding check: %w", err)
		}
		return nil, nil, err
	}
	pred, err := net.Predict(teDS.X, teDS.Rows)
	if err != nil || !withProba {
		return pred, nil, err
	}
	proba, _, err := net.PredictProba(teDS.X, teDS.Rows)
	return pred, proba, err
}

// shortSchedule returns tc for an inner check that compares two
// encodings or rule tables rather than finished models: its fits stop as
// early as the continuous route's (at most ContinuousEpochs epochs,
// patience ContinuousPatience) where tc leaves the route's defaults.
func shortSchedule(tc Config) Config {
	if tc.Epochs == 0 {
		tc.Epochs = ContinuousEpochs
	}
	if tc.Patience == 0 && !tc.NoEarlyStopping {
		tc.Patience = ContinuousPatience
	}
	return tc
}

// innerFit trains the network of an inner check on ds: a loop that runs
// no checks of its own (the boundary and tuple checks), to the end, its
// network built from the rule search s where that is not nil (see
// newLoopFrom). A fit canceled by ctx is an error wrapping ctx's cause.
func innerFit(ctx context.Context, ds *data.Dataset, mc model.Config, tc Config, s *model.TupleSearch) (*model.Network, error) {
	l, err := newLoopFrom(ctx, ds, mc, tc, nil, s)
	if err != nil {
		return nil, err
	}
	l.inner = true
	res, err := l.run(ctx)
	if err != nil {
		return nil, err
	}
	if res.Status == Canceled {
		return nil, context.Cause(ctx)
	}
	return res.Network, nil
}

// fewValued returns those of the named columns of t whose non-missing
// cells take at most most distinct finite values, in t's column order.
func fewValued(t *data.Table, names []string, most int) []string {
	named := make(map[string]bool, len(names))
	for _, name := range names {
		named[name] = true
	}
	var out []string
	for j, name := range t.Header {
		if !named[name] {
			continue
		}
		if n, ok := numberValues(t, j, most); ok && n <= most {
			out = append(out, name)
		}
	}
	return out
}

// holdsNonCode reports whether a feature column of t (the label is the
// column named label, or the last) holds only numbers, of more than
// EncodingCodeValues distinct values: a continuous column that is not a
// code, as FitEncoder and fewValued would find.
func holdsNonCode(t *data.Table, label string) bool {
	lab := len(t.Header) - 1
	if label != "" {
		lab = slices.Index(t.Header, label) // -1 where there is none: FitEncoder says so
	}
	for j := range t.Header {
		if n, ok := numberValues(t, j, EncodingCodeValues); j != lab && ok && n > EncodingCodeValues {
			return true
		}
	}
	return false
}

// numberValues counts the distinct values of column j of t's non-missing
// cells, stopping once it passes most; ok is false where a cell is not a
// finite number.
func numberValues(t *data.Table, j, most int) (n int, ok bool) {
	seen := make(map[float64]bool, most+1)
	for _, row := range t.Rows {
		f, missing, isNumber := data.NumericCell(row[j])
		switch {
		case !isNumber:
			return 0, false
		case missing:
			continue
		}
		if seen[f] = true; len(seen) > most {
			break
		}
	}
	return len(seen), true
}
