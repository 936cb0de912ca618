// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// A strong single feature among thousands keeps its place when its chance
// pairs outscore it. Among 4,000 features the best of its 3,999 pairs
// gains more by chance than a pair's BIC penalty, so several of them
// outscore the single; with keep 4 they filled every overall place, each
// was then dropped as the single's passenger, and screening returned no
// tuple at all (the table got random tuples). withDominators brings the
// single back: it is the first candidate, with evidence.
func TestScreenKeepsDominatorOfCrowdingPairs(t *testing.T) {
	t.Parallel()
	const rows, features, target = 300, 4000, 7
	rng := rand.New(rand.NewPCG(1, features))
	x := make([]float64, rows*features)
	y := make([]int, rows)
	for i := range rows {
		for j := range features {
			if rng.Float64() < 0.3 {
				x[i*features+j] = 1
			}
		}
		y[i] = int(x[i*features+target])
		if rng.Float64() < 0.1 { // 10 % of the labels flipped
			y[i] = 1 - y[i]
		}
	}
	d := Data{X: x, Rows: rows, Features: features, Y: y, Classes: 2}
	cs, cov := Screen(d, 2, 20_000_000, 4, false)
	// The premise: the best pair outscores the single.
	if len(cov.Levels) != 2 || !slices.Equal(cov.Levels[0].Best, []int{target}) || cov.Levels[1].BestScore <= cov.Levels[0].BestScore {
		t.Fatalf("premise: levels %+v; want the single f%d best of its size, outscored by the best pair", cov.Levels, target)
	}
	if len(cs) == 0 || !slices.Equal(cs[0].Features, []int{target}) || !cs[0].Evidence {
		t.Fatalf("candidates %v; want [f%d] first, with evidence", cs, target)
	}
	for _, c := range cs[1:] {
		if slices.Contains(c.Features, target) {
			t.Errorf("candidate %v holds f%d beside the single (a passenger)", c.Features, target)
		}
	}
}
