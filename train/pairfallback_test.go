// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// An and gate over 128 features with 20 % of its 128 training labels
// flipped: the target pair is the best pair screening scores (G 23.6)
// but has no evidence among all 8,128 pairs, and no other tuple has any.
// With Search.PairFallback the best pair takes the rule slots and the
// network is right on clean fresh rows; so it is by default since session
// 36, where the target pair leaves the fewest training rows wrong (30 of
// 128) and the permutation test holds (the error pair); with
// Search.NoErrorPair the slots hold random tuples, which learn the
// flipped labels (0.61 on clean rows, below the 0.75 of predicting the
// majority). Either way the pair is the network's PairCandidate.
func TestPairFallback(t *testing.T) {
	t.Parallel()
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.And, Features: 128, Seed: 202, LabelNoise: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	noisy, _ := gen.SampleNoisy(128)
	fresh := gen.Sample(1000)
	on := model.Config{}
	on.Search.PairFallback = true
	noErrorPair := model.Config{}
	noErrorPair.Search.NoErrorPair = true
	for _, tt := range []struct {
		name      string
		mcfg      model.Config
		fallback  bool
		errorPair bool
		atLeast   float64 // accuracy on clean fresh rows
		below     float64
	}{
		{"pair fallback", on, true, false, 0.97, 1.01},
		{"default: the error pair", model.Config{}, false, true, 0.97, 1.01},
		{"no error pair: random tuples", noErrorPair, false, false, 0, 0.8},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := train.Fit(context.Background(), noisy, tt.mcfg, train.Config{Seed: 202}, nil)
			if err != nil {
				t.Fatal(err)
			}
			net := res.Network
			if cand, score := net.PairCandidate(); !slices.Equal(cand, gen.Targets()) || score <= 0 {
				t.Errorf("pair candidate %v (score %g), want the targets %v, score above 0", cand, score, gen.Targets())
			}
			pair, score := net.PairFallback()
			if tt.fallback {
				if !slices.Equal(pair, gen.Targets()) || score <= 0 || net.PlacedTuples() != 1 {
					t.Errorf("fallback pair %v (score %g), %d placed tuples; want the targets %v alone, score above 0", pair, score, net.PlacedTuples(), gen.Targets())
				}
			} else if pair != nil {
				t.Errorf("fallback pair %v; want none", pair)
			}
			switch ep, wrong, p, strong := net.ErrorPair(); {
			case tt.errorPair && (!slices.Equal(ep, gen.Targets()) || p > model.ErrorPairP || strong != 0 || net.PlacedTuples() != 1):
				t.Errorf("error pair %v (%d rows wrong, p = %.3f, over %d strong tuples), %d placed tuples; want the targets %v alone at p <= %g, over no strong tuple", ep, wrong, p, strong, net.PlacedTuples(), gen.Targets(), model.ErrorPairP)
			case !tt.errorPair && ep != nil:
				t.Errorf("error pair %v; want none", ep)
			case !tt.errorPair && !tt.fallback && net.PlacedTuples() != 0:
				t.Errorf("%d placed tuples; want none (random tuples)", net.PlacedTuples())
			}
			if acc := accuracy(t, net, fresh); acc < tt.atLeast || acc >= tt.below {
				t.Errorf("accuracy on clean fresh rows %.3f, want %.2f or more and below %.2f", acc, tt.atLeast, tt.below)
			}
		})
	}
}

// Gates over 32 and 128 features with 20 % of their 128 training labels
// flipped, where screening's strong tuples are single features, chance
// ones beside a target single or a target single without its partner (hornetctl bench
// synthetic --label-noise 0.2, seeds 202 to 606): the target pair leaves
// fewer training rows wrong than they do together and the permutation test
// holds, so with Search.ErrorPairOverTuples it takes the first rule
// slots, and the singles, which add nothing significant given it, give
// theirs up. By default the singles keep the slots and the network misses
// the target's other feature on clean fresh rows (checked on the second
// draw).
func TestErrorPairOverTuples(t *testing.T) {
	t.Parallel()
	over := model.Config{}
	over.Search.ErrorPairOverTuples = true
	for _, tc := range []struct {
		gate        data.Gate
		features    int
		seed        uint64
		withDefault bool // also fit with the defaults (left out on the first draw: 6.7 s of tuple check)
	}{
		{data.Or, 32, 307, false}, {data.And, 128, 608, true},
	} {
		gen, err := data.NewSynth(data.SynthConfig{Gate: tc.gate, Features: tc.features, Seed: tc.seed, LabelNoise: 0.2})
		if err != nil {
			t.Fatal(err)
		}
		noisy, _ := gen.SampleNoisy(128)
		fresh := gen.Sample(1000)
		for _, mc := range []struct {
			name string
			cfg  model.Config
		}{{"over tuples", over}, {"default", model.Config{}}} {
			if mc.name == "default" && !tc.withDefault {
				continue
			}
			t.Run(fmt.Sprintf("%v/%d/%d/%s", tc.gate, tc.features, tc.seed, mc.name), func(t *testing.T) {
				t.Parallel()
				res, err := train.Fit(context.Background(), noisy, mc.cfg, train.Config{Seed: tc.seed}, nil)
				if err != nil {
					t.Fatal(err)
				}
				acc := accuracy(t, res.Network, fresh)
				ep, wrong, p, strong := res.Network.ErrorPair()
				if mc.name == "over tuples" {
					if !slices.Equal(ep, gen.Targets()) || p > model.ErrorPairP || strong == 0 || acc < 0.97 {
						t.Errorf("error pair %v (%d rows wrong, p = %.3f, over %d strong tuples), accuracy on clean fresh rows %.3f; want the targets %v at p <= %g over the strong tuples, accuracy 0.97 or more", ep, wrong, p, strong, acc, gen.Targets(), model.ErrorPairP)
					}
					return
				}
				if ep != nil || acc >= 0.97 {
					t.Errorf("error pair %v, accuracy on clean fresh rows %.3f; want none and below 0.97", ep, acc)
				}
			})
		}
	}
}
