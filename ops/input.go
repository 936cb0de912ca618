// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"fmt"
	"hash"
	"hash/fnv"
	"unsafe"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// Ranks accepted by checkInput and checkNode.
const (
	anyRank    = -1 // any shape, scalars included
	scalarRank = 0  // a single value: a *G.F64 or a one-element tensor
	matrixRank = 2
)

// operand is one float64 input of an op: its elements as a contiguous
// row-major slice, and its shape. Both alias the input value and must not be
// modified.
type operand struct {
	data  []float64
	shape tensor.Shape
}

// matrixType is the type of a matrix of element type a.
func matrixType(a hm.TypeVariable) G.TensorType { return G.TensorType{Dims: 2, Of: a} }

// checkInput checks the values given to op's Do: one per entry of ranks, each
// a float64 tensor (or scalar) of that rank, and stores them in in[:len(ranks)].
// It is shared by every forward and backward op of the package and allocates
// nothing unless it fails: callers pass a small array on their stack.
func checkInput(op fmt.Stringer, inputs []G.Value, in []operand, ranks ...int) error {
	if len(inputs) != len(ranks) {
		return fmt.Errorf("%w: %v got %d inputs; want %d", ErrArity, op, len(inputs), len(ranks))
	}
	for i, v := range inputs {
		o, err := toOperand(v)
		if err != nil {
			return fmt.Errorf("%w: %v input %d: %s", err, op, i, describe(v))
		}
		switch r := ranks[i]; {
		case r == scalarRank:
			if len(o.data) != 1 {
				return fmt.Errorf("%w: %v input %d has shape %v; want a scalar", ErrShape, op, i, o.shape)
			}
		case r != anyRank && len(o.shape) != r:
			return fmt.Errorf("%w: %v input %d has shape %v; want rank %d", ErrShape, op, i, o.shape, r)
		}
		in[i] = o
	}
	return nil
}

// toOperand returns v's float64 elements without copying them, unless v is a
// strided view, which is materialised into a contiguous copy first.
func toOperand(v G.Value) (operand, error) {
	switch t := v.(type) {
	case *tensor.Dense:
		if t == nil {
			return operand{}, ErrDtype
		}
		if t.Dtype() != tensor.Float64 {
			return operand{}, ErrDtype
		}
		if t.RequiresIterator() {
			m, ok := t.Materialize().(*tensor.Dense)
			if !ok {
				return operand{}, ErrShape
			}
			t = m
		}
		n := t.Shape().TotalSize()
		d := t.Float64s()
		if len(d) < n {
			return operand{}, ErrShape
		}
		return operand{data: d[:n:n], shape: t.Shape()}, nil
	case *G.F64:
		if t == nil {
			return operand{}, ErrDtype
		}
		// A view of the scalar itself: F64's underlying type is float64.
		return operand{data: unsafe.Slice((*float64)(t), 1), shape: tensor.ScalarShape()}, nil
	}
	return operand{}, ErrDtype
}

// describe names a value's Go type, dtype and shape for an error message.
func describe(v G.Value) string {
	switch t := v.(type) {
	case nil:
		return "got <nil>"
	case *tensor.Dense:
		if t == nil {
			return "got nil *tensor.Dense"
		}
		return fmt.Sprintf("got %T of %v with shape %v", v, t.Dtype(), t.Shape())
	case *G.F64:
		if t == nil {
			return "got nil *gorgonia.F64"
		}
	}
	return fmt.Sprintf("got %T", v)
}

// pureGo supplies the three Op methods that are the same for every op of
// this package: no pointer return, no extern calls, no input overwritten.
type pureGo struct{}

func (pureGo) ReturnsPtr() bool     { return false }
func (pureGo) CallsExtern() bool    { return false }
func (pureGo) OverwritesInput() int { return -1 }

// outBuf is the reusable output of one op instance. The TapeMachine resets
// its registers before every run, so it never offers our ops a preallocated
// output on the next run; instead each op instance keeps the value it
// returned and overwrites it on its next call. The value returned by Do is
// therefore valid until the op's next Do: one op instance belongs to one
// graph node and serves one machine at a time.
type outBuf struct {
	t *tensor.Dense
	f *G.F64
}

// matrix returns a float64 tensor of shape (r, c) and its elements, reusing
// the previous one if it has that shape. The elements are not cleared: the
// caller overwrites every one of them.
func (o *outBuf) matrix(r, c int) (*tensor.Dense, []float64) {
	if o.t != nil {
		if s := o.t.Shape(); len(s) == 2 && s[0] == r && s[1] == c {
			return o.t, o.t.Float64s()
		}
	}
	d := make([]float64, r*c)
	o.t = tensor.New(tensor.WithShape(r, c), tensor.WithBacking(d))
	return o.t, d
}

// like returns a value shaped like s (a *G.F64 for a scalar shape, else a
// tensor) and its elements, reusing the previous one if it has that shape.
func (o *outBuf) like(s tensor.Shape) (G.Value, []float64) {
	if len(s) == 0 {
		if o.f == nil {
			o.f = new(G.F64)
		}
		return o.f, unsafe.Slice((*float64)(o.f), 1)
	}
	if o.t == nil || !o.t.Shape().Eq(s) {
		o.t = tensor.New(tensor.WithShape(s.Clone()...), tensor.WithBacking(make([]float64, s.TotalSize())))
	}
	return o.t, o.t.Float64s()
}

// scalar returns the reusable *G.F64 output set to v.
func (o *outBuf) scalar(v float64) *G.F64 {
	if o.f == nil {
		o.f = new(G.F64)
	}
	*o.f = G.F64(v)
	return o.f
}

// dest returns where an op writes an (r, c) matrix output: into p if the VM
// offered it (UsePreallocDo), else into the op's own buffer (Do).
func (o *outBuf) dest(op fmt.Stringer, p G.Value, r, c int) (G.Value, []float64, error) {
	if p == nil {
		t, d := o.matrix(r, c)
		return t, d, nil
	}
	d, err := preallocated(op, p, tensor.Shape{r, c})
	return p, d, err
}

// destLike is dest for an output shaped like s.
func (o *outBuf) destLike(op fmt.Stringer, p G.Value, s tensor.Shape) (G.Value, []float64, error) {
	if p == nil {
		v, d := o.like(s)
		return v, d, nil
	}
	d, err := preallocated(op, p, s)
	return p, d, err
}

// preallocated returns the elements of p, a value the VM offers to
// UsePreallocDo, if it is a contiguous float64 tensor (or, for a scalar
// shape, a *G.F64) of exactly shape s. Otherwise it returns an error and
// the VM falls back to Do.
func preallocated(op fmt.Stringer, p G.Value, s tensor.Shape) ([]float64, error) {
	switch t := p.(type) {
	case *tensor.Dense:
		if t != nil && t.Dtype() == tensor.Float64 && !t.RequiresIterator() && t.Shape().Eq(s) && len(t.Float64s()) >= s.TotalSize() {
			return t.Float64s()[:s.TotalSize()], nil
		}
	case *G.F64:
		if t != nil && s.TotalSize() == 1 && len(s) == 0 {
			return unsafe.Slice((*float64)(t), 1), nil
		}
	}
	return nil, fmt.Errorf("%w: %v: preallocated output %s; want float64 of shape %v", ErrShape, op, describe(p), s)
}

// checkNode checks a builder's argument: non-nil, float64 and, unless rank is
// anyRank, of that rank. It returns the node's shape.
func checkNode(op, name string, n *G.Node, rank int) (tensor.Shape, error) {
	if n == nil {
		return nil, fmt.Errorf("%w: %s: %s is nil", ErrNilNode, op, name)
	}
	if dt, ok := nodeDtype(n); !ok || dt != tensor.Float64 {
		return nil, fmt.Errorf("%w: %s: %s has type %v", ErrDtype, op, name, n.Type())
	}
	s := n.Shape()
	if rank != anyRank && len(s) != rank {
		return nil, fmt.Errorf("%w: %s: %s has shape %v; want rank %d", ErrShape, op, name, s, rank)
	}
	return s, nil
}

// nodeDtype is n.Dtype() without its panic on a type with no dtype.
func nodeDtype(n *G.Node) (tensor.Dtype, bool) {
	switch t := n.Type().(type) {
	case tensor.Dtype:
		return t, true
	case G.TensorType:
		dt, ok := t.Of.(tensor.Dtype)
		return dt, ok
	case *G.TensorType:
		if t == nil {
			return tensor.Dtype{}, false
		}
		dt, ok := t.Of.(tensor.Dtype)
		return dt, ok
	}
	return tensor.Dtype{}, false
}

// inputShapes converts InferShape's arguments, which are tensor.Shapes for
// node inputs, checking their count and ranks.
func inputShapes(op fmt.Stringer, in []G.DimSizer, ranks ...int) ([]tensor.Shape, error) {
	if len(in) != len(ranks) {
		return nil, fmt.Errorf("%w: %v got %d input shapes; want %d", ErrArity, op, len(in), len(ranks))
	}
	out := make([]tensor.Shape, len(in))
	for i, d := range in {
		s, ok := d.(tensor.Shape)
		if !ok {
			return nil, fmt.Errorf("%w: %v input %d: got %T; want a tensor.Shape", ErrShape, op, i, d)
		}
		if r := ranks[i]; r != anyRank && len(s) != r && !(r == scalarRank && s.TotalSize() == 1) {
			return nil, fmt.Errorf("%w: %v input %d has shape %v; want rank %d", ErrShape, op, i, s, r)
		}
		out[i] = s
	}
	return out, nil
}

// diffWRT returns pattern resized to n entries (padded with false), so that
// DiffWRT never panics and never returns a slice Gorgonia would index past.
func diffWRT(n int, pattern ...bool) []bool {
	if n < 0 {
		n = 0
	}
	out := make([]bool, n)
	copy(out, pattern)
	return out
}

// apply is G.ApplyOp that refuses a node Gorgonia merged by mistake.
// Gorgonia adds a node to its graph by its 32-bit hash: where a node of
// equal hash is already there and has the same op hash, type, shape and
// number of children, ApplyOp returns that node without comparing the
// children, so two different computations whose hashes collide become
// one. apply checks that the node it gets reads every child it was given
// and otherwise returns an error wrapping ErrHashCollision; the caller
// rebuilds the graph with other input names (model/internal/graph does).
func apply(op G.Op, children ...*G.Node) (*G.Node, error) {
	n, err := G.ApplyOp(op, children...)
	if err != nil {
		return nil, err
	}
	g := n.Graph()
	for i, c := range children {
		if g == nil || !g.HasEdgeFromTo(n.ID(), c.ID()) {
			return nil, fmt.Errorf("%w: %v: Gorgonia returned node %v, which does not read input %d (%v)", ErrHashCollision, op, n, i, c)
		}
	}
	return n, nil
}

// hashOf is the Hashcode of an op whose WriteHash is w.
func hashOf(w func(hash.Hash)) uint32 {
	h := fnv.New32a()
	w(h)
	return h.Sum32()
}

// errSecondOrder is returned by the SymDiff of every gradient op. Their
// DiffWRT is all false, so Gorgonia does not call it.
func errSecondOrder(op fmt.Stringer) error {
	return fmt.Errorf("ops: %v: second derivatives are not implemented", op)
}
