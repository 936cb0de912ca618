// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"fmt"
	"hash"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
)

// Activate returns f applied element-wise to x, which may have any shape
// (scalars included). The gradient is grad ⊙ f'(x), with f' as
// [activations.Func.Deriv] defines it at the kinks.
//
// It returns an error wrapping ErrParam for an unknown kind or a negative
// exponent, ErrNilNode for a nil x and ErrDtype if x is not float64.
func Activate(x *G.Node, f activations.Func) (*G.Node, error) {
	if err := checkFunc("Activate", f); err != nil {
		return nil, err
	}
	if _, err := checkNode("Activate", "x", x, anyRank); err != nil {
		return nil, err
	}
	return apply(&activateOp{f: f}, x)
}

// PolyClip returns clip(x^(2k+1), -1, 1) element-wise. It is shorthand for
// Activate(x, activations.Func{Kind: activations.PolyClip, K: k}).
func PolyClip(x *G.Node, k int) (*G.Node, error) {
	return Activate(x, activations.Func{Kind: activations.PolyClip, K: k})
}

// checkFunc rejects activations the kernels do not know.
func checkFunc(op string, f activations.Func) error {
	if f.Kind != activations.PolyClip && f.Kind != activations.ReLU {
		return fmt.Errorf("%w: %s: unknown activation kind %v; valid kinds are polyclip and relu", ErrParam, op, f.Kind)
	}
	if f.K < 0 || f.K > activations.MaxK {
		return fmt.Errorf("%w: %s: exponent parameter k=%d; want 0..%d", ErrParam, op, f.K, activations.MaxK)
	}
	return nil
}

// activateOp is y = f(x) element-wise. It is used by pointer: it owns its
// output (see outBuf).
type activateOp struct {
	pureGo
	f   activations.Func
	out outBuf
}

var (
	_ G.SDOp            = (*activateOp)(nil)
	_ G.UsePreallocDoer = (*activateOp)(nil)
)

func (op *activateOp) Arity() int { return 1 }

// Type is a → a: any tensor or scalar to the same.
func (op *activateOp) Type() hm.Type {
	a := hm.TypeVariable('a')
	return hm.NewFnType(a, a)
}

func (op *activateOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, anyRank)
	if err != nil {
		return nil, err
	}
	return s[0].Clone(), nil
}

func (op *activateOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *activateOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *activateOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [1]operand
	if err := checkInput(op, inputs, in[:], anyRank); err != nil {
		return nil, err
	}
	x := in[0]
	out, y, err := op.out.destLike(op, prealloc, x.shape)
	if err != nil {
		return nil, err
	}
	op.f.ApplyAll(y, x.data)
	return out, nil
}

func (op *activateOp) WriteHash(h hash.Hash) { fmt.Fprintf(h, "ops.activate{%v}", op.f) }
func (op *activateOp) Hashcode() uint32      { return hashOf(op.WriteHash) }
func (op *activateOp) String() string        { return fmt.Sprintf("activate{%v}", op.f) }

func (op *activateOp) DiffWRT(n int) []bool { return diffWRT(n, true) }

func (op *activateOp) SymDiff(inputs G.Nodes, output, grad *G.Node) (G.Nodes, error) {
	if len(inputs) != 1 {
		return nil, fmt.Errorf("%w: %v SymDiff got %d inputs; want 1", ErrArity, op, len(inputs))
	}
	dx, err := apply(&activateDiffOp{f: op.f}, inputs[0], grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{dx}, nil
}

// activateDiffOp is dx = grad ⊙ f'(x). Its inputs are (x, grad).
type activateDiffOp struct {
	pureGo
	f   activations.Func
	out outBuf
}

var (
	_ G.SDOp            = (*activateDiffOp)(nil)
	_ G.UsePreallocDoer = (*activateDiffOp)(nil)
)

// DiffWRT is all false: gradient ops are not differentiated again.
func (op *activateDiffOp) DiffWRT(n int) []bool { return diffWRT(n) }

func (op *activateDiffOp) SymDiff(G.Nodes, *G.Node, *G.Node) (G.Nodes, error) {
	return nil, errSecondOrder(op)
}

func (op *activateDiffOp) Arity() int { return 2 }

func (op *activateDiffOp) Type() hm.Type {
	a := hm.TypeVariable('a')
	return hm.NewFnType(a, a, a)
}

func (op *activateDiffOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, anyRank, anyRank)
	if err != nil {
		return nil, err
	}
	if !s[0].Eq(s[1]) {
		return nil, fmt.Errorf("%w: %v: x has shape %v but grad has %v", ErrShape, op, s[0], s[1])
	}
	return s[0].Clone(), nil
}

func (op *activateDiffOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *activateDiffOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *activateDiffOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [2]operand
	if err := checkInput(op, inputs, in[:], anyRank, anyRank); err != nil {
		return nil, err
	}
	x, g := in[0], in[1]
	if len(x.data) != len(g.data) {
		return nil, fmt.Errorf("%w: %v: x has shape %v but grad has %v", ErrShape, op, x.shape, g.shape)
	}
	out, dx, err := op.out.destLike(op, prealloc, x.shape)
	if err != nil {
		return nil, err
	}
	op.f.GradAll(dx, x.data, g.data)
	return out, nil
}

func (op *activateDiffOp) WriteHash(h hash.Hash) { fmt.Fprintf(h, "ops.activateDiff{%v}", op.f) }
func (op *activateDiffOp) Hashcode() uint32      { return hashOf(op.WriteHash) }
func (op *activateDiffOp) String() string        { return fmt.Sprintf("activateDiff{%v}", op.f) }
