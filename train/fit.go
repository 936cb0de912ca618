// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sirupsen/logrus"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
	G "gorgonia.org/gorgonia"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/internal/procs"
	"github.com/hornets-go/hornets/internal/ridge"
	"github.com/hornets-go/hornets/model"
)

// EpochStats is what one epoch did.
type EpochStats struct {
	Epoch     int           `json:"epoch"` // 1-based
	TrainLoss float64       `json:"train_loss"`
	ValLoss   float64       `json:"val_loss,omitempty"` // NaN-free: 0 when no validation split
	Elapsed   time.Duration `json:"elapsed"`            // since the start of training
	Refreshed int           `json:"refreshed,omitempty"`
}

// Recorder receives the stats of every epoch; returning an error stops
// training with that error. Progress bars and log lines implement it.
type Recorder interface {
	Record(EpochStats) error
}

// RecorderFunc adapts a function to Recorder.
type RecorderFunc func(EpochStats) error

// Record calls f.
func (f RecorderFunc) Record(s EpochStats) error { return f(s) }

// Options are the optional collaborators of Fit.
type Options struct {
	// Log receives the resolved configuration, the route taken and the
	// stop reason; nil discards.
	Log logrus.FieldLogger
	// Recorder receives per-epoch stats; nil means none.
	Recorder Recorder
	// Hooks run after every epoch, after the built-in ones (early
	// stopping with the best-model snapshot, then rule refresh) and
	// before the Recorder.
	Hooks []Hook
}

// Result is the outcome of Fit.
type Result struct {
	Network   *model.Network
	Status    Status
	Epochs    int     // epochs run
	BestEpoch int     // epoch whose weights the network holds: the best, or the last where its network fits the training rows better (categorical route)
	BestLoss  float64 // monitored loss at BestEpoch
	History   []EpochStats
	// Duration is Fit's time: the network's setup and the tuple check
	// (TupleCheck) included.
	Duration time.Duration
	// Route is the route most training batches took.
	Route model.Route
	// Optimum describes the search for the continuous optimum that the
	// output layer was blended with (Config.ContinuousFit); its W and B
	// are not kept. Its NetworkLoss is at Adam's weights (the direction's
	// taken as zero where Halves chose the values half); its StartLoss is
	// where the graph's search started, the inner solver's optimum over
	// all rows wherever Halves ran a dense fit (session 51). nil when
	// there was none (the categorical route, FitAdam, a canceled run).
	Optimum *model.ContinuousOptimum
	// LastKept is set when training kept the network it ended with
	// rather than the best epoch's, whose network fitted the training rows
	// worse (categorical route; BestEpoch is then the last epoch).
	LastKept *LastKept
	// Halves is the inner cross-validation with which FitSelect chose
	// the halves of the continuous input that the output layer weighs;
	// nil when it did not run (another fit, too few rows, the categorical
	// route, a canceled run).
	Halves *HalvesCheck
	// Boundaries is the inner cross-validation with which a categorical
	// fit chose its decision boundaries; nil when it did not run (another
	// route, class weights near equal or set by the caller, a class with
	// fewer rows than BoundaryFolds, a canceled run).
	Boundaries *BoundaryCheck
	// Routes is the inner cross-validation with which a categorical fit
	// chose between the rules and the linear route; nil where it did not
	// run (see RouteCheck).
	Routes *RouteCheck
	// Tuples is the inner cross-validation with which a categorical fit
	// whose rule table placed a few tuples chose between them all and the
	// best one alone; nil where it did not run (see TupleCheck).
	Tuples *TupleCheck
	// Weights is the inner cross-validation with which a categorical fit
	// whose balanced class weights are near equal chose between them and
	// equal weights; nil where it did not run (see WeightCheck).
	Weights *WeightCheck
	// ClassWeights are the class weights of the loss (LossWeights; nil
	// where every row weighs 1), of the loop that made the network: a
	// check's refit with equal weights (WeightCheck) has nil.
	ClassWeights []float64
	// Config is the training configuration used: resolved, with the
	// epochs, patience and learning-rate decay of the network's route
	// (Config.EpochsFor, DecayAfterFor), the output rate scale of its rule
	// count (OutputScaleFor) and the class weights as asked (nil for
	// balanced).
	Config Config
}

// Fit trains a HorNets network on ds: setup (the network, its trainer and
// one Adam per route), then a loop of epochs, each followed by the hooks.
// The context cancels training between batches: the best model so far is
// then returned with Status Canceled and a nil error, or, if no epoch had
// ended, with an error wrapping ctx.Err(). Setup stops too (the screening
// of rule tuples looks at the context as it goes, model.NewContext), with
// a nil Result and an error wrapping ctx.Err(). The same configs and data
// give the same model bit for bit.
func Fit(ctx context.Context, ds *data.Dataset, mcfg model.Config, cfg Config, opts *Options) (*Result, error) {
	start := time.Now()
	l, err := newLoop(ctx, ds, mcfg, cfg, opts)
	if err != nil {
		return nil, err
	}
	l, route, err := routeCheck(ctx, l, ds, mcfg, cfg, opts)
	if err != nil {
		return nil, err
	}
	l, check, held, err := tupleCheck(ctx, l, ds, mcfg, cfg, opts)
	if err != nil {
		return nil, err
	}
	if route == nil {
		if held == nil {
			if held, err = manyTuplesHeldOut(ctx, l, ds, mcfg, cfg); err != nil {
				return nil, err
			}
		}
		if l, route, err = sharedRouteCheck(ctx, l, ds, mcfg, cfg, opts, held); err != nil {
			return nil, err
		}
	}
	l, weights, err := weightCheck(ctx, l, ds, cfg, opts)
	if err != nil {
		return nil, err
	}
	res, err := l.run(ctx)
	if res != nil {
		res.Routes, res.Tuples, res.Weights = route, check, weights
		res.Duration = time.Since(start)
	}
	return res, err
}

// newLoop checks the configs and the data and builds the network, its
// trainer and the solvers; ctx stops the network's construction.
func newLoop(ctx context.Context, ds *data.Dataset, mcfg model.Config, cfg Config, opts *Options) (*Loop, error) {
	return newLoopFrom(ctx, ds, mcfg, cfg, opts, nil)
}

// newLoopFrom is newLoop, the network built from the rule search s where
// it is not nil (model.NewFromSearch): a search of ds's training rows with
// mcfg, up to Search.MaxTuples.
func newLoopFrom(ctx context.Context, ds *data.Dataset, mcfg model.Config, cfg Config, opts *Options, s *model.TupleSearch) (*Loop, error) {
	if ctx == nil {
		return nil, fmt.Errorf("%w: nil context.Context (use context.Background())", ErrConfig)
	}
	if opts == nil {
		opts = &Options{}
	}
	log := opts.Log
	if log == nil {
		l := logrus.New()
		l.Out = io.Discard
		log = l
	}
	cfg = cfg.Resolved()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	for i, h := range opts.Hooks {
		if h == nil {
			return nil, fmt.Errorf("%w: Options.Hooks[%d] is nil", ErrConfig, i)
		}
		if f, ok := h.(HookFunc); ok && f == nil {
			return nil, fmt.Errorf("%w: Options.Hooks[%d] is a nil HookFunc", ErrConfig, i)
		}
	}
	if f, ok := opts.Recorder.(RecorderFunc); ok && f == nil {
		return nil, fmt.Errorf("%w: Options.Recorder is a nil RecorderFunc", ErrConfig)
	}
	if ds == nil || ds.Rows == 0 {
		return nil, fmt.Errorf("%w: no training rows", ErrData)
	}
	if ds.Features == nil { // name the columns f0, f1, … rather than refuse
		named := *ds
		named.Features = make([]string, ds.Cols)
		for j := range named.Features {
			named.Features[j] = fmt.Sprintf("f%d", j)
		}
		ds = &named
	}
	if err := ds.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrData, err)
	}
	if ds.Y == nil {
		return nil, fmt.Errorf("%w: training data has no labels", ErrData)
	}
	C := len(ds.Classes)
	if cfg.ClassWeights != nil && len(cfg.ClassWeights) != C {
		return nil, fmt.Errorf("%w: %d class weights for %d classes", ErrConfig, len(cfg.ClassWeights), C)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x486f724e657473)) // "HorNets"

	trainSet, valSet := ds, (*data.Dataset)(nil)
	if cfg.ValFraction > 0 {
		tr, va := StratifiedSplit(ds.Y, C, cfg.ValFraction, rng)
		if len(tr) == 0 || len(va) == 0 {
			return nil, fmt.Errorf("%w: validation fraction %g leaves an empty split of %d rows", ErrConfig, cfg.ValFraction, ds.Rows)
		}
		trainSet, valSet = ds.Subset(tr), ds.Subset(va)
	}
	md := model.Data{X: trainSet.X, Rows: trainSet.Rows, Features: ds.Cols, Y: trainSet.Y, Classes: C, Names: ds.Features, Blocks: ds.Groups}
	var net *model.Network
	var err error
	if s != nil {
		net, err = model.NewFromSearch(ctx, mcfg, md, s, rng)
	} else {
		net, err = model.NewContext(ctx, mcfg, md, rng)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("train: canceled before training: %w", err)
		}
		return nil, err
	}
	// cfg keeps the weights as asked (nil: balanced); the loss's depend
	// on the network's route.
	weights := LossWeights(cfg, trainSet.Y, C, net.Route())
	batch := min(cfg.BatchSize, trainSet.Rows)
	tr, err := model.NewTrainer(net, batch, weights)
	if err != nil {
		return nil, err
	}
	// A network built from an earlier search (the tuple check's pruned
	// fit) does not log the search again.
	if cov := net.Screening(); len(cov.Levels) > 0 && s == nil {
		log.WithFields(logrus.Fields{"exhaustive_order": cov.Exhaustive(), "tuples": cov.Scored(), "features": cov.Features}).Info("screening: " + cov.String())
	}
	if pair, score := net.PairFallback(); pair != nil && s == nil {
		log.WithFields(logrus.Fields{"pair": []string{ds.Features[pair[0]], ds.Features[pair[1]]}, "score": fmt.Sprintf("%.4g", score)}).Info(
			fmt.Sprintf("no tuple has evidence; the best pair, %s and %s (score %.3g), takes the rule slots instead of random tuples", ds.Features[pair[0]], ds.Features[pair[1]], score))
	}
	if pair, wrong, p, strong := net.ErrorPair(); pair != nil && s == nil {
		found := fmt.Sprintf("the pair %s and %s leaves the fewest training rows wrong, %d", ds.Features[pair[0]], ds.Features[pair[1]], wrong)
		test := fmt.Sprintf("a minimum over all pairs that %d permutations of the labels reach with p = %.3g", model.ErrorPairPermutations, p)
		msg := "no tuple has evidence; " + found + ", " + test + ": it takes the rule slots instead of random tuples (--no-error-pair keeps them)"
		if strong > 0 {
			msg = fmt.Sprintf("%s, fewer than the %d strong tuples together, %s: it takes the first rule slots, and a strong tuple keeps its slots only where its dependence with the label given the pair is significant (--error-pair-over-tuples)", found, strong, test)
		}
		log.WithFields(logrus.Fields{"pair": []string{ds.Features[pair[0]], ds.Features[pair[1]]}, "wrong": wrong, "p": fmt.Sprintf("%.3g", p), "strong": strong}).Info(msg)
	}
	joint := net.JointTest()
	if joint != nil && s == nil {
		what := "not passed: evidence singles only"
		if joint.Passed() {
			what = "passed: every feature gets a single-feature tuple where the strong tuples leave one free"
		}
		log.WithFields(logrus.Fields{"features": joint.Features, "statistic": fmt.Sprintf("%.4g", joint.Statistic), "df": joint.DF, "p": fmt.Sprintf("%.3g", joint.P)}).Info(
			fmt.Sprintf("joint test of the %d features no strong tuple or evidence single holds: Pearson %.1f on %.0f df, p = %.3g; %s", joint.Features, joint.Statistic, joint.DF, joint.P, what))
	}
	if singles := net.Singles(); len(singles) > 0 && s == nil {
		names := make([]string, len(singles))
		for i, j := range singles {
			names[i] = ds.Features[j]
		}
		what := "evidence singles: features with evidence of their own that no strong tuple holds"
		switch {
		case mcfg.Search.Singles:
			what = "singles (--singles): features in the tuples the strong ones leave free"
		case joint != nil && joint.Passed():
			what = "singles (the joint test passed): features in the tuples the strong ones leave free"
		}
		log.WithFields(logrus.Fields{"features": len(singles)}).Info(fmt.Sprintf("%s get a single-feature tuple each: %s", what, strings.Join(names, ", ")))
	}
	if tuples, err := net.Tuples(); err == nil {
		for i, t := range tuples {
			log.WithFields(logrus.Fields{"rank": i + 1, "features": t}).Debug("rule tuple")
		}
	}
	mres := net.Config()
	if asked := mcfg.Resolved().Rules; mres.Rules != asked && s == nil {
		log.WithFields(logrus.Fields{"rules": mres.Rules, "asked": asked}).Info(fmt.Sprintf(
			"rule table grown from %d to %d slots: the feature tuples with evidence need more than %d runs of %d heads (--rules fixes the count)",
			asked, mres.Rules, asked/max(mres.Search.Heads, 1), mres.Search.Heads))
	}
	cfg = cfg.forNetwork(net.Route(), mres.Rules)
	catSolver := NewAdam(cfg.LearningRate)
	catSolver.Scales = []float64{1, cfg.OutputRateScale, 1} // M, W, b (Trainer.ValueGrads)
	l2 := cfg.continuousL2(trainSet.Rows, ds.Cols)
	log.WithFields(logrus.Fields{
		"rows": trainSet.Rows, "features": ds.Cols, "classes": C, "val_rows": rowsOf(valSet),
		"rules": mres.Rules, "order": mres.Order, "exp_param": mres.ExpParam, "activation": mres.Activation,
		"heads": mres.Search.Heads, "pool": mres.Search.Pool, "screen_order": min(mres.Search.ScreenOrder, mres.Order),
		"lr": cfg.LearningRate, "output_lr_scale": cfg.OutputRateScale, "decay_after": cfg.DecayAfter, "continuous_lr": cfg.ContinuousRate(), "continuous_l2": l2, "class_weights": weights, "batch": batch, "epochs": cfg.Epochs, "patience": cfg.Patience, "seed": cfg.Seed,
	}).Info("training")

	l := &Loop{cfg: cfg, log: log, trainer: tr, train: trainSet, val: valSet, rng: rng,
		solvers: [2]*Adam{catSolver, NewAdam(cfg.ContinuousRate())},
		res:     &Result{Network: net, Status: MaxEpochs, BestLoss: math.Inf(1), Config: cfg, ClassWeights: slices.Clone(weights)}, l2: l2, classWeights: weights}
	l.hooks = append(l.hooks, &earlyStopping{})
	if !cfg.NoRefresh {
		l.hooks = append(l.hooks, ruleRefresh{every: cfg.RefreshEvery})
	}
	l.hooks = append(l.hooks, opts.Hooks...)
	if opts.Recorder != nil {
		l.hooks = append(l.hooks, recorderHook{opts.Recorder})
	}
	return l, nil
}

// run trains epoch after epoch until a hook stops the loop or the epochs
// run out, then scores the rules of the network it returns. A run
// canceled before its first epoch ended returns no network to keep, and
// skips the scoring.
func (l *Loop) run(ctx context.Context) (*Result, error) {
	start := time.Now()
	res := l.res
	l.ctx = ctx
	for l.epoch = 1; l.epoch <= l.cfg.Epochs; l.epoch++ {
		st, err := l.runEpoch(ctx)
		if err != nil {
			return nil, err
		}
		if l.stopped {
			break // canceled within the epoch: no stats for it
		}
		res.Epochs = l.epoch
		st.Elapsed = time.Since(start)
		for _, h := range l.hooks {
			if err := h.AfterEpoch(l, &st); err != nil {
				return nil, err
			}
		}
		res.History = append(res.History, st)
		if l.stopped {
			break
		}
	}
	canceledEmpty := res.Status == Canceled && res.Epochs == 0 // nothing trained, nothing to keep
	if !canceledEmpty {
		if err := l.finish(ctx); err != nil {
			return nil, err
		}
	}
	net := res.Network
	res.Route = net.Route()
	cat, cont := net.TrainedBatches()
	res.Duration = time.Since(start)
	l.log.WithFields(logrus.Fields{
		"status": res.Status.String(), "epochs": res.Epochs, "best_epoch": res.BestEpoch,
		"best_loss": fmt.Sprintf("%.4g", res.BestLoss), "categorical_batches": cat, "continuous_batches": cont,
		"seconds": fmt.Sprintf("%.3f", res.Duration.Seconds()),
	}).Info("training stopped")
	if canceledEmpty {
		return res, fmt.Errorf("train: canceled before the first epoch ended: %w", ctx.Err())
	}
	return res, nil
}

// runEpoch shuffles the training rows and steps through them once. The
// last batch wraps around to the start of the permutation: the graph's
// batch size is fixed, and every row is seen.
func (l *Loop) runEpoch(ctx context.Context) (EpochStats, error) {
	ds, batch := l.train, l.trainer.Batch()
	if l.perm == nil {
		rows, err := l.trainer.Rows(ds.X, ds.Rows)
		if err != nil {
			return EpochStats{}, err
		}
		l.perm, l.rows = make([]int, ds.Rows), rows
		l.ib = make([]int, batch)
		l.yb = make([]int, batch)
	}
	perm := l.perm
	for i := range perm {
		perm[i] = i
	}
	l.rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	steps := (len(perm) + batch - 1) / batch
	total := 0.0
	for s := range steps {
		if ctx.Err() != nil {
			l.Stop(Canceled)
			return EpochStats{}, nil
		}
		for i := range batch {
			r := perm[(s*batch+i)%len(perm)]
			l.ib[i] = r
			l.yb[i] = ds.Y[r]
		}
		// The rows where they lie: the same step as Step on a copy of
		// them, without copying and rereading Batch × Cols values.
		route, loss, err := l.trainer.StepRows(l.rows, l.ib, l.yb, l.rng)
		if err != nil {
			return EpochStats{}, err
		}
		if math.IsNaN(loss) || math.IsInf(loss, 0) {
			return EpochStats{}, fmt.Errorf("%w: the loss is not finite at epoch %d, batch %d (%s route); try a smaller learning rate", ErrDiverged, l.epoch, s+1, route)
		}
		vgs, err := l.trainer.ValueGrads(route)
		if err != nil {
			return EpochStats{}, err
		}
		if route == model.Continuous && l.l2 > 0 {
			addL2(vgs[1], l.l2) // LinAtt's parameters are A, W, B (Trainer.ValueGrads)
		}
		if err := l.solvers[route].Step(vgs); err != nil {
			return EpochStats{}, fmt.Errorf("train: optimiser step: %w", err)
		}
		// A loss can stay finite while a step overflows the weights (the
		// categorical route clips its activations): such a network would
		// predict NaN and could not be saved.
		if !saneValues(vgs) {
			return EpochStats{}, fmt.Errorf("%w: the weights overflowed at epoch %d, batch %d (%s route); try a smaller learning rate", ErrDiverged, l.epoch, s+1, route)
		}
		total += loss
	}
	return EpochStats{Epoch: l.epoch, TrainLoss: total / float64(steps)}, nil
}

// finish restores the best snapshot, scores the rules on the training
// rows and extracts the decision list that reproduces the network there.
// The scoring and the extraction do not look at ctx: they finish the
// network that is returned, canceled or not (one forward pass over the
// training rows each, less than an epoch).
func (l *Loop) finish(ctx context.Context) error {
	if err := l.restoreBest(); err != nil {
		return err
	}
	if err := l.continuousOptimum(ctx); err != nil {
		return err
	}
	if err := l.categoricalBoundaries(ctx); err != nil {
		return err
	}
	if err := l.trainer.Score(l.train.X, l.train.Rows); err != nil {
		return err
	}
	return l.trainer.ExtractRules(l.train.X, l.train.Rows, l.train.Y)
}

// restoreBest restores the best epoch's snapshot. On the categorical route
// without a validation split, where the best epoch is chosen by the mean
// of its batch losses under dropout while the rules are refreshed, the
// network as training left it is kept instead when its class-weighted
// loss over the training rows, measured with the weights as they stand, is
// lower than the restored network's: a lucky epoch mean can stand for a
// network that reads the data worse than the one training ended with
// (`or` over 64 features, 20 % label noise, seed 3: restored 0.534,
// final 0.513, fresh-row accuracy 0.492 against 1.000). A canceled run
// restores the best epoch, as its last weights are mid-epoch.
func (l *Loop) restoreBest() error {
	if l.best == nil {
		return nil
	}
	compare := l.val == nil && l.res.Status != Canceled && l.res.Network.Route() == model.Categorical && l.res.BestEpoch != l.res.Epochs
	var final *model.Snapshot
	var finalLoss float64
	if compare {
		var err error
		if final, err = l.trainer.Snapshot(); err != nil {
			return err
		}
		if finalLoss, err = l.trainingLoss(); err != nil {
			return err
		}
	}
	if err := l.trainer.Restore(l.best); err != nil {
		return err
	}
	if !compare {
		return nil
	}
	bestLoss, err := l.trainingLoss()
	if err != nil || !(finalLoss < bestLoss) {
		return err
	}
	l.log.WithFields(logrus.Fields{"best_epoch": l.res.BestEpoch, "best_epoch_loss": fmt.Sprintf("%.4g", bestLoss),
		"last_epoch": l.res.Epochs, "last_epoch_loss": fmt.Sprintf("%.4g", finalLoss)}).Info("kept the last epoch's network: its training loss is lower")
	if err := l.trainer.Restore(final); err != nil {
		return err
	}
	l.res.LastKept = &LastKept{BestEpoch: l.res.BestEpoch, BestEpochLoss: bestLoss, LastLoss: finalLoss}
	l.res.BestEpoch, l.res.BestLoss = l.res.Epochs, l.res.History[len(l.res.History)-1].TrainLoss
	return nil
}

// LastKept says why training kept its last network: the epoch that the
// epoch means chose and the class-weighted training loss, measured as the
// networks stand, of that epoch's network and of the last.
type LastKept struct {
	BestEpoch     int     `json:"best_epoch"`
	BestEpochLoss float64 `json:"best_epoch_loss"`
	LastLoss      float64 `json:"last_loss"`
}

// trainingLoss returns the class-weighted cross-entropy of the network as
// it stands, averaged over the training rows.
func (l *Loop) trainingLoss() (float64, error) {
	return l.res.Network.WeightedLoss(l.train.X, l.train.Rows, l.train.Y, l.classWeights)
}

// continuousOptimum moves a continuous-route network's output layer
// toward the optimum of its penalised training loss, as Config.ContinuousFit
// says; a run canceled before or during the search keeps Adam's weights.
func (l *Loop) continuousOptimum(ctx context.Context) error {
	f, needed := l.cfg.ContinuousFit.blend()
	if !needed || l.res.Status == Canceled || l.res.Network.Route() != model.Continuous {
		return nil
	}
	halves := model.BothHalves
	var check *HalvesCheck
	var start *model.ContinuousOptimum // where the graph's search starts; nil: Adam's weights
	if l.cfg.ContinuousFit == FitSelect {
		var err error
		check, start, err = l.checkHalves(ctx)
		if ctx.Err() != nil {
			l.Stop(Canceled)
			return nil
		}
		if err != nil {
			return fmt.Errorf("train: %w", err)
		}
		if check != nil && check.Chosen == model.ValuesHalf {
			halves, f = model.ValuesHalf, 1
		}
		if check != nil && (check.SparseK > 0 || check.Stack != nil) {
			// checkHalves left the output layer at the screened fit or
			// the stack, which the search for one optimum would undo.
			if check.BiasShift != nil {
				if err := l.trainer.ShiftContinuousBias(check.BiasShift); err != nil {
					return err
				}
			}
			l.res.Halves = check
			return nil
		}
	}
	l2 := l.l2
	if check != nil {
		l2 *= check.L2Scale
	}
	var opt model.ContinuousOptimum
	var err error
	if start != nil {
		opt, err = l.trainer.ContinuousOptimumFrom(ctx, halves, *start, l.train.X, l.train.Rows, l.train.Y, l2, ContinuousOptimumEvaluations)
	} else {
		opt, err = l.trainer.ContinuousOptimumOver(ctx, halves, l.train.X, l.train.Rows, l.train.Y, l2, ContinuousOptimumEvaluations)
	}
	if ctx.Err() != nil {
		l.Stop(Canceled)
		return nil
	}
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	l.log.WithFields(logrus.Fields{
		"fit": string(l.cfg.ContinuousFit), "halves": halves.String(), "start_loss": fmt.Sprintf("%.4g", opt.StartLoss), "optimum_loss": fmt.Sprintf("%.4g", opt.Loss),
		"gradient": fmt.Sprintf("%.2g", opt.GradNorm), "iterations": opt.Iterations, "evaluations": opt.Evaluations, "status": opt.Status,
	}).Info("continuous optimum")
	if err := l.trainer.BlendContinuous(opt, f); err != nil {
		return err
	}
	if check != nil && check.BiasShift != nil {
		if err := l.trainer.ShiftContinuousBias(check.BiasShift); err != nil {
			return err
		}
	}
	opt.W, opt.B = nil, nil
	l.res.Optimum, l.res.Halves = &opt, check
	return nil
}

// HalvesCheck is FitSelect's inner cross-validation of the output layer
// of the continuous route: the optimum of its penalised loss at the
// trained attention, over both halves of its input (model.ContinuousInput)
// or the values half alone, and at the penalty of Config.ContinuousL2 or
// PenaltyScales times it, is fitted on all inner folds but one and scored
// on the one left out.
type HalvesCheck struct {
	Folds int `json:"folds"`
	// BothLoss and ValuesLoss are the held-out class-weighted
	// cross-entropies at the configured penalty, averaged over the
	// training rows; StdErr is the standard error of their difference,
	// from the rows' paired differences.
	BothLoss   float64 `json:"both_loss"`
	ValuesLoss float64 `json:"values_loss"`
	StdErr     float64 `json:"std_err"`
	// Chosen and L2Scale are the halves and the multiple of the penalty
	// whose held-out loss is lowest among those lower than both halves'
	// at the configured penalty by more than HalvesMargin standard errors
	// of their paired difference; both halves at scale 1 when none is. A
	// change is made only on evidence that it predicts held-out rows
	// better. ChosenLoss is the chosen fit's held-out loss.
	Chosen     model.ContinuousHalves `json:"-"`
	L2Scale    float64                `json:"l2_scale"`
	ChosenLoss float64                `json:"chosen_loss"`
	// ClassWeightPower is the power a of the balanced class weights w_c
	// whose decision boundaries the output layer takes: its bias moves by
	// BiasShift_c = −(1 − a)·ln w_c (nil where a = 1), the shift that
	// training with the weights w_c^a instead of w_c would make, up to the
	// weights' smaller effect on the slopes. Among a = 1, 1/2 and 0 it is
	// the one under which the chosen fit's held-out logits give the
	// highest macro-F1, counting a = 1/2 or 0 only where, of the held-out
	// rows whose prediction the shift changes, more become right than
	// wrong by a one-sided sign test at 5 % (ties keep the larger power);
	// 1 where the class weights were set (Config.ClassWeights,
	// EqualClassWeights). Balanced weights put the boundary at the class
	// prior, which maximises balanced accuracy; the threshold that
	// maximises F1 is about half the best F1 attainable (Lipton, Elkan and
	// Naryanaswamy 2014), so where a rare class is well separated the
	// prior's boundary calls too many rows rare (package documentation,
	// session 12).
	ClassWeightPower float64   `json:"class_weight_power"`
	BiasShift        []float64 `json:"bias_shift,omitempty"`
	// SparseK is, where a sparse candidate (Config.SparseKeep) was chosen,
	// how many columns of the values half the output layer weighs (the
	// screened fit over all rows; L2Scale is its penalty multiple and
	// ChosenLoss its held-out loss); 0 otherwise.
	SparseK int `json:"sparse_k,omitempty"`
	// Stack is, where the output layer is a stack (Config.Stack, where no
	// sparse candidate is chosen), its members: the dense
	// candidates of nonzero weight, their fits over all rows combined
	// with those weights (stackWeights). StackLoss is the combined
	// held-out logits' loss, which the weights were chosen on (so a little
	// optimistic). Chosen, L2Scale and ChosenLoss still name the one fit
	// the check chose.
	Stack     []StackedFit `json:"stack,omitempty"`
	StackLoss float64      `json:"stack_loss,omitempty"`
	// WeakerScales lists the multiples below 1 of the penalty that were
	// cross-validated, for either half, strongest first: each only where
	// the one before it (the configured penalty before the first) lowered
	// that half's mean held-out loss (session 48).
	WeakerScales []float64 `json:"weaker_scales,omitempty"`
}

// weightPower chooses HalvesCheck.ClassWeightPower from held-out logits
// (rows × C) and the labels y, given the balanced class weights w, and
// returns it with its bias shift (nil for power 1).
func weightPower(logits []float64, y []int, w []float64, C int) (float64, []float64) {
	shift := func(a float64) []float64 {
		d := make([]float64, C)
		for c, wc := range w {
			if wc > 0 {
				d[c] = -(1 - a) * math.Log(wc)
			}
		}
		return d
	}
	predict := func(d []float64) []int {
		pred := make([]int, len(y))
		for i := range y {
			z := logits[i*C : (i+1)*C]
			for c := range z {
				if z[c]+d[c] > z[pred[i]]+d[pred[i]] {
					pred[i] = c
				}
			}
		}
		return pred
	}
	macroF1 := func(pred []int) float64 {
		m, err := Evaluate(y, pred, make([]string, C))
		if err != nil {
			return math.Inf(-1)
		}
		return m.MacroF1
	}
	base := predict(make([]float64, C))
	best, bestF1 := 1.0, macroF1(base)
	for _, a := range []float64{0.5, 0} {
		pred := predict(shift(a))
		// The rows whose prediction the shift changes: more must become
		// right than wrong, by a one-sided sign test at 5 %.
		if !gainsHold(changedRows(base, pred, y)) {
			continue
		}
		if f := macroF1(pred); f > bestF1 {
			best, bestF1 = a, f
		}
	}
	if best == 1 {
		return 1, nil
	}
	return best, shift(best)
}

// HalvesMargin is how many standard errors lower the held-out loss of a
// fit other than both halves at the configured penalty must be for
// FitSelect to choose it (chosen among 0, 1 and 2, see the package
// documentation, session 8).
const HalvesMargin = 1.0

// SparseMargin is how many standard errors lower the held-out loss of a
// sparse candidate (Config.SparseKeep) must be, than both the dense fit
// FitSelect chose and the class-weighted constant prediction, for it to
// be chosen, where n sparse candidates are scored: HalvesMargin's
// one-sided level, Φ(−HalvesMargin) = 0.159, shared among the n by
// Bonferroni's correction, as a standard normal quantile (2.06 for the
// default's 8: 2 screens × 4 penalties). The best of n candidates beats a
// reference by chance far more often than one does; at HalvesMargin
// itself the sparse candidates won by chance on dense expression tables
// (skf_colon 0.815 → 0.796, `bench real --folds 2 --repeats 5 --seed
// 101`), at SparseMargin they change none of the eleven continuous shared
// tables there and keep most of their gain on sparse ones (package
// documentation, session 38). n < 2: HalvesMargin.
func SparseMargin(n int) float64 {
	if n < 2 {
		return HalvesMargin
	}
	return -distuv.UnitNormal.Quantile(distuv.UnitNormal.CDF(-HalvesMargin) / float64(n))
}

// PenaltyScales returns the multiples of the continuous route's penalty,
// beside 1, at which FitSelect cross-validates the dense output layer,
// over both halves and over the values half: the stronger ones (chosen
// among {4, 16} and {4, 16, 64}, see the package documentation, session
// 9) and, since session 47, as many weaker ones, 1/4, 1/16 and 1/64: on
// tables of many collinear columns (spectra) the configured penalty,
// a C = 1 logistic regression's, shrinks away the small directions that
// carry the label (mayonnaise, 162 NIR spectra of 351 wavelengths:
// 0.749 → 0.911). Since session 48 the weaker ones are walked down one
// at a time, each only where the one before it lowered the held-out loss
// (HalvesCheck.WeakerScales): the same choices at a third less time.
func PenaltyScales() []float64 { return []float64{1.0 / 64, 1.0 / 16, 1.0 / 4, 4, 16, 64} }

// StrongerPenaltyScales returns the multiples above 1 among
// PenaltyScales: those of FitSelect's sparse candidates (a fit over the
// few columns of largest F statistic) and of the route check's screen,
// which did not take the weaker ones when they were added (session 47:
// more candidates there would ask a larger margin of every sparse fit,
// SparseMargin, and give the route check's sign test more chances to
// pass by chance).
func StrongerPenaltyScales() []float64 { return []float64{4, 16, 64} }

// weakerPenaltyScales returns the multiples below 1 among PenaltyScales,
// strongest first: the order in which FitSelect walks down them.
func weakerPenaltyScales() []float64 {
	var w []float64
	for _, s := range PenaltyScales() {
		if s < 1 {
			w = append(w, s)
		}
	}
	slices.SortFunc(w, func(a, b float64) int { return cmp.Compare(b, a) })
	return w
}

// checkHalves runs FitSelect's inner cross-validation, or returns nil
// when the training rows are fewer than 2·HalvesFolds. Where it chooses
// the values half, the output layer is left at that half's optimum as
// package ridge finds it, for the graph's search to confirm. Its folds are
// stratified and drawn from a generator of their own, seeded by
// Config.Seed, so that training draws the same numbers with or without it.
func (l *Loop) checkHalves(ctx context.Context) (*HalvesCheck, *model.ContinuousOptimum, error) {
	rows, C := l.train.Rows, l.res.Network.Classes()
	if rows < 2*HalvesFolds {
		return nil, nil, nil
	}
	in, err := l.trainer.ContinuousInput(l.train.X, rows)
	if err != nil {
		return nil, nil, err
	}
	L := l.train.Cols + 1
	rng := rand.New(rand.NewPCG(l.cfg.Seed, 0x68616c766573)) // "halves"
	fold := StratifiedFolds(l.train.Y, C, HalvesFolds, rng)
	p := ridge.Problem{X: in, Rows: rows, Cols: 2 * L, Y: l.train.Y, Classes: C, ClassWeights: l.classWeights,
		L2: l.l2, MaxEvaluations: ContinuousOptimumEvaluations, GradientThreshold: model.OptimumGradientThreshold(l.l2)}
	halves := []ridge.Columns{{Lo: 0, Hi: 2 * L}, {Lo: L, Hi: 2 * L}} // both, values
	designs := make([]*ridge.Design, len(halves))
	err = concurrently(ctx, len(halves), func(_ context.Context, k int) error {
		var err error
		designs[k], err = ridge.NewDesign(p, halves[k])
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	bothHalves, valuesHalf := designs[0], designs[1]
	// The candidates, in the order of preference among equal losses:
	// both halves and the values half at the configured penalty, then
	// each at every multiple of it.
	type candidate struct {
		design *ridge.Design
		screen *ridge.Screen // a sparse candidate (Config.SparseKeep)
		halves model.ContinuousHalves
		scale  float64
		loss   []float64 // held out, per row
		logits []float64 // held out, rows × C
	}
	cands := []candidate{{design: bothHalves, halves: model.BothHalves, scale: 1}, {design: valuesHalf, halves: model.ValuesHalf, scale: 1}}
	for _, scale := range PenaltyScales() {
		for _, c := range cands[:2] {
			design, err := c.design.WithPenalty(scale*l.l2, model.OptimumGradientThreshold(scale*l.l2))
			if err != nil {
				return nil, nil, err
			}
			cands = append(cands, candidate{design: design, halves: c.halves, scale: scale})
		}
	}
	for _, k := range sparseKeeps(l.cfg, l.train.Cols) {
		if k >= L { // no screening: the values half's own candidate
			continue
		}
		for _, scale := range append([]float64{1}, StrongerPenaltyScales()...) {
			scr, err := ridge.NewScreen(p, halves[1], k)
			if err == nil {
				scr, err = scr.WithPenalty(scale*l.l2, model.OptimumGradientThreshold(scale*l.l2))
			}
			if err != nil {
				return nil, nil, err
			}
			cands = append(cands, candidate{screen: scr, halves: model.ValuesHalf, scale: scale})
		}
	}
	// Each cross-validation runs on one goroutine and the choice below
	// reads them in a fixed order: the result does not depend on
	// GOMAXPROCS.
	crossValidate := func(ks []int) error {
		return concurrently(ctx, len(ks), func(ctx context.Context, i int) error {
			k := ks[i]
			var err error
			if cands[k].screen != nil {
				cands[k].loss, cands[k].logits, err = cands[k].screen.CrossValidateLogits(ctx, fold, HalvesFolds)
			} else {
				cands[k].loss, cands[k].logits, err = cands[k].design.CrossValidateLogits(ctx, fold, HalvesFolds)
			}
			return err
		})
	}
	// The weaker penalties, strongest first, are cross-validated one at a
	// time along each half's path: a penalty only where the one before it
	// (the configured penalty before the first) lowered that half's mean
	// held-out loss (session 48). Their fits are the slow ones (a weak
	// penalty leaves the loss ill-conditioned), and where weakening the
	// penalty does not help, weakening it further rarely does.
	weaker := weakerPenaltyScales()
	at := func(halves model.ContinuousHalves, scale float64) int {
		for k, c := range cands {
			if c.screen == nil && c.halves == halves && c.scale == scale {
				return k
			}
		}
		return -1
	}
	var first []int
	for k, c := range cands {
		if c.screen != nil || len(weaker) == 0 || c.scale >= weaker[0] {
			first = append(first, k)
		}
	}
	if err := crossValidate(first); err != nil {
		return nil, nil, err
	}
	path := append([]float64{1}, weaker...) // each half's penalties, strongest first
	for j := 2; j < len(path); j++ {
		var next []int
		for _, h := range []model.ContinuousHalves{model.BothHalves, model.ValuesHalf} {
			last, ref := cands[at(h, path[j-1])], cands[at(h, path[j-2])]
			if last.loss != nil && stat.Mean(last.loss, nil) < stat.Mean(ref.loss, nil) {
				next = append(next, at(h, path[j]))
			}
		}
		if err := crossValidate(next); err != nil {
			return nil, nil, err
		}
	}
	both := cands[0].loss
	check := &HalvesCheck{Folds: HalvesFolds, BothLoss: stat.Mean(both, nil), Chosen: model.BothHalves, L2Scale: 1}
	for _, scale := range weaker {
		if cands[at(model.BothHalves, scale)].loss != nil || cands[at(model.ValuesHalf, scale)].loss != nil {
			check.WeakerScales = append(check.WeakerScales, scale)
		}
	}
	check.ChosenLoss = check.BothLoss
	chosen, chosenLogits, denseLoss := bothHalves, cands[0].logits, both
	var chosenScreen *ridge.Screen
	diff := make([]float64, rows)
	// beatsBy reports whether loss is lower than ref by margin standard
	// errors of their paired difference, and returns that error.
	beatsBy := func(margin float64, ref, loss []float64) (bool, float64) {
		for i := range diff {
			diff[i] = ref[i] - loss[i]
		}
		d, sd := stat.MeanStdDev(diff, nil)
		stdErr := sd / math.Sqrt(float64(rows))
		return d > margin*stdErr, stdErr
	}
	sparse := 0
	for _, c := range cands {
		if c.screen != nil {
			sparse++
		}
	}
	sparseMargin := SparseMargin(sparse)
	var prior []float64 // the constant prediction's loss, for sparse candidates
	// A dense candidate is chosen where it beats both halves at the
	// configured penalty by the margin and every candidate chosen before
	// it; a sparse one (they come last) where it beats by SparseMargin the
	// dense fit chosen and the class-weighted constant prediction (a
	// nearly constant screened fit can win on loss where no candidate
	// predicts: session 24), and every candidate chosen before it.
	for _, c := range cands[1:] {
		if c.loss == nil { // a weaker penalty not cross-validated
			continue
		}
		mean := stat.Mean(c.loss, nil)
		if c.screen != nil {
			if prior == nil {
				prior = priorLoss(l.train.Y, l.classWeights, C)
			}
			overChosen, _ := beatsBy(sparseMargin, denseLoss, c.loss)
			overPrior, _ := beatsBy(sparseMargin, prior, c.loss)
			if overChosen && overPrior && mean < check.ChosenLoss {
				check.Chosen, check.L2Scale, check.ChosenLoss, check.SparseK = c.halves, c.scale, mean, c.screen.K
				chosenScreen, chosenLogits = c.screen, c.logits
			}
			continue
		}
		ok, stdErr := beatsBy(HalvesMargin, both, c.loss)
		if c.halves == model.ValuesHalf && c.scale == 1 {
			check.ValuesLoss, check.StdErr = mean, stdErr
		}
		if ok && mean < check.ChosenLoss {
			check.Chosen, check.L2Scale, check.ChosenLoss, chosen, chosenLogits, denseLoss = c.halves, c.scale, mean, c.design, c.logits, c.loss
		}
	}
	// The stack (Config.Stack, session 54): where no sparse fit was
	// chosen, the dense candidates' held-out logits are combined with the
	// simplex weights of lowest loss, and the output layer is the same
	// combination of their fits over all rows.
	var stacked []int // cands' indices with nonzero weight
	var stackA []float64
	if l.cfg.Stack && chosenScreen == nil {
		var idx []int
		var logits [][]float64
		for k, c := range cands {
			if c.screen == nil && c.loss != nil {
				idx, logits = append(idx, k), append(logits, c.logits)
			}
		}
		a, err := stackWeights(logits, l.train.Y, l.classWeights, C)
		if err != nil {
			return nil, nil, err
		}
		combined := make([]float64, rows*C)
		for j := range idx {
			floats.AddScaled(combined, a[j], logits[j])
		}
		for j, k := range idx {
			if a[j] > 0 {
				stacked, stackA = append(stacked, k), append(stackA, a[j])
				check.Stack = append(check.Stack, StackedFit{Halves: cands[k].halves.String(), L2Scale: cands[k].scale, Weight: a[j]})
			}
		}
		check.StackLoss = stat.Mean(logitLoss(combined, l.train.Y, l.classWeights, C), nil)
		chosenLogits = combined
	}
	check.ClassWeightPower = 1
	if l.cfg.ClassWeights == nil && !l.cfg.EqualClassWeights {
		check.ClassWeightPower, check.BiasShift = weightPower(chosenLogits, l.train.Y, l.classWeights, C)
	}
	var start *model.ContinuousOptimum
	if stacked != nil {
		// The stack over all rows is the output layer itself (the
		// graph's search would take it to one penalty's optimum).
		W, B := make([]float64, 2*L*C), make([]float64, C)
		for j, k := range stacked {
			w, b, err := cands[k].design.Fit(ctx)
			if err != nil {
				return nil, nil, err
			}
			if cands[k].halves == model.ValuesHalf {
				w = append(make([]float64, L*C), w...) // the direction's weights, zero
			}
			floats.AddScaled(W, stackA[j], w)
			floats.AddScaled(B, stackA[j], b)
		}
		if err := l.trainer.BlendContinuous(model.ContinuousOptimum{W: W, B: B}, 1); err != nil {
			return nil, nil, err
		}
	} else if chosenScreen != nil {
		// The screened fit over all rows is the output layer itself (the
		// graph's search, over every column, would undo the screening).
		w, b, _, err := chosenScreen.Fit(ctx)
		if err != nil {
			return nil, nil, err
		}
		if err := l.trainer.BlendContinuous(model.ContinuousOptimum{W: w, B: b}, 1); err != nil {
			return nil, nil, err
		}
	} else {
		// The graph's search for the chosen halves' optimum starts at
		// their optimum over all rows, which the inner folds' solver
		// finds in far fewer passes than the graph does from Adam's
		// weights (vowel: 3 of 4 searches ended on their evaluation
		// budget, 3.3 s of 12 s; session 51); the layer keeps Adam's
		// weights for the average.
		w, b, err := chosen.Fit(ctx)
		if err != nil {
			return nil, nil, err
		}
		if check.Chosen == model.ValuesHalf {
			w = append(make([]float64, L*C), w...) // the direction's weights, zero
		}
		start = &model.ContinuousOptimum{W: w, B: b}
	}
	fields := logrus.Fields{"folds": HalvesFolds, "both_loss": fmt.Sprintf("%.4g", check.BothLoss),
		"values_loss": fmt.Sprintf("%.4g", check.ValuesLoss), "std_err": fmt.Sprintf("%.2g", check.StdErr),
		"chosen": check.Chosen.String(), "l2_scale": check.L2Scale, "sparse_k": check.SparseK, "chosen_loss": fmt.Sprintf("%.4g", check.ChosenLoss), "weaker_scales": fmt.Sprint(check.WeakerScales)}
	if check.Stack != nil {
		fields["stack"], fields["stack_loss"] = stackString(check.Stack), fmt.Sprintf("%.4g", check.StackLoss)
	}
	l.log.WithFields(fields).Info("continuous input halves")
	return check, start, nil
}

// sparseKeeps returns the numbers of columns of FitSelect's sparse
// candidates on a table of cols feature columns: cfg.SparseKeep, or none
// where the table has fewer columns than the largest of them. A sparse
// fit is a few columns among many: a table of fewer columns than the
// largest screen keeps its dense fits (wine, breast cancer, sonar: no
// sparse fit was chosen on them in session 38, and the test suite's many
// small fits stay as fast).
func sparseKeeps(cfg Config, cols int) []int {
	if n := len(cfg.SparseKeep); n > 0 && cols < cfg.SparseKeep[n-1] {
		return nil
	}
	return cfg.SparseKeep
}

// priorLoss returns each row's class-weighted cross-entropy under the
// constant prediction of the weighted class shares (weights nil: 1).
func priorLoss(y []int, weights []float64, C int) []float64 {
	share := make([]float64, C)
	total := 0.0
	for _, c := range y {
		share[c] += rowWeight(weights, c)
		total += rowWeight(weights, c)
	}
	loss := make([]float64, len(y))
	for i, c := range y {
		loss[i] = -rowWeight(weights, c) * math.Log(share[c]/total)
	}
	return loss
}

// concurrently runs do(ctx, k) for k in [0, n) on at most halvesWorkers()
// goroutines. The first failure cancels the context the others are given;
// the error returned is that of the lowest k that failed, passing over
// the cancellations that failure caused.
func concurrently(ctx context.Context, n int, do func(ctx context.Context, k int) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make([]error, n)
	next := make(chan int, n)
	for k := range n {
		next <- k
	}
	close(next)
	var wg sync.WaitGroup
	for range min(n, halvesWorkers()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				if errs[k] = recovered(ctx, k, do); errs[k] != nil {
					cancel()
				}
			}
		}()
	}
	wg.Wait()
	var first error
	for _, err := range errs {
		if err != nil && (first == nil || errors.Is(first, context.Canceled) && !errors.Is(err, context.Canceled)) {
			first = err
		}
	}
	return first
}

// recovered returns do(ctx, k), or an error where it panics: a panic on
// one of the goroutines of concurrently or CrossValidate would end the
// caller's process, which cannot recover it.
func recovered(ctx context.Context, k int, do func(ctx context.Context, k int) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("train: internal error in concurrent job %d: %s (this is a bug in hornets-go; please report it)", k, strings.ReplaceAll(fmt.Sprint(r), "\n", " "))
		}
	}()
	return do(ctx, k)
}

// halvesWorkers returns how many of FitSelect's inner fits run at once:
// procs.Workers() (GOMAXPROCS as the program was given it), at most 4
// (each holds a copy of an inner fold's rows).
func halvesWorkers() int { return min(procs.Workers(), 4) }

func rowsOf(d *data.Dataset) int {
	if d == nil {
		return 0
	}
	return d.Rows
}

// StratifiedSplit splits row indices into train and validation parts,
// holding out round(fraction·n_c) rows of each class c (at least one when
// the class has two rows or more). It panics unless 0 <= fraction < 1,
// every label is in 0..classes−1 and rng is not nil (Config.Validate
// checks the fraction).
func StratifiedSplit(y []int, classes int, fraction float64, rng *rand.Rand) (trainRows, valRows []int) {
	if !(fraction >= 0 && fraction < 1) {
		panic(fmt.Sprintf("train: StratifiedSplit: fraction %v, want 0 <= fraction < 1", fraction))
	}
	if rng == nil {
		panic("train: StratifiedSplit: nil *rand.Rand")
	}
	byClass := make([][]int, max(classes, 0))
	for i, c := range y {
		checkLabel("StratifiedSplit", i, c, classes)
		byClass[c] = append(byClass[c], i)
	}
	for _, rows := range byClass {
		rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		k := int(math.Round(fraction * float64(len(rows))))
		if k == 0 && len(rows) >= 2 && fraction > 0 {
			k = 1
		}
		valRows = append(valRows, rows[:k]...)
		trainRows = append(trainRows, rows[k:]...)
	}
	return trainRows, valRows
}

// addL2 adds l2·w to the gradient of the parameter vg: the gradient of
// the penalty l2/2·‖w‖². A parameter that is not a float64 tensor is left
// for the optimiser to report.
func addL2(vg G.ValueGrad, l2 float64) {
	w, g, err := weightGrad(vg)
	if err != nil || len(w) != len(g) {
		return
	}
	for j := range g {
		g[j] += l2 * w[j]
	}
}

// maxWeight bounds a sane parameter's magnitude: the square of a larger
// one (an L2 penalty, a norm) is within a few orders of overflowing
// float64, and sums of products with it (the rule scores, the logits) are
// not far from it. No network that learned anything comes near.
const maxWeight = 1e150

// saneValues reports whether every parameter value of vgs is at most
// maxWeight in magnitude (so not NaN and not infinite).
func saneValues(vgs []G.ValueGrad) bool {
	for _, vg := range vgs {
		w, err := float64s(vg.Value())
		if err != nil {
			return false
		}
		for _, v := range w {
			if !(math.Abs(v) <= maxWeight) {
				return false
			}
		}
	}
	return true
}
