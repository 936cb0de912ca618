// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"
)

// wideParity3 draws rows rows of D fair binary features; the label is the
// xor of three of them, flipped with probability noise, or with three
// classes, 0 where the xor is 0 and 1 + a fourth feature where it is 1.
func wideParity3(rows, D, classes int, noise float64, seed uint64) (x []float64, y []int, target []int) {
	return wideParityK(rows, D, 3, classes, noise, seed)
}

// wideParityK is wideParity3 for an xor of k features.
func wideParityK(rows, D, k, classes int, noise float64, seed uint64) (x []float64, y []int, target []int) {
	return wideParityStream(rows, D, k, classes, noise, seed, 31)
}

// wideParityStream draws the rows of an xor of k features at random
// positions from the generator (seed, stream).
func wideParityStream(rows, D, k, classes int, noise float64, seed, stream uint64) (x []float64, y []int, target []int) {
	rng := rand.New(rand.NewPCG(seed, stream))
	perm := rng.Perm(D)
	target = slices.Sorted(slices.Values(perm[:k]))
	x = make([]float64, rows*D)
	y = make([]int, rows)
	for i := range rows {
		row := x[i*D : (i+1)*D]
		for j := range row {
			row[j] = float64(rng.IntN(2))
		}
		v := 0
		for _, f := range perm[:k] {
			v ^= int(row[f])
		}
		if rng.Float64() < noise {
			v ^= 1
		}
		if classes == 3 && v == 1 {
			v += int(row[perm[k]])
		}
		y[i] = v
	}
	return x, y, target
}

// defaultBudget is Config's default ScreenBudget.
const defaultBudget = 8_000_000

// Beyond the exhaustive triples (C(1200, 3) = 2.9·10⁸ of them here), an
// xor of three features (no signal in any feature or pair) is reached by
// the beam only through a random seed pair, here with chance about
// 0.0007; before the triples' parity search it was not found, and a model
// trained on such a table scored 0.50 on fresh rows. The search finds it,
// clean, under 15 % label noise, with three classes (one class against
// the rest is an xnor) and where features come in blocks.
func TestParityTriplesFindsXorOfThree(t *testing.T) {
	t.Parallel()
	seeds := []uint64{1, 2}
	if testing.Short() {
		seeds = seeds[:1]
	}
	const rows, D = 256, 1200
	for _, c := range []struct {
		name    string
		classes int
		noise   float64
		blocks  bool
		minFind float64 // the least find probability the plan affords
	}{
		{"xor3", 2, 0, false, 0.99},
		{"xor3, 15 % noise", 2, 0.15, false, 0.99},
		{"three classes", 3, 0, false, 0.5},
		{"blocks of two", 2, 0, true, 0.99},
	} {
		for _, seed := range seeds {
			t.Run(fmt.Sprintf("%s/seed=%d", c.name, seed), func(t *testing.T) {
				t.Parallel()
				x, y, target := wideParity3(rows, D, c.classes, c.noise, seed)
				d := Data{X: x, Rows: rows, Features: D, Y: y, Classes: c.classes}
				if c.blocks {
					// Features 2k and 2k+1 form a block; the targets lie in
					// three different ones (seeds chosen so).
					d.Blocks = make([]int, D)
					for j := range D {
						d.Blocks[j] = j / 2
					}
					if target[0]/2 == target[1]/2 || target[1]/2 == target[2]/2 {
						t.Fatalf("targets %v share a block: choose another seed", target)
					}
				}
				top, cov := Screen(d, 3, defaultBudget, 64, false)
				if len(cov.Levels) != 3 || !cov.Levels[1].Exhaustive || cov.Levels[2].Exhaustive {
					t.Fatalf("coverage %v, want the pairs exhaustive and the triples by a beam", cov)
				}
				l := cov.Levels[2]
				if p := l.SilentFindProbability(cov.Features); p > 0.01 {
					t.Fatalf("the beam alone reaches an xor of three with chance %.3g, want a test where it cannot", p)
				}
				if p := l.ParityFindProbability(parityAgreement); l.ParityTables < 1 || p < c.minFind {
					t.Errorf("parity search: %d tables of %d rows, find probability %.4g, want at least %g", l.ParityTables, l.ParityBits, p, c.minFind)
				}
				if len(top) == 0 || !slices.Equal(top[0].Features, target) || !top[0].Evidence {
					t.Fatalf("top tuple %v, want the xor's %v with evidence; coverage %v", top[:min(1, len(top))], target, cov)
				}
				if c.blocks {
					for _, cand := range top {
						for i, f := range cand.Features {
							if slices.ContainsFunc(cand.Features[i+1:], func(g int) bool { return f/2 == g/2 }) {
								t.Errorf("tuple %v holds two features of one block", cand.Features)
							}
						}
					}
				}
			})
		}
	}
}

// With a rule order of 4 or 5 the larger parities are searched the same
// way, split into two parts of ⌊k/2⌋ and ⌈k/2⌉ features: an xor of four
// among 160 features (C(160, 4) = 2.6·10⁷ 4-tuples, beyond the exhaustive
// scan; the beam's chance 0.0015) and of five among 64 (7.6·10⁶
// 5-tuples, chance 0.002), clean and under 15 % label noise. Before, the
// beam alone missed them. (An xor of five under 15 % noise needs the 512
// rows: over 256, 32 cells of 8 rows, its G statistic, about 138, is
// below its BIC price, 31·ln 256 = 172, and no search can give it
// evidence.)
func TestParityDeepFindsXorOfFourAndFive(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		k, D, rows int
		noise      float64
		seed       uint64
	}{
		{4, 160, 256, 0, 1}, {4, 160, 256, 0.15, 2}, {5, 64, 256, 0, 3}, {5, 64, 512, 0.15, 4},
	} {
		t.Run(fmt.Sprintf("xor%d/D=%d/rows=%d/noise=%g", c.k, c.D, c.rows, c.noise), func(t *testing.T) {
			t.Parallel()
			x, y, target := wideParityK(c.rows, c.D, c.k, 2, c.noise, c.seed)
			top, cov := Screen(Data{X: x, Rows: c.rows, Features: c.D, Y: y, Classes: 2}, c.k, defaultBudget, 64, false)
			if len(cov.Levels) != c.k || cov.Levels[c.k-1].Exhaustive {
				t.Fatalf("coverage %v, want the %d-tuples by a beam", cov, c.k)
			}
			l := cov.Levels[c.k-1]
			if p := l.SilentFindProbability(cov.Features); p > 0.01 {
				t.Fatalf("the beam alone reaches an xor of %d with chance %.3g, want a test where it cannot", c.k, p)
			}
			if p := l.ParityFindProbability(parityAgreement); l.ParityTables < 1 || p < 0.99 {
				t.Errorf("parity search: %d tables of %d rows, find probability %.4g, want at least 0.99", l.ParityTables, l.ParityBits, p)
			}
			if len(top) == 0 || !slices.Equal(top[0].Features, target) || !top[0].Evidence {
				t.Fatalf("top tuple %v, want the xor's %v with evidence; coverage %v", top[:min(1, len(top))], target, cov)
			}
			t.Logf("coverage %v", cov)
		})
	}
}

// The tables are cut into chunks spread over GOMAXPROCS goroutines (or
// built side by side), and a tuple can meet in several tables: the
// result, the tuples proposed included, is the same whatever their
// number, every tuple at most once; for triples and 4-tuples.
func TestParityDeepIndependentOfGOMAXPROCS(t *testing.T) {
	for _, c := range []struct{ size, D int }{{3, 1200}, {4, 160}} {
		const rows = 256
		x, y, _ := wideParityK(rows, c.D, c.size, 2, 0.1, 3)
		d := Data{X: x, Rows: rows, Features: c.D, Y: y, Classes: 2}
		var tops [][]Candidate
		var covs []string
		for _, procs := range []int{1, 3} {
			old := runtime.GOMAXPROCS(procs)
			top, cov := Screen(d, c.size, defaultBudget, 64, false)
			runtime.GOMAXPROCS(old)
			for i := range cov.Levels {
				cov.Levels[i].Elapsed = 0
			}
			if cov.Levels[c.size-1].ParityScored == 0 {
				t.Fatalf("size %d: coverage %v, want a parity search", c.size, cov)
			}
			tops, covs = append(tops, top), append(covs, fmt.Sprintf("%+v", cov))
		}
		if !slices.EqualFunc(tops[0], tops[1], func(a, b Candidate) bool {
			return slices.Equal(a.Features, b.Features) && a.Score == b.Score && a.Evidence == b.Evidence
		}) {
			t.Errorf("size %d: GOMAXPROCS 1 and 3 screen different tuples:\n%v\n%v", c.size, tops[0], tops[1])
		}
		if covs[0] != covs[1] {
			t.Errorf("size %d: coverage differs:\n%s\n%s", c.size, covs[0], covs[1])
		}
		seen := map[string]bool{}
		for _, cand := range tops[0] {
			if k := fmt.Sprint(cand.Features); seen[k] {
				t.Errorf("size %d: tuple %v kept twice", c.size, cand.Features)
			} else {
				seen[k] = true
			}
		}
	}
}

// A tuple meets through each of its splits in the same tables; it is
// taken through one, so a table proposes each tuple once: the tuples of
// the table's key equation, counted here by brute force, for triples
// (one feature against a pair) and 4-tuples (a pair against a pair).
func TestParityDeepProposesEachTupleOnce(t *testing.T) {
	t.Parallel()
	// Tables of 6 rows over 300 features propose about 139,000 triples,
	// scored in batches of parityFlush.
	for _, c := range []struct{ size, D, bits int }{{3, 300, 12}, {4, 60, 12}, {3, 300, 6}} {
		t.Run(fmt.Sprintf("size=%d/bits=%d", c.size, c.bits), func(t *testing.T) {
			const rows = 64
			x, y, _ := wideParityK(rows, c.D, c.size, 2, 0.2, 5)
			s := newScreener(x, rows, c.D, 1, y, 2)
			top := topK{k: 1 << 20}
			scored := s.parityDeep(c.size, c.bits, 1, nil, &top)
			rowsOf := make([]int, c.bits)
			s.parityRows(0+(c.size-2)<<30, rowsOf)
			mask := uint32(1)<<c.bits - 1
			ky := s.rowBits(s.classes[1], rowsOf)
			keys := make([]uint32, len(s.cols))
			for _, j := range s.active {
				keys[j] = s.rowBits(s.cols[j], rowsOf)
			}
			var want int64
			var rec func(depth, start int, key uint32)
			rec = func(depth, start int, key uint32) {
				if depth == c.size {
					if canonicalKey(key^ky, mask) == 0 {
						want++
					}
					return
				}
				for p := start; p < len(s.active); p++ {
					rec(depth+1, p+1, key^keys[s.active[p]])
				}
			}
			rec(0, 0, 0)
			if c.bits == 6 && want <= parityFlush {
				t.Fatalf("%d triples meet, want more than parityFlush = %d", want, parityFlush)
			}
			if want == 0 || scored != want || int64(len(top.items)) != want {
				t.Errorf("one table scored %d tuples and kept %d, want the %d that meet, each once", scored, len(top.items), want)
			}
		})
	}
}

func TestParityChunkStart(t *testing.T) {
	for _, nr := range []int{2, 3} {
		for _, D := range []int{0, 1, 5, 16, 17, 1000, 5000} {
			n := parityChunks
			prev := 0
			total := binom(D, nr)
			// parts(i): the right parts whose first feature lies before i.
			parts := func(i int) float64 { return total - binom(D-i, nr) }
			for c := 0; c <= n; c++ {
				i := parityChunkStart(D, nr, c, n)
				if i < prev || i > D {
					t.Fatalf("D=%d, parts of %d: chunk %d starts at %d after %d", D, nr, c, i, prev)
				}
				if c > 0 && D >= 1000 {
					if share := (parts(i) - parts(prev)) / total; share > 1.5/float64(n) {
						t.Errorf("D=%d, parts of %d: chunk %d holds %.3g of the parts, want about 1/%d", D, nr, c-1, share, n)
					}
				}
				prev = i
			}
			if parityChunkStart(D, nr, 0, n) != 0 || parityChunkStart(D, nr, n, n) != D {
				t.Errorf("D=%d, parts of %d: chunks do not cover 0..D", D, nr)
			}
		}
	}
}

// The search is sized within its share of the budget: none where one
// table's pairs alone exceed it, none where the left parts are too many to
// index, none where the tuples are scored exhaustively.
func TestParityDeepPlan(t *testing.T) {
	t.Parallel()
	x, y, _ := wideParity3(128, 4000, 2, 0, 1)
	s := newScreener(x, 128, 4000, 1, y, 2)
	if bits, tables := s.parityDeepPlan(3, defaultBudget*WorkUnit/parityDeepShare); tables < 1 || bits < 13 {
		t.Errorf("4,000 features: %d tables of %d rows, want a search", tables, bits)
	}
	if _, tables := s.parityDeepPlan(3, 1e7); tables != 0 {
		t.Errorf("4,000 features within 10⁷ word operations: %d tables, want none (a table's pairs alone cost more)", tables)
	}
	// 4-tuples over 1,500 features: 1.1 million pairs to index, beyond
	// maxParityLeft.
	wide, wy, _ := wideParityK(64, 1500, 4, 2, 0, 1)
	ws := newScreener(wide, 64, 1500, 1, wy, 2)
	if _, tables := ws.parityDeepPlan(4, defaultBudget*WorkUnit/parityDeepShare); tables != 0 {
		t.Errorf("4-tuples over 1,500 features: %d tables, want none (more left parts than maxParityLeft)", tables)
	}
	small, sy, _ := wideParity3(128, 200, 2, 0, 1)
	ss := newScreener(small, 128, 200, 1, sy, 2)
	for _, p := range ss.plan(3, defaultBudget, 64) {
		if p.parityTabs != 0 {
			t.Errorf("200 features, size %d: %d parity tables, want none where every tuple is scored", p.size, p.parityTabs)
		}
	}
}

// BenchmarkParityDeep times the parity search of the triples and
// 4-tuples alone (no beam seeds) and reports the tuples it proposed and
// scored per second and the right parts (pairs) it looked up per second.
func BenchmarkParityDeep(b *testing.B) {
	for _, c := range []struct{ size, rows, cols int }{{3, 500, 1000}, {3, 500, 3000}, {4, 256, 160}} {
		x, y, _ := wideParityK(c.rows, c.cols, c.size, 2, 0.1, 1)
		s := newScreener(x, c.rows, c.cols, 1, y, 2)
		bits, tables := s.parityDeepPlan(c.size, defaultBudget*WorkUnit/parityDeepShare)
		b.Run(fmt.Sprintf("size=%d/%dx%d/tables=%d,bits=%d", c.size, c.rows, c.cols, tables, bits), func(b *testing.B) {
			var tuples, runs int64
			for b.Loop() {
				tuples += s.parityDeep(c.size, bits, tables, nil, &topK{k: 256})
				runs++
			}
			_, nr := paritySplit(c.size)
			b.ReportMetric(float64(tuples)/b.Elapsed().Seconds(), "tuples/s")
			b.ReportMetric(float64(runs*int64(tables))*binom(len(s.active), nr)/b.Elapsed().Seconds(), "parts/s")
		})
	}
}

// The parity search stops within milliseconds of a cancellation, between
// two first features of its right parts: 10,000 tables over 3,000
// features would take over a minute.
func TestParityDeepCanceled(t *testing.T) {
	t.Parallel()
	x, y, _ := wideParity3(500, 3000, 2, 0, 1)
	s := newScreener(x, 500, 3000, 1, y, 2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.ctx = ctx
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	s.parityDeep(3, 19, 10_000, nil, &topK{k: 256})
	if elapsed := time.Since(start); elapsed > 550*time.Millisecond {
		t.Errorf("parityDeep returned %v after the call, want within 500 ms of the cancellation at 50 ms", elapsed)
	}
}

// The heap the parity search of 4-tuples adds stays within ParityMemory:
// over 1,200 features, 719,400 pairs to index a table.
func TestParityMemoryBoundsTheHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("samples the heap for a second")
	}
	const rows, D = 128, 1200
	x, y, _ := wideParityK(rows, D, 4, 2, 0, 1)
	s := newScreener(x, rows, D, 1, y, 2)
	bits, tables := s.parityDeepPlan(4, defaultBudget*WorkUnit/parityDeepShare)
	if tables < 2 {
		t.Fatalf("plan: %d tables of %d rows, want a search", tables, bits)
	}
	// ParityMemory bounds what the search holds, and HeapAlloc counts
	// garbage not yet collected too: at the default GOGC 100 that added
	// up to 60 % (131–165 MB, once 224 MB on a loaded machine, against
	// 90–111 MB at GOGC 10). A collection at every tenth of the live heap
	// keeps the sample near what is held.
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	s.parityDeep(4, bits, min(tables, 8), nil, &topK{k: 256})
	close(stop)
	<-sampled
	grew := float64(peak) - float64(base.HeapAlloc)
	bound := ParityMemory(D, 4, runtime.GOMAXPROCS(0))
	t.Logf("heap grew by %.0f MB during 8 tables; ParityMemory %.0f MB", grew/1e6, bound/1e6)
	if grew > bound {
		t.Errorf("the heap grew by %.0f bytes, over ParityMemory's %.0f", grew, bound)
	}
}

// On sparse features (words of a text: each 1 in about 5 % of the rows,
// the label 1 in 5 %) most features are 0 on most of a table's rows, and
// their keys crowd onto a few values below the crowded-key bound: sized
// as if keys were even, the triples' tables proposed about as many
// triples as the exhaustive scan holds (171 million of 1,000 word flags
// over 1,554 rows took 74 s), to find xors that no sparse table holds.
// The first table now measures its meetings and the tables are cut to
// twice the search's budget (parityDeepMeasured; here 170 → 46 tables,
// 4.9 million triples); the log's chance counts the tables run.
func TestParityDeepBoundedOnSparseFeatures(t *testing.T) {
	t.Parallel()
	const rows, D = 600, 500
	rng := rand.New(rand.NewPCG(5, 5))
	x := make([]float64, rows*D)
	for i := range x {
		if rng.Float64() < 0.05 {
			x[i] = 1
		}
	}
	y := make([]int, rows)
	for i := range y {
		if rng.Float64() < 0.05 {
			y[i] = 1
		}
	}
	d := Data{X: x, Rows: rows, Features: D, Y: y, Classes: 2}
	s := screenerOf(d)
	var plan levelPlan
	for _, p := range s.plan(3, defaultBudget, 64) {
		if p.size == 3 {
			plan = p
		}
	}
	if plan.exhaustive || plan.parityTabs < 2 {
		t.Fatalf("plan of the triples %+v, want a beam and a parity search of several tables", plan)
	}
	cut := s.parityDeepMeasured(3, plan.parityBits, plan.parityTabs, plan.parityWork)
	if cut < 1 || cut >= plan.parityTabs {
		t.Errorf("the first table's meetings left %d of the plan's %d tables, want fewer, at least one", cut, plan.parityTabs)
	}
	_, cov := Screen(d, 3, defaultBudget, 64, false)
	l := cov.Levels[2]
	if l.ParityTables != cut {
		t.Errorf("coverage states %d parity tables, want the %d run", l.ParityTables, cut)
	}
	if work := float64(l.ParityScored) * parityTupleCost * s.tupleCost(3); work > 2*plan.parityWork {
		t.Errorf("the parity search proposed %d triples, %.3g word operations to score, want at most twice its budget, %.3g", l.ParityScored, work, 2*plan.parityWork)
	}
}
