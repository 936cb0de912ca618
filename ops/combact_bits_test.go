// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
)

// The CombAct kernels read M rule by rule, unrolled at order 3 (session
// 57); every sum must still take the same terms in the same order as the
// plain loops over M's columns below, so that models stay the same to the
// bit. The inputs are 0/1 features with exact zeros in the gradient, as in
// training.
func TestCombActKernelsBitExact(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		order, rules, d int
		act             activations.Func
		inactive        bool
	}{
		{3, 256, 64 + 3, polyClip1, false},
		{3, 40, 10 + 3, activations.Func{Kind: activations.ReLU}, true}, // the unrolled order, inactive rules
		{5, 64, 20 + 5, polyClip2, true},
		{1, 7, 4, activations.Func{Kind: activations.ReLU}, false},
		{2, 33, 9, polyClip1, true},
	} {
		t.Run(fmt.Sprintf("order=%d/rules=%d/%v/inactive=%t", tt.order, tt.rules, tt.act, tt.inactive), func(t *testing.T) {
			t.Parallel()
			const b = 16
			rng := rand.New(rand.NewPCG(uint64(tt.order), uint64(tt.rules)))
			o, nr, d := tt.order, tt.rules, tt.d
			x := make([]float64, b*d)
			for i := range x {
				x[i] = float64(rng.IntN(2))
			}
			m := uniform(rng, o*nr, -1.5, 1.5)
			g := uniform(rng, b*nr, -1, 1)
			for i := range g {
				if rng.IntN(5) == 0 {
					g[i] = 0
				}
			}
			idx := randomRules(rng, nr, o, d)
			var active []bool
			if tt.inactive {
				active = make([]bool, nr)
				for r := range active {
					active[r] = rng.IntN(4) != 0
				}
			}

			// The plain loops.
			z := make([]float64, b*nr)
			for i := 0; i < b; i++ {
				for r := 0; r < nr; r++ {
					if active != nil && !active[r] {
						continue
					}
					var s float64
					for j := 0; j < o; j++ {
						s += x[i*d+idx[r*o+j]] * m[j*nr+r]
					}
					z[i*nr+r] = s
				}
			}
			wantF := make([]float64, b*nr)
			tt.act.ApplyAll(wantF, z)
			dz := make([]float64, b*nr)
			tt.act.GradAll(dz, z, g)
			for i := 0; i < b; i++ {
				for r := 0; r < nr; r++ {
					if active != nil && !active[r] {
						dz[i*nr+r] = 0
					}
				}
			}
			wantDM, wantDX := make([]float64, o*nr), make([]float64, b*d)
			for i := 0; i < b; i++ {
				for r := 0; r < nr; r++ {
					v := dz[i*nr+r]
					if v == 0 {
						continue
					}
					for j := 0; j < o; j++ {
						col := idx[r*o+j]
						wantDM[j*nr+r] += v * x[i*d+col]
						wantDX[i*d+col] += v * m[j*nr+r]
					}
				}
			}

			c, err := NewCombAct(o, nr, tt.act, true)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.SetRules(idx); err != nil {
				t.Fatal(err)
			}
			if err := c.SetActive(active); err != nil {
				t.Fatal(err)
			}
			fwd := &combActOp{c: c}
			xv, mv, gv := dense(x, b, d), dense(m, o, nr), dense(g, b, nr)
			for _, k := range []struct {
				name string
				op   G.Op
				in   []G.Value
				want []float64
			}{
				{"forward", fwd, []G.Value{xv, mv}, wantF},
				{"dM", &combActDiffOp{fwd: fwd}, []G.Value{xv, mv, gv}, wantDM},
				{"dX", &combActDiffOp{fwd: fwd, wrtX: true}, []G.Value{xv, mv, gv}, wantDX},
			} {
				out, err := k.op.Do(k.in...)
				if err != nil {
					t.Fatalf("%s: %v", k.name, err)
				}
				got := out.(*tensor.Dense).Float64s()
				for i := range k.want {
					if math.Float64bits(got[i]) != math.Float64bits(k.want[i]) {
						t.Fatalf("%s: element %d is %v, the plain loops give %v", k.name, i, got[i], k.want[i])
					}
				}
			}
		})
	}
}
