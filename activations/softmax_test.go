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

// ruleRows returns n rows of w rule outputs shaped as in training: rule
// r over three 0/1 features takes one of 8 values, polyClip (k = 1) of a
// pre-activation in (-1.5, 1.5), times the dropout scale 1/0.9, and a
// tenth of the outputs are dropped (0).
func ruleRows(rng *rand.Rand, n, w int) [][]float64 {
	values := make([][8]float64, w)
	for r := range values {
		for k := range values[r] {
			values[r][k] = PolyClipValue(3*rng.Float64()-1.5, 1) / 0.9
		}
	}
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = make([]float64, w)
		for r := range rows[i] {
			if rng.IntN(10) > 0 {
				rows[i][r] = values[r][rng.IntN(8)]
			}
		}
	}
	return rows
}

// An ExpTable (session 57) must give what Softmax gives, to the bit, from
// its zero value on and as its entries are replaced: one table serves
// every row here, as one serves every run of a graph's softmax. The rows
// hold repeats, more distinct values than the table has entries, signed
// zeros, infinities and NaN.
func TestExpTableMatchesSoftmax(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	rows := ruleRows(rng, 50, 256)
	rows = append(rows,
		[]float64{0, math.Copysign(0, -1), 0, math.Copysign(0, -1)},
		[]float64{math.Inf(1), 1, math.Inf(1)},
		[]float64{math.Inf(-1), 2, math.Inf(-1), 2},
		[]float64{math.NaN(), 1, math.NaN()},
		[]float64{1, math.NaN(), 1},
		uniformIn(rng, 5000, -700, 700),
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
	rows = append(rows, []float64{-745.2, 0}, []float64{709.8, 0, -709.8}, []float64{1e-300, 0})
	// Many arguments that differ only in their last bits, more than the
	// table has entries: entries are shared, and only the whole key tells
	// them apart.
	// (Keys that differ in their last 8 bits alone never share an entry:
	// the multiplicative hash spreads them apart.)
	near := []float64{0}
	for range 20000 {
		near = append(near, -1-rng.Float64()/(1<<10))
	}
	rows = append(rows, near)
	var table ExpTable
	for i, z := range rows {
		got, want := make([]float64, len(z)), make([]float64, len(z))
		table.Softmax(got, z)
		Softmax(want, z)
		for j := range want {
			if !sameFloat(got[j], want[j]) {
				t.Fatalf("row %d, element %d (z = %v): got %v, Softmax %v", i, j, z[j], got[j], want[j])
			}
		}
	}
}

// BenchmarkSoftmaxRuleRows times softmax on rows of 256 rule outputs
// shaped as in training (ruleRows), with a math.Exp per element (Softmax)
// and with one ExpTable kept over the rows.
func BenchmarkSoftmaxRuleRows(b *testing.B) {
	rows := ruleRows(rand.New(rand.NewPCG(1, 2)), 64, 256)
	dst := make([]float64, 256)
	b.Run("Softmax", func(b *testing.B) {
		i := 0
		for b.Loop() {
			Softmax(dst, rows[i%len(rows)])
			i++
		}
	})
	b.Run("ExpTable", func(b *testing.B) {
		var table ExpTable
		i := 0
		for b.Loop() {
			table.Softmax(dst, rows[i%len(rows)])
			i++
		}
	})
}
