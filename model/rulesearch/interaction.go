// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// PairInteractionP returns the p-value of PairInteraction's statistic
// for the features a and b of d: its chi-squared upper tail on its
// degrees of freedom, 1 where it has none (a pair PairInteraction scores
// 0 on 0 degrees of freedom).
func PairInteractionP(d Data, a, b int) float64 {
	g, df := PairInteraction(d, a, b)
	if df <= 0 {
		return 1
	}
	return distuv.ChiSquared{K: float64(df)}.Survival(g)
}

// PairInteraction returns the G statistic of the interaction of the
// features a and b of d with the label, binarised as Screen binarises
// them, and its degrees of freedom (Classes − 1): the log-linear model in
// which each feature depends on the label and on the other but the label's
// dependence on one does not change with the other ([AY][BY][AB], fitted
// by iterative proportional fitting), against the saturated model of the
// four value cells. Two features with separate, additive effects score
// near the degrees of freedom; a gate of the two (and, or, xor), whose
// label depends on one feature differently at each value of the other,
// far above. A pair that is not two features of d, or data Screen would
// refuse, scores 0 on 0 degrees of freedom.
func PairInteraction(d Data, a, b int) (g float64, df int) {
	if !d.screenable() || a == b || min(a, b) < 0 || max(a, b) >= d.Features {
		return 0, 0
	}
	high := d.high()
	C := d.Classes
	n := make([]float64, 4*C) // n[(i*2+j)*C+c]
	for r := range d.Rows {
		i, j := 0, 0
		if d.X[r*d.Features+a] == high {
			i = 1
		}
		if d.X[r*d.Features+b] == high {
			j = 1
		}
		n[(i*2+j)*C+d.Y[r]]++
	}
	m := make([]float64, len(n))
	for k := range m {
		m[k] = 1
	}
	// scale multiplies the fitted counts of each cell of a margin by the
	// observed margin over the fitted one; margin(i, j, c) names the cell.
	most := max(4, 2*C) // cells of the largest margin
	obs, fit := make([]float64, most), make([]float64, most)
	scale := func(margin func(i, j, c int) int, cells int) float64 {
		clear(obs[:cells])
		clear(fit[:cells])
		for i := range 2 {
			for j := range 2 {
				for c := range C {
					k := (i*2+j)*C + c
					obs[margin(i, j, c)] += n[k]
					fit[margin(i, j, c)] += m[k]
				}
			}
		}
		change := 0.0
		for i := range 2 {
			for j := range 2 {
				for c := range C {
					k := (i*2+j)*C + c
					old := m[k]
					if f := fit[margin(i, j, c)]; f > 0 {
						m[k] *= obs[margin(i, j, c)] / f
					}
					change = max(change, math.Abs(m[k]-old))
				}
			}
		}
		return change
	}
	for range 1000 {
		change := scale(func(i, j, _ int) int { return i*2 + j }, 4)   // [AB]
		change += scale(func(i, _, c int) int { return i*C + c }, 2*C) // [AY]
		change += scale(func(_, j, c int) int { return j*C + c }, 2*C) // [BY]
		if change < 1e-9 {
			break
		}
	}
	for k, o := range n {
		if o > 0 && m[k] > 0 {
			g += 2 * o * math.Log(o/m[k])
		}
	}
	return max(g, 0), C - 1
}
