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
// whose own dependence with the label has evidence as screening judges a
// tuple of one feature (Candidate.Evidence): the Benjamini–Hochberg test
// at EvidenceFDR over the features screening would score or, with
// extendedBIC, a positive extended-BIC score. nil for data Screen would
// refuse.
func EvidentSingles(d Data, extendedBIC bool) []int {
	s := screenerOf(d)
	if s == nil {
		return nil
	}
	s.extendedBIC = extendedBIC
	cands := make([]Candidate, len(s.active))
	for i, j := range s.active {
		cands[i].Features = []int{j}
		cands[i].Score = s.score(cands[i].Features) - s.selectionCost(1)
	}
	s.markEvidence(cands)
	evident := make(map[int]bool, len(cands))
	for _, c := range cands {
		evident[c.Features[0]] = c.Evidence
	}
	return slices.DeleteFunc(RankSingles(d), func(j int) bool { return !evident[j] })
}

// Uncovered returns the features of ranked, in its order, that are in
// none of tuples: the single effects the strong tuples leave unexplained.
func Uncovered(tuples [][]int, ranked []int) []int {
	return slices.DeleteFunc(slices.Clone(ranked), func(j int) bool {
		return slices.ContainsFunc(tuples, func(t []int) bool { return slices.Contains(t, j) })
	})
}
