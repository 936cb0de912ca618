// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sirupsen/logrus"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// logisticFlags returns rows of 20 binary features whose label is drawn
// from a logistic model over 15 of them, each weighing ±0.4 to 1.2 (the
// features and weights drawn from effects): many weak single effects
// that add up, as model/rulesearch's session 29 tables have.
func logisticFlags(rows int, effects, seed uint64) *data.Dataset {
	er := rand.New(rand.NewPCG(effects, 9))
	beta := make([]float64, 20)
	for _, j := range er.Perm(20)[:15] {
		beta[j] = 0.4 + 0.8*er.Float64()
		if er.IntN(2) == 0 {
			beta[j] = -beta[j]
		}
	}
	return binaryRows(rows, 20, seed, 5, func(row []float64, rng *rand.Rand) int {
		z := 0.0
		for j, v := range row {
			z += beta[j] * (2*v - 1)
		}
		if rng.Float64() < 1/(1+math.Exp(-z)) {
			return 1
		}
		return 0
	})
}

// sumFlags returns rows of 100 binary features whose label is 1 where the
// first ten of them, plus Gaussian noise of standard deviation 1.5, add
// up to more than 5: ten equal weak effects among ninety features that
// carry none, which a logistic regression over ten columns, or with a
// strong penalty, reads best.
func sumFlags(rows int, seed uint64) *data.Dataset {
	return binaryRows(rows, 100, seed, 6, func(row []float64, rng *rand.Rand) int {
		s := 0.0
		for _, v := range row[:10] {
			s += v
		}
		if s-5+1.5*rng.NormFloat64() > 0 {
			return 1
		}
		return 0
	})
}

// The default route check of a categorical fit, on its tuple check's
// inner fits: on a table of weak additive effects whose rule table
// places a few tuples, the linear route predicts more held-out rows right
// and the fit is made again on it, which predicts fresh rows better than
// the rules (0.822 against 0.787); under a noisy or gate the rules stay.
// Where the logistic regression at the configured penalty over every
// column does not predict better, one the linear route may choose does
// (ten weak effects among 100 flags: a stronger penalty), and the linear
// route is taken there too (0.670 against 0.655).
// It does not run where it is switched off (the additive table keeps
// its rules then), where the linear route is set, or where the tuple
// check did not run (TestSharedRouteCheckSkips has the other cases).
func TestSharedRouteCheck(t *testing.T) {
	t.Parallel()
	additive, fresh := logisticFlags(200, 5, 5), logisticFlags(2000, 5, 105)
	summed, freshSummed := sumFlags(200, 3), sumFlags(2000, 999)
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.Or, Features: 3, Seed: 206, LabelNoise: 0.15})
	if err != nil {
		t.Fatal(err)
	}
	gate, _ := gen.SampleNoisy(128)
	clean, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name     string
		ds       *data.Dataset
		mcfg     model.Config
		cfg      train.Config
		shared   bool        // the shared check ran
		linear   bool        // and chose the linear route
		screened bool        // where a screen other than the configured penalty over every column predicted better
		route    model.Route // of the fit
		fresh    *data.Dataset
	}{
		{"additive", additive, model.Config{}, train.Config{Seed: 5}, true, true, false, model.Continuous, fresh},
		{"ten of 100 flags summed", summed, model.Config{}, train.Config{Seed: 3}, true, true, true, model.Continuous, freshSummed},
		{"additive, linear route set", additive, model.Config{Linear: true}, train.Config{Seed: 5}, false, false, false, model.Continuous, nil},
		{"noisy or", gate, model.Config{}, train.Config{Seed: 206}, true, false, false, model.Categorical, nil},
		{"clean xor, no tuple check", clean.Sample(128), model.Config{}, train.Config{Seed: 3}, false, false, false, model.Categorical, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := train.Fit(context.Background(), tt.ds, tt.mcfg, tt.cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			c := res.Routes
			if ran := c != nil; ran != tt.shared || ran && !c.Shared {
				t.Fatalf("route check %+v; want the shared one: %v", c, tt.shared)
			}
			if res.Route != tt.route || res.Network.Route() != tt.route {
				t.Errorf("route %v (network %v), want %v", res.Route, res.Network.Route(), tt.route)
			}
			if tt.shared && res.Tuples == nil {
				t.Errorf("shared route check %+v without a tuple check", c)
			}
			if c == nil {
				return
			}
			if c.Linear != tt.linear {
				t.Errorf("check %+v: want the linear route: %v", c, tt.linear)
			}
			if c.Folds != train.TupleFolds || c.Repeats != train.TupleRepeats {
				t.Errorf("shared check %+v: want the tuple check's %d×%d folds", c, train.TupleRepeats, train.TupleFolds)
			}
			if c.Linear && c.Gained <= c.Lost {
				t.Errorf("check %+v chose the linear route: want more rows gained than lost", c)
			}
			if c.Gained+c.Lost > 0 && c.ScreenGained <= c.ScreenLost {
				t.Errorf("check %+v ran the linear route's fits where the logistic regression did not predict better", c)
			}
			if !tt.linear {
				return
			}
			if screened := c.ScreenL2Scale != 1 || c.ScreenKeep != 0; screened != tt.screened {
				t.Errorf("check %+v: want the screen at a penalty scale or over columns other than the configured penalty over every column: %v", c, tt.screened)
			}
			// The fit made again is the fit the linear route gives (asked
			// once: the refit does not depend on the screen), and it
			// predicts fresh rows better than the rules.
			if !tt.screened {
				sameAsLinearRoute(t, tt.ds, tt.mcfg, tt.cfg, res.Network)
			}
			off := tt.cfg
			off.NoRouteCheck = true
			// Where the tuple check kept every tuple it left the fit as it
			// was, so the rules without the route check are the fit's
			// without either check (and cost no inner fits).
			off.NoTupleCheck = res.Tuples != nil && res.Tuples.Kept == res.Tuples.Tuples
			rules, err := train.Fit(context.Background(), tt.ds, tt.mcfg, off, nil)
			if err != nil {
				t.Fatal(err)
			}
			if rules.Routes != nil || rules.Route != model.Categorical {
				t.Errorf("switched off: route check %+v, route %v; want none, and the rules", rules.Routes, rules.Route)
			}
			lin, cat := accuracy(t, res.Network, tt.fresh), accuracy(t, rules.Network, tt.fresh)
			if lin <= cat {
				t.Errorf("accuracy on fresh rows: linear route %.3f, rules %.3f; want the linear route's higher", lin, cat)
			}
			t.Logf("accuracy on fresh rows: linear route %.3f, rules %.3f (check %+v)", lin, cat, c)
		})
	}
}

// NoRouteCheck and RouteCheck contradict.
func TestNoRouteCheckValidate(t *testing.T) {
	t.Parallel()
	if err := (train.Config{RouteCheck: true, NoRouteCheck: true}).Resolved().Validate(); !errors.Is(err, train.ErrConfig) {
		t.Errorf("RouteCheck beside NoRouteCheck: Validate = %v, want ErrConfig", err)
	}
	for _, cfg := range []train.Config{{RouteCheck: true}, {NoRouteCheck: true}} {
		if err := cfg.Resolved().Validate(); err != nil {
			t.Errorf("%+v: Validate = %v, want nil", cfg, err)
		}
	}
}

// A fit canceled as its tuple check ends, before the route check's
// logistic regressions, returns an error wrapping context.Canceled and
// no network.
func TestSharedRouteCheckCanceled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := logrus.New()
	log.SetOutput(io.Discard)
	log.AddHook(cancelOn{msg: "tuple check: kept the 2 placed tuples", cancel: cancel})
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.Or, Features: 3, Seed: 206, LabelNoise: 0.15})
	if err != nil {
		t.Fatal(err)
	}
	gate, _ := gen.SampleNoisy(128)
	// The sign test alone keeps both tuples of this noisy gate (the
	// default's one-standard-error rule would keep the best alone and
	// train again, which the canceled context stops first).
	res, err := train.Fit(ctx, gate, model.Config{}, train.Config{Seed: 206, TupleSignTest: true}, &train.Options{Log: log})
	if ctx.Err() == nil {
		t.Fatal("the tuple check did not keep its 2 tuples: nothing canceled")
	}
	if err == nil || !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "(route check)") || res != nil {
		t.Errorf("result %v, error %v; want none and an error of the route check wrapping context.Canceled", res, err)
	}
}
