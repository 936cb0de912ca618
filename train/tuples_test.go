// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// twoPairs returns rows of binary features labelled (f0 and f1) or (f2
// and f3): two real interactions, which a rule table needs both of.
func twoPairs(rows, features int, seed uint64) *data.Dataset {
	return binaryRows(rows, features, seed, 2, func(row []float64, _ *rand.Rand) int {
		if row[0] == 1 && row[1] == 1 || row[2] == 1 && row[3] == 1 {
			return 1
		}
		return 0
	})
}

// saved returns net's model file.
func saved(t *testing.T, net *model.Network) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := net.Save(&buf, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The tuple check of a categorical fit whose rule table places a few
// tuples: an and gate over 16 features with 15 % of its 128 training
// labels flipped places the target pair and a chance tuple, which, under
// fully balanced class weights, costs clean rows (0.86 without the
// check); the inner fits with the pair alone predict more held-out rows
// right, and the fit keeps it alone. Under the default weights (their
// square root on this near-balanced table) the chance tuple costs few
// held-out rows: the sign test alone (TupleSignTest) keeps it, and the
// fit reads the gate right; by default the one-standard-error rule keeps
// the interacting pair alone. Two real pairs keep both, with the sign
// test alone too; NoTupleCheck and a table of one tuple run no check.
func TestTupleCheck(t *testing.T) {
	t.Parallel()
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.And, Features: 16, Seed: 204, LabelNoise: 0.15})
	if err != nil {
		t.Fatal(err)
	}
	noisy, _ := gen.SampleNoisy(128)
	fresh := gen.Sample(1000)
	clean, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name       string
		ds         *data.Dataset
		cfg        train.Config
		ran        bool // a TupleCheck ran
		alone      bool // and kept the best tuple alone
		parsimony  bool // by the one-standard-error rule
		freshRight float64
	}{
		{"noisy and gate", noisy, train.Config{Seed: 204, FullBalance: true}, true, true, false, 0.99},
		{"noisy and gate, default weights", noisy, train.Config{Seed: 204}, true, true, true, 0.99},
		{"noisy and gate, default weights, sign test", noisy, train.Config{Seed: 204, TupleSignTest: true}, true, false, false, 0.99},
		{"noisy and gate, no check", noisy, train.Config{Seed: 204, FullBalance: true, NoTupleCheck: true}, false, false, false, 0},
		{"two real pairs", twoPairs(300, 10, 1), train.Config{Seed: 1}, true, false, false, 0},
		{"two real pairs, sign test", twoPairs(300, 10, 1), train.Config{Seed: 1, TupleSignTest: true}, true, false, false, 0},
		{"one tuple", clean.Sample(128), train.Config{Seed: 1}, false, false, false, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			res, err := train.Fit(context.Background(), tt.ds, model.Config{}, tt.cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The check's inner fits take most of Fit's time: Duration
			// counts them.
			if wall := time.Since(start); res.Duration < wall/2 {
				t.Errorf("Result.Duration %v of a Fit that took %v", res.Duration, wall)
			}
			c := res.Tuples
			if (c != nil) != tt.ran {
				t.Fatalf("tuple check %+v, want one: %v", c, tt.ran)
			}
			if c == nil {
				return
			}
			if c.Folds != train.TupleFolds || c.Repeats != train.TupleRepeats || c.Tuples < 2 || c.Tuples > train.TupleCheckMost {
				t.Errorf("check %+v: want %d×%d folds and 2..%d tuples", c, train.TupleRepeats, train.TupleFolds, train.TupleCheckMost)
			}
			placed := res.Network.PlacedTuples()
			if alone := c.Kept == 1; alone != tt.alone || placed != c.Kept {
				t.Errorf("check %+v, the network places %d tuples; want the best alone: %v", c, placed, tt.alone)
			}
			if c.Parsimony != tt.parsimony {
				t.Errorf("check %+v: want Parsimony %v", c, tt.parsimony)
			}
			if tt.alone {
				if !c.Parsimony && c.Gained <= c.Lost || res.Network.Config().Search.MaxTuples != 1 {
					t.Errorf("check %+v, network's MaxTuples %d: want more rows gained than lost (or Parsimony) and MaxTuples 1", c, res.Network.Config().Search.MaxTuples)
				}
				// The pruned fit, built from the check's search, is the
				// fit its saved configuration gives: a refit reproduces it.
				alone := model.Config{}
				alone.Search.MaxTuples = 1
				refit, err := train.Fit(context.Background(), tt.ds, alone, tt.cfg, nil)
				if err != nil {
					t.Fatal(err)
				}
				if refit.Tuples != nil || !bytes.Equal(saved(t, refit.Network), saved(t, res.Network)) {
					t.Errorf("a refit with MaxTuples 1 (check %+v) differs from the pruned fit", refit.Tuples)
				}
			}
			if tt.freshRight > 0 {
				if acc := accuracy(t, res.Network, fresh); acc < tt.freshRight {
					t.Errorf("accuracy on clean fresh rows %.3f, want at least %.2f", acc, tt.freshRight)
				}
			}
		})
	}
}

// A fit canceled during its tuple check, or its weight check, returns an
// error wrapping context.Canceled and no network.
func TestInnerChecksCanceled(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		gen  data.SynthConfig
		cfg  train.Config
		msg  string // the check's first log line
	}{
		{"tuple check", data.SynthConfig{Gate: data.Or, Features: 3, Seed: 206, LabelNoise: 0.15}, train.Config{Seed: 206},
			fmt.Sprintf("tuple check: %d inner fits with the 2 placed tuples and with the best alone (--no-tuple-check skips it)", 2*train.TupleFolds*train.TupleRepeats)},
		{"weight check", data.SynthConfig{Gate: data.Or, Features: 4, Seed: 209, LabelNoise: 0.2}, train.Config{Seed: 209, WeightCheck: true},
			fmt.Sprintf("weight check: %d inner fits with the loss's class weights and with equal ones", 2*train.WeightFolds*train.WeightRepeats)},
		{"route check", data.SynthConfig{Gate: data.Or, Features: 4, Seed: 209, LabelNoise: 0.2}, train.Config{Seed: 209, RouteCheck: true},
			fmt.Sprintf("route check: %d inner fits on the categorical and on the linear route", 2*train.RouteFolds*train.RouteRepeats)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			gen, err := data.NewSynth(tt.gen)
			if err != nil {
				t.Fatal(err)
			}
			noisy, _ := gen.SampleNoisy(128)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			log := logrus.New()
			log.SetOutput(io.Discard)
			log.AddHook(cancelOn{msg: tt.msg, cancel: cancel})
			res, err := train.Fit(ctx, noisy, model.Config{}, tt.cfg, &train.Options{Log: log})
			if ctx.Err() == nil {
				t.Fatalf("the %s did not run: nothing canceled", tt.name)
			}
			if err == nil || !errors.Is(err, context.Canceled) || res != nil {
				t.Errorf("result %v, error %v; want none and an error wrapping context.Canceled", res, err)
			}
		})
	}
}
