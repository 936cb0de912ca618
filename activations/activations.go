// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package activations

import (
	"fmt"
	"math"
	"strings"
)

// Kind names an activation family.
type Kind int

const (
	// PolyClip is clip(x^(2k+1), -1, 1).
	PolyClip Kind = iota
	// ReLU is max(x, 0).
	ReLU
)

// Names lists the names of the kinds, in Kind order (Parse also accepts
// "clip", polyClip with k = 0).
var Names = []string{"polyclip", "relu"}

// String returns the name of the kind as Parse accepts it.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(Names) {
		return Names[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Func is an activation function: a kind and, for polyClip, its exponent
// parameter K (the polynomial has degree 2K+1). Func is a small value type and
// is safe to copy and compare.
type Func struct {
	Kind Kind
	K    int
}

// MaxK bounds polyClip's exponent parameter: its cost is linear in k (the
// model's own bound, model.MaxExpParam, is 64).
const MaxK = 1 << 10

// Parse returns the activation named name (case insensitive) with exponent
// parameter k: "polyclip" (polyClip_k), "clip" (polyClip_0 = clip(x, -1, 1),
// k ignored) or "relu". It returns an error for an unknown name or a k
// outside 0..MaxK.
func Parse(name string, k int) (Func, error) {
	if k < 0 || k > MaxK {
		return Func{}, fmt.Errorf("activations: exponent parameter %d; want 0..%d", k, MaxK)
	}
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "polyclip":
		return Func{Kind: PolyClip, K: k}, nil
	case "clip":
		return Func{Kind: PolyClip, K: 0}, nil
	case "relu":
		return Func{Kind: ReLU, K: k}, nil
	}
	return Func{}, fmt.Errorf("activations: unknown activation %q; valid values are polyclip, clip, relu", name)
}

// String describes f, including every parameter that changes its result. It
// is used in op hashes, so two different functions never print alike.
func (f Func) String() string {
	if f.Kind == ReLU {
		return "relu"
	}
	return fmt.Sprintf("polyclip(k=%d)", f.K)
}

// Apply returns f(x).
func (f Func) Apply(x float64) float64 {
	if f.Kind == ReLU {
		return reluValue(x)
	}
	return PolyClipValue(x, f.K)
}

// Deriv returns f'(x); see the package documentation for the kinks.
func (f Func) Deriv(x float64) float64 {
	if f.Kind == ReLU {
		return reluDeriv(x)
	}
	return PolyClipDeriv(x, f.K)
}

// ApplyAll sets y[i] = f(x[i]) for every i < len(x), switching on the kind
// once; y may be x. Every supported f has f(0) = 0. It panics if y is
// shorter than x.
func (f Func) ApplyAll(y, x []float64) {
	if len(y) < len(x) {
		panic(fmt.Sprintf("activations: ApplyAll: %d outputs for %d inputs", len(y), len(x)))
	}
	y = y[:len(x)]
	if f.Kind == ReLU {
		for i, v := range x {
			y[i] = reluValue(v)
		}
		return
	}
	k := f.K
	if k == 1 { // the default: the power without its loop, the same products
		for i, v := range x {
			y[i] = max(-1, min(1, v*(v*v)))
		}
		return
	}
	for i, v := range x {
		y[i] = PolyClipValue(v, k)
	}
}

// GradAll sets dx[i] = g[i]·f'(x[i]) for every i < len(x); dx may be x.
// It panics if dx or g is shorter than x.
func (f Func) GradAll(dx, x, g []float64) {
	if len(dx) < len(x) || len(g) < len(x) {
		panic(fmt.Sprintf("activations: GradAll: %d outputs and %d gradients for %d inputs", len(dx), len(g), len(x)))
	}
	dx = dx[:len(x)]
	g = g[:len(x)]
	if f.Kind == ReLU {
		for i, v := range x {
			dx[i] = g[i] * reluDeriv(v)
		}
		return
	}
	k := f.K
	if k == 1 {
		for i, v := range x {
			x2 := v * v
			bits := math.Float64bits(3 * x2)
			if x2 > 1 {
				bits = 0
			}
			dx[i] = g[i] * math.Float64frombits(bits)
		}
		return
	}
	for i, v := range x {
		dx[i] = g[i] * PolyClipDeriv(v, k)
	}
}

// Hard returns the activation rounded to {-1, 0, 1}: round(clip(f(x), -1, 1)).
// It reads a weight as a logical literal: -1 negated, 0 absent, 1 present.
func (f Func) Hard(x float64) float64 {
	y := f.Apply(x)
	if y > 1 {
		y = 1
	}
	return math.Round(y)
}

// The kernels below have no data-dependent branches: pre-activations
// straddle the clip boundaries, so branches mispredict, and the branchy
// form ran about 3× slower in the training step. Powers are multiply
// loops; math.Pow was once the step's hot spot.

// PolyClipValue returns clip(x^(2k+1), -1, 1). For |x| ≥ 1 the power is ±1
// or beyond, so clamping the power equals clamping the result.
func PolyClipValue(x float64, k int) float64 {
	x2 := x * x
	p := x
	for i := 0; i < k; i++ {
		p *= x2
	}
	return max(-1, min(1, p))
}

// PolyClipDeriv returns (2k+1)·x^(2k) for x² ≤ 1 (the inner derivative at
// the kinks) and 0 outside. The select on the bits compiles to a
// conditional move.
func PolyClipDeriv(x float64, k int) float64 {
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
