// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"math"

	"github.com/hornets-go/hornets/activations"
)

// The element kernels below compute exactly what activations.Func.Apply and
// Deriv compute (a test checks this, kinks and NaN included), but without
// data-dependent branches: pre-activations straddle the clip boundaries, so
// branches mispredict, and the branchy form ran about 3× slower. Powers are
// multiply loops; math.Pow was once the step's hot spot.

// polyClip returns clip(x^(2k+1), -1, 1). For |x| ≥ 1 the power is ±1 or
// beyond, so clamping the power equals clamping the result.
func polyClip(x float64, k int) float64 {
	x2 := x * x
	p := x
	for i := 0; i < k; i++ {
		p *= x2
	}
	return max(-1, min(1, p))
}

// polyClipDeriv returns (2k+1)·x^(2k) for x² ≤ 1 (the inner derivative at
// the kinks) and 0 outside. The select on the bits compiles to a
// conditional move.
func polyClipDeriv(x float64, k int) float64 {
	x2 := x * x
	p := float64(2*k + 1)
	for i := 0; i < k; i++ {
		p *= x2
	}
	bits := math.Float64bits(p)
	if x2 > 1 {
		bits = 0
	}
	return math.Float64frombits(bits)
}

// reluValue returns x if x > 0, else +0 (NaN included).
func reluValue(x float64) float64 {
	bits := math.Float64bits(x)
	if !(x > 0) {
		bits = 0
	}
	return math.Float64frombits(bits)
}

// reluDeriv returns 1 if x > 0, else 0.
func reluDeriv(x float64) float64 {
	bits := math.Float64bits(1)
	if !(x > 0) {
		bits = 0
	}
	return math.Float64frombits(bits)
}

// activate sets y[i] = f(x[i]), switching on the kind once. y may be x.
// Every supported f has f(0) = 0, which CombAct relies on.
func activate(f activations.Func, y, x []float64) {
	y = y[:len(x)]
	if f.Kind == activations.ReLU {
		for i, v := range x {
			y[i] = reluValue(v)
		}
		return
	}
	k := f.K
	for i, v := range x {
		y[i] = polyClip(v, k)
	}
}

// activateGrad sets dx[i] = g[i]·f'(x[i]). dx may be x.
func activateGrad(f activations.Func, dx, x, g []float64) {
	dx = dx[:len(x)]
	g = g[:len(x)]
	if f.Kind == activations.ReLU {
		for i, v := range x {
			dx[i] = g[i] * reluDeriv(v)
		}
		return
	}
	k := f.K
	for i, v := range x {
		dx[i] = g[i] * polyClipDeriv(v, k)
	}
}
