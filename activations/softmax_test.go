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
