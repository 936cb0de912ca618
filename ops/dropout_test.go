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

// dropoutMaskLoop is DropoutMask as it was written up to session 57, one
// entry and one branch at a time: the reference its unrolled, branch-free
// form must match bit for bit, drawing as many numbers.
func dropoutMaskLoop(mask []float64, p float64, rng *rand.Rand) {
	keep := 1 / (1 - p)
	threshold := uint64(math.Round(p * (1 << 16)))
	var bits uint64
	for i := range mask {
		if i%4 == 0 {
			bits = rng.Uint64()
		}
		if bits&0xffff < threshold {
			mask[i] = 0
		} else {
			mask[i] = keep
		}
		bits >>= 16
	}
}

// TestDropoutMaskMatchesLoop checks DropoutMask against the plain loop:
// the same factors, bit for bit, at every length modulo 4 and at rates
// from 0 to nearly 1 (where every 16-bit draw is below the threshold), and
// the generator left in the same state.
func TestDropoutMaskMatchesLoop(t *testing.T) {
	t.Parallel()
	for _, p := range []float64{0, 1.0 / (1 << 17), 0.1, 0.5, 0.9, 1 - 1.0/(1<<17)} {
		for _, n := range []int{0, 1, 2, 3, 4, 5, 7, 8, 4096, 4099} {
			got, want := make([]float64, n), make([]float64, n)
			rg, rw := rand.New(rand.NewPCG(uint64(n), 5)), rand.New(rand.NewPCG(uint64(n), 5))
			DropoutMask(got, p, rg)
			dropoutMaskLoop(want, p, rw)
			for i := range want {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("p = %g, %d entries: entry %d is %v, want %v", p, n, i, got[i], want[i])
				}
			}
			if a, b := rg.Uint64(), rw.Uint64(); a != b {
				t.Errorf("p = %g, %d entries: the generator's next draw is %#x, want %#x", p, n, a, b)
			}
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

// BenchmarkDropoutMask times the mask of one CatInt step's rule outputs
// (16 rows × 256 rules) at the default rate.
func BenchmarkDropoutMask(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	mask := make([]float64, 16*256)
	for b.Loop() {
		DropoutMask(mask, 0.1, rng)
	}
}
