// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"fmt"
	"hash"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// Affine returns the fully connected layer a·w + b as one op, for float64
// matrices a [B×K], w [K×C] and a bias row b [1×C] added to every row:
//
//	y[i, c] = b[c] + Σ_k a[i, k] · w[k, c]
//
// It replaces gorgonia's Mul followed by BroadcastAdd (a matrix product, a
// repeat and an add, plus two transposed products in the backward pass) with
// one forward and three small gradient ops:
//
//	da = g · wᵀ,  dw = aᵀ · g,  db[c] = Σ_i g[i, c]
func Affine(a, w, b *G.Node) (*G.Node, error) {
	as, err := checkNode("Affine", "a", a, matrixRank)
	if err != nil {
		return nil, err
	}
	ws, err := checkNode("Affine", "w", w, matrixRank)
	if err != nil {
		return nil, err
	}
	bs, err := checkNode("Affine", "b", b, matrixRank)
	if err != nil {
		return nil, err
	}
	if as[1] != ws[0] || bs[0] != 1 || bs[1] != ws[1] {
		return nil, fmt.Errorf("%w: Affine: a %v, w %v and b %v; want (B, K), (K, C) and (1, C)", ErrShape, as, ws, bs)
	}
	return apply(&affineOp{}, a, w, b)
}

// affineOp is y = a·w + b. Its inputs are (a, w, b). It is used by pointer:
// it owns its output (see outBuf).
type affineOp struct {
	pureGo
	out outBuf
}

var (
	_ G.SDOp            = (*affineOp)(nil)
	_ G.UsePreallocDoer = (*affineOp)(nil)
)

func (op *affineOp) Arity() int { return 3 }

func (op *affineOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	return hm.NewFnType(t, t, t, t)
}

// affineShapes checks the shapes (B, K), (K, C) and (1, C) of a, w and b.
func affineShapes(op fmt.Stringer, as, ws, bs tensor.Shape) error {
	if as[1] != ws[0] || bs[0] != 1 || bs[1] != ws[1] {
		return fmt.Errorf("%w: %v: a %v, w %v and b %v; want (B, K), (K, C) and (1, C)", ErrShape, op, as, ws, bs)
	}
	return nil
}

func (op *affineOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, matrixRank, matrixRank, matrixRank)
	if err != nil {
		return nil, err
	}
	if err := affineShapes(op, s[0], s[1], s[2]); err != nil {
		return nil, err
	}
	return tensor.Shape{s[0][0], s[1][1]}, nil
}

func (op *affineOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *affineOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *affineOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [3]operand
	if err := checkInput(op, inputs, in[:], matrixRank, matrixRank, matrixRank); err != nil {
		return nil, err
	}
	a, w, bias := in[0], in[1], in[2]
	if err := affineShapes(op, a.shape, w.shape, bias.shape); err != nil {
		return nil, err
	}
	nb, k, c := a.shape[0], a.shape[1], w.shape[1]
	out, y, err := op.out.dest(op, prealloc, nb, c)
	if err != nil {
		return nil, err
	}
	affineForward(y, a.data, w.data, bias.data, nb, k, c)
	return out, nil
}

func (op *affineOp) WriteHash(h hash.Hash) { fmt.Fprint(h, "ops.affine") }
func (op *affineOp) Hashcode() uint32      { return hashOf(op.WriteHash) }
func (op *affineOp) String() string        { return "affine" }

func (op *affineOp) DiffWRT(n int) []bool { return diffWRT(n, true, true, true) }

// SymDiff returns {da, dw, db}, each from the inputs it needs: da from
// (w, grad), dw from (a, grad) and db from (grad).
func (op *affineOp) SymDiff(inputs G.Nodes, output, grad *G.Node) (G.Nodes, error) {
	if len(inputs) != 3 {
		return nil, fmt.Errorf("%w: %v SymDiff got %d inputs; want 3", ErrArity, op, len(inputs))
	}
	da, err := apply(&affineDiffOp{wrt: affineWrtA}, inputs[1], grad)
	if err != nil {
		return nil, err
	}
	dw, err := apply(&affineDiffOp{wrt: affineWrtW}, inputs[0], grad)
	if err != nil {
		return nil, err
	}
	db, err := apply(&affineDiffOp{wrt: affineWrtB}, grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{da, dw, db}, nil
}

// The input an affineDiffOp differentiates with respect to.
const (
	affineWrtA = iota
	affineWrtW
	affineWrtB
)

// affineDiffOp is one gradient of affineOp, for grad g [B×C]:
//
//	wrt a: inputs (w, g), da[i, k] = Σ_c g[i, c] · w[k, c]     [B×K]
//	wrt w: inputs (a, g), dw[k, c] = Σ_i a[i, k] · g[i, c]     [K×C]
//	wrt b: inputs (g),    db[0, c] = Σ_i g[i, c]               [1×C]
//
// It owns its output.
type affineDiffOp struct {
	pureGo
	wrt int
	out outBuf
}

var (
	_ G.SDOp            = (*affineDiffOp)(nil)
	_ G.UsePreallocDoer = (*affineDiffOp)(nil)
)

// DiffWRT is all false: gradient ops are not differentiated again.
func (op *affineDiffOp) DiffWRT(n int) []bool { return diffWRT(n) }

func (op *affineDiffOp) SymDiff(G.Nodes, *G.Node, *G.Node) (G.Nodes, error) {
	return nil, errSecondOrder(op)
}

func (op *affineDiffOp) Arity() int {
	if op.wrt == affineWrtB {
		return 1
	}
	return 2
}

func (op *affineDiffOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	if op.wrt == affineWrtB {
		return hm.NewFnType(t, t)
	}
	return hm.NewFnType(t, t, t)
}

// outShape returns the gradient's shape from the shapes of its inputs
// (other, g), other being nil for db, checking that they agree.
func (op *affineDiffOp) outShape(other, g tensor.Shape) (r, c int, err error) {
	switch op.wrt {
	case affineWrtA: // other = w [K×C]
		if other[1] != g[1] {
			return 0, 0, fmt.Errorf("%w: %v: w has shape %v but grad has %v", ErrShape, op, other, g)
		}
		return g[0], other[0], nil
	case affineWrtW: // other = a [B×K]
		if other[0] != g[0] {
			return 0, 0, fmt.Errorf("%w: %v: a has shape %v but grad has %v", ErrShape, op, other, g)
		}
		return other[1], g[1], nil
	}
	return 1, g[1], nil
}

func (op *affineDiffOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	ranks := []int{matrixRank, matrixRank}[:op.Arity()]
	s, err := inputShapes(op, in, ranks...)
	if err != nil {
		return nil, err
	}
	var other tensor.Shape
	if len(s) == 2 {
		other = s[0]
	}
	r, c, err := op.outShape(other, s[len(s)-1])
	if err != nil {
		return nil, err
	}
	return tensor.Shape{r, c}, nil
}

func (op *affineDiffOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *affineDiffOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *affineDiffOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [2]operand
	var err error
	if op.wrt == affineWrtB {
		err = checkInput(op, inputs, in[:], matrixRank)
	} else {
		err = checkInput(op, inputs, in[:], matrixRank, matrixRank)
	}
	if err != nil {
		return nil, err
	}
	n := op.Arity()
	r, c, err := op.outShape(in[0].shape, in[n-1].shape)
	if err != nil {
		return nil, err
	}
	out, dst, err := op.out.dest(op, prealloc, r, c)
	if err != nil {
		return nil, err
	}
	g := in[n-1]
	nb, nc := g.shape[0], g.shape[1]
	switch op.wrt {
	case affineWrtA:
		affineGradA(dst, in[0].data, g.data, nb, c, nc) // da is B×K
	case affineWrtW:
		affineGradW(dst, in[0].data, g.data, nb, r, nc) // dw is K×C
	default:
		affineGradB(dst, g.data, nb, nc)
	}
	return out, nil
}

// wrtName names the input an affineDiffOp differentiates with respect to.
func (op *affineDiffOp) wrtName() string {
	switch op.wrt {
	case affineWrtA:
		return "a"
	case affineWrtW:
		return "w"
	}
	return "b"
}

func (op *affineDiffOp) WriteHash(h hash.Hash) { fmt.Fprintf(h, "ops.affineDiff{wrt=%d}", op.wrt) }
func (op *affineDiffOp) Hashcode() uint32      { return hashOf(op.WriteHash) }
func (op *affineDiffOp) String() string        { return "affineDiff{wrt " + op.wrtName() + "}" }
