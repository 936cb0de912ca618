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
	// A row of rule outputs repeats values (a dropped output is 0, a
	// saturated one ±1 times the dropout scale: in the tuple check's fits
	// 55 % of the arguments repeat one before them in their row), and
	// math.Exp of the same argument is the same to the bit, so a small
	// table keyed by the argument's bits keeps the exponentials computed.
	// An empty entry holds +Inf, whose exponential it also holds.
	var keys [expCacheSize]uint64
	var vals [expCacheSize]float64
	for k := range keys {
		keys[k], vals[k] = posInfBits, math.Inf(1)
	}
	s := 0.0
	for i, v := range z {
		d := v - m
		bits := math.Float64bits(d)
		k := (bits * 0x9e3779b97f4a7c15) >> (64 - expCacheBits)
		e := vals[k]
		if keys[k] != bits {
			e = math.Exp(d)
			keys[k], vals[k] = bits, e
		}
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

const (
	expCacheBits = 4
	expCacheSize = 1 << expCacheBits
)

var posInfBits = math.Float64bits(math.Inf(1))
