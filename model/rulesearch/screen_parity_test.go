// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// wideParity draws rows rows of D fair binary features; the label is the
// xor of features a and b, each flipped with probability noise, or with
// three classes, 0 where the xor is 0 and 1 + feature c where it is 1.
func wideParity(rows, D int, classes int, noise float64, seed uint64) (x []float64, y []int, target []int) {
	return wideParityStream(rows, D, 2, classes, noise, seed, 29)
}

// parityBudget makes the pairs of 20,000 features over 256 rows a beam of
// about 530 seeds (each of the beam's pairs costs 16 word operations:
// 2·10⁸ pairs would need 3.2·10⁶ units), within which the parity search
// affords 164 tables of 16 rows with two classes (chance 0.985 over the
// 256 rows, drawn without replacement; chance 0.99 would take about 200),
// and 46 tables a class with three (0.69).
const parityBudget = 170_000

// Beyond the exhaustive pairs, an xor (no signal in either feature) is
// reached by the beam only through a random seed, here with chance about
// 0.09; the parity search finds it, clean or under 15 % label noise, and
// with three classes (one class against the rest is an xnor).
func TestParitySearchFindsXorBeyondTheBeam(t *testing.T) {
	t.Parallel()
	seeds := []uint64{1, 2}
	if testing.Short() {
		seeds = seeds[:1]
	}
	const rows, D = 256, 20_000
	for _, c := range []struct {
		name    string
		classes int
		noise   float64
		// The least find probability the budget affords, over the 256
		// rows drawn without replacement: the tables are sized for
		// parityTarget as if drawn with replacement (0.99, 0.73).
		minFind float64
	}{
		{"xor", 2, 0, 0.98},
		{"xor, 15 % noise", 2, 0.15, 0.98},
		{"three classes", 3, 0, 0.65},
	} {
		for _, seed := range seeds {
			t.Run(fmt.Sprintf("%s/seed=%d", c.name, seed), func(t *testing.T) {
				t.Parallel()
				x, y, target := wideParity(rows, D, c.classes, c.noise, seed)
				top, cov := Screen(Data{X: x, Rows: rows, Features: D, Y: y, Classes: c.classes}, 2, parityBudget, 64, false)
				if len(cov.Levels) != 2 || cov.Levels[1].Exhaustive {
					t.Fatalf("coverage %v, want the pairs by a beam", cov)
				}
				l := cov.Levels[1]
				if p := l.SilentFindProbability(cov.Features); p > 0.1 {
					t.Fatalf("the beam alone reaches an xor with chance %.3g, want a test where it mostly cannot", p)
				}
				if p := l.ParityFindProbability(parityAgreement); p < c.minFind {
					t.Errorf("parity search: %d tables of %d rows, find probability %.4g, want at least %g", l.ParityTables, l.ParityBits, p, c.minFind)
				}
				if len(top) == 0 || !slices.Equal(top[0].Features, target) || !top[0].Evidence {
					t.Fatalf("top tuple %v, want the xor's %v with evidence; coverage %v", top[:min(1, len(top))], target, cov)
				}
			})
		}
	}
}

// The parity search spreads its tables over GOMAXPROCS goroutines, and
// several tables propose one pair: the result is the same whatever their
// number, every tuple at most once.
func TestParitySearchIndependentOfGOMAXPROCS(t *testing.T) {
	const rows, D = 256, 20_000
	x, y, _ := wideParity(rows, D, 2, 0.1, 3)
	d := Data{X: x, Rows: rows, Features: D, Y: y, Classes: 2}
	var tops [][]Candidate
	var covs []Coverage
	for _, procs := range []int{1, 3} {
		old := runtime.GOMAXPROCS(procs)
		top, cov := Screen(d, 2, parityBudget, 64, false)
		runtime.GOMAXPROCS(old)
		for i := range cov.Levels {
			cov.Levels[i].Elapsed = 0
		}
		tops, covs = append(tops, top), append(covs, cov)
	}
	if !slices.EqualFunc(tops[0], tops[1], func(a, b Candidate) bool {
		return slices.Equal(a.Features, b.Features) && a.Score == b.Score && a.Evidence == b.Evidence
	}) {
		t.Errorf("GOMAXPROCS 1 and 3 screen different tuples:\n%v\n%v", tops[0], tops[1])
	}
	if fmt.Sprint(covs[0]) != fmt.Sprint(covs[1]) {
		t.Errorf("coverage differs:\n%+v\n%+v", covs[0], covs[1])
	}
	seen := map[string]bool{}
	for _, c := range tops[0] {
		if k := fmt.Sprint(c.Features); seen[k] {
			t.Errorf("tuple %v kept twice", c.Features)
		} else {
			seen[k] = true
		}
	}
}

// Features nearly constant on the rows (rare variants) share one key in
// every table; with a rare class the label's xor with them does too. The
// search passes over such crowded keys, so it proposes a small share of
// the pairs rather than nearly all of them.
func TestParitySearchBoundedOnRareFeatures(t *testing.T) {
	t.Parallel()
	const rows, D = 256, 20_000
	rng := rand.New(rand.NewPCG(4, 4))
	x := make([]float64, rows*D)
	for j := range D {
		for range 1 + rng.IntN(3) {
			x[rng.IntN(rows)*D+j] = 1
		}
	}
	y := make([]int, rows)
	for i := range rows / 10 {
		y[i*10] = 1
	}
	_, cov := Screen(Data{X: x, Rows: rows, Features: D, Y: y, Classes: 2}, 2, parityBudget, 64, false)
	if len(cov.Levels) != 2 || cov.Levels[1].ParityTables == 0 {
		t.Fatalf("coverage %v, want a parity search", cov)
	}
	l := cov.Levels[1]
	if share := float64(l.ParityScored) / l.Total; share > 0.01 {
		t.Errorf("the parity search proposed %d of %.3g pairs (%.3g), want at most 1 %%", l.ParityScored, l.Total, share)
	}
}

func TestParityFindProbability(t *testing.T) {
	for _, c := range []struct {
		tables, bits int
		agreement    float64
		want         float64
	}{
		{0, 16, 0.8, 0},
		{5, 0, 0.8, 0},
		{1, 1, 0.8, 0.8},
		{2, 2, 0.8, 1 - 0.36*0.36},
		{162, 16, 0.8, 1 - math.Pow(1-math.Pow(0.8, 16), 162)},
		{10, 4, 1, 1},
	} {
		l := LevelCoverage{ParityTables: c.tables, ParityBits: c.bits}
		if got := l.ParityFindProbability(c.agreement); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%d tables of %d rows, agreement %g: got %.15g, want %.15g", c.tables, c.bits, c.agreement, got, c.want)
		}
	}
}

// BenchmarkParitySearch times the parity search of the pairs alone (no
// beam seeds) over a wide table and reports the pairs it proposed and
// scored per second and the tables per second.
func BenchmarkParitySearch(b *testing.B) {
	for _, size := range []struct{ rows, cols int }{{300, 50_000}} {
		x, y, _ := wideParity(size.rows, size.cols, 2, 0.1, 1)
		s := newScreener(x, size.rows, size.cols, 1, y, 2)
		bits, tables := s.parityPlan(8_000_000 * WorkUnit)
		b.Run(fmt.Sprintf("%dx%d/tables=%d,bits=%d", size.rows, size.cols, tables, bits), func(b *testing.B) {
			var pairs, runs int64
			for b.Loop() {
				pairs += s.parityPairs(bits, tables, nil, &topK{k: 256})
				runs++
			}
			b.ReportMetric(float64(pairs)/b.Elapsed().Seconds(), "pairs/s")
			b.ReportMetric(float64(runs*int64(tables))/b.Elapsed().Seconds(), "tables/s")
		})
	}
}

// The find probability the log states is a lower bound over the rows
// there are: a table's rows are drawn without replacement, so a table of
// 17 rows out of 20 never finds a pair agreeing with the label on 16 of
// them (80 %), and over 300 rows its chance is below 0.8^17. Before, the
// log stated 1 − (1 − 0.8^17)^T, "at least" 0.99 where the truth was 0.
func TestParityFindProbabilityCountsTheRows(t *testing.T) {
	t.Parallel()
	const rows, D = 20, 40_000
	rng := rand.New(rand.NewPCG(7, 7))
	x := make([]float64, rows*D)
	for i := range x {
		x[i] = float64(rng.IntN(2))
	}
	// y is the xor of features 0 and 1 but on 4 of the 20 rows.
	y := make([]int, rows)
	for i := range rows {
		y[i] = int(x[i*D]) ^ int(x[i*D+1])
		if i < 4 {
			y[i] ^= 1
		}
	}
	_, cov := Screen(Data{X: x, Rows: rows, Features: D, Y: y, Classes: 2}, 2, 50_000, 64, false)
	if len(cov.Levels) != 2 || cov.Levels[1].ParityTables == 0 {
		t.Fatalf("coverage %v, want a parity search", cov)
	}
	l := cov.Levels[1]
	if l.ParityBits <= 16 || l.ParityRows != rows {
		t.Fatalf("%d tables of %d rows of %d: want tables of more than the 16 agreeing rows of %d", l.ParityTables, l.ParityBits, l.ParityRows, rows)
	}
	if p := l.ParityFindProbability(0.8); p != 0 {
		t.Errorf("%d tables of %d rows of %d: find probability %.3g at agreement 0.8, want 0 (no table's rows all agree)", l.ParityTables, l.ParityBits, rows, p)
	}
	if p := l.ParityFindProbability(1); p != 1 {
		t.Errorf("find probability %.3g at agreement 1, want 1", p)
	}
	// 203 tables of 17 rows of 300: the product over the rows drawn.
	big := LevelCoverage{ParityTables: 203, ParityBits: 17, ParityRows: 300}
	hit := 1.0
	for i := range 17 {
		hit *= float64(240-i) / float64(300-i)
	}
	want := 1 - math.Pow(1-hit, 203)
	if got := big.ParityFindProbability(0.8); math.Abs(got-want) > 1e-12 || got >= parityTarget {
		t.Errorf("203 tables of 17 rows of 300: got %.15g, want %.15g (below the %g of rows drawn with replacement)", got, want, parityTarget)
	}
}

// Where a table samples every row (ParityBits = rows: fewer rows than
// ⌈log₂ D⌉ + 1), all tables pair the same features; the plan runs one,
// which keeps what many would. Before, 162 identical tables over 16 rows
// scored the same pairs 162 times.
func TestParitySearchOneTableOfEveryRow(t *testing.T) {
	t.Parallel()
	const rows, D = 16, 40_000
	x, y, _ := wideParity(rows, D, 2, 0, 9)
	s := newScreener(x, rows, D, 1, y, 2)
	bits, tables := s.parityPlan(8_000_000 * WorkUnit)
	if bits != rows || tables != 1 {
		t.Fatalf("plan: %d tables of %d rows of %d, want one table of every row", tables, bits, rows)
	}
	var tops [2]topK
	var scored [2]int64
	for k, n := range []int{1, 12} {
		tops[k] = topK{k: 256}
		scored[k] = s.parityPairs(bits, n, nil, &tops[k])
	}
	if len(tops[0].items) == 0 || scored[1] != 12*scored[0] {
		t.Fatalf("pairs proposed by 1 and 12 tables: %v, want some, 12 times as many", scored)
	}
	if a, b := tops[0].sorted(), tops[1].sorted(); !slices.EqualFunc(a, b, func(p, q Candidate) bool {
		return slices.Equal(p.Features, q.Features) && p.Score == q.Score
	}) {
		t.Errorf("one table and 12 keep different pairs:\n%v\n%v", a, b)
	}
}
