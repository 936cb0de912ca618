// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"math"
	"math/rand/v2"
)

// DropoutMask fills mask with inverted-dropout factors for MaskedSoftmaxRows:
// 0 with probability p, else 1/(1−p). Each 64-bit draw decides four
// entries, 16 bits each, so p is applied to within 2⁻¹⁶. p must be in
// [0, 1) (model.Config.Validate checks the dropout rate) and rng not nil;
// it panics otherwise.
func DropoutMask(mask []float64, p float64, rng *rand.Rand) {
	if !(p >= 0 && p < 1) || rng == nil {
		panic("ops: DropoutMask: p outside [0, 1) or a nil rng")
	}
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
