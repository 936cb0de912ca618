// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"testing"

	"gonum.org/v1/plot/palette/moreland"
)

// The range that made moreland's own Palette step one ulp past its maximum
// and panic: sampled here, every colour comes back.
func TestSampledPaletteEnds(t *testing.T) {
	for _, r := range [][2]float64{{0.27999999999999997, 0.8812301166489926}, {0.995, 1.005}, {0, 1}} {
		pal, err := sampledPalette(moreland.ExtendedBlackBody(), r[0], r[1], 256)
		if err != nil {
			t.Fatalf("%v: %v", r, err)
		}
		if n := len(pal.Colors()); n != 256 {
			t.Errorf("%v: %d colours, want 256", r, n)
		}
	}
}
