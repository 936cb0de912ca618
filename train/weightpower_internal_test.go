// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"math"
	"testing"
)

// TestWeightPower: the class-weight power is the one of 1, 1/2 and 0
// whose bias shift gives the held-out logits the highest macro-F1, ties
// keeping the balanced weights (power 1, no shift).
func TestWeightPower(t *testing.T) {
	t.Parallel()
	// 90 rows of class 0 and 10 of class 1; the logits are the difference
	// z1 − z0 (z0 = 0) of a fit trained with the balanced weights.
	logits := func(major, minor func(i int) float64) ([]float64, []int) {
		var z []float64
		var y []int
		for i := range 90 {
			z, y = append(z, 0, major(i)), append(y, 0)
		}
		for i := range 10 {
			z, y = append(z, 0, minor(i)), append(y, 1)
		}
		return z, y
	}
	balanced := BalancedWeights(append(make([]int, 90), 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), 2) // 0.556, 5
	for _, tc := range []struct {
		name         string
		major, minor func(i int) float64
		w            []float64
		want         float64
	}{
		{"balanced weights' boundary too low: unweighted", func(i int) float64 { return -2 + 3.5*float64(i)/89 }, func(i int) float64 { return 2.4 + 0.1*float64(i) }, balanced, 0},
		{"balanced weights' boundary right: kept", func(i int) float64 { return -3 + 2.5*float64(i)/89 }, func(i int) float64 { return 0.1 + 0.1*float64(i) }, balanced, 1},
		{"equal weights: no shift", func(i int) float64 { return -1 }, func(i int) float64 { return 1 }, []float64{1, 1}, 1},
	} {
		z, y := logits(tc.major, tc.minor)
		power, shift := weightPower(z, y, tc.w, 2)
		if power != tc.want {
			t.Errorf("%s: power %v, want %v", tc.name, power, tc.want)
		}
		if power == 1 && shift != nil || power < 1 && (len(shift) != 2 || math.Abs(shift[1]-shift[0]+(1-power)*math.Log(tc.w[1]/tc.w[0])) > 1e-12) {
			t.Errorf("%s: power %v with shift %v", tc.name, power, shift)
		}
	}
}
