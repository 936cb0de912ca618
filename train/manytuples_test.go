// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// classMarkers returns rows of classes × perClass binary features, the
// class drawn uniformly: the perClass features of a row's own class are
// 1 with probability on, every other feature with probability off.
// Markers of many classes, each a weak main effect: a logistic
// regression adds them up, a rule table of single features learns each
// cell's logit without a penalty.
func classMarkers(rows, classes, perClass int, on, off float64, seed uint64) *data.Dataset {
	rng := rand.New(rand.NewPCG(seed, 44))
	cols := classes * perClass
	ds := &data.Dataset{Rows: rows, Cols: cols, X: make([]float64, rows*cols), Y: make([]int, rows), Classes: make([]string, classes)}
	for c := range ds.Classes {
		ds.Classes[c] = fmt.Sprint("c", c)
	}
	for i := range rows {
		y := rng.IntN(classes)
		ds.Y[i] = y
		for j := range cols {
			p := off
			if j/perClass == y {
				p = on
			}
			if rng.Float64() < p {
				ds.X[i*cols+j] = 1
			}
		}
	}
	return ds
}

// fitWithAndWithoutRouteCheck fits ds with defaults (seed 7) and with
// --no-route-check.
func fitWithAndWithoutRouteCheck(t *testing.T, ds *data.Dataset) (res, rules *train.Result) {
	t.Helper()
	fit := func(cfg train.Config) *train.Result {
		t.Helper()
		cfg.Seed = 7
		res, err := train.Fit(context.Background(), ds, model.Config{}, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	return fit(train.Config{}), fit(train.Config{NoRouteCheck: true})
}

// The route check of a fit whose rule table places more than
// TupleCheckMost tuples, with categorical inner fits of its own (no tuple
// check runs there to share them): on markers of six classes the rule
// table holds a tuple for each of the 48 features, the linear route
// predicts more held-out rows right, and the fit takes it, which
// predicts fresh rows better than the rules do (--no-route-check). Under
// --no-route-check the check does not run. (TestRouteCheck has the
// check of Config.RouteCheck, which runs instead where it is set.)
func TestManyTuplesRouteCheck(t *testing.T) {
	t.Parallel()
	ds, fresh := classMarkers(240, 6, 8, 0.6, 0.15, 1), classMarkers(2000, 6, 8, 0.6, 0.15, 2)
	res, rules := fitWithAndWithoutRouteCheck(t, ds)
	if k := rules.Network.PlacedTuples(); k <= train.TupleCheckMost {
		t.Fatalf("the rule table places %d tuples; the test needs more than %d", k, train.TupleCheckMost)
	}
	if rules.Routes != nil || rules.Network.Route() != model.Categorical {
		t.Errorf("--no-route-check: route check %+v, route %v; want none and the categorical route", rules.Routes, rules.Network.Route())
	}
	c := res.Routes
	// The first partition passes the test (19 rows gained, 2 lost), so
	// no second is fitted.
	if c == nil || c.Shared || c.Folds != train.RouteFolds || c.Repeats != 1 {
		t.Fatalf("route check %+v: want one with categorical fits of its own, on one partition into %d folds", c, train.RouteFolds)
	}
	if res.Tuples != nil {
		t.Errorf("tuple check %+v ran on a rule table of %d tuples", res.Tuples, rules.Network.PlacedTuples())
	}
	if !c.Linear || c.Gained <= c.Lost || res.Network.Route() != model.Continuous {
		t.Fatalf("route check %+v, route %v: want the linear route, with more held-out rows gained than lost", c, res.Network.Route())
	}
	linear, categorical := accuracy(t, res.Network, fresh), accuracy(t, rules.Network, fresh)
	t.Logf("fresh-row accuracy: linear route %.3f, rules %.3f; check %+v", linear, categorical, c)
	if linear <= categorical {
		t.Errorf("fresh-row accuracy: linear route %.3f, rules %.3f; want the linear route better", linear, categorical)
	}
}

// Where the first partition leans to the linear route without passing
// the sign test, the route check of many tuples fits a second
// (ManyTuplesRouteRepeats) and decides on both: on five classes of six
// weak markers (on 0.55, off 0.3) the two take the linear route, which
// predicts fresh rows better than the rules do.
func TestManyTuplesRouteCheckSecondPartition(t *testing.T) {
	t.Parallel()
	ds, fresh := classMarkers(200, 5, 6, 0.55, 0.3, 3), classMarkers(2000, 5, 6, 0.55, 0.3, 4)
	res, rules := fitWithAndWithoutRouteCheck(t, ds)
	c := res.Routes
	if c == nil || c.Shared || c.Folds != train.RouteFolds || c.Repeats != train.ManyTuplesRouteRepeats {
		t.Fatalf("route check %+v: want one with categorical fits of its own on %d partitions", c, train.ManyTuplesRouteRepeats)
	}
	if !c.Linear || res.Network.Route() != model.Continuous {
		t.Fatalf("route check %+v, route %v: want the linear route", c, res.Network.Route())
	}
	linear, categorical := accuracy(t, res.Network, fresh), accuracy(t, rules.Network, fresh)
	t.Logf("fresh-row accuracy: linear route %.3f, rules %.3f; check %+v", linear, categorical, c)
	if linear <= categorical {
		t.Errorf("fresh-row accuracy: linear route %.3f, rules %.3f; want the linear route better", linear, categorical)
	}
}

// Where most placed tuples are interactions, the many-tuples route check
// does not run: tic-tac-toe's rule table places more than TupleCheckMost
// triples and no single, the linear route cannot express them, and
// before the check asked for a majority of singles it took the linear
// route by the noise of its inner fits in two folds of 25 (package
// documentation, session 44).
func TestManyTuplesRouteCheckSkipsInteractions(t *testing.T) {
	t.Parallel()
	ds := sharedDataset(t, "tic_tac_toe.csv.gz")
	res, err := train.Fit(context.Background(), ds, model.Config{}, train.Config{Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tuples, err := res.Network.Tuples()
	if err != nil {
		t.Fatal(err)
	}
	singles := 0
	for _, tu := range tuples {
		if len(tu) == 1 {
			singles++
		}
	}
	if len(tuples) <= train.TupleCheckMost || 2*singles >= len(tuples) {
		t.Fatalf("the rule table places %d tuples, %d of them singles; the test needs more than %d, mostly interactions", len(tuples), singles, train.TupleCheckMost)
	}
	if res.Routes != nil || res.Tuples != nil || res.Network.Route() != model.Categorical {
		t.Errorf("route check %+v, tuple check %+v, route %v; want neither and the categorical route", res.Routes, res.Tuples, res.Network.Route())
	}
}
