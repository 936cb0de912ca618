// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package lbfgs

import (
	"slices"

	"gonum.org/v1/gonum/optimize"
)

// Problem returns gonum's problem for eval, which returns the value at x
// and stores the gradient there in g. The value and gradient of the last
// point evaluated are kept, so a Func and a Grad call at the same point
// cost one evaluation.
func Problem(eval func(g, x []float64) float64) optimize.Problem {
	var at, grad []float64
	var value float64
	point := func(x []float64) {
		if at != nil && slices.Equal(at, x) {
			return
		}
		if grad == nil {
			grad = make([]float64, len(x))
		}
		value = eval(grad, x)
		at = append(at[:0], x...)
	}
	return optimize.Problem{
		Func: func(x []float64) float64 { point(x); return value },
		Grad: func(g, x []float64) { point(x); copy(g, grad) },
	}
}

// Minimize minimises eval (see Problem) from start with gonum's L-BFGS
// under settings.
func Minimize(eval func(g, x []float64) float64, start []float64, settings *optimize.Settings) (*optimize.Result, error) {
	return optimize.Minimize(Problem(eval), start, settings, &optimize.LBFGS{})
}
