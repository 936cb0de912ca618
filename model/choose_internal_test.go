// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// New gives the rule slots of a many-class binary table to the tuples
// rulesearch.Choose picks, and with Search.RankByScore to the strongest
// by their own score: eight classes of unequal size, each with a marker
// feature, six runs of heads. The chosen tuples hold more of the markers.
func TestNewChoosesRuleTuplesJointly(t *testing.T) {
	t.Parallel()
	const rows, classes, noise = 600, 8, 24
	rng := rand.New(rand.NewPCG(5, 11))
	cols := classes + noise
	x, y := make([]float64, rows*cols), make([]int, rows)
	for i := range rows {
		u, c := rng.IntN(classes*(classes+1)/2), 0 // class c has weight classes − c
		for w := classes; u >= w; w-- {
			u -= w
			c++
		}
		y[i] = c
		for j := range cols {
			p := 0.5
			if j < classes {
				p = 0.1
				if j == c {
					p = 0.9
				}
			}
			if rng.Float64() < p {
				x[i*cols+j] = 1
			}
		}
	}
	markers := func(rankByScore bool) int {
		cfg := DefaultConfig()
		cfg.Rules = 24
		cfg.Search.RankByScore = rankByScore
		n, err := New(cfg, Data{X: x, Rows: rows, Features: cols, Y: y, Classes: classes}, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		var fs []int
		for _, tuple := range n.rules.RankedTuples() {
			fs = append(fs, slices.DeleteFunc(slices.Clone(tuple), func(f int) bool { return f >= classes })...)
		}
		slices.Sort(fs)
		return len(slices.Compact(fs))
	}
	chosen, byScore := markers(false), markers(true)
	if chosen <= byScore || chosen < classes-1 {
		t.Errorf("rule tuples hold %d of the %d markers (%d ranked by score), want all or all but one, and more", chosen, classes, byScore)
	}
}
