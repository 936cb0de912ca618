// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"
)

// The parity search of the triples. Where the triples are too many to
// score every one, the beam reaches a triple only through a seed pair, and
// a triple none of whose pairs carries a signal (an xor of three
// features) is among the seeds only by the luck of the random ones: over
// 1,000 features and 500 rows, with chance about 0.0015, so that such a
// label was learned at chance (0.50 on fresh rows) where 300 features,
// scored exhaustively, gave 1.000. The pairs' search (screen_parity.go)
// extends by meeting in the middle: y = a ⊕ b ⊕ c, up to noise, is
// a ⊕ y = b ⊕ c, a near-match between the bitset of one feature xored
// with the label and that of a pair's xor. Each table samples b rows,
// keys every feature a by its bits of a ⊕ y there (up to complement),
// and looks every pair (b, c) up by the xor of its two features' keys,
// one xor of two words a pair: the D²/2 pairs are enumerated, never
// scored, and only the triples whose keys meet are scored exactly, as the
// beam's are. A triple agreeing with the label's parity on a share q of
// the rows meets in a table with probability about q^b (parityHit: the
// rows are drawn without replacement), an unrelated one with about
// 2^(1−b), so b is chosen to make the tables needed for parityTarget at
// parityAgreement cheapest: more rows a table cost more tables but
// propose fewer chance triples. The tables are sized for parityTarget
// within the work allowed (parityTriplesShare of the budget); the log
// states the chance reached. Parities of four or more features are left
// to the beam: meeting pairs with pairs needs keys of about 2·log₂ D rows,
// whose chance under 20 % noise (0.8^(2·log₂ D)) asks for thousands of
// tables.

// parityTriplesShare: the triples' parity search works within
// 1/parityTriplesShare of the screening budget (the exhaustive scan of a
// size above two has 1/deepBudgetShare).
const parityTriplesShare = 4

// maxParityTripleBits bounds the rows of a triples' table: its two
// bucket arrays have 2^bits entries a goroutine.
const maxParityTripleBits = 22

// parityPairCost is the work, in word operations, of looking one pair up
// in a table (an xor, a complement and a filter read), measured: about
// 4 ns a pair on one core of this 2-vCPU machine over 3,000 features,
// where the counting kernel does 1.2·10⁹ word operations a second a core.
const parityPairCost = 6

// parityTripleCost is the work of scoring one proposed triple, in leaves
// of three features (tupleCost(3)): the sort of the proposals and the two
// prefixes a triple seldom shares with the one before cost about ten
// leaves here (1.37 million proposals over 1,000 features and 500 rows
// took 0.36 s on two cores).
const parityTripleCost = 10

// parityTriplesPlan sizes the triples' parity search within limit word
// operations: bits rows a table and tables tables (0 tables: no search).
func (s *screener) parityTriplesPlan(limit float64) (bits, tables int) {
	D := float64(len(s.active))
	if D < 4 || s.rows < 2 || len(s.cols) >= 1<<tripleFieldBits {
		return 0, 0
	}
	pairs := D * (D - 1) / 2
	labels := float64(s.parityLabels())
	perTable := func(b int) float64 {
		// Every key, every pair looked up, and the chance meetings
		// scored: C(D, 3)·2^(1−b) triples (keys up to complement), each
		// taken through one of its pairs, sorted and counted (two
		// prefixes and a leaf: parityTripleCost leaves, measured).
		chance := pairs * (D - 2) / 3 / math.Exp2(float64(b-1))
		return labels * (D*float64(b) + pairs*parityPairCost + chance*parityTripleCost*s.tupleCost(3))
	}
	need := func(b int) float64 {
		hit := parityHit(parityAgreement, b, s.rows)
		if hit <= 0 {
			hit = parityHit(1-1/float64(s.rows), b, s.rows)
		}
		if hit <= 0 {
			return math.Inf(1)
		}
		return math.Ceil(math.Log(1-parityTarget) / math.Log1p(-hit))
	}
	lo := int(math.Ceil(math.Log2(D))) + 1
	hi := min(maxParityTripleBits, s.rows)
	best := math.Inf(1)
	for b := min(lo, hi); b <= hi; b++ {
		if c := need(b) * perTable(b); c < best {
			best, bits = c, b
		}
	}
	if bits == 0 {
		return 0, 0
	}
	tables = int(min(need(bits), limit/perTable(bits), math.MaxInt32))
	if bits == s.rows {
		tables = min(tables, 1) // every table samples every row
	}
	return bits, max(tables, 0)
}

// tripleFieldBits is the width of one feature index in a packed triple.
const tripleFieldBits = 21

// parityTripleChunks is the number of work items a table is cut into
// (ranges of the pairs' first features, about equal in pairs): fixed, so
// that the tuples a table proposes, and their count, do not depend on
// GOMAXPROCS.
const parityTripleChunks = 16

// tripleTable is one table of the triples' parity search, built by the
// first goroutine to reach it and read by all: every feature's key (in
// the order of s.active) and, for each label, the features by the key of
// a ⊕ y.
type tripleTable struct {
	once   sync.Once
	keys   []uint32
	labels []tripleIndex
	left   atomic.Int32 // chunks not finished
}

// tripleIndex finds the features a whose key of a ⊕ y is k: filter has
// bit k>>1 set where some are (canonical keys are even) and their bucket
// holds at most maxBucket features; byKey holds key<<32 | feature, sorted.
type tripleIndex struct {
	filter []uint64
	byKey  []uint64
}

// lookup returns the features of byKey whose key is k.
func (ix *tripleIndex) lookup(k uint32) []uint64 {
	lo, _ := slices.BinarySearch(ix.byKey, uint64(k)<<32)
	hi := lo
	for hi < len(ix.byKey) && uint32(ix.byKey[hi]>>32) == k {
		hi++
	}
	return ix.byKey[lo:hi]
}

// build fills table tab: its rows, every key and the labels' indexes.
func (tt *tripleTable) build(s *screener, tab, bits int, labels [][]uint64, maxBucket int) {
	rows := make([]int, bits)
	// The triples' tables draw other rows than the pairs'.
	s.parityRows(tab+1<<30, rows)
	mask := uint32(1)<<bits - 1
	tt.keys = make([]uint32, len(s.active))
	for i, j := range s.active {
		tt.keys[i] = s.rowBits(s.cols[j], rows)
	}
	tt.labels = make([]tripleIndex, len(labels))
	for l, y := range labels {
		ky := s.rowBits(y, rows)
		ix := &tt.labels[l]
		ix.byKey = make([]uint64, len(s.active))
		for i, a := range s.active {
			ix.byKey[i] = uint64(canonicalKey(tt.keys[i]^ky, mask))<<32 | uint64(a)
		}
		slices.Sort(ix.byKey)
		ix.filter = make([]uint64, max(1, 1<<(bits-1)/64))
		for lo := 0; lo < len(ix.byKey); {
			k := uint32(ix.byKey[lo] >> 32)
			hi := lo + 1
			for hi < len(ix.byKey) && uint32(ix.byKey[hi]>>32) == k {
				hi++
			}
			if hi-lo <= maxBucket {
				ix.filter[k>>7] |= 1 << (k >> 1 & 63)
			}
			lo = hi
		}
	}
}

// tripleChunkStart returns the first position in s.active of the pairs'
// first features of chunk c of n, cutting the D(D−1)/2 pairs (position i
// pairs with the D−1−i after it) into n ranges of about equal size.
func tripleChunkStart(D, c, n int) int {
	if c <= 0 {
		return 0
	}
	if c >= n {
		return D
	}
	// Pairs before position i: i·(2D−i−1)/2; solve for the share c/n.
	total := float64(D) * float64(D-1) / 2
	want := total * float64(c) / float64(n)
	d := float64(2*D - 1)
	i := (d - math.Sqrt(max(d*d-8*want, 0))) / 2
	return min(max(int(math.Ceil(i)), 0), D)
}

// parityTriples runs the triples' parity search over tables tables of
// bits rows, scoring into level every candidate triple that holds no
// seed pair of the beam (the beam has scored those), and returns the
// triples scored. As in parityPairs, a key shared by more than maxBucket
// features is passed over. Each table is cut into parityTripleChunks
// ranges of pairs, so that all cores work on one table.
func (s *screener) parityTriples(bits, tables int, seeds []Candidate, level *topK) int64 {
	if tables < 1 || bits < 1 {
		return 0
	}
	seeded := make(map[uint64]bool, len(seeds))
	for _, c := range seeds {
		if len(c.Features) == 2 {
			seeded[uint64(c.Features[0])<<32|uint64(c.Features[1])] = true
		}
	}
	holdsSeed := func(a, b, c int) bool {
		return seeded[uint64(a)<<32|uint64(b)] || seeded[uint64(a)<<32|uint64(c)] || seeded[uint64(b)<<32|uint64(c)]
	}
	labels := make([][]uint64, 0, s.parityLabels())
	for c := range s.parityLabels() {
		labels = append(labels, s.classes[len(s.classes)-1-c]) // class 1 of two
	}
	mask := uint32(1)<<bits - 1
	maxBucket := int(16 + 4*math.Ceil(2*float64(len(s.active))/math.Exp2(float64(bits))))
	const field = 1<<tripleFieldBits - 1
	D := len(s.active)
	var (
		mu    sync.Mutex
		built = map[int]*tripleTable{}
		next  atomic.Int64
	)
	table := func(tab int) *tripleTable {
		mu.Lock()
		tt := built[tab]
		if tt == nil {
			tt = &tripleTable{}
			tt.left.Store(parityTripleChunks)
			built[tab] = tt
		}
		mu.Unlock()
		tt.once.Do(func() { tt.build(s, tab, bits, labels, maxBucket) })
		return tt
	}
	done := func(tab int, tt *tripleTable) {
		if tt.left.Add(-1) == 0 {
			mu.Lock()
			delete(built, tab)
			mu.Unlock()
		}
	}
	return s.parallelOnce(3, level, true, func(kn *kernel, top *sharedTop) {
		t := make([]int, 3)
		var cands []uint64
		for {
			item := int(next.Add(1) - 1)
			tab, chunk := item/parityTripleChunks, item%parityTripleChunks
			if tab >= tables || kn.stop.Load() {
				return
			}
			tt := table(tab)
			lo, hi := tripleChunkStart(D, chunk, parityTripleChunks), tripleChunkStart(D, chunk+1, parityTripleChunks)
			for l := range tt.labels {
				ix := &tt.labels[l]
				cands = cands[:0]
				for bi := lo; bi < hi; bi++ {
					if kn.stop.Load() {
						return
					}
					kb, b := tt.keys[bi], s.active[bi]
					for ci, kc := range tt.keys[bi+1:] {
						k := kb ^ kc
						k ^= mask & -(k & 1) // canonicalKey, without a branch
						if ix.filter[k>>7]>>(k>>1&63)&1 == 0 {
							continue
						}
						c := s.active[bi+1+ci]
						// The meeting is symmetric in a, b and c (the key of
						// a ⊕ b ⊕ c ⊕ y is 0 up to complement), so each
						// triple meets through all three of its pairs: it is
						// taken through (b, c) only, a < b < c.
						for _, e := range ix.lookup(k) {
							a := int(uint32(e))
							if a >= b {
								break
							}
							t[0], t[1] = a, b
							if holdsSeed(a, b, c) || s.blockClash(t[:1], b) || s.blockClash(t[:2], c) {
								continue
							}
							cands = append(cands, uint64(a)<<(2*tripleFieldBits)|uint64(b)<<tripleFieldBits|uint64(c))
						}
					}
				}
				slices.Sort(cands)
				cands = slices.Compact(cands)
				lastA, lastB := -1, -1
				for _, k := range cands {
					a, b, c := int(k>>(2*tripleFieldBits)), int(k>>tripleFieldBits&field), int(k&field)
					if a != lastA {
						s.extend(&kn.depth[1], &kn.depth[0], a)
						lastA, lastB = a, -1
					}
					if b != lastB {
						s.extend(&kn.depth[2], &kn.depth[1], b)
						lastB = b
					}
					if sc := kn.leaf(&kn.depth[2], c); top.admits(sc) {
						t[0], t[1], t[2] = a, b, c
						top.offer(t, sc)
					}
				}
			}
			done(tab, tt)
		}
	})
}
