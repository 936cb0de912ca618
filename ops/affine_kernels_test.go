// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// The plain loops the affine kernels replaced: the reference they must
// equal bit for bit (affineGradAPlain, the gradient's, is in the package:
// the kernel runs it for more than two classes).

func affineForwardPlain(y, a, w, bias []float64, nb, k, c int) {
	for i := 0; i < nb; i++ {
		yr := y[i*c : i*c+c]
		copy(yr, bias)
		for kk, av := range a[i*k : i*k+k] {
			for j, wv := range w[kk*c : kk*c+c] {
				yr[j] += av * wv
			}
		}
	}
}

func affineGradWPlain(dw, a, g []float64, nb, k, c int) {
	clear(dw)
	for i := 0; i < nb; i++ {
		gr := g[i*c : i*c+c]
		for kk, av := range a[i*k : i*k+k] {
			dr := dw[kk*c : kk*c+c]
			for j, gv := range gr {
				dr[j] += av * gv
			}
		}
	}
}

// sameBits reports the first index where got and want differ in any bit.
func sameBits(got, want []float64) (int, bool) {
	for i := range want {
		if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
			return i, false
		}
	}
	return 0, len(got) == len(want)
}

// The kernels equal the plain loops bit for bit on every shape class:
// odd and even row and column counts (the pair loops and their leftovers),
// one input, and inputs spread over many magnitudes so that a changed
// summation order would show in the last bits.
func TestAffineKernelsExact(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 8))
	draw := func(n int) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(9)-4))
		}
		return s
	}
	for _, nb := range []int{1, 2, 3, 16, 17} {
		for _, k := range []int{1, 2, 5, 64, 301} {
			for c := 1; c <= 5; c++ {
				t.Run(fmt.Sprintf("%dx%dx%d", nb, k, c), func(t *testing.T) {
					a, w, bias, g := draw(nb*k), draw(k*c), draw(c), draw(nb*c)
					for _, tt := range []struct {
						name      string
						got, want []float64
						fast, ref func(dst []float64)
					}{
						{"forward", make([]float64, nb*c), make([]float64, nb*c),
							func(y []float64) { affineForward(y, a, w, bias, nb, k, c) },
							func(y []float64) { affineForwardPlain(y, a, w, bias, nb, k, c) }},
						{"da", make([]float64, nb*k), make([]float64, nb*k),
							func(d []float64) { affineGradA(d, w, g, nb, k, c) },
							func(d []float64) { affineGradAPlain(d, w, g, nb, k, c) }},
						{"dw", make([]float64, k*c), make([]float64, k*c),
							func(d []float64) { affineGradW(d, a, g, nb, k, c) },
							func(d []float64) { affineGradWPlain(d, a, g, nb, k, c) }},
					} {
						for i := range tt.got {
							tt.got[i] = math.NaN() // every element must be written
						}
						tt.fast(tt.got)
						tt.ref(tt.want)
						if i, ok := sameBits(tt.got, tt.want); !ok {
							t.Errorf("%s: element %d: got %v, want %v (the plain loop's)", tt.name, i, tt.got[i], tt.want[i])
						}
					}
				})
			}
		}
	}
}

// BenchmarkAffine times the affine kernels against the plain loops at the
// continuous route's shape on a wide table: a batch of 16 rows, LinAtt's
// 2 × 6,000 inputs, two or three classes.
func BenchmarkAffine(b *testing.B) {
	const nb, k = 16, 12000
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []int{2, 3} {
		a, w, bias, g := uniform(rng, nb*k, -1, 1), uniform(rng, k*c, -1, 1), uniform(rng, c, -1, 1), uniform(rng, nb*c, -1, 1)
		y, da, dw := make([]float64, nb*c), make([]float64, nb*k), make([]float64, k*c)
		for _, bb := range []struct {
			name string
			run  func()
		}{
			{"forward", func() { affineForward(y, a, w, bias, nb, k, c) }},
			{"forward-plain", func() { affineForwardPlain(y, a, w, bias, nb, k, c) }},
			{"da", func() { affineGradA(da, w, g, nb, k, c) }},
			{"da-plain", func() { affineGradAPlain(da, w, g, nb, k, c) }},
			{"dw", func() { affineGradW(dw, a, g, nb, k, c) }},
			{"dw-plain", func() { affineGradWPlain(dw, a, g, nb, k, c) }},
		} {
			b.Run(fmt.Sprintf("C=%d/%s", c, bb.name), func(b *testing.B) {
				for b.Loop() {
					bb.run()
				}
			})
		}
	}
}
