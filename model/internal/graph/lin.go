// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package graph

import (
	"fmt"
	"math"
	"math/rand/v2"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/ops"
)

// LinParams are the LinAtt parameters over D features and the constant
// column (L = D+1 inputs): the attention vector A (1 × L, initialised to
// ones), W (2L × C: rows 0..L-1 weigh the row's direction, rows L..2L-1
// its scaled values, see Lin) and B (1 × C), trained; and the
// standardisation of the
// D features, Mean and Scale (the inverse standard deviation), fitted on
// the training table and fixed.
type LinParams struct {
	A, W, B     *tensor.Dense
	Mean, Scale []float64
}

// NewLinParams returns the initial LinAtt parameters over the features
// that mean and scale standardise (see Standardization), with classes
// outputs: A ones, W uniform in ±√(6/(2L+classes)) (Glorot) for L =
// len(mean)+1, drawn from rng; B zero.
func NewLinParams(rng *rand.Rand, mean, scale []float64, classes int) LinParams {
	L := len(mean) + 1
	ones := make([]float64, L)
	for j := range ones {
		ones[j] = 1
	}
	w := uniform(rng, 2*L*classes, math.Sqrt(6/float64(2*L+classes)))
	return LinParamsOf(ones, w, make([]float64, classes), mean, scale, classes)
}

// LinParamsOf returns LinAtt parameters over the row-major data a (1 ×
// L), w (2L × classes) and b (1 × classes) and the standardisation mean
// and scale, which they share, for L = len(mean)+1; the caller has
// checked the lengths.
func LinParamsOf(a, w, b, mean, scale []float64, classes int) LinParams {
	L := len(mean) + 1
	return LinParams{A: dense(a, 1, L), W: dense(w, 2*L, classes), B: dense(b, 1, classes), Mean: mean, Scale: scale}
}

// Standardization returns the per-feature mean and inverse standard
// deviation of the rows × features values x, row-major (0 and 1 when on
// is false; scale 1 for a constant feature).
func Standardization(x []float64, rows, features int, on bool) (mean, scale []float64) {
	D := features
	mean, scale = make([]float64, D), make([]float64, D)
	for j := range scale {
		scale[j] = 1
	}
	for j := 0; on && j < D; j++ {
		vr := 0.0
		for i := range rows {
			mean[j] += x[i*D+j]
		}
		mean[j] /= float64(rows)
		for i := range rows {
			vr += (x[i*D+j] - mean[j]) * (x[i*D+j] - mean[j])
		}
		if sd := math.Sqrt(vr / float64(rows)); sd > 1e-12 {
			scale[j] = 1 / sd
		} else if sd := smallSD(x, rows, D, j, mean[j]); sd > 0 {
			scale[j] = 1 / sd
		}
	}
	return mean, scale
}

// smallSD returns the standard deviation of feature j, whose plain
// computation gave at most 1e-12, computed so that it does not underflow
// (values of 1e-200 square to 0), or 0 where it is below 1e-12 of the
// feature's largest magnitude: a constant column up to rounding. A column
// measured in tiny units (1e-15) keeps its signal; the absolute threshold
// alone read it as constant.
func smallSD(x []float64, rows, D, j int, mean float64) float64 {
	dev, big := 0.0, 0.0
	for i := range rows {
		dev = max(dev, math.Abs(x[i*D+j]-mean))
		big = max(big, math.Abs(x[i*D+j]))
	}
	if dev == 0 || math.IsInf(1/dev, 0) {
		return 0
	}
	vr := 0.0
	for i := range rows {
		d := (x[i*D+j] - mean) / dev
		vr += d * d
	}
	sd := dev * math.Sqrt(vr/float64(rows))
	if !(sd > 1e-12*big) {
		return 0
	}
	return sd
}

// Lin is one compiled LinAtt graph at a fixed batch size:
//
//	Z      = ((X − mean) ⊙ scale, 1)     standardised, a constant column appended, B × L (L = D+1)
//	X0     = Z / max(‖Z‖₂, ε)            row-wise: the row's direction (the paper's LinAtt)
//	Xs     = Z / √L                      the row's values at unit expected norm
//	X1     = (X0, Xs) ⊙ (act(a), act(a)) a broadcast over rows, B × 2L
//	logits = X1·W + b                    one affine op
//
// The paper normalises each row, which keeps its direction and drops its
// size; a linear model on standardised values uses both. LinAtt sees both,
// each feature under one attention weight: on the eleven continuous shared
// tables the direction alone lost up to 0.09 macro-F1 to a logistic
// regression (multi_b), the values alone 0.036 (ionosphere), see package
// train's documentation.
//
// Not safe for concurrent use.
type Lin struct {
	compiled
	mean, scale []float64
	input       *G.Node // X1
}

// NewLin compiles a LinAtt graph over p for batches of batch rows of
// features columns (the constant column is appended) and classes outputs,
// with row-norm floor eps. A training graph (training true) adds the
// loss, weighted per class by classWeights (nil: all ones), and its
// gradients.
func NewLin(p *LinParams, batch, features, classes int, act activations.Func, eps float64, classWeights []float64, training bool) (*Lin, error) {
	building.Lock()
	defer building.Unlock()
	return buildDistinct(func(names build) (*Lin, error) {
		return newLin(p, batch, features, classes, act, eps, classWeights, training, names)
	})
}

// newLin is one build of NewLin, its input nodes named by names.
func newLin(p *LinParams, batch, features, classes int, act activations.Func, eps float64, classWeights []float64, training bool, names build) (*Lin, error) {
	lg := &Lin{compiled: compiled{batch: batch, g: G.NewGraph()}, mean: p.Mean, scale: p.Scale}
	g, width := lg.g, features+1
	lg.x = tensor.New(tensor.WithShape(batch, width), tensor.Of(tensor.Float64))
	x := G.NewMatrix(g, G.Float64, G.WithShape(batch, width), G.WithName(names.name("lin.X")), G.WithValue(lg.x))
	a := G.NewMatrix(g, G.Float64, G.WithShape(1, width), G.WithName(names.name("lin.a")), G.WithValue(view(p.A)))
	w := G.NewMatrix(g, G.Float64, G.WithShape(2*width, classes), G.WithName(names.name("lin.W")), G.WithValue(view(p.W)))
	b := G.NewMatrix(g, G.Float64, G.WithShape(1, classes), G.WithName(names.name("lin.b")), G.WithValue(view(p.B)))
	lg.params = G.Nodes{a, w, b}

	att, err := ops.Activate(a, act)
	if err != nil {
		return nil, fmt.Errorf("linatt: attention: %w", err)
	}
	x1, err := ops.LinAttInputOfData(x, att, eps, 1/math.Sqrt(float64(width)))
	if err != nil {
		return nil, fmt.Errorf("linatt: attended input: %w", err)
	}
	lg.input = x1
	if lg.logits, err = ops.Affine(x1, w, b); err != nil {
		return nil, fmt.Errorf("linatt: output layer: %w", err)
	}
	if err := lg.compile(names.name("lin.Y"), "linatt", classes, classWeights, training); err != nil {
		return nil, err
	}
	return lg, nil
}

// Forward runs the graph over Batch rows of raw features x and returns
// the logits (Batch × classes), owned by the graph until its next run.
func (lg *Lin) Forward(x []float64) ([]float64, error) {
	lg.fillX(x)
	if err := lg.run(); err != nil {
		return nil, err
	}
	return lg.logits.Value().Data().([]float64), nil
}

// Input runs the graph over Batch rows of raw features x and returns the
// attended input X1 (Batch × 2L) that the output layer weighs, owned by
// the graph until its next run.
func (lg *Lin) Input(x []float64) ([]float64, error) {
	if _, err := lg.Forward(x); err != nil {
		return nil, err
	}
	v, ok := lg.input.Value().Data().([]float64)
	if !ok || len(v) != 2*lg.batch*(len(lg.mean)+1) {
		return nil, fmt.Errorf("linatt: attended input of %T", lg.input.Value().Data())
	}
	return v, nil
}

// Step runs the training graph, forward and backward, over Batch rows of
// raw features x with labels y, and returns the batch loss.
func (lg *Lin) Step(x []float64, y []int) (float64, error) {
	lg.fillX(x)
	return lg.step(y)
}

// StepRows is Step over the rows that row returns for 0..Batch−1, read
// where they lie instead of from one contiguous batch.
func (lg *Lin) StepRows(row Row, y []int) (float64, error) {
	lg.fillRows(row, lg.batch)
	return lg.step(y)
}

// fillX standardises rows of raw features into the bound X tensor and
// sets the constant column to one.
func (lg *Lin) fillX(x []float64) {
	D := len(lg.mean)
	lg.fillRows(Contiguous(x, D), len(x)/D)
}

// fillRows is fillX of the rows row(0..rows−1).
func (lg *Lin) fillRows(src Row, rows int) {
	dst := lg.x.Float64s()
	D := len(lg.mean)
	L := D + 1
	for i := range rows {
		x := src(i)[:D]
		for j, v := range x {
			dst[i*L+j] = (v - lg.mean[j]) * lg.scale[j]
		}
		dst[i*L+D] = 1 // the constant column
	}
}
