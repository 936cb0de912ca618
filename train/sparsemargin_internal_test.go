// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// SparseMargin shares HalvesMargin's one-sided level among the sparse
// candidates by Bonferroni's correction.
func TestSparseMargin(t *testing.T) {
	for _, c := range []struct {
		n    int
		want float64
	}{
		{0, HalvesMargin},
		{1, HalvesMargin},
		{2, 1.4096}, // Φ⁻¹(1 − 0.0793)
		{8, 2.0572}, // the default's 2 screens × 4 penalties
		{16, 2.3295},
	} {
		got := SparseMargin(c.n)
		if math.Abs(got-c.want) > 5e-4 {
			t.Errorf("SparseMargin(%d) = %.4f, want %.4f", c.n, got, c.want)
		}
		// The margin's one-sided level times n is HalvesMargin's.
		if c.n >= 2 {
			level := distuv.UnitNormal.Survival(got) * float64(c.n)
			if want := distuv.UnitNormal.Survival(HalvesMargin); math.Abs(level-want) > 1e-12 {
				t.Errorf("SparseMargin(%d): level × n = %.6f, want %.6f", c.n, level, want)
			}
		}
	}
	if n := len(DefaultSparseKeep()) * (1 + len(StrongerPenaltyScales())); n != 8 {
		t.Errorf("the default's sparse candidates: %d, want 8 (the margin documented)", n)
	}
}
