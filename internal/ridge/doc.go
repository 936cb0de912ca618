// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package ridge cross-validates a class-weighted multinomial logistic
// regression with an L2 penalty on its weights (not its intercepts), the
// convex problem the continuous route's output layer solves once its
// attention is fixed:
//
//	L(W, b) = (1/n) Σ_i w_{y_i} · (−log softmax(x_i W + b)_{y_i}) + (λ/2)‖W‖²
//
// Package train uses it to ask, by inner cross-validation on the training
// rows, which columns of LinAtt's input the output layer should weigh and
// at which penalty: a Design prepares a Problem's columns once, then
// cross-validates and fits, at the Problem's penalty or another
// (Design.WithPenalty), without preparing them again.
//
// A fit is found by L-BFGS (gonum.org/v1/gonum/optimize), whose passes
// over the rows take one vectorised dot product and one exponential
// per row and class (gonum/floats). Where the penalty is weak and the
// columns collinear, the loss's curvature spans many orders of
// magnitude and L-BFGS takes hundreds of passes; a fit small enough
// for its Hessian (at most 1,024 weights and intercepts) that has not
// converged within about four Newton steps' worth of passes
// (lbfgsBudget) is finished by Newton's method from L-BFGS's point:
// the Hessian, one Gram matrix of the rows per pair of classes,
// factorised by gonum/lapack's Cholesky, and a backtracking line
// search. Newton's method converges in a few steps whatever the
// curvature, and also ends where rounding leaves no lower loss, below
// which L-BFGS had spent its passes on a gradient threshold (10⁻⁴ of
// the penalty) that rounding does not let it reach. A fit that L-BFGS
// finishes within that budget is L-BFGS's alone.
//
// When the columns outnumber the rows, the rows are first written in
// an orthonormal basis of their span (from the Cholesky factorisation
// with complete pivoting of their Gram matrix XXᵀ, gonum/lapack's
// Dpstrf): the penalty is invariant under rotations and the optimum's
// weights lie in that span, so the fit over these at most Rows
// coordinates gives every row the logits of the fit over the thousands
// of columns of a wide table, at a cost that grows with the rows.
// Everything runs in a fixed order (gonum's matrix products, which the
// factorisations call, split their work into fixed blocks before they
// share it among goroutines), so a result is the same whatever
// GOMAXPROCS; callers may run several Designs' fits at once (a Design
// is read-only once made).
package ridge
