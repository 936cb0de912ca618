// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// param is a G.ValueGrad over two tensors.
type param struct{ w, g *tensor.Dense }

func (p param) Value() G.Value         { return p.w }
func (p param) Grad() (G.Value, error) { return p.g, nil }
func newParam(w []float64, shape ...int) param {
	return param{
		w: tensor.New(tensor.WithShape(shape...), tensor.WithBacking(slices.Clone(w))),
		g: tensor.New(tensor.WithShape(shape...), tensor.Of(tensor.Float64)),
	}
}

// shapes of the test parameters: CatInt's M, W and b.
var adamShapes = [][]int{{5, 16}, {16, 2}, {1, 2}}

func randomParams(rng *rand.Rand) []G.ValueGrad {
	vgs := make([]G.ValueGrad, len(adamShapes))
	for i, s := range adamShapes {
		w := make([]float64, s[0]*s[1])
		for j := range w {
			w[j] = 2*rng.Float64() - 1
		}
		vgs[i] = newParam(w, s...)
	}
	return vgs
}

// Adam must match gorgonia's AdamSolver step for step.
func TestAdamMatchesGorgonia(t *testing.T) {
	t.Parallel()
	for _, lr := range []float64{1e-3, 0.05} {
		rng := rand.New(rand.NewPCG(1, 2))
		ours := randomParams(rng)
		theirs := make([]G.ValueGrad, len(ours))
		for i, vg := range ours {
			p := vg.(param)
			theirs[i] = newParam(p.w.Float64s(), adamShapes[i]...)
		}
		adam := NewAdam(lr)
		ref := G.NewAdamSolver(G.WithLearnRate(lr))
		for step := 1; step <= 50; step++ {
			for i := range ours {
				g := ours[i].(param).g.Float64s()
				for j := range g {
					// Gradients of varied scale and sign, some zero.
					g[j] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(5)-3))
					if rng.IntN(10) == 0 {
						g[j] = 0
					}
				}
				copy(theirs[i].(param).g.Float64s(), g)
			}
			if err := adam.Step(ours); err != nil {
				t.Fatalf("Adam.Step: %v", err)
			}
			if err := ref.Step(theirs); err != nil {
				t.Fatalf("AdamSolver.Step: %v", err)
			}
			for i := range ours {
				got, want := ours[i].(param).w.Float64s(), theirs[i].(param).w.Float64s()
				for j := range got {
					if math.Abs(got[j]-want[j]) > 1e-12*max(math.Abs(want[j]), 1e-300) {
						t.Fatalf("lr %g, step %d, parameter %d[%d]:\ngot  %.17g\nwant %.17g (gorgonia)", lr, step, i, j, got[j], want[j])
					}
				}
				if g := ours[i].(param).g.Float64s(); slices.ContainsFunc(g, func(v float64) bool { return v != 0 }) {
					t.Fatalf("step %d: gradient %d not zeroed: %v", step, i, g)
				}
			}
		}
		if adam.Steps() != 50 {
			t.Errorf("Steps: got %d; want 50", adam.Steps())
		}
	}
}

// Scales[i] trains parameter i as an Adam of learning rate lr·Scales[i]
// would, bit for bit, and leaves the others at lr.
func TestAdamScales(t *testing.T) {
	t.Parallel()
	const lr, scale = 0.05, 16
	rng := rand.New(rand.NewPCG(3, 4))
	scaled := randomParams(rng)
	plain, fast := make([]G.ValueGrad, len(scaled)), make([]G.ValueGrad, len(scaled))
	for i, vg := range scaled {
		plain[i] = newParam(vg.(param).w.Float64s(), adamShapes[i]...)
		fast[i] = newParam(vg.(param).w.Float64s(), adamShapes[i]...)
	}
	a := NewAdam(lr)
	a.Scales = []float64{1, scale, 0} // 0: unscaled, as beyond the slice
	ref, refFast := NewAdam(lr), NewAdam(lr*scale)
	for step := 1; step <= 20; step++ {
		for i := range scaled {
			g := scaled[i].(param).g.Float64s()
			for j := range g {
				g[j] = rng.NormFloat64()
			}
			copy(plain[i].(param).g.Float64s(), g)
			copy(fast[i].(param).g.Float64s(), g)
		}
		for _, s := range []struct {
			a   *Adam
			vgs []G.ValueGrad
		}{{a, scaled}, {ref, plain}, {refFast, fast}} {
			if err := s.a.Step(s.vgs); err != nil {
				t.Fatal(err)
			}
		}
		for i := range scaled {
			want := plain[i]
			if i == 1 {
				want = fast[i]
			}
			if got, w := scaled[i].(param).w.Float64s(), want.(param).w.Float64s(); !slices.Equal(got, w) {
				t.Fatalf("step %d, parameter %d: got %v\nwant %v", step, i, got, w)
			}
		}
	}
	if slices.Equal(plain[1].(param).w.Float64s(), fast[1].(param).w.Float64s()) {
		t.Error("lr and lr·scale gave the same weights: the test cannot tell them apart")
	}
}

func TestAdamAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	vgs := randomParams(rng)
	adam := NewAdam(1e-3)
	if err := adam.Step(vgs); err != nil { // sizes the moments
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		if err := adam.Step(vgs); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Adam.Step: %v allocations per step; want 0", allocs)
	}
}

func TestAdamErrors(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	f32 := param{
		w: tensor.New(tensor.WithShape(2), tensor.Of(tensor.Float32)),
		g: tensor.New(tensor.WithShape(2), tensor.Of(tensor.Float32)),
	}
	mismatch := param{w: newParam([]float64{1, 2}, 2).w, g: newParam([]float64{1, 2, 3}, 3).g}
	for _, tt := range []struct {
		name        string
		first, next []G.ValueGrad
	}{
		{name: "float32", next: []G.ValueGrad{f32}},
		{name: "value and gradient sizes", next: []G.ValueGrad{mismatch}},
		{name: "count changed", first: randomParams(rng), next: randomParams(rng)[:2]},
		{name: "size changed", first: []G.ValueGrad{newParam([]float64{1, 2}, 2)}, next: []G.ValueGrad{newParam([]float64{1, 2, 3}, 3)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			adam := NewAdam(1e-3)
			if tt.first != nil {
				if err := adam.Step(tt.first); err != nil {
					t.Fatalf("first step: %v", err)
				}
			}
			var before [][]float64
			for _, vg := range tt.next {
				if w, err := float64s(vg.Value()); err == nil {
					before = append(before, slices.Clone(w))
				}
			}
			err := adam.Step(tt.next)
			if !errors.Is(err, ErrOptimizer) {
				t.Fatalf("error:\ngot  %v\nwant %v", err, ErrOptimizer)
			}
			var after [][]float64
			for _, vg := range tt.next {
				if w, err := float64s(vg.Value()); err == nil {
					after = append(after, w)
				}
			}
			for i := range before {
				if !slices.Equal(before[i], after[i]) {
					t.Errorf("parameter %d changed on error", i)
				}
			}
		})
	}
}

// A nil Adam or a nil parameter is an error, not a nil dereference.
func TestAdamNil(t *testing.T) {
	t.Parallel()
	var a *Adam
	if err := a.Step(nil); !errors.Is(err, ErrOptimizer) {
		t.Errorf("nil Adam: %v", err)
	}
	if err := NewAdam(0.1).Step([]G.ValueGrad{nil}); !errors.Is(err, ErrOptimizer) {
		t.Errorf("nil ValueGrad: %v", err)
	}
	steps := -1
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("nil Adam: Steps panicked: %v", r)
			}
		}()
		steps = a.Steps()
	}()
	if steps != 0 {
		t.Errorf("nil Adam: Steps\ngot  %d\nwant 0", steps)
	}
}
