// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package lbfgs_test

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/optimize"

	"github.com/hornets-go/hornets/internal/lbfgs"
)

// rosenbrock returns the value at x and fills g, counting its calls.
func rosenbrock(calls *int) func(g, x []float64) float64 {
	return func(g, x []float64) float64 {
		*calls++
		a, b := 1-x[0], x[1]-x[0]*x[0]
		g[0] = -2*a - 400*x[0]*b
		g[1] = 200 * b
		return a*a + 100*b*b
	}
}

// Minimize finds the minimum with one evaluation per point gonum asks
// about, and follows the path of gonum's two-callback form exactly.
func TestMinimizeEvaluatesOncePerPoint(t *testing.T) {
	calls := 0
	settings := &optimize.Settings{GradientThreshold: 1e-10}
	res, err := lbfgs.Minimize(rosenbrock(&calls), []float64{-1.2, 1}, settings)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.X[0]-1) > 1e-6 || math.Abs(res.X[1]-1) > 1e-6 {
		t.Fatalf("minimum at %v, want (1, 1)", res.X)
	}
	if calls != res.Stats.FuncEvaluations || calls >= res.Stats.FuncEvaluations+res.Stats.GradEvaluations {
		t.Errorf("%d evaluations for %d value and %d gradient requests, want one per value request", calls, res.Stats.FuncEvaluations, res.Stats.GradEvaluations)
	}
	twoCalls := 0
	f := rosenbrock(&twoCalls)
	plain, err := optimize.Minimize(optimize.Problem{
		Func: func(x []float64) float64 { return f(make([]float64, 2), x) },
		Grad: func(g, x []float64) { f(g, x) },
	}, []float64{-1.2, 1}, settings, &optimize.LBFGS{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(plain.X, res.X) || plain.F != res.F || plain.Stats.FuncEvaluations != res.Stats.FuncEvaluations {
		t.Errorf("cached %v (%g, %d values), uncached %v (%g, %d values): want the same path", res.X, res.F, res.Stats.FuncEvaluations, plain.X, plain.F, plain.Stats.FuncEvaluations)
	}
	t.Logf("%d evaluations cached, %d uncached", calls, twoCalls)
}
