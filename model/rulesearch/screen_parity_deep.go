// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/hornets-go/hornets/internal/procs"
)

// The parity search of the triples and larger tuples. Where the k-tuples
// are too many to score every one, the beam reaches a k-tuple only
// through a seed of size k−1, and a tuple none of whose sub-tuples carries
// a signal (an xor of k features) is among the seeds only by the luck of
// the random ones: an xor of three features among 1,000 over 500 rows
// with chance about 0.0015, so that such a label was learned at chance
// (0.50 on fresh rows) where 300 features, scored exhaustively, gave
// 1.000; an xor of four among 100 (--order 4) with chance 0.006. The
// pairs' search (screen_parity.go) extends by meeting in the middle:
// y = a ⊕ b ⊕ c, up to noise, is a ⊕ y = b ⊕ c, a near-match between the
// bitset of a feature xored with the label and that of a pair's xor; for
// four features, a ⊕ b ⊕ y = c ⊕ d. The tuple is split into a left part
// L of ⌊k/2⌋ features and a right part R of the others. Each table
// samples b rows and keys every feature by its bits there; every left
// part is keyed by the xor of its features' keys and the label's (up to
// complement) and indexed, and every right part is looked up by the xor
// of its features' keys, a few word operations each: the C(D, |R|) right
// parts are enumerated, never scored, and only the tuples whose keys
// meet are scored exactly, as the beam's are. The meeting is symmetric
// in the tuple's features (the key of the xor of all of them and the
// label is 0 up to complement), so a tuple meets through every split at
// once: it is taken through the one whose left part holds its ⌊k/2⌋
// smallest features. A tuple agreeing with the label's parity on a share
// q of the rows meets in a table with probability about q^b (parityHit:
// the rows are drawn without replacement), an unrelated one with about
// 2^(1−b), so a table proposes about C(D, k)·2^(1−b) chance tuples, and
// b is chosen to make the tables needed for parityTarget at
// parityAgreement cheapest: more rows a table cost more tables but
// propose fewer chance tuples. The tables are sized for parityTarget
// within 1/parityDeepShare of the budget; the log states the chance
// reached.

// parityDeepShare: the parity search of a size above two works within
// 1/parityDeepShare of the screening budget (the exhaustive scan of such
// a size has 1/deepBudgetShare).
const parityDeepShare = 4

// maxParityKeyBits bounds the rows of a table: keys are 32-bit words.
const maxParityKeyBits = 32

// maxParityLeft bounds the left parts a table indexes (C(D, ⌊k/2⌋)):
// building the index takes about 64 bytes a part, and two tables can be
// built at once, so a million parts (pairs of 1,400 features) cost about
// 130 MB at most. Beyond, the beam alone searches the size.
const maxParityLeft = 1 << 20

// maxParityDirectBits bounds the keys (beside their lowest bit, always 0)
// whose index finds a key's entries directly (4 bytes a key).
const maxParityDirectBits = 22

// maxParityFilterBits bounds the filter of a table's index (2^bits bits).
const maxParityFilterBits = 26

// parityPairCost is the work, in word operations, of looking one right
// part up in a table (an xor, a complement and a filter read), measured:
// about 4 ns a pair on one core of this 2-vCPU machine over 3,000
// features, where the counting kernel does 1.2·10⁹ word operations a
// second a core.
const parityPairCost = 6

// parityTupleCost is the work of scoring one proposed tuple, in leaves of
// its size (tupleCost): the sort of the proposals and the prefixes a
// tuple seldom shares with the one before cost about ten leaves here
// (1.37 million triples over 1,000 features and 500 rows took 0.36 s on
// two cores).
const parityTupleCost = 10

// parityChunks is the number of work items a large table is cut into
// (ranges of the right parts' first features, about equal in parts), so
// that all cores share it; a smaller table is one item, so that the cores
// build tables side by side (parityChunksOf). The tuples proposed do not
// depend on the cutting: a table proposes each tuple once, through its
// one split and right part.
const (
	parityChunks     = 16
	parityChunkParts = 1 << 20
	// parityChunkBytes: a table is one item only where every goroutine
	// building one at once holds at most this many bytes of indexes; else
	// all goroutines share each table.
	parityChunkBytes = 256 << 20
	// parityPartBytes is about what a left part holds while its table is
	// built: its entry, key, sort word and first copy (24 + 4 + 8 + 24),
	// the direct bucket starts (at most 64 bytes a part) and the filter
	// (at most 8).
	parityPartBytes = 130
)

// parityChunksOf returns the work items a table of the size-tuples'
// search over D features is cut into, on workers goroutines: 1 where its
// right parts are fewer than parityChunkParts and workers tables' indexes
// fit parityChunkBytes, else parityChunks. The tuples proposed do not
// depend on it (a table proposes each tuple once), so it may depend on
// GOMAXPROCS.
func parityChunksOf(D, size, workers int) int {
	nl, nr := paritySplit(size)
	if binom(D, nr) < parityChunkParts && float64(workers)*(parityPartBytes*binom(D, nl)+4*float64(D)) <= parityChunkBytes {
		return 1
	}
	return parityChunks
}

// ParityMemory bounds the bytes the parity searches hold at once while
// screening features binary features up to tuples of maxSize on workers
// goroutines: the deeper sizes' table indexes (parityPartBytes a left
// part while one is built, at most maxParityLeft of them; a table a
// goroutine where parityChunksOf is 1, else 1 + ⌈workers/16⌉ tables in
// flight), the candidates a goroutine holds (parityFlush), and the pairs'
// search's buckets and keys (about 24 bytes a feature a goroutine).
func ParityMemory(features, maxSize, workers int) float64 {
	D, W := float64(max(features, 0)), float64(max(workers, 1))
	bytes := W * 24 * D // the pairs' search
	for size := 3; size <= min(maxSize, maxParitySize); size++ {
		left := min(binom(features, size/2), maxParityLeft)
		inflight := 1 + math.Ceil(W/parityChunks)
		if parityChunksOf(features, size, int(W)) == 1 {
			inflight = W
		}
		bytes = max(bytes, inflight*(parityPartBytes*left+4*D)+W*parityFlush*32)
	}
	return bytes
}

// parityFlush bounds the candidates a goroutine holds before scoring
// them (32 bytes each): a table proposes each tuple once, so scoring in
// batches proposes nothing twice.
const parityFlush = 1 << 16

// maxParitySize is the largest tuple the search handles (the largest
// screening order).
const maxParitySize = 8

// paritySplit returns the sizes of a tuple's left and right parts.
func paritySplit(size int) (left, right int) { return size / 2, size - size/2 }

// parityDeepPlan sizes the parity search of size-tuples (3..8) within
// limit word operations: bits rows a table and tables tables (0 tables:
// no search).
func (s *screener) parityDeepPlan(size int, limit float64) (bits, tables int) {
	D := len(s.active)
	nl, _ := paritySplit(size)
	if size < 3 || size > maxParitySize || D <= size || s.rows < 2 || binom(D, nl) > maxParityLeft {
		return 0, 0
	}
	perTable := func(b int) float64 {
		return s.parityDeepTableCost(size, b, binom(D, size)/math.Exp2(float64(b-1)))
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
	lo := int(math.Ceil(math.Log2(float64(D)))) + 1
	hi := min(maxParityKeyBits, s.rows)
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

// parityDeepTableCost is the work, in word operations, of one table of
// the size-tuples' search over tables of b rows where each label's index
// meets meetings tuples: every key, every left part keyed and sorted,
// every right part looked up, and the meetings scored.
func (s *screener) parityDeepTableCost(size, b int, meetings float64) float64 {
	D := len(s.active)
	nl, nr := paritySplit(size)
	left, right := binom(D, nl), binom(D, nr)
	index := left * (parityPairCost + math.Log2(left+1))
	return float64(D*b) + float64(s.parityLabels())*(index+right*parityPairCost+meetings*parityTupleCost*s.tupleCost(size))
}

// parityDeepBucket is the most left parts a key of the size-tuples'
// search over tables of nbits rows may hold and still be met (see
// parityDeep).
func (s *screener) parityDeepBucket(size, nbits int) int {
	nl, _ := paritySplit(size)
	return int(16 + 4*math.Ceil(2*binom(len(s.active), nl)/math.Exp2(float64(nbits))))
}

// parityDeepMeasured re-sizes the plan of the size-tuples' search (bits
// rows a table, tables tables, within limit word operations) by what its
// first table proposes. parityDeepPlan counts C(D, k)·2^(1−b) chance
// meetings a table, as if every key were equally likely; on sparse
// features (words of a text, one-hot codes of many values) most features
// are 0 on most of a table's rows, their keys crowd onto a few values
// below the crowded-key bound, and the tables propose as many tuples as
// an exhaustive scan, or more: 171 million triples of 1,000 word flags
// over 1,554 rows (the scan's 166 million; 74 s), 31.7 million of 232
// one-hot codes over 1,040 rows (the scan's 2.05 million; 27 s). Where the
// first table's meetings would make a table cost more than twice the
// plan's, the tables are cut to what twice the limit pays for at that
// cost, at least one; the log's chance of finding a tuple counts the
// tables run. On features of even bits (the gates, genotypes of common
// alleles) a table meets about as the plan counts, and nothing changes.
// The count is a function of the data (table 0's rows are the seed's).
func (s *screener) parityDeepMeasured(size, bits, tables int, limit float64) int {
	if tables < 1 || bits < 1 {
		return tables
	}
	D := len(s.active)
	nl, nr := paritySplit(size)
	maxBucket := s.parityDeepBucket(size, bits)
	pt := &parityTable{}
	pt.build(s, size, 0, bits, nl, s.parityLabelSets(), maxBucket)
	mask := uint32(1)<<bits - 1
	var meetings float64
	var right [maxParitySize]int32
	for l := range pt.labels {
		ix := &pt.labels[l]
		meet := func(k uint32) {
			entries := ix.lookup(k)
			if len(entries) > maxBucket {
				return
			}
			for _, e := range entries {
				if e.feats[nl-1] < right[0] {
					meetings++
				}
			}
		}
		for p := 0; p <= D-nr; p++ {
			if s.canceled() {
				return tables
			}
			pt.rights(s, ix, nr, mask, p, &right, meet)
		}
	}
	planned := s.parityDeepTableCost(size, bits, binom(D, size)/math.Exp2(float64(bits-1)))
	measured := s.parityDeepTableCost(size, bits, meetings/float64(s.parityLabels()))
	if measured <= 2*planned {
		return tables
	}
	return int(max(1, min(float64(tables), math.Floor(2*limit/measured))))
}

// parityTable is one table of the parity search, built by the first
// goroutine to reach it and read by all: every feature's key (in the
// order of s.active) and, for each label, the index of the left parts.
type parityTable struct {
	once   sync.Once
	keys   []uint32
	labels []parityIndex
	left   atomic.Int32 // chunks not finished
}

// parityEntry is one left part: its key and features (ascending; unused
// places are −1).
type parityEntry struct {
	key   uint32
	feats [maxParitySize / 2]int32
}

// parityIndex finds the left parts of a key: filter has the bit
// k>>1 & filterMask (a canonical key's lowest bit is 0; the others are
// sampled rows, as good as a hash) of every key k whose entries number at
// most maxBucket, exact up to maxParityFilterBits; entries are sorted by
// key, then by their features.
type parityIndex struct {
	filter     []uint64
	filterMask uint32
	entries    []parityEntry
	keys       []uint32 // entries[i].key
	// starts, where the keys have at most maxParityDirectBits bits
	// beside the lowest and the entries are not too few for them (at least
	// one in 16 keys): the entries of key k are entries[starts[k>>1]:
	// starts[k>>1+1]].
	starts []int32
}

// lookup returns the entries of key k: from starts, or by a binary search
// of keys, the entries' keys in their order (dense, for the cache).
func (ix *parityIndex) lookup(k uint32) []parityEntry {
	if ix.starts != nil {
		h := k >> 1
		return ix.entries[ix.starts[h]:ix.starts[h+1]]
	}
	lo, n := 0, len(ix.keys)
	for n > 0 {
		half := n / 2
		if ix.keys[lo+half] < k {
			lo += half + 1
			n -= half + 1
		} else {
			n = half
		}
	}
	hi := lo
	for hi < len(ix.keys) && ix.keys[hi] == k {
		hi++
	}
	return ix.entries[lo:hi]
}

// rights calls meet(k) for every right part of nr features whose first
// feature is s.active[first], with right[:nr] holding its features and k
// the canonical key at which it meets the left parts (the xor of its
// features' keys), where ix's filter lets a left part have that key.
func (pt *parityTable) rights(s *screener, ix *parityIndex, nr int, mask uint32, first int, right *[maxParitySize]int32, meet func(k uint32)) {
	D := len(s.active)
	var rec func(depth, start int, key uint32)
	rec = func(depth, start int, key uint32) {
		if depth == nr-1 {
			filter, fmask := ix.filter, ix.filterMask
			for p, kc := range pt.keys[start:] {
				k := key ^ kc
				k ^= mask & -(k & 1) // canonicalKey, without a branch
				if h := k >> 1 & fmask; filter[h>>6]>>(h&63)&1 == 0 {
					continue // no left part has a key of this filter bit
				}
				right[depth] = int32(s.active[start+p])
				meet(k)
			}
			return
		}
		for p := start; p <= D-(nr-depth); p++ {
			right[depth] = int32(s.active[p])
			rec(depth+1, p+1, key^pt.keys[p])
		}
	}
	right[0] = int32(s.active[first])
	rec(1, first+1, pt.keys[first])
}

// build fills table tab of the size-tuples' search: its rows, every key
// and the labels' indexes of the left parts of nl features.
func (pt *parityTable) build(s *screener, size, tab, nbits, nl int, labels [][]uint64, maxBucket int) {
	rows := make([]int, nbits)
	// Each size's tables draw other rows than the pairs' and each other's.
	s.parityRows(tab+(size-2)<<30, rows)
	mask := uint32(1)<<nbits - 1
	pt.keys = make([]uint32, len(s.active))
	for i, j := range s.active {
		pt.keys[i] = s.rowBits(s.cols[j], rows)
	}
	D := len(s.active)
	nLeft := int(binom(D, nl))
	pt.labels = make([]parityIndex, len(labels))
	for l, y := range labels {
		ky := s.rowBits(y, rows)
		ix := &pt.labels[l]
		// The left parts in lexicographic order, then sorted by key
		// (stable: lexicographic within a key) through a sort of words.
		parts := make([]parityEntry, 0, nLeft)
		order := make([]uint64, 0, nLeft)
		e := parityEntry{}
		for i := range e.feats {
			e.feats[i] = -1
		}
		var rec func(depth, start int, key uint32)
		rec = func(depth, start int, key uint32) {
			if depth == nl {
				e.key = canonicalKey(key^ky, mask)
				order = append(order, uint64(e.key)<<32|uint64(len(parts)))
				parts = append(parts, e)
				return
			}
			for p := start; p <= D-(nl-depth); p++ {
				e.feats[depth] = int32(s.active[p])
				rec(depth+1, p+1, key^pt.keys[p])
			}
		}
		rec(0, 0, 0)
		slices.Sort(order)
		ix.entries = make([]parityEntry, len(parts))
		ix.keys = make([]uint32, len(parts))
		for i, o := range order {
			ix.entries[i] = parts[uint32(o)]
			ix.keys[i] = uint32(o >> 32)
		}
		if nbits-1 <= maxParityDirectBits && 1<<(nbits-1) <= 16*len(ix.keys) {
			ix.starts = make([]int32, 1<<(nbits-1)+1)
			for _, k := range ix.keys {
				ix.starts[k>>1+1]++
			}
			for h := 1; h < len(ix.starts); h++ {
				ix.starts[h] += ix.starts[h-1]
			}
		}
		// The filter: exact (a bit a key) up to 64 bits a left part; past
		// that, keys share bits and the lookup tells them apart.
		filterBits := min(max(6, nbits-1), maxParityFilterBits, bits.Len(uint(64*len(ix.keys))))
		filterBits = max(filterBits, 6)
		ix.filterMask = uint32(1)<<filterBits - 1
		ix.filter = make([]uint64, 1<<filterBits/64)
		for lo := 0; lo < len(ix.entries); {
			k := ix.entries[lo].key
			hi := lo + 1
			for hi < len(ix.entries) && ix.entries[hi].key == k {
				hi++
			}
			if hi-lo <= maxBucket {
				h := k >> 1 & ix.filterMask
				ix.filter[h>>6] |= 1 << (h & 63)
			}
			lo = hi
		}
	}
}

// parityChunkStart returns the first position in s.active of the right
// parts' first features of chunk c of n, cutting the C(D, nr) right parts
// (position i first holds C(D−1−i, nr−1) of them) into n ranges of about
// equal size.
func parityChunkStart(D, nr, c, n int) int {
	if c <= 0 {
		return 0
	}
	if c >= n {
		return D
	}
	want := binom(D, nr) * float64(c) / float64(n)
	var done float64
	for i := range D {
		if done >= want {
			return i
		}
		done += binom(D-1-i, nr-1)
	}
	return D
}

// parityDeep runs the parity search of size-tuples over tables tables of
// nbits rows, scoring into level every candidate that holds no seed of
// the beam (a tuple of size−1: the beam has scored those), and returns
// the tuples scored. As in parityPairs, a key shared by more than
// maxBucket left parts is passed over. A large table is cut into
// parityChunks ranges of right parts, so that all cores work on it.
func (s *screener) parityDeep(size, nbits, tables int, seeds []Candidate, level *topK) int64 {
	if tables < 1 || nbits < 1 || size < 3 || size > maxParitySize {
		return 0
	}
	type tuple = [maxParitySize]int32
	seeded := make(map[tuple]bool, len(seeds))
	for _, c := range seeds {
		if len(c.Features) == size-1 {
			var t tuple
			for i := range t {
				t[i] = -1
			}
			for i, f := range c.Features {
				t[i] = int32(f)
			}
			seeded[t] = true
		}
	}
	// holdsSeed reports whether a sub-tuple of size−1 of t is a seed.
	holdsSeed := func(t *tuple) bool {
		if len(seeded) == 0 {
			return false
		}
		for drop := range size {
			var sub tuple
			for i := range sub {
				sub[i] = -1
			}
			n := 0
			for i := range size {
				if i != drop {
					sub[n] = t[i]
					n++
				}
			}
			if seeded[sub] {
				return true
			}
		}
		return false
	}
	labels := s.parityLabelSets()
	nl, nr := paritySplit(size)
	mask := uint32(1)<<nbits - 1
	maxBucket := s.parityDeepBucket(size, nbits)
	D := len(s.active)
	chunks := parityChunksOf(D, size, procs.Workers())
	var (
		mu    sync.Mutex
		built = map[int]*parityTable{}
		next  atomic.Int64
	)
	table := func(tab int) *parityTable {
		mu.Lock()
		pt := built[tab]
		if pt == nil {
			pt = &parityTable{}
			pt.left.Store(int32(chunks))
			built[tab] = pt
		}
		mu.Unlock()
		pt.once.Do(func() { pt.build(s, size, tab, nbits, nl, labels, maxBucket) })
		return pt
	}
	done := func(tab int, pt *parityTable) {
		if pt.left.Add(-1) == 0 {
			mu.Lock()
			delete(built, tab)
			mu.Unlock()
		}
	}
	starts := make([]int, chunks+1)
	for c := range starts {
		starts[c] = parityChunkStart(D, nr, c, chunks)
	}
	return s.parallelOnce(size, level, true, func(kn *kernel, top *sharedTop) {
		var (
			cands []tuple
			right [maxParitySize]int32
			cand  tuple
			t     = make([]int, size)
		)
		for i := range cand {
			cand[i] = -1
		}
		// score scores the candidates proposed so far, in tuple order so
		// that successive ones share prefixes, and empties the list.
		score := func() {
			slices.SortFunc(cands, func(a, b tuple) int { return slices.Compare(a[:size], b[:size]) })
			cands = slices.Compact(cands)
			var last tuple
			for n, c := range cands {
				d := 0
				if n > 0 {
					for d < size-1 && c[d] == last[d] {
						d++
					}
				}
				for ; d < size-1; d++ {
					s.extend(&kn.depth[d+1], &kn.depth[d], int(c[d]))
				}
				last = c
				if sc := kn.leaf(&kn.depth[size-1], int(c[size-1])); top.admits(sc) {
					for i := range size {
						t[i] = int(c[i])
					}
					top.offer(t, sc)
				}
			}
			cands = cands[:0]
		}
		for {
			item := int(next.Add(1) - 1)
			tab, chunk := item/chunks, item%chunks
			if tab >= tables || kn.stop.Load() {
				return
			}
			pt := table(tab)
			for l := range pt.labels {
				ix := &pt.labels[l]
				cands = cands[:0]
				// meet proposes the tuples of the left parts of key k
				// (canonical) with the right part in right[:nr].
				meet := func(k uint32) {
					entries := ix.lookup(k)
					if len(entries) > maxBucket {
						return // a crowded key that shares a filter bit
					}
					for _, e := range entries {
						if e.feats[nl-1] >= right[0] {
							continue // the left part must hold the smallest
						}
						copy(cand[:nl], e.feats[:nl])
						copy(cand[nl:size], right[:nr])
						for i := range size {
							t[i] = int(cand[i])
						}
						clash := false
						for i := 1; i < size && !clash; i++ {
							clash = s.blockClash(t[:i], t[i])
						}
						if !clash && !holdsSeed(&cand) {
							cands = append(cands, cand)
							if len(cands) == parityFlush {
								score() // bounded memory where many meet
							}
						}
					}
				}
				for p := starts[chunk]; p < starts[chunk+1]; p++ {
					if kn.stop.Load() {
						return
					}
					pt.rights(s, ix, nr, mask, p, &right, meet)
				}
				score()
			}
			done(tab, pt)
		}
	})
}
