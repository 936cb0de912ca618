// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math"
	"slices"
	"testing"
)

// Each level's Best is the tuple of its size that scores highest, its
// BestScore that score, whether or not it has evidence: against every
// pair and triple scored directly (features of one block never
// together), on tables of pure noise, where no tuple has evidence.
func TestCoverageBest(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		blocks func(j int) int // nil: no blocks
	}{
		{"no blocks", nil},
		{"blocks of three", func(j int) int { return j / 3 }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			const rows, cols = 120, 24
			x, y := randomBinary(rows, cols, 11)
			d := Data{X: x, Rows: rows, Features: cols, Y: y, Classes: 3}
			if tt.blocks != nil {
				d.Blocks = make([]int, cols)
				for j := range d.Blocks {
					d.Blocks[j] = tt.blocks(j)
				}
			}
			_, cov := Screen(d, 3, 8_000_000, 16, false)
			s := screenerOf(d)
			together := func(t []int) bool {
				for i := range t {
					for j := range i {
						if d.Blocks != nil && d.Blocks[t[i]] == d.Blocks[t[j]] {
							return true
						}
					}
				}
				return false
			}
			best := map[int]float64{1: math.Inf(-1), 2: math.Inf(-1), 3: math.Inf(-1)}
			var walk func(t []int, from int)
			walk = func(t []int, from int) {
				if len(t) > 0 && !together(t) {
					best[len(t)] = max(best[len(t)], s.score(t))
				}
				if len(t) == 3 {
					return
				}
				for _, j := range s.active {
					if j >= from {
						walk(append(slices.Clip(t), j), j+1)
					}
				}
			}
			walk(nil, 0)
			if len(cov.Levels) != 3 {
				t.Fatalf("coverage %+v, want three levels", cov)
			}
			for _, l := range cov.Levels {
				if !l.Exhaustive || len(l.Best) != l.Size || together(l.Best) {
					t.Errorf("size %d: exhaustive %v, best %v", l.Size, l.Exhaustive, l.Best)
					continue
				}
				if got := s.score(l.Best); math.Abs(got-l.BestScore) > 1e-9 || math.Abs(l.BestScore-best[l.Size]) > 1e-9 {
					t.Errorf("size %d: best %v scores %.6g, BestScore %.6g, want the highest score %.6g", l.Size, l.Best, got, l.BestScore, best[l.Size])
				}
			}
		})
	}
}
