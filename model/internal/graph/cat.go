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

// CatParams are the CatInt weights, whose data the training and evaluation
// graphs share: M (Order × R) factors the rules, W (R × C) and B (1 × C) map
// the rule attention to class logits.
type CatParams struct {
	M, W, B *tensor.Dense
}

// NewCatParams returns the initial CatInt weights of rules slots of order
// columns and classes outputs: M uniform in [-1, 1), then W uniform in
// ±√(6/(rules+classes)) (Glorot), drawn from rng in that order; B zero.
func NewCatParams(rng *rand.Rand, order, rules, classes int) CatParams {
	m := uniform(rng, order*rules, 1)
	w := uniform(rng, rules*classes, math.Sqrt(6/float64(rules+classes)))
	return CatParamsOf(m, w, make([]float64, classes), order, rules, classes)
}

// CatParamsOf returns CatInt weights over the row-major data m (order ×
// rules), w (rules × classes) and b (1 × classes), which they share; the
// caller has checked the lengths.
func CatParamsOf(m, w, b []float64, order, rules, classes int) CatParams {
	return CatParams{M: dense(m, order, rules), W: dense(w, rules, classes), B: dense(b, 1, classes)}
}

// ResetSlots gives each rule slot in slots new factor weights, uniform in
// [-1, 1) and drawn from rng slot by slot, and zero output weights.
func (p *CatParams) ResetSlots(slots []int, rng *rand.Rand) {
	M, W := p.M.Float64s(), p.W.Float64s()
	R, C := p.W.Shape()[0], p.W.Shape()[1]
	for _, r := range slots {
		for j := range p.M.Shape()[0] {
			M[j*R+r] = 2*rng.Float64() - 1
		}
		for c := range C {
			W[r*C+c] = 0
		}
	}
}

// Cat is one compiled CatInt graph at a fixed batch size:
//
//	F      = combAct(X ‖ 1…1, M)        B × R
//	A      = softmax_rows(F ⊙ mask)     B × R (one op; the mask is dropout, absent in eval)
//	logits = A·W + b                    B × C (one affine op)
//	loss   = weighted cross-entropy(logits, Y)   (training graph only)
//
// Its rule indices are set with UseRules before the first run. Not safe
// for concurrent use.
type Cat struct {
	compiled
	features int
	comb     *ops.CombAct
	mask     *tensor.Dense // nil in the evaluation graph
	active   []bool        // the rule sample of the last step
	perm     []int         // scratch for drawing the sample
	rules    uint64        // the version of the rule indices set, valid if hasRules
	hasRules bool
	att      *G.Node
}

// NewCat compiles a CatInt graph over p for batches of batch rows of
// features columns (Order pseudovariables are appended), with rules slots
// of order columns and classes outputs. A training graph (training true)
// adds the loss, weighted per class by classWeights (nil: all ones), and
// its gradients.
func NewCat(p *CatParams, batch, features, order, rules, classes int, act activations.Func, classWeights []float64, training bool) (*Cat, error) {
	building.Lock()
	defer building.Unlock()
	return buildDistinct(func(names build) (*Cat, error) {
		return newCat(p, batch, features, order, rules, classes, act, classWeights, training, names)
	})
}

// newCat is one build of NewCat, its input nodes named by names.
func newCat(p *CatParams, batch, features, order, rules, classes int, act activations.Func, classWeights []float64, training bool, names build) (*Cat, error) {
	cg := &Cat{compiled: compiled{batch: batch, g: G.NewGraph()}, features: features}
	g, width := cg.g, features+order
	cg.x = tensor.New(tensor.WithShape(batch, width), tensor.Of(tensor.Float64))
	x := G.NewMatrix(g, G.Float64, G.WithShape(batch, width), G.WithName(names.name("cat.X")), G.WithValue(cg.x))
	m := G.NewMatrix(g, G.Float64, G.WithShape(order, rules), G.WithName(names.name("cat.M")), G.WithValue(view(p.M)))
	w := G.NewMatrix(g, G.Float64, G.WithShape(rules, classes), G.WithName(names.name("cat.W")), G.WithValue(view(p.W)))
	b := G.NewMatrix(g, G.Float64, G.WithShape(1, classes), G.WithName(names.name("cat.b")), G.WithValue(view(p.B)))
	cg.params = G.Nodes{m, w, b}

	comb, err := ops.NewCombAct(order, rules, act, false)
	if err != nil {
		return nil, err
	}
	cg.comb = comb
	f, err := comb.Apply(x, m)
	if err != nil {
		return nil, fmt.Errorf("catint: combAct: %w", err)
	}
	if training {
		cg.active = make([]bool, rules)
		cg.mask = tensor.New(tensor.WithShape(batch, rules), tensor.Of(tensor.Float64))
		mask := G.NewMatrix(g, G.Float64, G.WithShape(batch, rules), G.WithName(names.name("cat.mask")), G.WithValue(cg.mask))
		if cg.att, err = ops.MaskedSoftmaxRows(f, mask); err != nil {
			return nil, fmt.Errorf("catint: softmax: %w", err)
		}
	} else if cg.att, err = ops.SoftmaxRows(f); err != nil {
		return nil, fmt.Errorf("catint: softmax: %w", err)
	}
	if cg.logits, err = ops.Affine(cg.att, w, b); err != nil {
		return nil, fmt.Errorf("catint: output layer: %w", err)
	}
	if err := cg.compile(names.name("cat.Y"), "catint", classes, classWeights, training); err != nil {
		return nil, err
	}
	return cg, nil
}

// UseRules sets the column indices of every rule slot (Rules × Order,
// slot-major) unless the graph already holds this version of them; the
// compiled graph takes them without recompiling.
func (cg *Cat) UseRules(idx []int, version uint64) error {
	if cg.hasRules && cg.rules == version {
		return nil
	}
	if err := cg.comb.SetRules(idx); err != nil {
		return err
	}
	cg.rules, cg.hasRules = version, true
	return nil
}

// Forward runs the graph over Batch rows of raw features x and returns
// the logits (Batch × classes) and the rule attention (Batch × rules),
// both owned by the graph until its next run.
func (cg *Cat) Forward(x []float64) (logits, att []float64, err error) {
	cg.fillX(x)
	if err := cg.run(); err != nil {
		return nil, nil, err
	}
	return cg.logits.Value().Data().([]float64), cg.att.Value().Data().([]float64), nil
}

// Step runs the training graph, forward and backward, over Batch rows of
// raw features x with labels y, and returns the batch loss. From rng it
// draws first, where 0 < samples < rules, the Monte-Carlo rule sample
// (the other slots output 0 and get no gradient), then a dropout mask of
// drop probability dropP.
func (cg *Cat) Step(x []float64, y []int, samples int, dropP float64, rng *rand.Rand) (float64, error) {
	return cg.StepRows(Contiguous(x, cg.features), y, samples, dropP, rng)
}

// StepRows is Step over the rows that row returns for 0..Batch−1, read
// where they lie instead of from one contiguous batch.
func (cg *Cat) StepRows(row Row, y []int, samples int, dropP float64, rng *rand.Rand) (float64, error) {
	cg.fillRows(row)
	if rules := len(cg.active); samples > 0 && samples < rules {
		clear(cg.active)
		// rng.Perm without its allocation: the same draws.
		if cg.perm == nil {
			cg.perm = make([]int, rules)
		}
		perm := cg.perm
		for i := range perm {
			perm[i] = i
		}
		rng.Shuffle(rules, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		for _, r := range perm[:samples] {
			cg.active[r] = true
		}
		if err := cg.comb.SetActive(cg.active); err != nil {
			return 0, err
		}
	}
	ops.DropoutMask(cg.mask.Float64s(), dropP, rng)
	return cg.step(y)
}

// fillX copies rows of raw features into the bound X tensor and sets the
// pseudovariable columns to one.
func (cg *Cat) fillX(x []float64) { cg.fillRows(Contiguous(x, cg.features)) }

// fillRows is fillX of the rows row(0..Batch−1).
func (cg *Cat) fillRows(src Row) {
	dst := cg.x.Float64s()
	width := len(dst) / cg.batch
	for i := range cg.batch {
		row := dst[i*width : (i+1)*width]
		copy(row, src(i)[:cg.features])
		for j := cg.features; j < width; j++ {
			row[j] = 1
		}
	}
}
