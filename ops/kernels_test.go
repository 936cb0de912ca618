// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hornets-go/hornets/activations"
)

// sameFloat reports whether a and b have the same bits, or are both NaN.
func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || (math.IsNaN(a) && math.IsNaN(b))
}

// TestKernelsMatchActivations checks that the branch-free kernels compute
// exactly activations.Func.Apply and g·Func.Deriv, at the kinks, on either
// side of them, at signed zeros, infinities and NaN.
func TestKernelsMatchActivations(t *testing.T) {
	t.Parallel()
	x := []float64{
		0, math.Copysign(0, -1), 1, -1,
		math.Nextafter(1, 2), math.Nextafter(1, 0), math.Nextafter(-1, -2), math.Nextafter(-1, 0),
		0.5, -0.5, 2, -2, 1e300, -1e300, 1e-300, -1e-300,
		math.Inf(1), math.Inf(-1), math.NaN(),
	}
	rng := rand.New(rand.NewPCG(1, 1))
	x = append(x, uniform(rng, 200, -1.5, 1.5)...)
	g := uniform(rng, len(x), -2, 2)
	funcs := []activations.Func{{Kind: activations.ReLU}}
	for k := range 6 {
		funcs = append(funcs, activations.Func{Kind: activations.PolyClip, K: k})
	}
	y := make([]float64, len(x))
	dx := make([]float64, len(x))
	for _, f := range funcs {
		t.Run(f.String(), func(t *testing.T) {
			activate(f, y, x)
			activateGrad(f, dx, x, g)
			for i, v := range x {
				if want := f.Apply(v); !sameFloat(y[i], want) {
					t.Errorf("f(%v):\ngot  %v\nwant %v", v, y[i], want)
				}
				if want := g[i] * f.Deriv(v); !sameFloat(dx[i], want) {
					t.Errorf("g·f'(%v):\ngot  %v\nwant %v", v, dx[i], want)
				}
			}
			if got := f.Apply(0); got != 0 {
				t.Errorf("f(0) = %v; CombAct needs f(0) = 0 for inactive rules", got)
			}
		})
	}
}
