// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math/bits"
	"sync/atomic"
)

// The counting kernel of screening. A tuple's contingency table (label ×
// value cells) is counted bit-parallel, as genome-wide epistasis screens
// (BOOST) count all SNP pairs: columns and class labels are bitsets, a
// cell count is the popcount of an AND. The cells of a tuple's first k−1
// features (the prefix) are computed once for every last feature j, and
// for each prefix cell P only
//
//	|P ∧ a_j| and |P ∧ y_c ∧ a_j| for the classes c but the last
//
// are counted; the off half (P ∧ ¬a_j) is the prefix count minus the on
// half, the last class is the cell count minus the others, and the last
// prefix cell's on half is |a_j| minus the others' (every row lies in
// exactly one prefix cell). For a pair (i, j) the prefix cells are a_i and
// ¬a_i, so the whole 2×2×C table takes popcount(a_i ∧ a_j) and
// popcount(a_i ∧ y_c ∧ a_j), C−1 classes: C·words AND+popcounts.

// prefix holds the non-empty value cells of a tuple's prefix, in the order
// the recursive walk of screener.score visits them (feature on before
// off, first feature outermost), so that the leaf sums add up in the same
// order and the scores agree bit for bit.
type prefix struct {
	m     int      // number of cells
	n     []int    // n[p]: rows in cell p
	k     []int    // k[p*cc+c]: rows of class c in cell p, c < cc
	cell  []uint64 // cell p's rows, words each
	class []uint64 // (p*cc+c)·words: cell p ∧ class c
}

// kernel is one goroutine's scratch for counting: the prefix of every
// depth and the on-counts of a leaf.
type kernel struct {
	s      *screener
	depth  []prefix
	onN    []int
	onK    []int
	scored int64        // tuples scored
	stop   *atomic.Bool // set when screening is canceled; never nil
}

func newKernel(s *screener, maxSize int) *kernel {
	kn := &kernel{s: s, depth: make([]prefix, maxSize), stop: new(atomic.Bool)}
	kn.depth[0] = s.rootPrefix()
	return kn
}

// rootPrefix is the prefix of the empty tuple: one cell of all rows.
func (s *screener) rootPrefix() prefix {
	cc := len(s.classes) - 1
	p := prefix{m: 1, n: []int{s.rows}, k: make([]int, cc), cell: append([]uint64(nil), s.all...)}
	p.class = make([]uint64, 0, cc*s.words)
	for c := range cc {
		p.k[c] = s.classCount[c]
		p.class = append(p.class, s.classes[c]...)
	}
	return p
}

// extend writes into dst the prefix of src extended by feature j: each
// cell of src split into its on and off halves, empty halves dropped.
func (s *screener) extend(dst *prefix, src *prefix, j int) {
	w, cc := s.words, len(s.classes)-1
	col := s.cols[j]
	maxCells := 2 * src.m
	dst.m = 0
	dst.n = grow(dst.n, maxCells)
	dst.k = grow(dst.k, maxCells*cc)
	dst.cell = grow(dst.cell, maxCells*w)
	dst.class = grow(dst.class, maxCells*cc*w)
	for p := range src.m {
		cell := src.cell[p*w : (p+1)*w]
		for _, on := range [2]bool{true, false} {
			n := splitHalf(dst.cell[dst.m*w:(dst.m+1)*w], cell, col, on)
			if n == 0 {
				continue
			}
			dst.n[dst.m] = n
			for c := range cc {
				in := src.class[(p*cc+c)*w : (p*cc+c+1)*w]
				dst.k[dst.m*cc+c] = splitHalf(dst.class[(dst.m*cc+c)*w:(dst.m*cc+c+1)*w], in, col, on)
			}
			dst.m++
		}
	}
}

// splitHalf writes in ∧ col (on) or in ∧ ¬col (off) into out and returns
// its popcount.
func splitHalf(out, in, col []uint64, on bool) int {
	n := 0
	for i, v := range in {
		if on {
			v &= col[i]
		} else {
			v &^= col[i]
		}
		out[i] = v
		n += bits.OnesCount64(v)
	}
	return n
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// leaf returns the score of the tuple prefix + j (see screener.score):
// the same value, summed in the same order, as s.score of that tuple when
// j is larger than every feature of the prefix.
func (kn *kernel) leaf(p *prefix, j int) float64 {
	s := kn.s
	w, cc := s.words, len(s.classes)-1
	if cc == 1 {
		return kn.leaf2(p, j)
	}
	kn.onN = grow(kn.onN, p.m)
	kn.onK = grow(kn.onK, p.m*cc)
	col := s.cols[j]
	restN := s.colCount[j]
	restK := s.colClass[j*cc : (j+1)*cc]
	for c := range cc {
		kn.onK[(p.m-1)*cc+c] = restK[c]
	}
	for q := range p.m - 1 {
		n := countAnd(p.cell[q*w:(q+1)*w], col)
		kn.onN[q] = n
		restN -= n
		for c := range cc {
			k := countAnd(p.class[(q*cc+c)*w:(q*cc+c+1)*w], col)
			kn.onK[q*cc+c] = k
			kn.onK[(p.m-1)*cc+c] -= k
		}
	}
	kn.onN[p.m-1] = restN
	kn.scored++

	nlogn := s.nlogn
	var sum float64
	nonEmpty := 0
	for q := range p.m {
		on := kn.onN[q]
		for half := range 2 {
			n := on
			if half == 1 {
				n = p.n[q] - on
			}
			if n == 0 {
				continue
			}
			nonEmpty++
			sum -= nlogn[n]
			rest := n
			for c := range cc {
				k := kn.onK[q*cc+c]
				if half == 1 {
					k = p.k[q*cc+c] - k
				}
				sum += nlogn[k]
				rest -= k
			}
			sum += nlogn[rest]
		}
	}
	df := float64((nonEmpty - 1) * cc)
	return 2*(sum-s.classTerm) - df*s.logN
}

// countAnd returns popcount(a ∧ b) for two bitsets of one length.
func countAnd(a, b []uint64) int {
	b = b[:len(a)]
	n := 0
	i := 0
	for ; i+4 <= len(a); i += 4 {
		n += bits.OnesCount64(a[i]&b[i]) + bits.OnesCount64(a[i+1]&b[i+1]) +
			bits.OnesCount64(a[i+2]&b[i+2]) + bits.OnesCount64(a[i+3]&b[i+3])
	}
	for ; i < len(a); i++ {
		n += bits.OnesCount64(a[i] & b[i])
	}
	return n
}

// sortedPair writes the pair {i, j} into t, in ascending order.
func sortedPair(t []int, i, j int) []int {
	if j < i {
		i, j = j, i
	}
	t[0], t[1] = i, j
	return t
}

// pairs scores the pairs (i, j) for the features j of js (after i in the
// exhaustive scan; any in the beam of pairs) into top, skipping pairs of
// one block and, with a non-nil rank (the beam's seed ranks), j = i and
// the j whose rank is below r: the leaf of the prefix (i)
// specialised to its two cells, a_i and ¬a_i. One pass over the words
// counts x = a_i ∧ a_j and x ∧ y_c (C·words popcounts); the other cells
// follow by subtraction. The scores equal kernel.leaf's bit for bit.
func (kn *kernel) pairs(i int, js []int, top *sharedTop, rank []int32, r int32) {
	s := kn.s
	cc := len(s.classes) - 1
	if cc == 1 {
		kn.pairs2(i, js, top, rank, r)
		return
	}
	w := s.words
	ai := s.cols[i]
	ni := s.colCount[i]
	kn.onK = grow(kn.onK, 2*cc)
	kic, k11 := kn.onK[:cc], kn.onK[cc:2*cc]
	copy(kic, s.colClass[i*cc:(i+1)*cc])
	N := s.rows
	nlogn := s.nlogn
	t := []int{0, 0}
	for _, j := range js {
		if rank != nil && (j == i || rank[j] < r) {
			continue
		}
		if s.blocks != nil && s.blocks[i] == s.blocks[j] {
			continue
		}
		aj := s.cols[j][:w]
		n11 := 0
		clear(k11)
		for q, v := range ai[:w] {
			x := v & aj[q]
			n11 += bits.OnesCount64(x)
			for c := range cc {
				k11[c] += bits.OnesCount64(x & s.classes[c][q])
			}
		}
		nj := s.colCount[j]
		kjc := s.colClass[j*cc : (j+1)*cc]
		var sum float64
		nonEmpty := 0
		// Cells in the walk's order: 11, 10, 01, 00.
		for cell := range 4 {
			var n int
			switch cell {
			case 0:
				n = n11
			case 1:
				n = ni - n11
			case 2:
				n = nj - n11
			default:
				n = N - ni - nj + n11
			}
			if n == 0 {
				continue
			}
			nonEmpty++
			sum -= nlogn[n]
			rest := n
			for c := range cc {
				var k int
				switch cell {
				case 0:
					k = k11[c]
				case 1:
					k = kic[c] - k11[c]
				case 2:
					k = kjc[c] - k11[c]
				default:
					k = s.classCount[c] - kic[c] - kjc[c] + k11[c]
				}
				sum += nlogn[k]
				rest -= k
			}
			sum += nlogn[rest]
		}
		kn.scored++
		sc := 2*(sum-s.classTerm) - float64((nonEmpty-1)*cc)*s.logN
		if top.admits(sc) {
			top.offer(sortedPair(t, i, j), sc)
		}
	}
}

// pairs2 is pairs for two classes, the common case, unrolled.
func (kn *kernel) pairs2(i int, js []int, top *sharedTop, rank []int32, r int32) {
	s := kn.s
	w := s.words
	ai, y0 := s.cols[i][:w], s.classes[0][:w]
	ni, ki := s.colCount[i], s.colClass[i]
	N, N0 := s.rows, s.classCount[0]
	nlogn := s.nlogn
	t := []int{0, 0}
	// cell adds one cell of n rows, k of class 0, to the sum; empty cells
	// add nothing and are not counted.
	cell := func(sum float64, nonEmpty, n, k int) (float64, int) {
		if n == 0 {
			return sum, nonEmpty
		}
		sum -= nlogn[n]
		sum += nlogn[k]
		sum += nlogn[n-k]
		return sum, nonEmpty + 1
	}
	for _, j := range js {
		if rank != nil && (j == i || rank[j] < r) {
			continue
		}
		if s.blocks != nil && s.blocks[i] == s.blocks[j] {
			continue
		}
		aj := s.cols[j][:w]
		n11, k11 := 0, 0
		for q, v := range ai {
			x := v & aj[q]
			n11 += bits.OnesCount64(x)
			k11 += bits.OnesCount64(x & y0[q])
		}
		nj, kj := s.colCount[j], s.colClass[j]
		sum, nonEmpty := cell(0, 0, n11, k11)
		sum, nonEmpty = cell(sum, nonEmpty, ni-n11, ki-k11)
		sum, nonEmpty = cell(sum, nonEmpty, nj-n11, kj-k11)
		sum, nonEmpty = cell(sum, nonEmpty, N-ni-nj+n11, N0-ki-kj+k11)
		kn.scored++
		sc := 2*(sum-s.classTerm) - float64(nonEmpty-1)*s.logN
		if top.admits(sc) {
			top.offer(sortedPair(t, i, j), sc)
		}
	}
}

// leaf2 is leaf for two classes: one pass over each prefix cell's words
// counts x = cell ∧ a_j and x ∧ y_0.
func (kn *kernel) leaf2(p *prefix, j int) float64 {
	s := kn.s
	w := s.words
	col, y0 := s.cols[j][:w], s.classes[0][:w]
	restN, restK := s.colCount[j], s.colClass[j]
	nlogn := s.nlogn
	var sum float64
	nonEmpty := 0
	add := func(n, k int) {
		if n == 0 {
			return
		}
		nonEmpty++
		sum -= nlogn[n]
		sum += nlogn[k]
		sum += nlogn[n-k]
	}
	last := p.m - 1
	for q := range last {
		cell := p.cell[q*w : (q+1)*w]
		n, k := 0, 0
		for i, v := range cell {
			x := v & col[i]
			n += bits.OnesCount64(x)
			k += bits.OnesCount64(x & y0[i])
		}
		restN -= n
		restK -= k
		add(n, k)
		add(p.n[q]-n, p.k[q]-k)
	}
	add(restN, restK)
	add(p.n[last]-restN, p.k[last]-restK)
	kn.scored++
	return 2*(sum-s.classTerm) - float64(nonEmpty-1)*s.logN
}
