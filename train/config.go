// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"fmt"
	"math"
	"slices"

	"github.com/hornets-go/hornets/internal/defaults"
	"github.com/hornets-go/hornets/model"
)

// Config holds the training hyper-parameters and schedules. The zero
// value of every field means its default, so Config{} is the default
// training and DefaultConfig() == Config{}.Resolved(); switches that turn
// something off are explicit booleans. Validate reports impossible values.
type Config struct {
	// LearningRate of Adam on the categorical (CatInt) route. Default 0.05;
	// at most MaxLearningRate (10).
	LearningRate float64 `json:"learning_rate"`
	// ContinuousLearningRate of Adam on the continuous (LinAtt) route.
	// Default 0, meaning LearningRate/5: the single linear layer of LinAtt
	// overfits small tables at CatInt's rate (breast cancer, 5-fold: 0.958
	// at 0.05, 0.968 at 0.01). At most MaxLearningRate.
	ContinuousLearningRate float64 `json:"continuous_learning_rate"`
	// ContinuousL2 is the strength of an L2 penalty on the continuous
	// route's output weights W, in units of the Gaussian prior of a
	// logistic regression with C = 1 on standardised features: the loss
	// gains ContinuousL2·‖W‖²/(2·n·(D+1)) for n training rows and D
	// features. LinAtt's rows are scaled to unit length, so a weight there
	// is about √(D+1) times the weight on a standardised feature; the
	// scaling keeps the prior the same for wide and narrow tables. Without
	// it the route fits small wide tables until the training loss is 0.
	// Default 1; at most MaxContinuousL2 (1e6). NoContinuousL2 switches it
	// off.
	ContinuousL2   float64 `json:"continuous_l2"`
	NoContinuousL2 bool    `json:"no_continuous_l2"`
	// ContinuousFit chooses the continuous route's output layer once
	// training stops: FitAverage averages the weights of Adam's best epoch
	// with the optimum of the penalised training loss
	// (model.Trainer.ContinuousOptimum, by L-BFGS); FitAdam keeps Adam's
	// (the paper's training); FitOptimum takes the optimum; FitSelect (the
	// default) asks an inner cross-validation on the training rows
	// (HalvesFolds folds) whether the row's direction, half of LinAtt's
	// input, predicts held-out rows better with the values than the values
	// alone, and whether a stronger or weaker penalty (PenaltyScales
	// times ContinuousL2) predicts them better: FitAverage with the optimum at
	// the chosen penalty where the direction helps, else the output layer
	// is the optimum over the values half (model.ValuesHalf) at the chosen
	// penalty, the direction's weights zero; a choice other than both
	// halves at ContinuousL2 needs a held-out loss lower by HalvesMargin
	// standard errors (HalvesCheck). Tables with fewer than 2·HalvesFolds
	// rows keep FitAverage. The loss is
	// convex in the output layer, so the optimum is unique under the L2
	// prior and depends on the seed only through the attention A (which
	// Adam trains, and which barely moves); Adam stopped early is a differently
	// regularised fit of the same model, and the average of the two did
	// better than either (see the package documentation, session 7).
	// The optimum needs the prior: without it (NoContinuousL2) a
	// separable table has none, so the default is then FitAdam and the
	// others are refused.
	ContinuousFit ContinuousFit `json:"continuous_fit,omitempty"`
	// SparseKeep adds sparse candidates to FitSelect's inner check, for
	// tables where a few columns among many carry the label (a variant
	// among thousands of genotypes, a few genes among thousands): for each
	// k, the values half cut to the k columns of largest one-way F
	// statistic (screened again on every inner fold's training rows), at
	// the configured penalty and every StrongerPenaltyScales multiple. One is
	// chosen where its held-out loss is lower by SparseMargin standard
	// errors than both that of the fit chosen before it and that of the
	// class-weighted constant prediction; the output layer is then its fit
	// over all rows, zero elsewhere (HalvesCheck.SparseK). A table of fewer
	// columns than the largest k keeps its dense fits. Empty: the
	// default, DefaultSparseKeep, where ContinuousFit is FitSelect and
	// NoSparse is unset (since session 38; measured in sessions 24, 25 and
	// 38, package documentation); none otherwise. At most MaxSparseKeeps
	// values, ascending, each 1..MaxSparseKeep; needs FitSelect.
	SparseKeep []int `json:"sparse_keep,omitempty"`
	// NoSparse leaves the sparse candidates out of FitSelect's inner check
	// (SparseKeep's default), as up to session 37: the output layer then
	// weighs every column.
	NoSparse bool `json:"no_sparse,omitempty"`
	// Stack makes FitSelect's output layer, where no sparse candidate is
	// chosen, a stack of the dense candidates' fits over all rows, weighed
	// by the simplex weights that minimise the loss of their combined
	// held-out logits (HalvesCheck.Stack), rather than the one fit the
	// check chose. Not the default: over 28 tables of at most 128
	// features and three seeds it raised the mean macro-F1 by 0.0017 but
	// put more tables below the logistic regression on every seed, and on
	// 16 wider tables it lowered the mean (session 54, package
	// documentation). Needs FitSelect.
	Stack bool `json:"stack,omitempty"`
	// BatchSize is the mini-batch size; a dataset smaller than it trains in
	// batches of its own size. Default 16; 1..MaxBatchSize.
	BatchSize int `json:"batch_size"`
	// Epochs is the maximum number of epochs; 1..EpochLimit. Default 0,
	// meaning the route's own (EpochsFor): 1,000 on the categorical route,
	// the paper's 300 on the continuous one.
	Epochs int `json:"epochs"`
	// Patience stops training after this many epochs without a new best
	// loss (the validation loss when a validation split is used, else the
	// training loss, as the paper's code does); 1..EpochLimit. Default 0,
	// meaning the route's own (PatienceFor): 100 on the categorical route,
	// 30 on the continuous one. NoEarlyStopping switches it off.
	//
	// The routes differ because they learn at different speeds: CatInt's
	// softmax over 256 rules spreads the attention almost evenly, so each
	// output weight sees about 1/256 of the gradient and the training loss
	// keeps falling, slowly and noisily, for hundreds of epochs; LinAtt is
	// one linear layer under an L2 prior. Measured on 5×2 folds, seeds 101
	// and 202 (see the package documentation): 1,000 epochs and patience
	// 100 raised the five categorical tables' mean macro-F1 from 0.834 to
	// 0.836 (tic-tac-toe 0.963 → 0.970) and lowered the eleven continuous
	// tables' from 0.905 to 0.903. Since then OutputRateScale gives the
	// output weights steps of the right size (session 6), and the
	// categorical patience leaves room for DecayAfter's halvings.
	Patience        int  `json:"patience"`
	NoEarlyStopping bool `json:"no_early_stopping"`
	// DecayAfter halves the learning rates after every DecayAfter epochs
	// without a new best loss (a plateau schedule); 1..EpochLimit. Default
	// 0, meaning the route's own (DecayAfterFor): 20 on the categorical
	// route, none on the continuous one. NoDecay switches it off.
	//
	// With OutputRateScale the categorical route takes large steps, which
	// help it learn and hurt it where the labels are noisy: the training
	// loss, on which the best epoch is chosen, jumps between epochs, and
	// the best of a noisy run can be a poor network (an and gate over 3
	// features with 20 % of its labels flipped: one cell of four read
	// wrong). Halving the rate on a plateau keeps the early speed and
	// settles the end (see the package documentation, session 6).
	DecayAfter int  `json:"decay_after,omitempty"`
	NoDecay    bool `json:"no_decay,omitempty"`
	// OutputRateScale multiplies the categorical learning rate for
	// CatInt's output weights W (rules × classes), which read a softmax
	// over the rules: its entries are about 1/Rules each, so a step of
	// Adam, about the same size on every parameter, moves the logits
	// through W about Rules times less than through the bias. Default 0,
	// meaning √Rules (16 for the default 256 rules; OutputScaleFor);
	// 1 trains W at LearningRate as the paper's code does. At most
	// MaxOutputRateScale.
	OutputRateScale float64 `json:"output_rate_scale,omitempty"`
	// MinDelta is the improvement a loss must make to count as a new best.
	// Default 1e-4.
	MinDelta float64 `json:"min_delta"`
	// LossTarget stops training once the monitored loss is at or below it
	// (on the categorical route without a validation split, the training
	// loss of the network as it stands as well as the epoch's mean).
	// Default 0.001. NoLossTarget switches it off.
	LossTarget   float64 `json:"loss_target"`
	NoLossTarget bool    `json:"no_loss_target"`
	// RefreshEvery is the number of epochs between rule refreshes: the
	// weakest rule tuples are replaced by tuples from the screening pool,
	// or random ones (see model/rulesearch). Default 10; 1..EpochLimit.
	// NoRefresh switches refreshing off.
	RefreshEvery int  `json:"refresh_every"`
	NoRefresh    bool `json:"no_refresh"`
	// ValFraction holds out this share of the training rows, stratified
	// by class, to monitor for early stopping. Default 0 (none).
	ValFraction float64 `json:"val_fraction"`
	// ClassWeights weights each class's cross-entropy term. nil means
	// balanced weights from the training rows' labels (BalancedWeights:
	// every class counts as much as the others, as in the macro-F1 that
	// evaluation reports), tempered on a categorical fit where they are
	// near equal: there the loss takes them to the power
	// NearBalancedPower (LossWeights; package documentation, session 31)
	// unless FullBalance is set. EqualClassWeights gives every row weight
	// 1.
	ClassWeights      []float64 `json:"class_weights,omitempty"`
	EqualClassWeights bool      `json:"equal_class_weights,omitempty"`
	// FullBalance keeps the balanced weights as they are on every fit,
	// near-balanced categorical ones included (the default up to session
	// 30). It applies to the balanced weights only: it is a
	// configuration error beside ClassWeights or EqualClassWeights.
	FullBalance bool `json:"full_balance,omitempty"`
	// NoTupleCheck switches off the TupleCheck of a categorical fit whose
	// rule table places 2 to TupleCheckMost tuples.
	NoTupleCheck bool `json:"no_tuple_check,omitempty"`
	// TupleSignTest makes the TupleCheck keep the best tuple alone only
	// where it predicts the held-out rows better by the sign test, as up
	// to session 32. By default it is also kept where it is an interaction
	// and every tuple predicts better by at most one standard error (the
	// one-standard-error rule of cross-validation; see TupleCheck and the
	// package documentation, session 33).
	TupleSignTest bool `json:"tuple_sign_test,omitempty"`
	// RouteCheck runs the RouteCheck of a categorical fit: the rules or
	// the linear route, by inner folds.
	RouteCheck bool `json:"route_check,omitempty"`
	// NoRouteCheck switches off the route check that a categorical fit
	// runs by default on its TupleCheck's inner fits (a RouteCheck whose
	// categorical side is shared; package documentation, session 39). It
	// is a configuration error beside RouteCheck.
	NoRouteCheck bool `json:"no_route_check,omitempty"`
	// WeightCheck runs the WeightCheck of a categorical fit whose
	// balanced class weights are near equal.
	WeightCheck bool `json:"weight_check,omitempty"`
	// Seed drives every random choice: initialisation, screening ties,
	// shuffling, dropout, rule sampling and the validation split.
	Seed uint64 `json:"seed"`
}

// ContinuousFit names how the continuous route's output layer is chosen
// once training stops (Config.ContinuousFit).
type ContinuousFit string

// The values of ContinuousFit.
const (
	FitAverage ContinuousFit = "average" // the mean of Adam's weights and the optimum's
	FitAdam    ContinuousFit = "adam"    // Adam's best epoch, as the paper trains
	FitOptimum ContinuousFit = "optimum" // the optimum of the penalised loss
	FitSelect  ContinuousFit = "select"  // FitAverage, or the values half's optimum, as inner cross-validation says
)

// Bounds of Config.SparseKeep.
const (
	MaxSparseKeeps = 4
	MaxSparseKeep  = 1 << 20
)

// DefaultSparseKeep is SparseKeep's default: the 10 and 100 columns of
// largest F statistic (session 24's measurement).
func DefaultSparseKeep() []int { return []int{10, 100} }

// HalvesFolds is the number of inner folds with which FitSelect compares
// the halves of the continuous route's input.
const HalvesFolds = 5

// ContinuousOptimumEvaluations bounds L-BFGS's passes over the training
// rows when it looks for the continuous optimum: each costs about an
// epoch, and the continuous route trains at most ContinuousEpochs epochs
// by default.
const ContinuousOptimumEvaluations = 1000

// blend returns the share of the optimum in the continuous route's output
// layer under f, and whether the optimum is needed at all.
func (f ContinuousFit) blend() (float64, bool) {
	switch f {
	case FitAverage, FitSelect:
		return 0.5, true
	case FitOptimum:
		return 1, true
	}
	return 0, false
}

// Upper bounds that Validate enforces.
const (
	// MaxBatchSize bounds BatchSize: the training graph holds several
	// batch × rules buffers.
	MaxBatchSize = model.MaxBatch
	// EpochLimit bounds Epochs, Patience and RefreshEvery.
	EpochLimit = 1_000_000
	// MaxFolds bounds the folds of CrossValidate.
	MaxFolds = 1000
)

// Upper bounds of the rates and the penalty that Validate enforces: past
// them a fit runs to the end and learns nothing, with no error
// (ContinuousL2 = 1e200 trained to a loss of 9.7e195).
const (
	// MaxLearningRate bounds LearningRate and ContinuousLearningRate.
	// Adam moves every weight by about the rate at each step, whatever
	// the gradient's size, and a logit of ±37 already rounds a float64
	// probability to 0 or 1: at a rate of 10 a few steps cross that
	// range, so a larger one only jumps between saturated networks. The
	// default is 0.05; the paper's grid ends at 0.1.
	MaxLearningRate = 10
	// MaxOutputRateScale bounds OutputRateScale. The scale makes up for
	// the softmax over the rules, whose entries are about 1/Rules: at
	// MaxRules it gives the output weights of the widest network steps
	// as large, on the logits, as the bias's; a larger scale only
	// overshoots.
	MaxOutputRateScale = model.MaxRules
	// MaxContinuousL2 bounds ContinuousL2: the prior of a logistic
	// regression with C = 1e-6 on standardised features, which already
	// shrinks the weights of the continuous route about a million times
	// towards 0, so that it predicts little more than the class shares; a
	// stronger penalty only swamps the loss. FitSelect tries up to 64
	// times it (PenaltyScales), still far within float64.
	MaxContinuousL2 = 1e6
)

// DefaultConfig returns the defaults spelled out; it equals
// Config{}.Resolved().
func DefaultConfig() Config { return Config{}.Resolved() }

// Resolved returns c with zero fields replaced by defaults.
// ContinuousLearningRate stays 0 ("LearningRate/5") so that changing
// LearningRate later moves it too, and Epochs and Patience stay 0 ("the
// route's own"): the route is known once the network is built.
func (c Config) Resolved() Config {
	defaults.IfZero(&c.LearningRate, 0.05)
	defaults.IfZero(&c.ContinuousL2, 1)
	if c.ContinuousFit == "" {
		c.ContinuousFit = FitSelect
		if c.NoContinuousL2 {
			c.ContinuousFit = FitAdam
		}
	}
	if len(c.SparseKeep) == 0 && !c.NoSparse && c.ContinuousFit == FitSelect {
		c.SparseKeep = DefaultSparseKeep()
	}
	defaults.IfZero(&c.BatchSize, 16)
	defaults.IfZero(&c.MinDelta, 1e-4)
	defaults.IfZero(&c.LossTarget, 1e-3)
	defaults.IfZero(&c.RefreshEvery, 10)
	return c
}

// continuousL2 is the coefficient λ of the penalty λ/2·‖W‖² for n
// training rows and D features, 0 when switched off.
func (c Config) continuousL2(n, D int) float64 {
	if c.NoContinuousL2 {
		return 0
	}
	return c.ContinuousL2 / float64(n*(D+1))
}

// ContinuousRate returns the learning rate of the continuous route:
// ContinuousLearningRate, or LearningRate/5 when it is 0.
func (c Config) ContinuousRate() float64 {
	if c.ContinuousLearningRate == 0 {
		return c.LearningRate / 5
	}
	return c.ContinuousLearningRate
}

// Route defaults of Epochs and Patience (see Config).
const (
	CategoricalEpochs   = 1000
	CategoricalPatience = 100
	ContinuousEpochs    = 300
	ContinuousPatience  = 30
)

// EpochsFor returns the maximum number of epochs of a network whose
// training table takes route r: Epochs, or the route's default when it is 0.
func (c Config) EpochsFor(r model.Route) int {
	return orRouteDefault(c.Epochs, r, CategoricalEpochs, ContinuousEpochs)
}

// PatienceFor returns the early-stopping patience of a network whose
// training table takes route r: Patience, or the route's default when it
// is 0.
func (c Config) PatienceFor(r model.Route) int {
	return orRouteDefault(c.Patience, r, CategoricalPatience, ContinuousPatience)
}

// DefaultDecayAfter is the categorical route's default DecayAfter.
const DefaultDecayAfter = 20

// DecayAfterFor returns after how many epochs without a new best loss the
// learning rates halve on a network whose training table takes route r:
// DecayAfter, or the route's default when it is 0 (20 on the categorical
// route, none on the continuous one); 0 means never.
func (c Config) DecayAfterFor(r model.Route) int {
	if c.NoDecay {
		return 0
	}
	return orRouteDefault(c.DecayAfter, r, DefaultDecayAfter, 0)
}

// OutputScaleFor returns the factor on the categorical learning rate of
// CatInt's output weights for a network of the given number of rule
// slots: OutputRateScale, or √rules when it is 0.
func (c Config) OutputScaleFor(rules int) float64 {
	if c.OutputRateScale != 0 {
		return c.OutputRateScale
	}
	return math.Sqrt(float64(max(rules, 1)))
}

// forNetwork returns c as Fit trains with it on a network of route r and
// rules rule slots: the route's epochs, patience and decay (NoDecay set
// where it has none) and the output rate scale of rules filled in.
func (c Config) forNetwork(r model.Route, rules int) Config {
	c.Epochs, c.Patience = c.EpochsFor(r), c.PatienceFor(r)
	if c.DecayAfter = c.DecayAfterFor(r); c.DecayAfter == 0 {
		c.NoDecay = true
	}
	c.OutputRateScale = c.OutputScaleFor(rules)
	return c
}

// RouteNeutral undoes what Fit fills in for a network of route r and
// rules rule slots (the Config a Result and a model file hold): Epochs,
// Patience, DecayAfter (with NoDecay on the continuous route) and
// OutputRateScale go back to 0, "the route's own", where they hold the
// value Fit would have filled in, so that the Config trains a table of
// either route as a zero one would. A value set explicitly to exactly that
// default reads back as the default: the file cannot tell them apart, and
// on a table of route r both train alike.
func (c Config) RouteNeutral(r model.Route, rules int) Config {
	if c.Epochs == orRouteDefault(0, r, CategoricalEpochs, ContinuousEpochs) {
		c.Epochs = 0
	}
	if c.Patience == orRouteDefault(0, r, CategoricalPatience, ContinuousPatience) {
		c.Patience = 0
	}
	switch decay := orRouteDefault(0, r, DefaultDecayAfter, 0); {
	case decay == 0 && c.NoDecay && c.DecayAfter == 0:
		c.NoDecay = false
	case decay != 0 && !c.NoDecay && c.DecayAfter == decay:
		c.DecayAfter = 0
	}
	if c.OutputRateScale == math.Sqrt(float64(max(rules, 1))) {
		c.OutputRateScale = 0
	}
	return c
}

// orRouteDefault returns v, or when it is 0 the default of route r.
func orRouteDefault(v int, r model.Route, categorical, continuous int) int {
	switch {
	case v != 0:
		return v
	case r == model.Continuous:
		return continuous
	}
	return categorical
}

// Validate reports the first impossible value of a resolved config.
func (c Config) Validate() error { return c.validate(true) }

// validateStored is Validate without the upper bounds of the rates and the
// penalty (MaxLearningRate, MaxContinuousL2, MaxOutputRateScale), only
// finite: the check of a model file's training settings, which record how
// the model was trained, so that a file written before those bounds (with
// --lr 20, say) still loads and predicts; a refit with them is refused.
func (c Config) validateStored() error { return c.validate(false) }

func (c Config) validate(bounded bool) error {
	lrMax, l2Max, scaleMax := float64(MaxLearningRate), float64(MaxContinuousL2), float64(MaxOutputRateScale)
	if !bounded {
		lrMax, l2Max, scaleMax = math.MaxFloat64, math.MaxFloat64, math.MaxFloat64
	}
	switch {
	case !(c.LearningRate > 0 && c.LearningRate <= lrMax):
		return fmt.Errorf("%w: learning rate = %g, want 0 < r <= %g", ErrConfig, c.LearningRate, lrMax)
	case !(c.ContinuousLearningRate >= 0 && c.ContinuousLearningRate <= lrMax):
		return fmt.Errorf("%w: continuous learning rate = %g, want 0 < r <= %g", ErrConfig, c.ContinuousLearningRate, lrMax)
	case !(c.ContinuousL2 > 0 && c.ContinuousL2 <= l2Max):
		return fmt.Errorf("%w: continuous L2 = %g, want 0 < s <= %g (or no continuous L2)", ErrConfig, c.ContinuousL2, l2Max)
	case c.ContinuousFit != FitSelect && c.ContinuousFit != FitAverage && c.ContinuousFit != FitAdam && c.ContinuousFit != FitOptimum:
		return fmt.Errorf("%w: continuous fit %q, want %s, %s, %s or %s", ErrConfig, string(c.ContinuousFit), FitSelect, FitAverage, FitAdam, FitOptimum)
	case c.NoContinuousL2 && c.ContinuousFit != FitAdam:
		return fmt.Errorf("%w: continuous fit %q needs the continuous L2 prior (without it a separable table has no optimum)", ErrConfig, string(c.ContinuousFit))
	case len(c.SparseKeep) > MaxSparseKeeps:
		return fmt.Errorf("%w: %d sparse keeps, want at most %d", ErrConfig, len(c.SparseKeep), MaxSparseKeeps)
	case len(c.SparseKeep) > 0 && c.NoSparse:
		return fmt.Errorf("%w: sparse keeps %v and no sparse candidates contradict", ErrConfig, c.SparseKeep)
	case c.Stack && c.ContinuousFit != FitSelect:
		return fmt.Errorf("%w: stack needs continuous fit %s (it stacks that check's fits), not %q", ErrConfig, FitSelect, string(c.ContinuousFit))
	case len(c.SparseKeep) > 0 && c.ContinuousFit != FitSelect:
		return fmt.Errorf("%w: sparse candidates need continuous fit %s (their inner check), not %q", ErrConfig, FitSelect, string(c.ContinuousFit))
	case c.BatchSize < 1 || c.BatchSize > MaxBatchSize:
		return fmt.Errorf("%w: batch size = %d, want 1..%d", ErrConfig, c.BatchSize, MaxBatchSize)
	case c.Epochs < 0 || c.Epochs > EpochLimit:
		return fmt.Errorf("%w: epochs = %d, want 1..%d", ErrConfig, c.Epochs, EpochLimit)
	case c.Patience < 0 || c.Patience > EpochLimit:
		return fmt.Errorf("%w: patience = %d, want 1..%d", ErrConfig, c.Patience, EpochLimit)
	case c.DecayAfter < 0 || c.DecayAfter > EpochLimit:
		return fmt.Errorf("%w: decay after = %d, want 1..%d", ErrConfig, c.DecayAfter, EpochLimit)
	case !(c.OutputRateScale >= 0 && c.OutputRateScale <= scaleMax):
		return fmt.Errorf("%w: output rate scale = %g, want 0 < s <= %g", ErrConfig, c.OutputRateScale, scaleMax)
	case c.MinDelta < 0 || math.IsNaN(c.MinDelta) || math.IsInf(c.MinDelta, 0):
		return fmt.Errorf("%w: min delta = %g, want >= 0", ErrConfig, c.MinDelta)
	case math.IsNaN(c.LossTarget) || math.IsInf(c.LossTarget, 0):
		return fmt.Errorf("%w: loss target = %g, want a finite value", ErrConfig, c.LossTarget)
	case c.RefreshEvery < 1 || c.RefreshEvery > EpochLimit:
		return fmt.Errorf("%w: refresh every = %d, want 1..%d", ErrConfig, c.RefreshEvery, EpochLimit)
	case !(c.ValFraction >= 0 && c.ValFraction < 1):
		return fmt.Errorf("%w: validation fraction = %g, want 0 <= f < 1", ErrConfig, c.ValFraction)
	}
	for i, k := range c.SparseKeep {
		if k < 1 || k > MaxSparseKeep || i > 0 && k <= c.SparseKeep[i-1] {
			return fmt.Errorf("%w: sparse keep %v, want ascending values in 1..%d", ErrConfig, c.SparseKeep, MaxSparseKeep)
		}
	}
	if c.RouteCheck && c.NoRouteCheck {
		return fmt.Errorf("%w: the route check is both asked for and switched off", ErrConfig)
	}
	if c.TupleSignTest && c.NoTupleCheck {
		return fmt.Errorf("%w: the tuple sign test applies to the tuple check, which is switched off", ErrConfig)
	}
	if c.FullBalance && (c.ClassWeights != nil || c.EqualClassWeights) {
		return fmt.Errorf("%w: full balance applies to the balanced class weights, not to class weights set or equal", ErrConfig)
	}
	sum := 0.0
	for i, w := range c.ClassWeights {
		if !(w >= 0) || math.IsInf(w, 0) {
			return fmt.Errorf("%w: class weight %d = %g, want a finite value >= 0", ErrConfig, i, w)
		}
		sum += w
	}
	if c.ClassWeights != nil && !(sum > 0) {
		return fmt.Errorf("%w: every class weight is 0; want at least one positive", ErrConfig)
	}
	return nil
}

// BalancedWeights returns class weights n/(classes·n_c), scikit-learn's
// "balanced" weighting, so every class contributes equally to the loss. A
// class without rows gets weight 0. It panics if a label is outside
// 0..classes−1.
func BalancedWeights(y []int, classes int) []float64 {
	count := make([]int, max(classes, 0))
	for i, c := range y {
		checkLabel("BalancedWeights", i, c, classes)
		count[c]++
	}
	w := make([]float64, len(count))
	for c, n := range count {
		if n > 0 {
			w[c] = float64(len(y)) / float64(classes*n)
		}
	}
	return w
}

// NearBalancedPower is the power to which a categorical fit takes its
// balanced class weights where they are near equal, every weight within
// (1/BoundaryImbalance, BoundaryImbalance): the geometric mean of the
// balanced and the equal weights. Balanced weights move a cell's decision
// from P(c) > 1/2 to P(c) > the class's share of the rows, and flipped
// labels pull every cell toward one half, so a noisy cell of the larger
// class crosses that boundary by chance (a noisy or gate's cell of 34
// rows, 24 of them positive, 71 % of the rows positive: read as negative
// under balanced weights). Where the weights are far from equal the
// BoundaryCheck chooses the boundaries by inner folds instead (package
// documentation, session 31).
const NearBalancedPower = 0.5

// LossWeights returns the class weights of the loss of a fit of cfg
// whose training labels are y (C classes) on the given route: nil (every
// row weight 1) for EqualClassWeights; ClassWeights where set; else the
// BalancedWeights of y, to the power NearBalancedPower on the categorical
// route where every one lies within (1/BoundaryImbalance,
// BoundaryImbalance) and FullBalance is not set. It panics if a label is
// outside 0..C−1.
func LossWeights(cfg Config, y []int, C int, route model.Route) []float64 {
	switch {
	case cfg.EqualClassWeights && cfg.ClassWeights == nil:
		return nil
	case cfg.ClassWeights != nil:
		return slices.Clone(cfg.ClassWeights)
	}
	w := BalancedWeights(y, C)
	if route == model.Categorical && !cfg.FullBalance && !farFromEqual(w) {
		for c := range w {
			w[c] = math.Pow(w[c], NearBalancedPower)
		}
	}
	return w
}

// rowWeight returns the weight of a row of class c under the class
// weights w that LossWeights returns: w[c], or 1 where w is nil
// (EqualClassWeights).
func rowWeight(w []float64, c int) float64 {
	if w == nil {
		return 1
	}
	return w[c]
}

// checkLabel panics, naming the function, if the label c of row i is
// outside 0..classes−1: the documented panic of the functions that take
// labels without an error result.
func checkLabel(fn string, i, c, classes int) {
	if c < 0 || c >= classes {
		panic(fmt.Sprintf("train: %s: row %d has label %d, want 0..%d", fn, i, c, classes-1))
	}
}
