// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math/rand/v2"
	"slices"
)

// FewestErrorsPair returns the pair of features of d whose four value
// cells' majority classes leave the fewest rows wrong (ties to the pair
// first in (a, b) order) as a candidate with its screening score, that
// count, and the p-value of a permutation test of it: (1 + k) / (1 +
// perms), where k of perms permutations of the labels (drawn from a
// generator of a fixed seed, so the result is a function of d) let some
// pair leave as few rows wrong or fewer. The minimum over all pairs is
// the statistic, so the test holds its level over every pair at once (a
// max-statistic permutation test: no Bonferroni factor). Features of one
// block and features screening skips (constant, or twins) are not
// paired. ok is false where d is data Screen would refuse, fewer than two
// features are active, (perms + 1) × pairs exceeds budget pair
// evaluations (1.6·10⁶ took 0.3 s here on 128 rows while other jobs ran),
// or the pair leaves as many rows wrong as the tuples of beat together
// do, or more (TuplesWrong: an additive logit over their value cells;
// then the permutations are not run, and nil beat always runs them).
func FewestErrorsPair(d Data, perms int, budget float64, beat [][]int) (pair Candidate, wrong int, p float64, ok bool) {
	if !d.screenable() || perms < 1 {
		return Candidate{}, 0, 1, false
	}
	s := screenerOf(d)
	act := s.active
	if len(act) < 2 || float64(perms+1)*float64(len(act))*float64(len(act)-1)/2 > budget {
		return Candidate{}, 0, 1, false
	}
	cell := make([]uint64, s.words)
	counts := make([]int, len(s.classes))
	// fewest returns the pair of fewest rows wrong under the labels in
	// s.classes, stopping early once a pair leaves at most stop wrong.
	fewest := func(stop int) (best, ba, bb int) {
		best, ba, bb = d.Rows+1, -1, -1
		for i, a := range act {
			for _, b := range act[i+1:] {
				if s.blocks != nil && s.blocks[a] == s.blocks[b] {
					continue
				}
				if e := s.cellsWrong(a, b, cell, counts); e < best {
					best, ba, bb = e, a, b
					if best <= stop {
						return best, ba, bb
					}
				}
			}
		}
		return best, ba, bb
	}
	wrong, a, b := fewest(-1)
	if a < 0 || len(beat) > 0 && TuplesWrong(d, beat) <= wrong {
		return Candidate{}, 0, 1, false
	}
	t := []int{a, b}
	pair = Candidate{Features: t, Score: s.score(t) - s.selectionCost(2)} // before the labels are permuted
	// s is this call's own screener: its class bitsets take each
	// permutation of the labels in turn.
	y := slices.Clone(d.Y)
	rng := rand.New(rand.NewPCG(0x6665776573742070, 0x61697273)) // "fewest pairs"
	k := 0
	for range perms {
		rng.Shuffle(len(y), func(i, j int) { y[i], y[j] = y[j], y[i] })
		for _, cls := range s.classes {
			clear(cls)
		}
		for i, c := range y {
			s.classes[c][i/64] |= 1 << (i % 64)
		}
		if e, _, _ := fewest(wrong); e <= wrong {
			k++
		}
	}
	return pair, wrong, float64(1+k) / float64(1+perms), true
}
