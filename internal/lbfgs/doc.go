// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package lbfgs minimises a smooth function by L-BFGS
// (gonum.org/v1/gonum/optimize) from one callback that returns the value
// and fills the gradient. gonum asks for the value and the gradient at a
// point in two calls; where both come from one pass over the data (a
// training graph's forward and backward run, a softmax regression's
// residuals), Problem evaluates once per point and answers the second call
// from that pass.
package lbfgs
