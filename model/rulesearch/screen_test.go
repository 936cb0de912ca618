// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

func randomBinary(rows, cols int, seed uint64) ([]float64, []int) {
	rng := rand.New(rand.NewPCG(seed, seed))
	x := make([]float64, rows*cols)
	for i := range x {
		x[i] = float64(rng.IntN(2))
	}
	y := make([]int, rows)
	for i := range y {
		y[i] = rng.IntN(3)
	}
	return x, y
}

// The G statistic against a direct computation from the contingency table.
func TestScoreMatchesDefinition(t *testing.T) {
	t.Parallel()
	const rows, cols = 200, 6
	x, y := randomBinary(rows, cols, 5)
	s := newScreener(x, rows, cols, 1, y, 3)
	for _, tuple := range [][]int{{0}, {1, 2}, {0, 3, 5}} {
		counts := map[[2]int]float64{}
		cell := map[int]float64{}
		class := map[int]float64{}
		for i := range rows {
			c := 0
			for k, f := range tuple {
				c |= int(x[i*cols+f]) << k
			}
			counts[[2]int{c, y[i]}]++
			cell[c]++
			class[y[i]]++
		}
		g := 0.0
		for k, n := range counts {
			g += 2 * n * math.Log(n*rows/(cell[k[0]]*class[k[1]]))
		}
		want := g - float64((len(cell)-1)*(3-1))*math.Log(rows)
		if got := s.score(tuple); math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
			t.Errorf("score(%v)\ngot  %.12g\nwant %.12g", tuple, got, want)
		}
	}
}

func BenchmarkScreen(b *testing.B) {
	for _, size := range []struct{ rows, cols, order int }{{128, 128, 2}, {128, 128, 3}, {128, 2000, 2}} {
		x, y := randomBinary(size.rows, size.cols, 1)
		b.Run(fmt.Sprintf("%dx%d/order=%d", size.rows, size.cols, size.order), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				s := newScreener(x, size.rows, size.cols, 1, y, 3)
				s.screen(size.order, 100_000_000, 64)
			}
		})
	}
}
