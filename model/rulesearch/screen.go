// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// Candidate is one screened feature tuple and its evidence score.
type Candidate struct {
	Features []int   // ascending feature indices
	Score    float64 // G statistic minus its BIC penalty; see Screen
	// Evidence says that the tuple's dependence with the label survives
	// the multiplicity of its size: it passes the Benjamini–Hochberg test
	// at EvidenceFDR among the tuples of its size (with the extended BIC:
	// Score > 0). Only such tuples get rule slots or wait in the pool.
	Evidence bool
	// Extension is, for a single feature, the best pair that contains it
	// and was dropped only for scoring too little above it, though the
	// added feature splits one of the single's value cells with evidence
	// (see screener.extends); nil if none. A table whose only strong tuple is
	// this single gives its slots to the extension (see NewTable).
	Extension []int
	// Partner is, for the single feature that leads the screened list
	// (the first candidate with evidence and a positive score, where that
	// is a single), the pair among those screening dropped for it (scored
	// too little above it) whose value cells' majority classes leave the
	// fewest training rows wrong, where the best-scoring of those pairs
	// leaves fewer than the single's own two cells do (see
	// screener.partner); nil otherwise. A table whose only strong tuple is
	// this single gives its slots to the Partner, and otherwise, where its
	// strong tuples are all single features, the strongest one's slots to
	// its Extension (Config.ExtensionTest: to the Extension only).
	Partner []int
	// Chosen marks a tuple that Choose gave rule slots for what it adds
	// to the tuples chosen before it. Where any candidate is Chosen,
	// NewTable's strong tuples are exactly those, in their order (no
	// cutoff, nesting or Extension rule; MainEffects still appends its
	// singles).
	Chosen bool
	// Fallback marks the best pair of a table where no tuple has
	// evidence, given the slots that random tuples would take (Chosen,
	// without Evidence; see Config.PairFallback).
	Fallback bool
}

// EvidenceFDR is the false discovery rate at which screening admits tuples
// as evidence (Candidate.Evidence): the conventional 5 %.
const EvidenceFDR = 0.05

// Data is a binary training table for screening.
type Data struct {
	// X holds Rows × Features values, row-major; a value equal to the
	// largest value of X is "on", any other "off".
	X              []float64
	Rows, Features int
	// Y holds each row's class in 0..Classes-1.
	Y       []int
	Classes int
	// Blocks[j] is the input column feature j was encoded from (its
	// one-hot block); nil means every feature is its own block.
	Blocks []int
}

// Screen scores every tuple of 1..maxSize features of d (exhaustively
// while the work of a size fits budget, in WorkUnits, else by a beam that
// extends the best tuples of the size below) and returns the best keep of
// them, best first, leaving out tuples that score no better than one of
// their sub-tuples, and what it covered. See the package documentation
// for the score. Screen returns nil for an empty or label-free table, and
// for arguments it cannot screen: lengths that do not match, more than
// MaxClasses classes, a label outside 0..Classes-1, a maxSize or keep
// below 1.
func Screen(d Data, maxSize, budget, keep int, extendedBIC bool) ([]Candidate, Coverage) {
	cs, cov, _ := ScreenContext(context.Background(), d, maxSize, budget, keep, extendedBIC) // never canceled
	return cs, cov
}

// ScreenContext is Screen, stopped by ctx: the goroutines that score
// tuples look at it between work items (a first feature, a seed of the
// beam, a prefix), so screening returns within milliseconds of its
// cancellation, with nil candidates, the coverage of the sizes it
// finished and an error wrapping ctx.Err(). Uncanceled, it returns what
// Screen does, bit for bit. A nil ctx is an ErrConfig error.
func ScreenContext(ctx context.Context, d Data, maxSize, budget, keep int, extendedBIC bool) ([]Candidate, Coverage, error) {
	if ctx == nil {
		return nil, Coverage{}, fmt.Errorf("%w: ScreenContext: nil context.Context (use context.Background())", ErrConfig)
	}
	if err := ctx.Err(); err != nil {
		return nil, Coverage{}, fmt.Errorf("rulesearch: screening canceled: %w", err)
	}
	s := screenerOf(d)
	if s == nil || keep < 1 || maxSize < 1 {
		return nil, Coverage{}, nil
	}
	s.extendedBIC = extendedBIC
	s.ctx = ctx
	cs, cov := s.screen(maxSize, budget, keep)
	if err := ctx.Err(); err != nil {
		return nil, cov, fmt.Errorf("rulesearch: screening canceled: %w", err)
	}
	return cs, cov, nil
}

// screenerOf indexes d for scoring, its features binarised at the table's
// largest value; nil for data that cannot be screened (see Screen).
func screenerOf(d Data) *screener {
	if !d.screenable() {
		return nil
	}
	s := newScreener(d.X, d.Rows, d.Features, d.high(), d.Y, d.Classes)
	s.blocks = d.Blocks
	return s
}

// screenable reports whether Screen can screen d: shapes that match, at
// least one row, feature and class, at most MaxClasses classes, labels
// within the classes.
func (d Data) screenable() bool {
	return d.Rows >= 1 && d.Features >= 1 && d.Classes >= 1 && d.Classes <= MaxClasses && len(d.X) == d.Rows*d.Features && len(d.Y) == d.Rows &&
		(d.Blocks == nil || len(d.Blocks) == d.Features) &&
		!slices.ContainsFunc(d.Y, func(c int) bool { return c < 0 || c >= d.Classes })
}

// high returns the largest value of d.X: the "on" value of every feature
// (d screenable).
func (d Data) high() float64 {
	high := d.X[0]
	for _, v := range d.X {
		high = max(high, v)
	}
	return high
}

// RankSingles returns the features of d that screening would score
// (not constant on d's rows, not equal to or the complement of an
// earlier feature), best first by the G statistic of the label against
// the feature's two value cells, ties by index: the order in which
// NewTable gives single-feature tuples (Config.Singles). nil for data
// Screen would refuse.
func RankSingles(d Data) []int {
	s := screenerOf(d)
	if s == nil {
		return nil
	}
	return s.rankByG(s.active)
}

// uncovered returns the features screening would score (s.active) that
// no tuple of covered holds, ascending.
func (s *screener) uncovered(covered [][]int) []int {
	return slices.DeleteFunc(slices.Clone(s.active), func(j int) bool {
		return slices.ContainsFunc(covered, func(t []int) bool { return slices.Contains(t, j) })
	})
}

// rankByG returns a copy of features, best first by the G statistic of
// the label against each feature's two value cells, ties in the order
// given.
func (s *screener) rankByG(features []int) []int {
	g := make([]float64, len(s.cols))
	for _, j := range features {
		g[j], _ = s.gStat([]int{j})
	}
	ranked := slices.Clone(features)
	slices.SortStableFunc(ranked, func(a, b int) int { return cmp.Compare(g[b], g[a]) })
	return ranked
}

// screener scores feature tuples of a binary table by how much the label
// depends on the tuple's value cells. Rows are held as bitsets, so scoring
// a pair on 128 rows costs a handful of AND and popcount instructions.
type screener struct {
	rows, words int
	cols        [][]uint64 // cols[j]: rows where feature j is "on"
	classes     [][]uint64 // classes[c]: rows of class c
	classCount  []int
	all         []uint64
	logN        float64
	nlogn       []float64 // nlogn[k] = k·ln k, so scoring needs no logarithm
	classTerm   float64   // Σ_c n_c·ln n_c − N·ln N
	extendedBIC bool      // charge each tuple its selectionCost

	// colCount[j] = |a_j|; colClass[j*(C-1)+c] = |a_j ∧ y_c| for the
	// classes but the last.
	colCount []int
	colClass []int
	// active lists the features not skipped, ascending.
	active []int

	cells [][]uint64 // scratch: one bitset per depth of the cell recursion
	// blocks[j] is the input column feature j was encoded from; features
	// of one block (a one-hot block) are never screened together. nil: no
	// blocks.
	blocks []int
	// skip[j] marks a feature that is constant on the training rows or
	// equal to, or the complement of, an earlier feature (the two one-hot
	// columns of a yes/no variable): it would only make twin tuples.
	skip []bool
	// ctx stops screen (see ScreenContext); nil: never stopped.
	ctx context.Context
}

// canceled reports whether s.ctx is done.
func (s *screener) canceled() bool { return s.ctx != nil && s.ctx.Err() != nil }

// newScreener binarises x (rows × cols, row-major) with on := value == high
// and indexes it for scoring.
func newScreener(x []float64, rows, cols int, high float64, y []int, classes int) *screener {
	w := (rows + 63) / 64
	s := &screener{rows: rows, words: w, logN: math.Log(float64(rows))}
	s.cols = make([][]uint64, cols)
	backing := make([]uint64, cols*w)
	for j := range cols {
		s.cols[j] = backing[j*w : (j+1)*w]
	}
	for i := range rows {
		row := x[i*cols : (i+1)*cols]
		for j, v := range row {
			if v == high {
				s.cols[j][i/64] |= 1 << (i % 64)
			}
		}
	}
	s.classes = make([][]uint64, classes)
	s.classCount = make([]int, classes)
	for c := range classes {
		s.classes[c] = make([]uint64, w)
	}
	for i, c := range y {
		s.classes[c][i/64] |= 1 << (i % 64)
		s.classCount[c]++
	}
	s.all = make([]uint64, w)
	for i := range rows {
		s.all[i/64] |= 1 << (i % 64)
	}
	s.nlogn = make([]float64, rows+1)
	for k := 2; k <= rows; k++ {
		s.nlogn[k] = float64(k) * math.Log(float64(k))
	}
	for _, n := range s.classCount {
		s.classTerm += s.nlogn[n]
	}
	s.classTerm -= s.nlogn[rows]
	s.skip = make([]bool, cols)
	seen := map[string]bool{}
	key := make([]byte, 8*w)
	comp := make([]uint64, w)
	for j, col := range s.cols {
		for i := range comp {
			comp[i] = s.all[i] &^ col[i]
		}
		k1, k2 := bitsKey(key, col), bitsKey(key, comp)
		constant := slices.Equal(col, s.all) || !slices.ContainsFunc(col, func(v uint64) bool { return v != 0 })
		if constant || seen[k1] || seen[k2] {
			s.skip[j] = true
			continue
		}
		seen[k1] = true
		s.active = append(s.active, j)
	}
	cc := classes - 1
	s.colCount = make([]int, cols)
	s.colClass = make([]int, cols*cc)
	for j, col := range s.cols {
		s.colCount[j] = countAnd(col, s.all)
		for c := range cc {
			s.colClass[j*cc+c] = countAnd(col, s.classes[c])
		}
	}
	return s
}

func bitsKey(buf []byte, b []uint64) string {
	for i, v := range b {
		for k := range 8 {
			buf[8*i+k] = byte(v >> (8 * k))
		}
	}
	return string(buf)
}

// score returns the G statistic of label × cells minus a BIC penalty,
// G − df·ln N with df = (non-empty cells − 1)(classes − 1). The penalty
// makes a tuple win over its own sub-tuples only when the extra feature
// adds real evidence: the not gate's single feature outranks every pair
// that contains it, while xor's pair outranks both of its (useless)
// single features. With f(n) = n·ln n,
//
//	G = 2·( Σ_cell,class f(n_cell,class) − Σ_cell f(n_cell) − Σ_class f(n_class) + f(N) ),
//
// read from a table of f, so scoring takes no logarithm.
func (s *screener) score(tuple []int) float64 {
	g, cells := s.gStat(tuple)
	return g - float64((cells-1)*(len(s.classes)-1))*s.logN
}

// gStat returns the G statistic of label × the value cells of tuple and
// the number of non-empty cells.
func (s *screener) gStat(tuple []int) (g float64, cells int) {
	if len(s.cells) < len(tuple)+1 {
		s.cells = make([][]uint64, len(tuple)+1)
		for i := range s.cells {
			s.cells[i] = make([]uint64, s.words)
		}
	}
	copy(s.cells[0], s.all)
	var sum float64
	nonEmpty := 0
	var walk func(depth int)
	walk = func(depth int) {
		cell := s.cells[depth]
		if depth == len(tuple) {
			n := 0
			for _, v := range cell {
				n += bits.OnesCount64(v)
			}
			nonEmpty++
			sum -= s.nlogn[n]
			rest := n
			for c, cls := range s.classes {
				if c == len(s.classes)-1 {
					sum += s.nlogn[rest]
					break
				}
				k := 0
				for i, v := range cell {
					k += bits.OnesCount64(v & cls[i])
				}
				sum += s.nlogn[k]
				rest -= k
			}
			return
		}
		col := s.cols[tuple[depth]]
		next := s.cells[depth+1]
		var on, off uint64
		for i := range next {
			next[i] = cell[i] & col[i]
			on |= next[i]
		}
		if on != 0 {
			walk(depth + 1)
		}
		for i := range next {
			next[i] = cell[i] &^ col[i]
			off |= next[i]
		}
		if off != 0 {
			walk(depth + 1)
		}
	}
	walk(0)
	return 2 * (sum - s.classTerm), nonEmpty
}

// pValue returns the p-value of tuple's G statistic against the
// chi-squared distribution with df = (non-empty cells − 1)(classes − 1)
// degrees of freedom, the test of independence of label and cells.
func (s *screener) pValue(tuple []int) float64 {
	g, cells := s.gStat(tuple)
	df := float64((cells - 1) * (len(s.classes) - 1))
	if df <= 0 {
		return 1
	}
	return distuv.ChiSquared{K: df}.Survival(g)
}

// markEvidence sets Evidence on the candidates cs: with the extended BIC,
// a positive score; otherwise the Benjamini–Hochberg step-up test at
// EvidenceFDR within each tuple size k, over the m = C(D, k) tuples of
// that size (D active features): the i-th smallest p-value among the
// candidates of size k passes when some j ≥ i has p_(j) ≤ j·q/m. The
// candidates are the best tuples by score, so their ranks are the ranks
// among all tuples of the size up to the few that differ in degrees of
// freedom or were dropped as dominated (which only makes the test
// stricter). Unlike the extended BIC's fixed price of 2·ln C(D, k), the
// threshold adapts to how many tuples carry signal: with one real tuple
// among D noise features it is close to a Bonferroni correction, with
// many weak single effects (spect_train) it admits them.
func (s *screener) markEvidence(cs []Candidate) {
	if s.extendedBIC {
		for i := range cs {
			cs[i].Evidence = cs[i].Score > 0
		}
		return
	}
	bySize := map[int][]int{}
	for i, c := range cs {
		bySize[len(c.Features)] = append(bySize[len(c.Features)], i)
	}
	p := make([]float64, len(cs))
	for i, c := range cs {
		p[i] = s.pValue(c.Features)
	}
	for k, idx := range bySize {
		sort.SliceStable(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
		m := binom(len(s.active), k)
		last := -1
		for r, i := range idx {
			if p[i] <= float64(r+1)*EvidenceFDR/m {
				last = r
			}
		}
		for r, i := range idx {
			cs[i].Evidence = r <= last
		}
	}
}

// dominated reports whether a proper, non-empty sub-tuple s of t scores at
// least as well as t. With the extended BIC the scores carry their
// selection costs already; otherwise t must beat s by 2·ln C(D−|s|, |t|−|s|)
// more, the price of choosing the features it adds among the D−|s| others
// (the extended BIC's charge for the added features only): without it, a
// target pair plus one of D noise features beats the pair whenever the
// best of D chance gains passes the BIC penalty of one more feature, which
// label noise makes likely.
func (s *screener) dominated(t Candidate) bool { return s.dominatedBy(t) != nil }

// dominatedBy returns the first proper sub-tuple of t that dominates it
// (see dominated), or nil.
func (s *screener) dominatedBy(t Candidate) []int {
	n := len(t.Features)
	sub := make([]int, 0, n)
	for mask := 1; mask < 1<<n-1; mask++ {
		sub = sub[:0]
		for i, f := range t.Features {
			if mask&(1<<i) != 0 {
				sub = append(sub, f)
			}
		}
		added := 0.0
		if !s.extendedBIC {
			added = 2 * lnBinom(len(s.active)-len(sub), n-len(sub))
		}
		if s.score(sub)-s.selectionCost(len(sub))+added >= t.Score {
			return slices.Clone(sub)
		}
	}
	return nil
}

// partner returns, among pairs (pairs of the single feature a, best
// score first), the one whose four value cells' majority classes leave
// the fewest training rows wrong (cellsWrong), where that is fewer than
// a's own two cells leave: the pair that changes the most of a's
// predictions for the better. Ties go to the earlier pair. nil where no
// pair makes fewer errors than a, and where the best-scoring pair makes
// none fewer: its large score is then the single's, and a partner chosen
// further down the list by its errors alone is as likely chance as not
// (session 34's variant H, see the package documentation).
func (s *screener) partner(a int, pairs [][]int) []int {
	cell := make([]uint64, s.words)
	counts := make([]int, len(s.classes))
	fewest := s.cellsWrong(a, -1, cell, counts)
	var best []int
	first := true
	for _, t := range pairs {
		_, b, ok := pairParts(t, []int{a})
		if !ok || !slices.Contains(t, a) {
			continue
		}
		e := s.cellsWrong(a, b, cell, counts)
		if first && e >= fewest {
			return nil // the best-scoring pair corrects none of a's rows
		}
		first = false
		if e < fewest {
			fewest, best = e, t
		}
	}
	return best
}

// pairCell sets cell to the rows where feature a is aOn and, for b >= 0,
// feature b is bOn, and returns their count.
func (s *screener) pairCell(cell []uint64, a int, aOn bool, b int, bOn bool) int {
	m := 0
	for i := range cell {
		c := s.all[i]
		if aOn {
			c &= s.cols[a][i]
		} else {
			c &^= s.cols[a][i]
		}
		if b >= 0 {
			if bOn {
				c &= s.cols[b][i]
			} else {
				c &^= s.cols[b][i]
			}
		}
		cell[i] = c
		m += bits.OnesCount64(c)
	}
	return m
}

// cellsWrong returns the rows that the majority classes of the value
// cells of feature a, split by feature b where b >= 0, leave wrong (the
// rows outside each cell's largest class), under the labels in s.classes.
// cell and counts are scratch of s.words and len(s.classes) entries.
func (s *screener) cellsWrong(a, b int, cell []uint64, counts []int) int {
	e := 0
	for _, aOn := range []bool{false, true} {
		for _, bOn := range []bool{false, true} {
			if b < 0 && bOn {
				continue
			}
			if m := s.pairCell(cell, a, aOn, b, bOn); m > 0 {
				s.classCounts(cell, m, counts)
				e += m - slices.Max(counts)
			}
		}
	}
	return e
}

// pairParts returns the single feature sub of the pair t and the pair's
// other feature; ok is false unless t is a pair and sub a single.
func pairParts(t, sub []int) (single, other int, ok bool) {
	if len(t) != 2 || len(sub) != 1 {
		return 0, 0, false
	}
	single, other = sub[0], t[0]
	if other == single {
		other = t[1]
	}
	return single, other, true
}

// classCounts sets counts[c] to the rows of class c among the m rows of
// the bitset cell (the last class by subtraction).
func (s *screener) classCounts(cell []uint64, m int, counts []int) {
	rest := m
	for c, cls := range s.classes {
		k := rest
		if c < len(s.classes)-1 {
			k = 0
			for i, v := range cell {
				k += bits.OnesCount64(v & cls[i])
			}
		}
		counts[c] = k
		rest -= k
	}
}

// extends reports whether the pair t, dominated by its single feature
// sub, still adds evidence to it: whether the pair's other feature splits
// one of sub's two value cells. Each cell's split is a G test on (classes
// − 1) degrees of freedom (within the cell, the other feature's two values
// against the label); the best cell's p-value, times the number of cells
// tested and the D − 1 features that could have been added, must pass
// EvidenceFDR. The G statistics of the two cells sum to the pair's
// likelihood-ratio test against the single; testing the best cell alone
// has more power where the partner matters in one cell only, which is what
// an and or an or gate with one strong feature looks like (20 % label
// noise, seed 202: 24 fits of 350 below 0.97 with the summed test, 22 with
// this one; model/rulesearch doc, session 11).
func (s *screener) extends(t, sub []int) bool {
	a, b, ok := pairParts(t, sub)
	if !ok {
		return false
	}
	stratum, cell := make([]uint64, s.words), make([]uint64, s.words)
	counts := make([]int, len(s.classes))
	best, tested := 1.0, 0
	for _, aOn := range []bool{true, false} {
		for i := range stratum {
			if aOn {
				stratum[i] = s.all[i] & s.cols[a][i]
			} else {
				stratum[i] = s.all[i] &^ s.cols[a][i]
			}
		}
		g, parts, n := 0.0, 0, 0
		byClass := make([]int, len(s.classes))
		for _, bOn := range []bool{true, false} {
			for i := range cell {
				if bOn {
					cell[i] = stratum[i] & s.cols[b][i]
				} else {
					cell[i] = stratum[i] &^ s.cols[b][i]
				}
			}
			m := 0
			for _, v := range cell {
				m += bits.OnesCount64(v)
			}
			if m == 0 {
				continue
			}
			parts++
			n += m
			g -= s.nlogn[m]
			s.classCounts(cell, m, counts)
			for c, k := range counts {
				g += s.nlogn[k]
				byClass[c] += k
			}
		}
		classes := 0
		g += s.nlogn[n]
		for _, k := range byClass {
			g -= s.nlogn[k]
			if k > 0 {
				classes++
			}
		}
		if parts < 2 || classes < 2 {
			continue // nothing to split in this cell
		}
		tested++
		best = min(best, distuv.ChiSquared{K: float64(len(s.classes) - 1)}.Survival(2*g))
	}
	if tested == 0 {
		return false
	}
	return math.Log(best)+math.Log(float64(tested))+math.Log(float64(len(s.active)-1)) < math.Log(EvidenceFDR)
}

// selectionCost is the extended BIC's price of choosing one tuple of the
// given size among the C(D, size) tuples of the active features (Chen and
// Chen, 2008): 2·ln C(D, size), in the units of G; 0 without the
// extended BIC.
func (s *screener) selectionCost(size int) float64 {
	if !s.extendedBIC {
		return 0
	}
	return 2 * lnBinom(len(s.active), size)
}

// lnBinom returns ln C(n, k).
func lnBinom(n, k int) float64 {
	if k < 0 || k > n {
		return math.Inf(1)
	}
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

func tupleKey(t []int) string {
	b := make([]byte, 0, 4*len(t))
	for _, v := range t {
		b = append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
	}
	return string(b)
}

// binom returns C(n, k) as a float64 (exact for the sizes that matter).
func binom(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}
