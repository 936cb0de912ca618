// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// With 20 % of a gate's 128 labels flipped, screening can find no tuple
// with evidence (the table then takes random tuples). On these draws
// (hornetctl bench synthetic --label-noise 0.2, seeds 202 and 303) the
// pair whose cells leave the fewest training rows wrong is the target
// pair, and no pair leaves as few wrong under most permutations of the
// labels; with labels drawn apart from the features the test does not
// hold, a budget below its pair evaluations refuses it, and so does a
// tuple to beat that leaves as few rows wrong.
func TestFewestErrorsPair(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		gate     data.Gate
		features int
		seed     uint64
	}{
		{data.Or, 128, 203}, {data.Or, 16, 312}, {data.And, 64, 310},
	} {
		gen, err := data.NewSynth(data.SynthConfig{Gate: tc.gate, Features: tc.features, Seed: tc.seed, LabelNoise: 0.2})
		if err != nil {
			t.Fatal(err)
		}
		tr, _ := gen.SampleNoisy(128)
		d := rulesearch.Data{X: tr.X, Rows: tr.Rows, Features: tr.Cols, Y: tr.Y, Classes: len(tr.Classes)}
		pair, wrong, p, ok := rulesearch.FewestErrorsPair(d, 200, 1e9, nil)
		if !ok || !slices.Equal(pair.Features, gen.Targets()) || p > 0.05 {
			t.Errorf("%v over %d, seed %d: pair %v (%d rows wrong), p = %.3f, ok %v; want the targets %v at p <= 0.05", tc.gate, tc.features, tc.seed, pair.Features, wrong, p, ok, gen.Targets())
		}
		// A tuple that leaves as few rows wrong (the pair itself) stops
		// the test; a single target, which leaves more, does not.
		if got, _, _, ok := rulesearch.FewestErrorsPair(d, 200, 1e9, [][]int{{0}, gen.Targets()}); ok || got.Features != nil {
			t.Errorf("%v over %d, seed %d: beating the target pair itself gave %v, want none", tc.gate, tc.features, tc.seed, got.Features)
		}
		if got, _, _, ok := rulesearch.FewestErrorsPair(d, 200, 1e9, [][]int{gen.Targets()[:1]}); !ok || !slices.Equal(got.Features, pair.Features) {
			t.Errorf("%v over %d, seed %d: beating the single %v gave %v (ok %v), want %v", tc.gate, tc.features, tc.seed, gen.Targets()[:1], got.Features, ok, pair.Features)
		}
		if got, _, _, ok := rulesearch.FewestErrorsPair(d, 200, 100, nil); ok || got.Features != nil {
			t.Errorf("%v over %d, seed %d: a budget of 100 pair evaluations gave %v, want none", tc.gate, tc.features, tc.seed, got.Features)
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	const rows, features = 128, 32
	x := make([]float64, rows*features)
	y := make([]int, rows)
	for i := range x {
		x[i] = float64(rng.IntN(2))
	}
	for i := range y {
		y[i] = rng.IntN(2)
	}
	d := rulesearch.Data{X: x, Rows: rows, Features: features, Y: y, Classes: 2}
	if pair, wrong, p, ok := rulesearch.FewestErrorsPair(d, 200, 1e9, nil); !ok || p <= 0.05 {
		t.Errorf("labels apart from the features: pair %v (%d rows wrong), p = %.3f, ok %v; want p > 0.05", pair.Features, wrong, p, ok)
	}
}
