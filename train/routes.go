// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"math"
	"slices"

	"github.com/sirupsen/logrus"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/internal/ridge"
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
// documentation, session 30). That check, with categorical fits of its
// own, runs where Config.RouteCheck asks for it. By default (since
// session 39) a categorical fit whose TupleCheck ran checks its route on
// that check's inner fits instead, adding only the linear route's
// (Shared; sharedRouteCheck), and (since session 44) one whose rule
// table places more than TupleCheckMost tuples, at least half of them
// single features, where no TupleCheck runs, on RouteFolds categorical
// inner fits of its own (manyTuplesHeldOut), unless Config.NoRouteCheck
// is set.
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
	// Shared is set where the check took its categorical side from the
	// TupleCheck's inner fits (sharedRouteCheck, the default) rather than
	// fitting its own (Config.RouteCheck, or a rule table of more than
	// TupleCheckMost tuples, which runs no TupleCheck: manyTuplesHeldOut).
	Shared bool `json:"shared,omitempty"`
	// ScreenGained and ScreenLost count, where the check is the default
	// one (Shared, or on manyTuplesHeldOut's fits), the
	// held-out predictions right only with a logistic regression over the
	// standardised features fitted on the same inner training sets (the
	// linear route's class weights), and only with the rules: the linear
	// route's fits run only where one predicts better by the check's
	// test.
	ScreenGained int `json:"screen_gained,omitempty"`
	ScreenLost   int `json:"screen_lost,omitempty"`
	// ScreenL2Scale and ScreenKeep name the logistic regression whose
	// counts those are: the first that predicts better, or where none
	// does the one at the configured penalty over every column. It has
	// the penalty of a C = 1 fit times ScreenL2Scale, over the ScreenKeep
	// columns of largest F statistic in each inner training set (every
	// column where 0): the linear route chooses its own output layer
	// among those (FitSelect), so the screen tries each (since session
	// 40).
	ScreenL2Scale float64 `json:"screen_l2_scale,omitempty"`
	ScreenKeep    int     `json:"screen_keep,omitempty"`
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
	return routeChosen(ctx, l, ds, linear, cfg, opts, check)
}

// ManyTuplesRouteRepeats is the most partitions of the rows into
// RouteFolds folds on which a categorical fit whose rule table places
// more than TupleCheckMost tuples, at least half of them single features,
// and so runs no TupleCheck, fits the categorical side of its route check
// (manyTuplesHeldOut): two, as RouteRepeats. The check starts on one,
// RouteFolds categorical inner fits, and adds the linear route's only
// where a logistic regression predicts the held-out rows better
// (sharedRouteCheck); it fits the second partition only where the first
// leans to the linear route without passing the sign test (more of the
// rows that differ right with a screen's logistic regression or the
// linear route's fits, each weighed as the test weighs it), and then
// decides on both. One partition alone (sessions 44 and 45) left the test
// too weak on letters: it kept the rules in four folds of five, which
// two partitions send to the linear route (package documentation,
// session 46).
const ManyTuplesRouteRepeats = 2

// manyTuplesStream is the stream of manyTuplesHeldOut's partitions.
const manyTuplesStream = 0x4d616e79 // "Many"

// manyTuplesHeldOut returns the categorical side of the route check of a
// fit whose rule table places more than TupleCheckMost tuples, at least
// half of them single features, where no TupleCheck runs to share its
// inner fits: the held-out predictions of RouteFolds inner fits as l's
// on one partition (heldOut), for sharedRouteCheck to compare with the
// linear route's and to extend by a second where that is not clear
// (ManyTuplesRouteRepeats). Such a table is
// where rules of single features stand in for many main effects (markers
// of many classes: letters, soybean), and the rules, each cell's logit
// learnt without a penalty, fit the training rows more closely than a
// penalised linear model and predict fresh rows worse (package
// documentation, session 44). nil where it does not apply: the check
// switched off or asked for with fits of its own (Config.NoRouteCheck,
// Config.RouteCheck), not the categorical route, Search.MaxTuples set,
// at most TupleCheckMost placed tuples, fewer than half of them single
// features, more than RouteCheckMostRows training rows, or a class in
// fewer than RouteFolds of them. The error wraps ctx.Err() once ctx is
// done.
//
// The check asks which model of main effects predicts better, the rules
// over single features or a penalised linear one; where most placed
// tuples are interactions, the rules are there for them, the linear
// route cannot express them, and a switch comes only from the noise of
// the inner fits: tic-tac-toe (56 triples) took the linear route in two
// folds of 25 (bench real --folds 5 --repeats 5 --seed 1), 0.988 →
// 0.971 and 0.994 → 0.959, before the check asked for a majority of
// singles.
func manyTuplesHeldOut(ctx context.Context, l *Loop, ds *data.Dataset, mcfg model.Config, cfg Config) (*heldOutRows, error) {
	net := l.res.Network
	if cfg.NoRouteCheck || cfg.RouteCheck || l.inner || mcfg.Linear || net.Route() != model.Categorical || mcfg.Search.MaxTuples != 0 {
		return nil, nil
	}
	if net.PlacedTuples() <= TupleCheckMost || l.train.Rows > RouteCheckMostRows || fewestRows(l.train.Y, len(ds.Classes)) < RouteFolds {
		return nil, nil
	}
	tuples, err := net.Tuples()
	if err != nil {
		return nil, err
	}
	singles := 0
	for _, t := range tuples {
		if len(t) == 1 {
			singles++
		}
	}
	if 2*singles < len(tuples) {
		return nil, nil // mostly interactions, which the linear route cannot express
	}
	l.log.WithFields(logrus.Fields{"folds": RouteFolds, "repeats": 1, "tuples": net.PlacedTuples()}).Infof("route check: %d categorical inner fits (the rule table places more than %d tuples, most of them single features, and no tuple check shares its fits; --no-route-check skips them)", RouteFolds, TupleCheckMost)
	pred, ys, err := heldOut(ctx, l, RouteFolds, 1, manyTuplesStream, innerSetup{mcfg, cfg})
	if err != nil {
		return nil, checkError(ctx, "route check", err)
	}
	return &heldOutRows{loop: l, stream: manyTuplesStream, folds: RouteFolds, repeats: 1, pred: pred[0], y: ys, own: true, setup: innerSetup{mcfg, cfg}}, nil
}

// extend returns held with one more partition of categorical inner fits
// (heldOutFrom: the fits a run on all its partitions would have made), for
// a route check of its own (manyTuplesHeldOut) whose first partitions
// did not decide. The error wraps ctx.Err() once ctx is done.
func (held *heldOutRows) extend(ctx context.Context) (*heldOutRows, error) {
	held.loop.log.WithFields(logrus.Fields{"folds": held.folds, "repeats": held.repeats + 1}).Infof("route check: %d more categorical inner fits, on another partition (the held-out rows leaned to the linear route without passing the sign test)", held.folds)
	pred, ys, err := heldOutFrom(ctx, held.loop, held.folds, held.repeats, held.repeats+1, held.stream, held.setup)
	if err != nil {
		return nil, checkError(ctx, "route check", err)
	}
	more := *held
	more.repeats++
	more.pred = append(slices.Clone(held.pred), pred[0]...)
	more.y = append(slices.Clone(held.y), ys...)
	return &more, nil
}

// sharedRouteCheck is the route check that a categorical fit runs by
// default (unless Config.NoRouteCheck or Config.RouteCheck, the check of
// its own, is set), where its TupleCheck ran: the categorical side is the
// TupleCheck's held-out predictions of the rule table it kept (held), and
// only the linear route's fits are added, on the same partitions
// (TupleRepeats × TupleFolds; where the rule table places more than
// TupleCheckMost tuples, held is manyTuplesHeldOut's categorical fits,
// ManyTuplesRouteRepeats × RouteFolds), so the check costs the linear inner fits,
// the cheap ones, and none where the categorical fits got too few rows
// wrong for the test to pass. The linear route is taken where more of
// the held-out predictions that differ are right with it, each weighed
// by its class's loss weight where those are far from equal
// (weightedGainsHold, the encoding check's test): a table whose label
// adds up many weak single effects, which rules over a few tuples do not
// (package documentation, session 39). It returns the loop to run, l or
// one built again on the linear route, and the check (nil where it did
// not run). The error wraps ctx.Err() once ctx is done.
func sharedRouteCheck(ctx context.Context, l *Loop, ds *data.Dataset, mcfg model.Config, cfg Config, opts *Options, held *heldOutRows) (*Loop, *RouteCheck, error) {
	if held == nil || cfg.NoRouteCheck || cfg.RouteCheck || mcfg.Linear || l.res.Network.Route() != model.Categorical || held.loop.train.Rows > RouteCheckMostRows {
		return l, nil, nil
	}
	linear := mcfg
	linear.Linear = true
	var lin []int // the linear route's held-out predictions, on held's first partitions
	for {
		var check *RouteCheck
		var leans bool
		var err error
		check, leans, lin, err = routeCheckOn(ctx, ds, linear, cfg, held, lin)
		if err != nil {
			return nil, nil, err
		}
		if check.Linear {
			return routeChosen(ctx, l, ds, linear, cfg, opts, check)
		}
		if !leans || !held.own || held.repeats >= ManyTuplesRouteRepeats {
			return l, check, nil
		}
		if held, err = held.extend(ctx); err != nil {
			return nil, nil, err
		}
	}
}

// routeCheckOn is sharedRouteCheck's check on the held-out rows held:
// the logistic-regression screen, then the linear route's inner fits
// (linear, cfg) where a screen passes. lin holds the linear fits'
// held-out predictions on held's first partitions from an earlier look
// (nil: none), which are not fitted again. It returns the check, its
// Linear set where the linear route predicts better, whether the rows
// lean to it where they do not pass the test (weightedLeans: a screen or
// the linear fits), and the linear predictions it holds. The error wraps
// ctx.Err() once ctx is done.
func routeCheckOn(ctx context.Context, ds *data.Dataset, linear model.Config, cfg Config, held *heldOutRows, lin []int) (*RouteCheck, bool, []int, error) {
	l := held.loop
	check := &RouteCheck{Folds: held.folds, Repeats: held.repeats, Shared: !held.own}
	check.Wrong = wrongRows(held.pred, held.y)
	w := LossWeights(cfg, held.y, len(ds.Classes), model.Continuous)
	if !weightedGainsHold(held.pred, held.y, held.y, w) {
		// Even a linear route right on every row the rules get wrong
		// would not pass the test.
		l.log.WithFields(logrus.Fields{"categorical_wrong": check.Wrong}).Info("route check: kept the categorical route (its inner fits got too few held-out rows wrong for the linear route to predict better)")
		return check, false, lin, nil
	}
	// Logistic regressions first, on the same partitions: the linear
	// route's output layer is one, over the standardised features, at a
	// penalty and over columns its own inner check chooses (FitSelect),
	// and where none of those it may choose predicts better, the
	// network's fits are not needed.
	screens, err := newRouteScreen(held, w, len(ds.Classes))
	if err != nil {
		return nil, false, lin, checkError(ctx, "route check", err)
	}
	passed, leans := false, false
	for _, c := range screenCandidates(l.cfg, l.train.Cols) {
		screen, err := screens.heldOut(ctx, c)
		if err != nil {
			return nil, false, lin, checkError(ctx, "route check", err)
		}
		leans = leans || weightedLeans(held.pred, screen, held.y, w)
		if passed = weightedGainsHold(held.pred, screen, held.y, w); passed || c == (screenCandidate{L2Scale: 1}) {
			check.ScreenGained, check.ScreenLost = changedRows(held.pred, screen, held.y)
			check.ScreenL2Scale, check.ScreenKeep = c.L2Scale, c.Keep
		}
		if passed {
			break
		}
	}
	if !passed {
		l.log.WithFields(logrus.Fields{"categorical_wrong": check.Wrong, "screen_gained": check.ScreenGained, "screen_lost": check.ScreenLost, "repeats": held.repeats}).Info("route check: kept the categorical route (no logistic regression the linear route may choose predicts the held-out rows of the categorical inner fits better)")
		return check, leans, lin, nil
	}
	// Only the partitions lin does not hold yet: heldOutFrom fits them as
	// heldOut on every partition would.
	have := len(lin) / l.train.Rows
	l.log.WithFields(logrus.Fields{"folds": held.folds, "repeats": held.repeats, "screen_gained": check.ScreenGained, "screen_lost": check.ScreenLost, "screen_l2_scale": check.ScreenL2Scale, "screen_keep": check.ScreenKeep}).Infof("route check: %d inner fits on the linear route, on the categorical inner fits' partitions (--no-route-check skips it)", held.folds*(held.repeats-have))
	more, _, err := heldOutFrom(ctx, l, held.folds, have, held.repeats, held.stream, innerSetup{linear, cfg})
	if err != nil {
		return nil, false, lin, checkError(ctx, "route check", err)
	}
	lin = append(slices.Clone(lin), more[0]...)
	check.Gained, check.Lost = changedRows(held.pred, lin, held.y)
	check.Linear = weightedGainsHold(held.pred, lin, held.y, w)
	return check, weightedLeans(held.pred, lin, held.y, w), lin, nil
}

// screenCandidate is one logistic regression of the route check's
// screen: the penalty of a C = 1 fit times L2Scale, over the Keep
// columns of largest F statistic in each inner training set (ridge's
// Screen), or over every column where Keep is 0.
type screenCandidate struct {
	L2Scale float64
	Keep    int
}

// screenCandidates returns the logistic regressions of the route check's
// screen on a table of cols feature columns, in the order they are
// tried: those among which the linear route's output layer is chosen
// (the values half of checkHalves' candidates, with its sparse ones:
// sparseKeeps), at the configured penalty first, but the weaker
// penalties (StrongerPenaltyScales). A fit that does not choose its
// penalty (ContinuousFit other than FitSelect) has the one.
func screenCandidates(cfg Config, cols int) []screenCandidate {
	cands := []screenCandidate{{L2Scale: 1}}
	if cfg.ContinuousFit != FitSelect {
		return cands
	}
	scales := append([]float64{1}, StrongerPenaltyScales()...)
	for _, s := range scales[1:] {
		cands = append(cands, screenCandidate{L2Scale: s})
	}
	for _, k := range sparseKeeps(cfg, cols) {
		if k >= cols {
			continue
		}
		for _, s := range scales {
			cands = append(cands, screenCandidate{L2Scale: s, Keep: k})
		}
	}
	return cands
}

// routeScreen holds the route check's logistic regressions over the
// training rows of an inner check (held), each feature standardised by
// its mean and standard deviation over those rows (a label-free
// transform), with the linear route's class weights w, at the penalty of
// a C = 1 fit of an inner training set (1/rows): the linear route's
// output layer without its network (package internal/ridge). The
// columns are prepared once for every candidate.
type routeScreen struct {
	held       *heldOutRows
	partitions [][]int // held's, drawn once (innerPartitions)
	p          ridge.Problem
	dense      *ridge.Design
}

// newRouteScreen standardises held's training rows and prepares their
// columns.
func newRouteScreen(held *heldOutRows, w []float64, C int) (*routeScreen, error) {
	ds := held.loop.train
	n, D := ds.Rows, ds.Cols
	x := make([]float64, n*D)
	for j := range D {
		mean, ss := 0.0, 0.0
		for i := range n {
			mean += ds.X[i*D+j]
		}
		mean /= float64(n)
		for i := range n {
			d := ds.X[i*D+j] - mean
			ss += d * d
		}
		scale := math.Sqrt(ss / float64(n))
		if scale == 0 {
			scale = 1
		}
		for i := range n {
			x[i*D+j] = (ds.X[i*D+j] - mean) / scale
		}
	}
	l2 := float64(held.folds) / (float64(held.folds-1) * float64(n))
	p := ridge.Problem{X: x, Rows: n, Cols: D, Y: ds.Y, Classes: C, ClassWeights: w, L2: l2}
	dense, err := ridge.NewDesign(p, ridge.Columns{Lo: 0, Hi: D})
	if err != nil {
		return nil, err
	}
	partitions := innerPartitions(held.loop, held.folds, held.repeats, held.stream)
	return &routeScreen{held: held, partitions: partitions, p: p, dense: dense}, nil
}

// heldOut returns the held-out predictions of candidate c on the
// partitions of s.held: the penalty times c.L2Scale, over the c.Keep
// columns of largest F statistic in each inner training set where c.Keep
// is set.
func (s *routeScreen) heldOut(ctx context.Context, c screenCandidate) ([]int, error) {
	held, n, C := s.held, s.p.Rows, s.p.Classes
	p := s.p
	p.L2 *= c.L2Scale
	// crossValidate is the candidate's cross-validation over one
	// partition's folds.
	var crossValidate func(ctx context.Context, fold []int, folds int) (loss, logits []float64, err error)
	if c.Keep > 0 {
		screen, err := ridge.NewScreen(p, ridge.Columns{Lo: 0, Hi: p.Cols}, c.Keep)
		if err != nil {
			return nil, err
		}
		crossValidate = screen.CrossValidateLogits
	} else {
		design, err := s.dense.WithPenalty(p.L2, p.GradientThreshold)
		if err != nil {
			return nil, err
		}
		crossValidate = design.CrossValidateLogits
	}
	pred := make([]int, held.repeats*n)
	for r, fold := range s.partitions {
		_, logits, err := crossValidate(ctx, fold, held.folds)
		if err != nil {
			return nil, err
		}
		for i := range n {
			z := logits[i*C : (i+1)*C]
			pred[r*n+i] = slices.Index(z, slices.Max(z))
		}
	}
	return pred, nil
}

// routeChosen logs a route check's choice and returns the loop to run:
// l, or where the check chose the linear route one built again from ds
// with linear (the model configuration with Linear set), cfg and opts.
func routeChosen(ctx context.Context, l *Loop, ds *data.Dataset, linear model.Config, cfg Config, opts *Options, check *RouteCheck) (*Loop, *RouteCheck, error) {
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
