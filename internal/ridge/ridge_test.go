// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ridge_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/internal/ridge"
)

// signalAndNoise returns rows × 2k values: the first k columns decide the
// label (their sum's sign), the last k are noise.
func signalAndNoise(rows, k int, seed uint64) ridge.Problem {
	rng := rand.New(rand.NewPCG(seed, 2))
	cols := 2 * k
	x := make([]float64, rows*cols)
	y := make([]int, rows)
	for i := range rows {
		s := 0.0
		for j := range cols {
			x[i*cols+j] = rng.NormFloat64()
			if j < k {
				s += x[i*cols+j]
			}
		}
		if s > 0 {
			y[i] = 1
		}
	}
	return ridge.Problem{X: x, Rows: rows, Cols: cols, Y: y, Classes: 2, L2: 0.01}
}

// crossValidate prepares p's columns cols and cross-validates them.
func crossValidate(ctx context.Context, p ridge.Problem, cols ridge.Columns, fold []int, folds int) ([]float64, error) {
	d, err := ridge.NewDesign(p, cols)
	if err != nil {
		return nil, err
	}
	return d.CrossValidate(ctx, fold, folds)
}

func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

func folds(rows, k int) []int {
	f := make([]int, rows)
	for i := range f {
		f[i] = i % k
	}
	return f
}

// TestCrossValidateTellsSignalFromNoise: the columns that decide the label,
// alone or with the noise, predict held-out rows better than the noise
// columns, in the primal (more rows than columns) and the dual (fewer); with
// many rows per column the noise columns only add variance.
func TestCrossValidateTellsSignalFromNoise(t *testing.T) {
	for _, tc := range []struct{ rows, k int }{{120, 4}, {40, 60}} {
		p := signalAndNoise(tc.rows, tc.k, 11)
		f := folds(p.Rows, 5)
		loss := map[string]float64{}
		for name, cols := range map[string]ridge.Columns{"signal": {0, tc.k}, "noise": {tc.k, 2 * tc.k}, "all": {0, 2 * tc.k}} {
			l, err := crossValidate(context.Background(), p, cols, f, 5)
			if err != nil {
				t.Fatal(err)
			}
			loss[name] = mean(l)
		}
		if !(loss["signal"] < loss["noise"] && loss["all"] < loss["noise"]) || (tc.rows > 2*tc.k && !(loss["signal"] < loss["all"])) {
			t.Errorf("rows %d, columns %d: held-out loss signal %.4f, all %.4f, noise %.4f; want noise the worst, and signal the best where rows outnumber columns", tc.rows, 2*tc.k, loss["signal"], loss["all"], loss["noise"])
		}
	}
}

func TestCrossValidateRefuses(t *testing.T) {
	good := signalAndNoise(20, 2, 1)
	f := folds(20, 4)
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name  string
		edit  func(p *ridge.Problem)
		cols  ridge.Columns
		fold  []int
		folds int
		ctx   context.Context
		want  error
	}{
		{"no penalty", func(p *ridge.Problem) { p.L2 = 0 }, ridge.Columns{0, 4}, f, 4, context.Background(), ridge.ErrProblem},
		{"class out of range", func(p *ridge.Problem) { p.Y = append([]int{2}, p.Y[1:]...) }, ridge.Columns{0, 4}, f, 4, context.Background(), ridge.ErrProblem},
		{"short X", func(p *ridge.Problem) { p.X = p.X[1:] }, ridge.Columns{0, 4}, f, 4, context.Background(), ridge.ErrProblem},
		{"negative class weight", func(p *ridge.Problem) { p.ClassWeights = []float64{1, -1} }, ridge.Columns{0, 4}, f, 4, context.Background(), ridge.ErrProblem},
		{"empty columns", func(*ridge.Problem) {}, ridge.Columns{2, 2}, f, 4, context.Background(), ridge.ErrProblem},
		{"columns past the end", func(*ridge.Problem) {}, ridge.Columns{0, 5}, f, 4, context.Background(), ridge.ErrProblem},
		{"one fold", func(*ridge.Problem) {}, ridge.Columns{0, 4}, f, 1, context.Background(), ridge.ErrProblem},
		{"fold out of range", func(*ridge.Problem) {}, ridge.Columns{0, 4}, folds(20, 5), 4, context.Background(), ridge.ErrProblem},
		{"nil context", func(*ridge.Problem) {}, ridge.Columns{0, 4}, f, 4, nil, ridge.ErrProblem},
		{"canceled", func(*ridge.Problem) {}, ridge.Columns{0, 4}, f, 4, canceled, context.Canceled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := good
			tc.edit(&p)
			_, err := crossValidate(tc.ctx, p, tc.cols, tc.fold, tc.folds)
			if !errors.Is(err, tc.want) {
				t.Errorf("error %v, want %v", err, tc.want)
			}
		})
	}
}

// A Design with another penalty cross-validates and fits as a Design of
// the Problem with that penalty, bit for bit, over the columns and over
// the rows' span, and leaves the Design it came from as it was; a
// penalty the Problem would refuse is refused.
func TestWithPenalty(t *testing.T) {
	for _, tc := range []struct{ rows, k int }{{120, 4}, {40, 60}} {
		p := signalAndNoise(tc.rows, tc.k, 12)
		f := folds(p.Rows, 5)
		cols := ridge.Columns{Lo: 0, Hi: 2 * tc.k}
		d, err := ridge.NewDesign(p, cols)
		if err != nil {
			t.Fatal(err)
		}
		before, err := d.CrossValidate(context.Background(), f, 5)
		if err != nil {
			t.Fatal(err)
		}
		strong, err := d.WithPenalty(16*p.L2, 1e-7)
		if err != nil {
			t.Fatal(err)
		}
		q := p
		q.L2, q.GradientThreshold = 16*p.L2, 1e-7
		fresh, err := ridge.NewDesign(q, cols)
		if err != nil {
			t.Fatal(err)
		}
		got, err := strong.CrossValidate(context.Background(), f, 5)
		if err != nil {
			t.Fatal(err)
		}
		want, err := fresh.CrossValidate(context.Background(), f, 5)
		if err != nil {
			t.Fatal(err)
		}
		again, err := d.CrossValidate(context.Background(), f, 5)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) || slices.Equal(got, before) || !slices.Equal(again, before) {
			t.Errorf("rows %d: held-out losses at 16 times the penalty differ from a fresh Design's, or equal the first Design's, or changed it", tc.rows)
		}
		w1, b1, err1 := strong.Fit(context.Background())
		w2, b2, err2 := fresh.Fit(context.Background())
		if err1 != nil || err2 != nil || !slices.Equal(w1, w2) || !slices.Equal(b1, b2) {
			t.Errorf("rows %d: fit at 16 times the penalty differs from a fresh Design's (%v, %v)", tc.rows, err1, err2)
		}
		if _, err := d.WithPenalty(0, 1e-7); !errors.Is(err, ridge.ErrProblem) {
			t.Errorf("rows %d: zero penalty: error %v, want ErrProblem", tc.rows, err)
		}
	}
}

// BenchmarkNewDesignWide times preparing 1,000 rows × 2,000 columns: their
// Gram matrix and its pivoted Cholesky factorisation.
func BenchmarkNewDesignWide(b *testing.B) {
	p := signalAndNoise(1000, 1000, 1)
	for b.Loop() {
		if _, err := ridge.NewDesign(p, ridge.Columns{Lo: 0, Hi: p.Cols}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCrossValidateWide times a 5-fold cross-validation over the
// same rows' span at a weak penalty, where L-BFGS needs hundreds of
// passes over the rows.
func BenchmarkCrossValidateWide(b *testing.B) {
	p := signalAndNoise(1000, 1000, 2)
	p.L2 = 1e-3
	d, err := ridge.NewDesign(p, ridge.Columns{Lo: 0, Hi: p.Cols})
	if err != nil {
		b.Fatal(err)
	}
	f := folds(p.Rows, 5)
	for b.Loop() {
		if _, err := d.CrossValidate(context.Background(), f, 5); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCrossValidateLogits: the held-out logits give the held-out losses
// CrossValidate returns (weighted cross-entropy, row by row), in the primal
// and in the rows' span.
func TestCrossValidateLogits(t *testing.T) {
	for _, tc := range []struct{ rows, k int }{{120, 4}, {40, 60}} {
		p := signalAndNoise(tc.rows, tc.k, 13)
		p.ClassWeights = []float64{0.7, 1.6}
		d, err := ridge.NewDesign(p, ridge.Columns{Lo: 0, Hi: 2 * tc.k})
		if err != nil {
			t.Fatal(err)
		}
		f := folds(p.Rows, 5)
		want, err := d.CrossValidate(context.Background(), f, 5)
		if err != nil {
			t.Fatal(err)
		}
		loss, logits, err := d.CrossValidateLogits(context.Background(), f, 5)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(loss, want) || len(logits) != 2*p.Rows {
			t.Fatalf("rows %d: losses differ from CrossValidate's, or %d logits", tc.rows, len(logits))
		}
		for i, y := range p.Y {
			z := logits[2*i : 2*i+2]
			ce := math.Log(math.Exp(z[0])+math.Exp(z[1])) - z[y]
			if got := p.ClassWeights[y] * ce; math.Abs(got-loss[i]) > 1e-12*max(1, loss[i]) {
				t.Errorf("rows %d, row %d: loss from the logits %v, CrossValidate %v", tc.rows, i, got, loss[i])
			}
		}
	}
}
