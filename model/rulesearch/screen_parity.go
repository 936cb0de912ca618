// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
)

// The parity search of the pairs. Where the pairs are too many to score
// every one, the beam reaches a pair only through a seed, and a pair whose
// features carry no signal alone (an xor) is among the seeds only by the
// luck of the random ones: over 50,000 features the 4,096 random seeds
// reach a given xor pair with probability 0.17. An xor has a shape the
// data can be searched for directly, though: y = a_i ⊕ a_j, up to noise,
// is a_j = a_i ⊕ y, so the pair is a near-match between the bitset of
// feature j and that of a_i ⊕ y, and near-matches between two sets of
// bitsets are what locality-sensitive hashing finds without comparing
// every two (bit sampling for the Hamming distance: Indyk and Motwani,
// 1998). Each of T tables samples b rows; a feature's key is its b bits
// there, read up to complement (an xnor and an xor of the other class are
// the same pair); a_i ⊕ y and a_j that agree on a share q of the rows
// share a table's key with probability about q^b, two unrelated ones
// with about 2^(1−b). Every pair that shares a key in some table is then
// scored exactly, as the beam's are, so the search adds candidates and
// never a score. With b = ⌈log₂ D⌉ + 1 a table proposes about D pairs,
// and T tables find a pair agreeing on parityAgreement of the rows with
// probability about 1 − (1 − parityAgreement^b)^T: T is sized for
// parityTarget, within half the level's budget. The b rows of a table are
// drawn without replacement, so the chance of a table is at most q^b, the
// lower the fewer the rows (none at all where b exceeds the agreeing
// rows); the probability the log states counts them (parityHit). With
// more than two classes each class is the label y in turn (one against
// the rest).

// parityAgreement is the share of rows on which the pair the search is
// sized for agrees with the label's parity (an xor under 20 % noise).
const parityAgreement = 0.8

// parityTarget is the chance of finding such a pair that the number of
// tables is sized for, budget permitting.
const parityTarget = 0.99

// maxParityBits bounds the rows sampled by a table (its key's bits).
const maxParityBits = 30

// parityPlan sizes the parity search within limit word operations: bits
// rows a table and tables tables (0 tables: no search).
func (s *screener) parityPlan(limit float64) (bits, tables int) {
	D := len(s.active)
	if D < 3 || s.rows < 2 {
		return 0, 0
	}
	// The cap at the rows seldom binds: features equal to or the
	// complement of another are not screened, so D ≤ 2^(rows−1).
	bits = min(int(math.Ceil(math.Log2(float64(D))))+1, maxParityBits, s.rows)
	hit := parityHit(parityAgreement, bits, s.rows)
	if hit <= 0 {
		// A table samples more rows than such a pair agrees on: size
		// for a pair that disagrees with the label on one row.
		hit = parityHit(1-1/float64(s.rows), bits, s.rows)
	}
	tables = int(min(math.Ceil(math.Log(1-parityTarget)/math.Log1p(-hit)), math.MaxInt32))
	// A table reads bits bits of every feature and scores its candidate
	// pairs, about 2·D²/2^bits for each label.
	candidates := 2 * float64(D) * float64(D) / math.Exp2(float64(bits))
	perTable := float64(s.parityLabels()) * (float64(D*bits) + candidates*s.tupleCost(2))
	tables = int(min(float64(tables), limit/2/perTable))
	if bits == s.rows {
		// Every table samples every row: their keys differ only in the
		// order of the bits, so they pair the same features, and one
		// table proposes what any number would.
		tables = min(tables, 1)
	}
	return bits, max(tables, 0)
}

// parityLabels is the number of label bitsets the search matches against:
// one for two classes (the other is its complement), else one a class.
func (s *screener) parityLabels() int {
	if len(s.classes) == 2 {
		return 1
	}
	return len(s.classes)
}

// parityLabelSets returns the label bitsets the search matches against
// (parityLabels of them): class 1 of two, else every class.
func (s *screener) parityLabelSets() [][]uint64 {
	labels := make([][]uint64, 0, s.parityLabels())
	for c := range s.parityLabels() {
		labels = append(labels, s.classes[len(s.classes)-1-c])
	}
	return labels
}

// ParityFindProbability is the chance that the parity search of a level
// finds a given pair whose features' xor agrees with the label (or, with
// more than two classes, with one class against the rest) on a share
// agreement of the rows (at least): at least 1 − (1 − h)^ParityTables,
// where h = parityHit is the chance that the ParityBits rows of a table,
// drawn without replacement from the ParityRows rows, all lie among the
// ⌈agreement·ParityRows⌉ agreeing ones. Where ParityRows is 0 (unknown),
// h is agreement^ParityBits, the limit of many rows, which overstates the
// chance over any finite number of rows. 0 where no search ran.
func (l LevelCoverage) ParityFindProbability(agreement float64) float64 {
	if l.ParityTables < 1 || l.ParityBits < 1 {
		return 0
	}
	hit := parityHit(agreement, l.ParityBits, l.ParityRows)
	return -math.Expm1(float64(l.ParityTables) * math.Log1p(-hit))
}

// parityHit is the chance that bits rows drawn without replacement from
// rows rows all lie among the ⌈agreement·rows⌉ on which a pair agrees
// with the label: ∏ (A − i)/(rows − i) over i < bits, at most
// agreement^bits, and 0 where bits exceeds A. rows 0 (unknown) gives
// agreement^bits.
func parityHit(agreement float64, bits, rows int) float64 {
	if rows < 1 {
		return math.Pow(agreement, float64(bits))
	}
	if bits > rows {
		return 0
	}
	// The tolerance keeps a share such as 0.8 of 20 rows at 16 rows.
	a := min(math.Ceil(agreement*float64(rows)-1e-9), float64(rows))
	hit := 1.0
	for i := range bits {
		hit *= max(a-float64(i), 0) / float64(rows-i)
	}
	return hit
}

// parityPairs runs the parity search of the pairs over tables tables of
// bits rows, scoring into level every candidate pair that no seed of the
// beam holds (the beam has scored those); it returns the pairs scored. A
// key shared by more than maxBucket features (features nearly constant
// on the table's rows, whose xor with another is nearly that other, a
// signal the beam's seeds hold) is passed over, so that a table proposes
// at most maxBucket pairs a feature however the features are spread.
func (s *screener) parityPairs(bits, tables int, seeds []Candidate, level *topK) int64 {
	if tables < 1 || bits < 1 {
		return 0
	}
	seeded := make([]bool, len(s.cols))
	for _, c := range seeds {
		for _, f := range c.Features {
			seeded[f] = true
		}
	}
	labels := s.parityLabelSets()
	mask := uint32(1)<<bits - 1
	maxBucket := int32(16 + 4*math.Ceil(2*float64(len(s.active))/math.Exp2(float64(bits))))
	var next atomic.Int64
	// Several tables propose one pair: it enters the top once.
	return s.parallelOnce(2, level, true, func(kn *kernel, top *sharedTop) {
		keys := make([]uint32, len(s.cols))
		head := make([]int32, 1<<bits)
		size := make([]int32, 1<<bits)
		link := make([]int32, len(s.cols))
		rows := make([]int, bits)
		var cands []uint64
		var js []int
		for {
			t := int(next.Add(1) - 1)
			if t >= tables || kn.stop.Load() {
				return
			}
			s.parityRows(t, rows)
			for i := range head {
				head[i], size[i] = -1, 0
			}
			for _, j := range s.active {
				keys[j] = s.rowBits(s.cols[j], rows)
				h := canonicalKey(keys[j], mask)
				link[j], head[h] = head[h], int32(j)
				size[h]++
			}
			for _, y := range labels {
				ky := s.rowBits(y, rows)
				cands = cands[:0]
				for _, i := range s.active {
					h := canonicalKey(keys[i]^ky, mask)
					if size[h] > maxBucket {
						continue
					}
					for j := head[h]; j >= 0; j = link[j] {
						a, b := min(i, int(j)), max(i, int(j))
						if a != b && !seeded[a] && !seeded[b] {
							cands = append(cands, uint64(a)<<32|uint64(b))
						}
					}
				}
				slices.Sort(cands)
				cands = slices.Compact(cands)
				for k := 0; k < len(cands); {
					a := int(cands[k] >> 32)
					js = js[:0]
					for ; k < len(cands) && int(cands[k]>>32) == a; k++ {
						js = append(js, int(cands[k]&math.MaxUint32))
					}
					kn.pairs(a, js, top, nil, 0)
				}
			}
		}
	})
}

// canonicalKey reads a key up to complement: its first bit is 0.
func canonicalKey(k, mask uint32) uint32 {
	if k&1 != 0 {
		return ^k & mask
	}
	return k
}

// parityRows draws table t's rows (distinct): a generator seeded by
// the table, the row count and the features screened, so that the search
// is a function of the data.
func (s *screener) parityRows(t int, rows []int) {
	rng := rand.New(rand.NewPCG(uint64(t)+1, uint64(s.rows)<<32|uint64(len(s.active))))
	perm := rng.Perm(s.rows)
	copy(rows, perm[:len(rows)])
}

// rowBits packs the bits of b at rows into a key, rows[0] the lowest.
func (s *screener) rowBits(b []uint64, rows []int) uint32 {
	var k uint32
	for i, r := range rows {
		k |= uint32(b[r/64]>>(r%64)&1) << i
	}
	return k
}
