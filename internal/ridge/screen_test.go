// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ridge

import (
	"context"
	"math/rand/v2"
	"testing"
)

// A screened fit keeps the one column that carries the label and weighs
// nothing else.
func TestScreenKeepsTheSignal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rows, cols := 120, 300
	p := Problem{X: make([]float64, rows*cols), Rows: rows, Cols: cols, Y: make([]int, rows), Classes: 2, L2: 0.01}
	for i := range rows {
		for j := range cols {
			p.X[i*cols+j] = rng.NormFloat64()
		}
		if p.X[i*cols+7]+0.3*rng.NormFloat64() > 0 {
			p.Y[i] = 1
		}
	}
	s, err := NewScreen(p, Columns{Lo: 0, Hi: cols}, 1)
	if err != nil {
		t.Fatal(err)
	}
	w, _, keep, err := s.Fit(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(keep) != 1 || keep[0] != 7 {
		t.Fatalf("kept %v, want [7]", keep)
	}
	for j := range cols {
		if j != 7 && (w[2*j] != 0 || w[2*j+1] != 0) {
			t.Fatalf("column %d weighed %v", j, w[2*j:2*j+2])
		}
	}
	fold := make([]int, rows)
	for i := range fold {
		fold[i] = i % 5
	}
	loss, _, err := s.CrossValidateLogits(context.Background(), fold, 5)
	if err != nil {
		t.Fatal(err)
	}
	mean := 0.0
	for _, v := range loss {
		mean += v / float64(rows)
	}
	if !(mean < 0.5) {
		t.Fatalf("held-out loss %.3f, want < 0.5", mean)
	}
}
