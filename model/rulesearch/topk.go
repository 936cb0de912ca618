// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"
)

// topK keeps the k best tuples seen, by score and then by tuple order
// (better), so the kept set does not depend on the visiting order: k
// workers' topKs merged in any order keep the same tuples. It is a heap
// with the worst kept tuple at the root, so an offer that does not make
// it costs one comparison and one that does O(log k).
type topK struct {
	k     int
	items []Candidate // heap: items[0] is the worst kept
}

// better is the total order of candidates: higher score, then the
// lexicographically smaller tuple.
func better(a, b Candidate) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return slices.Compare(a.Features, b.Features) < 0
}

func (t *topK) offer(tuple []int, score float64) {
	if t.k < 1 {
		return
	}
	if len(t.items) == t.k {
		if !better(Candidate{Features: tuple, Score: score}, t.items[0]) {
			return
		}
		t.items[0] = Candidate{Features: slices.Clone(tuple), Score: score}
		t.down(0)
		return
	}
	t.items = append(t.items, Candidate{Features: slices.Clone(tuple), Score: score})
	for i := len(t.items) - 1; i > 0; {
		parent := (i - 1) / 2
		if !better(t.items[parent], t.items[i]) {
			break
		}
		t.items[parent], t.items[i] = t.items[i], t.items[parent]
		i = parent
	}
}

// down restores the heap below i: a parent is never better than a child.
func (t *topK) down(i int) {
	n := len(t.items)
	for {
		worst := i
		for _, c := range []int{2*i + 1, 2*i + 2} {
			if c < n && better(t.items[worst], t.items[c]) {
				worst = c
			}
		}
		if worst == i {
			return
		}
		t.items[i], t.items[worst] = t.items[worst], t.items[i]
		i = worst
	}
}

// merge offers every tuple of u.
func (t *topK) merge(u *topK) {
	for _, c := range u.items {
		t.offer(c.Features, c.Score)
	}
}

// sorted returns the kept tuples, best first.
func (t *topK) sorted() []Candidate {
	out := slices.Clone(t.items)
	slices.SortFunc(out, func(a, b Candidate) int {
		switch {
		case better(a, b):
			return -1
		case better(b, a):
			return 1
		}
		return 0
	})
	return out
}

// sharedTop is a topK that many goroutines offer to: an offer that cannot
// enter is turned away by an atomic read of the worst kept score, without
// the lock. The kept set is the same whatever the order of the offers
// (better is a total order), so the result does not depend on how the
// work was spread.
type sharedTop struct {
	mu    sync.Mutex
	top   topK
	full  atomic.Bool
	worst atomic.Uint64 // math.Float64bits of the worst kept score, once full
	// seen, when not nil, holds the tuples offered so far, and an offer of
	// one of them again is dropped: where the same tuple can be proposed
	// more than once (the parity search), it is kept at most once. The
	// kept set is still the best k of the distinct tuples offered.
	seen map[string]bool
}

func newSharedTop(k int) *sharedTop { return &sharedTop{top: topK{k: k}} }

// admits reports whether a tuple of this score could enter.
func (t *sharedTop) admits(score float64) bool {
	return !t.full.Load() || score >= math.Float64frombits(t.worst.Load())
}

func (t *sharedTop) offer(tuple []int, score float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.seen != nil {
		k := tupleKey(tuple)
		if t.seen[k] {
			return
		}
		t.seen[k] = true
	}
	t.top.offer(tuple, score)
	if len(t.top.items) == t.top.k {
		t.worst.Store(math.Float64bits(t.top.items[0].Score))
		t.full.Store(true)
	}
}
