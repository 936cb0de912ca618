// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// randomTable draws a binary table with the given classes; y depends on
// nothing.
func randomTable(rows, cols, classes int, seed uint64) ([]float64, []int) {
	rng := rand.New(rand.NewPCG(seed, 3))
	x := make([]float64, rows*cols)
	for i := range x {
		// Skewed columns too, so that some cells are empty.
		if rng.IntN(4) == 0 {
			x[i] = 1
		} else if (i%cols)%3 != 0 {
			x[i] = float64(rng.IntN(2))
		}
	}
	y := make([]int, rows)
	for i := range y {
		y[i] = rng.IntN(classes)
	}
	return x, y
}

// The kernel's score of a sorted tuple (prefix cells, last feature counted
// by AND and popcount, the rest by subtraction) equals the recursive walk
// of score bit for bit, on row counts around word boundaries and with 1..4
// classes.
func TestKernelMatchesScore(t *testing.T) {
	t.Parallel()
	for _, rows := range []int{1, 5, 63, 64, 65, 200} {
		for classes := 1; classes <= 4; classes++ {
			const cols = 9
			x, y := randomTable(rows, cols, classes, uint64(rows*10+classes))
			s := newScreener(x, rows, cols, 1, y, classes)
			kn := newKernel(s, 5)
			rng := rand.New(rand.NewPCG(uint64(rows), uint64(classes)))
			for range 200 {
				size := 1 + rng.IntN(5)
				tuple := rng.Perm(cols)[:size]
				slices.Sort(tuple)
				for d, f := range tuple[:size-1] {
					s.extend(&kn.depth[d+1], &kn.depth[d], f)
				}
				got := kn.leaf(&kn.depth[size-1], tuple[size-1])
				if want := s.score(tuple); got != want {
					t.Fatalf("rows %d, classes %d, tuple %v\ngot  %.17g\nwant %.17g", rows, classes, tuple, got, want)
				}
			}
		}
	}
}

// referenceScreen is the screening before the bit-parallel kernel: every
// tuple enumerated and scored by the recursive walk, one goroutine.
func referenceScreen(s *screener, maxOrder, keep int) []Candidate {
	cols := len(s.cols)
	overall := &topK{k: 4 * keep}
	for size := 1; size <= maxOrder && size <= cols; size++ {
		t := make([]int, size)
		var rec func(pos, start int)
		rec = func(pos, start int) {
			if pos == size {
				overall.offer(t, s.score(t)-s.selectionCost(size))
				return
			}
			for j := start; j <= cols-(size-pos); j++ {
				if s.skip[j] || s.blockClash(t[:pos], j) {
					continue
				}
				t[pos] = j
				rec(pos+1, j+1)
			}
		}
		rec(0, 0)
	}
	var out []Candidate
	for _, c := range overall.sorted() {
		if len(out) == keep {
			break
		}
		if !s.dominated(c) {
			out = append(out, c)
		}
	}
	return out
}

// The parallel screen returns exactly the tuples and scores of the
// one-goroutine walk, when every size is exhaustive.
func TestScreenMatchesReference(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows, cols, classes, order int
		blocks                     bool
	}{
		{100, 30, 2, 3, false},
		{70, 20, 3, 3, false},
		{130, 14, 2, 4, false},
		{64, 24, 4, 2, true},
	} {
		t.Run(fmt.Sprintf("%dx%d/C=%d/order=%d/blocks=%v", tc.rows, tc.cols, tc.classes, tc.order, tc.blocks), func(t *testing.T) {
			x, y := randomTable(tc.rows, tc.cols, tc.classes, uint64(tc.cols))
			s := newScreener(x, tc.rows, tc.cols, 1, y, tc.classes)
			if tc.blocks {
				s.blocks = make([]int, tc.cols)
				for j := range s.blocks {
					s.blocks[j] = j / 3
				}
			}
			want := referenceScreen(s, tc.order, 40)
			got, cov := s.screen(tc.order, 1_000_000, 40)
			if cov.Exhaustive() != tc.order {
				t.Fatalf("coverage %v, want exhaustive up to %d", cov, tc.order)
			}
			if len(got) != len(want) || len(got) == 0 {
				t.Fatalf("%d tuples, want %d (> 0)", len(got), len(want))
			}
			for i := range want {
				if !slices.Equal(got[i].Features, want[i].Features) || got[i].Score != want[i].Score {
					t.Errorf("rank %d\ngot  %v %.17g\nwant %v %.17g", i, got[i].Features, got[i].Score, want[i].Features, want[i].Score)
				}
			}
		})
	}
}

// A beam seeded with every tuple of the size below scores every tuple
// once, and finds what the exhaustive scan finds (scores to 1e-12: a beam
// tuple's cells are summed in its seed's order).
func TestBeamOfAllSeedsIsExhaustive(t *testing.T) {
	t.Parallel()
	const rows, cols = 90, 16
	x, y := randomTable(rows, cols, 2, 11)
	s := newScreener(x, rows, cols, 1, y, 2)
	all := &topK{k: 1 << 20}
	s.exhaustive(2, all)
	seeds := all.sorted()
	exh := &topK{k: 50}
	n := s.exhaustive(3, exh)
	bm := &topK{k: 50}
	m := s.beam(3, seeds, bm)
	if want := int64(binom(len(s.active), 3)); n != want || m != want {
		t.Fatalf("tuples scored: exhaustive %d, beam %d, want %d", n, m, want)
	}
	e, b := exh.sorted(), bm.sorted()
	for i := range e {
		if !slices.Equal(e[i].Features, b[i].Features) || math.Abs(e[i].Score-b[i].Score) > 1e-12*math.Max(1, math.Abs(e[i].Score)) {
			t.Errorf("rank %d\nbeam       %v %.17g\nexhaustive %v %.17g", i, b[i].Features, b[i].Score, e[i].Features, e[i].Score)
		}
	}
}

// The screen's result does not depend on the number of goroutines, in the
// exhaustive and in the beam regime.
func TestScreenIndependentOfGOMAXPROCS(t *testing.T) {
	x, y := randomTable(150, 120, 2, 4)
	s := newScreener(x, 150, 120, 1, y, 2)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, budget := range []int{1_000_000, 200} {
		var first []Candidate
		for _, procs := range []int{1, 2, 3, 8} {
			runtime.GOMAXPROCS(procs)
			got, cov := s.screen(3, budget, 64)
			if procs == 1 {
				first = got
				t.Logf("budget %d: %v", budget, cov)
				continue
			}
			if !slices.EqualFunc(got, first, func(a, b Candidate) bool {
				return a.Score == b.Score && slices.Equal(a.Features, b.Features)
			}) {
				t.Errorf("budget %d: GOMAXPROCS=%d gave another result than GOMAXPROCS=1", budget, procs)
			}
		}
	}
}

// BenchmarkScreenPairs times the exhaustive pair scan (all C(D, 2) pairs,
// GOMAXPROCS goroutines) and reports pairs scored per second.
func BenchmarkScreenPairs(b *testing.B) {
	for _, size := range []struct{ rows, cols int }{{128, 4000}, {500, 4000}, {1000, 2000}} {
		x, y := randomBinary(size.rows, size.cols, 1)
		for i := range y {
			y[i] %= 2
		}
		s := newScreener(x, size.rows, size.cols, 1, y, 2)
		b.Run(fmt.Sprintf("%dx%d", size.rows, size.cols), func(b *testing.B) {
			var pairs int64
			for b.Loop() {
				pairs += s.exhaustive(2, &topK{k: 256})
			}
			b.ReportMetric(float64(pairs)/b.Elapsed().Seconds(), "pairs/s")
		})
	}
}

// BenchmarkScreenBeam times the beam of triples over wide tables and
// reports triples scored per second.
func BenchmarkScreenBeam(b *testing.B) {
	for _, size := range []struct{ rows, cols, seeds int }{{500, 4000, 1024}} {
		x, y := randomBinary(size.rows, size.cols, 1)
		for i := range y {
			y[i] %= 2
		}
		s := newScreener(x, size.rows, size.cols, 1, y, 2)
		pairs := &topK{k: size.seeds}
		s.exhaustive(2, pairs)
		seeds := pairs.sorted()
		b.Run(fmt.Sprintf("%dx%d/seeds=%d", size.rows, size.cols, size.seeds), func(b *testing.B) {
			var n int64
			for b.Loop() {
				n += s.beam(3, seeds, &topK{k: 256})
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "triples/s")
		})
	}
}

// extends tests the partner's split of each of the single's cells. Where
// the partner matters in one cell only (an or gate: a = 1 is positive
// whatever b), the best cell's test finds it where the pair's summed
// likelihood-ratio test, on two degrees of freedom, would not: in a = 0,
// b = 1 holds 21 positives of 32 and b = 0 7 of 32 (G = 12.9, p = 3.3e-4,
// times 2 cells and 63 partners: 0.041 < 0.05; summed: p = 1.6e-3 on two
// degrees of freedom, times 63: 0.099). A partner independent of the
// label in both cells does not extend.
func TestExtendsSplitsOneCell(t *testing.T) {
	t.Parallel()
	const rows, cols = 128, 64
	rng := rand.New(rand.NewPCG(9, 9))
	x := make([]float64, rows*cols)
	y := make([]int, rows)
	// Rows 0..63 have a = f0 = 1, rows 64..127 a = 0; b = f1 is 1 in the
	// first half of each.
	positives := func(start, k int) { // the first k rows from start are positive
		for i := range k {
			y[start+i] = 1
		}
	}
	for i := range rows {
		if i < 64 {
			x[i*cols+0] = 1
		}
		if i%64 < 32 {
			x[i*cols+1] = 1
		}
		for j := 2; j < cols; j++ {
			x[i*cols+j] = float64(rng.IntN(2))
		}
	}
	positives(0, 26)  // a = 1, b = 1: 26 of 32
	positives(32, 26) // a = 1, b = 0: 26 of 32
	positives(64, 21) // a = 0, b = 1: 21 of 32
	positives(96, 7)  // a = 0, b = 0: 7 of 32
	s := newScreener(x, rows, cols, 1, y, 2)
	if len(s.active) != cols {
		t.Fatalf("%d active columns, want %d", len(s.active), cols)
	}
	if !s.extends([]int{0, 1}, []int{0}) {
		t.Error("b splits the a = 0 cell (p = 3.3e-4 before 2 × 63); extends says no")
	}
	// The summed test would refuse it, as documented.
	gt, _ := s.gStat([]int{0, 1})
	gs, _ := s.gStat([]int{0})
	summed := distuv.ChiSquared{K: 2}
	if p := summed.Survival(gt - gs); p*(cols-1) < EvidenceFDR {
		t.Errorf("the summed test passes too (p = %.3g): the data do not show the difference", p)
	}
	// A partner that is independent of the label in both cells.
	for i := range rows {
		x[i*cols+1] = float64((i / 2) % 2) // alternates in pairs: splits every block evenly
	}
	s = newScreener(x, rows, cols, 1, y, 2)
	if s.extends([]int{0, 1}, []int{0}) {
		t.Error("an independent partner extends a")
	}
}

// The beam of pairs through the pair kernel keeps exactly the tuples and
// scores, and counts exactly the tuples, of the beam through
// kernel.leaf: 2 to 4 classes, row counts around word boundaries, with and
// without blocks, seeds in a rank order unlike the feature order.
func TestBeamPairsMatchesLeaves(t *testing.T) {
	t.Parallel()
	for _, rows := range []int{20, 64, 65, 300} {
		for classes := 2; classes <= 4; classes++ {
			for _, blocks := range []bool{false, true} {
				const cols = 90
				x, y := randomTable(rows, cols, classes, uint64(rows*10+classes))
				s := newScreener(x, rows, cols, 1, y, classes)
				if blocks {
					s.blocks = make([]int, cols)
					for j := range s.blocks {
						s.blocks[j] = j / 4
					}
				}
				rng := rand.New(rand.NewPCG(uint64(rows), uint64(classes)))
				var seeds []Candidate
				for _, j := range rng.Perm(len(s.active))[:30] {
					seeds = append(seeds, Candidate{Features: []int{s.active[j]}})
				}
				want, got := &topK{k: 50}, &topK{k: 50}
				nWant := s.beamLeaves(2, seeds, want)
				nGot := s.beamPairs(seeds, got)
				if nGot != nWant {
					t.Errorf("rows %d, classes %d, blocks %v: %d tuples scored, want %d", rows, classes, blocks, nGot, nWant)
				}
				w, g := want.sorted(), got.sorted()
				if len(g) != len(w) || len(g) == 0 {
					t.Fatalf("rows %d, classes %d, blocks %v: %d tuples kept, want %d (> 0)", rows, classes, blocks, len(g), len(w))
				}
				for i := range w {
					if !slices.Equal(g[i].Features, w[i].Features) || math.Float64bits(g[i].Score) != math.Float64bits(w[i].Score) {
						t.Fatalf("rows %d, classes %d, blocks %v, rank %d\ngot  %v %.17g\nwant %v %.17g", rows, classes, blocks, i, g[i].Features, g[i].Score, w[i].Features, w[i].Score)
					}
				}
			}
		}
	}
}
