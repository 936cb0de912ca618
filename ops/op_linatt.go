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

// LinAttInput returns LinAtt's attended input: for x [B×L] and the
// attention att [1×L], the B × 2L matrix
//
//	y[b, j]     = x[b, j] / max(‖x[b, :]‖₂, eps) · att[j]   the row's direction
//	y[b, L + j] = s · x[b, j] · att[j]                       its values, scaled
//
// one op where a row normalisation, a scaling, a concatenation and a
// broadcast product would allocate a B × 2L buffer each. eps and s must be positive
// and finite.
func LinAttInput(x, att *G.Node, eps, s float64) (*G.Node, error) {
	return linAttInput("LinAttInput", x, att, eps, s, false)
}

// LinAttInputOfData is LinAttInput for an x that is data rather than a
// parameter, as in LinAtt's training graph: the same values forward, and
// a backward pass that builds att's gradient only. LinAttInput's also
// computes x's, a B × L pass per step that nothing reads when x is the
// batch of rows. Asking for x's gradient through it is an error.
func LinAttInputOfData(x, att *G.Node, eps, s float64) (*G.Node, error) {
	return linAttInput("LinAttInputOfData", x, att, eps, s, true)
}

// linAttInput checks the operands of LinAttInput (named name in errors)
// and applies its op; dataX drops x's gradient.
func linAttInput(name string, x, att *G.Node, eps, s float64, dataX bool) (*G.Node, error) {
	if !(eps > 0) || math.IsInf(eps, 1) || !(s > 0) || math.IsInf(s, 1) {
		return nil, fmt.Errorf("%w: %s: eps=%v, s=%v; want positive finite numbers", ErrParam, name, eps, s)
	}
	xs, err := checkNode(name, "x", x, matrixRank)
	if err != nil {
		return nil, err
	}
	as, err := checkNode(name, "att", att, matrixRank)
	if err != nil {
		return nil, err
	}
	if as[0] != 1 || as[1] != xs[1] {
		return nil, fmt.Errorf("%w: %s: att has shape %v; want (1, %d)", ErrShape, name, as, xs[1])
	}
	return apply(&linAttInputOp{eps: eps, s: s, dataX: dataX}, x, att)
}

// linAttInputOp is LinAttInput's forward op (LinAttInputOfData's with
// dataX). It is used by pointer: it owns its output (see outBuf).
type linAttInputOp struct {
	pureGo
	eps, s float64
	dataX  bool // x is data: no gradient flows to it
	out    outBuf
}

var (
	_ G.SDOp            = (*linAttInputOp)(nil)
	_ G.UsePreallocDoer = (*linAttInputOp)(nil)
)

func (op *linAttInputOp) Arity() int { return 2 }

func (op *linAttInputOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	return hm.NewFnType(t, t, t)
}

func (op *linAttInputOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, matrixRank, matrixRank)
	if err != nil {
		return nil, err
	}
	return tensor.Shape{s[0][0], 2 * s[0][1]}, nil
}

func (op *linAttInputOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *linAttInputOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

// linAttOperands checks x [B×L] and att [1×L].
func linAttOperands(op fmt.Stringer, x, att operand) error {
	if att.shape[0] != 1 || att.shape[1] != x.shape[1] {
		return fmt.Errorf("%w: %v: att has shape %v; want (1, %d)", ErrShape, op, att.shape, x.shape[1])
	}
	return nil
}

func (op *linAttInputOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [2]operand
	if err := checkInput(op, inputs, in[:], matrixRank, matrixRank); err != nil {
		return nil, err
	}
	x, att := in[0], in[1]
	if err := linAttOperands(op, x, att); err != nil {
		return nil, err
	}
	b, l := x.shape[0], x.shape[1]
	out, y, err := op.out.dest(op, prealloc, b, 2*l)
	if err != nil {
		return nil, err
	}
	a := att.data
	for i := 0; i < b; i++ {
		row := x.data[i*l : i*l+l]
		n, _ := rowScale(row, op.eps)
		inv := 1 / n
		dir, val := y[2*i*l:2*i*l+l], y[2*i*l+l:2*i*l+2*l]
		for j, v := range row {
			dir[j] = v * inv * a[j]
			val[j] = op.s * v * a[j]
		}
	}
	return out, nil
}

func (op *linAttInputOp) WriteHash(h hash.Hash) {
	fmt.Fprintf(h, "ops.linAttInput{eps=%v,s=%v,dataX=%v}", op.eps, op.s, op.dataX)
}
func (op *linAttInputOp) Hashcode() uint32 { return hashOf(op.WriteHash) }
func (op *linAttInputOp) String() string {
	if op.dataX {
		return fmt.Sprintf("linAttInputOfData{eps=%v,s=%v}", op.eps, op.s)
	}
	return fmt.Sprintf("linAttInput{eps=%v,s=%v}", op.eps, op.s)
}

func (op *linAttInputOp) DiffWRT(n int) []bool { return diffWRT(n, !op.dataX, true) }

func (op *linAttInputOp) SymDiff(inputs G.Nodes, output, grad *G.Node) (G.Nodes, error) {
	if len(inputs) != 2 {
		return nil, fmt.Errorf("%w: %v SymDiff got %d inputs; want 2", ErrArity, op, len(inputs))
	}
	var dx *G.Node // gorgonia skips a nil gradient where DiffWRT is false
	if !op.dataX {
		var err error
		if dx, err = apply(&linAttInputDiffOp{eps: op.eps, s: op.s, wrtAtt: false}, inputs[0], inputs[1], grad); err != nil {
			return nil, err
		}
	}
	da, err := apply(&linAttInputDiffOp{eps: op.eps, s: op.s, wrtAtt: true}, inputs[0], inputs[1], grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{dx, da}, nil
}

// linAttInputDiffOp is the gradient of linAttInputOp with respect to x
// (wrtAtt false) or att (wrtAtt true). Its inputs are (x, att, grad); per
// row b, with m = max(‖x_b‖₂, eps), u = x_b/m, g1 = grad[b, :L] and g2 =
// grad[b, L:]:
//
//	datt[j] = Σ_b g1[j]·u[j] + s·g2[j]·x_b[j]
//	dx_b    = (h − u·(u·h))/m + s·att ⊙ g2   with h = g1 ⊙ att, if ‖x_b‖ > eps
//	dx_b    = h/eps + s·att ⊙ g2              otherwise
type linAttInputDiffOp struct {
	pureGo
	eps, s float64
	wrtAtt bool
	out    outBuf
}

var (
	_ G.SDOp            = (*linAttInputDiffOp)(nil)
	_ G.UsePreallocDoer = (*linAttInputDiffOp)(nil)
)

// DiffWRT is all false: gradient ops are not differentiated again.
func (op *linAttInputDiffOp) DiffWRT(n int) []bool { return diffWRT(n) }

func (op *linAttInputDiffOp) SymDiff(G.Nodes, *G.Node, *G.Node) (G.Nodes, error) {
	return nil, errSecondOrder(op)
}

func (op *linAttInputDiffOp) Arity() int { return 3 }

func (op *linAttInputDiffOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	return hm.NewFnType(t, t, t, t)
}

func (op *linAttInputDiffOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, matrixRank, matrixRank, matrixRank)
	if err != nil {
		return nil, err
	}
	if op.wrtAtt {
		return s[1].Clone(), nil
	}
	return s[0].Clone(), nil
}

func (op *linAttInputDiffOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *linAttInputDiffOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *linAttInputDiffOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [3]operand
	if err := checkInput(op, inputs, in[:], matrixRank, matrixRank, matrixRank); err != nil {
		return nil, err
	}
	x, att, g := in[0], in[1], in[2]
	if err := linAttOperands(op, x, att); err != nil {
		return nil, err
	}
	b, l := x.shape[0], x.shape[1]
	if g.shape[0] != b || g.shape[1] != 2*l {
		return nil, fmt.Errorf("%w: %v: grad has shape %v; want (%d, %d)", ErrShape, op, g.shape, b, 2*l)
	}
	rows, cols := b, l
	if op.wrtAtt {
		rows = 1
	}
	out, d, err := op.out.dest(op, prealloc, rows, cols)
	if err != nil {
		return nil, err
	}
	if op.wrtAtt {
		clear(d)
	}
	a := att.data
	for i := 0; i < b; i++ {
		xr := x.data[i*l : i*l+l]
		g1, g2 := g.data[2*i*l:2*i*l+l], g.data[2*i*l+l:2*i*l+2*l]
		m, above := rowScale(xr, op.eps)
		inv := 1 / m
		if op.wrtAtt {
			for j, v := range xr {
				d[j] += g1[j]*v*inv + op.s*g2[j]*v
			}
			continue
		}
		dr := d[i*l : i*l+l]
		// u·h with u = x/m and h = g1 ⊙ att.
		var uh float64
		for j, v := range xr {
			uh += v * inv * g1[j] * a[j]
		}
		if !above {
			uh = 0 // below eps the row is divided by the constant eps
		}
		for j, v := range xr {
			dr[j] = (g1[j]*a[j]-v*inv*uh)*inv + op.s*a[j]*g2[j]
		}
	}
	return out, nil
}

func (op *linAttInputDiffOp) WriteHash(h hash.Hash) {
	fmt.Fprintf(h, "ops.linAttInputDiff{eps=%v,s=%v,att=%v}", op.eps, op.s, op.wrtAtt)
}
func (op *linAttInputDiffOp) Hashcode() uint32 { return hashOf(op.WriteHash) }
func (op *linAttInputDiffOp) String() string {
	return fmt.Sprintf("linAttInputDiff{eps=%v,s=%v,att=%v}", op.eps, op.s, op.wrtAtt)
}

// rowScale returns the divisor of a row, max(‖row‖₂, eps), and whether
// the norm exceeded eps.
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
