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

// Parse returns the activation named name (case insensitive) with exponent
// parameter k: "polyclip" (polyClip_k), "clip" (polyClip_0 = clip(x, -1, 1),
// k ignored) or "relu". It returns an error for an unknown name or a
// negative k.
func Parse(name string, k int) (Func, error) {
	if k < 0 {
		return Func{}, fmt.Errorf("activations: exponent parameter %d is negative; want k >= 0", k)
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
		if x > 0 {
			return x
		}
		return 0
	}
	return PolyClipValue(x, f.K)
}

// Deriv returns f'(x); see the package documentation for the kinks.
func (f Func) Deriv(x float64) float64 {
	if f.Kind == ReLU {
		if x > 0 {
			return 1
		}
		return 0
	}
	return PolyClipDeriv(x, f.K)
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

// PolyClipValue returns clip(x^(2k+1), -1, 1). The power is an explicit
// multiply loop: math.Pow dominated the training step when it was used.
func PolyClipValue(x float64, k int) float64 {
	if x >= 1 {
		return 1
	}
	if x <= -1 {
		return -1
	}
	x2 := x * x
	y := x
	for i := 0; i < k; i++ {
		y *= x2
	}
	return y
}

// PolyClipDeriv returns (2k+1)·x^(2k) for |x| ≤ 1 and 0 otherwise.
func PolyClipDeriv(x float64, k int) float64 {
	if x > 1 || x < -1 {
		return 0
	}
	x2 := x * x
	d := float64(2*k + 1)
	for i := 0; i < k; i++ {
		d *= x2
	}
	return d
}
