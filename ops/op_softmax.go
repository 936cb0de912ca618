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

// SoftmaxRows returns the row-wise softmax of a float64 matrix x [B×C]:
//
//	y[b, c] = exp(x[b, c] − m_b) / Σ_c' exp(x[b, c'] − m_b),  m_b = max_c x[b, c]
//
// Each row subtracts its own maximum, so large logits do not overflow; see the
// package documentation for why Gorgonia's SoftMax is not used.
func SoftmaxRows(x *G.Node) (*G.Node, error) {
	if _, err := checkNode("SoftmaxRows", "x", x, matrixRank); err != nil {
		return nil, err
	}
	return apply(&softmaxRowsOp{}, x)
}

// MaskedSoftmaxRows returns SoftmaxRows(x ⊙ mask) as one op, for dropout on
// the softmax input: mask [B×C] is data (an input refilled each batch with
// Bernoulli(1−p)/(1−p)) and gets no gradient. The gradient with respect to x
// is mask ⊙ (the softmax gradient).
func MaskedSoftmaxRows(x, mask *G.Node) (*G.Node, error) {
	xs, err := checkNode("MaskedSoftmaxRows", "x", x, matrixRank)
	if err != nil {
		return nil, err
	}
	ms, err := checkNode("MaskedSoftmaxRows", "mask", mask, matrixRank)
	if err != nil {
		return nil, err
	}
	if !xs.Eq(ms) {
		return nil, fmt.Errorf("%w: MaskedSoftmaxRows: x has shape %v but mask has %v", ErrShape, xs, ms)
	}
	return apply(&softmaxRowsOp{masked: true}, x, mask)
}

// softmaxRowsOp is the row-wise softmax of a matrix, of x ⊙ mask if masked.
// Its inputs are (x) or (x, mask). It is used by pointer: it owns its
// output (see outBuf).
type softmaxRowsOp struct {
	pureGo
	masked bool
	out    outBuf
	exps   activations.ExpTable // kept from run to run: one op serves one machine at a time (outBuf)
}

var (
	_ G.SDOp            = (*softmaxRowsOp)(nil)
	_ G.UsePreallocDoer = (*softmaxRowsOp)(nil)
)

func (op *softmaxRowsOp) Arity() int {
	if op.masked {
		return 2
	}
	return 1
}

// ranks is one matrixRank per input.
func (op *softmaxRowsOp) ranks() []int {
	if op.masked {
		return []int{matrixRank, matrixRank}
	}
	return []int{matrixRank}
}

func (op *softmaxRowsOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	if op.masked {
		return hm.NewFnType(t, t, t)
	}
	return hm.NewFnType(t, t)
}

func (op *softmaxRowsOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, op.ranks()...)
	if err != nil {
		return nil, err
	}
	if op.masked && !s[0].Eq(s[1]) {
		return nil, fmt.Errorf("%w: %v: x has shape %v but mask has %v", ErrShape, op, s[0], s[1])
	}
	return s[0].Clone(), nil
}

func (op *softmaxRowsOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *softmaxRowsOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *softmaxRowsOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var buf [2]operand
	var err error
	if op.masked {
		err = checkInput(op, inputs, buf[:], matrixRank, matrixRank)
	} else {
		err = checkInput(op, inputs, buf[:], matrixRank)
	}
	if err != nil {
		return nil, err
	}
	x := buf[0]
	b, c := x.shape[0], x.shape[1]
	if op.masked && !x.shape.Eq(buf[1].shape) {
		return nil, fmt.Errorf("%w: %v: x has shape %v but mask has %v", ErrShape, op, x.shape, buf[1].shape)
	}
	out, y, err := op.out.dest(op, prealloc, b, c)
	if err != nil {
		return nil, err
	}
	for i := 0; i < b; i++ {
		yr, xr := y[i*c:i*c+c], x.data[i*c:i*c+c]
		if op.masked {
			mr := buf[1].data[i*c : i*c+c]
			for j, v := range xr {
				yr[j] = v * mr[j]
			}
			xr = yr // Softmax may work in place
		}
		op.exps.Softmax(yr, xr)
	}
	return out, nil
}

func (op *softmaxRowsOp) WriteHash(h hash.Hash) {
	fmt.Fprintf(h, "ops.softmaxRows{masked=%t}", op.masked)
}
func (op *softmaxRowsOp) Hashcode() uint32 { return hashOf(op.WriteHash) }
func (op *softmaxRowsOp) String() string {
	if op.masked {
		return "softmaxRows{masked}"
	}
	return "softmaxRows"
}

// DiffWRT is {true} or, masked, {true, false}: the mask is data.
func (op *softmaxRowsOp) DiffWRT(n int) []bool { return diffWRT(n, true) }

// SymDiff feeds the op's output y (and the mask) to the gradient op, which
// needs nothing else.
func (op *softmaxRowsOp) SymDiff(inputs G.Nodes, output, grad *G.Node) (G.Nodes, error) {
	if len(inputs) != op.Arity() {
		return nil, fmt.Errorf("%w: %v SymDiff got %d inputs; want %d", ErrArity, op, len(inputs), op.Arity())
	}
	diff := &softmaxRowsDiffOp{masked: op.masked}
	var dx *G.Node
	var err error
	if op.masked {
		dx, err = apply(diff, output, inputs[1], grad)
	} else {
		dx, err = apply(diff, output, grad)
	}
	if err != nil {
		return nil, err
	}
	if op.masked {
		return G.Nodes{dx, nil}, nil
	}
	return G.Nodes{dx}, nil
}

// softmaxRowsDiffOp is the gradient of softmaxRowsOp. Its inputs are
// (y, grad), or (y, mask, grad) if masked, and per row
//
//	dx = y ⊙ (g − Σ_c g[c]·y[c])          (⊙ mask if masked)
type softmaxRowsDiffOp struct {
	pureGo
	masked bool
	out    outBuf
}

var (
	_ G.SDOp            = (*softmaxRowsDiffOp)(nil)
	_ G.UsePreallocDoer = (*softmaxRowsDiffOp)(nil)
)

// DiffWRT is all false: gradient ops are not differentiated again.
func (op *softmaxRowsDiffOp) DiffWRT(n int) []bool { return diffWRT(n) }

func (op *softmaxRowsDiffOp) SymDiff(G.Nodes, *G.Node, *G.Node) (G.Nodes, error) {
	return nil, errSecondOrder(op)
}

func (op *softmaxRowsDiffOp) Arity() int {
	if op.masked {
		return 3
	}
	return 2
}

func (op *softmaxRowsDiffOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	if op.masked {
		return hm.NewFnType(t, t, t, t)
	}
	return hm.NewFnType(t, t, t)
}

func (op *softmaxRowsDiffOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	ranks := []int{matrixRank, matrixRank, matrixRank}[:op.Arity()]
	s, err := inputShapes(op, in, ranks...)
	if err != nil {
		return nil, err
	}
	return s[0].Clone(), nil
}

func (op *softmaxRowsDiffOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *softmaxRowsDiffOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *softmaxRowsDiffOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var buf [3]operand
	var err error
	if op.masked {
		err = checkInput(op, inputs, buf[:], matrixRank, matrixRank, matrixRank)
	} else {
		err = checkInput(op, inputs, buf[:], matrixRank, matrixRank)
	}
	if err != nil {
		return nil, err
	}
	y, g := buf[0], buf[op.Arity()-1]
	if !y.shape.Eq(g.shape) {
		return nil, fmt.Errorf("%w: %v: y has shape %v but grad has %v", ErrShape, op, y.shape, g.shape)
	}
	if op.masked && !y.shape.Eq(buf[1].shape) {
		return nil, fmt.Errorf("%w: %v: y has shape %v but mask has %v", ErrShape, op, y.shape, buf[1].shape)
	}
	b, c := y.shape[0], y.shape[1]
	out, dx, err := op.out.dest(op, prealloc, b, c)
	if err != nil {
		return nil, err
	}
	for i := 0; i < b; i++ {
		yr := y.data[i*c : i*c+c]
		gr := g.data[i*c : i*c+c]
		var s float64
		for j, v := range yr {
			s += v * gr[j]
		}
		dr := dx[i*c : i*c+c]
		if op.masked {
			mr := buf[1].data[i*c : i*c+c]
			for j, v := range yr {
				dr[j] = v * (gr[j] - s) * mr[j]
			}
			continue
		}
		for j, v := range yr {
			dr[j] = v * (gr[j] - s)
		}
	}
	return out, nil
}

func (op *softmaxRowsDiffOp) WriteHash(h hash.Hash) {
	fmt.Fprintf(h, "ops.softmaxRowsDiff{masked=%t}", op.masked)
}
func (op *softmaxRowsDiffOp) Hashcode() uint32 { return hashOf(op.WriteHash) }
func (op *softmaxRowsDiffOp) String() string {
	if op.masked {
		return "softmaxRowsDiff{masked}"
	}
	return "softmaxRowsDiff"
}
