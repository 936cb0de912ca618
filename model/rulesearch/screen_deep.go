// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hornets-go/hornets/internal/procs"
)

// WorkUnit is the unit of ScreenBudget: a thousand 64-row word operations
// (one AND and one popcount of 64 rows each) of the counting kernel.
const WorkUnit = 1000

// Beam bounds: a size that is not enumerated extends at least minBeam and
// at most maxBeam of the best tuples of the size below.
const (
	minBeam = 64
	maxBeam = 4096
)

// LevelCoverage says what screening covered of the tuples of one size.
type LevelCoverage struct {
	Size int `json:"size"`
	// Exhaustive is true when every tuple of the size was scored.
	Exhaustive bool `json:"exhaustive"`
	// Scored is the number of tuples scored; Total the number of tuples of
	// the size over the features screened (constant and twin features
	// left out), C(features, size).
	Scored int64   `json:"scored"`
	Total  float64 `json:"total"`
	// Seeds is the number of tuples of the size below that the beam
	// extended by every feature (0 when exhaustive): the best ones, and
	// RandomSeeds more drawn at random among the rest, so that a tuple
	// whose sub-tuples carry no signal of their own (xor-like), which no
	// best seed holds, is found with a probability the log states.
	Seeds       int `json:"seeds"`
	RandomSeeds int `json:"random_seeds,omitempty"`
	// ParityTables and ParityBits describe the parity search of a pairs
	// or larger level that is not exhaustive (screen_parity.go,
	// screen_parity_deep.go): tables of ParityBits rows each, drawn
	// from the ParityRows rows screened, which proposed ParityScored
	// tuples beside the beam's (counted in Scored too). Zero where none
	// ran.
	ParityTables int   `json:"parity_tables,omitempty"`
	ParityBits   int   `json:"parity_bits,omitempty"`
	ParityRows   int   `json:"parity_rows,omitempty"`
	ParityScored int64 `json:"parity_scored,omitempty"`
	// Elapsed is the wall time of the size (it depends on the machine;
	// nothing else in the result does).
	Elapsed time.Duration `json:"elapsed"`
	// Best is the tuple of the size that scored highest, and BestScore its
	// score (see Screen), whether or not it has evidence or survives the
	// sub-tuple test; nil where none was scored. Where no tuple has
	// evidence, the best pair can take the slots of random tuples (see
	// Candidate.Fallback).
	Best      []int   `json:"best,omitempty"`
	BestScore float64 `json:"best_score,omitempty"`
}

// Coverage reports what Screen covered, size by size.
type Coverage struct {
	Features int             `json:"features"` // features screened (not constant, twin or complement)
	Levels   []LevelCoverage `json:"levels"`
}

// Exhaustive returns the largest size up to which every tuple was scored
// (0 when none).
func (c Coverage) Exhaustive() int {
	k := 0
	for _, l := range c.Levels {
		if !l.Exhaustive {
			break
		}
		k = l.Size
	}
	return k
}

// SilentFindProbability is the chance that a beam level reaches one given
// tuple whose sub-tuples carry no signal of their own (an xor of Size
// features), taking its sub-tuples to be outside the best seeds: it is
// found when one of its Size sub-tuples is among the RandomSeeds, drawn
// without replacement from the N = C(D, Size−1) − Seeds others,
// 1 − C(N−Size, RandomSeeds)/C(N, RandomSeeds), for D features screened
// (Coverage.Features). 1 for an exhaustive level.
func (l LevelCoverage) SilentFindProbability(features int) float64 {
	if l.Exhaustive {
		return 1
	}
	n := binom(features, l.Size-1) - float64(l.Seeds)
	r := float64(l.RandomSeeds)
	switch {
	case r < 1:
		return 0
	case r >= n:
		return 1
	}
	miss := 1.0
	for i := range l.Size {
		miss *= max(n-r-float64(i), 0) / (n - float64(i))
	}
	return 1 - miss
}

// Scored returns the tuples scored over all sizes.
func (c Coverage) Scored() int64 {
	var n int64
	for _, l := range c.Levels {
		n += l.Scored
	}
	return n
}

// String renders the coverage as "exhaustive up to order 2 (200,010,000
// tuples, 2.1s); order 3 by a beam of the 256 best and 256 random tuples
// of order 2: 10,238,976 of 1.33e+12 tuples (0.61s); a tuple whose
// sub-tuples carry no signal alone found with probability about 3.8e-06;
// 210,248,976 tuples scored over 20,000 features".
func (c Coverage) String() string {
	var parts []string
	if k := c.Exhaustive(); k > 0 {
		var n int64
		var d time.Duration
		for _, l := range c.Levels[:k] {
			n += l.Scored
			d += l.Elapsed
		}
		parts = append(parts, fmt.Sprintf("exhaustive up to order %d (%s tuples, %.2gs)", k, thousands(n), d.Seconds()))
	}
	for _, l := range c.Levels {
		if !l.Exhaustive {
			parts = append(parts, fmt.Sprintf("order %d by a beam of the %d best and %d random tuples of order %d: %s of %.3g tuples (%.2gs); a tuple whose sub-tuples carry no signal alone found with probability about %.2g",
				l.Size, l.Seeds, l.RandomSeeds, l.Size-1, thousands(l.Scored), l.Total, l.Elapsed.Seconds(), l.SilentFindProbability(c.Features)))
			if l.ParityTables > 0 {
				parts[len(parts)-1] += fmt.Sprintf(", and by the parity search (%d tables of %d rows, %s %s proposed) an xor of %s features agreeing with the label on %.0f %% of the rows with probability at least %.2g",
					l.ParityTables, l.ParityBits, thousands(l.ParityScored), tupleNoun(l.Size), numberWord(l.Size), 100*parityAgreement, l.ParityFindProbability(parityAgreement))
			}
		}
	}
	parts = append(parts, fmt.Sprintf("%s tuples scored over %s features", thousands(c.Scored()), thousands(int64(c.Features))))
	return strings.Join(parts, "; ")
}

// tupleNoun names the tuples of a size in the plural.
func tupleNoun(size int) string {
	switch size {
	case 2:
		return "pairs"
	case 3:
		return "triples"
	}
	return fmt.Sprintf("%d-tuples", size)
}

// numberWord spells a small count.
func numberWord(n int) string {
	if n >= 0 && n < 10 {
		return [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}[n]
	}
	return fmt.Sprint(n)
}

// thousands renders n with commas between groups of three digits.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// levelPlan is how one tuple size is searched.
type levelPlan struct {
	size       int
	exhaustive bool
	total      float64 // C(active, size)
	beam       int     // best seeds of size-1 extended (beam only)
	random     int     // random seeds of size-1 extended besides (beam only)
	parityBits int     // rows a table of the parity search samples (beams above single features)
	parityTabs int     // tables of the parity search (0: none)
	parityWork float64 // word operations the parity search of a size above two is sized within
	keep       int     // tuples of this size kept for the next size's beam
}

// tupleCost is the work, in word operations, of scoring one tuple of the
// given size: its last feature is ANDed with all but one of the prefix's
// value cells and each cell's class bitsets (C·words each), and the
// scoring reads about 2·cells·C table entries.
func (s *screener) tupleCost(size int) float64 {
	cells := min(1<<min(size-1, 30), s.rows)
	c := len(s.classes)
	return float64((cells-1)*s.words*c + 2*cells*c)
}

// deepBudgetShare is the share of the budget, 1/deepBudgetShare, within
// which sizes above two are scanned exhaustively (see plan).
const deepBudgetShare = 16

// plan decides, size by size, between the exhaustive scan (when its work
// fits the budget, and always for single features) and a beam that extends as many of the best tuples of
// the size below as the budget pays for (minBeam..maxBeam).
func (s *screener) plan(maxSize, budget, keep int) []levelPlan {
	active := float64(len(s.active))
	work := float64(budget) * WorkUnit
	plans := make([]levelPlan, 0, min(maxSize, len(s.active)))
	for size := 1; size <= maxSize && size <= len(s.active); size++ {
		p := levelPlan{size: size, total: binom(len(s.active), size), keep: max(keep, minBeam)}
		cost := s.tupleCost(size)
		// Single features are always all scored: the beams start there.
		// Pairs get the whole budget: the scan is cheapest per tuple there,
		// and a pair whose features carry no signal alone (xor) is found
		// by nothing else. A larger size grows combinatorially and its
		// beam, seeded by the best tuples below, is cheap: it is scanned
		// exhaustively only within a sixteenth of the budget, so that a
		// fit at the rule order 5 on 64 features does not spend seconds
		// screening 7.6 million 5-tuples.
		limit := work
		if size > 2 {
			limit /= deepBudgetShare
		}
		p.exhaustive = size == 1 || p.total*cost <= limit
		if !p.exhaustive {
			p.beam = int(min(max(limit/(active*cost), minBeam), maxBeam))
			switch size {
			case 2:
				// Beside the beam, within at most half the budget more
				// (a few percent of it, as sized): screen_parity.go.
				p.parityBits, p.parityTabs = s.parityPlan(limit)
			default:
				// Beside the beam, within a quarter of the budget more:
				// screen_parity_deep.go.
				p.parityWork = work / parityDeepShare
				p.parityBits, p.parityTabs = s.parityDeepPlan(size, p.parityWork)
			}
			if size > 2 {
				// As many seeds as the screening keeps tuples (4·keep):
				// wider beams cost seconds at order 5 and found nothing
				// more in the tests.
				p.beam = min(p.beam, max(4*keep, minBeam))
			}
		}
		plans = append(plans, p)
	}
	for i := range plans {
		if p := &plans[i]; !p.exhaustive && p.size > 1 {
			// As many random seeds again, so that the tuples the best
			// seeds cannot reach (xor-like ones) have a stated chance;
			// at most the seeds there are beside the best.
			p.random = int(min(float64(p.beam), binom(len(s.active), p.size-1)-float64(p.beam)))
			p.random = max(p.random, 0)
		}
	}
	for i := 1; i < len(plans); i++ {
		if !plans[i].exhaustive {
			plans[i-1].keep = max(plans[i-1].keep, plans[i].beam)
		}
	}
	return plans
}

// screen scores tuples of 1..maxOrder features and returns the best keep of
// them, best first, and what it covered. A size whose exhaustive scan
// fits the work budget (in WorkUnits) is scored exhaustively; a larger one
// by extending each of the best tuples of the size below by every other
// feature, the extended tuple scored as a whole (so a tuple whose
// sub-tuples carry no signal of their own is found when one of them is
// among the seeds). Work is spread over procs.Workers() goroutines
// (GOMAXPROCS as the program was given it); the result does not depend
// on their number. Once s.ctx is done it returns nil and
// the coverage of the sizes finished before.
func (s *screener) screen(maxOrder, budget, keep int) ([]Candidate, Coverage) {
	cov := Coverage{Features: len(s.active)}
	overall := &topK{k: 4 * keep}
	var prev []Candidate
	for _, p := range s.plan(maxOrder, budget, keep) {
		if s.canceled() {
			return nil, cov
		}
		level := &topK{k: max(p.keep, 4*keep)}
		start := time.Now()
		lc := LevelCoverage{Size: p.size, Exhaustive: p.exhaustive, Total: p.total}
		if p.exhaustive {
			lc.Scored = s.exhaustive(p.size, level)
		} else {
			seeds := prev[:min(p.beam, len(prev))]
			lc.Seeds = len(seeds)
			random := s.randomSeeds(p.size-1, p.random, seeds)
			lc.RandomSeeds = len(random)
			all := append(slices.Clip(seeds), random...)
			lc.Scored = s.beam(p.size, all, level)
			if p.parityTabs > 0 && !s.canceled() {
				lc.ParityTables, lc.ParityBits, lc.ParityRows = p.parityTabs, p.parityBits, s.rows
				if p.size == 2 {
					lc.ParityScored = s.parityPairs(p.parityBits, p.parityTabs, all, level)
				} else {
					// The plan counts chance meetings as if keys were
					// even; the first table measures them.
					p.parityTabs = s.parityDeepMeasured(p.size, p.parityBits, p.parityTabs, p.parityWork)
					lc.ParityTables = p.parityTabs
					lc.ParityScored = s.parityDeep(p.size, p.parityBits, p.parityTabs, all, level)
				}
				lc.Scored += lc.ParityScored
			}
		}
		if s.canceled() { // the level is incomplete
			return nil, cov
		}
		lc.Elapsed = time.Since(start)
		// One cost for the whole size: the order within it is unchanged.
		cost := s.selectionCost(p.size)
		for i := range level.items {
			level.items[i].Score -= cost
		}
		items := level.sorted()
		if len(items) > 0 {
			lc.Best = slices.Clone(items[0].Features)
			lc.BestScore = s.score(lc.Best) - cost // canonically, as the kept tuples below
		}
		cov.Levels = append(cov.Levels, lc)
		overall.merge(level)
		prev = items[:min(p.keep, len(items))]
	}
	// Scores of beam tuples are summed in their seed's cell order: score
	// the kept tuples once more the canonical way, so that a tuple's score
	// does not depend on how it was found.
	final := &topK{k: overall.k}
	for _, t := range overall.items {
		final.offer(t.Features, s.score(t.Features)-s.selectionCost(len(t.Features)))
	}
	final = s.withDominators(final)
	// A tuple that scores no better than one of its own sub-tuples adds a
	// passenger to a real effect ((f, noise) next to (f)): drop it.
	// A pair dropped for its single feature whose added feature still
	// passes a likelihood-ratio test becomes that single's extension (the
	// best such, by score); the pairs dropped for it are the candidates
	// for its partner.
	out := make([]Candidate, 0, min(keep, len(final.items))) // keep can be far more than there are
	ext, dropped := map[int][]int{}, map[int][][]int{}
	for _, t := range final.sorted() {
		sub := s.dominatedBy(t)
		switch {
		case sub == nil:
			if len(out) < keep {
				out = append(out, t)
			}
		case len(t.Features) == 2 && len(sub) == 1 && !s.extendedBIC:
			dropped[sub[0]] = append(dropped[sub[0]], t.Features)
			if ext[sub[0]] == nil && s.extends(t.Features, sub) {
				ext[sub[0]] = t.Features
			}
		}
	}
	for i := range out {
		if len(out[i].Features) == 1 {
			out[i].Extension = ext[out[i].Features[0]]
		}
	}
	s.markEvidence(out)
	// The single that would lead the rule table gets its partner: the
	// pair, among those dropped for it, that leaves the fewest training
	// rows wrong, where the best-scoring of them corrects some of the
	// single's rows (screener.partner; NewTable gives a lone single's
	// slots to it).
	if i := slices.IndexFunc(out, func(c Candidate) bool { return c.Evidence && c.Score > 0 }); i >= 0 && len(out[i].Features) == 1 {
		a := out[i].Features[0]
		out[i].Partner = s.partner(a, dropped[a])
	}
	s.promoteExtensions(out)
	return out, cov
}

// withDominators returns the tuples of kept and the sub-tuples that
// dominate some of them (dominatedBy) where kept lacks such a sub-tuple
// and it outscores every kept tuple that no sub-tuple dominates: the
// dominated tuples are dropped below as passengers of their sub-tuple, so
// a sub-tuple stronger than everything left must be there to stand for
// them. The overall best tuples can lack it where the table is wide:
// among D features the best of a strong single feature's D − 1 chance
// partners gains more than a pair's BIC penalty, so hundreds of its pairs
// and triples outscore the single and fill every place (a dominant
// genotype among 2,000 SNPs one-hot coded, 300 rows: the single at score
// 162, its best pair at 170); without the single every one of them was
// dropped and no tuple was left, so the table took random tuples. A weak
// single left out the same way (a chance single of 64 features whose own
// pairs outscore it) stays out, as before: it is not the table's signal,
// and beside a target single it would keep that single from its Partner
// (session 35 in the package documentation). Where nothing is missing,
// as on every narrow table measured, kept is returned as it is.
func (s *screener) withDominators(kept *topK) *topK {
	have := map[string]bool{}
	floor := math.Inf(-1) // the best score of a kept tuple that survives on its own
	var subs [][]int      // the dominators of the kept tuples, once each
	for _, t := range kept.items {
		have[tupleKey(t.Features)] = true
		if sub := s.dominatedBy(t); sub != nil {
			subs = append(subs, sub)
		} else {
			floor = max(floor, t.Score)
		}
	}
	var added []Candidate
	for len(subs) > 0 {
		var next [][]int
		for _, sub := range subs {
			if have[tupleKey(sub)] {
				continue
			}
			have[tupleKey(sub)] = true
			c := Candidate{Features: sub, Score: s.score(sub) - s.selectionCost(len(sub))}
			if c.Score > floor {
				added = append(added, c)
			}
			if subsub := s.dominatedBy(c); subsub != nil { // it may have a dominator of its own
				next = append(next, subsub)
			}
		}
		subs = next
	}
	if len(added) == 0 {
		return kept
	}
	out := &topK{k: kept.k + len(added)}
	for _, t := range kept.items {
		out.offer(t.Features, t.Score)
	}
	for _, t := range added {
		out.offer(t.Features, t.Score)
	}
	return out
}

// promoteExtensions acts where no candidate in cs has evidence, so that
// the rule table would take random tuples: a single whose Extension has
// evidence as a pair, its p-value within EvidenceFDR/C(D, 2) (the
// strictest step of the Benjamini–Hochberg test among pairs), gives its
// place to that pair. The dominance test prefers the single as the
// simpler explanation of the pair's evidence, but a single without
// evidence of its own explains nothing the tests trust (and over 32
// features, 20 % noise, seed 2: the target pair, p = 7·10⁻⁵ among 496
// pairs, was dropped for its single, p = 0.004 among 32, and the random
// tuples that took the slots learned the flipped labels: fresh-row
// accuracy 0.70, 1.000 with the pair). Beside tuples with evidence it
// does not act: there a promoted pair is one more chance tuple beside the
// target (gates at 20 % noise, seed 202: 4 fits lost, 1 gained).
func (s *screener) promoteExtensions(cs []Candidate) {
	if s.extendedBIC || slices.ContainsFunc(cs, func(c Candidate) bool { return c.Evidence }) {
		return
	}
	pairs := binom(len(s.active), 2)
	for i, c := range cs {
		if len(c.Features) != 1 || c.Extension == nil {
			continue
		}
		if s.pValue(c.Extension) <= EvidenceFDR/pairs {
			cs[i] = Candidate{Features: c.Extension, Score: s.score(c.Extension), Evidence: true}
		}
	}
}

// parallel runs work(kernel, top) on procs.Workers() goroutines, each with a
// kernel of its own and all offering to one shared top-k, then merges that
// into level; it returns the tuples scored. When s.ctx is done, the
// kernels' stop flag is set: work returns at its next work item, and level
// holds a part of the tuples (screen discards it).
func (s *screener) parallel(size int, level *topK, work func(kn *kernel, top *sharedTop)) int64 {
	return s.parallelOnce(size, level, false, work)
}

// parallelOnce is parallel; with once, the shared top-k admits a tuple
// offered again only once (see sharedTop.seen).
func (s *screener) parallelOnce(size int, level *topK, once bool, work func(kn *kernel, top *sharedTop)) int64 {
	workers := procs.Workers()
	kernels := make([]*kernel, workers)
	top := newSharedTop(level.k)
	if once {
		top.seen = map[string]bool{}
	}
	// A flag rather than ctx.Err() in the loops: an atomic load costs
	// nothing beside a work item, where Err takes a lock.
	stop := new(atomic.Bool)
	if s.ctx != nil {
		defer context.AfterFunc(s.ctx, func() { stop.Store(true) })()
		if s.ctx.Err() != nil {
			stop.Store(true)
		}
	}
	var wg sync.WaitGroup
	for w := range workers {
		kernels[w] = newKernel(s, size)
		kernels[w].stop = stop
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(kernels[w], top)
		}()
	}
	wg.Wait()
	level.merge(&top.top)
	var scored int64
	for _, kn := range kernels {
		scored += kn.scored
	}
	return scored
}

// exhaustive scores every tuple of size features (never two of one block)
// into level; goroutines take the tuples' first features in turn.
func (s *screener) exhaustive(size int, level *topK) int64 {
	act := s.active
	var next atomic.Int64
	return s.parallel(size, level, func(kn *kernel, top *sharedTop) {
		t := make([]int, size)
		var rec func(depth, start int)
		rec = func(depth, start int) {
			pre := &kn.depth[depth]
			if depth == size-1 {
				for _, j := range act[start:] {
					if s.blockClash(t[:depth], j) {
						continue
					}
					if sc := kn.leaf(pre, j); top.admits(sc) {
						t[depth] = j
						top.offer(t, sc)
					}
				}
				return
			}
			for a := start; a <= len(act)-(size-depth); a++ {
				j := act[a]
				if s.blockClash(t[:depth], j) {
					continue
				}
				if kn.stop.Load() {
					return
				}
				t[depth] = j
				s.extend(&kn.depth[depth+1], pre, j)
				rec(depth+1, a+1)
			}
		}
		if size == 1 {
			if next.Add(1) == 1 {
				rec(0, 0)
			}
			return
		}
		for {
			a := int(next.Add(1) - 1)
			if a > len(act)-size || kn.stop.Load() {
				return
			}
			j := act[a]
			if size == 2 {
				kn.pairs(j, act[a+1:], top, nil, 0)
				continue
			}
			t[0] = j
			s.extend(&kn.depth[1], &kn.depth[0], j)
			rec(1, a+1)
		}
	})
}

// beam extends every seed (tuples of size−1, best first) by every feature
// and scores the result into level. A tuple reachable from several seeds
// is scored once, from the best of them.
func (s *screener) beam(size int, seeds []Candidate, level *topK) int64 {
	if size == 2 {
		return s.beamPairs(seeds, level)
	}
	return s.beamLeaves(size, seeds, level)
}

// beamLeaves is beam through kernel.leaf, for any size.
func (s *screener) beamLeaves(size int, seeds []Candidate, level *topK) int64 {
	// seedsOf[j]: the ranks of the seeds holding feature j, ascending.
	seedsOf := make([][]int32, len(s.cols))
	for r, sd := range seeds {
		for _, f := range sd.Features {
			seedsOf[f] = append(seedsOf[f], int32(r))
		}
	}
	var next atomic.Int64
	return s.parallel(size, level, func(kn *kernel, top *sharedTop) {
		t := make([]int, 0, size)
		for {
			r := int(next.Add(1) - 1)
			if r >= len(seeds) || kn.stop.Load() {
				return
			}
			seed := seeds[r].Features
			for d, f := range seed {
				s.extend(&kn.depth[d+1], &kn.depth[d], f)
			}
			pre := &kn.depth[len(seed)]
			for _, j := range s.active {
				if slices.Contains(seed, j) || s.blockClash(seed, j) || earlierSeed(seeds, seedsOf[j], seed, j, r) {
					continue
				}
				sc := kn.leaf(pre, j)
				if !top.admits(sc) {
					continue
				}
				t = append(t[:0], seed...)
				t = append(t, j)
				slices.Sort(t)
				top.offer(t, sc)
			}
		}
	})
}

// beamPairs is beam for pairs, whose seeds are single features: seed i
// is extended by every feature j but i and those of the seeds ranked
// before it (that seed scores the pair), through the pair kernel, whose
// scores are kernel.leaf's bit for bit, without beam's per-tuple tests.
func (s *screener) beamPairs(seeds []Candidate, level *topK) int64 {
	// rank[j]: the rank of the seed (j), or len(seeds) where j is none.
	rank := make([]int32, len(s.cols))
	for j := range rank {
		rank[j] = int32(len(seeds))
	}
	for r, sd := range seeds {
		f := sd.Features[0]
		rank[f] = min(rank[f], int32(r))
	}
	var next atomic.Int64
	return s.parallel(2, level, func(kn *kernel, top *sharedTop) {
		for {
			r := int(next.Add(1) - 1)
			if r >= len(seeds) || kn.stop.Load() {
				return
			}
			kn.pairs(seeds[r].Features[0], s.active, top, rank, int32(r))
		}
	})
}

// earlierSeed reports whether a seed ranked before r, among those holding
// j (ranks, ascending), lies within seed ∪ {j}: that seed scores the tuple.
func earlierSeed(seeds []Candidate, holding []int32, seed []int, j, r int) bool {
	for _, q := range holding {
		if int(q) >= r {
			return false
		}
		inside := true
		for _, f := range seeds[q].Features {
			if f != j && !slices.Contains(seed, f) {
				inside = false
				break
			}
		}
		if inside {
			return true
		}
	}
	return false
}

// blockClash reports whether j shares a block with a feature of t.
func (s *screener) blockClash(t []int, j int) bool {
	if s.blocks == nil {
		return false
	}
	for _, c := range t {
		if s.blocks[c] == s.blocks[j] {
			return true
		}
	}
	return false
}

// randomSeeds draws n distinct tuples of size features (sorted, no two of
// one block), none of them among best, uniformly from the active features;
// the generator is seeded by the size and the feature count, so screening
// stays a function of the data. It gives up after 20·n draws that repeat
// or clash (a small space).
func (s *screener) randomSeeds(size, n int, best []Candidate) []Candidate {
	if n <= 0 || size < 1 || size > len(s.active) {
		return nil
	}
	seen := make(map[string]bool, len(best)+n)
	key := func(t []int) string { return fmt.Sprint(t) }
	for _, c := range best {
		seen[key(c.Features)] = true
	}
	rng := rand.New(rand.NewPCG(uint64(size), uint64(len(s.active))))
	out := make([]Candidate, 0, n)
	for tries := 0; len(out) < n && tries < 20*n; tries++ {
		t := make([]int, 0, size)
		for draws := 0; len(t) < size && draws < 20*size; draws++ {
			j := s.active[rng.IntN(len(s.active))]
			if !slices.Contains(t, j) && !s.blockClash(t, j) {
				t = append(t, j)
			}
		}
		if len(t) < size {
			continue
		}
		slices.Sort(t)
		if k := key(t); !seen[k] {
			seen[k] = true
			out = append(out, Candidate{Features: t})
		}
	}
	return out
}
