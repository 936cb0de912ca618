// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package graph

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/internal/nodehash"
	"github.com/hornets-go/hornets/ops"
)

// Two input names whose 2×3 float64 matrix nodes have the same Gorgonia
// hash.
const collidingA, collidingB = nodehash.CollidingA, nodehash.CollidingB

// collidingInputs returns two inputs of a new graph whose hashes collide,
// bound to a = 1..6 and b = −1..−6.
func collidingInputs(t *testing.T) (g *G.ExprGraph, a, b *G.Node) {
	t.Helper()
	g = G.NewGraph()
	av := tensor.New(tensor.WithShape(2, 3), tensor.WithBacking([]float64{1, 2, 3, 4, 5, 6}))
	bv := tensor.New(tensor.WithShape(2, 3), tensor.WithBacking([]float64{-1, -2, -3, -4, -5, -6}))
	a = G.NewMatrix(g, G.Float64, G.WithShape(2, 3), G.WithName(collidingA), G.WithValue(av))
	b = G.NewMatrix(g, G.Float64, G.WithShape(2, 3), G.WithName(collidingB), G.WithValue(bv))
	if a.Hashcode() != b.Hashcode() {
		t.Fatalf("inputs %s and %s hash to %#x and %#x: Gorgonia's node hash changed; find a new pair", collidingA, collidingB, a.Hashcode(), b.Hashcode())
	}
	return g, a, b
}

// The trap distinctHashes guards against: the TapeMachine's compiler
// takes two nodes with equal hashes for one value, so the softmax of a is
// computed from b's values, without an error.
func TestGorgoniaMergesCollidingNodes(t *testing.T) {
	building.Lock()
	defer building.Unlock()
	g, a, b := collidingInputs(t)
	sa, err := ops.SoftmaxRows(a)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ops.Activate(b, activations.Func{Kind: activations.PolyClip, K: 4}); err != nil {
		t.Fatal(err)
	}
	err = distinctHashes(g)
	if !errors.Is(err, ops.ErrHashCollision) || !strings.Contains(err.Error(), collidingA) || !strings.Contains(err.Error(), collidingB) {
		t.Errorf("distinctHashes = %v; want ErrHashCollision naming %s and %s", err, collidingA, collidingB)
	}

	vm := G.NewTapeMachine(g)
	if err := vm.RunAll(); err != nil {
		t.Fatal(err)
	}
	got := sa.Value().Data().([]float64)
	fromA, fromB := make([]float64, 3), make([]float64, 3)
	activations.Softmax(fromA, []float64{1, 2, 3})
	activations.Softmax(fromB, []float64{-1, -2, -3})
	switch {
	case floats.EqualApprox(got[:3], fromA, 1e-12):
		t.Logf("Gorgonia computed softmax(a) correctly: its compiler no longer merges colliding nodes; distinctHashes may be redundant")
	case floats.EqualApprox(got[:3], fromB, 1e-12):
		// the trap, as documented
	default:
		t.Errorf("softmax(a)[0] = %v; want %v (correct) or %v (b's)", got[:3], fromA, fromB)
	}
}

// The failure two long benches met (session 40's notes): a CatInt training
// graph in which the gradient with respect to the attention (affineDiff
// wrt a) has the loss's hash. Compiled anyway, the machine skips it and
// the softmax gradient reads the scalar loss, with the very error of
// those benches; distinctHashes refuses the graph before compiling.
func TestCollisionInCatGraph(t *testing.T) {
	const D, O, R, C, batch = 12, 3, 16, 3, 8
	building.Lock()
	defer building.Unlock()
	rng := rand.New(rand.NewPCG(1, 2))
	p := NewCatParams(rng, O, R, C)
	cg, err := newCat(&p, batch, D, O, R, C, activations.Func{Kind: activations.PolyClip, K: 4}, nil, true, 0)
	if err != nil {
		t.Fatal(err)
	}
	var loss, da *G.Node
	for _, n := range cg.g.AllNodes() {
		if n.Op() == nil {
			continue // an input
		}
		switch n.Op().String() {
		case "softmaxCE{w=ones}":
			loss = n
		case "affineDiff{wrt a}":
			da = n
		}
	}
	if loss == nil || da == nil {
		t.Fatalf("no loss or affineDiff{wrt a} node in %v", cg.g.AllNodes())
	}
	if err := distinctHashes(cg.g); err != nil {
		t.Fatalf("before forcing: %v", err)
	}
	if err := nodehash.Set(da, loss.Hashcode()); err != nil {
		t.Fatal(err)
	}
	if err := distinctHashes(cg.g); !errors.Is(err, ops.ErrHashCollision) {
		t.Errorf("distinctHashes = %v; want ErrHashCollision", err)
	}

	cg.vm = G.NewTapeMachine(cg.g)
	idx := make([]int, 0, R*O)
	for range R {
		idx = append(idx, rng.Perm(D + O)[:O]...)
	}
	if err := cg.UseRules(idx, 1); err != nil {
		t.Fatal(err)
	}
	_, err = cg.Step(make([]float64, batch*D), make([]int, batch), 0, 0.1, rng)
	const want = "PC 14. Failed to execute instruction softmaxRowsDiff{masked}\t[CPU6 CPU5 CPU12]\tCPU15\tfalse\tfalse\tfalse: Failed to carry op.Do(): ops: bad shape: softmaxRowsDiff{masked} input 2 has shape (); want rank 2"
	if err == nil || err.Error() != want {
		t.Errorf("step of the colliding graph compiled anyway: %v; want the benches' error %q", err, want)
	}
}

// opsFromElsewhere returns the nodes of g whose op is neither an input,
// the constant 1 that Grad starts from, nor an op of package ops: nodes
// whose building no check of package ops saw (ops, "Hash collisions").
func opsFromElsewhere(g *G.ExprGraph) []string {
	const opsPath = "github.com/hornets-go/hornets/ops"
	var out []string
	for _, n := range g.AllNodes() {
		op := n.Op()
		if op == nil || n.IsScalar() && op.String() == "const 1" {
			continue
		}
		typ := reflect.TypeOf(op)
		for typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if typ.PkgPath() != opsPath {
			out = append(out, fmt.Sprintf("%v (%v)", n, typ))
		}
	}
	return out
}

// Every graph NewCat and NewLin build has distinct hashes, and every node
// of it that computes something was built by package ops, whose builders
// refuse Gorgonia's merges; a Gorgonia op (say the sum of two gradients
// of one node, which Grad adds itself) would escape that check.
func TestDistinctHashesOfBuiltGraphs(t *testing.T) {
	{ // the check sees a Gorgonia op
		g := G.NewGraph()
		x := G.NewMatrix(g, G.Float64, G.WithShape(2, 2), G.WithName("x"))
		if _, err := G.Add(x, x); err != nil {
			t.Fatal(err)
		}
		if other := opsFromElsewhere(g); len(other) != 1 {
			t.Errorf("opsFromElsewhere of x+x = %v; want the add", other)
		}
	}
	const D, O, R, C, batch = 12, 3, 16, 3, 8
	rng := rand.New(rand.NewPCG(1, 2))
	act := activations.Func{Kind: activations.PolyClip, K: 4}
	check := func(route string, training bool, g *G.ExprGraph) {
		t.Helper()
		if err := distinctHashes(g); err != nil {
			t.Errorf("%s training=%t: %v", route, training, err)
		}
		if other := opsFromElsewhere(g); len(other) > 0 {
			t.Errorf("%s training=%t: nodes not built by package ops: %v", route, training, other)
		}
	}
	for _, training := range []bool{true, false} {
		p := NewCatParams(rng, O, R, C)
		cg, err := NewCat(&p, batch, D, O, R, C, act, nil, training)
		if err != nil {
			t.Fatal(err)
		}
		check("cat", training, cg.g)
		mean, scale := make([]float64, D), slices.Repeat([]float64{1}, D)
		lp := NewLinParams(rng, mean, scale, C)
		lg, err := NewLin(&lp, batch, D, C, act, 1e-12, nil, training)
		if err != nil {
			t.Fatal(err)
		}
		check("lin", training, lg.g)
	}
}

func TestBuildDistinct(t *testing.T) {
	other := errors.New("other")
	tests := []struct {
		name      string
		collide   int   // builds that collide before one succeeds
		fail      error // returned by the first build instead, if not nil
		wantCalls int
		wantErr   error
	}{
		{name: "first build", collide: 0, wantCalls: 1},
		{name: "third build", collide: 2, wantCalls: 3},
		{name: "last build", collide: maxBuilds - 1, wantCalls: maxBuilds},
		{name: "every build collides", collide: maxBuilds, wantCalls: maxBuilds, wantErr: ops.ErrHashCollision},
		{name: "other error", fail: other, wantCalls: 1, wantErr: other},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var calls []build
			v, err := buildDistinct(func(b build) (string, error) {
				calls = append(calls, b)
				switch {
				case tc.fail != nil:
					return "", tc.fail
				case int(b) < tc.collide:
					return "", ops.ErrHashCollision
				}
				return b.name("x"), nil
			})
			if len(calls) != tc.wantCalls {
				t.Fatalf("%d builds; want %d", len(calls), tc.wantCalls)
			}
			for i, b := range calls {
				if int(b) != i {
					t.Errorf("build %d numbered %d", i, b)
				}
			}
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) || v != "" {
					t.Errorf("got %q, %v; want error %v", v, err, tc.wantErr)
				}
				return
			}
			want := "x"
			if tc.collide > 0 {
				want = fmt.Sprintf("x~%d", tc.collide)
			}
			if err != nil || v != want {
				t.Errorf("got %q, %v; want %q", v, err, want)
			}
		})
	}
}

// A graph built again under other input names computes the same values,
// bit for bit.
func TestRebuiltGraphComputesTheSame(t *testing.T) {
	const D, O, R, C, batch = 12, 3, 16, 3, 8
	act := activations.Func{Kind: activations.PolyClip, K: 4}
	rng := rand.New(rand.NewPCG(5, 6))
	x := make([]float64, batch*D)
	for i := range x {
		x[i] = float64(rng.IntN(2))
	}
	y := make([]int, batch)
	for i := range y {
		y[i] = rng.IntN(C)
	}
	idx := make([]int, 0, R*O)
	for range R {
		idx = append(idx, rng.Perm(D + O)[:O]...)
	}
	mean, scale := make([]float64, D), slices.Repeat([]float64{1}, D)

	// step is one training step's loss and gradients, per route.
	type step struct {
		loss  float64
		grads [][]float64
	}
	gradients := func(vgs []G.ValueGrad) [][]float64 {
		var out [][]float64
		for _, vg := range vgs {
			g, _ := vg.Grad()
			out = append(out, slices.Clone(g.Data().([]float64)))
		}
		return out
	}
	run := func(names build) (cat, lin step) {
		building.Lock()
		defer building.Unlock()
		prng := rand.New(rand.NewPCG(7, 8))
		p := NewCatParams(prng, O, R, C)
		cg, err := newCat(&p, batch, D, O, R, C, act, nil, true, names)
		if err != nil {
			t.Fatal(err)
		}
		if got := cg.g.ByName(names.name("cat.X")); len(got) != 1 {
			t.Fatalf("build %d: no input named %s", names, names.name("cat.X"))
		}
		if err := cg.UseRules(idx, 1); err != nil {
			t.Fatal(err)
		}
		if cat.loss, err = cg.Step(x, y, R/2, 0.1, rand.New(rand.NewPCG(9, 10))); err != nil {
			t.Fatal(err)
		}
		cat.grads = gradients(cg.ValueGrads())
		lp := NewLinParams(prng, mean, scale, C)
		lg, err := newLin(&lp, batch, D, C, act, 1e-12, nil, true, names)
		if err != nil {
			t.Fatal(err)
		}
		if lin.loss, err = lg.Step(x, y); err != nil {
			t.Fatal(err)
		}
		lin.grads = gradients(lg.ValueGrads())
		return cat, lin
	}
	cat0, lin0 := run(0)
	cat3, lin3 := run(3)
	for _, r := range []struct {
		route         string
		first, fourth step
	}{{"cat", cat0, cat3}, {"lin", lin0, lin3}} {
		if math.Float64bits(r.first.loss) != math.Float64bits(r.fourth.loss) {
			t.Errorf("%s loss %v (build 0) and %v (build 3)", r.route, r.first.loss, r.fourth.loss)
		}
		if r.first.loss == 0 || len(r.first.grads) != 3 {
			t.Errorf("%s: degenerate run: loss %v, %d gradients", r.route, r.first.loss, len(r.first.grads))
		}
		for i := range r.first.grads {
			if !slices.Equal(r.first.grads[i], r.fourth.grads[i]) {
				t.Errorf("%s gradient %d differs between builds 0 and 3", r.route, i)
			}
		}
	}
}

// BenchmarkNewCat times building and compiling a CatInt training graph
// (distinctHashes and the builders' checks included); BenchmarkDistinctHashes
// times the hash check alone on such a graph, for the ratio of the two.
func BenchmarkNewCat(b *testing.B) {
	const D, O, R, C, batch = 100, 3, 256, 2, 32
	p := NewCatParams(rand.New(rand.NewPCG(1, 2)), O, R, C)
	act := activations.Func{Kind: activations.PolyClip, K: 4}
	for b.Loop() {
		if _, err := NewCat(&p, batch, D, O, R, C, act, nil, true); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDistinctHashes(b *testing.B) {
	const D, O, R, C, batch = 100, 3, 256, 2, 32
	p := NewCatParams(rand.New(rand.NewPCG(1, 2)), O, R, C)
	cg, err := NewCat(&p, batch, D, O, R, C, activations.Func{Kind: activations.PolyClip, K: 4}, nil, true)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := distinctHashes(cg.g); err != nil {
			b.Fatal(err)
		}
	}
}
