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
	keep := math.Float64bits(1 / (1 - p))
	threshold := uint64(math.Round(p * (1 << 16)))
	// factor is keep's bits where a 16-bit draw is at least threshold,
	// else +0's, without a branch: drops fall at random.
	factor := func(draw uint64) float64 {
		dropped := (draw&0xffff - threshold) >> 63 // 1 where draw < threshold
		return math.Float64frombits(keep &^ -dropped)
	}
	n := len(mask) &^ 3
	for i := 0; i < n; i += 4 {
		bits := rng.Uint64()
		m := mask[i : i+4 : i+4]
		m[0] = factor(bits)
		m[1] = factor(bits >> 16)
		m[2] = factor(bits >> 32)
		m[3] = factor(bits >> 48)
	}
	if n < len(mask) {
		bits := rng.Uint64()
		for i := n; i < len(mask); i++ {
			mask[i] = factor(bits)
			bits >>= 16
		}
	}
}
