// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/sirupsen/logrus"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// TupleCheck is the inner cross-validation with which a categorical fit
// whose rule table places a few feature tuples (model's PlacedTuples,
// 2 to TupleCheckMost) decides between them all and the best one alone.
// TupleRepeats × TupleFolds pairs of networks, each trained as this one
// on all inner folds of a partition but one, one with the rule table as
// the search fills it and one with its first tuple alone (model's
// Search.MaxTuples 1), predict the rows of the fold left out; the search
// runs again on each inner training set, once for the pair
// (model.NewFromSearch). Where more of the held-out predictions that
// differ are right with the best tuple alone than with every tuple, by a
// one-sided sign test at 5 % (a row counts once in each partition), the
// fit is made again with the best tuple alone (Kept 1), from the search
// it ran: the tuples beside it fitted chance dependences of the training
// rows (a noise feature beside a noisy gate's target pair, see the
// package documentation). Unless Config.TupleSignTest is set, the best
// tuple alone is also kept where it is an interaction (two of its features
// interact with the label, rulesearch.PairInteraction at InteractionP) and
// every tuple gets right more held-out rows than it by at most one
// standard error of the paired difference (the one-standard-error rule of
// cross-validation: the simpler table unless the other is clearly better;
// Parsimony reports it).
type TupleCheck struct {
	Folds   int `json:"folds"` // in each of Repeats partitions of the rows
	Repeats int `json:"repeats"`
	Tuples  int `json:"tuples"` // the tuples the rule table placed
	Kept    int `json:"kept"`   // the tuples the fit kept: Tuples, or 1
	Gained  int `json:"gained"` // held-out predictions right with the best tuple alone only
	Lost    int `json:"lost"`   // held-out predictions right with every tuple only
	// Parsimony is whether the best tuple alone was kept by the
	// one-standard-error rule, not by the sign test.
	Parsimony bool `json:"parsimony,omitempty"`
}

// Bounds of the TupleCheck.
const (
	// TupleFolds is the number of inner folds of a TupleCheck.
	TupleFolds = 5
	// TupleRepeats is the number of partitions of the rows into
	// TupleFolds folds: at 128 rows and 20 % label noise only about ten
	// held-out rows differ between the two tables in one partition, too
	// few for the sign test (fits below 0.97 on the selection seed at
	// 20 % and 15 % noise: one partition 23 and 7, two 20 and 7, three 20
	// and 4; on the README's seed at 20 %, two 9, three 6).
	TupleRepeats = 3
	// TupleCheckMost is the most placed tuples for which a fit runs its
	// TupleCheck, which costs 2·TupleFolds·TupleRepeats fits: a chance
	// tuple beside one real interaction, or two, is what it looks for. A
	// table of more strong tuples (mushroom places 64, tic-tac-toe more
	// than 8) is not checked: not measured, and the fits cost most there.
	TupleCheckMost = 8
)

// tupleCheck runs the TupleCheck of l, a loop Fit built from ds, mcfg,
// cfg and opts, where it applies (the categorical route, 2 to
// TupleCheckMost placed tuples, Search.MaxTuples and NoTupleCheck unset,
// every class in TupleFolds training rows or more), and returns the loop
// to run, l or one built again with the best tuple alone, and the check
// (nil where it did not run), with the held-out predictions of the inner
// fits of the rule table it kept (nil where it did not run), which the
// route check compares with the linear route's (sharedRouteCheck). The
// error wraps ctx.Err() once ctx is done.
func tupleCheck(ctx context.Context, l *Loop, ds *data.Dataset, mcfg model.Config, cfg Config, opts *Options) (*Loop, *TupleCheck, *heldOutRows, error) {
	net := l.res.Network
	K := net.PlacedTuples()
	if cfg.NoTupleCheck || l.inner || net.Route() != model.Categorical || K < 2 || K > TupleCheckMost || mcfg.Search.MaxTuples != 0 {
		return l, nil, nil, nil
	}
	if fewestRows(l.train.Y, len(ds.Classes)) < TupleFolds {
		return l, nil, nil, nil
	}
	l.log.WithFields(logrus.Fields{"folds": TupleFolds, "repeats": TupleRepeats, "tuples": K}).Infof("tuple check: %d inner fits with the %d placed tuples and with the best alone (--no-tuple-check skips it)", 2*TupleFolds*TupleRepeats, K)
	alone := mcfg
	alone.Search.MaxTuples = 1
	// The check compares two rule tables, not finished models: the best
	// tuple alone is the first of the tuples the shared search places.
	pred, ys, err := heldOut(ctx, l, TupleFolds, TupleRepeats, tupleStream,
		innerSetup{mcfg, cfg}, innerSetup{alone, cfg})
	if err != nil {
		return nil, nil, nil, checkError(ctx, "tuple check", err)
	}
	check := &TupleCheck{Folds: TupleFolds, Repeats: TupleRepeats, Tuples: K, Kept: K}
	check.Gained, check.Lost = changedRows(pred[0], pred[1], ys)
	tuples, err := net.Tuples()
	if err != nil {
		return nil, nil, nil, err
	}
	interacts := false
	if len(tuples) > 0 {
		if interacts, err = interaction(l.train, tuples[0]); err != nil {
			return nil, nil, nil, err
		}
	}
	what := fmt.Sprintf("kept the %d placed tuples", K)
	keep, parsimony := bestAlone(cfg, check.Gained, check.Lost, len(ys), interacts)
	switch check.Parsimony = parsimony; {
	case parsimony:
		what = "every tuple predicts the held-out rows better than the best interaction alone by at most one standard error (--tuple-sign-test asks for the sign test alone): training again with it alone"
	case keep:
		what = "the best tuple alone predicts the held-out rows better: training again with it"
	}
	if keep {
		check.Kept = 1
	}
	l.log.WithFields(logrus.Fields{"tuples": K, "kept": check.Kept, "gained": check.Gained, "lost": check.Lost}).Info("tuple check: " + what)
	held := &heldOutRows{loop: l, stream: tupleStream, folds: TupleFolds, repeats: TupleRepeats, pred: pred[0], y: ys}
	if check.Kept == K {
		return l, check, held, nil
	}
	held.pred = pred[1]
	pruned, err := newLoopFrom(ctx, ds, alone, cfg, opts, net.TupleSearch())
	if err != nil {
		return nil, nil, nil, err // wraps ctx's error once it is done (newLoopFrom)
	}
	return pruned, check, held, nil
}

// tupleStream is the stream of the TupleCheck's partitions (heldOut).
const tupleStream = 0x5475706c6573 // "Tuples"

// heldOutRows are the held-out predictions of an inner check's fits of
// one setup: pred and y hold repeats partitions of loop's training rows
// into folds folds, drawn from stream (heldOut), a row once per
// partition. Another setup's fits on the same partitions (heldOut with
// the same loop, folds, repeats and stream) are compared with them row by
// row.
type heldOutRows struct {
	loop           *Loop
	stream         uint64
	folds, repeats int
	pred, y        []int
	// own is set where the fits were the route check's own
	// (manyTuplesHeldOut), not a TupleCheck's; setup is then theirs, for
	// more partitions (extend).
	own   bool
	setup innerSetup
}

// bestAlone decides a TupleCheck from its counts: the held-out rows
// gained and lost by the best tuple alone, of n. It keeps the best tuple
// alone where the sign test says it predicts better, and unless
// cfg.TupleSignTest is set also (parsimony) where the best tuple is an
// interaction (interacts: two of its features interact with the label,
// rulesearch.PairInteraction at 5 %) and every tuple predicts better by
// at most one standard error: parsimony asks whether the table is its
// best interaction alone. A single feature, or two features of separate,
// additive effects, alone would discard the main effects beside them
// (package documentation, session 33).
func bestAlone(cfg Config, gained, lost, n int, interacts bool) (alone, parsimony bool) {
	switch {
	case gainsHold(gained, lost):
		return true, false
	case !cfg.TupleSignTest && interacts && withinOneSE(gained, lost, n):
		return true, true
	}
	return false, false
}

// InteractionP is the level at which two features of a TupleCheck's best
// tuple must interact with the label (rulesearch.PairInteraction) for
// the one-standard-error rule to apply: the conventional 5 %, the level
// of the pair fallback's interaction test.
const InteractionP = model.FallbackInteractionP

// interaction reports whether two features of the tuple (named as ds's
// features; model.Network.Tuples) from different input columns interact
// with the label on ds's rows at InteractionP.
func interaction(ds *data.Dataset, tuple []string) (bool, error) {
	at := make(map[string]int, len(ds.Features))
	for j, name := range ds.Features {
		at[name] = j
	}
	idx := make([]int, len(tuple))
	for k, name := range tuple {
		j, ok := at[name]
		if !ok {
			return false, fmt.Errorf("%w: rule tuple feature %q is not a feature of the table", ErrData, name)
		}
		idx[k] = j
	}
	d := rulesearch.Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y, Classes: len(ds.Classes), Blocks: ds.Groups}
	for i, a := range idx {
		for _, b := range idx[i+1:] {
			if ds.Groups != nil && ds.Groups[a] == ds.Groups[b] {
				continue
			}
			if rulesearch.PairInteractionP(d, a, b) < InteractionP {
				return true, nil
			}
		}
	}
	return false, nil
}

// innerSetup is the model and training configuration of one of the fits
// an inner check compares (heldOut).
type innerSetup struct {
	model model.Config
	train Config
}

// checkError is the error of an inner check's fits: the check canceled
// before training, wrapping ctx.Err(), once ctx is done, else err named
// by the check.
func checkError(ctx context.Context, check string, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("train: canceled before training (%s): %w", check, ctx.Err())
	}
	return fmt.Errorf("train: %s: %w", check, err)
}

// heldOut runs the inner fits of a check: repeats partitions of l's
// training rows into folds stratified folds, drawn from a generator of
// their own (l.cfg.Seed and stream: the same stream gives the same
// partitions), and on each inner training set a fit of each setup, as
// inner fits (no checks of their own, shortSchedule, a seed per training
// set), each categorical one after the first built from the rule search
// of the one before, which depends on the table and the model
// configuration up to Search.MaxTuples only. It returns each setup's
// predictions of the rows held out, a row once per partition, and their
// labels.
func heldOut(ctx context.Context, l *Loop, folds, repeats int, stream uint64, setups ...innerSetup) (pred [][]int, ys []int, err error) {
	return heldOutFrom(ctx, l, folds, 0, repeats, stream, setups...)
}

// heldOutFrom is heldOut's fits on the partitions first to repeats − 1
// alone, each fit as heldOut's with repeats partitions would make it (the
// same partition, inner rows and seed): the predictions of a partition
// added to those heldOut returned for the first ones.
func heldOutFrom(ctx context.Context, l *Loop, folds, first, repeats int, stream uint64, setups ...innerSetup) (pred [][]int, ys []int, err error) {
	n := l.train.Rows
	count := repeats - first
	pred = make([][]int, len(setups))
	for k := range pred {
		pred[k] = make([]int, count*n)
	}
	ys = make([]int, 0, count*n)
	partitions := innerPartitions(l, folds, repeats, stream)
	for range count {
		ys = append(ys, l.train.Y...)
	}
	// The inner training sets run at once, each writing its own rows of
	// pred.
	err = concurrently(ctx, folds*count, func(ctx context.Context, job int) error {
		job += first * folds
		r, f := job/folds, job%folds
		tr, te := foldRows(partitions[r], f)
		sub, held := l.train.Subset(tr), l.train.Subset(te)
		var search *model.TupleSearch
		for k, setup := range setups {
			icfg := shortSchedule(setup.train)
			icfg.Seed = setup.train.Seed + uint64(job) + 1
			if setup.model.Linear {
				search = nil // the linear route searches no tuples
			}
			net, err := innerFit(ctx, sub, setup.model, icfg, search)
			if err != nil {
				return err
			}
			search = net.TupleSearch()
			p, err := net.Predict(held.X, held.Rows)
			if err != nil {
				return err
			}
			for i, row := range te {
				pred[k][(r-first)*n+row] = p[i]
			}
		}
		return nil
	})
	return pred, ys, err
}

// innerPartitions returns the partitions of heldOut: repeats stratified
// partitions of l's training rows into folds folds (each row's fold),
// drawn from a generator of their own (l.cfg.Seed and stream).
func innerPartitions(l *Loop, folds, repeats int, stream uint64) [][]int {
	rng := rand.New(rand.NewPCG(l.cfg.Seed, stream))
	partitions := make([][]int, repeats)
	for r := range partitions {
		partitions[r] = StratifiedFolds(l.train.Y, l.res.Network.Classes(), folds, rng)
	}
	return partitions
}
