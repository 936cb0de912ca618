// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package graph

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/activations"
)

// NewCatParams then NewLinParams draw CatInt's M, CatInt's W and LinAtt's
// W from rng in that order, each value as (2u − 1)·a, so that a seed gives
// the same initial weights (and model file) as before they lived here; A
// starts at ones and the biases at zero.
func TestNewParamsDraws(t *testing.T) {
	t.Parallel()
	const O, R, C, D = 3, 5, 4, 6
	mean, scale := make([]float64, D), make([]float64, D)
	rng := rand.New(rand.NewPCG(7, 8))
	cat := NewCatParams(rng, O, R, C)
	lin := NewLinParams(rng, mean, scale, C)

	ref := rand.New(rand.NewPCG(7, 8))
	draw := func(n int, a float64) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = (2*ref.Float64() - 1) * a
		}
		return v
	}
	L := D + 1
	for _, tt := range []struct {
		name       string
		got, want  []float64
		rows, cols int
		gotShape   []int
	}{
		{"cat.M", cat.M.Float64s(), draw(O*R, 1), O, R, cat.M.Shape()},
		{"cat.W", cat.W.Float64s(), draw(R*C, math.Sqrt(6/float64(R+C))), R, C, cat.W.Shape()},
		{"cat.B", cat.B.Float64s(), make([]float64, C), 1, C, cat.B.Shape()},
		{"lin.A", lin.A.Float64s(), []float64{1, 1, 1, 1, 1, 1, 1}, 1, L, lin.A.Shape()},
		{"lin.W", lin.W.Float64s(), draw(2*L*C, math.Sqrt(6/float64(2*L+C))), 2 * L, C, lin.W.Shape()},
		{"lin.B", lin.B.Float64s(), make([]float64, C), 1, C, lin.B.Shape()},
	} {
		if !slices.Equal(tt.got, tt.want) {
			t.Errorf("%s = %v; want %v", tt.name, tt.got, tt.want)
		}
		if !slices.Equal(tt.gotShape, []int{tt.rows, tt.cols}) {
			t.Errorf("%s has shape %v; want (%d, %d)", tt.name, tt.gotShape, tt.rows, tt.cols)
		}
	}
	if ref.Float64() != rng.Float64() {
		t.Error("NewCatParams and NewLinParams drew a different number of values")
	}
	if &lin.Mean[0] != &mean[0] || &lin.Scale[0] != &scale[0] {
		t.Error("LinParams does not hold the standardisation it was given")
	}
}

// CatParamsOf and LinParamsOf shape the data they are given and share it.
func TestParamsOfShare(t *testing.T) {
	t.Parallel()
	m, w, b := make([]float64, 6), make([]float64, 6), make([]float64, 2)
	cat := CatParamsOf(m, w, b, 2, 3, 2)
	if !slices.Equal(cat.M.Shape(), []int{2, 3}) || !slices.Equal(cat.W.Shape(), []int{3, 2}) || !slices.Equal(cat.B.Shape(), []int{1, 2}) {
		t.Errorf("CatParamsOf shapes %v %v %v; want (2, 3) (3, 2) (1, 2)", cat.M.Shape(), cat.W.Shape(), cat.B.Shape())
	}
	m[5], w[4], b[1] = 1, 2, 3
	if cat.M.Float64s()[5] != 1 || cat.W.Float64s()[4] != 2 || cat.B.Float64s()[1] != 3 {
		t.Error("CatParamsOf copied its data")
	}
	a, lw, lb, mean, scale := make([]float64, 3), make([]float64, 18), make([]float64, 3), []float64{1, 2}, []float64{3, 4}
	lin := LinParamsOf(a, lw, lb, mean, scale, 3)
	if !slices.Equal(lin.A.Shape(), []int{1, 3}) || !slices.Equal(lin.W.Shape(), []int{6, 3}) || !slices.Equal(lin.B.Shape(), []int{1, 3}) {
		t.Errorf("LinParamsOf shapes %v %v %v; want (1, 3) (6, 3) (1, 3)", lin.A.Shape(), lin.W.Shape(), lin.B.Shape())
	}
	a[2], lw[17], lb[0] = 4, 5, 6
	if lin.A.Float64s()[2] != 4 || lin.W.Float64s()[17] != 5 || lin.B.Float64s()[0] != 6 || &lin.Mean[0] != &mean[0] || &lin.Scale[0] != &scale[0] {
		t.Error("LinParamsOf copied its data")
	}
}

// Standardization gives each feature's mean and inverse population
// standard deviation, scale 1 for a constant feature, and 0 and 1 when off.
func TestStandardization(t *testing.T) {
	t.Parallel()
	// Three rows of three features: 1, 2, 3 (mean 2, sd √(2/3)); a
	// constant 5; −4, 0, 4 (mean 0, sd √(32/3)).
	x := []float64{1, 5, -4, 2, 5, 0, 3, 5, 4}
	for _, tt := range []struct {
		name              string
		on                bool
		wantMean, wantSca []float64
	}{
		{"on", true, []float64{2, 5, 0}, []float64{1 / math.Sqrt(2.0/3), 1, 1 / math.Sqrt(32.0/3)}},
		{"off", false, []float64{0, 0, 0}, []float64{1, 1, 1}},
	} {
		mean, scale := Standardization(x, 3, 3, tt.on)
		for j := range 3 {
			if math.Abs(mean[j]-tt.wantMean[j]) > 1e-12 || math.Abs(scale[j]-tt.wantSca[j]) > 1e-12 {
				t.Errorf("%s: feature %d: mean %v, scale %v; want %v, %v", tt.name, j, mean[j], scale[j], tt.wantMean[j], tt.wantSca[j])
			}
		}
	}
}

// A LinAtt graph standardises raw rows, appends the constant column and
// computes logits = (Z/‖Z‖ ⊙ act(a), Z/√L ⊙ act(a))·W + b.
func TestLinForward(t *testing.T) {
	t.Parallel()
	const D, C, batch, eps = 3, 2, 4, 1e-12
	rng := rand.New(rand.NewPCG(5, 6))
	x := make([]float64, batch*D)
	for i := range x {
		x[i] = 10 * rng.NormFloat64()
	}
	mean, scale := Standardization(x, batch, D, true)
	p := NewLinParams(rng, mean, scale, C)
	copy(p.A.Float64s(), []float64{0.5, -0.25, 2, 0.75})
	copy(p.B.Float64s(), []float64{0.1, -0.2})
	act := activations.Func{Kind: activations.PolyClip, K: 1}
	lg, err := NewLin(&p, batch, D, C, act, eps, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	logits, err := lg.Forward(x)
	if err != nil {
		t.Fatal(err)
	}
	a := make([]float64, D+1)
	act.ApplyAll(a, p.A.Float64s())
	w, b := p.W.Float64s(), p.B.Float64s()
	for i := range batch {
		z := make([]float64, D+1)
		for j := range D {
			z[j] = (x[i*D+j] - mean[j]) * scale[j]
		}
		z[D] = 1
		if got := lg.x.Float64s()[i*(D+1) : (i+1)*(D+1)]; !slices.Equal(got, z) {
			t.Errorf("row %d: input %v; want %v", i, got, z)
		}
		norm := 0.0
		for _, v := range z {
			norm += v * v
		}
		norm = max(math.Sqrt(norm), eps)
		for c := range C {
			want := b[c]
			for j, v := range z {
				want += v/norm*a[j]*w[j*C+c] + v/math.Sqrt(D+1)*a[j]*w[(D+1+j)*C+c]
			}
			if got := logits[i*C+c]; math.Abs(got-want) > 1e-12 {
				t.Errorf("logits[%d, %d] = %v; want %v", i, c, got, want)
			}
		}
	}
}

// TestStandardizationTinyUnits: a feature measured in tiny units keeps
// its signal (its standard deviation, 1e-15 or 1e-200 times that of 1, 2,
// 3, was read as 0 below the absolute 1e-12, or underflowed), while a
// constant feature up to rounding stays constant.
func TestStandardizationTinyUnits(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		col     []float64
		wantSca float64
	}{
		{"1e-15", []float64{1e-15, 2e-15, 3e-15}, 1 / (1e-15 * math.Sqrt(2.0/3))},
		{"1e-200", []float64{1e-200, 2e-200, 3e-200}, 1 / (1e-200 * math.Sqrt(2.0/3))},
		{"constant 0.1", []float64{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, 1},
		{"constant 0", []float64{0, 0, 0}, 1},
		{"rounding noise", []float64{1, 1 + 1e-15, 1}, 1},
	} {
		_, scale := Standardization(tt.col, len(tt.col), 1, true)
		if math.Abs(scale[0]-tt.wantSca) > 1e-9*tt.wantSca {
			t.Errorf("%s: scale %v, want %v", tt.name, scale[0], tt.wantSca)
		}
	}
}
