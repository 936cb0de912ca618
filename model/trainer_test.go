// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	G "gorgonia.org/gorgonia"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/rulesearch"
)

const trainBatch = 16

// randomRules draws every rule tuple at random (no screening), so that
// the table holds weak tuples for Refresh to replace.
var randomRules = model.Config{Rules: 32, Search: rulesearch.Config{NoScreening: true}}

// handTrainer is the training loop of the model_test examples: a network,
// its trainer and an Adam solver per route.
type handTrainer struct {
	ds      *data.Dataset
	net     *model.Network
	tr      *model.Trainer
	solvers [2]G.Solver
	rng     *rand.Rand
}

func newHandTrainer(t *testing.T, cfg model.Config, ds *data.Dataset, seed uint64) *handTrainer {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	net, err := model.New(cfg, model.Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y,
		Classes: len(ds.Classes), Names: ds.Features}, rng)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	tr, err := model.NewTrainer(net, trainBatch, nil)
	if err != nil {
		t.Fatalf("NewTrainer: %v", err)
	}
	return &handTrainer{ds: ds, net: net, tr: tr, rng: rng,
		solvers: [2]G.Solver{G.NewAdamSolver(G.WithLearnRate(0.05)), G.NewAdamSolver(G.WithLearnRate(0.01))}}
}

// epochs runs n epochs over the table in order and returns the mean batch
// loss of the last.
func (h *handTrainer) epochs(t *testing.T, n int) float64 {
	t.Helper()
	D := h.ds.Cols
	mean := 0.0
	for range n {
		total, steps := 0.0, 0
		for s := 0; s+trainBatch <= h.ds.Rows; s += trainBatch {
			route, loss, err := h.tr.Step(h.ds.X[s*D:(s+trainBatch)*D], h.ds.Y[s:s+trainBatch], h.rng)
			if err != nil {
				t.Fatalf("Step: %v", err)
			}
			vgs, err := h.tr.ValueGrads(route)
			if err != nil {
				t.Fatalf("ValueGrads: %v", err)
			}
			if err := h.solvers[route].Step(vgs); err != nil {
				t.Fatalf("solver step: %v", err)
			}
			total += loss
			steps++
		}
		mean = total / float64(steps)
	}
	return mean
}

func (h *handTrainer) proba(t *testing.T, net *model.Network) []float64 {
	t.Helper()
	p, _, err := net.PredictProba(h.ds.X, h.ds.Rows)
	if err != nil {
		t.Fatalf("PredictProba: %v", err)
	}
	return p
}

func (h *handTrainer) loss(t *testing.T) float64 {
	t.Helper()
	l, err := h.net.Loss(h.ds.X, h.ds.Rows, h.ds.Y)
	if err != nil {
		t.Fatalf("Loss: %v", err)
	}
	return l
}

// checkGraphsCurrent checks that the compiled graphs use the network's
// current weights and rules: the pooled evaluation graphs predict what a
// reloaded copy of the network (graphs built from scratch) predicts, and
// a step of the trainer gives the loss a new trainer's first step gives.
func (h *handTrainer) checkGraphsCurrent(t *testing.T, when string) {
	t.Helper()
	if got, want := h.proba(t, h.net), h.proba(t, reload(t, h.net)); !slices.Equal(got, want) {
		t.Errorf("%s: pooled evaluation graphs\ngot  %v\nwant %v (fresh graphs)", when, head(got, 4), head(want, 4))
	}
	fresh, err := model.NewTrainer(h.net, trainBatch, nil)
	if err != nil {
		t.Fatalf("NewTrainer: %v", err)
	}
	D := h.ds.Cols
	x, y := h.ds.X[:trainBatch*D], h.ds.Y[:trainBatch]
	// Step leaves the weights alone (no solver step): same rng, same mask.
	_, got, err := h.tr.Step(x, y, rand.New(rand.NewPCG(9, 9)))
	if err != nil {
		t.Fatalf("%s: Step: %v", when, err)
	}
	_, want, err := fresh.Step(x, y, rand.New(rand.NewPCG(9, 9)))
	if err != nil {
		t.Fatalf("%s: Step of a new trainer: %v", when, err)
	}
	if math.IsNaN(got) || math.IsInf(got, 0) || got != want {
		t.Errorf("%s: training graph loss\ngot  %v\nwant %v (a new trainer's graph)", when, got, want)
	}
}

// Training steps lower the loss on xor.
func TestTrainerReducesLoss(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		cfg  model.Config
		// ratio: the loss after training must be below ratio × the
		// loss before. Random tuples rarely hold the xor pair.
		ratio float64
	}{
		{"screened rules", smallModel, 0.5},
		{"random rules", randomRules, 0.95},
	} {
		for _, seed := range []uint64{1, 2, 3} {
			t.Run(fmt.Sprintf("%s/seed=%d", tt.name, seed), func(t *testing.T) {
				t.Parallel()
				h := newHandTrainer(t, tt.cfg, xorData(t, seed, 64), seed)
				before := h.loss(t)
				h.epochs(t, 40)
				after := h.loss(t)
				if !(after < tt.ratio*before) {
					t.Errorf("loss after 40 epochs\ngot  %.4g\nwant < %.4g (%g × the initial %.4g)", after, tt.ratio*before, tt.ratio, before)
				}
			})
		}
	}
}

// refreshed trains a network on xor with random rule tuples until a
// Score and Refresh replaces some slots. It returns the trainer, the
// probabilities and tuples just before the Refresh, and the number of
// slots replaced.
func refreshed(t *testing.T, seed uint64) (h *handTrainer, before []float64, tuples [][]string, n int) {
	t.Helper()
	h = newHandTrainer(t, randomRules, xorData(t, seed, 64), seed)
	for try := 0; n == 0 && try < 10; try++ {
		h.epochs(t, 5)
		if err := h.tr.Score(h.ds.X, h.ds.Rows); err != nil {
			t.Fatalf("Score: %v", err)
		}
		before = h.proba(t, h.net)
		var err error
		if tuples, err = h.net.Tuples(); err != nil {
			t.Fatalf("Tuples: %v", err)
		}
		if n, err = h.tr.Refresh(rand.New(rand.NewPCG(seed, 7))); err != nil {
			t.Fatalf("Refresh: %v", err)
		}
	}
	if n == 0 {
		t.Fatalf("Refresh replaced no slot in 50 epochs")
	}
	return h, before, tuples, n
}

// After Refresh the compiled graphs, pooled evaluation graphs and the
// trainer's, use the new rules, and training goes on.
func TestRefreshKeepsGraphsCurrent(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{1, 2} {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			h, _, tuples, n := refreshed(t, seed)
			if got, _ := h.net.Tuples(); reflect.DeepEqual(got, tuples) {
				t.Errorf("tuples after Refresh replaced %d slots\ngot  %v\nwant others than before", n, got)
			}
			h.checkGraphsCurrent(t, "after Refresh")
			if l := h.epochs(t, 2); math.IsNaN(l) || math.IsInf(l, 0) {
				t.Errorf("loss of training after Refresh\ngot  %v\nwant a finite value", l)
			}
		})
	}
}

// Snapshot, more training (with a refresh that changes the rules), then
// Restore: the predictions and the rule tuples are those at snapshot time
// bit for bit, and training goes on.
func TestSnapshotRestore(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{1, 2} {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			h := newHandTrainer(t, randomRules, xorData(t, seed, 64), seed)
			h.epochs(t, 8)
			snap, err := h.tr.Snapshot()
			if err != nil {
				t.Fatalf("Snapshot: %v", err)
			}
			wantProba := h.proba(t, h.net)
			wantTuples, err := h.net.Tuples()
			if err != nil {
				t.Fatalf("Tuples: %v", err)
			}

			h.epochs(t, 5)
			if err := h.tr.Score(h.ds.X, h.ds.Rows); err != nil {
				t.Fatalf("Score: %v", err)
			}
			if _, err := h.tr.Refresh(rand.New(rand.NewPCG(seed, 8))); err != nil {
				t.Fatalf("Refresh: %v", err)
			}
			h.epochs(t, 3)
			if slices.Equal(h.proba(t, h.net), wantProba) {
				t.Fatalf("training after the snapshot changed nothing: the test proves nothing")
			}

			if err := h.tr.Restore(snap); err != nil {
				t.Fatalf("Restore: %v", err)
			}
			if got := h.proba(t, h.net); !slices.Equal(got, wantProba) {
				t.Errorf("probabilities after Restore\ngot  %v\nwant %v (at snapshot time)", head(got, 4), head(wantProba, 4))
			}
			if got, _ := h.net.Tuples(); !reflect.DeepEqual(got, wantTuples) {
				t.Errorf("tuples after Restore\ngot  %v\nwant %v", got, wantTuples)
			}
			h.checkGraphsCurrent(t, "after Restore")

			// The snapshot is not tied to the network: restoring it again
			// after more training gives the same predictions again.
			if l := h.epochs(t, 2); math.IsNaN(l) || math.IsInf(l, 0) {
				t.Errorf("loss of training after Restore\ngot  %v\nwant a finite value", l)
			}
			if err := h.tr.Restore(snap); err != nil {
				t.Fatalf("second Restore: %v", err)
			}
			if got := h.proba(t, h.net); !slices.Equal(got, wantProba) {
				t.Errorf("probabilities after a second Restore\ngot  %v\nwant %v", head(got, 4), head(wantProba, 4))
			}
		})
	}
}
