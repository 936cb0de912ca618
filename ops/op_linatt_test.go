// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"math"
	"math/rand/v2"
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
	}
}
