// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	G "gorgonia.org/gorgonia"

	"github.com/hornets-go/hornets/model"
)

// StepRows is Step on the same rows copied out: the same route, loss and
// gradients bit for bit, step after step, on a table whose batches take
// both routes (mixedData, batches of 4 drawn at random, rows repeated).
func TestStepRowsIsStep(t *testing.T) {
	const batch = 4
	ds := mixedData(t, 3, 64)
	D := ds.Cols
	trainers := [2]*model.Trainer{}
	solvers := [2][2]G.Solver{}
	for k := range trainers {
		h := newHandTrainer(t, smallModel, ds, 7)
		tr, err := model.NewTrainer(h.net, batch, nil)
		if err != nil {
			t.Fatal(err)
		}
		trainers[k] = tr
		solvers[k] = [2]G.Solver{G.NewAdamSolver(G.WithLearnRate(0.05)), G.NewAdamSolver(G.WithLearnRate(0.01))}
	}
	rows, err := trainers[1].Rows(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	draw := rand.New(rand.NewPCG(1, 1))
	rngs := [2]*rand.Rand{rand.New(rand.NewPCG(5, 5)), rand.New(rand.NewPCG(5, 5))}
	idx, y, x := make([]int, batch), make([]int, batch), make([]float64, batch*D)
	var routes [2]int
	for step := range 200 {
		for i := range idx {
			idx[i] = draw.IntN(ds.Rows)
			y[i] = ds.Y[idx[i]]
			copy(x[i*D:(i+1)*D], ds.Row(idx[i]))
		}
		r0, l0, err := trainers[0].Step(x, y, rngs[0])
		if err != nil {
			t.Fatal(err)
		}
		r1, l1, err := trainers[1].StepRows(rows, idx, y, rngs[1])
		if err != nil {
			t.Fatal(err)
		}
		if r0 != r1 || math.Float64bits(l0) != math.Float64bits(l1) {
			t.Fatalf("step %d (rows %v): StepRows gave route %v loss %v; Step %v, %v", step, idx, r1, l1, r0, l0)
		}
		routes[r0]++
		var grads [2][]float64
		for k, tr := range trainers {
			vgs, err := tr.ValueGrads(r0)
			if err != nil {
				t.Fatal(err)
			}
			for _, vg := range vgs {
				g, err := vg.Grad()
				if err != nil {
					t.Fatal(err)
				}
				grads[k] = append(grads[k], g.Data().([]float64)...)
			}
			if err := solvers[k][r0].Step(vgs); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(grads[0], grads[1]) {
			t.Fatalf("step %d (rows %v, %v route): the gradients differ", step, idx, r0)
		}
	}
	if routes[0] == 0 || routes[1] == 0 {
		t.Fatalf("batches by route %v: want both routes tested", routes)
	}
}

// StepRows refuses what Step would: rows of another width, a batch of
// the wrong length, a row out of range, a bad label.
func TestStepRowsChecks(t *testing.T) {
	ds := xorData(t, 1, 32)
	h := newHandTrainer(t, smallModel, ds, 1)
	rows, err := h.tr.Rows(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	idx := make([]int, trainBatch)
	y := slices.Clone(ds.Y[:trainBatch])
	if _, _, err := h.tr.StepRows(rows, idx, y, rng); err != nil {
		t.Fatalf("valid StepRows: %v", err)
	}
	bad := slices.Clone(idx)
	bad[3] = ds.Rows
	badY := slices.Clone(y)
	badY[0] = 2
	for name, call := range map[string]func() error{
		"short batch": func() error { _, _, err := h.tr.StepRows(rows, idx[1:], y[1:], rng); return err },
		"row range":   func() error { _, _, err := h.tr.StepRows(rows, bad, y, rng); return err },
		"nil rows":    func() error { _, _, err := h.tr.StepRows(nil, idx, y, rng); return err },
		"label":       func() error { _, _, err := h.tr.StepRows(rows, idx, badY, rng); return err },
		"nil rng":     func() error { _, _, err := h.tr.StepRows(rows, idx, y, nil); return err },
	} {
		if err := call(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	x := slices.Clone(ds.X)
	x[5] = math.NaN()
	if _, err := h.tr.Rows(x, ds.Rows); !errors.Is(err, model.ErrShape) {
		t.Errorf("Rows of a NaN: %v, want ErrShape", err)
	}
}
