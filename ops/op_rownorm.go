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

// RowL2Normalize returns x with each row scaled to unit Euclidean norm:
//
//	y[b, :] = x[b, :] / max(‖x[b, :]‖₂, eps)
//
// x must be a float64 matrix [B×D] and eps a positive finite number. A row
// whose norm is at most eps is divided by eps instead, so a zero row stays
// zero and has a finite gradient.
func RowL2Normalize(x *G.Node, eps float64) (*G.Node, error) {
	if !(eps > 0) || math.IsInf(eps, 1) {
		return nil, fmt.Errorf("%w: RowL2Normalize: eps=%v; want a positive finite number", ErrParam, eps)
	}
	if _, err := checkNode("RowL2Normalize", "x", x, matrixRank); err != nil {
		return nil, err
	}
	return G.ApplyOp(&rowNormOp{eps: eps}, x)
}

// rowNormOp is y[b, :] = x[b, :] / max(‖x[b, :]‖₂, eps). It is used by
// pointer: it owns its output (see outBuf).
type rowNormOp struct {
	pureGo
	eps float64
	out outBuf
}

var (
	_ G.SDOp            = (*rowNormOp)(nil)
	_ G.UsePreallocDoer = (*rowNormOp)(nil)
)

func (op *rowNormOp) Arity() int { return 1 }

func (op *rowNormOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	return hm.NewFnType(t, t)
}

func (op *rowNormOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, matrixRank)
	if err != nil {
		return nil, err
	}
	return s[0].Clone(), nil
}

// scale returns the divisor of a row: max(‖row‖₂, eps), and whether the
// norm exceeded eps.
func (op *rowNormOp) scale(row []float64) (float64, bool) { return rowScale(row, op.eps) }

// rowScale is rowNormOp.scale for a given eps.
func rowScale(row []float64, eps float64) (float64, bool) {
	var ss float64
	for _, v := range row {
		ss += v * v
	}
	n := math.Sqrt(ss)
	if n > eps {
		return n, true
	}
	return eps, false
}

func (op *rowNormOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *rowNormOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *rowNormOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [1]operand
	if err := checkInput(op, inputs, in[:], matrixRank); err != nil {
		return nil, err
	}
	x := in[0]
	b, d := x.shape[0], x.shape[1]
	out, y, err := op.out.dest(op, prealloc, b, d)
	if err != nil {
		return nil, err
	}
	for i := 0; i < b; i++ {
		row := x.data[i*d : i*d+d]
		n, _ := op.scale(row)
		inv := 1 / n
		yr := y[i*d : i*d+d]
		for j, v := range row {
			yr[j] = v * inv
		}
	}
	return out, nil
}

func (op *rowNormOp) WriteHash(h hash.Hash) { fmt.Fprintf(h, "ops.rowL2Normalize{eps=%v}", op.eps) }
func (op *rowNormOp) Hashcode() uint32      { return hashOf(op.WriteHash) }
func (op *rowNormOp) String() string        { return fmt.Sprintf("rowL2Normalize{eps=%v}", op.eps) }

func (op *rowNormOp) DiffWRT(n int) []bool { return diffWRT(n, true) }

func (op *rowNormOp) SymDiff(inputs G.Nodes, output, grad *G.Node) (G.Nodes, error) {
	if len(inputs) != 1 {
		return nil, fmt.Errorf("%w: %v SymDiff got %d inputs; want 1", ErrArity, op, len(inputs))
	}
	dx, err := G.ApplyOp(&rowNormDiffOp{eps: op.eps}, inputs[0], grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{dx}, nil
}

// rowNormDiffOp is the gradient of rowNormOp. Its inputs are (x, grad). Per
// row, with n = ‖x_b‖₂ and y = x_b/n:
//
//	dx = (g − y·(y·g)) / n   if n > eps
//	dx = g / eps             otherwise
type rowNormDiffOp struct {
	pureGo
	eps float64
	out outBuf
}

var (
	_ G.SDOp            = (*rowNormDiffOp)(nil)
	_ G.UsePreallocDoer = (*rowNormDiffOp)(nil)
)

// scale is rowNormOp.scale.
func (op *rowNormDiffOp) scale(row []float64) (float64, bool) { return rowScale(row, op.eps) }

// DiffWRT is all false: gradient ops are not differentiated again.
func (op *rowNormDiffOp) DiffWRT(n int) []bool { return diffWRT(n) }

func (op *rowNormDiffOp) SymDiff(G.Nodes, *G.Node, *G.Node) (G.Nodes, error) {
	return nil, errSecondOrder(op)
}

func (op *rowNormDiffOp) Arity() int { return 2 }

func (op *rowNormDiffOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	return hm.NewFnType(t, t, t)
}

func (op *rowNormDiffOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, matrixRank, matrixRank)
	if err != nil {
		return nil, err
	}
	return s[0].Clone(), nil
}

func (op *rowNormDiffOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *rowNormDiffOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *rowNormDiffOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [2]operand
	if err := checkInput(op, inputs, in[:], matrixRank, matrixRank); err != nil {
		return nil, err
	}
	x, g := in[0], in[1]
	if !x.shape.Eq(g.shape) {
		return nil, fmt.Errorf("%w: %v: x has shape %v but grad has %v", ErrShape, op, x.shape, g.shape)
	}
	b, d := x.shape[0], x.shape[1]
	out, dx, err := op.out.dest(op, prealloc, b, d)
	if err != nil {
		return nil, err
	}
	for i := 0; i < b; i++ {
		xr := x.data[i*d : i*d+d]
		gr := g.data[i*d : i*d+d]
		dr := dx[i*d : i*d+d]
		n, above := op.scale(xr)
		inv := 1 / n
		if !above {
			for j, v := range gr {
				dr[j] = v * inv
			}
			continue
		}
		// y·g = (x·g)/n, so dx = (g − x·(x·g)/n²) / n.
		var xg float64
		for j, v := range xr {
			xg += v * gr[j]
		}
		c := xg * inv * inv
		for j, v := range xr {
			dr[j] = (gr[j] - v*c) * inv
		}
	}
	return out, nil
}

func (op *rowNormDiffOp) WriteHash(h hash.Hash) {
	fmt.Fprintf(h, "ops.rowL2NormalizeDiff{eps=%v}", op.eps)
}
func (op *rowNormDiffOp) Hashcode() uint32 { return hashOf(op.WriteHash) }
func (op *rowNormDiffOp) String() string   { return fmt.Sprintf("rowL2NormalizeDiff{eps=%v}", op.eps) }
