// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
)

// refCombActZ is a naive reference for the pre-activations of a CombAct, with
// z = NaN for inactive rules.
func refCombActZ(x, m []float64, idx []int, active []bool, b, d, order, r int) []float64 {
	z := make([]float64, b*r)
	for i := 0; i < b; i++ {
		for k := 0; k < r; k++ {
			if active != nil && !active[k] {
				z[i*r+k] = math.NaN()
				continue
			}
			for j := 0; j < order; j++ {
				z[i*r+k] += x[i*d+idx[k*order+j]] * m[j*r+k]
			}
		}
	}
	return z
}

// randomRules returns r rules of order distinct columns out of d.
func randomRules(rng *rand.Rand, r, order, d int) []int {
	idx := make([]int, 0, r*order)
	for range r {
		idx = append(idx, rng.Perm(d)[:order]...)
	}
	return idx
}

// zWellPlaced reports whether the active pre-activations keep at least 1e-4
// from act's kinks and, for polyClip, fall both inside and outside [-1, 1].
func zWellPlaced(z []float64, act activations.Func) bool {
	var inside, outside int
	for _, v := range z {
		switch {
		case math.IsNaN(v):
			continue
		case act.Kind == activations.ReLU:
			if math.Abs(v) < 1e-4 {
				return false
			}
			inside++
			outside++
		case math.Abs(math.Abs(v)-1) < 1e-4:
			return false
		case math.Abs(v) < 1:
			inside++
		default:
			outside++
		}
	}
	return inside > 0 && outside > 0
}

// combActCase is the setup of a CombAct gradient check.
type combActCase struct {
	name        string
	order, b, d int
	r           int
	act         activations.Func
	diffX       bool
	inactive    []int   // rules switched off
	mScale      float64 // M ~ U(-mScale, mScale); X ~ U(-1, 1)
}

// draw returns X, M and rules for c whose pre-activations are well placed.
func (c combActCase) draw(t *testing.T, rng *rand.Rand) (x, m []float64, idx []int, active []bool) {
	t.Helper()
	if c.inactive != nil {
		active = make([]bool, c.r)
		for i := range active {
			active[i] = !slices.Contains(c.inactive, i)
		}
	}
	for range 100 {
		x = uniform(rng, c.b*c.d, -1, 1)
		m = uniform(rng, c.order*c.r, -c.mScale, c.mScale)
		idx = randomRules(rng, c.r, c.order, c.d)
		if zWellPlaced(refCombActZ(x, m, idx, active, c.b, c.d, c.order, c.r), c.act) {
			return x, m, idx, active
		}
	}
	t.Fatalf("no well-placed draw in 100 tries")
	return nil, nil, nil, nil
}

// build makes the graph cost = Σ CombAct(X, M) ⊙ C and its grad checker
// (wrt M, and X if diffX).
func (c combActCase) build(t *testing.T, rng *rand.Rand) (*CombAct, *gradChecker) {
	t.Helper()
	xv, mv, idx, active := c.draw(t, rng)
	op, err := NewCombAct(c.order, c.r, c.act, c.diffX)
	if err != nil {
		t.Fatalf("NewCombAct: %v", err)
	}
	if err := op.SetRules(idx); err != nil {
		t.Fatalf("SetRules: %v", err)
	}
	if err := op.SetActive(active); err != nil {
		t.Fatalf("SetActive: %v", err)
	}
	g := G.NewGraph()
	x := input(g, "X", xv, c.b, c.d)
	m := input(g, "M", mv, c.order, c.r)
	f, err := op.Apply(x, m)
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	wrt := []*G.Node{m}
	if c.diffX {
		wrt = append(wrt, x)
	}
	return op, newGradChecker(t, weightedSum(t, rng, f), wrt...)
}

var combActCases = []combActCase{
	{name: "order2", order: 2, b: 4, d: 6, r: 5, act: polyClip1, mScale: 1.5},
	{name: "order2/diffX", order: 2, b: 4, d: 6, r: 5, act: polyClip1, diffX: true, mScale: 1.5},
	{name: "order2/inactive", order: 2, b: 4, d: 6, r: 5, act: polyClip1, diffX: true, inactive: []int{1, 3}, mScale: 1.5},
	{name: "order5", order: 5, b: 3, d: 8, r: 4, act: polyClip2, mScale: 0.8},
	{name: "order5/diffX", order: 5, b: 3, d: 8, r: 4, act: polyClip2, diffX: true, mScale: 0.8},
	{name: "order5/inactive", order: 5, b: 3, d: 8, r: 4, act: polyClip1, diffX: true, inactive: []int{0, 2}, mScale: 0.8},
	{name: "order1/k=0/inactive", order: 1, b: 3, d: 4, r: 3, act: polyClip0, diffX: true, inactive: []int{1}, mScale: 2},
	{name: "order3/relu", order: 3, b: 3, d: 5, r: 4, act: relu, diffX: true, inactive: []int{2}, mScale: 1},
}

func TestCombActGrad(t *testing.T) {
	t.Parallel()
	for _, tt := range combActCases {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 1))
			_, gc := tt.build(t, rng)
			gc.check(t)
		})
	}
}

// TestCombActResample changes the rules and the activity mask between runs of
// one compiled machine: output and gradients must follow without
// recompiling.
func TestCombActResample(t *testing.T) {
	t.Parallel()
	for _, tt := range []combActCase{
		{name: "order2", order: 2, b: 4, d: 6, r: 5, act: polyClip1, diffX: true, mScale: 1.5},
		{name: "order5", order: 5, b: 3, d: 8, r: 4, act: polyClip2, diffX: true, mScale: 0.8},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 1))
			op, gc := tt.build(t, rng)
			gc.check(t)

			x := gc.wrt[1].Value().(*tensor.Dense).Float64s()
			m := gc.wrt[0].Value().(*tensor.Dense).Float64s()
			active := []bool{true, false, true, true, true}[:tt.r]
			var idx []int
			for range 100 {
				idx = randomRules(rng, tt.r, tt.order, tt.d)
				if zWellPlaced(refCombActZ(x, m, idx, active, tt.b, tt.d, tt.order, tt.r), tt.act) {
					break
				}
			}
			if slices.Equal(idx, op.Rules()) {
				t.Fatalf("resampled rules equal the old ones: %v", idx)
			}
			if err := op.SetRules(idx); err != nil {
				t.Fatalf("SetRules: %v", err)
			}
			if err := op.SetActive(active); err != nil {
				t.Fatalf("SetActive: %v", err)
			}
			gc.check(t)
		})
	}
}

// TestCombActForward checks a hand-computed case: 2 rules of order 2 on a
// 3×4 X with polyClip k=1 (cubes, clipped at ±1).
func TestCombActForward(t *testing.T) {
	t.Parallel()
	x := []float64{
		0.2, 0.4, 0.6, 0.8,
		1.0, -0.5, 0.0, 8.0,
		-0.4, 0.1, 0.2, 0.0,
	}
	m := []float64{
		0.5, 0.25, // M[0, :]: first column of each rule
		-0.5, 1, // M[1, :]: second column of each rule
	}
	rules := []int{0, 2, 3, 1} // rule 0 = X[:,0]·0.5 − X[:,2]·0.5; rule 1 = X[:,3]·0.25 + X[:,1]
	for _, tt := range []struct {
		name   string
		active []bool
		want   []float64
	}{
		{
			name: "all active",
			// z = [[-0.2, 0.6], [0.5, 1.5], [-0.3, 0.1]]
			want: []float64{
				-0.008, 0.216,
				0.125, 1,
				-0.027, 0.001,
			},
		},
		{
			name:   "rule 1 inactive",
			active: []bool{true, false},
			want: []float64{
				-0.008, 0,
				0.125, 0,
				-0.027, 0,
			},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			op, err := NewCombAct(2, 2, polyClip1, false)
			if err != nil {
				t.Fatalf("NewCombAct: %v", err)
			}
			if err := op.SetRules(rules); err != nil {
				t.Fatalf("SetRules: %v", err)
			}
			if err := op.SetActive(tt.active); err != nil {
				t.Fatalf("SetActive: %v", err)
			}
			g := G.NewGraph()
			f, err := op.Apply(input(g, "X", x, 3, 4), input(g, "M", m, 2, 2))
			if err != nil {
				t.Fatalf("Apply: %v", err)
			}
			if got, want := f.Shape(), (tensor.Shape{3, 2}); !got.Eq(want) {
				t.Errorf("shape:\ngot  %v\nwant %v", got, want)
			}
			got := runForward(t, f)
			if i, ok := allNear(got, tt.want, 1e-12); !ok {
				t.Errorf("element %d:\ngot  %v\nwant %v", i, got, tt.want)
			}
		})
	}
}

func TestCombActAccessors(t *testing.T) {
	t.Parallel()
	op, err := NewCombAct(2, 3, polyClip1, false)
	if err != nil {
		t.Fatalf("NewCombAct: %v", err)
	}
	if got := op.Rules(); got != nil {
		t.Errorf("Rules before SetRules:\ngot  %v\nwant nil", got)
	}
	idx := []int{0, 1, 2, 3, 4, 5}
	if err := op.SetRules(idx); err != nil {
		t.Fatalf("SetRules: %v", err)
	}
	idx[0] = 9 // SetRules copies
	got := op.Rules()
	if want := []int{0, 1, 2, 3, 4, 5}; !slices.Equal(got, want) {
		t.Errorf("Rules:\ngot  %v\nwant %v", got, want)
	}
	got[1] = 9 // Rules returns a copy
	if op.Rules()[1] != 1 {
		t.Errorf("Rules returned the op's own slice")
	}
	if got, want := op.Order(), 2; got != want {
		t.Errorf("Order:\ngot  %v\nwant %v", got, want)
	}
	if got, want := op.NumRules(), 3; got != want {
		t.Errorf("NumRules:\ngot  %v\nwant %v", got, want)
	}
	// A failed SetRules keeps the previous rules.
	if err := op.SetRules([]int{1, 1, 2, 3, 4, 5}); err == nil {
		t.Fatalf("SetRules with a duplicate: got nil error")
	}
	if got, want := op.Rules(), []int{0, 1, 2, 3, 4, 5}; !slices.Equal(got, want) {
		t.Errorf("Rules after a failed SetRules:\ngot  %v\nwant %v", got, want)
	}
}

// TestCombActHash checks that two CombActs with equal parameters on the same
// inputs are not merged into one node, and that one CombAct applied twice is.
func TestCombActHash(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	x := input(g, "X", []float64{1, 2, 3, 4}, 1, 4)
	m := input(g, "M", []float64{1, 1}, 2, 1)
	apply := func(op *CombAct) *G.Node {
		t.Helper()
		if err := op.SetRules([]int{0, 1}); err != nil {
			t.Fatalf("SetRules: %v", err)
		}
		f, err := op.Apply(x, m)
		if err != nil {
			t.Fatalf("Apply: %v", err)
		}
		return f
	}
	a, _ := NewCombAct(2, 1, polyClip1, false)
	b, _ := NewCombAct(2, 1, polyClip1, false)
	fa, fb := apply(a), apply(b)
	if fa == fb {
		t.Errorf("two CombAct instances were merged into one node")
	}
	if fa2 := apply(a); fa2 != fa {
		t.Errorf("one CombAct applied twice to the same inputs gave two nodes")
	}
}

func TestCombActErrors(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	x := input(g, "X", make([]float64, 12), 3, 4)
	m := input(g, "M", make([]float64, 4), 2, 2)
	xv := input(g, "Xvec", make([]float64, 4), 4)
	x32 := G.NewMatrix(g, G.Float32, G.WithShape(3, 4), G.WithName("X32"))
	narrow := input(g, "Xnarrow", make([]float64, 3), 3, 1)
	newOp := func() *CombAct {
		op, err := NewCombAct(2, 2, polyClip1, false)
		if err != nil {
			t.Fatalf("NewCombAct: %v", err)
		}
		return op
	}
	for _, tt := range []struct {
		name    string
		run     func() error
		wantErr error
	}{
		{name: "order 0", run: func() error { _, err := NewCombAct(0, 2, polyClip1, false); return err }, wantErr: ErrParam},
		{name: "0 rules", run: func() error { _, err := NewCombAct(2, 0, polyClip1, false); return err }, wantErr: ErrParam},
		{name: "negative k", run: func() error {
			_, err := NewCombAct(2, 2, activations.Func{Kind: activations.PolyClip, K: -1}, false)
			return err
		}, wantErr: ErrParam},
		{name: "SetRules/short", run: func() error { return newOp().SetRules([]int{0, 1, 2}) }, wantErr: ErrRules},
		{name: "SetRules/long", run: func() error { return newOp().SetRules([]int{0, 1, 2, 3, 0}) }, wantErr: ErrRules},
		{name: "SetRules/negative", run: func() error { return newOp().SetRules([]int{0, 1, -1, 3}) }, wantErr: ErrRules},
		{name: "SetRules/duplicate", run: func() error { return newOp().SetRules([]int{0, 1, 3, 3}) }, wantErr: ErrRules},
		{name: "SetActive/short", run: func() error { return newOp().SetActive([]bool{true}) }, wantErr: ErrRules},
		{name: "SetActive/empty", run: func() error { return newOp().SetActive([]bool{}) }, wantErr: ErrRules},
		{name: "Apply/nil X", run: func() error { _, err := newOp().Apply(nil, m); return err }, wantErr: ErrNilNode},
		{name: "Apply/nil M", run: func() error { _, err := newOp().Apply(x, nil); return err }, wantErr: ErrNilNode},
		{name: "Apply/X vector", run: func() error { _, err := newOp().Apply(xv, m); return err }, wantErr: ErrShape},
		{name: "Apply/X float32", run: func() error { _, err := newOp().Apply(x32, m); return err }, wantErr: ErrDtype},
		{name: "Apply/M shape", run: func() error { _, err := newOp().Apply(x, x); return err }, wantErr: ErrShape},
		{name: "Apply/X narrower than order", run: func() error { _, err := newOp().Apply(narrow, m); return err }, wantErr: ErrShape},
		{name: "Apply/index out of range", run: func() error {
			op := newOp()
			if err := op.SetRules([]int{0, 1, 2, 4}); err != nil {
				return err
			}
			_, err := op.Apply(x, m)
			return err
		}, wantErr: ErrIndex},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.run(); !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

// TestCombActRunErrors checks errors that only show when the machine runs:
// they come back from RunAll, wrapped, and do not panic.
func TestCombActRunErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		rules   []int // nil: never set
		wantErr error
	}{
		{name: "index out of range", rules: []int{0, 1, 2, 4}, wantErr: ErrIndex},
		{name: "rules not set", wantErr: ErrRules},
	} {
		t.Run(tt.name, func(t *testing.T) {
			op, err := NewCombAct(2, 2, polyClip1, true)
			if err != nil {
				t.Fatalf("NewCombAct: %v", err)
			}
			g := G.NewGraph()
			x := input(g, "X", make([]float64, 12), 3, 4)
			m := input(g, "M", make([]float64, 4), 2, 2)
			f, err := op.Apply(x, m) // no rules yet: nothing to check against D
			if err != nil {
				t.Fatalf("Apply: %v", err)
			}
			cost, err := G.Sum(f)
			if err != nil {
				t.Fatalf("Sum: %v", err)
			}
			if _, err := G.Grad(cost, x, m); err != nil {
				t.Fatalf("Grad: %v", err)
			}
			if tt.rules != nil {
				if err := op.SetRules(tt.rules); err != nil {
					t.Fatalf("SetRules: %v", err)
				}
			}
			vm := G.NewTapeMachine(g, G.BindDualValues(x, m))
			defer vm.Close()
			if err := vm.RunAll(); !errors.Is(RunError(err), tt.wantErr) {
				t.Errorf("RunAll error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

func TestCombActDoErrors(t *testing.T) {
	t.Parallel()
	op, err := NewCombAct(2, 2, polyClip1, true)
	if err != nil {
		t.Fatalf("NewCombAct: %v", err)
	}
	if err := op.SetRules([]int{0, 1, 2, 3}); err != nil {
		t.Fatalf("SetRules: %v", err)
	}
	fwd := &combActOp{c: op}
	dM := &combActDiffOp{fwd: fwd}
	x := dense(make([]float64, 12), 3, 4)
	m := dense(make([]float64, 4), 2, 2)
	f32 := tensor.New(tensor.Of(tensor.Float32), tensor.WithShape(2, 2))
	for _, tt := range []struct {
		name    string
		op      G.Op
		inputs  []G.Value
		wantErr error
	}{
		{name: "arity", op: fwd, inputs: []G.Value{x}, wantErr: ErrArity},
		{name: "float32 M", op: fwd, inputs: []G.Value{x, f32}, wantErr: ErrDtype},
		{name: "X vector", op: fwd, inputs: []G.Value{dense(make([]float64, 4), 4), m}, wantErr: ErrShape},
		{name: "M shape", op: fwd, inputs: []G.Value{x, dense(make([]float64, 6), 3, 2)}, wantErr: ErrShape},
		{name: "X too narrow", op: fwd, inputs: []G.Value{dense(make([]float64, 9), 3, 3), m}, wantErr: ErrIndex},
		{name: "diff/arity", op: dM, inputs: []G.Value{x, m}, wantErr: ErrArity},
		{name: "diff/grad shape", op: dM, inputs: []G.Value{x, m, dense(make([]float64, 4), 2, 2)}, wantErr: ErrShape},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.op.Do(tt.inputs...)
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

func TestCombActNoMutation(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	op, err := NewCombAct(2, 3, polyClip1, true)
	if err != nil {
		t.Fatalf("NewCombAct: %v", err)
	}
	if err := op.SetRules([]int{0, 1, 2, 3, 4, 0}); err != nil {
		t.Fatalf("SetRules: %v", err)
	}
	x := dense(uniform(rng, 20, -1, 1), 4, 5)
	m := dense(uniform(rng, 6, -2, 2), 2, 3)
	g := dense(uniform(rng, 12, -1, 1), 4, 3)
	noMutation(t, &combActOp{c: op}, x, m)
	noMutation(t, &combActDiffOp{fwd: &combActOp{c: op}}, x, m, g)
	noMutation(t, &combActDiffOp{fwd: &combActOp{c: op}, wrtX: true}, x, m, g)
}

// BenchmarkCombAct times a HorNets-sized CombAct: B=16, D=64+5, R=256,
// order 5. The step benchmarks run one training step (forward and backward
// through a TapeMachine) of cost = Σ F ⊙ C, with X as data (the model's
// case) or differentiated; the Do benchmarks time the three kernels alone.
func BenchmarkCombAct(b *testing.B) {
	const (
		batch = 16
		d     = 64 + 5
		rules = 256
		order = 5
	)
	rng := rand.New(rand.NewPCG(1, 1))
	idx := randomRules(rng, rules, order, d)
	xv := uniform(rng, batch*d, -1, 1)
	mv := uniform(rng, order*rules, -0.8, 0.8)
	cv := uniform(rng, batch*rules, -1, 1)

	for _, diffX := range []bool{false, true} {
		name := "step/dataX"
		if diffX {
			name = "step/diffX"
		}
		b.Run(name, func(b *testing.B) {
			op, err := NewCombAct(order, rules, polyClip1, diffX)
			if err != nil {
				b.Fatal(err)
			}
			if err := op.SetRules(idx); err != nil {
				b.Fatal(err)
			}
			g := G.NewGraph()
			x := input(g, "X", xv, batch, d)
			m := input(g, "M", mv, order, rules)
			c := input(g, "C", cv, batch, rules)
			f, err := op.Apply(x, m)
			if err != nil {
				b.Fatal(err)
			}
			p, err := G.HadamardProd(f, c)
			if err != nil {
				b.Fatal(err)
			}
			cost, err := G.Sum(p)
			if err != nil {
				b.Fatal(err)
			}
			wrt := []*G.Node{m}
			if diffX {
				wrt = append(wrt, x)
			}
			if _, err := G.Grad(cost, wrt...); err != nil {
				b.Fatal(err)
			}
			vm := G.NewTapeMachine(g, G.BindDualValues(wrt...))
			defer vm.Close()
			b.ReportAllocs()
			for b.Loop() {
				vm.Reset()
				if err := vm.RunAll(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}

	op, err := NewCombAct(order, rules, polyClip1, true)
	if err != nil {
		b.Fatal(err)
	}
	if err := op.SetRules(idx); err != nil {
		b.Fatal(err)
	}
	x, m, grad := dense(xv, batch, d), dense(mv, order, rules), dense(cv, batch, rules)
	for _, tt := range []struct {
		name   string
		op     G.Op
		inputs []G.Value
	}{
		{name: "Do/forward", op: &combActOp{c: op}, inputs: []G.Value{x, m}},
		{name: "Do/dM", op: &combActDiffOp{fwd: &combActOp{c: op}}, inputs: []G.Value{x, m, grad}},
		{name: "Do/dX", op: &combActDiffOp{fwd: &combActOp{c: op}, wrtX: true}, inputs: []G.Value{x, m, grad}},
	} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tt.op.Do(tt.inputs...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Every exported method of a nil *CombAct returns ErrParam or a zero
// value instead of dereferencing nil. Reflection makes sure no exported
// method is left out.
func TestCombActNil(t *testing.T) {
	t.Parallel()
	var op *CombAct
	g := G.NewGraph()
	x := G.NewMatrix(g, G.Float64, G.WithShape(2, 3), G.WithName("x"))
	m := G.NewMatrix(g, G.Float64, G.WithShape(2, 2), G.WithName("m"))
	covered := map[string]bool{}
	for _, tt := range []struct {
		method string
		call   func() error
		want   error // nil for the accessors, which return zero values
	}{
		{"Apply", func() error { _, err := op.Apply(x, m); return err }, ErrParam},
		{"SetRules", func() error { return op.SetRules([]int{0, 1}) }, ErrParam},
		{"SetActive", func() error { return op.SetActive(nil) }, ErrParam},
		{"Order", func() error { return zeroOrErr(op.Order()) }, nil},
		{"NumRules", func() error { return zeroOrErr(op.NumRules()) }, nil},
		{"Rules", func() error { return zeroOrErr(op.Rules()) }, nil},
		{"String", func() error { return zeroOrErr(op.String() != "combAct(nil)") }, nil},
	} {
		covered[tt.method] = true
		t.Run(tt.method, func(t *testing.T) {
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						err = fmt.Errorf("panic: %v", r)
					}
				}()
				return tt.call()
			}()
			if !errors.Is(err, tt.want) {
				t.Errorf("got  %v\nwant %v", err, tt.want)
			}
		})
	}
	typ := reflect.TypeFor[*CombAct]()
	for i := range typ.NumMethod() {
		if name := typ.Method(i).Name; !covered[name] {
			t.Errorf("CombAct.%s is not covered by the nil table", name)
		}
	}
}

// zeroOrErr returns nil for a zero value, else an error that names it.
func zeroOrErr(v any) error {
	if rv := reflect.ValueOf(v); rv.IsValid() && !rv.IsZero() {
		return fmt.Errorf("got %v, want the zero value", v)
	}
	return nil
}
