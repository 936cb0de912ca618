// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ridge

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// newtonIterations bounds Newton's method's steps per fit; it converges
// in a few where it is used (see lbfgsBudget).
const newtonIterations = 200

// newtonMaxParameters bounds the parameters, (columns + 1) × classes, of
// a fit that may switch to Newton's method, whose Hessian holds their
// square: 1024² values are 8 MiB.
const newtonMaxParameters = 1024

// NewtonValues returns how many float64 values a fit of n rows over m
// coordinates and classes classes holds at once for Newton's method (the
// Hessian, the scratch of its Gram matrices and the rows'
// probabilities), 0 where the fit has too many parameters for it and
// keeps L-BFGS: for memory estimates.
func NewtonValues(n, m, classes int) int {
	q := m + 1
	P := q * classes
	if P > newtonMaxParameters || n < 1 {
		return 0
	}
	return P*P + q*min(n, hessianChunk) + q*q + n*classes + 3*P
}

// epsilon is float64's machine epsilon, 2⁻⁵².
const epsilon = 0x1p-52

// lbfgsBudget returns how many evaluations L-BFGS may take on n rows of
// m coordinates and classes classes before the fit switches to Newton's
// method (at most max, which leaves L-BFGS alone): about four of Newton's
// steps. L-BFGS converges in a few tens of passes over the rows where the
// penalty is strong and takes up to its thousand where it is weak, the
// loss's curvature spanning more orders of magnitude (the continuous
// route's weaker penalties on cells, mdrr or vehicle); Newton's method
// converges in a few steps whatever the curvature, each costing as much
// as several passes. A step's cost is its Hessian (one Gram matrix of the
// rows per pair of classes, n(m+1)²/2 products each) and the Cholesky
// factorisation of that matrix of side P = (m+1)·C (P³/3), in passes of
// L-BFGS (nmC products and nC exponentials): measured here (2-vCPU
// sandbox, gonum's pure-Go BLAS and LAPACK) over shapes from 130 rows × 10
// columns × 6 classes to 1,600 × 114 × 2 and 830 × 17 × 26, a step costs
// about 2 + (n(m+1)²C(C−1)/16 + P³/20) / (nmC) passes, within a factor of
// two.
func lbfgsBudget(n, m, classes, max int) int {
	q := float64(m + 1)
	P := q * float64(classes)
	if P > newtonMaxParameters {
		return max
	}
	pairs := float64(classes * (classes - 1) / 2)
	step := 2 + (float64(n)*q*q*pairs/8+P*P*P/20)/(float64(n)*float64(m)*float64(classes))
	return min(max, int(math.Max(20, math.Ceil(4*step))))
}

// newtonFrom minimises o from v by Newton's method with a backtracking
// line search: the objective is convex and twice differentiable, its
// Hessian over the weights positive definite through the penalty. The
// intercepts' Hessian is singular in one direction, all intercepts
// shifted alike, which changes no softmax and along which the gradient is
// zero; the step adds that direction's outer product to the Hessian, so
// that it solves for the other directions exactly and leaves the sum of
// the intercepts at its start, zero, as L-BFGS does. It stops where the
// gradient's largest entry is below thr, as L-BFGS does, or where the
// line search finds no lower loss, and returns its last point.
func newtonFrom(o *objective, v []float64, thr float64) ([]float64, error) {
	C, m := o.p.Classes, o.m
	q, P := m+1, (m+1)*C
	v = append([]float64(nil), v...)
	g := make([]float64, P)
	o.prob = make([]float64, len(o.rows)*C)
	defer func() { o.prob = nil }()
	f := o.eval(g, v)
	trial := make([]float64, P)
	step := make([]float64, P)
	h := make([]float64, P*P)
	scaled := make([]float64, q*min(len(o.rows), hessianChunk))
	gram := make([]float64, q*q)
	for range newtonIterations {
		if o.err != nil {
			return nil, o.err
		}
		if floats.Norm(g, math.Inf(1)) < thr || math.IsNaN(f) {
			break
		}
		o.hessian(h, gram, scaled)
		// The penalty's curvature on the weights, and the intercepts'
		// flat direction u (1/√C on every intercept) at the scale of
		// the intercepts' own curvature.
		for j := range m {
			for c := range C {
				h[(j*C+c)*P+j*C+c] += o.p.L2
			}
		}
		scale := 0.0
		for c := range C {
			scale += h[(m*C+c)*P+m*C+c]
		}
		scale = max(scale, o.p.L2)
		for c := range C {
			for d := range C {
				h[(m*C+c)*P+m*C+d] += scale / float64(C)
			}
		}
		for k := range step {
			step[k] = -g[k]
		}
		if !solveSPD(h, P, step) {
			break // rounding in a near-singular Hessian: keep the point reached
		}
		// The step's predicted decrease, −slope/2 (half the Newton
		// decrement's square), below a few units of rounding in the loss
		// says no step can lower it further: the gradient stays above a
		// threshold under rounding's floor (10⁻⁴ of a weak penalty).
		slope := floats.Dot(g, step)
		if !(-slope > 16*epsilon*max(1, math.Abs(f))) {
			break
		}
		accepted := false
		for t := 1.0; t > 1e-12; t /= 2 {
			floats.AddScaledTo(trial, v, t, step)
			if ft := o.eval(nil, trial); ft <= f+1e-4*t*slope {
				accepted = true
				break
			}
			if o.err != nil {
				return nil, o.err
			}
		}
		if !accepted {
			break
		}
		copy(v, trial)
		f = o.eval(g, v)
	}
	if o.err != nil {
		return nil, o.err
	}
	return v, nil
}

// solveSPD overwrites b with the solution of H x = b for the symmetric
// positive definite P × P matrix h (row-major, both triangles; its lower
// triangle is overwritten by the factor). It reports false where the
// factorisation fails.
func solveSPD(h []float64, P int, b []float64) bool {
	t, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Lower, N: P, Stride: P, Data: h})
	if !ok {
		return false
	}
	lapack64.Potrs(t, blas64.General{Rows: P, Cols: 1, Stride: 1, Data: b})
	return true
}

// hessianChunk is how many rows at a time hessian scales into its
// scratch, which bounds that scratch whatever the rows.
const hessianChunk = 256

// hessian writes into h (P × P, row-major, P = (m+1)·C) the Hessian of
// the mean class-weighted cross-entropy, without the penalty, at the
// point of the last evaluation with a gradient, whose softmax per row
// that evaluation left in o.prob: with x̃ = (x, 1) and p the row's
// softmax, a row of weight w adds (w/n)(diag(p) − ppᵀ) ⊗ x̃x̃ᵀ, where the
// entry of weight or intercept j of class c has index j·C + c. One Gram
// matrix of the rows is summed per pair of classes c < d,
// −Σ (w/n)·p_c·p_d·x̃x̃ᵀ, as the negated Gram matrix of the rows scaled
// by √((w/n)·p_c·p_d), column by column (dot products over
// hessianChunk rows at a time); a class's own block is minus the sum of
// its pairs' (its coefficient (w/n)p_c(1 − p_c) = (w/n)p_c Σ_{d≠c} p_d).
// The scratch gram (q × q, q = m+1) holds a pair's Gram matrix, s a
// chunk of scaled rows transposed (q × hessianChunk).
func (o *objective) hessian(h, gram, s []float64) {
	C, m := o.p.Classes, o.m
	n := len(o.rows)
	q, P := m+1, (m+1)*C
	inv := 1 / float64(n)
	prob := o.prob
	clear(h)
	for c := range C {
		for d := c + 1; d < C; d++ {
			clear(gram)
			for lo := 0; lo < n; lo += hessianChunk {
				k := min(hessianChunk, n-lo)
				for r := lo; r < lo+k; r++ {
					i := o.rows[r]
					root := math.Sqrt(o.p.weight(o.p.Y[i]) * inv * prob[r*C+c] * prob[r*C+d])
					for j, x := range o.design[r*m : (r+1)*m] {
						s[j*k+r-lo] = root * x
					}
					s[m*k+r-lo] = root
				}
				for j := range q {
					sj := s[j*k : (j+1)*k]
					for l := range j + 1 {
						gram[j*q+l] += floats.Dot(sj, s[l*k:(l+1)*k])
					}
				}
			}
			for j := range q {
				for k := range j + 1 {
					a := -gram[j*q+k]
					// (j, c)·(k, d) and its mirror (k, c)·(j, d), and
					// the diagonal blocks less a.
					h[(j*C+c)*P+k*C+d] = a
					h[(k*C+d)*P+j*C+c] = a
					h[(k*C+c)*P+j*C+d] = a
					h[(j*C+d)*P+k*C+c] = a
					h[(j*C+c)*P+k*C+c] -= a
					h[(j*C+d)*P+k*C+d] -= a
					if j != k {
						h[(k*C+c)*P+j*C+c] -= a
						h[(k*C+d)*P+j*C+d] -= a
					}
				}
			}
		}
	}
}
