// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import "slices"

// SinglesAdded returns the features of ranked (RankSingles' order) that
// get a tuple of their own beside the strong tuples (StrongTuples) where
// free tuples are left: those not a strong single already, best first.
func SinglesAdded(tuples [][]int, ranked []int, free int) []int {
	var added []int
	for _, j := range ranked {
		if len(added) >= free {
			break
		}
		if !slices.ContainsFunc(tuples, func(u []int) bool { return len(u) == 1 && u[0] == j }) {
			added = append(added, j)
		}
	}
	return added
}

// EvidentSingles returns the features of RankSingles(d), in its order,
// that no tuple of covered holds and whose own dependence with the label
// has evidence among those features: the Benjamini–Hochberg test at
// EvidenceFDR of the G statistics of the label against their two value
// cells, the family being the features the covered tuples leave (with
// extendedBIC: a positive extended-BIC score). These are the main effects
// the strong tuples leave unexplained. The family leaves the covered
// features out because screening's test over all features admits more
// noise features the more real effects there are: an or gate over 64
// features with 15 % of its labels flipped had two noise features at
// p = 0.002 pass it beside its targets (p ≤ 1e-5), ranks 3 and 4, and the
// network leaned on them (fresh-row accuracy 1.000 → 0.778); tested as
// ranks 1 and 2 of the 62 others, they fail. nil for data Screen would
// refuse.
func EvidentSingles(d Data, covered [][]int, extendedBIC bool) []int {
	s := screenerOf(d)
	if s == nil {
		return nil
	}
	s.extendedBIC = extendedBIC
	// The family: the features screening would score that no covered
	// tuple holds (markEvidence and selectionCost count s.active).
	s.active = s.uncovered(covered)
	cands := make([]Candidate, len(s.active))
	for i, j := range s.active {
		cands[i].Features = []int{j}
		cands[i].Score = s.score(cands[i].Features) - s.selectionCost(1)
	}
	s.markEvidence(cands)
	var evident []int // ascending, as s.active
	for _, c := range cands {
		if c.Evidence {
			evident = append(evident, c.Features[0])
		}
	}
	return s.rankByG(evident)
}
