// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"fmt"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/ops"
)

// catParams are the CatInt weights, whose data the training and evaluation
// graphs share: M (Order × R) factors the rules, W (R × C) and B (1 × C) map
// the rule attention to class logits.
type catParams struct {
	M, W, B *tensor.Dense
}

// catGraph is one compiled CatInt graph at a fixed batch size:
//
//	F      = combAct(X ‖ 1…1, M)        B × R
//	A      = softmax_rows(F ⊙ mask)     B × R (one op; the mask is dropout, absent in eval)
//	logits = A·W + b                    B × C (one affine op)
//	loss   = weighted cross-entropy(logits, Y)   (training graph only)
type catGraph struct {
	batch  int
	g      *G.ExprGraph
	comb   *ops.CombAct
	x, y   *tensor.Dense // bound input tensors, refilled per batch
	mask   *tensor.Dense // nil in the evaluation graph
	params G.Nodes       // M, W, B
	att    *G.Node
	logits *G.Node
	loss   *G.Node
	vm     G.VM
}

func buildCat(p *catParams, batch, width, order, rules, classes int, act activations.Func, classWeights []float64, training bool) (*catGraph, error) {
	cg := &catGraph{batch: batch, g: G.NewGraph()}
	g := cg.g
	cg.x = tensor.New(tensor.WithShape(batch, width), tensor.Of(tensor.Float64))
	x := G.NewMatrix(g, G.Float64, G.WithShape(batch, width), G.WithName("cat.X"), G.WithValue(cg.x))
	m := G.NewMatrix(g, G.Float64, G.WithShape(order, rules), G.WithName("cat.M"), G.WithValue(view(p.M)))
	w := G.NewMatrix(g, G.Float64, G.WithShape(rules, classes), G.WithName("cat.W"), G.WithValue(view(p.W)))
	b := G.NewMatrix(g, G.Float64, G.WithShape(1, classes), G.WithName("cat.b"), G.WithValue(view(p.B)))
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
		cg.mask = tensor.New(tensor.WithShape(batch, rules), tensor.Of(tensor.Float64))
		mask := G.NewMatrix(g, G.Float64, G.WithShape(batch, rules), G.WithName("cat.mask"), G.WithValue(cg.mask))
		if cg.att, err = ops.MaskedSoftmaxRows(f, mask); err != nil {
			return nil, fmt.Errorf("catint: softmax: %w", err)
		}
	} else if cg.att, err = ops.SoftmaxRows(f); err != nil {
		return nil, fmt.Errorf("catint: softmax: %w", err)
	}
	if cg.logits, err = ops.Affine(cg.att, w, b); err != nil {
		return nil, fmt.Errorf("catint: output layer: %w", err)
	}
	if !training {
		cg.vm = G.NewTapeMachine(g)
		return cg, nil
	}
	cg.y = tensor.New(tensor.WithShape(batch, classes), tensor.Of(tensor.Float64))
	y := G.NewMatrix(g, G.Float64, G.WithShape(batch, classes), G.WithName("cat.Y"), G.WithValue(cg.y))
	if cg.loss, err = ops.SoftmaxCrossEntropy(cg.logits, y, classWeights); err != nil {
		return nil, fmt.Errorf("catint: loss: %w", err)
	}
	if _, err = G.Grad(cg.loss, cg.params...); err != nil {
		return nil, fmt.Errorf("catint: gradient: %w", err)
	}
	// No BindDualValues: a parameter's Grad() is then its gradient node's
	// value from the last run (not accumulated over runs), which the ops
	// overwrite in place, so a step allocates no gradient tensors. The
	// optimiser zeroes it after reading it, as before.
	cg.vm = G.NewTapeMachine(g)
	return cg, nil
}

// fillX copies rows of raw features into the bound X tensor and sets the
// pseudovariable columns to one.
func (cg *catGraph) fillX(x []float64, features int) {
	dst := cg.x.Float64s()
	width := len(dst) / cg.batch
	for i := range cg.batch {
		row := dst[i*width : (i+1)*width]
		copy(row, x[i*features:(i+1)*features])
		for j := features; j < width; j++ {
			row[j] = 1
		}
	}
}

// view returns a new tensor header over t's data. Every graph binds its
// own headers: compiling a machine writes to the tensors it binds (their
// engine), which must not race with other graphs reading them, while the
// data stay shared, so a training step's update is seen by every graph.
func view(t *tensor.Dense) *tensor.Dense {
	return tensor.New(tensor.WithShape(t.Shape().Clone()...), tensor.WithBacking(t.Float64s()))
}
