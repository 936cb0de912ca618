// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package activations

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSoftmax(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		z    []float64
		want []float64
	}{
		{"uniform", []float64{3, 3}, []float64{0.5, 0.5}},
		{"one and zero", []float64{0, math.Log(3)}, []float64{0.25, 0.75}},
		{"large logits stay finite", []float64{1000, 1000 + math.Log(3)}, []float64{0.25, 0.75}},
		{"single", []float64{-7}, []float64{1}},
		{"empty", nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := make([]float64, len(tt.z))
			Softmax(got, tt.z)
			inPlace := slices.Clone(tt.z)
			Softmax(inPlace, inPlace)
			for i := range tt.want {
				if math.Abs(got[i]-tt.want[i]) > 1e-12 || got[i] != inPlace[i] {
					t.Errorf("Softmax(%v)\ngot  %v (in place %v)\nwant %v", tt.z, got, inPlace, tt.want)
					break
				}
			}
		})
	}
}

func TestArgmax(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		v    []float64
		want int
	}{{nil, 0}, {[]float64{1}, 0}, {[]float64{0.2, 0.5, 0.3}, 1}, {[]float64{0.5, 0.5}, 0}, {[]float64{-1, -0.5}, 1}} {
		if got := Argmax(tt.v); got != tt.want {
			t.Errorf("Argmax(%v)\ngot  %d\nwant %d", tt.v, got, tt.want)
		}
	}
}

// A destination shorter than the input is a panic that names the lengths,
// not a bare slice-bounds error, and not a write past its length into
// spare capacity.
func TestShortDestinationPanics(t *testing.T) {
	t.Parallel()
	x := []float64{0.5, -0.5}
	short := make([]float64, 1, 4) // room in the capacity, not in the length
	f := Func{Kind: PolyClip, K: 1}
	for _, tt := range []struct {
		name string
		call func()
		want string
	}{
		{"Softmax nil dst", func() { Softmax(nil, x) }, "activations: Softmax: 0 outputs for 2 logits"},
		{"Softmax short dst", func() { Softmax(short, x) }, "activations: Softmax: 1 outputs for 2 logits"},
		{"ApplyAll nil y", func() { f.ApplyAll(nil, x) }, "activations: ApplyAll: 0 outputs for 2 inputs"},
		{"ApplyAll short y", func() { f.ApplyAll(short, x) }, "activations: ApplyAll: 1 outputs for 2 inputs"},
		{"GradAll short dx", func() { f.GradAll(short, x, x) }, "activations: GradAll: 1 outputs and 2 gradients for 2 inputs"},
		{"GradAll nil g", func() { f.GradAll(make([]float64, 2), x, nil) }, "activations: GradAll: 2 outputs and 0 gradients for 2 inputs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := func() (msg any) {
				defer func() { msg = recover() }()
				tt.call()
				return nil
			}()
			if got != tt.want {
				t.Errorf("panic\ngot  %v\nwant %v", got, tt.want)
			}
		})
	}
	if short[:2][1] != 0 {
		t.Errorf("wrote %v past the destination's length", short[:2][1])
	}
}

// plainSoftmax is Softmax without its table of exponentials: the
// definition it must match to the bit.
func plainSoftmax(dst, z []float64) {
	m := z[0]
	for _, v := range z[1:] {
		if v > m {
			m = v
		}
	}
	s := 0.0
	for i, v := range z {
		dst[i] = math.Exp(v - m)
		s += dst[i]
	}
	inv := 1 / s
	for i := range dst {
		dst[i] *= inv
	}
}

// ruleRows returns n rows of width w shaped like a rule table's outputs
// in training: a tenth dropped (0), four in ten saturated at ±1 times the
// dropout scale, the rest spread over (-1, 1).
func ruleRows(rng *rand.Rand, n, w int) [][]float64 {
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = make([]float64, w)
		for j := range rows[i] {
			switch u := rng.Float64(); {
			case u < 0.1:
				rows[i][j] = 0
			case u < 0.4:
				rows[i][j] = 1 / 0.9
			case u < 0.5:
				rows[i][j] = -1 / 0.9
			default:
				rows[i][j] = rng.Float64()*2 - 1
			}
		}
	}
	return rows
}

// Softmax takes repeated arguments' exponentials from a small table
// (session 57); it must give what math.Exp gives on every element, to the
// bit: rows of repeats, rows wider than the table (entries replaced),
// signed zeros, infinities and NaN.
func TestSoftmaxMatchesPlainExp(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	rows := ruleRows(rng, 50, 256)
	rows = append(rows,
		[]float64{0, math.Copysign(0, -1), 0, math.Copysign(0, -1)},
		[]float64{math.Inf(1), 1, math.Inf(1)},
		[]float64{math.Inf(-1), 2, math.Inf(-1), 2},
		[]float64{math.NaN(), 1, math.NaN()},
		[]float64{1, math.NaN(), 1},
		uniformIn(rng, 1000, -700, 700),
	)
	for i := range 40 {
		distinct := make([]float64, 1+i)
		for j := range distinct {
			distinct[j] = rng.NormFloat64()
		}
		row := make([]float64, 300)
		for j := range row {
			row[j] = distinct[rng.IntN(len(distinct))]
		}
		rows = append(rows, row)
	}
	for i, z := range rows {
		got, want := make([]float64, len(z)), make([]float64, len(z))
		Softmax(got, z)
		plainSoftmax(want, z)
		for j := range want {
			if !sameFloat(got[j], want[j]) {
				t.Fatalf("row %d, element %d (z = %v): got %v, the plain definition %v", i, j, z[j], got[j], want[j])
			}
		}
	}
}

// BenchmarkSoftmaxRuleRow times Softmax on rows of 256 rule outputs shaped
// as in training (ruleRows). Session 57, this machine: 4.4 µs a row with
// a math.Exp per element, 3.8 µs with the table of repeated exponentials.
func BenchmarkSoftmaxRuleRow(b *testing.B) {
	rows := ruleRows(rand.New(rand.NewPCG(1, 2)), 64, 256)
	dst := make([]float64, 256)
	i := 0
	for b.Loop() {
		Softmax(dst, rows[i%len(rows)])
		i++
	}
}
