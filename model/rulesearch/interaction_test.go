// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// The interaction of a gate's two features with its label is far beyond
// chance (400 rows, 20 % of the labels flipped); that of two features
// with separate, additive effects on a logistic label is not, nor that of
// a feature with a noise feature.
func TestPairInteraction(t *testing.T) {
	t.Parallel()
	const rows = 400
	table := func(label func(a, b float64, rng *rand.Rand) int) Data {
		rng := rand.New(rand.NewPCG(3, 4))
		x := make([]float64, rows*3)
		y := make([]int, rows)
		for r := range rows {
			for j := range 3 {
				x[r*3+j] = float64(rng.IntN(2))
			}
			y[r] = label(x[r*3], x[r*3+1], rng)
		}
		return Data{X: x, Rows: rows, Features: 3, Y: y, Classes: 2}
	}
	flip := func(y int, p float64, rng *rand.Rand) int {
		if rng.Float64() < p {
			return 1 - y
		}
		return y
	}
	and := table(func(a, b float64, rng *rand.Rand) int {
		y := 0
		if a == 1 && b == 1 {
			y = 1
		}
		return flip(y, 0.2, rng)
	})
	additive := table(func(a, b float64, rng *rand.Rand) int {
		if rng.Float64() < 1/(1+math.Exp(-(-1.5+1.5*a+1.5*b))) {
			return 1
		}
		return 0
	})
	p := func(g float64, df int) float64 { return distuv.ChiSquared{K: float64(df)}.Survival(g) }
	if g, df := PairInteraction(and, 0, 1); df != 1 || p(g, df) > 1e-6 {
		t.Errorf("and gate with 20 %% flipped: G %.3g on %d df (p %.2g), want p below 1e-6 on 1 df", g, df, p(g, df))
	}
	if g, df := PairInteraction(additive, 0, 1); df != 1 || p(g, df) < 0.01 {
		t.Errorf("additive effects: G %.3g on %d df (p %.2g), want no interaction at 1 %%", g, df, p(g, df))
	}
	// Feature 2 is noise: independent of the label and of feature 0,
	// which the no-interaction model fits up to the sample's own
	// three-way dependence.
	if g, df := PairInteraction(additive, 0, 2); df != 1 || p(g, df) < 0.01 {
		t.Errorf("a noise feature: G %.3g on %d df (p %.2g), want no interaction at 1 %%", g, df, p(g, df))
	}
	if g, df := PairInteraction(and, 1, 1); g != 0 || df != 0 {
		t.Errorf("a feature with itself: G %g on %d df, want 0 on 0", g, df)
	}
	// PairInteractionP is the statistic's upper tail, 1 without degrees
	// of freedom.
	for _, pair := range [][2]int{{0, 1}, {0, 2}} {
		g, df := PairInteraction(additive, pair[0], pair[1])
		if got := PairInteractionP(additive, pair[0], pair[1]); got != p(g, df) {
			t.Errorf("PairInteractionP(%v) = %g, want %g", pair, got, p(g, df))
		}
	}
	if got := PairInteractionP(and, 0, 1); got > 1e-6 {
		t.Errorf("PairInteractionP of the and gate = %g, want below 1e-6", got)
	}
	if got := PairInteractionP(and, 1, 1); got != 1 {
		t.Errorf("PairInteractionP of a feature with itself = %g, want 1", got)
	}
}
