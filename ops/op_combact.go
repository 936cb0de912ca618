// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"fmt"
	"hash"
	"sync/atomic"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
)

// combActIDs numbers CombAct instances, so that two of them never hash alike.
var combActIDs atomic.Uint64

// CombAct is the HorNets combination-activation op. Each of its R rules picks
// order columns of X and combines them with one column of the weight matrix M:
//
//	F[b, r] = act( Σ_{j<order} X[b, idx[r·order+j]] · M[j, r] )
//
// with X [B×D], M [order×R] and F [B×R]. An inactive rule outputs 0 and
// passes no gradient to M[:, r] nor to X.
//
// The rule indices and the activity mask are state of the op, not inputs of
// the graph: SetRules and SetActive may be called between runs of a compiled
// machine, without rebuilding the graph, and the next run (forward and
// backward) uses the new rules. They must not be called while a machine runs.
// A CombAct is not safe for concurrent use.
//
// Each node made by Apply owns its output and caches its pre-activations z
// from the forward pass for its gradient ops, so one graph holding the node
// may be run by one machine at a time (see the package documentation).
type CombAct struct {
	id     uint64 // unique per instance; the node hash is cached, so it stands in for the rules
	order  int
	r      int
	act    activations.Func
	diffX  bool
	idx    []int  // r*order indices into X's columns; nil until SetRules
	active []bool // nil means all rules are active
	gen    uint64 // bumped by SetRules and SetActive: invalidates the cached z
}

// NewCombAct returns a CombAct with the given order (columns per rule, at
// least 1), number of rules R (at least 1) and activation. If diffX is false,
// X is treated as data and gets no gradient, which saves a [B×D] kernel per
// step; set it when X comes from upstream layers. Rules must be set with
// SetRules before the first run.
func NewCombAct(order, rules int, act activations.Func, diffX bool) (*CombAct, error) {
	if order < 1 {
		return nil, fmt.Errorf("%w: NewCombAct: order %d; want >= 1", ErrParam, order)
	}
	if rules < 1 {
		return nil, fmt.Errorf("%w: NewCombAct: %d rules; want >= 1", ErrParam, rules)
	}
	if err := checkFunc("NewCombAct", act); err != nil {
		return nil, err
	}
	return &CombAct{
		id:    combActIDs.Add(1),
		order: order,
		r:     rules,
		act:   act,
		diffX: diffX,
	}, nil
}

// Order returns the number of columns each rule combines (0 for nil).
func (op *CombAct) Order() int {
	if op == nil {
		return 0
	}
	return op.order
}

// NumRules returns the number of rules R, the output width (0 for nil).
func (op *CombAct) NumRules() int {
	if op == nil {
		return 0
	}
	return op.r
}

// errNilCombAct is the error of the methods of a nil *CombAct.
var errNilCombAct = fmt.Errorf("%w: nil *CombAct (use NewCombAct)", ErrParam)

// SetRules copies idx as the rules: rule r uses the columns
// idx[r·order : (r+1)·order]. len(idx) must be R·order, and each rule's
// indices must be distinct and non-negative; the upper bound, X's width D, is
// checked when the op runs. On error the previous rules are kept.
func (op *CombAct) SetRules(idx []int) error {
	if op == nil {
		return errNilCombAct
	}
	if len(idx) != op.r*op.order {
		return fmt.Errorf("%w: SetRules: got %d indices; want rules×order = %d×%d = %d",
			ErrRules, len(idx), op.r, op.order, op.r*op.order)
	}
	for r := 0; r < op.r; r++ {
		rule := idx[r*op.order : (r+1)*op.order]
		for j, d := range rule {
			if d < 0 {
				return fmt.Errorf("%w: SetRules: rule %d has negative index %d", ErrRules, r, d)
			}
			for _, e := range rule[:j] {
				if e == d {
					return fmt.Errorf("%w: SetRules: rule %d uses column %d twice (%v)", ErrRules, r, d, rule)
				}
			}
		}
	}
	op.idx = append(op.idx[:0:0], idx...)
	op.gen++
	return nil
}

// Rules returns a copy of the rule indices, or nil if none were set.
func (op *CombAct) Rules() []int {
	if op == nil || op.idx == nil {
		return nil
	}
	return append([]int(nil), op.idx...)
}

// SetActive copies the activity mask: rule r is active if active[r]. A nil
// mask makes every rule active; otherwise len(active) must be R.
func (op *CombAct) SetActive(active []bool) error {
	if op == nil {
		return errNilCombAct
	}
	if active == nil {
		op.active = nil
		op.gen++
		return nil
	}
	if len(active) != op.r {
		return fmt.Errorf("%w: SetActive: got %d flags; want one per rule (%d)", ErrRules, len(active), op.r)
	}
	op.active = append(op.active[:0], active...)
	op.gen++
	return nil
}

// Apply returns the node F = combAct(X, M), a [B×R] matrix. X must be a
// float64 matrix [B×D] with D >= order, and M a float64 matrix [order×R]. If
// the rules are already set, an index >= D is reported here; it is checked
// again on every run.
func (op *CombAct) Apply(x, m *G.Node) (*G.Node, error) {
	if op == nil {
		return nil, errNilCombAct
	}
	xs, err := checkNode("CombAct", "X", x, matrixRank)
	if err != nil {
		return nil, err
	}
	ms, err := checkNode("CombAct", "M", m, matrixRank)
	if err != nil {
		return nil, err
	}
	if ms[0] != op.order || ms[1] != op.r {
		return nil, fmt.Errorf("%w: CombAct: M has shape %v; want (order, rules) = (%d, %d)", ErrShape, ms, op.order, op.r)
	}
	if xs[1] < op.order {
		return nil, fmt.Errorf("%w: CombAct: X has %d columns; a rule of order %d needs at least %d", ErrShape, xs[1], op.order, op.order)
	}
	if op.idx != nil {
		if err := op.checkRules(xs[1]); err != nil {
			return nil, err
		}
	}
	return apply(&combActOp{c: op}, x, m)
}

// checkRules checks that the rules are set and fit in X's width d.
func (op *CombAct) checkRules(d int) error {
	if op.idx == nil {
		return fmt.Errorf("%w: %v: no rules set; call SetRules before running", ErrRules, op)
	}
	for i, c := range op.idx {
		if c >= d {
			return fmt.Errorf("%w: %v: rule %d uses column %d but X has %d columns", ErrIndex, op, i/op.order, c, d)
		}
	}
	return nil
}

// String names the CombAct and its parameters.
func (op *CombAct) String() string {
	if op == nil {
		return "combAct(nil)"
	}
	return fmt.Sprintf("combAct#%d{order=%d, rules=%d, %v, diffX=%t}", op.id, op.order, op.r, op.act, op.diffX)
}

// isActive reports whether rule r is active.
func (op *CombAct) isActive(r int) bool { return op.active == nil || op.active[r] }

// combActOp is the graph op of one Apply of a CombAct. It holds the CombAct
// by pointer, so the compiled program sees rule changes, and it owns its
// output F and the pre-activations z of its last forward pass, which its
// gradient ops read instead of recomputing them.
type combActOp struct {
	pureGo
	c   *CombAct
	out outBuf

	// The z cache: valid for the X and M data it was computed from, at the
	// CombAct generation zGen.
	z      []float64
	mt     []float64 // M rule by rule, preact's scratch
	zGen   uint64
	zX, zM *float64 // first elements of the X and M it was computed from
	zB, zD int
}

var (
	_ G.SDOp            = (*combActOp)(nil)
	_ G.UsePreallocDoer = (*combActOp)(nil)
)

func (op *combActOp) Arity() int { return 2 }

// Type is Matrix a → Matrix a → Matrix a.
func (op *combActOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	return hm.NewFnType(t, t, t)
}

func (op *combActOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, matrixRank, matrixRank)
	if err != nil {
		return nil, err
	}
	if s[1][0] != op.c.order || s[1][1] != op.c.r {
		return nil, fmt.Errorf("%w: %v: M has shape %v; want (%d, %d)", ErrShape, op, s[1], op.c.order, op.c.r)
	}
	return tensor.Shape{s[0][0], op.c.r}, nil
}

// operands checks (X, M) and the rules against X's width, and returns B and
// D.
func (op *combActOp) operands(op2 fmt.Stringer, x, m operand) (b, d int, err error) {
	if len(x.shape) != 2 || len(m.shape) != 2 {
		return 0, 0, fmt.Errorf("%w: %v: X has shape %v and M %v; want matrices", ErrShape, op2, x.shape, m.shape)
	}
	b, d = x.shape[0], x.shape[1]
	if m.shape[0] != op.c.order || m.shape[1] != op.c.r {
		return 0, 0, fmt.Errorf("%w: %v: M has shape %v; want (%d, %d)", ErrShape, op2, m.shape, op.c.order, op.c.r)
	}
	if err := op.c.checkRules(d); err != nil {
		return 0, 0, err
	}
	return b, d, nil
}

func (op *combActOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *combActOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *combActOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [2]operand
	if err := checkInput(op, inputs, in[:], matrixRank, matrixRank); err != nil {
		return nil, err
	}
	x, m := in[0], in[1]
	b, d, err := op.operands(op, x, m)
	if err != nil {
		return nil, err
	}
	out, f, err := op.out.dest(op, prealloc, b, op.c.r)
	if err != nil {
		return nil, err
	}
	z := op.preact(x, m, b, d)
	op.c.act.ApplyAll(f, z) // act(0) = 0 for every kind, so inactive rules stay 0
	return out, nil
}

// first returns a pointer to o's first element, or nil if it has none.
func first(o operand) *float64 {
	if len(o.data) == 0 {
		return nil
	}
	return &o.data[0]
}

// preact computes z[b, r] = Σ_j X[b, idx[r·order+j]] · M[j, r] for the
// active rules and 0 for the inactive ones into the op's cache, and returns
// it.
func (op *combActOp) preact(x, m operand, b, d int) []float64 {
	c := op.c
	o, nr := c.order, c.r
	if cap(op.z) < b*nr {
		op.z = make([]float64, b*nr)
	}
	z := op.z[:b*nr]
	op.z = z
	// M's coefficients rule by rule, beside the rule's indices: the loop
	// below then reads both in order. The sums are the same, term by term
	// and in the same order, as over M's columns.
	mt := transpose(scratch(&op.mt, o*nr), m.data, o, nr)
	idx := c.idx[:o*nr]
	for i := 0; i < b; i++ {
		row := x.data[i*d : i*d+d]
		zr := z[i*nr : i*nr+nr]
		for r := range zr {
			if !c.isActive(r) {
				zr[r] = 0
				continue
			}
			var s float64
			if o == 3 { // the default order, unrolled: the same sums in the same order
				ix, mr := idx[3*r:3*r+3], mt[3*r:3*r+3]
				s += row[ix[0]] * mr[0]
				s += row[ix[1]] * mr[1]
				s += row[ix[2]] * mr[2]
				zr[r] = s
				continue
			}
			ix := idx[r*o : r*o+o]
			mr := mt[r*o : r*o+o]
			mr = mr[:len(ix)]
			for j, col := range ix {
				s += row[col] * mr[j]
			}
			zr[r] = s
		}
	}
	op.zGen, op.zX, op.zM, op.zB, op.zD = c.gen, first(x), first(m), b, d
	return z
}

// cachedZ returns the z of the last forward pass if it was computed from
// the same X and M tensors (by identity of their data) under the current
// rules, and otherwise recomputes it. In a machine run the forward pass
// always precedes the gradient ops, so the cache hits.
func (op *combActOp) cachedZ(x, m operand, b, d int) []float64 {
	if op.z != nil && op.zGen == op.c.gen && op.zX == first(x) && op.zM == first(m) && op.zB == b && op.zD == d {
		return op.z
	}
	return op.preact(x, m, b, d)
}

// WriteHash writes the instance id and the fixed parameters. The rules are
// left out on purpose: they change between runs, while node hashes are
// computed once; the id keeps two CombActs from being merged.
func (op *combActOp) WriteHash(h hash.Hash) {
	fmt.Fprintf(h, "ops.combAct{id=%d, order=%d, rules=%d, act=%v, diffX=%t}", op.c.id, op.c.order, op.c.r, op.c.act, op.c.diffX)
}
func (op *combActOp) Hashcode() uint32 { return hashOf(op.WriteHash) }
func (op *combActOp) String() string   { return op.c.String() }

// DiffWRT is {diffX, true}: X gets a gradient only if the CombAct was made
// with diffX.
func (op *combActOp) DiffWRT(n int) []bool { return diffWRT(n, op.c.diffX, true) }

// SymDiff returns {dX, dM}, with dX nil unless diffX.
func (op *combActOp) SymDiff(inputs G.Nodes, output, grad *G.Node) (G.Nodes, error) {
	if len(inputs) != 2 {
		return nil, fmt.Errorf("%w: %v SymDiff got %d inputs; want 2", ErrArity, op, len(inputs))
	}
	x, m := inputs[0], inputs[1]
	dM, err := apply(&combActDiffOp{fwd: op}, x, m, grad)
	if err != nil {
		return nil, err
	}
	var dX *G.Node
	if op.c.diffX {
		if dX, err = apply(&combActDiffOp{fwd: op, wrtX: true}, x, m, grad); err != nil {
			return nil, err
		}
	}
	return G.Nodes{dX, dM}, nil
}

// combActDiffOp is the gradient of a CombAct with respect to M, or to X if
// wrtX. Its inputs are (X, M, grad). With dz = grad ⊙ act'(z), z cached by
// the forward op:
//
//	dM[j, r]              = Σ_b dz[b, r] · X[b, idx[r·order+j]]
//	dX[b, idx[r·order+j]] += dz[b, r] · M[j, r]
//
// and dz[:, r] = 0 for an inactive rule. It owns its output and a dz
// scratch buffer.
type combActDiffOp struct {
	pureGo
	fwd  *combActOp
	wrtX bool
	out  outBuf
	dz   []float64
	mt   []float64 // M's shape rule by rule, the loops' scratch
}

var (
	_ G.SDOp            = (*combActDiffOp)(nil)
	_ G.UsePreallocDoer = (*combActDiffOp)(nil)
)

// DiffWRT is all false: gradient ops are not differentiated again.
func (op *combActDiffOp) DiffWRT(n int) []bool { return diffWRT(n) }

func (op *combActDiffOp) SymDiff(G.Nodes, *G.Node, *G.Node) (G.Nodes, error) {
	return nil, errSecondOrder(op)
}

func (op *combActDiffOp) Arity() int { return 3 }

func (op *combActDiffOp) Type() hm.Type {
	t := matrixType(hm.TypeVariable('a'))
	return hm.NewFnType(t, t, t, t)
}

func (op *combActDiffOp) InferShape(in ...G.DimSizer) (tensor.Shape, error) {
	s, err := inputShapes(op, in, matrixRank, matrixRank, matrixRank)
	if err != nil {
		return nil, err
	}
	if op.wrtX {
		return s[0].Clone(), nil
	}
	return s[1].Clone(), nil
}

func (op *combActDiffOp) Do(inputs ...G.Value) (G.Value, error) { return op.do(nil, inputs) }

func (op *combActDiffOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	return op.do(prealloc, inputs)
}

func (op *combActDiffOp) do(prealloc G.Value, inputs []G.Value) (G.Value, error) {
	var in [3]operand
	if err := checkInput(op, inputs, in[:], matrixRank, matrixRank, matrixRank); err != nil {
		return nil, err
	}
	x, m, g := in[0], in[1], in[2]
	b, d, err := op.fwd.operands(op, x, m)
	if err != nil {
		return nil, err
	}
	c := op.fwd.c
	o, nr := c.order, c.r
	if g.shape[0] != b || g.shape[1] != nr {
		return nil, fmt.Errorf("%w: %v: grad has shape %v; want (%d, %d)", ErrShape, op, g.shape, b, nr)
	}
	var (
		out G.Value
		dst []float64
	)
	if op.wrtX {
		out, dst, err = op.out.dest(op, prealloc, b, d)
	} else {
		out, dst, err = op.out.dest(op, prealloc, o, nr)
	}
	if err != nil {
		return nil, err
	}

	// dz = grad ⊙ act'(z), then 0 for the inactive rules (act'(0) may be 1).
	z := op.fwd.cachedZ(x, m, b, d)
	if cap(op.dz) < b*nr {
		op.dz = make([]float64, b*nr)
	}
	dz := op.dz[:b*nr]
	c.act.GradAll(dz, z, g.data)
	if c.active != nil {
		for i := 0; i < b; i++ {
			for r, on := range c.active {
				if !on {
					dz[i*nr+r] = 0
				}
			}
		}
	}

	// The loops read and write M's shape rule by rule (mt), beside the
	// rule's indices; every sum takes the same terms in the same order as
	// over M's columns, so the result is the same to the bit.
	mt := scratch(&op.mt, o*nr)
	idx := c.idx[:o*nr]
	clear(dst)
	if op.wrtX {
		transpose(mt, m.data, o, nr)
		for i := 0; i < b; i++ {
			row := dst[i*d : i*d+d]
			for r, v := range dz[i*nr : i*nr+nr] {
				if v == 0 {
					continue
				}
				if o == 3 { // the default order, unrolled
					ix, mr := idx[3*r:3*r+3], mt[3*r:3*r+3]
					row[ix[0]] += v * mr[0]
					row[ix[1]] += v * mr[1]
					row[ix[2]] += v * mr[2]
					continue
				}
				ix := idx[r*o : r*o+o]
				mr := mt[r*o : r*o+o]
				mr = mr[:len(ix)]
				for j, col := range ix {
					row[col] += v * mr[j]
				}
			}
		}
		return out, nil
	}
	clear(mt)
	for i := 0; i < b; i++ {
		row := x.data[i*d : i*d+d]
		for r, v := range dz[i*nr : i*nr+nr] {
			if v == 0 {
				continue
			}
			if o == 3 { // the default order, unrolled
				ix, gr := idx[3*r:3*r+3], mt[3*r:3*r+3]
				gr[0] += v * row[ix[0]]
				gr[1] += v * row[ix[1]]
				gr[2] += v * row[ix[2]]
				continue
			}
			ix := idx[r*o : r*o+o]
			gr := mt[r*o : r*o+o]
			gr = gr[:len(ix)]
			for j, col := range ix {
				gr[j] += v * row[col]
			}
		}
	}
	transpose(dst, mt, nr, o)
	return out, nil
}

// scratch returns (*buf)[:n], growing *buf first where it is shorter.
func scratch(buf *[]float64, n int) []float64 {
	if cap(*buf) < n {
		*buf = make([]float64, n)
	}
	return (*buf)[:n]
}

// transpose writes the transpose of src [rows×cols] into dst [cols×rows]
// and returns dst: dst[c·rows + r] = src[r·cols + c].
func transpose(dst, src []float64, rows, cols int) []float64 {
	for r := 0; r < rows; r++ {
		for c, v := range src[r*cols : r*cols+cols] {
			dst[c*rows+r] = v
		}
	}
	return dst
}

func (op *combActDiffOp) WriteHash(h hash.Hash) {
	c := op.fwd.c
	fmt.Fprintf(h, "ops.combActDiff{id=%d, order=%d, rules=%d, act=%v, wrtX=%t}", c.id, c.order, c.r, c.act, op.wrtX)
}
func (op *combActDiffOp) Hashcode() uint32 { return hashOf(op.WriteHash) }
func (op *combActDiffOp) String() string {
	wrt := "M"
	if op.wrtX {
		wrt = "X"
	}
	c := op.fwd.c
	return fmt.Sprintf("combActDiff#%d{order=%d, rules=%d, %v, wrt %s}", c.id, c.order, c.r, c.act, wrt)
}
