// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"math"
	"math/rand/v2"
)

// DropoutMask fills mask with inverted-dropout factors for MaskedSoftmaxRows:
// 0 with probability p, else 1/(1−p). Each 64-bit draw decides four
// entries, 16 bits each, so p is applied to within 2⁻¹⁶.
func DropoutMask(mask []float64, p float64, rng *rand.Rand) {
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
