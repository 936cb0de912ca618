// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package activations

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sameFloat reports whether a and b have the same bits, or are both NaN.
func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || (math.IsNaN(a) && math.IsNaN(b))
}

// reference is the plain branchy definition of f(x) and f'(x), against
// which the branch-free kernels are checked.
func reference(f Func, x float64) (y, d float64) {
	if f.Kind == ReLU {
		if x > 0 {
			return x, 1
		}
		return 0, 0
	}
	switch {
	case x >= 1:
		y = 1
	case x <= -1:
		y = -1
	default:
		y = x
		for range f.K {
			y *= x * x
		}
	}
	if x > 1 || x < -1 {
		return y, 0
	}
	d = float64(2*f.K + 1)
	for range f.K {
		d *= x * x
	}
	return y, d
}

// TestKernelsMatchReference checks that the branch-free kernels (Apply,
// Deriv, ApplyAll, GradAll) compute exactly the branchy definition, at the
// kinks, on either side of them, at signed zeros, infinities and NaN.
func TestKernelsMatchReference(t *testing.T) {
	t.Parallel()
	x := []float64{
		0, math.Copysign(0, -1), 1, -1,
		math.Nextafter(1, 2), math.Nextafter(1, 0), math.Nextafter(-1, -2), math.Nextafter(-1, 0),
		0.5, -0.5, 2, -2, 1e300, -1e300, 1e-300, -1e-300,
		math.Inf(1), math.Inf(-1), math.NaN(),
	}
	rng := rand.New(rand.NewPCG(1, 1))
	x = append(x, uniformIn(rng, 200, -1.5, 1.5)...)
	g := uniformIn(rng, len(x), -2, 2)
	funcs := []Func{{Kind: ReLU}}
	for k := range 6 {
		funcs = append(funcs, Func{Kind: PolyClip, K: k})
	}
	y := make([]float64, len(x))
	dx := make([]float64, len(x))
	for _, f := range funcs {
		t.Run(f.String(), func(t *testing.T) {
			f.ApplyAll(y, x)
			f.GradAll(dx, x, g)
			for i, v := range x {
				want, d := reference(f, v)
				if got := f.Apply(v); !sameFloat(got, want) || !sameFloat(y[i], want) {
					t.Errorf("f(%v):\ngot  %v (ApplyAll %v)\nwant %v", v, got, y[i], want)
				}
				if got := f.Deriv(v); !sameFloat(got, d) || !sameFloat(dx[i], g[i]*d) {
					t.Errorf("f'(%v):\ngot  %v (GradAll %v)\nwant %v (times g: %v)", v, got, dx[i], d, g[i]*d)
				}
			}
			if got := f.Apply(0); got != 0 {
				t.Errorf("f(0) = %v; CombAct needs f(0) = 0 for inactive rules", got)
			}
		})
	}
}

func uniformIn(rng *rand.Rand, n int, lo, hi float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = lo + (hi-lo)*rng.Float64()
	}
	return out
}

// BenchmarkKernels times ApplyAll and GradAll over one CatInt step's
// rule outputs (16 rows × 256 rules), pre-activations straddling the
// clip boundaries as in training.
func BenchmarkKernels(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := uniformIn(rng, 16*256, -1.5, 1.5)
	g := uniformIn(rng, len(x), -1, 1)
	y := make([]float64, len(x))
	for _, f := range []Func{{Kind: PolyClip, K: 1}, {Kind: PolyClip, K: 2}, {Kind: ReLU}} {
		b.Run(f.String()+"/ApplyAll", func(b *testing.B) {
			for b.Loop() {
				f.ApplyAll(y, x)
			}
		})
		b.Run(f.String()+"/GradAll", func(b *testing.B) {
			for b.Loop() {
				f.GradAll(y, x, g)
			}
		})
	}
}
