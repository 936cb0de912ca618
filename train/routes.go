// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"

	"github.com/sirupsen/logrus"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
)

// RouteCheck is the inner cross-validation with which a fit of a binary
// table (the categorical route) chooses between CatInt's rules and the
// linear route (model.Config.Linear: LinAtt over the 0/1 values, a
// weight on each feature). RouteRepeats × RouteFolds pairs of networks,
// each trained as this one on all inner folds of a partition but one,
// one on the categorical route and one on the linear route, predict the
// rows of the fold left out. Where more of the held-out predictions
// that differ are right with the linear route, by a one-sided sign test
// at 5 % (a row counts once in each partition), the fit is made again
// on the linear route (Linear). Rules over a few feature tuples do not
// add up many weak single effects, which a linear model does; where the
// label is an interaction, the rules predict better and stay (package
// documentation, session 30).
type RouteCheck struct {
	Folds   int  `json:"folds"` // in each of Repeats partitions of the rows
	Repeats int  `json:"repeats"`
	Linear  bool `json:"linear"` // the fit was made again on the linear route
	Gained  int  `json:"gained"` // held-out predictions right on the linear route only
	Lost    int  `json:"lost"`   // held-out predictions right on the categorical route only
	// Wrong counts the held-out predictions the categorical fits got
	// wrong; where they are too few for the sign test to pass, however
	// many the linear route got right, its fits do not run (Gained and
	// Lost 0).
	Wrong int `json:"categorical_wrong"`
}

// Bounds of the RouteCheck.
const (
	// RouteFolds is the number of inner folds of a RouteCheck.
	RouteFolds = 5
	// RouteRepeats is the number of partitions of the rows into
	// RouteFolds folds.
	RouteRepeats = 2
	// RouteCheckMostRows is the most training rows for which a fit runs
	// its RouteCheck: the categorical inner fits cost most on long tables
	// (mushroom, 4,062 training rows a fold of 2: 2.1 → 47 s a fit), and
	// those are not the small tables the check is for.
	RouteCheckMostRows = 2000
)

// routeCheck runs the RouteCheck of l, a loop Fit built from ds, mcfg,
// cfg and opts, where it applies: the categorical route, RouteCheck set
// and mcfg.Linear not, every class in RouteFolds training rows or more,
// at most RouteCheckMostRows training rows. It returns the loop to run,
// l or one built again on the linear route, and the check (nil where it
// did not run). The error wraps ctx.Err() once ctx is done.
func routeCheck(ctx context.Context, l *Loop, ds *data.Dataset, mcfg model.Config, cfg Config, opts *Options) (*Loop, *RouteCheck, error) {
	if !cfg.RouteCheck || l.inner || mcfg.Linear || l.res.Network.Route() != model.Categorical {
		return l, nil, nil
	}
	if fewestRows(l.train.Y, len(ds.Classes)) < RouteFolds || l.train.Rows > RouteCheckMostRows {
		return l, nil, nil
	}
	l.log.WithFields(logrus.Fields{"folds": RouteFolds, "repeats": RouteRepeats}).Infof("route check: %d inner fits on the categorical and on the linear route", 2*RouteFolds*RouteRepeats)
	linear := mcfg
	linear.Linear = true
	check := &RouteCheck{Folds: RouteFolds, Repeats: RouteRepeats}
	// The categorical fits first: the linear route can only gain the
	// held-out rows they get wrong, and where those are too few for the
	// sign test to pass, its fits are not needed (the same stream gives
	// both runs the same partitions).
	const stream = 0x526f75746573 // "Routes"
	cat, ys, err := heldOut(ctx, l, RouteFolds, RouteRepeats, stream, innerSetup{mcfg, cfg})
	if err != nil {
		return nil, nil, checkError(ctx, "route check", err)
	}
	if check.Wrong = wrongRows(cat[0], ys); gainsHold(check.Wrong, 0) {
		lin, _, err := heldOut(ctx, l, RouteFolds, RouteRepeats, stream, innerSetup{linear, cfg})
		if err != nil {
			return nil, nil, checkError(ctx, "route check", err)
		}
		check.Gained, check.Lost = changedRows(cat[0], lin[0], ys)
	}
	check.Linear = gainsHold(check.Gained, check.Lost)
	what := "kept the categorical route"
	if check.Linear {
		what = "the linear route predicts the held-out rows better: training again on it"
	}
	l.log.WithFields(logrus.Fields{"linear": check.Linear, "gained": check.Gained, "lost": check.Lost, "categorical_wrong": check.Wrong}).Info("route check: " + what)
	if !check.Linear {
		return l, check, nil
	}
	again, err := newLoopFrom(ctx, ds, linear, cfg, opts, nil)
	if err != nil {
		return nil, nil, err // wraps ctx's error once it is done (newLoopFrom)
	}
	return again, check, nil
}
