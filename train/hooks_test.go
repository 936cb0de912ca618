// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
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

// On the categorical route the loss target is reached only when the
// network as it stands fits the training rows as well as the target asks,
// not when an epoch's mean under dropout does: an untrained network
// (training loss near ln 2) is not stopped by an epoch mean of 0.0005.
func TestLossTargetAsksTheNetwork(t *testing.T) {
	t.Parallel()
	s, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		target float64
		want   bool // stopped as converged
	}{
		{"network above the target", 1e-3, false},
		{"network below the target", 10, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := newLoop(context.Background(), s.Sample(64), model.Config{}, Config{Seed: 1, LossTarget: tt.target}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if route := l.res.Network.Route(); route != model.Categorical {
				t.Fatalf("route %v, want categorical", route)
			}
			if err := (&earlyStopping{}).AfterEpoch(l, &EpochStats{Epoch: 1, TrainLoss: 5e-4}); err != nil {
				t.Fatal(err)
			}
			if got := l.Stopped() && l.res.Status == Converged; got != tt.want {
				t.Errorf("stopped as converged %v (status %v), want %v", got, l.res.Status, tt.want)
			}
		})
	}
}

// The refresh hook, canceled while it scores the rules, stops training
// as canceled without a refresh and without an error.
func TestRuleRefreshCanceled(t *testing.T) {
	t.Parallel()
	s, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	l, err := newLoop(ctx, s.Sample(64), model.Config{}, Config{Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	l.ctx = ctx
	st := &EpochStats{Epoch: 1}
	if err := (ruleRefresh{every: 1}).AfterEpoch(l, st); err != nil {
		t.Fatalf("AfterEpoch, canceled: %v; want nil", err)
	}
	if !l.Stopped() || l.res.Status != Canceled || st.Refreshed != 0 {
		t.Errorf("stopped %v, status %v, refreshed %d; want true, canceled, 0", l.Stopped(), l.res.Status, st.Refreshed)
	}
}
