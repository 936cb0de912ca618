// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
)

// TestStackWeights: the stack's weights lie on the simplex, none below
// StackLeast but zero, and their combined held-out logits' loss is the
// lowest on a fine grid of the simplex (two and three candidates), so at
// most that of the best single candidate.
func TestStackWeights(t *testing.T) {
	t.Parallel()
	const rows, C = 400, 3
	rng := rand.New(rand.NewPCG(1, 2))
	y := make([]int, rows)
	truth := make([]float64, rows*C) // logits that know the class
	noise := make([]float64, rows*C) // logits that know nothing
	for i := range y {
		y[i] = rng.IntN(C)
		for c := range C {
			truth[i*C+c] = rng.NormFloat64()
			noise[i*C+c] = 3 * rng.NormFloat64()
		}
		truth[i*C+y[i]] += 2
	}
	scaled := func(z []float64, s float64) []float64 {
		out := make([]float64, len(z))
		floats.AddScaled(out, s, z)
		return out
	}
	weights := []float64{1, 2.5, 0.7} // unequal class weights
	cases := []struct {
		name   string
		logits [][]float64
		w      []float64
		// best is a candidate whose weight must be (near) 1, or −1.
		best int
	}{
		{"one candidate", [][]float64{noise}, nil, 0},
		{"the truth beside noise", [][]float64{noise, truth}, nil, 1},
		{"overconfident and underconfident", [][]float64{scaled(truth, 4), scaled(truth, 0.1)}, weights, -1},
		{"three, mixed", [][]float64{scaled(truth, 3), noise, scaled(truth, 0.2)}, weights, -1},
	}
	for _, tc := range cases {
		a, err := stackWeights(tc.logits, y, tc.w, C)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(a) != len(tc.logits) || math.Abs(floats.Sum(a)-1) > 1e-12 {
			t.Fatalf("%s: weights %v, want %d summing to 1", tc.name, a, len(tc.logits))
		}
		for _, v := range a {
			if v != 0 && v < StackLeast {
				t.Fatalf("%s: weights %v, want none in (0, %g)", tc.name, a, StackLeast)
			}
		}
		wsum := 0.0
		for _, c := range y {
			if tc.w == nil {
				wsum++
			} else {
				wsum += tc.w[c]
			}
		}
		loss := func(a []float64) float64 {
			z := make([]float64, rows*C)
			for k, l := range tc.logits {
				floats.AddScaled(z, a[k], l)
			}
			return floats.Sum(logitLoss(z, y, tc.w, C)) / wsum
		}
		got := loss(a)
		if tc.best >= 0 && a[tc.best] < 0.99 {
			t.Errorf("%s: weights %v, want candidate %d's near 1", tc.name, a, tc.best)
		}
		// Every point of a grid of step 1/50 on the simplex.
		const n = 50
		grid := make([]float64, len(tc.logits))
		var walk func(k, left int)
		walk = func(k, left int) {
			if k == len(grid)-1 {
				grid[k] = float64(left) / n
				if l := loss(grid); l < got-1e-4 {
					t.Errorf("%s: weights %v give loss %.6f, but %v gives %.6f", tc.name, a, got, grid, l)
				}
				return
			}
			for i := 0; i <= left; i++ {
				grid[k] = float64(i) / n
				walk(k+1, left-i)
			}
		}
		walk(0, n)
		t.Logf("%s: weights %.4f, loss %.5f", tc.name, a, got)
	}
	for i, bad := range [][][]float64{nil, {truth[:rows]}, {truth, noise[:rows*C-1]}} {
		if _, err := stackWeights(bad, y, nil, C); err == nil {
			t.Errorf("bad candidates %d (none, or logits of the wrong length): no error", i)
		}
	}
}
