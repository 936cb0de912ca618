// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"slices"
	"testing"

	"github.com/hornets-go/hornets/model"
)

// Early stopping halves every solver's learning rate after each
// DecayAfter epochs without a new best loss, and not when decay is off.
func TestEarlyStoppingDecay(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		cfg  Config
		want []float64 // the categorical rate after epochs 19, 20, 39, 40, 45
	}{
		{"every 20", Config{DecayAfter: 20}, []float64{0.05, 0.025, 0.025, 0.0125, 0.0125}},
		{"every 1", Config{DecayAfter: 1}, []float64{0.05 / (1 << 19), 0.05 / (1 << 20), 0.05 / (1 << 39), 0.05 / (1 << 40), 0.05 / (1 << 45)}},
		{"off", Config{DecayAfter: 20, NoDecay: true}, []float64{0.05, 0.05, 0.05, 0.05, 0.05}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg.Resolved()
			cfg.Patience, cfg.NoLossTarget = 100, true
			// A best snapshot is held and every epoch's loss is worse.
			l := &Loop{cfg: cfg, solvers: [2]*Adam{NewAdam(0.05), NewAdam(0.01)}, res: &Result{BestLoss: 1}, best: &model.Snapshot{}}
			h := &earlyStopping{}
			var got []float64
			for epoch := 1; epoch <= 45; epoch++ {
				if err := h.AfterEpoch(l, &EpochStats{Epoch: epoch, TrainLoss: 2}); err != nil {
					t.Fatal(err)
				}
				if slices.Contains([]int{19, 20, 39, 40, 45}, epoch) {
					got = append(got, l.solvers[model.Categorical].LearnRate)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("rates %v, want %v", got, tt.want)
			}
			if c, r := l.solvers[model.Continuous].LearnRate, 0.01*got[4]/0.05; c != r {
				t.Errorf("continuous rate %g, want %g (halved alike)", c, r)
			}
			if l.Stopped() {
				t.Errorf("stopped after 45 epochs with patience 100")
			}
		})
	}
}
