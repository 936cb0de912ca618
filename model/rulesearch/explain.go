// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"fmt"
	"math"
	"slices"

	"github.com/hornets-go/hornets/activations"
)

// Scorer accumulates each rule slot's contribution score over rows of
// rule attention: the attention A[b,r] a slot receives, weighted by its
// class-centred output weights W̃[r,c] = W[r,c] − mean_c W[r,c], measured
// by how much it varies over the rows,
//
//	score_r = Σ_c std_b( A[b,r] · W̃[r,c] ).
//
// A slot whose attention is the same for every row only shifts the bias
// and scores 0; the mean attention alone (the paper's measure) does not
// put the true rule first, this does.
type Scorer struct {
	slots, classes int
	wc, sum, sq    []float64
	attSum         []float64
	rows           int
	col            []float64 // scratch: one slot's attention over the rows of an Add
}

// NewScorer returns a Scorer for the R × classes output weights w
// (row-major). The error wraps ErrShape when classes is below 1 or does
// not divide len(w).
func NewScorer(w []float64, classes int) (*Scorer, error) {
	if classes < 1 || len(w)%classes != 0 {
		return nil, fmt.Errorf("%w: %d output weights for %d classes", ErrShape, len(w), classes)
	}
	R := len(w) / classes
	s := &Scorer{slots: R, classes: classes, wc: make([]float64, 0, R*classes),
		sum: make([]float64, R*classes), sq: make([]float64, R*classes), attSum: make([]float64, R)}
	for r := range R {
		s.wc = append(s.wc, centred(w[r*classes:(r+1)*classes])...)
	}
	return s, nil
}

// Add accumulates rows rows of attention (rows × R, row-major). It panics
// if rows is negative or att holds fewer than rows·R values. A nil Scorer
// has no slots and adds nothing (a negative rows still panics).
//
// The sums run slot by slot and class by class, each over the rows in
// order: every sum adds the same terms in the same order as a pass row by
// row, so the result is the same bit for bit, but a sum stays in a
// register across the rows instead of going through memory once a row.
// With R·C in the millions (256 slots, 5,000 classes) the row-by-row pass
// streamed 30 MB a row; this takes 0.1 s a chunk of EvalBatch rows, not 1 s.
func (s *Scorer) Add(att []float64, rows int) {
	if s == nil {
		if rows < 0 {
			panic(fmt.Sprintf("rulesearch: Scorer.Add: %d attention values for %d rows of 0 slots", len(att), rows))
		}
		return
	}
	R, C := s.slots, s.classes
	if rows < 0 || len(att) < rows*R {
		panic(fmt.Sprintf("rulesearch: Scorer.Add: %d attention values for %d rows of %d slots", len(att), rows, R))
	}
	s.col = grow(s.col, rows)
	col := s.col
	for r := range R {
		a := s.attSum[r]
		for i := range col {
			v := att[i*R+r]
			col[i] = v
			a += v
		}
		s.attSum[r] = a
		wc, sum, sq := s.wc[r*C:(r+1)*C], s.sum[r*C:(r+1)*C], s.sq[r*C:(r+1)*C]
		c := 0
		for ; c+4 <= C; c += 4 { // four classes at once: independent sums
			w0, w1, w2, w3 := wc[c], wc[c+1], wc[c+2], wc[c+3]
			s0, s1, s2, s3 := sum[c], sum[c+1], sum[c+2], sum[c+3]
			q0, q1, q2, q3 := sq[c], sq[c+1], sq[c+2], sq[c+3]
			for _, v := range col {
				t0, t1, t2, t3 := v*w0, v*w1, v*w2, v*w3
				s0 += t0
				q0 += t0 * t0
				s1 += t1
				q1 += t1 * t1
				s2 += t2
				q2 += t2 * t2
				s3 += t3
				q3 += t3 * t3
			}
			sum[c], sum[c+1], sum[c+2], sum[c+3] = s0, s1, s2, s3
			sq[c], sq[c+1], sq[c+2], sq[c+3] = q0, q1, q2, q3
		}
		for ; c < C; c++ {
			w, s0, q0 := wc[c], sum[c], sq[c]
			for _, v := range col {
				t := v * w
				s0 += t
				q0 += t * t
			}
			sum[c], sq[c] = s0, q0
		}
	}
	s.rows += rows
}

// Store writes the scores and mean attention into rs; with no rows added
// it leaves them as they were, and so does a nil Scorer. It panics if rs
// has fewer Scores or MeanAttention than the scorer has slots.
func (s *Scorer) Store(rs *Table) {
	if s == nil || s.rows == 0 {
		return
	}
	if rs == nil || len(rs.Scores) < s.slots || len(rs.MeanAttention) < s.slots {
		panic(fmt.Sprintf("rulesearch: Scorer.Store: a table of %d slots for a scorer of %d", rs.Slots(), s.slots))
	}
	n, C := float64(s.rows), s.classes
	for r := range s.slots {
		score := 0.0
		for c := range C {
			m := s.sum[r*C+c] / n
			score += math.Sqrt(max(s.sq[r*C+c]/n-m*m, 0))
		}
		rs.Scores[r], rs.MeanAttention[r] = score, s.attSum[r]/n
	}
}

// FeatureTuples returns the distinct feature tuples the slots hold, in
// slot order, by feature name (names[j], f<j> when missing),
// pseudovariables dropped.
func (rs *Table) FeatureTuples(names []string) [][]string {
	var out [][]string
	seen := map[string]bool{}
	for r := range rs.Slots() {
		fs := rs.slotFeatures(r)
		if key := tupleKey(fs); len(fs) > 0 && !seen[key] {
			seen[key] = true
			tuple := make([]string, len(fs))
			for j, c := range fs {
				tuple[j] = featureName(names, c)
			}
			out = append(out, tuple)
		}
	}
	return out
}

// FeatureEffect is one input feature of the continuous route (LinAtt)
// with its signed effect on each class.
type FeatureEffect struct {
	Feature int    `json:"-"`
	Name    string `json:"feature"`
	// Effects[c] is act(a_j)·(W[j,c] − mean_k W[j,k]): how much the
	// feature, on its standardised and row-normalised scale, raises class
	// c's logit against the mean of the classes. They sum to zero.
	Effects []float64 `json:"effects"`
	// Class is the class the feature pushes toward most, and Effect that
	// push (the largest of Effects, ≥ 0).
	Class  int     `json:"class"`
	Effect float64 `json:"effect"`
}

// Effects ranks the features of a linear attention layer by Effect,
// strongest first, from the activated attention att[j] and the D × classes
// output weights w (row-major). The error wraps ErrShape when classes is
// below 1 or w does not hold D × classes weights.
func Effects(att, w []float64, classes int, names []string) ([]FeatureEffect, error) {
	if classes < 1 || len(w) != len(att)*classes {
		return nil, fmt.Errorf("%w: %d output weights for %d features and %d classes", ErrShape, len(w), len(att), classes)
	}
	C := classes
	out := make([]FeatureEffect, len(att))
	for j, a := range att {
		mean := 0.0
		for c := range C {
			mean += w[j*C+c] / float64(C)
		}
		e := make([]float64, C)
		for c := range C {
			e[c] = a * (w[j*C+c] - mean)
		}
		best := activations.Argmax(e)
		out[j] = FeatureEffect{Feature: j, Name: featureName(names, j), Effects: e, Class: best, Effect: e[best]}
	}
	slices.SortStableFunc(out, func(a, b FeatureEffect) int {
		switch {
		case a.Effect > b.Effect:
			return -1
		case a.Effect < b.Effect:
			return 1
		}
		return 0
	})
	return out, nil
}

// featureName returns names[c], or f<c> when names does not reach c or
// the name is empty (one rule for every place that prints a feature).
func featureName(names []string, c int) string {
	if c < len(names) && names[c] != "" {
		return names[c]
	}
	return fmt.Sprintf("f%d", c)
}
