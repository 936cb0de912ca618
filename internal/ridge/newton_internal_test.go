// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ridge

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/optimize"

	"github.com/hornets-go/hornets/internal/lbfgs"
)

// designOf returns the objective of p over the rows rows and its columns.
func designOf(p Problem, rows []int) *objective {
	var design []float64
	for _, i := range rows {
		design = append(design, p.X[i*p.Cols:(i+1)*p.Cols]...)
	}
	return &objective{ctx: context.Background(), p: p, design: design, rows: rows, m: p.Cols}
}

// TestHessianAgreesWithGradient checks the hand-derived Hessian against
// central differences of the analytic gradient (itself checked by
// TestObjectiveGradient), with class weights, a subset of rows, zeros in
// the rows, two to four classes, and more rows than hessian takes at a
// time.
func TestHessianAgreesWithGradient(t *testing.T) {
	for _, tc := range []struct{ rows, classes int }{{11, 2}, {11, 3}, {11, 4}, {2*hessianChunk + 50, 3}} {
		classes := tc.classes
		p := randomProblem(uint64(10+classes), tc.rows, 4, classes)
		p.X[5] = 0
		var rows []int
		for i := range p.Rows {
			if i%3 != 2 {
				rows = append(rows, i)
			}
		}
		o := designOf(p, rows)
		rng := rand.New(rand.NewPCG(5, uint64(classes)))
		P := (p.Cols + 1) * classes
		v := make([]float64, P)
		for i := range v {
			v[i] = 0.4 * rng.NormFloat64()
		}
		h := make([]float64, P*P)
		o.prob = make([]float64, len(rows)*classes)
		o.eval(make([]float64, P), v) // the softmax at v, which hessian reads
		o.hessian(h, make([]float64, (p.Cols+1)*(p.Cols+1)), make([]float64, (p.Cols+1)*hessianChunk))
		o.prob = nil
		const step = 1e-5
		up, down := make([]float64, P), make([]float64, P)
		for k := range v {
			old := v[k]
			v[k] = old + step
			o.eval(up, v)
			v[k] = old - step
			o.eval(down, v)
			v[k] = old
			for j := range v {
				num := (up[j] - down[j]) / (2 * step)
				if j < p.Cols*classes && j == k {
					num -= p.L2 // the penalty's curvature, which hessian leaves out
				}
				if got := h[j*P+k]; math.Abs(num-got) > 1e-6*max(1, math.Abs(num)) {
					t.Errorf("%d classes: ∂²L/∂v[%d]∂v[%d] = %.9g, central difference %.9g", classes, j, k, got, num)
				}
			}
		}
	}
}

// TestNewtonMatchesLBFGS checks that Newton's method reaches the optimum
// L-BFGS reaches when both are run to a tight gradient threshold: the
// same loss, the same logits on held-out rows, the intercepts summing to
// zero. It covers a wide design, the weakest penalty the continuous
// route tries, and rows that separate the classes.
func TestNewtonMatchesLBFGS(t *testing.T) {
	for _, tc := range []struct {
		name                string
		rows, cols, classes int
		l2                  float64
		separable           bool
	}{
		{"binary", 60, 5, 2, 0.05, false},
		{"three classes", 80, 6, 3, 0.01, false},
		{"wide", 30, 40, 2, 0.05, false},
		{"weak penalty", 60, 5, 4, 1e-6, false},
		{"separable", 40, 3, 2, 1e-4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := randomProblem(21, tc.rows, tc.cols, tc.classes)
			p.L2 = tc.l2
			if tc.separable {
				for i := range p.Y {
					p.Y[i] = 0
					if p.X[i*p.Cols] > 0 {
						p.Y[i] = 1
					}
				}
			}
			rows := make([]int, 0, p.Rows)
			for i := range p.Rows {
				if i%5 != 0 {
					rows = append(rows, i)
				}
			}
			o := designOf(p, rows)
			nv, err := newtonFrom(o, make([]float64, (p.Cols+1)*p.Classes), 1e-11)
			if err != nil {
				t.Fatal(err)
			}
			lo := designOf(p, rows)
			res, err := lbfgs.Minimize(lo.eval, make([]float64, len(nv)), &optimize.Settings{GradientThreshold: 1e-11, FuncEvaluations: 100000})
			if res == nil {
				t.Fatal(err)
			}
			lv := res.X
			g := make([]float64, len(nv))
			fn, fl := o.eval(g, nv), lo.eval(nil, lv)
			if gmax := maxAbs(g); gmax > 1e-7 {
				t.Errorf("Newton's gradient %.3g at its end, want < 1e-7", gmax)
			}
			if fn > fl+1e-12*max(1, math.Abs(fl)) {
				t.Errorf("Newton's loss %.15g above L-BFGS's %.15g", fn, fl)
			}
			sum := 0.0
			for _, b := range nv[p.Cols*p.Classes:] {
				sum += b
			}
			if math.Abs(sum) > 1e-9 {
				t.Errorf("Newton's intercepts sum to %.3g, want 0", sum)
			}
			C := p.Classes
			zn, zl := make([]float64, C), make([]float64, C)
			fnFit := fitted{theta: nv[:p.Cols*C], b: nv[p.Cols*C:], classes: C}
			flFit := fitted{theta: lv[:p.Cols*C], b: lv[p.Cols*C:], classes: C}
			for i := 0; i < p.Rows; i += 5 {
				x := p.X[i*p.Cols : (i+1)*p.Cols]
				fnFit.logits(x, zn)
				flFit.logits(x, zl)
				for c := range zn {
					if d := math.Abs(zn[c] - zl[c]); d > 1e-4*max(1, math.Abs(zl[c])) {
						t.Errorf("row %d class %d: logit %.9g by Newton, %.9g by L-BFGS", i, c, zn[c], zl[c])
					}
				}
			}
		})
	}
}

func maxAbs(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = max(m, math.Abs(x))
	}
	return m
}

// correlated draws rows × cols values that are one Gaussian factor per
// row plus 1 % noise, and labels from the factor: the loss's curvature
// spans many orders of magnitude, as on tables of many collinear
// columns (spectra, descriptors).
func correlated(seed uint64, rows, cols, classes int) Problem {
	rng := rand.New(rand.NewPCG(seed, 2))
	x := make([]float64, rows*cols)
	y := make([]int, rows)
	for i := range rows {
		f := rng.NormFloat64()
		for j := range cols {
			x[i*cols+j] = f + 0.01*rng.NormFloat64() + 0.1*float64(j%3)*rng.NormFloat64()
		}
		y[i] = min(classes-1, max(0, int(math.Floor(f+0.5*rng.NormFloat64()+float64(classes)/2))))
	}
	for c := range classes {
		y[c] = c
	}
	return Problem{X: x, Rows: rows, Cols: cols, Y: y, Classes: classes, L2: 1e-6}
}

// TestNewtonFinishesWhatLBFGSCannot: at a weak penalty over collinear
// columns L-BFGS ends on its 1,000 evaluations short of the gradient
// threshold; solve, switching to Newton's method, ends with a loss as
// low or lower and a gradient below the threshold.
func TestNewtonFinishesWhatLBFGSCannot(t *testing.T) {
	p := correlated(4, 300, 12, 3)
	rows := make([]int, p.Rows)
	for i := range rows {
		rows[i] = i
	}
	o := designOf(p, rows)
	thr := 1e-4 * p.L2 // the continuous route's threshold, model.OptimumGradientThreshold
	p.GradientThreshold = thr
	alone, err := solveBy(context.Background(), p, o.design, rows, p.Cols, false)
	if err != nil {
		t.Fatal(err)
	}
	both, err := solveBy(context.Background(), p, o.design, rows, p.Cols, true)
	if err != nil {
		t.Fatal(err)
	}
	at := func(f fitted) (float64, float64) {
		g := make([]float64, (p.Cols+1)*p.Classes)
		loss := o.eval(g, append(append([]float64(nil), f.theta...), f.b...))
		return loss, maxAbs(g)
	}
	la, ga := at(alone)
	lb, gb := at(both)
	t.Logf("L-BFGS alone: loss %.15g, gradient %.3g; then Newton: loss %.15g, gradient %.3g", la, ga, lb, gb)
	if ga < thr {
		t.Fatalf("L-BFGS alone reached the gradient threshold (%.3g < %.3g): the problem does not test the switch", ga, thr)
	}
	if gb >= thr || lb > la {
		t.Errorf("with Newton's method: loss %.15g (L-BFGS alone %.15g), gradient %.3g, want below %.3g", lb, la, gb, thr)
	}
}

// BenchmarkSolveCollinear times one fit at a weak penalty over collinear
// columns (300 rows, 12 columns, 3 classes), by L-BFGS alone (up to its
// 1,000 passes) and switching to Newton's method after lbfgsBudget's.
func BenchmarkSolveCollinear(b *testing.B) {
	p := correlated(4, 300, 12, 3)
	rows := make([]int, p.Rows)
	for i := range rows {
		rows[i] = i
	}
	p.GradientThreshold = 1e-4 * p.L2
	for _, newton := range []bool{false, true} {
		name := "lbfgs"
		if newton {
			name = "lbfgs-then-newton"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := solveBy(context.Background(), p, p.X, rows, p.Cols, newton); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestNewtonValues: the memory Newton's method holds, and none where a
// fit keeps L-BFGS.
func TestNewtonValues(t *testing.T) {
	for _, tc := range []struct{ n, m, classes, want int }{
		{100, 9, 2, 20*20 + 10*100 + 10*10 + 100*2 + 3*20},
		{1000, 9, 2, 20*20 + 10*hessianChunk + 10*10 + 1000*2 + 3*20},
		{1000, 511, 2, 1024*1024 + 512*hessianChunk + 512*512 + 1000*2 + 3*1024},
		{1000, 512, 2, 0},
		{830, 236, 26, 0},
		{0, 9, 2, 0},
	} {
		if got := NewtonValues(tc.n, tc.m, tc.classes); got != tc.want {
			t.Errorf("NewtonValues(%d, %d, %d) = %d, want %d", tc.n, tc.m, tc.classes, got, tc.want)
		}
	}
}
