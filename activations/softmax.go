// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package activations

import (
	"fmt"
	"math"
)

// Softmax writes softmax(z) into dst[:len(z)], stably; dst may be z:
//
//	dst[i] = exp(z[i] − max z) / Σ_j exp(z[j] − max z)
//
// It panics if dst is shorter than z.
func Softmax(dst, z []float64) {
	if len(dst) < len(z) {
		panic(fmt.Sprintf("activations: Softmax: %d outputs for %d logits", len(dst), len(z)))
	}
	if len(z) == 0 {
		return
	}
	dst = dst[:len(z)]
	m := z[0]
	for _, v := range z[1:] {
		if v > m { // not the builtin max: its NaN and signed-zero care cost a third of the step
			m = v
		}
	}
	s := 0.0
	for i, v := range z {
		e := math.Exp(v - m)
		dst[i] = e
		s += e
	}
	inv := 1 / s
	for i := range dst {
		dst[i] *= inv
	}
}

// Argmax returns the index of the largest value of v, the first one on a
// tie, and 0 for an empty v.
func Argmax(v []float64) int {
	best := 0
	for i, x := range v {
		if x > v[best] {
			best = i
		}
	}
	return best
}
