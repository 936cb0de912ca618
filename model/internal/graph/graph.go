// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package graph

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/ops"
)

// building serialises the building of graphs (NewCat, NewLin). Gorgonia
// shares package-level constant nodes between graphs (the 1 every Grad
// starts from) and caches a node's hash in it on first use, and it counts
// hash collisions in package-level counters: two graphs built at once in
// two goroutines wrote the same memory (go test -race, hornetctl cv --jobs
// 2 in a fresh process). Building is a small part of a fit; the compiled
// machines still run concurrently, each on its own graph.
var building sync.Mutex

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

// compile finishes a graph whose logits are built: a training graph gets
// the target Y (its node named yName), the weighted cross-entropy loss and
// its gradients; then, if no two nodes share a hash (distinctHashes), the
// machine is compiled. Errors start with route.
func (c *compiled) compile(yName, route string, classes int, classWeights []float64, training bool) error {
	if training {
		c.y = tensor.New(tensor.WithShape(c.batch, classes), tensor.Of(tensor.Float64))
		y := G.NewMatrix(c.g, G.Float64, G.WithShape(c.batch, classes), G.WithName(yName), G.WithValue(c.y))
		var err error
		if c.loss, err = ops.SoftmaxCrossEntropy(c.logits, y, classWeights); err != nil {
			return fmt.Errorf("%s: loss: %w", route, err)
		}
		if _, err = G.Grad(c.loss, c.params...); err != nil {
			return fmt.Errorf("%s: gradient: %w", route, ops.GradError(err))
		}
	}
	if err := distinctHashes(c.g); err != nil {
		return fmt.Errorf("%s: %w", route, err)
	}
	// No BindDualValues: a parameter's Grad() is then its gradient node's
	// value from the last run (not accumulated over runs), which the ops
	// overwrite in place, so a step allocates no gradient tensors. The
	// optimiser zeroes it after reading it, as before.
	c.vm = G.NewTapeMachine(c.g)
	// NewTapeMachine sets a finalizer on the machine, which does nothing
	// without the cuda build tag (finalizeTapeMachine in gorgonia's
	// vm_tape_nocuda.go) and which Close does not remove. An object with a
	// finalizer keeps all it reaches (the graph, its ops and their output
	// buffers, the bound tensors) alive through one more garbage
	// collection, and with a graph per fit that held-over garbage raised
	// every cycle's heap goal: cv, tune and bench grew by about a megabyte
	// a fit (400 fits of a small table: 600 MB). Without it the heap
	// stays flat. No part of this module builds with the cuda tag.
	runtime.SetFinalizer(c.vm, nil)
	return nil
}

// maxBuilds bounds the builds of one graph (buildDistinct). Collisions
// are rare (package ops, "Hash collisions"); a second build has not
// collided so far.
const maxBuilds = 8

// build numbers the builds of one graph and names its input nodes.
type build int

// name is base for the first build and base~k for build k: a collision of
// two nodes' hashes (see distinctHashes) depends on the names of the
// inputs below them, so the next build most likely has none. Names are
// not read after building.
func (b build) name(base string) string {
	if b == 0 {
		return base
	}
	return fmt.Sprintf("%s~%d", base, int(b))
}

// buildDistinct returns try's graph, building it again with the next
// input names while ops.ErrHashCollision says two different nodes were
// given one hash, at most maxBuilds times. The graphs of all builds
// compute the same values.
func buildDistinct[T any](try func(build) (T, error)) (T, error) {
	var zero T
	var err error
	for b := range build(maxBuilds) {
		var v T
		if v, err = try(b); !errors.Is(err, ops.ErrHashCollision) {
			return v, err
		}
	}
	return zero, fmt.Errorf("%d builds: %w", maxBuilds, err)
}

// distinctHashes returns an error wrapping ops.ErrHashCollision if two
// nodes of g have the same Hashcode. The TapeMachine's compiler numbers
// values by that 32-bit hash alone: of two colliding nodes one would not
// be computed and its readers would get the other's value (the ops
// package documentation, "Hash collisions").
func distinctHashes(g *G.ExprGraph) error {
	nodes := g.AllNodes()
	seen := make(map[uint32]*G.Node, len(nodes))
	for _, n := range nodes {
		h := n.Hashcode()
		if o, ok := seen[h]; ok && o != n {
			return fmt.Errorf("%w: %v and %v (hash %#x)", ops.ErrHashCollision, o, n, h)
		}
		seen[h] = n
	}
	return nil
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
// Row returns row i of a batch, at least the graph's feature count of
// values (the graph reads that many).
type Row func(i int) []float64

// Contiguous is the Row of a batch of rows of features values each, one
// after the other in x.
func Contiguous(x []float64, features int) Row {
	return func(i int) []float64 { return x[i*features : (i+1)*features] }
}

func view(t *tensor.Dense) *tensor.Dense {
	return tensor.New(tensor.WithShape(t.Shape().Clone()...), tensor.WithBacking(t.Float64s()))
}

// dense returns an r × c tensor over v.
func dense(v []float64, r, c int) *tensor.Dense {
	return tensor.New(tensor.WithShape(r, c), tensor.WithBacking(v))
}

// uniform returns n values uniform in [-a, a), drawn from rng in order.
func uniform(rng *rand.Rand, n int, a float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = (2*rng.Float64() - 1) * a
	}
	return out
}
