// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// With 15 % of the training labels flipped, screening's best tuple is the
// gate's target pair, and the rule table holds no noise tuple: a noise
// feature added to the pair must pay for being chosen among the others
// (the plain BIC let the or gate's pair plus one of 126 noise features
// win at 128 features, seed 103), and noise tuples fail the
// false-discovery-rate test or fall below the cutoff.
func TestScreenLabelNoiseTopIsTarget(t *testing.T) {
	t.Parallel()
	for _, gate := range []data.Gate{data.And, data.Or, data.Xor} {
		for _, features := range []int{64, 128} {
			for seed := uint64(102); seed <= 105; seed++ {
				gen, err := data.NewSynth(data.SynthConfig{Gate: gate, Features: features, Seed: seed, LabelNoise: 0.15})
				if err != nil {
					t.Fatal(err)
				}
				tr, _ := gen.SampleNoisy(128)
				got, _ := rulesearch.Screen(rulesearch.Data{X: tr.X, Rows: tr.Rows, Features: tr.Cols, Y: tr.Y, Classes: len(tr.Classes)},
					3, 8_000_000, 64, false)
				targets := gen.Targets()
				name := fmt.Sprintf("%v/%d features/seed %d", gate, features, seed)
				if len(got) == 0 || !slices.Equal(got[0].Features, targets) || !got[0].Evidence {
					t.Errorf("%s: best screened tuple %v, want the targets %v with evidence", name, got[:min(1, len(got))], targets)
				}
				table := rulesearch.NewTable(rulesearch.DefaultConfig(), 256, 3, tr.Cols, nil, got, rand.New(rand.NewPCG(seed, 1)))
				for _, tuple := range table.RankedTuples() {
					if !isSubset(tuple, targets) {
						t.Errorf("%s: noise tuple %v has rule slots", name, tuple)
					}
				}
			}
		}
	}
}

func isSubset(a, b []int) bool {
	for _, v := range a {
		if !slices.Contains(b, v) {
			return false
		}
	}
	return true
}
