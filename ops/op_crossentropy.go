// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"fmt"
	"hash"
	"math"
	"slices"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// SoftmaxCrossEntropy returns the mean weighted cross-entropy between the
// softmax of logits [B×C] and target [B×C], as a float64 scalar node that
// G.Grad accepts as a cost:
//
//	loss = −(1/B) Σ_b Σ_c t[b, c] · w_c · log p[b, c],  p[b, :] = softmax(logits[b, :])
//
// For a one-hot target this is −(1/B) Σ_b w_{y_b} log p[b, y_b]. The
// log-softmax subtracts each row's maximum. classWeights holds w, one
// non-negative finite weight per class; nil means all ones. target is data:
// it gets no gradient.
func SoftmaxCrossEntropy(logits, target *G.Node, classWeights []float64) (*G.Node, error) {
	ls, err := checkNode("SoftmaxCrossEntropy", "logits", logits, matrixRank)
	if err != nil {
		return nil, err
	}
	ts, err := checkNode("SoftmaxCrossEntropy", "target", target, matrixRank)
	if err != nil {
		return nil, err
	}
	if !ls.Eq(ts) {
		return nil, fmt.Errorf("%w: SoftmaxCrossEntropy: logits have shape %v but target has %v", ErrShape, ls, ts)
	}
	for c, w := range classWeights {
		if !(w >= 0) || math.IsInf(w, 1) {
			return nil, fmt.Errorf("%w: SoftmaxCrossEntropy: class %d has weight %v; want a non-negative finite number", ErrParam, c, w)
		}
	}
	op := &softmaxCEOp{w: slices.Clone(classWeights)} // nil stays nil
	if err := op.checkWeights(ls[1]); err != nil {
		return nil, err
	}
	return apply(op, logits, target)
}

// softmaxCEOp is the mean weighted softmax cross-entropy. It is used by
// pointer: it holds a slice and owns its output (see outBuf).
type softmaxCEOp struct {
	pureGo
	w   []float64 // class weights; nil means all ones
	out outBuf
}

var (
	_ G.SDOp            = (*softmaxCEOp)(nil)
	_ G.UsePreallocDoer = (*softmaxCEOp)(nil)
)

// weight returns w_c.
func (op *softmaxCEOp) weight(c int) float64 {
	if op.w == nil {
		return 1
	}
	return op.w[c]
}

// checkWeights checks that there is one weight per class.
func (op *softmaxCEOp) checkWeights(classes int) error {
	if op.w != nil && len(op.w) != classes {
		return fmt.Errorf("%w: %v: %d class weights for %d classes", ErrShape, op, len(op.w), classes)
	}
	return nil
}

func (op *softmaxCEOp) Arity() int { return 2 }

// Type is Matrix a → Matrix a → a: the output is a scalar of the element
// type, which is what G.Grad requires of a cost.
func (op *softmaxCEOp) Type() hm.Type {
	a := hm.TypeVariable('a')
	t := matrixType(a)
	return hm.NewFnType(t, t, a)
}

func (op *softmaxCEOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, matrixRank, matrixRank)
	if err != nil {
		return nil, err
	}
	if !s[0].Eq(s[1]) {
		return nil, fmt.Errorf("%w: %v: logits have shape %v but target has %v", ErrShape, op, s[0], s[1])
	}
	return tensor.ScalarShape(), nil
}

// operands checks (logits, target) and returns them with B and C.
func (op *softmaxCEOp) operands(in []operand) (l, t operand, b, c int, err error) {
	l, t = in[0], in[1]
	if !l.shape.Eq(t.shape) {
		return l, t, 0, 0, fmt.Errorf("%w: %v: logits have shape %v but target has %v", ErrShape, op, l.shape, t.shape)
	}
	b, c = l.shape[0], l.shape[1]
	if b == 0 {
		return l, t, 0, 0, fmt.Errorf("%w: %v: empty batch", ErrShape, op)
	}
	return l, t, b, c, op.checkWeights(c)
}

// logSumExp returns max(x) + log Σ exp(x − max(x)).
func logSumExp(x []float64) float64 {
	if len(x) == 0 {
		return math.Inf(-1)
	}
	mx := x[0]
	for _, v := range x[1:] {
		if v > mx {
			mx = v
		}
	}
	var s float64
	for _, v := range x {
		s += math.Exp(v - mx)
	}
	return mx + math.Log(s)
}

// Do returns the loss as a *G.F64, the value type of Gorgonia's scalars.
func (op *softmaxCEOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *softmaxCEOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *softmaxCEOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [2]operand
	if err := checkInput(op, inputs, in[:], matrixRank, matrixRank); err != nil {
		return nil, err
	}
	l, t, b, c, err := op.operands(in[:])
	if err != nil {
		return nil, err
	}
	var loss float64
	for i := 0; i < b; i++ {
		lr := l.data[i*c : i*c+c]
		tr := t.data[i*c : i*c+c]
		lse := logSumExp(lr)
		for j, tv := range tr {
			if tv == 0 {
				continue // 0·log p is 0 even where p underflows
			}
			loss -= tv * op.weight(j) * (lr[j] - lse)
		}
	}
	loss /= float64(b)
	if prealloc == nil {
		return op.out.scalar(loss), nil
	}
	d, err := preallocated(op, prealloc, tensor.ScalarShape())
	if err != nil {
		return nil, err
	}
	d[0] = loss
	return prealloc, nil
}

// WriteHash includes the class weights, in full precision.
func (op *softmaxCEOp) WriteHash(h hash.Hash) {
	fmt.Fprintf(h, "ops.softmaxCE{w=%v}", op.weightsString())
}
func (op *softmaxCEOp) Hashcode() uint32 { return hashOf(op.WriteHash) }
func (op *softmaxCEOp) String() string   { return fmt.Sprintf("softmaxCE{w=%v}", op.weightsString()) }

// weightsString prints the weights with the shortest exact representation.
func (op *softmaxCEOp) weightsString() string {
	if op.w == nil {
		return "ones"
	}
	return fmt.Sprint(op.w)
}

// DiffWRT is {true, false}: the target is data.
func (op *softmaxCEOp) DiffWRT(n int) []bool { return diffWRT(n, true, false) }

func (op *softmaxCEOp) SymDiff(inputs G.Nodes, output, grad *G.Node) (G.Nodes, error) {
	if len(inputs) != 2 {
		return nil, fmt.Errorf("%w: %v SymDiff got %d inputs; want 2", ErrArity, op, len(inputs))
	}
	dl, err := apply(&softmaxCEDiffOp{softmaxCEOp: op}, inputs[0], inputs[1], grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{dl, nil}, nil
}

// softmaxCEDiffOp is the gradient of softmaxCEOp with respect to the logits.
// Its inputs are (logits, target, grad), grad being the scalar gradient of
// the loss:
//
//	dlogits[b, c] = grad · (1/B) · ( p[b, c] · Σ_c' t[b, c']·w_c' − t[b, c]·w_c )
type softmaxCEDiffOp struct {
	*softmaxCEOp
	out outBuf // its own output, not the embedded op's
}

var (
	_ G.SDOp            = (*softmaxCEDiffOp)(nil)
	_ G.UsePreallocDoer = (*softmaxCEDiffOp)(nil)
)

// DiffWRT is all false: gradient ops are not differentiated again.
func (op *softmaxCEDiffOp) DiffWRT(n int) []bool { return diffWRT(n) }

func (op *softmaxCEDiffOp) SymDiff(G.Nodes, *G.Node, *G.Node) (G.Nodes, error) {
	return nil, errSecondOrder(op)
}

func (op *softmaxCEDiffOp) Arity() int { return 3 }

func (op *softmaxCEDiffOp) Type() hm.Type {
	a := hm.TypeVariable('a')
	t := matrixType(a)
	return hm.NewFnType(t, t, a, t)
}

func (op *softmaxCEDiffOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, matrixRank, matrixRank, scalarRank)
	if err != nil {
		return nil, err
	}
	return s[0].Clone(), nil
}

func (op *softmaxCEDiffOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *softmaxCEDiffOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *softmaxCEDiffOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [3]operand
	if err := checkInput(op, inputs, in[:], matrixRank, matrixRank, scalarRank); err != nil {
		return nil, err
	}
	l, t, b, c, err := op.operands(in[:2])
	if err != nil {
		return nil, err
	}
	scale := in[2].data[0] / float64(b)
	out, dl, err := op.out.dest(op, prealloc, b, c)
	if err != nil {
		return nil, err
	}
	for i := 0; i < b; i++ {
		lr := l.data[i*c : i*c+c]
		tr := t.data[i*c : i*c+c]
		dr := dl[i*c : i*c+c]
		lse := logSumExp(lr)
		var tw float64
		for j, tv := range tr {
			tw += tv * op.weight(j)
		}
		for j, v := range lr {
			dr[j] = scale * (math.Exp(v-lse)*tw - tr[j]*op.weight(j))
		}
	}
	return out, nil
}

func (op *softmaxCEDiffOp) WriteHash(h hash.Hash) {
	fmt.Fprintf(h, "ops.softmaxCEDiff{w=%v}", op.weightsString())
}
func (op *softmaxCEDiffOp) Hashcode() uint32 { return hashOf(op.WriteHash) }
func (op *softmaxCEDiffOp) String() string {
	return fmt.Sprintf("softmaxCEDiff{w=%v}", op.weightsString())
}
