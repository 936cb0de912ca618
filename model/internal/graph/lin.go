// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package graph

import (
	"fmt"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/ops"
)

// LinParams are the LinAtt weights: the per-feature attention vector A
// (1 × D, initialised to ones), W (D × C) and B (1 × C).
type LinParams struct {
	A, W, B *tensor.Dense
}

// Lin is one compiled LinAtt graph at a fixed batch size:
//
//	X0     = X / max(‖X‖₂, ε)            row-wise, B × D
//	X1     = X0 ⊙ act(a)                 a broadcast over rows
//	logits = X1·W + b                    one affine op
//
// Its input X is the caller's to fill (Input): the network standardises
// the rows into it. Not safe for concurrent use.
type Lin struct {
	compiled
}

// NewLin compiles a LinAtt graph over p for batches of batch rows of
// features columns and classes outputs, with row-norm floor eps. A
// training graph (training true) adds the loss, weighted per class by
// classWeights (nil: all ones), and its gradients.
func NewLin(p *LinParams, batch, features, classes int, act activations.Func, eps float64, classWeights []float64, training bool) (*Lin, error) {
	lg := &Lin{compiled{batch: batch, g: G.NewGraph()}}
	g := lg.g
	lg.x = tensor.New(tensor.WithShape(batch, features), tensor.Of(tensor.Float64))
	x := G.NewMatrix(g, G.Float64, G.WithShape(batch, features), G.WithName("lin.X"), G.WithValue(lg.x))
	a := G.NewMatrix(g, G.Float64, G.WithShape(1, features), G.WithName("lin.a"), G.WithValue(view(p.A)))
	w := G.NewMatrix(g, G.Float64, G.WithShape(features, classes), G.WithName("lin.W"), G.WithValue(view(p.W)))
	b := G.NewMatrix(g, G.Float64, G.WithShape(1, classes), G.WithName("lin.b"), G.WithValue(view(p.B)))
	lg.params = G.Nodes{a, w, b}

	x0, err := ops.RowL2Normalize(x, eps)
	if err != nil {
		return nil, fmt.Errorf("linatt: normalise: %w", err)
	}
	att, err := ops.Activate(a, act)
	if err != nil {
		return nil, fmt.Errorf("linatt: attention: %w", err)
	}
	x1, err := G.BroadcastHadamardProd(x0, att, nil, []byte{0})
	if err != nil {
		return nil, fmt.Errorf("linatt: attend: %w", err)
	}
	if lg.logits, err = ops.Affine(x1, w, b); err != nil {
		return nil, fmt.Errorf("linatt: output layer: %w", err)
	}
	if err := lg.compile("lin", "linatt", classes, classWeights, training); err != nil {
		return nil, err
	}
	return lg, nil
}

// Input returns the bound input tensor's data (Batch × features,
// row-major), to be filled before Forward or Step.
func (lg *Lin) Input() []float64 { return lg.x.Float64s() }

// Forward runs the graph over the rows in Input and returns the logits
// (Batch × classes), owned by the graph until its next run.
func (lg *Lin) Forward() ([]float64, error) {
	if err := lg.run(); err != nil {
		return nil, err
	}
	return lg.logits.Value().Data().([]float64), nil
}

// Step runs the training graph, forward and backward, over the rows in
// Input with labels y, and returns the batch loss.
func (lg *Lin) Step(y []int) (float64, error) { return lg.step(y) }
