// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
)

var (
	polyClip0 = activations.Func{Kind: activations.PolyClip, K: 0}
	polyClip1 = activations.Func{Kind: activations.PolyClip, K: 1}
	polyClip2 = activations.Func{Kind: activations.PolyClip, K: 2}
	polyClip4 = activations.Func{Kind: activations.PolyClip, K: 4}
	relu      = activations.Func{Kind: activations.ReLU}
)

func TestActivateForward(t *testing.T) {
	t.Parallel()
	x := []float64{-2, -1.001, -0.5, 0, 0.5, 0.999, 2}
	for _, tt := range []struct {
		name string
		f    activations.Func
		want []float64
	}{
		{name: "polyclip/k=0", f: polyClip0, want: []float64{-1, -1, -0.5, 0, 0.5, 0.999, 1}},
		{name: "polyclip/k=1", f: polyClip1, want: []float64{-1, -1, -0.125, 0, 0.125, 0.997002999, 1}},
		{name: "polyclip/k=2", f: polyClip2, want: []float64{-1, -1, -0.03125, 0, 0.03125, 0.995009990004999, 1}},
		{name: "relu", f: relu, want: []float64{0, 0, 0, 0, 0.5, 0.999, 2}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := G.NewGraph()
			y, err := Activate(input(g, "x", x, len(x)), tt.f)
			if err != nil {
				t.Fatalf("Activate: %v", err)
			}
			got := runForward(t, y)
			if i, ok := allNear(got, tt.want, 1e-12); !ok {
				t.Errorf("element %d:\ngot  %v\nwant %v", i, got, tt.want)
			}
		})
	}
}

// TestActivateScalar checks a scalar input: the output is a scalar node
// that G.Grad accepts as a cost.
func TestActivateScalar(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	x := G.NewScalar(g, G.Float64, G.WithName("x"), G.WithValue(0.5))
	y, err := PolyClip(x, 1)
	if err != nil {
		t.Fatalf("PolyClip: %v", err)
	}
	if _, err := G.Grad(y, x); err != nil {
		t.Fatalf("Grad: %v", err)
	}
	m := G.NewTapeMachine(g, G.BindDualValues(x))
	defer m.Close()
	if err := m.RunAll(); err != nil {
		t.Fatalf("RunAll: %v", err)
	}
	if got, want := scalarValue(t, y.Value()), 0.125; got != want {
		t.Errorf("y:\ngot  %v\nwant %v", got, want)
	}
	d, err := x.Grad()
	if err != nil {
		t.Fatalf("x.Grad: %v", err)
	}
	if got, want := scalarValue(t, d), 0.75; got != want {
		t.Errorf("dy/dx:\ngot  %v\nwant %v", got, want)
	}
}

// activationPoints returns n inputs for a gradient check of f: the points
// next to f's kinks (never on them) and 0 where f is smooth there, then
// random values at least 1e-4 away from any kink.
func activationPoints(rng *rand.Rand, f activations.Func, n int) []float64 {
	var edge []float64
	kink := func(v float64) bool { return math.Abs(math.Abs(v)-1) < 1e-4 }
	if f.Kind == activations.ReLU {
		edge = []float64{1e-3, -1e-3, 0.5, -0.5, 2, -2}
		kink = func(v float64) bool { return math.Abs(v) < 1e-4 }
	} else {
		edge = []float64{0, 1 - 1e-3, -(1 - 1e-3), 1 + 1e-3, -(1 + 1e-3), 0.5, -0.5, 2, -2}
	}
	out := make([]float64, 0, n)
	out = append(out, edge[:min(n, len(edge))]...)
	for len(out) < n {
		if v := -1.5 + 3*rng.Float64(); !kink(v) {
			out = append(out, v)
		}
	}
	return out
}

func TestActivateGrad(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		f     activations.Func
		shape []int
	}{
		{name: "polyclip/k=0", f: polyClip0, shape: []int{3, 4}},
		{name: "polyclip/k=1", f: polyClip1, shape: []int{3, 4}},
		{name: "polyclip/k=2", f: polyClip2, shape: []int{3, 4}},
		{name: "polyclip/k=4", f: polyClip4, shape: []int{3, 4}},
		{name: "polyclip/k=1/vector", f: polyClip1, shape: []int{10}},
		{name: "polyclip/k=2/rank3", f: polyClip2, shape: []int{2, 3, 2}},
		{name: "relu", f: relu, shape: []int{3, 4}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 1))
			g := G.NewGraph()
			n := tensor.Shape(tt.shape).TotalSize()
			x := input(g, "x", activationPoints(rng, tt.f, n), tt.shape...)
			var y *G.Node
			var err error
			if tt.f.Kind == activations.PolyClip {
				y, err = PolyClip(x, tt.f.K)
			} else {
				y, err = Activate(x, tt.f)
			}
			if err != nil {
				t.Fatalf("building %v: %v", tt.f, err)
			}
			newGradChecker(t, weightedSum(t, rng, y), x).check(t)
		})
	}
}

// TestActivateHash checks that ops with different parameters are never
// merged by Gorgonia's hash-consing, and that equal ones are.
func TestActivateHash(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		a, b     activations.Func
		wantSame bool
	}{
		{name: "k=1 vs k=2", a: polyClip1, b: polyClip2},
		{name: "k=0 vs relu", a: polyClip0, b: relu},
		{name: "k=1 vs k=1", a: polyClip1, b: polyClip1, wantSame: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := G.NewGraph()
			x := input(g, "x", []float64{0.5, 0.9, -0.7, 2}, 2, 2)
			ya, err := Activate(x, tt.a)
			if err != nil {
				t.Fatalf("Activate(%v): %v", tt.a, err)
			}
			yb, err := Activate(x, tt.b)
			if err != nil {
				t.Fatalf("Activate(%v): %v", tt.b, err)
			}
			if got := ya == yb; got != tt.wantSame {
				t.Errorf("same node:\ngot  %v\nwant %v", got, tt.wantSame)
			}
			if tt.wantSame {
				return
			}
			m := G.NewTapeMachine(g)
			defer m.Close()
			if err := m.RunAll(); err != nil {
				t.Fatalf("RunAll: %v", err)
			}
			va, vb := float64s(t, ya.Value()), float64s(t, yb.Value())
			if slices.Equal(va, vb) {
				t.Errorf("%v and %v gave equal outputs %v; the nodes were merged", tt.a, tt.b, va)
			}
		})
	}
}

func TestActivateErrors(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	x := input(g, "x", []float64{1, 2}, 2)
	x32 := G.NewVector(g, G.Float32, G.WithShape(2), G.WithName("x32"))
	for _, tt := range []struct {
		name    string
		build   func() (*G.Node, error)
		wantErr error
	}{
		{name: "nil node", build: func() (*G.Node, error) { return PolyClip(nil, 1) }, wantErr: ErrNilNode},
		{name: "float32", build: func() (*G.Node, error) { return PolyClip(x32, 1) }, wantErr: ErrDtype},
		{name: "negative k", build: func() (*G.Node, error) { return PolyClip(x, -1) }, wantErr: ErrParam},
		{name: "k past MaxK", build: func() (*G.Node, error) { return PolyClip(x, activations.MaxK+1) }, wantErr: ErrParam},
		{name: "unknown kind", build: func() (*G.Node, error) {
			return Activate(x, activations.Func{Kind: activations.Kind(7)})
		}, wantErr: ErrParam},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n, err := tt.build()
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
			if n != nil {
				t.Errorf("got node %v; want nil", n)
			}
		})
	}
}

func TestActivateDoErrors(t *testing.T) {
	t.Parallel()
	f32 := tensor.New(tensor.Of(tensor.Float32), tensor.WithShape(2, 2))
	for _, tt := range []struct {
		name    string
		op      G.Op
		inputs  []G.Value
		wantErr error
	}{
		{name: "no inputs", op: &activateOp{f: polyClip1}, wantErr: ErrArity},
		{name: "two inputs", op: &activateOp{f: polyClip1}, inputs: []G.Value{dense([]float64{1}, 1), dense([]float64{1}, 1)}, wantErr: ErrArity},
		{name: "float32", op: &activateOp{f: polyClip1}, inputs: []G.Value{f32}, wantErr: ErrDtype},
		{name: "nil value", op: &activateOp{f: polyClip1}, inputs: []G.Value{nil}, wantErr: ErrDtype},
		{name: "diff/shape mismatch", op: &activateDiffOp{f: polyClip1}, inputs: []G.Value{dense([]float64{1, 2}, 2), dense([]float64{1}, 1)}, wantErr: ErrShape},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.op.Do(tt.inputs...)
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

func TestActivateNoMutation(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	x := dense(uniform(rng, 12, -2, 2), 3, 4)
	g := dense(uniform(rng, 12, -1, 1), 3, 4)
	for _, f := range []activations.Func{polyClip1, relu} {
		noMutation(t, &activateOp{f: f}, x)
		noMutation(t, &activateDiffOp{f: f}, x, g)
	}
}

// BenchmarkPolyClip times polyClip (k=1) on a 16×5000 matrix: the element
// loop alone (kernel), the op with its output allocation (Do), and a
// forward+backward TapeMachine step of Σ polyClip(x).
func BenchmarkPolyClip(b *testing.B) {
	const rows, cols = 16, 5000
	rng := rand.New(rand.NewPCG(1, 1))
	xv := dense(uniform(rng, rows*cols, -1.5, 1.5), rows, cols)

	b.Run("kernel", func(b *testing.B) {
		y := make([]float64, rows*cols)
		x := xv.Float64s()
		b.ReportAllocs()
		for b.Loop() {
			polyClip1.ApplyAll(y, x)
		}
	})

	b.Run("Do", func(b *testing.B) {
		op := &activateOp{f: polyClip1}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := op.Do(xv); err != nil {
				b.Fatal(err)
			}
		}
	})

	b.Run("step", func(b *testing.B) {
		g := G.NewGraph()
		x := G.NewMatrix(g, G.Float64, G.WithShape(rows, cols), G.WithName("x"), G.WithValue(xv))
		y, err := PolyClip(x, 1)
		if err != nil {
			b.Fatal(err)
		}
		cost, err := G.Sum(y)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := G.Grad(cost, x); err != nil {
			b.Fatal(err)
		}
		m := G.NewTapeMachine(g, G.BindDualValues(x))
		defer m.Close()
		b.ReportAllocs()
		for b.Loop() {
			m.Reset()
			if err := m.RunAll(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
