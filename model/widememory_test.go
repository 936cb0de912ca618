// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/hornets-go/hornets/model"
)

// Predicting one row of a network of 100,000 features allocates about
// the row's width a few times over, not an evaluation chunk of 256 such
// rows (205 MB a copy: the graphs' input and the chunk it is copied
// into, 1.7 GB resident when `hornetctl train` fitted 20 rows × 100k
// columns before EvalRows).
func TestPredictWideAllocatesLittle(t *testing.T) {
	const D = 100_000
	for _, route := range []struct {
		name string
		odd  float64 // the value of the row's first cell, the others 0 and 1: a third value takes LinAtt
	}{{"categorical", 1}, {"continuous", 0.5}} {
		t.Run(route.name, func(t *testing.T) {
			const rows = 4
			d := model.Data{X: make([]float64, rows*D), Rows: rows, Features: D, Y: []int{0, 1, 0, 1}, Classes: 2}
			rng := rand.New(rand.NewPCG(1, 2))
			for i := range d.X {
				d.X[i] = float64(rng.IntN(2))
				if i%D == 0 {
					d.X[i] = route.odd
				}
			}
			net, err := model.New(smallModel, d, rng)
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			if got := net.Route().String(); got != route.name {
				t.Fatalf("Route() = %s, want %s", got, route.name)
			}
			row := make([]float64, D)
			for j := range row {
				row[j] = float64(j % 2)
			}
			row[0] = route.odd
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			if _, _, err := net.PredictProba(row, 1); err != nil {
				t.Fatalf("PredictProba: %v", err)
			}
			runtime.ReadMemStats(&after)
			const limit = 64 << 20
			if got := after.TotalAlloc - before.TotalAlloc; got > limit {
				t.Errorf("PredictProba of one row of %d features allocated %d MB, want at most %d MB", D, got>>20, limit>>20)
			}
		})
	}
}
