// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"slices"

	"github.com/hornets-go/hornets/model/rulesearch"
)

// placedTuples returns the tuples a rule table built from screened and
// singles gives runs of heads at the start, in their order: the strong
// tuples (StrongTuples), then the singles.
func placedTuples(cfg Config, screened []rulesearch.Candidate, singles []int) [][]int {
	strong, _ := rulesearch.StrongTuples(cfg.Search, cfg.Rules, screened)
	for _, j := range singles {
		strong = append(strong, []int{j})
	}
	return strong
}

// firstTuples returns the screened candidates and the singles of a rule
// table that places exactly tuples (a prefix of placedTuples): each
// marked Chosen, with evidence, so that NewTable takes them in their
// order, and no other tuple with evidence, so that the pool refreshes
// draw from is empty; the singles are those of singles among tuples.
func firstTuples(tuples [][]int, singles []int) ([]rulesearch.Candidate, []int) {
	kept := make([]rulesearch.Candidate, 0, len(tuples))
	for _, t := range tuples {
		kept = append(kept, rulesearch.Candidate{Features: slices.Clone(t), Evidence: true, Chosen: true, Score: 1})
	}
	var keptSingles []int
	for _, j := range singles {
		if slices.ContainsFunc(tuples, func(t []int) bool { return len(t) == 1 && t[0] == j }) {
			keptSingles = append(keptSingles, j)
		}
	}
	return kept, keptSingles
}
