// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ridge

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// randomProblem draws rows × cols Gaussian values and labels from a
// softmax of the first column's and second column's values.
func randomProblem(seed uint64, rows, cols, classes int) Problem {
	rng := rand.New(rand.NewPCG(seed, 1))
	x := make([]float64, rows*cols)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	y := make([]int, rows)
	for i := range y {
		s := x[i*cols] + 0.5*x[i*cols+min(1, cols-1)] + 0.7*rng.NormFloat64()
		y[i] = min(classes-1, max(0, int(math.Floor(s+float64(classes)/2))))
	}
	for c := range classes { // every class present
		y[c] = c
	}
	w := make([]float64, classes)
	for c := range w {
		w[c] = 0.5 + float64(c)
	}
	return Problem{X: x, Rows: rows, Cols: cols, Y: y, Classes: classes, ClassWeights: w, L2: 0.05}
}

// TestObjectiveGradient checks the analytic gradient of the objective
// against central differences, with class weights and a subset of rows.
func TestObjectiveGradient(t *testing.T) {
	p := randomProblem(3, 9, 5, 3)
	o := designOf(p, []int{0, 1, 2, 4, 5, 7, 8})
	rng := rand.New(rand.NewPCG(5, 5))
	v := make([]float64, p.Cols*p.Classes+p.Classes)
	for i := range v {
		v[i] = 0.3 * rng.NormFloat64()
	}
	g := make([]float64, len(v))
	o.eval(g, v)
	const h = 1e-6
	for k := range v {
		old := v[k]
		v[k] = old + h
		up := o.eval(nil, v)
		v[k] = old - h
		down := o.eval(nil, v)
		v[k] = old
		if num := (up - down) / (2 * h); math.Abs(num-g[k]) > 1e-6*max(1, math.Abs(num)) {
			t.Errorf("∂L/∂v[%d] = %.9g, central difference %.9g", k, g[k], num)
		}
	}
}

// TestRowSpaceAgrees checks that fitting over the rows' coordinates in
// their span gives every held-out row the loss of the fit over the
// columns (the optimum is the same model), with more rows than columns
// and with fewer.
func TestRowSpaceAgrees(t *testing.T) {
	for _, tc := range []struct {
		rows, cols, classes int
		shape               string
	}{{40, 6, 2, "gaussian"}, {30, 12, 3, "gaussian"}, {20, 50, 2, "gaussian"}, {20, 50, 2, "centred"}, {24, 60, 3, "repeated"}} {
		p := randomProblem(7, tc.rows, tc.cols, tc.classes)
		reshape(p, tc.shape)
		p.GradientThreshold = 1e-10
		fold := make([]int, p.Rows)
		for i := range fold {
			fold[i] = i % 4
		}
		full, err := mustDesign(t, p, Columns{0, p.Cols}, columns).CrossValidate(context.Background(), fold, 4)
		if err != nil {
			t.Fatal(err)
		}
		reduced, err := mustDesign(t, p, Columns{0, p.Cols}, span).CrossValidate(context.Background(), fold, 4)
		if err != nil {
			t.Fatal(err)
		}
		for i := range full {
			if math.Abs(full[i]-reduced[i]) > 1e-6*max(1, full[i]) {
				t.Errorf("%+v: row %d: held-out loss %.9g over the columns, %.9g over the rows' span", tc, i, full[i], reduced[i])
			}
		}
	}
}

// TestFitInTheRowSpace checks that the weights Fit maps back from the
// rows' span are those of the fit over the columns, with fewer rows than
// columns (where the optimum lies in the rows' span), also where the rows
// are rank-deficient or all zero.
func TestFitInTheRowSpace(t *testing.T) {
	for _, shape := range []string{"gaussian", "centred", "repeated", "zero"} {
		p := randomProblem(9, 16, 40, 3)
		reshape(p, shape)
		p.GradientThreshold = 1e-11
		cols := Columns{5, 40}
		wFull, bFull, err := mustDesign(t, p, cols, columns).Fit(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		wSpan, bSpan, err := mustDesign(t, p, cols, span).Fit(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(wSpan) != 35*3 || len(bSpan) != 3 {
			t.Fatalf("%s: %d weights and %d intercepts, want 105 and 3", shape, len(wSpan), len(bSpan))
		}
		for k := range wFull {
			if math.Abs(wFull[k]-wSpan[k]) > 1e-5 {
				t.Fatalf("%s: W[%d] = %.8g over the columns, %.8g from the rows' span", shape, k, wFull[k], wSpan[k])
			}
		}
		for k := range bFull {
			if math.Abs(bFull[k]-bSpan[k]) > 1e-5 {
				t.Fatalf("%s: b[%d] = %.8g over the columns, %.8g from the rows' span", shape, k, bFull[k], bSpan[k])
			}
		}
	}
}

// reshape makes p's rows rank-deficient in place: "centred" subtracts
// each column's mean (the rows then sum to zero, as standardised columns
// do), "repeated" copies each of the first half of the rows over the row
// half-way after it, and "zero" sets every value to 0.
func reshape(p Problem, shape string) {
	switch shape {
	case "centred":
		for j := range p.Cols {
			mean := 0.0
			for i := range p.Rows {
				mean += p.X[i*p.Cols+j] / float64(p.Rows)
			}
			for i := range p.Rows {
				p.X[i*p.Cols+j] -= mean
			}
		}
	case "repeated":
		h := p.Rows / 2
		copy(p.X[h*p.Cols:2*h*p.Cols], p.X[:h*p.Cols])
	case "zero":
		clear(p.X)
	}
}

// TestRowSpaceRank checks the rank rowSpace finds and that its coordinates
// keep every inner product of the rows (ZZᵀ = XXᵀ): Gaussian rows, rows
// that sum to zero, repeated rows, and rows of zeros.
func TestRowSpaceRank(t *testing.T) {
	for _, tc := range []struct {
		shape      string
		rows, rank int
	}{{"gaussian", 20, 20}, {"centred", 20, 19}, {"repeated", 24, 12}, {"zero", 10, 1}} {
		p := randomProblem(11, tc.rows, 70, 2)
		reshape(p, tc.shape)
		z, r, span, err := rowSpace(p, Columns{0, p.Cols})
		if err != nil {
			t.Fatalf("%s: %v", tc.shape, err)
		}
		if r != tc.rank || len(z) != tc.rows*r || len(span.pivots) != r || len(span.l11) != r*r {
			t.Fatalf("%s: rank %d (%d coordinates, %d pivots), want %d", tc.shape, r, len(z), len(span.pivots), tc.rank)
		}
		for i := range p.Rows {
			for j := range i + 1 {
				xx, zz := 0.0, 0.0
				for c := range p.Cols {
					xx += p.X[i*p.Cols+c] * p.X[j*p.Cols+c]
				}
				for c := range r {
					zz += z[i*r+c] * z[j*r+c]
				}
				if math.Abs(xx-zz) > 1e-9*max(1, math.Abs(xx)) {
					t.Fatalf("%s: rows %d, %d: inner product %.12g, %.12g in the span", tc.shape, i, j, xx, zz)
				}
			}
		}
	}
}

func mustDesign(t *testing.T, p Problem, cols Columns, b basis) *Design {
	t.Helper()
	d, err := newDesign(p, cols, b)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
