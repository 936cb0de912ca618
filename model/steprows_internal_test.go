// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The route of a batch of Rows is RouteOf of the rows copied out, for
// rows of one, two or more values among a few (-0 and 0 among them),
// in batches that repeat rows.
func TestRowsRouteIsRouteOf(t *testing.T) {
	const features, rows = 5, 40
	rng := rand.New(rand.NewPCG(2, 2))
	palette := []float64{0, math.Copysign(0, -1), 1, 2, -3.5}
	x := make([]float64, rows*features)
	for i := range rows {
		// Row i draws its values from a random part of the palette.
		k := 1 + rng.IntN(len(palette))
		start := rng.IntN(len(palette))
		for j := range features {
			x[i*features+j] = palette[(start+rng.IntN(k))%len(palette)]
		}
	}
	r := &Rows{x: x, rows: rows, features: features, vals: make([][2]float64, rows), n: make([]uint8, rows)}
	for i := range rows {
		r.vals[i], r.n[i] = distinct2(x[i*features : (i+1)*features])
	}
	var seen [2]int
	for range 5000 {
		idx := make([]int, 1+rng.IntN(6))
		batch := make([]float64, 0, len(idx)*features)
		for i := range idx {
			idx[i] = rng.IntN(rows)
			batch = append(batch, x[idx[i]*features:(idx[i]+1)*features]...)
		}
		got, want := r.route(idx), RouteOf(batch)
		if got != want {
			t.Fatalf("rows %v (%v): route %v, RouteOf %v", idx, batch, got, want)
		}
		seen[got]++
	}
	if seen[0] == 0 || seen[1] == 0 {
		t.Fatalf("routes %v: want both", seen)
	}
}
