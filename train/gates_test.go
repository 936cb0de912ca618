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

// TestGateBenchmark is the core issue's acceptance benchmark: default
// settings, 128 training rows with the target at random feature
// positions, accuracy on 1000 fresh rows, seeds 1..5. Mean accuracy must
// be ≥ 0.99 up to 64 features and ≥ 0.97 at 128; for xor at 64 features
// the top rule must name both target features in at least 4 of 5 seeds.
// (The defaults were chosen on seeds 101..105, not on these.) The printed
// rules must be the gate's minimal form and give the network's prediction
// on every fresh row. About 24 CPU-seconds (20 s wall on 2 cores); go run
// ./examples/gates prints the same table.
func TestGateBenchmark(t *testing.T) {
	if testing.Short() {
		t.Skip("100 fits")
	}
	t.Parallel()
	for _, gate := range []data.Gate{data.And, data.Or, data.Not, data.Xor, data.Xnor} {
		for _, features := range []int{8, 32, 64, 128} {
			t.Run(fmt.Sprintf("%v/%d", gate, features), func(t *testing.T) {
				t.Parallel()
				sum, hits := 0.0, 0
				for seed := uint64(1); seed <= 5; seed++ {
					s, tr, te := synth(t, gate, features, seed)
					res, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Seed: seed}, nil)
					if err != nil {
						t.Fatal(err)
					}
					sum += accuracy(t, res.Network, te)
					if top := rules(t, res.Network, 1); len(top) > 0 && slices.Equal(top[0].FeatureSet(), s.Targets()) {
						hits++
					}
					// The printed rules are the gate's minimal form and
					// reproduce the network on every fresh row.
					list := evaluatedRules(t, res.Network, te)
					minimal := map[data.Gate]int{data.And: 1, data.Or: 1, data.Not: 1, data.Xor: 2, data.Xnor: 2}[gate]
					concept := list.Fidelity == 1 && list.Accuracy == 1 && len(list.Rules) <= minimal
					for _, r := range list.Rules {
						for _, l := range r.Literals {
							concept = concept && slices.Contains(s.Targets(), l.Feature)
						}
					}
					if !concept {
						t.Errorf("seed %d: rules are not the gate's minimal form reproducing the network:\n%s", seed, list.Text(nil, nil))
					}
				}
				mean := sum / 5
				want := 0.99
				if features >= 128 {
					want = 0.97
				}
				if mean < want {
					t.Errorf("mean held-out accuracy\ngot  %.3f\nwant >= %.2f", mean, want)
				}
				if gate == data.Xor && features == 64 && hits < 4 {
					t.Errorf("top rule names the targets in\ngot  %d of 5 seeds\nwant >= 4", hits)
				}
				t.Logf("mean accuracy %.3f, top rule = targets in %d/5", mean, hits)
			})
		}
	}
}
