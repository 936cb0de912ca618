// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import "math/rand/v2"

// twoPairs returns rows rows of cols binary features labelled
// (f0 ∧ f1) ∨ (f2 ∧ f3), drawn with seed: a table whose rule search
// places two tuples or more.
func twoPairs(seed uint64, rows, cols int) Data {
	rng := rand.New(rand.NewPCG(seed, 2))
	x, y := make([]float64, rows*cols), make([]int, rows)
	for i := range rows {
		row := x[i*cols : (i+1)*cols]
		for j := range row {
			row[j] = float64(rng.IntN(2))
		}
		if row[0] == 1 && row[1] == 1 || row[2] == 1 && row[3] == 1 {
			y[i] = 1
		}
	}
	return Data{X: x, Rows: rows, Features: cols, Y: y, Classes: 2}
}

// TwoPairs is twoPairs for the external tests.
var TwoPairs = twoPairs
