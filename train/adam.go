// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"errors"
	"fmt"
	"math"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// ErrOptimizer reports parameters an optimiser cannot step: not float64
// tensors, or a different count or size than on its first step.
var ErrOptimizer = errors.New("train: optimiser")

// Adam is an allocation-free Adam optimiser (Kingma & Ba) for float64
// tensor parameters. It computes what gorgonia's AdamSolver computes with
// its default options (no regularisation, clipping or batch scaling), to
// the last bit on amd64, but updates the values in place without
// allocating. For step t = 1, 2, … and each element with gradient g:
//
//	m  ← (1−β1)·g + β1·m
//	v  ← (1−β2)·g² + β2·v
//	m̂  = m · 1/(1 − β1^t)
//	v̂  = v · 1/(1 − β2^t)
//	w  ← w + (−lr·m̂) / (√v̂ + ε)
//	g  ← 0
//
// The moments m and v are kept per position in the slice given to Step, so
// Step must be given the parameters in the same order every time; they are
// sized on the first step. An Adam is not safe for concurrent use.
type Adam struct {
	LearnRate float64 // lr
	Beta1     float64 // β1, the decay of the first moment
	Beta2     float64 // β2, the decay of the second moment
	Eps       float64 // ε, added to √v̂
	// Scales, when Scales[i] is set (non-zero), multiplies the learning
	// rate of parameter i (in the order given to Step) by it.
	Scales []float64

	t    int
	m, v [][]float64
}

// NewAdam returns an Adam with learning rate lr and the usual β1 = 0.9,
// β2 = 0.999 and ε = 1e-8 (gorgonia's defaults).
func NewAdam(lr float64) *Adam {
	return &Adam{LearnRate: lr, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}
}

// Steps returns the number of steps taken (0 for a nil Adam).
func (a *Adam) Steps() int {
	if a == nil {
		return 0
	}
	return a.t
}

// Step updates every value of vgs in place from its gradient, then zeroes
// the gradient. Values and gradients must be float64 *tensor.Dense of the
// same size, and the count and sizes must be those of the first step. On
// error nothing is updated.
func (a *Adam) Step(vgs []G.ValueGrad) error {
	if a == nil {
		return fmt.Errorf("%w: nil Adam (use NewAdam)", ErrOptimizer)
	}
	if a.m != nil && len(vgs) != len(a.m) {
		return fmt.Errorf("%w: Adam: %d parameters; the first step had %d", ErrOptimizer, len(vgs), len(a.m))
	}
	// Check everything before changing anything.
	for i, vg := range vgs {
		w, g, err := weightGrad(vg)
		if err != nil {
			return fmt.Errorf("%w: Adam: parameter %d: %w", ErrOptimizer, i, err)
		}
		if len(w) != len(g) {
			return fmt.Errorf("%w: Adam: parameter %d has %d values but %d gradients", ErrOptimizer, i, len(w), len(g))
		}
		if a.m != nil && len(w) != len(a.m[i]) {
			return fmt.Errorf("%w: Adam: parameter %d has %d values; the first step had %d", ErrOptimizer, i, len(w), len(a.m[i]))
		}
	}
	if a.m == nil {
		a.m = make([][]float64, len(vgs))
		a.v = make([][]float64, len(vgs))
		for i, vg := range vgs {
			w, _, _ := weightGrad(vg)
			a.m[i] = make([]float64, len(w))
			a.v[i] = make([]float64, len(w))
		}
	}

	a.t++
	b1, b2 := a.Beta1, a.Beta2
	omb1, omb2 := 1-b1, 1-b2
	inv1 := 1 / (1 - math.Pow(b1, float64(a.t))) // bias corrections
	inv2 := 1 / (1 - math.Pow(b2, float64(a.t)))
	eps := a.Eps
	for i, vg := range vgs {
		w, g, _ := weightGrad(vg)
		negLR := -a.LearnRate
		if i < len(a.Scales) && a.Scales[i] != 0 {
			negLR *= a.Scales[i]
		}
		m, v := a.m[i], a.v[i]
		w, m, v = w[:len(g)], m[:len(g)], v[:len(g)]
		for j, gj := range g {
			// The same operations, in the same order, as gorgonia's
			// AdamSolver; the conversions keep the compiler from fusing
			// a multiply and an add, which would round differently.
			mj := float64(gj*omb1) + float64(m[j]*b1)
			vj := float64(float64(gj*gj)*omb2) + float64(v[j]*b2)
			m[j], v[j] = mj, vj
			mHat := float64(mj*inv1) * negLR
			vHat := math.Sqrt(vj*inv2) + eps
			w[j] += mHat / vHat
			g[j] = 0
		}
	}
	return nil
}

// weightGrad returns the elements of a parameter's value and gradient.
func weightGrad(vg G.ValueGrad) (w, g []float64, err error) {
	if vg == nil {
		return nil, nil, errors.New("nil ValueGrad")
	}
	if w, err = float64s(vg.Value()); err != nil {
		return nil, nil, fmt.Errorf("value: %w", err)
	}
	gv, err := vg.Grad()
	if err != nil {
		return nil, nil, fmt.Errorf("gradient: %w", err)
	}
	if g, err = float64s(gv); err != nil {
		return nil, nil, fmt.Errorf("gradient: %w", err)
	}
	return w, g, nil
}

// float64s returns the elements of a contiguous float64 tensor.
func float64s(v G.Value) ([]float64, error) {
	t, ok := v.(*tensor.Dense)
	if !ok || t == nil {
		return nil, fmt.Errorf("got %T; want a float64 *tensor.Dense", v)
	}
	if t.Dtype() != tensor.Float64 || t.RequiresIterator() {
		return nil, fmt.Errorf("got a %v tensor of shape %v; want contiguous float64", t.Dtype(), t.Shape())
	}
	return t.Float64s()[:t.Shape().TotalSize()], nil
}
