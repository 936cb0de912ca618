// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestDropoutMask(t *testing.T) {
	t.Parallel()
	for _, p := range []float64{0, 0.1, 0.5, 0.9} {
		rng := rand.New(rand.NewPCG(1, 2))
		mask := make([]float64, 100_003) // not a multiple of 4
		DropoutMask(mask, p, rng)
		zeros := 0
		for _, v := range mask {
			switch v {
			case 0:
				zeros++
			case 1 / (1 - p):
			default:
				t.Fatalf("p = %g: mask value %g, want 0 or %g", p, v, 1/(1-p))
			}
		}
		got := float64(zeros) / float64(len(mask))
		// Binomial standard error at n = 100,003 is at most 0.0016.
		if math.Abs(got-p) > 0.006 {
			t.Errorf("p = %g: dropped share\ngot  %.4f\nwant %.4f ± 0.006", p, got, p)
		}
	}
}

// An invalid rate or a nil generator is a documented panic, not a mask of
// zeros (NaN p) or a nil dereference deep in the loop.
func TestDropoutMaskPanics(t *testing.T) {
	t.Parallel()
	mask := make([]float64, 8)
	for _, tt := range []struct {
		name string
		p    float64
		rng  *rand.Rand
	}{
		{"NaN", math.NaN(), rand.New(rand.NewPCG(1, 1))},
		{"one", 1, rand.New(rand.NewPCG(1, 1))},
		{"negative", -0.1, rand.New(rand.NewPCG(1, 1))},
		{"nil rng", 0.5, nil},
	} {
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("%s: no panic", tt.name)
				}
			}()
			DropoutMask(mask, tt.p, tt.rng)
		}()
	}
}
