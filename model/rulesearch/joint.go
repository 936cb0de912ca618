// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// JointTest is the joint test of the features that no taken tuple holds
// (UncoveredJointTest): given an additive logit over the taken tuples'
// value cells, fitted to convergence, the sum of those features' Pearson
// statistics (each of the label against its two value cells, the fit's
// probabilities the expected counts), against a chi-squared on their
// summed degrees of freedom. It has power where many features each carry
// a little dependence that no one of them shows at a multiple-testing
// level (spect_test's rare "normal" class, the complement of a
// disjunction over many flags), and none where the taken tuples explain
// the label and the rest is noise (a gate with flipped labels).
type JointTest struct {
	Features  int     `json:"features"`  // uncovered features tested
	Statistic float64 `json:"statistic"` // sum of their Pearson statistics
	DF        float64 `json:"df"`        // sum of their degrees of freedom
	P         float64 `json:"p"`         // chi-squared upper tail
}

// Passed reports whether the test passes at EvidenceFDR.
func (t JointTest) Passed() bool { return t.Features > 0 && t.P < EvidenceFDR }

// jointFitRounds bounds the cyclic Newton rounds over the taken tuples;
// jointFitTolerance is the largest logit change of a round at which the
// fit counts as converged.
const (
	jointFitRounds    = 50
	jointFitTolerance = 1e-6
)

// UncoveredJointTest runs the JointTest of the features of d that
// screening would score (RankSingles' features) and that no tuple of
// taken holds. The fit moves each taken tuple's cell logits in turn by a
// Newton step damped by (C−1)/C: the per-class diagonal step of a softmax
// over C classes moves the logit differences C/(C−1) times too far (twice
// for two classes), so that undamped steps oscillate and leave the fit's
// residuals, and every uncovered feature's statistic, inflated (a not
// gate over 128 features with 20 % flipped labels: 290 on 127 degrees of
// freedom after Choose's three undamped steps, 98.9 when converged). ok
// is false where fewer than two features are left to test (one is no
// joint test, and the evidence test of EvidentSingles has had its look
// at it: an or gate over 3 features with 20 % flipped labels gave its
// one noise feature a tuple at p < 0.05, fresh-row accuracy 1.000 →
// 0.893), a tuple is not 1 to MaxScreenOrder ascending features of d, or
// d is data Screen would refuse.
func UncoveredJointTest(d Data, taken [][]int) (t JointTest, ok bool) {
	s := screenerOf(d)
	if s == nil {
		return JointTest{}, false
	}
	for _, tu := range taken {
		if !validTuple(tu, MaxScreenOrder, d.Features) {
			return JointTest{}, false
		}
	}
	pool := s.uncovered(taken)
	if len(pool) < 2 {
		return JointTest{}, false // one feature is no joint test: EvidentSingles has tested it
	}
	cands := make([]Candidate, 0, len(taken)+len(pool))
	for _, tu := range taken {
		cands = append(cands, Candidate{Features: tu})
	}
	for _, j := range pool {
		cands = append(cands, Candidate{Features: []int{j}})
	}
	b := newBooster(d, cands)
	b.fitFirst(len(taken))
	b.gradients()
	t.Features = len(pool)
	for k := len(taken); k < len(cands); k++ {
		stat, cells := b.pearson(k)
		if cells < 2 {
			continue
		}
		t.Statistic += stat
		t.DF += float64((cells - 1) * (d.Classes - 1))
	}
	t.P = 1
	if t.DF >= 1 {
		t.P = distuv.ChiSquared{K: t.DF}.Survival(t.Statistic)
	}
	return t, true
}

// fitFirst fits the additive logit over the value cells of b's first n
// candidates to convergence: cyclic Newton steps, each damped by
// (C−1)/C (see UncoveredJointTest), for at most jointFitRounds rounds or
// until no cell logit moves by jointFitTolerance.
func (b *booster) fitFirst(n int) {
	damp := float64(b.classes-1) / float64(b.classes)
	for range jointFitRounds {
		largest := 0.0
		for k := range n {
			b.gradients()
			m := b.cellSums(k, b.curv)
			for j := range b.g[:m] {
				b.g[j] *= damp
				largest = max(largest, math.Abs(b.g[j]/(b.h[j]+chooseL2)))
			}
			b.step(k)
		}
		if largest < jointFitTolerance {
			break
		}
	}
}

// TuplesWrong returns the rows of d that an additive logit over the
// value cells of tuples, fitted to convergence (as UncoveredJointTest
// fits it), leaves wrong: rows whose most probable class is not theirs.
// It is d.Rows where d cannot be screened or a tuple is not 1 to
// MaxScreenOrder ascending features of d.
func TuplesWrong(d Data, tuples [][]int) int {
	if !d.screenable() {
		return d.Rows
	}
	cands := make([]Candidate, len(tuples))
	for k, t := range tuples {
		if !validTuple(t, MaxScreenOrder, d.Features) {
			return d.Rows
		}
		cands[k] = Candidate{Features: t}
	}
	b := newBooster(d, cands)
	b.fitFirst(len(tuples))
	b.gradients()
	wrong := 0
	c := b.classes
	for i, y := range b.y {
		p := b.p[i*c : (i+1)*c]
		if slices.Index(p, slices.Max(p)) != y {
			wrong++
		}
	}
	return wrong
}
