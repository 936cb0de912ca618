// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/optimize"
)

// StackLeast is the smallest weight a fit keeps in FitSelect's stack: the
// weights below it are set to zero and the rest scaled to sum to 1, so
// that only fits that matter are fitted again over all rows.
const StackLeast = 1e-3

// StackedFit is one member of the stack FitSelect's output layer is: the
// optimum over Halves at L2Scale times the configured penalty, weighed
// by Weight (the weights sum to 1).
type StackedFit struct {
	Halves  string  `json:"halves"`
	L2Scale float64 `json:"l2_scale"`
	Weight  float64 `json:"weight"`
}

// stackWeights returns the weights a on the probability simplex that
// minimise the class-weighted cross-entropy of the combined held-out
// logits Σ_k a_k·logits[k] (each rows × classes, labels y, class weights
// w, nil for 1): Breiman's stacking with non-negative weights summing to
// 1, over candidates that differ only in their penalty and input columns,
// so that the combination of their fits is itself a linear output layer.
// Weights below StackLeast are set to zero and the rest rescaled. The
// search is gonum's L-BFGS over a = softmax(θ), started at equal weights;
// it is sequential, so the weights do not depend on GOMAXPROCS.
func stackWeights(logits [][]float64, y []int, w []float64, classes int) ([]float64, error) {
	K, rows := len(logits), len(y)
	if K == 0 || rows == 0 || classes < 1 {
		return nil, fmt.Errorf("stack: %d candidates over %d rows of %d classes", K, rows, classes)
	}
	for k, z := range logits {
		if len(z) != rows*classes {
			return nil, fmt.Errorf("stack: candidate %d has %d logits, want %d", k, len(z), rows*classes)
		}
	}
	if K == 1 {
		return []float64{1}, nil
	}
	total := 0.0
	for _, c := range y {
		total += rowWeight(w, c)
	}
	a := make([]float64, K)
	gradA := make([]float64, K)
	z := make([]float64, classes)
	p := make([]float64, classes)
	softmax := func(dst, x []float64) {
		m := slices.Max(x)
		for k := range x {
			dst[k] = math.Exp(x[k] - m)
		}
		floats.Scale(1/floats.Sum(dst), dst)
	}
	// lossAt returns the mean class-weighted cross-entropy at the weights
	// a and, where grad is not nil, its gradient with respect to θ.
	lossAt := func(a, grad []float64) float64 {
		loss := 0.0
		clear(gradA)
		for i, c := range y {
			clear(z)
			for k, lk := range logits {
				floats.AddScaled(z, a[k], lk[i*classes:(i+1)*classes])
			}
			lse := floats.LogSumExp(z)
			wi := rowWeight(w, c)
			loss += wi * (lse - z[c])
			if grad == nil {
				continue
			}
			for j := range z {
				p[j] = math.Exp(z[j] - lse)
			}
			p[c]--
			for k, lk := range logits {
				gradA[k] += wi * floats.Dot(p, lk[i*classes:(i+1)*classes])
			}
		}
		if grad != nil {
			// dL/dθ_j = a_j·(dL/da_j − Σ_k a_k·dL/da_k)
			mean := floats.Dot(a, gradA)
			for j := range grad {
				grad[j] = a[j] * (gradA[j] - mean) / total
			}
		}
		return loss / total
	}
	problem := optimize.Problem{
		Func: func(theta []float64) float64 {
			softmax(a, theta)
			return lossAt(a, nil)
		},
		Grad: func(grad, theta []float64) {
			softmax(a, theta)
			lossAt(a, grad)
		},
	}
	res, err := optimize.Minimize(problem, make([]float64, K), &optimize.Settings{GradientThreshold: 1e-9, FuncEvaluations: 2000}, &optimize.LBFGS{})
	if res == nil {
		return nil, fmt.Errorf("stack: %w", err)
	}
	// A search that ends on its budget or a line search's failure still
	// holds its best point, which is no worse than equal weights.
	softmax(a, res.X)
	for k := range a {
		if a[k] < StackLeast {
			a[k] = 0
		}
	}
	floats.Scale(1/floats.Sum(a), a)
	return a, nil
}

// logitLoss returns each row's class-weighted cross-entropy under the
// logits (rows × classes; weights nil: 1), as ridge's cross-validations
// give it for one fit.
func logitLoss(logits []float64, y []int, weights []float64, classes int) []float64 {
	loss := make([]float64, len(y))
	for i, c := range y {
		z := logits[i*classes : (i+1)*classes]
		loss[i] = rowWeight(weights, c) * (floats.LogSumExp(z) - z[c])
	}
	return loss
}

// stackString writes a stack's members for the log: halves@scale=weight.
func stackString(stack []StackedFit) string {
	parts := make([]string, len(stack))
	for i, s := range stack {
		parts[i] = fmt.Sprintf("%s@%g=%.3f", s.Halves, s.L2Scale, s.Weight)
	}
	return strings.Join(parts, " ")
}
