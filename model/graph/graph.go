// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package graph

import (
	"math"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// compiled is what both routes' graphs hold: the bound input tensors,
// the parameter nodes, the outputs and the machine.
type compiled struct {
	batch  int
	g      *G.ExprGraph
	x, y   *tensor.Dense // bound input tensors, refilled per batch; y nil in evaluation
	params G.Nodes
	logits *G.Node
	loss   *G.Node // nil in evaluation
	vm     G.VM
	vgs    []G.ValueGrad
}

// run runs the graph once over its bound inputs.
func (c *compiled) run() error {
	c.vm.Reset()
	return c.vm.RunAll()
}

// step sets the one-hot targets of labels y, runs the training graph
// (forward and backward) and returns the batch loss.
func (c *compiled) step(y []int) (float64, error) {
	classes := c.y.Shape()[1]
	dst := c.y.Float64s()
	clear(dst)
	for i, k := range y {
		dst[i*classes+k] = 1
	}
	if err := c.run(); err != nil {
		return 0, err
	}
	switch v := c.loss.Value().(type) {
	case *G.F64:
		return float64(*v), nil
	case *tensor.Dense:
		if f := v.Float64s(); len(f) > 0 {
			return f[0], nil
		}
	}
	return math.NaN(), nil
}

// ValueGrads returns the graph's parameters with their gradients from the
// last Step, in the order of the params struct, for an optimiser. The
// gradient is that of the last run only (not accumulated over runs); the
// optimiser zeroes it after reading it.
func (c *compiled) ValueGrads() []G.ValueGrad {
	if c.vgs == nil {
		c.vgs = G.NodesToValueGrads(c.params)
	}
	return c.vgs
}

// Batch returns the number of rows the graph computes at once.
func (c *compiled) Batch() int { return c.batch }

// view returns a new tensor header over t's data. Every graph binds its
// own headers: compiling a machine writes to the tensors it binds (their
// engine), which must not race with other graphs reading them, while the
// data stay shared, so a training step's update is seen by every graph.
func view(t *tensor.Dense) *tensor.Dense {
	return tensor.New(tensor.WithShape(t.Shape().Clone()...), tensor.WithBacking(t.Float64s()))
}
