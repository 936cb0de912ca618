// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"context"
	"fmt"
	"math"
	"slices"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"gonum.org/v1/gonum/optimize"

	"github.com/hornets-go/hornets/internal/lbfgs"
	"github.com/hornets-go/hornets/model/internal/graph"
)

// ContinuousOptimum is the minimum of the continuous route's penalised
// training loss over its output layer, found by Trainer.ContinuousOptimum.
type ContinuousOptimum struct {
	// W and B are the output weights (2L × classes, row-major, L = features
	// + 1) and biases at the optimum.
	W, B []float64
	// StartLoss and Loss are the penalised loss where L-BFGS started
	// (the network's weights, or ContinuousOptimumFrom's start; the
	// direction's weights taken as zero for ValuesHalf) and at the
	// optimum; NetworkLoss is the loss at the network's weights (so taken)
	// whatever the start; GradNorm is the gradient's largest absolute
	// entry at the optimum.
	StartLoss, NetworkLoss, Loss, GradNorm float64
	// Iterations and Evaluations count L-BFGS's iterations and its
	// evaluations of the loss over every training row.
	Iterations, Evaluations int
	// Status is L-BFGS's reason for stopping (gonum's optimize.Status).
	Status string
}

// ContinuousOptimum returns the minimum over the continuous route's
// output weights W and biases b of the mean class-weighted cross-entropy
// over all rows of x (labels y) plus l2/2·‖W‖²: the loss whose gradients
// Step computes batch by batch, with the L2 penalty that package train
// adds. The attention A stays as it is, which makes the
// loss convex in W and b, so with l2 > 0 the minimum is unique and does
// not depend on the starting point (the network's weights). L-BFGS
// (gonum.org/v1/gonum/optimize) finds it with the gradients of the
// training graph (over OptimumBatch rows at a time), evaluating at most
// maxEvals times (each a pass over the rows). ctx is checked between batches: a canceled
// search returns an error wrapping ctx.Err(). The network is left
// unchanged.
func (t *Trainer) ContinuousOptimum(ctx context.Context, x []float64, rows int, y []int, l2 float64, maxEvals int) (ContinuousOptimum, error) {
	return t.ContinuousOptimumOver(ctx, BothHalves, x, rows, y, l2, maxEvals)
}

// ContinuousHalves names the halves of the continuous route's input (see
// ContinuousInput) that its output layer weighs.
type ContinuousHalves int

const (
	// BothHalves: the row's direction and its values, as LinAtt trains.
	BothHalves ContinuousHalves = iota
	// ValuesHalf: the values alone, the direction's weights held at zero:
	// a linear model of the standardised values under the attention, a
	// class-weighted L2 logistic regression where the attention is 1.
	ValuesHalf
)

func (h ContinuousHalves) String() string {
	switch h {
	case BothHalves:
		return "both"
	case ValuesHalf:
		return "values"
	}
	return fmt.Sprintf("ContinuousHalves(%d)", int(h))
}

// ContinuousOptimumOver is ContinuousOptimum over the halves h of the
// input: with ValuesHalf the weights of the direction (W's first L rows)
// are zero at the optimum, and the loss is minimised over the others.
func (t *Trainer) ContinuousOptimumOver(ctx context.Context, h ContinuousHalves, x []float64, rows int, y []int, l2 float64, maxEvals int) (ContinuousOptimum, error) {
	return t.continuousOptimum(ctx, h, nil, x, rows, y, l2, maxEvals)
}

// ContinuousOptimumFrom is ContinuousOptimumOver with L-BFGS started at
// start's W and B instead of the network's weights (StartLoss is then
// the loss there): a point near the optimum, such as the optimum of the
// same loss that another solver found over the attended input
// (ContinuousInput), leaves L-BFGS a few passes over the rows where it
// would need hundreds from the network's weights. The optimum is the
// same up to L-BFGS's tolerance and the biases' common shift, which
// changes no probability. start's shape must be the network's (ErrShape)
// and its values finite (ErrDiverged).
func (t *Trainer) ContinuousOptimumFrom(ctx context.Context, h ContinuousHalves, start ContinuousOptimum, x []float64, rows int, y []int, l2 float64, maxEvals int) (ContinuousOptimum, error) {
	return t.continuousOptimum(ctx, h, &start, x, rows, y, l2, maxEvals)
}

func (t *Trainer) continuousOptimum(ctx context.Context, h ContinuousHalves, from *ContinuousOptimum, x []float64, rows int, y []int, l2 float64, maxEvals int) (ContinuousOptimum, error) {
	if err := t.ok(); err != nil {
		return ContinuousOptimum{}, err
	}
	n := t.net
	switch {
	case ctx == nil:
		return ContinuousOptimum{}, fmt.Errorf("%w: nil context", ErrConfig)
	case rows < 1:
		return ContinuousOptimum{}, fmt.Errorf("%w: no rows", ErrShape)
	case !(l2 >= 0) || math.IsInf(l2, 0):
		return ContinuousOptimum{}, fmt.Errorf("%w: L2 penalty %g, want a finite value >= 0", ErrConfig, l2)
	case maxEvals < 1:
		return ContinuousOptimum{}, fmt.Errorf("%w: %d loss evaluations, want >= 1", ErrConfig, maxEvals)
	case h != BothHalves && h != ValuesHalf:
		return ContinuousOptimum{}, fmt.Errorf("%w: input halves %v", ErrConfig, h)
	}
	if err := n.checkX(x, rows); err != nil {
		return ContinuousOptimum{}, err
	}
	if err := n.checkY(y, rows); err != nil {
		return ContinuousOptimum{}, err
	}
	obj := &linObjective{ctx: ctx, t: t, x: x, rows: rows, y: y, l2: l2, w: n.lin.W.Float64s(), b: n.lin.B.Float64s(),
		graphs: linChunks{net: n, chunk: min(rows, OptimumBatch), classWeights: t.classWeights, training: true}}
	if h == ValuesHalf {
		obj.fixed = (n.features + 1) * n.classes // W's first L rows
	}
	saved := append(slices.Clone(obj.w), obj.b...)
	defer func() { copy(obj.w, saved); copy(obj.b, saved[len(obj.w):]) }() // the network keeps its weights
	start := slices.Clone(saved)
	if from != nil {
		if len(from.W) != len(obj.w) || len(from.B) != len(obj.b) {
			return ContinuousOptimum{}, fmt.Errorf("%w: start of another network (%d weights and %d biases, want %d and %d)", ErrShape, len(from.W), len(from.B), len(obj.w), len(obj.b))
		}
		start = append(slices.Clone(from.W), from.B...)
		for _, v := range start {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return ContinuousOptimum{}, fmt.Errorf("%w: the start's weights are not finite (%v)", ErrDiverged, v)
			}
		}
	}
	clear(start[:obj.fixed])
	startLoss := obj.eval(nil, start)
	networkLoss := startLoss
	if from != nil && obj.err == nil {
		at := slices.Clone(saved)
		clear(at[:obj.fixed])
		networkLoss = obj.eval(nil, at)
	}
	if obj.err != nil {
		return ContinuousOptimum{}, obj.err
	}
	// Each evaluation runs the training graph forward and backward, so
	// the value and the gradient come from one pass.
	res, err := lbfgs.Minimize(obj.eval, slices.Clone(start),
		&optimize.Settings{GradientThreshold: gradientThreshold(l2), FuncEvaluations: maxEvals})
	switch {
	case obj.err != nil:
		return ContinuousOptimum{}, fmt.Errorf("model: continuous optimum: %w", obj.err)
	case res == nil || res.X == nil:
		return ContinuousOptimum{}, fmt.Errorf("model: continuous optimum: %w", err)
	}
	// L-BFGS ending on a line search that cannot improve, or on the
	// evaluation budget, still returns its best point: keep it if finite
	// and no worse than the start.
	for _, v := range res.X {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return ContinuousOptimum{}, fmt.Errorf("%w: continuous optimum is not finite (%v)", ErrDiverged, err)
		}
	}
	best, loss, g := res.X, res.F, res.Gradient
	if !(loss <= startLoss) || len(g) != len(best) {
		best, loss = start, startLoss
		g = make([]float64, len(best))
		obj.eval(g, best)
	}
	wn := len(obj.w)
	best = slices.Clone(best)
	clear(best[:obj.fixed])
	return ContinuousOptimum{
		W: slices.Clone(best[:wn]), B: slices.Clone(best[wn:]),
		StartLoss: startLoss, NetworkLoss: networkLoss, Loss: loss, GradNorm: maxAbs(g),
		Iterations: res.Stats.MajorIterations, Evaluations: res.Stats.FuncEvaluations,
		Status: res.Status.String(),
	}, nil
}

// ContinuousInput returns the continuous route's attended input for the
// rows of x, the values its output layer weighs: rows × 2L values,
// row-major (L = features + 1), each row's direction under the attention
// in the first L columns and its scaled values under the attention in the
// last L, so that its logits are this row times W plus B. It is computed by
// LinAtt's graph, OptimumBatch rows at a time.
func (t *Trainer) ContinuousInput(x []float64, rows int) ([]float64, error) {
	if err := t.ok(); err != nil {
		return nil, err
	}
	n := t.net
	if rows < 1 {
		return nil, fmt.Errorf("%w: no rows", ErrShape)
	}
	if err := n.checkX(x, rows); err != nil {
		return nil, err
	}
	D, width := n.features, 2*(n.features+1)
	out := make([]float64, 0, rows*width)
	chunk := min(rows, OptimumBatch)
	graphs := linChunks{net: n, chunk: chunk}
	for s := 0; s < rows; s += chunk {
		k := min(chunk, rows-s)
		lg, err := graphs.graph(k)
		if err != nil {
			return nil, err
		}
		in, err := lg.Input(x[s*D : (s+k)*D])
		if err != nil {
			return nil, err
		}
		out = append(out, in...)
	}
	return out, nil
}

// BlendContinuous sets the continuous route's output weights and biases
// to (1−f)·theirs + f·opt's, for f in [0, 1]: f = 1 takes the optimum, 0
// keeps the network's weights, ½ averages them. Averaging the weights of
// two linear layers over the same inputs averages their logits.
func (t *Trainer) BlendContinuous(opt ContinuousOptimum, f float64) error {
	if err := t.ok(); err != nil {
		return err
	}
	w, b := t.net.lin.W.Float64s(), t.net.lin.B.Float64s()
	switch {
	case !(f >= 0 && f <= 1):
		return fmt.Errorf("%w: blend fraction %g, want 0..1", ErrConfig, f)
	case len(opt.W) != len(w) || len(opt.B) != len(b):
		return fmt.Errorf("%w: optimum of another network", ErrShape)
	}
	for _, v := range [][]float64{opt.W, opt.B} {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("%w: the optimum's weights are not finite (%v)", ErrDiverged, x)
			}
		}
	}
	for i, v := range opt.W {
		w[i] = (1-f)*w[i] + f*v
	}
	for i, v := range opt.B {
		b[i] = (1-f)*b[i] + f*v
	}
	return nil
}

// ShiftContinuousBias adds delta (one value per class) to the continuous
// route's output bias: it moves the decision boundaries between the
// classes without changing the layer's weights (see train's
// HalvesCheck.ClassWeightPower). A delta that is refused leaves the bias
// as it was.
func (t *Trainer) ShiftContinuousBias(delta []float64) error {
	if err := t.ok(); err != nil {
		return err
	}
	return shiftBias(t.net.lin.B.Float64s(), delta)
}

// ShiftCategoricalBias adds delta (one value per class) to the
// categorical route's output bias: it moves the decision boundaries
// between the classes without changing the rules or their weights (see
// train's BoundaryCheck). A delta that is refused leaves the bias as it
// was.
func (t *Trainer) ShiftCategoricalBias(delta []float64) error {
	if err := t.ok(); err != nil {
		return err
	}
	return shiftBias(t.net.cat.B.Float64s(), delta)
}

// shiftBias adds delta to b, checking every value before it changes any.
func shiftBias(b, delta []float64) error {
	if len(delta) != len(b) {
		return fmt.Errorf("%w: %d bias shifts for %d classes", ErrShape, len(delta), len(b))
	}
	for _, d := range delta {
		if math.IsNaN(d) || math.IsInf(d, 0) {
			return fmt.Errorf("%w: bias shift %v", ErrConfig, d)
		}
	}
	for c, d := range delta {
		b[c] += d
	}
	return nil
}

// OptimumBatch is the row count of the graphs with which
// Trainer.ContinuousOptimum evaluates the loss: larger than a training
// batch, as a pass over every row is what L-BFGS needs, and as large as
// the evaluation graphs (EvalBatch), whose memory it shares the bound of.
const OptimumBatch = EvalBatch

// linObjective is the continuous route's penalised training loss as a
// function of its output layer (W then B, flattened), evaluated over the
// rows in chunks by a training graph of its own (chunk rows); a tail graph
// takes the rows left over by the last whole chunk. The first error is
// kept in err (gonum's objective cannot return one) and the loss is NaN
// from then on.
type linObjective struct {
	ctx    context.Context
	t      *Trainer
	x      []float64
	rows   int
	y      []int
	l2     float64
	w, b   []float64 // the network's live W and B
	fixed  int       // W's first fixed entries are held at zero
	graphs linChunks
	err    error
}

// linChunks compiles LinAtt graphs over a network's weights for chunks
// of rows: whole for chunk rows, tail for the fewer rows left at the end,
// each on first use; training graphs (with classWeights) or evaluation
// graphs.
type linChunks struct {
	net          *Network
	chunk        int
	classWeights []float64
	training     bool
	whole, tail  *graph.Lin
}

// graph returns the graph for a chunk of k rows.
func (c *linChunks) graph(k int) (*graph.Lin, error) {
	g := &c.whole
	if k < c.chunk {
		g = &c.tail
	}
	if *g == nil {
		n := c.net
		lg, err := graph.NewLin(&n.lin, k, n.features, n.classes, n.act, n.cfg.Epsilon, c.classWeights, c.training)
		if err != nil {
			return nil, err
		}
		*g = lg
	}
	return *g, nil
}

// set writes p into the network's W and B, W's first o.fixed entries
// zero.
func (o *linObjective) set(p []float64) {
	copy(o.w, p[:len(o.w)])
	clear(o.w[:o.fixed])
	copy(o.b, p[len(o.w):])
}

// eval returns the loss at p and, if g is not nil, stores its gradient
// in g.
func (o *linObjective) eval(g, p []float64) float64 {
	if o.err != nil {
		return math.NaN()
	}
	o.set(p)
	clear(g)
	D := o.t.net.features
	total := 0.0
	for s := 0; s < o.rows; s += o.graphs.chunk {
		if o.err = o.ctx.Err(); o.err != nil {
			return math.NaN()
		}
		k := min(o.graphs.chunk, o.rows-s)
		var lg *graph.Lin
		if lg, o.err = o.graphs.graph(k); o.err != nil {
			return math.NaN()
		}
		loss, err := lg.Step(o.x[s*D:(s+k)*D], o.y[s:s+k])
		if err != nil {
			o.err = err
			return math.NaN()
		}
		share := float64(k) / float64(o.rows) // Step's loss is the chunk's mean
		total += share * loss
		if g != nil {
			if o.err = addGrads(g, lg.ValueGrads(), len(o.w), share); o.err != nil {
				return math.NaN()
			}
		}
	}
	for i, v := range o.w {
		total += o.l2 / 2 * v * v
		if g != nil {
			g[i] += o.l2 * v
		}
	}
	clear(g[:min(len(g), o.fixed)]) // nil g: nothing to clear
	return total
}

// addGrads adds share times the gradients of W and B (LinAtt's
// parameters A, W, B) from the graph's last run to g (W's first, wn of
// them, then B's); each run overwrites them.
func addGrads(g []float64, vgs []G.ValueGrad, wn int, share float64) error {
	for k, dst := range [][]float64{g[:wn], g[wn:]} {
		gv, err := vgs[k+1].Grad()
		if err != nil {
			return err
		}
		d, ok := gv.(*tensor.Dense)
		if !ok || d.Dtype() != tensor.Float64 || d.Shape().TotalSize() != len(dst) {
			return fmt.Errorf("%w: continuous gradient of %T", ErrShape, gv)
		}
		for i, v := range d.Float64s()[:len(dst)] {
			dst[i] += share * v
		}
	}
	return nil
}

// OptimumGradientThreshold is the gradient at which the search for the
// continuous optimum under the penalty l2 stops (see gradientThreshold),
// for a caller that solves the same problem another way.
func OptimumGradientThreshold(l2 float64) float64 { return gradientThreshold(l2) }

// gradientThreshold is where L-BFGS stops: the loss is l2-strongly
// convex, so a gradient of size g leaves the weights within about g/l2 of
// the optimum; 10⁻⁴·l2 keeps them within about 10⁻⁴ (in [10⁻¹², 10⁻⁷]:
// below 10⁻¹² rounding decides, and a weak penalty needs no more than a
// strong one).
func gradientThreshold(l2 float64) float64 {
	return min(max(1e-4*l2, 1e-12), 1e-7)
}

func maxAbs(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = max(m, math.Abs(x))
	}
	return m
}
