// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ridge

import (
	"context"
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/optimize"

	"github.com/hornets-go/hornets/internal/lbfgs"
)

// ErrProblem is wrapped by the errors of a Problem that cannot be solved
// as given.
var ErrProblem = errors.New("ridge: invalid problem")

// Problem is a table of rows, the columns a model may weigh and the
// penalised loss's settings.
type Problem struct {
	// X holds Rows × Cols values, row-major.
	X          []float64
	Rows, Cols int
	// Y holds each row's class in [0, Classes).
	Y       []int
	Classes int
	// ClassWeights holds one finite weight >= 0 per class; nil means ones.
	ClassWeights []float64
	// L2 is the penalty λ > 0 on the weights.
	L2 float64
	// MaxEvaluations bounds L-BFGS's evaluations of the loss per fit (each
	// a pass over the rows); 0 means 1000.
	MaxEvaluations int
	// GradientThreshold stops L-BFGS when the gradient's largest entry is
	// below it; 0 means 1e-7.
	GradientThreshold float64
}

func (p Problem) validate() error {
	switch {
	case p.Rows < 1 || p.Cols < 1 || p.Classes < 2:
		return fmt.Errorf("%w: %d rows, %d columns, %d classes", ErrProblem, p.Rows, p.Cols, p.Classes)
	case len(p.X) != p.Rows*p.Cols || len(p.Y) != p.Rows:
		return fmt.Errorf("%w: %d values and %d labels for %d × %d", ErrProblem, len(p.X), len(p.Y), p.Rows, p.Cols)
	case p.ClassWeights != nil && len(p.ClassWeights) != p.Classes:
		return fmt.Errorf("%w: %d class weights for %d classes", ErrProblem, len(p.ClassWeights), p.Classes)
	case !(p.L2 > 0) || math.IsInf(p.L2, 0):
		return fmt.Errorf("%w: L2 penalty %g, want a finite value > 0", ErrProblem, p.L2)
	case p.MaxEvaluations < 0 || p.GradientThreshold < 0 || math.IsNaN(p.GradientThreshold):
		return fmt.Errorf("%w: %d evaluations, gradient threshold %g", ErrProblem, p.MaxEvaluations, p.GradientThreshold)
	}
	for i, c := range p.Y {
		if c < 0 || c >= p.Classes {
			return fmt.Errorf("%w: row %d has class %d, want 0..%d", ErrProblem, i, c, p.Classes-1)
		}
	}
	for c, w := range p.ClassWeights {
		if !(w >= 0) || math.IsInf(w, 0) {
			return fmt.Errorf("%w: class %d has weight %g", ErrProblem, c, w)
		}
	}
	for _, v := range p.X {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: a value is %g", ErrProblem, v)
		}
	}
	return nil
}

func (p Problem) weight(c int) float64 {
	if p.ClassWeights == nil {
		return 1
	}
	return p.ClassWeights[c]
}

// Columns is a half-open range [Lo, Hi) of a Problem's columns.
type Columns struct{ Lo, Hi int }

// Design is the columns cols of a Problem prepared for fitting: the rows'
// values there or, when the columns outnumber the rows, their coordinates
// in the rows' span (see rowSpace), computed once for every fit made from
// it.
type Design struct {
	p                 Problem
	cols              Columns
	x                 []float64 // row i's coordinates: x[i*stride+lo:][:width]
	stride, lo, width int
	span              *rowBasis // nil over the columns
}

// NewDesign validates p and prepares its columns cols.
func NewDesign(p Problem, cols Columns) (*Design, error) {
	return newDesign(p, cols, auto)
}

// basis says which coordinates a Design fits over.
type basis int

const (
	auto    basis = iota // the rows' span when the columns outnumber them
	columns              // the columns, always
	span                 // the rows' span, always
)

func newDesign(p Problem, cols Columns, b basis) (*Design, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	if cols.Lo < 0 || cols.Hi > p.Cols || cols.Lo >= cols.Hi {
		return nil, fmt.Errorf("%w: columns [%d, %d) of %d", ErrProblem, cols.Lo, cols.Hi, p.Cols)
	}
	d := &Design{p: p, cols: cols, x: p.X, stride: p.Cols, lo: cols.Lo, width: cols.Hi - cols.Lo}
	if b == span || b == auto && d.width > p.Rows {
		z, r, span, err := rowSpace(p, cols)
		if err != nil {
			return nil, err
		}
		d.x, d.stride, d.lo, d.width, d.span = z, r, 0, r, span
	}
	return d, nil
}

// row returns row i's coordinates.
func (d *Design) row(i int) []float64 {
	return d.x[i*d.stride+d.lo : i*d.stride+d.lo+d.width]
}

// solve fits the model to the rows rows.
func (d *Design) solve(ctx context.Context, rows []int) (fitted, error) {
	if ctx == nil {
		return fitted{}, fmt.Errorf("%w: nil context", ErrProblem)
	}
	design := make([]float64, 0, len(rows)*d.width)
	for _, i := range rows {
		design = append(design, d.row(i)...)
	}
	return solve(ctx, d.p, design, rows, d.width)
}

// CrossValidate fits the model to the rows of every fold but one,
// fold[i] in [0, folds) naming row i's, and returns for each row the
// class-weighted cross-entropy with which the fit that did not see it
// predicts it (0 for the rows of a fold that leaves no training rows). ctx
// is checked before each evaluation of the loss; a canceled run returns an
// error wrapping ctx.Err().
func (d *Design) CrossValidate(ctx context.Context, fold []int, folds int) ([]float64, error) {
	loss, _, err := d.crossValidate(ctx, fold, folds, false)
	return loss, err
}

// CrossValidateLogits is CrossValidate that also returns the held-out
// logits, row-major (rows × classes; zeros for the rows of a fold that
// leaves no training rows).
func (d *Design) CrossValidateLogits(ctx context.Context, fold []int, folds int) (loss, logits []float64, err error) {
	return d.crossValidate(ctx, fold, folds, true)
}

func (d *Design) crossValidate(ctx context.Context, fold []int, folds int, keep bool) ([]float64, []float64, error) {
	p := d.p
	if folds < 2 || len(fold) != p.Rows {
		return nil, nil, fmt.Errorf("%w: %d folds over %d of %d rows", ErrProblem, folds, len(fold), p.Rows)
	}
	for i, f := range fold {
		if f < 0 || f >= folds {
			return nil, nil, fmt.Errorf("%w: row %d in fold %d of %d", ErrProblem, i, f, folds)
		}
	}
	loss := make([]float64, p.Rows)
	logits := make([]float64, p.Classes)
	var all []float64
	if keep {
		all = make([]float64, p.Rows*p.Classes)
	}
	for f := range folds {
		train, test := foldSplit(fold, f)
		if len(test) == 0 || len(train) == 0 {
			continue
		}
		fit, err := d.solve(ctx, train)
		if err != nil {
			return nil, nil, err
		}
		for _, i := range test {
			fit.logits(d.row(i), logits)
			loss[i] = p.weight(p.Y[i]) * crossEntropy(logits, p.Y[i])
			if keep {
				copy(all[i*p.Classes:], logits)
			}
		}
	}
	return loss, all, nil
}

// Fit fits the model to every row and returns its weights W over the
// Design's columns (one row of Classes per column, row-major) and the
// intercepts b: the logits of row i are its values there times W plus b.
func (d *Design) Fit(ctx context.Context) (w, b []float64, err error) {
	p := d.p
	all := make([]int, p.Rows)
	for i := range all {
		all[i] = i
	}
	f, err := d.solve(ctx, all)
	if err != nil || d.span == nil {
		return f.theta, f.b, err
	}
	// Z = XQ with Q = X₁ᵀL₁₁⁻ᵀ orthonormal (X₁ the pivot rows, see
	// rowSpace), so W = Qβ = X₁ᵀa with L₁₁ᵀa = β.
	C, r := p.Classes, d.width
	a := blas64.General{Rows: r, Cols: C, Stride: C, Data: append([]float64(nil), f.theta...)}
	l11 := blas64.Triangular{Uplo: blas.Lower, Diag: blas.NonUnit, N: r, Stride: r, Data: d.span.l11}
	blas64.Trsm(blas.Left, blas.Trans, 1, l11, a)
	w = make([]float64, (d.cols.Hi-d.cols.Lo)*C)
	for k, i := range d.span.pivots {
		ak := a.Data[k*C : (k+1)*C]
		for j, v := range p.X[i*p.Cols+d.cols.Lo : i*p.Cols+d.cols.Hi] {
			if v == 0 {
				continue
			}
			for c, s := range ak {
				w[j*C+c] += v * s
			}
		}
	}
	return w, f.b, nil
}

// rowBasis is what Fit needs to map a fit over the rows' span back to
// the columns: the rows X₁ whose pivots the factorisation took, in order,
// and the r × r lower-triangular L₁₁ = X₁Q (row-major).
type rowBasis struct {
	pivots []int
	l11    []float64
}

// rowSpace returns the rows' coordinates Z (Rows × r, row-major) in an
// orthonormal basis of the span of their values X over the columns cols,
// from the Cholesky factorisation with complete pivoting PᵀXXᵀP = LLᵀ of
// their Gram matrix (gonum's Dpstrf), stopped where the largest pivot
// left is at most 10⁻¹² of the Gram matrix's trace: Z = PL. Then ZZᵀ =
// XXᵀ, so every row's logits and the penalty of the optimum over Z are
// those over X (Z = XQ with Q = X₁ᵀL₁₁⁻ᵀ, X₁ the first r pivot rows, whose
// columns are orthonormal), from r ≤ Rows columns instead of thousands.
// The factorisation costs n³/3 flops where the eigendecomposition used
// before (sessions 7–9) cost several times n³; the fit does not depend on
// which orthonormal basis it is made in.
func rowSpace(p Problem, cols Columns) (z []float64, r int, basis *rowBasis, err error) {
	n := p.Rows
	x := blas64.General{Rows: n, Cols: cols.Hi - cols.Lo, Stride: p.Cols, Data: p.X[cols.Lo:]}
	k := blas64.Symmetric{Uplo: blas.Lower, N: n, Stride: n, Data: make([]float64, n*n)}
	blas64.Syrk(blas.NoTrans, 1, x, 0, k)
	trace := 0.0
	for i := range n {
		trace += k.Data[i*n+i]
	}
	pivots := make([]int, n)
	l, r, _ := lapack64.Pstrf(k, pivots, 1e-12*trace, make([]float64, 2*n))
	if r == 0 || !(trace > 0) { // all rows zero: one zero column
		return make([]float64, n), 1, &rowBasis{pivots: pivots[:1], l11: []float64{1}}, nil
	}
	z = make([]float64, n*r)
	l11 := make([]float64, r*r)
	for k, i := range pivots {
		lk := l.Data[k*n : k*n+min(k+1, r)]
		copy(z[i*r:], lk)
		if k < r {
			copy(l11[k*r:], lk)
		}
	}
	for _, v := range z {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, 0, nil, fmt.Errorf("%w: the rows' Gram matrix has no Cholesky factorisation", ErrProblem)
		}
	}
	return z, r, &rowBasis{pivots: pivots[:r], l11: l11}, nil
}

// fitted is a solved model: m × classes coefficients θ (over the design's
// columns) and the intercepts b.
type fitted struct {
	theta, b []float64
	classes  int
}

func (f fitted) logits(row, dst []float64) {
	copy(dst, f.b)
	for j, v := range row {
		if v == 0 {
			continue
		}
		t := f.theta[j*f.classes : (j+1)*f.classes]
		for c := range dst {
			dst[c] += v * t[c]
		}
	}
}

// crossEntropy returns −log softmax(z)_y.
func crossEntropy(z []float64, y int) float64 {
	hi := z[0]
	for _, v := range z {
		hi = max(hi, v)
	}
	s := 0.0
	for _, v := range z {
		s += math.Exp(v - hi)
	}
	return hi + math.Log(s) - z[y]
}

// objective is the penalised loss over the rows rows (labels p.Y[rows[r]])
// of an n × m design D (their values) as a function of θ (m × classes,
// then the intercepts), with the penalty (λ/2)‖θ‖².
type objective struct {
	ctx    context.Context
	p      Problem
	design []float64
	rows   []int
	m      int
	// thetaT and gradT hold θ and its gradient class by class (classes ×
	// m), so that a row's logit for a class is one dot product and its
	// part of the gradient one scaled addition (gonum/floats, vectorised).
	thetaT, gradT []float64
	// prob, where set (n × classes), receives each row's softmax at the
	// point of every evaluation with a gradient: Newton's method builds
	// its Hessian from them.
	prob []float64
	err  error
}

func (o *objective) eval(g, v []float64) float64 {
	if o.err != nil {
		return math.NaN()
	}
	if o.err = o.ctx.Err(); o.err != nil {
		return math.NaN()
	}
	C, m := o.p.Classes, o.m
	theta, b := v[:m*C], v[m*C:]
	if len(o.thetaT) != m*C {
		o.thetaT, o.gradT = make([]float64, m*C), make([]float64, m*C)
	}
	for j := range m {
		for c := range C {
			o.thetaT[c*m+j] = theta[j*C+c]
		}
	}
	if g != nil {
		clear(g)
		clear(o.gradT)
	}
	loss, penalty := 0.0, 0.0 // penalty: ‖θ‖²
	logit, expo := make([]float64, C), make([]float64, C)
	inv := 1 / float64(len(o.rows))
	for r, i := range o.rows {
		row := o.design[r*m : (r+1)*m]
		hi := math.Inf(-1)
		for c := range logit {
			logit[c] = floats.Dot(row, o.thetaT[c*m:(c+1)*m]) + b[c]
			hi = max(hi, logit[c])
		}
		sum := 0.0 // Σ exp(z − max z): one exponential per class
		for c, z := range logit {
			expo[c] = math.Exp(z - hi)
			sum += expo[c]
		}
		y, w := o.p.Y[i], o.p.weight(o.p.Y[i])
		loss += w * (hi + math.Log(sum) - logit[y])
		if g == nil {
			continue
		}
		for c := range expo {
			expo[c] /= sum // the softmax
		}
		if o.prob != nil {
			copy(o.prob[r*C:(r+1)*C], expo)
		}
		for c := range logit { // the residual, class by class: Dᵀ·resid
			d := w * expo[c] * inv
			if c == y {
				d -= w * inv
			}
			g[m*C+c] += d
			if d != 0 {
				floats.AddScaled(o.gradT[c*m:(c+1)*m], d, row)
			}
		}
	}
	loss *= inv
	lam := o.p.L2
	for j := range m {
		for c := range C {
			t := theta[j*C+c]
			penalty += t * t
			if g != nil {
				g[j*C+c] = o.gradT[c*m+j] + lam*t
			}
		}
	}
	return loss + lam/2*penalty
}

// solve minimises the objective from zero: by L-BFGS, which switches to
// Newton's method where it has not converged within lbfgsBudget's
// evaluations.
func solve(ctx context.Context, p Problem, design []float64, rows []int, m int) (fitted, error) {
	return solveBy(ctx, p, design, rows, m, true)
}

// solveBy is solve, by L-BFGS alone where newton is false.
func solveBy(ctx context.Context, p Problem, design []float64, rows []int, m int, newton bool) (fitted, error) {
	C := p.Classes
	o := &objective{ctx: ctx, p: p, design: design, rows: rows, m: m}
	evals, thr := p.MaxEvaluations, p.GradientThreshold
	if evals == 0 {
		evals = 1000
	}
	if thr == 0 {
		thr = 1e-7
	}
	budget := evals
	if newton {
		budget = lbfgsBudget(len(rows), m, C, evals)
	}
	start := make([]float64, m*C+C)
	res, err := lbfgs.Minimize(o.eval, start, &optimize.Settings{GradientThreshold: thr, FuncEvaluations: budget})
	switch {
	case o.err != nil:
		return fitted{}, fmt.Errorf("ridge: %w", o.err)
	case res == nil || res.X == nil:
		return fitted{}, fmt.Errorf("ridge: %w", err)
	}
	x := res.X
	if budget < evals && res.Status == optimize.FunctionEvaluationLimit {
		if x, err = newtonFrom(o, x, thr); err != nil {
			return fitted{}, fmt.Errorf("ridge: %w", err)
		}
	}
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fitted{}, fmt.Errorf("%w: the fit is not finite (%v)", ErrProblem, err)
		}
	}
	// L-BFGS ending on its budget or on a line search that cannot improve
	// still returns its best point, which is what a comparison needs.
	return fitted{theta: x[:m*C], b: x[m*C:], classes: C}, nil
}

// WithPenalty returns the Design with the L2 penalty l2 and the gradient
// threshold threshold in place of its Problem's, sharing its prepared
// columns: cross-validating several penalties prepares them once.
func (d *Design) WithPenalty(l2, threshold float64) (*Design, error) {
	p := d.p
	p.L2, p.GradientThreshold = l2, threshold
	if err := p.validate(); err != nil {
		return nil, err
	}
	e := *d
	e.p = p
	return &e, nil
}

// foldSplit returns the rows of fold f (test) and of the other folds
// (train), ascending.
func foldSplit(fold []int, f int) (train, test []int) {
	for i, g := range fold {
		if g == f {
			test = append(test, i)
		} else {
			train = append(train, i)
		}
	}
	return train, test
}
