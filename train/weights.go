// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"slices"

	"github.com/sirupsen/logrus"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
)

// WeightCheck is the inner cross-validation with which a categorical fit
// whose balanced class weights are near equal (every one within
// (1/BoundaryImbalance, BoundaryImbalance), where the BoundaryCheck does
// not run) chooses between them and equal weights. WeightRepeats ×
// WeightFolds pairs of networks, each trained as this one (after its
// TupleCheck) on all inner folds of a partition but one, one with the
// loss's weights (LossWeights: the balanced weights' square root there,
// or the balanced weights themselves with Config.FullBalance) and one
// with equal weights, predict the rows of the
// fold left out; the two fits of a pair share their rule search, which
// does not depend on the weights. Where more of the held-out predictions
// that differ are right with equal weights than with the loss's, by a
// one-sided sign test at 5 % (a row counts once in each partition), the
// fit is made again with equal weights (Equal), from the search it ran.
//
// Balanced weights put a cell's boundary at the class prior; with noisy
// labels a cell of the negative class can hold a positive share above
// the noisy prior by chance, and the balanced network calls it positive
// where equal weights, whose boundary is one half, do not (package
// documentation, sessions 28 and 29: an option, not the default). Since
// session 31 the default weights of such a table are the balanced
// weights' square root, whose boundary lies between the two.
type WeightCheck struct {
	Folds   int  `json:"folds"` // in each of Repeats partitions of the rows
	Repeats int  `json:"repeats"`
	Equal   bool `json:"equal"`  // the fit was made again with equal weights
	Gained  int  `json:"gained"` // held-out predictions right with equal weights only
	Lost    int  `json:"lost"`   // held-out predictions right with the loss's weights only
}

// Bounds of the WeightCheck.
const (
	// WeightFolds is the number of inner folds of a WeightCheck.
	WeightFolds = 5
	// WeightRepeats is the number of partitions of the rows into
	// WeightFolds folds.
	WeightRepeats = 2
)

// weightCheck runs the WeightCheck of l, a loop Fit built from ds, cfg
// and opts (and the TupleCheck kept), where it applies: the
// categorical route, Config.WeightCheck set, the class weights balanced
// (not set by the caller) and all within (1/BoundaryImbalance,
// BoundaryImbalance) but not all 1, every class in WeightFolds training
// rows or more. It returns the loop to run, l or one built again with
// equal weights, and the check (nil where it did not run). The error
// wraps ctx.Err() once ctx is done.
func weightCheck(ctx context.Context, l *Loop, ds *data.Dataset, cfg Config, opts *Options) (*Loop, *WeightCheck, error) {
	net := l.res.Network
	if !cfg.WeightCheck || l.inner || net.Route() != model.Categorical || cfg.ClassWeights != nil || cfg.EqualClassWeights || l.classWeights == nil {
		return l, nil, nil
	}
	allOne := !slices.ContainsFunc(l.classWeights, func(w float64) bool { return w != 1 })
	if farFromEqual(l.classWeights) || allOne || fewestRows(l.train.Y, len(ds.Classes)) < WeightFolds {
		return l, nil, nil
	}
	l.log.WithFields(logrus.Fields{"folds": WeightFolds, "repeats": WeightRepeats}).Infof("weight check: %d inner fits with the loss's class weights and with equal ones", 2*WeightFolds*WeightRepeats)
	mcfg := net.Config()
	equal := cfg
	equal.EqualClassWeights, equal.FullBalance = true, false
	pred, ys, err := heldOut(ctx, l, WeightFolds, WeightRepeats, 0x57656967687473, // "Weights"
		innerSetup{mcfg, cfg}, innerSetup{mcfg, equal})
	if err != nil {
		return nil, nil, checkError(ctx, "weight check", err)
	}
	check := &WeightCheck{Folds: WeightFolds, Repeats: WeightRepeats}
	check.Gained, check.Lost = changedRows(pred[0], pred[1], ys)
	check.Equal = gainsHold(check.Gained, check.Lost)
	what := "kept the loss's class weights"
	if check.Equal {
		what = "equal class weights predict the held-out rows better: training again with them"
	}
	l.log.WithFields(logrus.Fields{"equal": check.Equal, "gained": check.Gained, "lost": check.Lost}).Info("weight check: " + what)
	if !check.Equal {
		return l, check, nil
	}
	again, err := newLoopFrom(ctx, ds, mcfg, equal, opts, net.TupleSearch())
	if err != nil {
		return nil, nil, err // wraps ctx's error once it is done (newLoopFrom)
	}
	return again, check, nil
}
