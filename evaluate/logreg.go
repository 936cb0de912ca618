// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/optimize"

	"github.com/hornets-go/hornets/internal/lbfgs"
	"github.com/hornets-go/hornets/train"
)

// ErrNotFitted is returned by LogisticRegression.Predict before Fit.
var ErrNotFitted = errors.New("evaluate: logistic regression is not fitted")

// LogisticRegression is the built-in baseline: multinomial (softmax)
// logistic regression with an L2 penalty on standardised inputs. Fit
// standardises each column with the mean and standard deviation of the
// rows it is given (the training fold) and minimises the penalised mean
// log-loss
//
//	L(W, b) = −(1/n) Σ_i log softmax(W x_i + b)_{y_i} + (λ/2) ‖W‖²
//
// (the intercepts b are not penalised) with L-BFGS from
// gonum.org/v1/gonum/optimize and an analytic gradient. With λ = 1/n this
// is scikit-learn's LogisticRegression(C=1), the baseline of
// ../shared/baselines.md.
type LogisticRegression struct {
	// Lambda is the penalty λ; zero means 1/n for n training rows (as
	// scikit-learn's C = 1). It must not be negative.
	Lambda float64
	// MaxIterations bounds the L-BFGS iterations; zero means 1000.
	MaxIterations int

	mean, scale []float64 // per column: x' = (x − mean) / scale
	w           []float64 // classes × (cols+1), the intercept last in each row
	cols        int
	classes     int
}

// Fit fits the model to rows × cols row-major X with class labels y in
// [0, classes). It returns an error for a negative Lambda, fewer than two
// classes, or when L-BFGS fails before making progress; L-BFGS stopping
// on a line search that cannot improve further is not an error. Shapes
// that do not match (len(X) ≠ rows·cols, len(y) ≠ rows) are an error
// wrapping train.ErrData.
func (m *LogisticRegression) Fit(X []float64, rows, cols int, y []int, classes int) error {
	if m == nil {
		return errors.New("evaluate: logistic regression: Fit of a nil *LogisticRegression")
	}
	if rows < 0 || cols < 0 || cols > 0 && rows > len(X)/cols || len(X) != rows*cols || len(y) != rows {
		return fmt.Errorf("%w: logistic regression: %d values and %d labels for %d rows × %d columns", train.ErrData, len(X), len(y), rows, cols)
	}
	if !(m.Lambda >= 0) || math.IsInf(m.Lambda, 1) || m.MaxIterations < 0 {
		return fmt.Errorf("evaluate: logistic regression: Lambda %g and MaxIterations %d; want a finite Lambda >= 0 and MaxIterations >= 0", m.Lambda, m.MaxIterations)
	}
	if classes > rows+1<<16 {
		return fmt.Errorf("evaluate: logistic regression: %d classes for %d rows", classes, rows)
	}
	for i, v := range X {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("evaluate: logistic regression: row %d, column %d is %v", i/max(cols, 1), i%max(cols, 1), v)
		}
	}
	if classes < 2 || rows == 0 {
		return fmt.Errorf("evaluate: logistic regression needs rows and at least two classes, got %d rows, %d classes", rows, classes)
	}
	for _, c := range y {
		if c < 0 || c >= classes {
			return fmt.Errorf("evaluate: logistic regression: class %d out of range 0..%d", c, classes-1)
		}
	}
	m.cols, m.classes = cols, classes
	m.mean, m.scale = standardiser(X, rows, cols)
	xs := m.standardise(X, rows)
	lambda := m.Lambda
	if lambda == 0 {
		lambda = 1 / float64(rows)
	}
	obj := softmaxObjective{x: xs, y: y, rows: rows, cols: cols, classes: classes, lambda: lambda}
	iters := m.MaxIterations
	if iters == 0 {
		iters = 1000
	}
	w0 := make([]float64, classes*(cols+1))
	res, err := lbfgs.Minimize(obj.eval, w0, &optimize.Settings{GradientThreshold: 1e-6, MajorIterations: iters})
	if res == nil || res.X == nil {
		return fmt.Errorf("evaluate: logistic regression: %w", err)
	}
	// A line search that can no longer decrease the loss ends L-BFGS with
	// an error status, but its location is the best found: keep it unless
	// it is not finite.
	for _, v := range res.X {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("evaluate: logistic regression diverged: %v", err)
		}
	}
	m.w = res.X
	return nil
}

// Predict returns the most probable class of each of rows rows of X
// (row-major, the columns Fit saw). It returns ErrNotFitted before Fit
// (and for nil), and an error wrapping train.ErrData if len(X) ≠ rows
// times the fitted column count.
func (m *LogisticRegression) Predict(X []float64, rows int) ([]int, error) {
	if m == nil || m.w == nil {
		return nil, ErrNotFitted
	}
	if rows < 0 || m.cols > 0 && rows > len(X)/m.cols || len(X) != rows*m.cols {
		return nil, fmt.Errorf("%w: logistic regression: %d values for %d rows × %d columns", train.ErrData, len(X), rows, m.cols)
	}
	xs := m.standardise(X, rows)
	out := make([]int, rows)
	z := make([]float64, m.classes)
	for i := range rows {
		scores(z, m.w, xs[i*m.cols:(i+1)*m.cols])
		best := 0
		for c := range z {
			if z[c] > z[best] {
				best = c
			}
		}
		out[i] = best
	}
	return out, nil
}

// standardiser returns each column's mean and standard deviation (1 for a
// constant column, so that it stays 0).
func standardiser(X []float64, rows, cols int) (mean, scale []float64) {
	mean, scale = make([]float64, cols), make([]float64, cols)
	for i := range rows {
		for j, v := range X[i*cols : (i+1)*cols] {
			mean[j] += v
		}
	}
	for j := range mean {
		mean[j] /= float64(rows)
	}
	for i := range rows {
		for j, v := range X[i*cols : (i+1)*cols] {
			d := v - mean[j]
			scale[j] += d * d
		}
	}
	for j := range scale {
		if s := math.Sqrt(scale[j] / float64(rows)); s > 0 {
			scale[j] = s
		} else {
			scale[j] = 1
		}
	}
	return mean, scale
}

func (m *LogisticRegression) standardise(X []float64, rows int) []float64 {
	out := make([]float64, len(X))
	for i := range rows {
		for j := range m.cols {
			k := i*m.cols + j
			out[k] = (X[k] - m.mean[j]) / m.scale[j]
		}
	}
	return out
}

// scores sets z to the linear scores W x + b.
func scores(z, w, x []float64) {
	cols := len(x)
	for c := range z {
		row := w[c*(cols+1) : (c+1)*(cols+1)]
		s := row[cols]
		for j, v := range x {
			s += row[j] * v
		}
		z[c] = s
	}
}

// softmaxObjective is the penalised mean log-loss of Fit and its gradient
// over the flattened parameters (classes rows of cols weights and an
// intercept).
type softmaxObjective struct {
	x                   []float64
	y                   []int
	rows, cols, classes int
	lambda              float64
}

// eval returns the loss at w and, if g is not nil, stores its gradient
//
//	∂L/∂W_c = (1/n) Σ_i (p_ic − [y_i = c]) x_i + λ W_c,
//	∂L/∂b_c = (1/n) Σ_i (p_ic − [y_i = c])
//
// in g.
func (o softmaxObjective) eval(g, w []float64) float64 {
	cols, stride := o.cols, o.cols+1
	if g != nil {
		clear(g)
	}
	z := make([]float64, o.classes)
	var loss float64
	inv := 1 / float64(o.rows)
	for i := range o.rows {
		x := o.x[i*cols : (i+1)*cols]
		scores(z, w, x)
		hi := z[0]
		for _, v := range z {
			hi = max(hi, v)
		}
		var sum float64
		for c := range z {
			z[c] = math.Exp(z[c] - hi)
			sum += z[c]
		}
		loss -= math.Log(z[o.y[i]] / sum)
		if g == nil {
			continue
		}
		for c := range z {
			d := z[c] / sum
			if c == o.y[i] {
				d--
			}
			d *= inv
			row := g[c*stride : (c+1)*stride]
			for j, v := range x {
				row[j] += d * v
			}
			row[cols] += d
		}
	}
	loss *= inv
	var sq float64
	for c := range o.classes {
		for j := range cols {
			k := c*stride + j
			sq += w[k] * w[k]
			if g != nil {
				g[k] += o.lambda * w[k]
			}
		}
	}
	return loss + o.lambda/2*sq
}
