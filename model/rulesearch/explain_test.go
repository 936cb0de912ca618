// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math"
	"testing"
)

// A slot whose attention is the same on every row scores 0; one whose
// attention varies scores the standard deviation of its weighted
// attention; no rows leave the scores as they were.
func TestScorer(t *testing.T) {
	t.Parallel()
	rs := &Table{Scores: []float64{7, 7}, MeanAttention: []float64{7, 7}}
	w := []float64{1, -1, 2, 0} // slot 0: centred ±1; slot 1: centred ±1
	s, err := NewScorer(w, 2)
	if err != nil {
		t.Fatal(err)
	}
	s.Store(rs)
	if rs.Scores[0] != 7 || rs.MeanAttention[1] != 7 {
		t.Fatalf("no rows: scores %v, attention %v, want unchanged", rs.Scores, rs.MeanAttention)
	}
	s.Add([]float64{0.5, 0.2, 0.5, 0.8}, 2) // slot 0 constant, slot 1 0.2 then 0.8
	s.Store(rs)
	// slot 1: A·W̃ is ±0.2 then ±0.8, std 0.3 per class, summed 0.6.
	if rs.Scores[0] != 0 || math.Abs(rs.Scores[1]-0.6) > 1e-12 {
		t.Errorf("scores\ngot  %v\nwant [0 0.6]", rs.Scores)
	}
	if math.Abs(rs.MeanAttention[0]-0.5) > 1e-12 || math.Abs(rs.MeanAttention[1]-0.5) > 1e-12 {
		t.Errorf("mean attention\ngot  %v\nwant [0.5 0.5]", rs.MeanAttention)
	}
}
