// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// The weight check of a categorical fit whose balanced class weights are
// near equal: an or gate over 4 features with 20 % of its 128 training
// labels flipped, whose network under fully balanced weights calls a
// cell of the negative class positive (0.74 on clean rows without the
// check; with the tuple check's sign test alone, TupleSignTest: since
// session 33 its one-standard-error rule repairs that fit by itself); the
// inner fits with equal weights predict more held-out rows
// right, and the fit is made again with them. Under the default weights
// (their square root there) the fit reads the gate right and the check
// keeps them. It does not run where it is not asked for, where
// the caller set the weights, or where the balanced weights are far from
// equal (the boundary check's tables).
func TestWeightCheck(t *testing.T) {
	t.Parallel()
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.Or, Features: 4, Seed: 209, LabelNoise: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	noisy, _ := gen.SampleNoisy(128)
	fresh := gen.Sample(1000)
	for _, tt := range []struct {
		name       string
		ds         *data.Dataset
		cfg        train.Config
		ran        bool    // a WeightCheck ran
		equal      bool    // and chose equal weights
		freshRight float64 // accuracy on clean fresh rows at least
		freshBelow float64 // and below
	}{
		{"noisy or gate", noisy, train.Config{Seed: 209, WeightCheck: true, FullBalance: true, TupleSignTest: true}, true, true, 0.99, 1.01},
		{"noisy or gate, not asked", noisy, train.Config{Seed: 209, FullBalance: true, TupleSignTest: true}, false, false, 0, 0.9},
		{"noisy or gate, default weights", noisy, train.Config{Seed: 209, WeightCheck: true}, true, false, 0.99, 1.01},
		{"noisy or gate, equal weights set", noisy, train.Config{Seed: 209, WeightCheck: true, EqualClassWeights: true}, false, false, 0.99, 1.01},
		{"two real pairs", twoPairs(300, 10, 1), train.Config{Seed: 1, WeightCheck: true}, true, false, 0, 0},
		{"a rare class", rareAnd(400, 10, 1), train.Config{Seed: 1, WeightCheck: true}, false, false, 0, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := train.Fit(context.Background(), tt.ds, model.Config{}, tt.cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			c := res.Weights
			if (c != nil) != tt.ran {
				t.Fatalf("weight check %+v, want one: %v", c, tt.ran)
			}
			if c != nil {
				if c.Folds != train.WeightFolds || c.Repeats != train.WeightRepeats || c.Equal != tt.equal {
					t.Errorf("check %+v: want %d×%d folds and equal weights: %v", c, train.WeightRepeats, train.WeightFolds, tt.equal)
				}
				if c.Equal != res.Config.EqualClassWeights {
					t.Errorf("check %+v, the fit's EqualClassWeights %v", c, res.Config.EqualClassWeights)
				}
				if c.Equal && c.Gained <= c.Lost {
					t.Errorf("check %+v chose equal weights: want more rows gained than lost", c)
				}
			}
			if tt.equal {
				// The fit made again, from the check's search, is the fit
				// equal weights give: a refit with them reproduces it.
				ecfg := tt.cfg
				ecfg.EqualClassWeights, ecfg.FullBalance = true, false
				refit, err := train.Fit(context.Background(), tt.ds, model.Config{}, ecfg, nil)
				if err != nil {
					t.Fatal(err)
				}
				if refit.Weights != nil || !bytes.Equal(saved(t, refit.Network), saved(t, res.Network)) {
					t.Errorf("a refit with equal class weights (check %+v) differs from the checked fit", refit.Weights)
				}
			}
			if tt.freshBelow > 0 {
				if acc := accuracy(t, res.Network, fresh); acc < tt.freshRight || acc >= tt.freshBelow {
					t.Errorf("accuracy on clean fresh rows %.3f, want %.2f or more and below %.2f", acc, tt.freshRight, tt.freshBelow)
				}
			}
		})
	}
}
