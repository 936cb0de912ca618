// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package activations

import (
	"math"
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
