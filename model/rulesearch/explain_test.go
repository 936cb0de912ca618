// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"fmt"
	"math"
	"math/rand/v2"
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

// addRowByRow is Scorer.Add as it was written first, row by row: the
// reference that Add must match bit for bit.
func addRowByRow(s *Scorer, att []float64, rows int) {
	R, C := s.slots, s.classes
	for i := range rows {
		for r, v := range att[i*R : (i+1)*R] {
			s.attSum[r] += v
			for c := range C {
				t := v * s.wc[r*C+c]
				s.sum[r*C+c] += t
				s.sq[r*C+c] += t * t
			}
		}
	}
	s.rows += rows
}

// Add, which sums slot by slot and class by class, gives the sums of a
// row-by-row pass bit for bit, over several calls and for class counts
// that are and are not multiples of its four-class step.
func TestScorerAddMatchesRowByRow(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 5))
	for _, tt := range []struct {
		name                  string
		slots, classes, calls int
	}{
		{"2 classes", 12, 2, 3},
		{"4 classes", 8, 4, 2},
		{"7 classes", 9, 7, 3},
		{"1 class", 5, 1, 2},
		{"many classes", 16, 203, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := make([]float64, tt.slots*tt.classes)
			for i := range w {
				w[i] = rng.NormFloat64()
			}
			got, err := NewScorer(w, tt.classes)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := NewScorer(w, tt.classes)
			for call := range tt.calls {
				rows := 1 + call*37
				att := make([]float64, rows*tt.slots)
				for i := range att {
					att[i] = rng.Float64()
				}
				got.Add(att, rows)
				addRowByRow(want, att, rows)
			}
			for _, f := range []struct {
				name      string
				got, want []float64
			}{{"sum", got.sum, want.sum}, {"sq", got.sq, want.sq}, {"attSum", got.attSum, want.attSum}} {
				for i := range f.want {
					if math.Float64bits(f.got[i]) != math.Float64bits(f.want[i]) {
						t.Fatalf("%s[%d]\ngot  %v\nwant %v", f.name, i, f.got[i], f.want[i])
					}
				}
			}
			if got.rows != want.rows {
				t.Errorf("rows\ngot  %d\nwant %d", got.rows, want.rows)
			}
		})
	}
}

// BenchmarkScorerAdd times one chunk of EvalBatch (256) rows of attention
// for 256 slots, against the row-by-row pass.
func BenchmarkScorerAdd(b *testing.B) {
	const rows, slots = 256, 256
	for _, classes := range []int{2, 5000} {
		w := make([]float64, slots*classes)
		att := make([]float64, rows*slots)
		for i := range att {
			att[i] = float64(i%7) / 7
		}
		for _, impl := range []struct {
			name string
			add  func(s *Scorer)
		}{
			{"slotByClass", func(s *Scorer) { s.Add(att, rows) }},
			{"rowByRow", func(s *Scorer) { addRowByRow(s, att, rows) }},
		} {
			b.Run(fmt.Sprintf("classes=%d/%s", classes, impl.name), func(b *testing.B) {
				s, _ := NewScorer(w, classes)
				for b.Loop() {
					impl.add(s)
				}
			})
		}
	}
}
