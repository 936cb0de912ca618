// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package graph

import (
	"math"
	"math/rand/v2"
	"testing"

	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
)

// randomDense returns an r × c tensor of values uniform in [-a, a).
func randomDense(rng *rand.Rand, r, c int, a float64) *tensor.Dense {
	return dense(uniform(rng, r*c, a), r, c)
}

// After a training run, att holds the B×R attention and logits = att·W + b.
func TestCatOutputs(t *testing.T) {
	const D, O, R, C, batch = 64, 5, 256, 2, 16
	rng := rand.New(rand.NewPCG(3, 4))
	p := &CatParams{M: randomDense(rng, O, R, 1), W: randomDense(rng, R, C, math.Sqrt(6/float64(R+C))), B: randomDense(rng, 1, C, 0)}
	cg, err := NewCat(p, batch, D, O, R, C, activations.Func{Kind: activations.PolyClip, K: 4}, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	idx := make([]int, 0, R*O)
	for range R {
		idx = append(idx, rng.Perm(D + O)[:O]...)
	}
	if err := cg.UseRules(idx, 0); err != nil {
		t.Fatal(err)
	}
	x, y := make([]float64, batch*D), make([]int, batch)
	for i := range x {
		x[i] = float64(rng.IntN(2))
	}
	for i := range y {
		y[i] = rng.IntN(C)
	}
	cg.fillX(x)
	mask := cg.mask.Float64s()
	for j := range mask {
		mask[j] = float64(rng.IntN(2)) * 2
	}
	for run := range 2 { // the second run reuses every output
		if _, err := cg.step(y); err != nil {
			t.Fatal(err)
		}
		att := cg.att.Value().(*tensor.Dense)
		if s := att.Shape(); s[0] != batch || s[1] != R {
			t.Fatalf("att shape %v; want (%d, %d)", s, batch, R)
		}
		a, w, bias := att.Float64s(), p.W.Float64s(), p.B.Float64s()
		logits := cg.logits.Value().(*tensor.Dense).Float64s()
		for i := range batch {
			var sum float64
			for _, v := range a[i*R : (i+1)*R] {
				sum += v
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("run %d: attention row %d sums to %v", run, i, sum)
			}
			for c := range C {
				want := bias[c]
				for r := range R {
					want += a[i*R+r] * w[r*C+c]
				}
				if got := logits[i*C+c]; math.Abs(got-want) > 1e-12 {
					t.Errorf("run %d: logits[%d, %d] = %v; want %v", run, i, c, got, want)
				}
			}
		}
	}
}
