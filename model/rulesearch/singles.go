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
