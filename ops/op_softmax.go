// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"fmt"
	"hash"
	"math"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
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
	return G.ApplyOp(softmaxRowsOp{}, x)
}

// softmaxRowsOp is the row-wise softmax of a matrix.
type softmaxRowsOp struct{}

var _ G.SDOp = softmaxRowsOp{}

func (op softmaxRowsOp) Arity() int { return 1 }

func (op softmaxRowsOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	return hm.NewFnType(t, t)
}

func (op softmaxRowsOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, matrixRank)
	if err != nil {
		return nil, err
	}
	return s[0].Clone(), nil
}

func (op softmaxRowsOp) Do(inputs ...G.Value) (G.Value, error) {
	in, err := checkInput(op, inputs, matrixRank)
	if err != nil {
		return nil, err
	}
	x := in[0]
	b, c := x.shape[0], x.shape[1]
	y := make([]float64, b*c)
	for i := 0; i < b; i++ {
		softmaxRow(y[i*c:i*c+c], x.data[i*c:i*c+c])
	}
	return newDense(y, b, c), nil
}

// softmaxRow sets y = softmax(x) for one row, subtracting the row's own max,
// and returns log Σ exp(x − max) + max, the row's log-sum-exp.
func softmaxRow(y, x []float64) float64 {
	if len(x) == 0 {
		return math.Inf(-1)
	}
	y = y[:len(x)]
	mx := x[0]
	for _, v := range x[1:] {
		if v > mx {
			mx = v
		}
	}
	var s float64
	for j, v := range x {
		e := math.Exp(v - mx)
		y[j] = e
		s += e
	}
	inv := 1 / s
	for j := range y {
		y[j] *= inv
	}
	return mx + math.Log(s)
}

func (op softmaxRowsOp) ReturnsPtr() bool      { return false }
func (op softmaxRowsOp) CallsExtern() bool     { return false }
func (op softmaxRowsOp) OverwritesInput() int  { return -1 }
func (op softmaxRowsOp) WriteHash(h hash.Hash) { fmt.Fprint(h, "ops.softmaxRows") }
func (op softmaxRowsOp) Hashcode() uint32      { return hashOf(op.WriteHash) }
func (op softmaxRowsOp) String() string        { return "softmaxRows" }

func (op softmaxRowsOp) DiffWRT(n int) []bool { return diffWRT(n, true) }

// SymDiff feeds the op's output y to the gradient op, which needs only y.
func (op softmaxRowsOp) SymDiff(inputs G.Nodes, output, grad *G.Node) (G.Nodes, error) {
	if len(inputs) != 1 {
		return nil, fmt.Errorf("%w: %v SymDiff got %d inputs; want 1", ErrArity, op, len(inputs))
	}
	dx, err := G.ApplyOp(softmaxRowsDiffOp{op}, output, grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{dx}, nil
}

// softmaxRowsDiffOp is the gradient of softmaxRowsOp. Its inputs are
// (y, grad), and per row
//
//	dx = y ⊙ (g − Σ_c g[c]·y[c])
type softmaxRowsDiffOp struct{ softmaxRowsOp }

var _ G.SDOp = softmaxRowsDiffOp{}

// DiffWRT is all false: gradient ops are not differentiated again.
func (op softmaxRowsDiffOp) DiffWRT(n int) []bool { return diffWRT(n) }

func (op softmaxRowsDiffOp) SymDiff(G.Nodes, *G.Node, *G.Node) (G.Nodes, error) {
	return nil, errSecondOrder(op)
}

func (op softmaxRowsDiffOp) Arity() int { return 2 }

func (op softmaxRowsDiffOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	return hm.NewFnType(t, t, t)
}

func (op softmaxRowsDiffOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, matrixRank, matrixRank)
	if err != nil {
		return nil, err
	}
	return s[0].Clone(), nil
}

func (op softmaxRowsDiffOp) Do(inputs ...G.Value) (G.Value, error) {
	in, err := checkInput(op, inputs, matrixRank, matrixRank)
	if err != nil {
		return nil, err
	}
	y, g := in[0], in[1]
	if !y.shape.Eq(g.shape) {
		return nil, fmt.Errorf("%w: %v: y has shape %v but grad has %v", ErrShape, op, y.shape, g.shape)
	}
	b, c := y.shape[0], y.shape[1]
	dx := make([]float64, b*c)
	for i := 0; i < b; i++ {
		yr := y.data[i*c : i*c+c]
		gr := g.data[i*c : i*c+c]
		var s float64
		for j, v := range yr {
			s += v * gr[j]
		}
		dr := dx[i*c : i*c+c]
		for j, v := range yr {
			dr[j] = v * (gr[j] - s)
		}
	}
	return newDense(dx, b, c), nil
}

func (op softmaxRowsDiffOp) WriteHash(h hash.Hash) { fmt.Fprint(h, "ops.softmaxRowsDiff") }
func (op softmaxRowsDiffOp) Hashcode() uint32      { return hashOf(op.WriteHash) }
func (op softmaxRowsDiffOp) String() string        { return "softmaxRowsDiff" }
