// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"fmt"
	"hash"
	"hash/fnv"

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
// a float64 tensor (or scalar) of that rank. It is shared by every forward and
// backward op of the package.
func checkInput(op fmt.Stringer, inputs []G.Value, ranks ...int) ([]operand, error) {
	if len(inputs) != len(ranks) {
		return nil, fmt.Errorf("%w: %v got %d inputs; want %d", ErrArity, op, len(inputs), len(ranks))
	}
	out := make([]operand, len(ranks))
	for i, v := range inputs {
		o, err := toOperand(v)
		if err != nil {
			return nil, fmt.Errorf("%w: %v input %d: %s", err, op, i, describe(v))
		}
		switch r := ranks[i]; {
		case r == scalarRank:
			if len(o.data) != 1 {
				return nil, fmt.Errorf("%w: %v input %d has shape %v; want a scalar", ErrShape, op, i, o.shape)
			}
		case r != anyRank && len(o.shape) != r:
			return nil, fmt.Errorf("%w: %v input %d has shape %v; want rank %d", ErrShape, op, i, o.shape, r)
		}
		out[i] = o
	}
	return out, nil
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
		return operand{data: []float64{float64(*t)}, shape: tensor.ScalarShape()}, nil
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

// newDense wraps data, which the caller has just allocated, as a tensor.
func newDense(data []float64, shape ...int) *tensor.Dense {
	return tensor.New(tensor.WithShape(shape...), tensor.WithBacking(data))
}

// newLike returns data as a value shaped like o: a *G.F64 for a scalar
// operand, else a tensor.
func newLike(o operand, data []float64) G.Value {
	if len(o.shape) == 0 {
		return G.NewF64(data[0])
	}
	return newDense(data, o.shape...)
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
