// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// Finite-difference settings: central differences with step fdStep agree
// with the analytic gradient to fdTol, relative to max(1, |a|, |b|).
const (
	fdStep = 1e-6
	fdTol  = 1e-6
)

// near reports whether a and b agree to tol relative to max(1, |a|, |b|).
func near(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*max(1, math.Abs(a), math.Abs(b))
}

// allNear reports the first index where got and want differ by more than tol.
func allNear(got, want []float64, tol float64) (int, bool) {
	if len(got) != len(want) {
		return -1, false
	}
	for i := range got {
		if !near(got[i], want[i], tol) {
			return i, false
		}
	}
	return 0, true
}

// uniform returns n draws from U(lo, hi).
func uniform(rng *rand.Rand, n int, lo, hi float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = lo + (hi-lo)*rng.Float64()
	}
	return out
}

// dense returns a float64 tensor of the given shape backed by data.
func dense(data []float64, shape ...int) *tensor.Dense {
	return tensor.New(tensor.WithShape(shape...), tensor.WithBacking(data))
}

// input returns a float64 input node of the given shape holding a copy of
// data. Names must be unique in the graph: same-named inputs are merged.
func input(g *G.ExprGraph, name string, data []float64, shape ...int) *G.Node {
	return G.NewTensor(g, G.Float64, len(shape), G.WithShape(shape...), G.WithName(name),
		G.WithValue(dense(slices.Clone(data), shape...)))
}

// weightedSum returns the scalar Σ y ⊙ c for a random constant c shaped like
// y, so that every element of y gets a distinct incoming gradient.
func weightedSum(t *testing.T, rng *rand.Rand, y *G.Node) *G.Node {
	t.Helper()
	s := y.Shape()
	c := input(y.Graph(), fmt.Sprintf("c%d", y.ID()), uniform(rng, s.TotalSize(), -1, 1), s...)
	p, err := G.HadamardProd(y, c)
	if err != nil {
		t.Fatalf("HadamardProd: %v", err)
	}
	cost, err := G.Sum(p)
	if err != nil {
		t.Fatalf("Sum: %v", err)
	}
	return cost
}

// gradChecker compares the gradients of a scalar cost, taken with G.Grad and
// run on a TapeMachine, with central differences.
type gradChecker struct {
	cost *G.Node
	wrt  []*G.Node
	m    G.VM
}

// newGradChecker adds the gradient nodes and compiles the machine, binding
// dual values for wrt.
func newGradChecker(t *testing.T, cost *G.Node, wrt ...*G.Node) *gradChecker {
	t.Helper()
	if _, err := G.Grad(cost, wrt...); err != nil {
		t.Fatalf("Grad: %v", err)
	}
	m := G.NewTapeMachine(cost.Graph(), G.BindDualValues(wrt...))
	t.Cleanup(func() { m.Close() })
	return &gradChecker{cost: cost, wrt: wrt, m: m}
}

// run runs the machine once and returns the cost.
func (gc *gradChecker) run(t *testing.T) float64 {
	t.Helper()
	gc.m.Reset()
	if err := gc.m.RunAll(); err != nil {
		t.Fatalf("RunAll: %v", err)
	}
	return scalarValue(t, gc.cost.Value())
}

// analytic zeroes the gradients (BindDualValues accumulates), runs once and
// returns copies of the gradients.
func (gc *gradChecker) analytic(t *testing.T) [][]float64 {
	t.Helper()
	for _, w := range gc.wrt {
		if d, err := w.Grad(); err == nil {
			if dd, ok := d.(*tensor.Dense); ok {
				dd.Zero()
			}
		}
	}
	gc.run(t)
	out := make([][]float64, len(gc.wrt))
	for i, w := range gc.wrt {
		d, err := w.Grad()
		if err != nil {
			t.Fatalf("%s.Grad(): %v", w.Name(), err)
		}
		out[i] = slices.Clone(d.(*tensor.Dense).Float64s())
	}
	return out
}

// check compares every element of every wrt gradient with its central
// difference, perturbing the bound input tensors in place.
func (gc *gradChecker) check(t *testing.T) {
	t.Helper()
	got := gc.analytic(t)
	for wi, w := range gc.wrt {
		data := w.Value().(*tensor.Dense).Float64s()
		for i, orig := range data {
			data[i] = orig + fdStep
			plus := gc.run(t)
			data[i] = orig - fdStep
			minus := gc.run(t)
			data[i] = orig
			want := (plus - minus) / (2 * fdStep)
			if !near(got[wi][i], want, fdTol) {
				t.Errorf("∂cost/∂%s[%d]:\ngot  %.10g (analytic)\nwant %.10g (central difference)", w.Name(), i, got[wi][i], want)
			}
		}
	}
}

// scalarValue reads a scalar node's value.
func scalarValue(t *testing.T, v G.Value) float64 {
	t.Helper()
	switch s := v.(type) {
	case *G.F64:
		return float64(*s)
	case *tensor.Dense:
		if s.Shape().TotalSize() == 1 {
			return s.Float64s()[0]
		}
	}
	t.Fatalf("got cost value %T (%v); want a float64 scalar", v, v)
	return 0
}

// float64s returns a node's value as a slice.
func float64s(t *testing.T, v G.Value) []float64 {
	t.Helper()
	switch s := v.(type) {
	case *tensor.Dense:
		return s.Float64s()
	case *G.F64:
		return []float64{float64(*s)}
	}
	t.Fatalf("got value %T; want float64", v)
	return nil
}

// runForward builds a machine for y's graph, runs it once and returns a
// copy of y's value.
func runForward(t *testing.T, y *G.Node) []float64 {
	t.Helper()
	m := G.NewTapeMachine(y.Graph())
	defer m.Close()
	if err := m.RunAll(); err != nil {
		t.Fatalf("RunAll: %v", err)
	}
	return slices.Clone(float64s(t, y.Value()))
}

// noMutation calls op.Do on inputs and fails if any input changed.
func noMutation(t *testing.T, op G.Op, inputs ...G.Value) {
	t.Helper()
	before := make([][]float64, len(inputs))
	for i, v := range inputs {
		before[i] = slices.Clone(float64s(t, v))
	}
	if _, err := op.Do(inputs...); err != nil {
		t.Fatalf("%v.Do: %v", op, err)
	}
	for i, v := range inputs {
		if got := float64s(t, v); !slices.Equal(got, before[i]) {
			t.Errorf("%v.Do modified input %d:\ngot  %v\nwant %v", op, i, got, before[i])
		}
	}
}
