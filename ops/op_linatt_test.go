// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	G "gorgonia.org/gorgonia"
)

// LinAttInput gives each row's direction and its scaled values, both
// attended, side by side.
func TestLinAttInputForward(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	x := input(g, "x", []float64{
		3, 4,
		0, 0,
		1e-13, 0,
	}, 3, 2)
	att := input(g, "att", []float64{0.5, 2}, 1, 2)
	y, err := LinAttInput(x, att, 1e-12, 0.1)
	if err != nil {
		t.Fatalf("LinAttInput: %v", err)
	}
	got := runForward(t, y)
	want := []float64{
		0.3, 1.6, 0.15, 0.8,
		0, 0, 0, 0,
		0.05, 0, 0.5e-14, 0, // norm below eps: divided by eps
	}
	if i, ok := allNear(got, want, 1e-12); !ok {
		t.Errorf("element %d:\ngot  %v\nwant %v", i, got, want)
	}
}

// The hand-derived gradients with respect to x and att agree with central
// finite differences, for rows above and below eps.
func TestLinAttInputGrad(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		eps   float64
		small map[int]float64 // row → norm to scale it to
	}{
		{name: "normal rows", eps: 1e-12},
		{name: "rows below eps", eps: 0.5, small: map[int]float64{1: 0.2, 3: 0}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			const b, d = 4, 5
			rng := rand.New(rand.NewPCG(3, 3))
			xv := uniform(rng, b*d, -1, 1)
			for i, target := range tt.small {
				row := xv[i*d : i*d+d]
				var n float64
				for _, v := range row {
					n += v * v
				}
				for j := range row {
					row[j] *= target / math.Sqrt(n)
				}
			}
			g := G.NewGraph()
			x := input(g, "x", xv, b, d)
			att := input(g, "att", uniform(rng, d, -1.5, 1.5), 1, d)
			y, err := LinAttInput(x, att, tt.eps, 1/math.Sqrt(d))
			if err != nil {
				t.Fatalf("LinAttInput: %v", err)
			}
			newGradChecker(t, weightedSum(t, rng, y), x, att).check(t)
		})
	}
}

// LinAttInputOfData gives LinAttInput's values and att gradient bit for
// bit (which matches finite differences), builds no gradient op for x, and
// refuses a request for x's gradient.
func TestLinAttInputOfData(t *testing.T) {
	t.Parallel()
	const b, d = 4, 5
	type built struct {
		y   []float64
		att []float64
		ops int // x-gradient ops in the graph
	}
	build := func(t *testing.T, apply func(x, att *G.Node, eps, s float64) (*G.Node, error)) built {
		rng := rand.New(rand.NewPCG(4, 4))
		g := G.NewGraph()
		x := input(g, "x", uniform(rng, b*d, -1, 1), b, d)
		att := input(g, "att", uniform(rng, d, -1.5, 1.5), 1, d)
		y, err := apply(x, att, 1e-12, 0.5)
		if err != nil {
			t.Fatalf("apply: %v", err)
		}
		gc := newGradChecker(t, weightedSum(t, rng, y), att)
		gc.check(t)
		out := built{y: slices.Clone(y.Value().Data().([]float64)), att: gc.analytic(t)[0]}
		for _, n := range g.AllNodes() {
			if op, ok := n.Op().(*linAttInputDiffOp); ok && !op.wrtAtt {
				out.ops++
			}
		}
		return out
	}
	full := build(t, LinAttInput)
	data := build(t, LinAttInputOfData)
	if full.ops != 1 || data.ops != 0 {
		t.Errorf("x-gradient ops: LinAttInput %d, LinAttInputOfData %d; want 1 and 0", full.ops, data.ops)
	}
	for _, c := range []struct {
		name      string
		got, want []float64
	}{{"forward", data.y, full.y}, {"att gradient", data.att, full.att}} {
		if i, ok := sameBits(c.got, c.want); !ok {
			t.Errorf("%s: element %d: %v, LinAttInput's %v", c.name, i, c.got[i], c.want[i])
		}
	}

	g := G.NewGraph()
	x := input(g, "x", make([]float64, b*d), b, d)
	att := input(g, "att", make([]float64, d), 1, d)
	y, err := LinAttInputOfData(x, att, 1e-12, 0.5)
	if err != nil {
		t.Fatalf("LinAttInputOfData: %v", err)
	}
	if _, err := G.Grad(weightedSum(t, rand.New(rand.NewPCG(1, 1)), y), x); err == nil {
		t.Error("Grad with respect to x through LinAttInputOfData: no error")
	}
}

func TestLinAttInputErrors(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	x := input(g, "x", make([]float64, 6), 3, 2)
	att := input(g, "att", make([]float64, 2), 1, 2)
	wide := input(g, "wide", make([]float64, 3), 1, 3)
	for _, tt := range []struct {
		name    string
		x, att  *G.Node
		eps, s  float64
		wantErr error
	}{
		{"zero eps", x, att, 0, 1, ErrParam},
		{"infinite s", x, att, 1e-12, math.Inf(1), ErrParam},
		{"NaN s", x, att, 1e-12, math.NaN(), ErrParam},
		{"nil x", nil, att, 1e-12, 1, ErrNilNode},
		{"att of another width", x, wide, 1e-12, 1, ErrShape},
	} {
		if _, err := LinAttInput(tt.x, tt.att, tt.eps, tt.s); !errors.Is(err, tt.wantErr) {
			t.Errorf("%s: err = %v; want %v", tt.name, err, tt.wantErr)
		}
		if _, err := LinAttInputOfData(tt.x, tt.att, tt.eps, tt.s); !errors.Is(err, tt.wantErr) {
			t.Errorf("%s, of data: err = %v; want %v", tt.name, err, tt.wantErr)
		}
	}
}
