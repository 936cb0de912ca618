// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"math"
	"math/rand/v2"
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
)

// Shapes of the root benchmark BenchmarkEpoch/categorical/128x64/R=256.
const (
	benchFeatures = 64
	benchRules    = 256
	benchOrder    = 5
	benchBatch    = 16
	benchClasses  = 2
	benchDrop     = 0.1
)

// benchAdam is a minimal in-place Adam (the train package's, which model
// cannot import), so that the benchmark's optimiser step allocates nothing
// of its own and the allocations counted are the graph's.
type benchAdam struct {
	t    int
	m, v [][]float64
}

func (a *benchAdam) step(b *testing.B, vgs []G.ValueGrad) {
	const lr, b1, b2, eps = 1e-3, 0.9, 0.999, 1e-8
	if a.m == nil {
		a.m = make([][]float64, len(vgs))
		a.v = make([][]float64, len(vgs))
	}
	a.t++
	c1 := 1 - math.Pow(b1, float64(a.t))
	c2 := 1 - math.Pow(b2, float64(a.t))
	for i, vg := range vgs {
		gv, err := vg.Grad()
		if err != nil {
			b.Fatal(err)
		}
		w := vg.Value().(*tensor.Dense).Float64s()
		g := gv.(*tensor.Dense).Float64s()
		if a.m[i] == nil {
			a.m[i] = make([]float64, len(w))
			a.v[i] = make([]float64, len(w))
		}
		m, v := a.m[i], a.v[i]
		for j, gj := range g {
			m[j] = b1*m[j] + (1-b1)*gj
			v[j] = b2*v[j] + (1-b2)*gj*gj
			w[j] -= lr * (m[j] / c1) / (math.Sqrt(v[j]/c2) + eps)
			g[j] = 0
		}
	}
}

// benchCat builds a CatInt training graph with random weights and rules.
func benchCat(b testing.TB, rng *rand.Rand) *catGraph {
	b.Helper()
	D, O, R, C := benchFeatures, benchOrder, benchRules, benchClasses
	p := &catParams{
		M: tensor.New(tensor.WithShape(O, R), tensor.WithBacking(uniform(rng, O*R, 1))),
		W: tensor.New(tensor.WithShape(R, C), tensor.WithBacking(uniform(rng, R*C, math.Sqrt(6/float64(R+C))))),
		B: tensor.New(tensor.WithShape(1, C), tensor.WithBacking(make([]float64, C))),
	}
	act := activations.Func{Kind: activations.PolyClip, K: 4}
	cg, err := buildCat(p, benchBatch, D+O, O, R, C, act, nil, true)
	if err != nil {
		b.Fatal(err)
	}
	idx := make([]int, 0, R*O)
	for range R {
		idx = append(idx, rng.Perm(D + O)[:O]...)
	}
	if err := cg.comb.SetRules(idx); err != nil {
		b.Fatal(err)
	}
	return cg
}

// benchBatches returns n random batches: binary features and labels.
func benchBatches(rng *rand.Rand, n, features int) ([][]float64, [][]int) {
	xs := make([][]float64, n)
	ys := make([][]int, n)
	for i := range n {
		xs[i] = make([]float64, benchBatch*features)
		for j := range xs[i] {
			xs[i][j] = float64(rng.IntN(2))
		}
		ys[i] = make([]int, benchBatch)
		for j := range ys[i] {
			ys[i][j] = rng.IntN(benchClasses)
		}
	}
	return xs, ys
}

// BenchmarkCatIntStep times one CatInt training step at the shapes of the
// root 128x64/R=256 benchmark: fill X, Y and the dropout mask, Reset,
// RunAll, and (in "step") an in-place Adam update. allocs/op is the
// allocations per step.
func BenchmarkCatIntStep(b *testing.B) {
	for _, withAdam := range []bool{false, true} {
		name := "run"
		if withAdam {
			name = "step"
		}
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			cg := benchCat(b, rng)
			xs, ys := benchBatches(rng, 8, benchFeatures)
			vgs := G.NodesToValueGrads(cg.params)
			var adam benchAdam
			mask := cg.mask.Data().([]float64)
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				cg.fillX(xs[i%len(xs)], benchFeatures)
				oneHot(cg.y.Float64s(), ys[i%len(ys)], benchClasses)
				for j := range mask {
					mask[j] = 1 / (1 - benchDrop)
					if rng.Float64() < benchDrop {
						mask[j] = 0
					}
				}
				cg.vm.Reset()
				if err := cg.vm.RunAll(); err != nil {
					b.Fatal(err)
				}
				if withAdam {
					adam.step(b, vgs)
				} else {
					for _, vg := range vgs {
						if g, err := vg.Grad(); err == nil {
							g.(*tensor.Dense).Zero()
						}
					}
				}
			}
		})
	}
}

// BenchmarkLinAttStep is BenchmarkCatIntStep for the LinAtt route.
func BenchmarkLinAttStep(b *testing.B) {
	for _, withAdam := range []bool{false, true} {
		name := "run"
		if withAdam {
			name = "step"
		}
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			D, C := benchFeatures, benchClasses
			ones := make([]float64, D)
			for j := range ones {
				ones[j] = 1
			}
			p := &linParams{
				A: tensor.New(tensor.WithShape(1, D), tensor.WithBacking(ones)),
				W: tensor.New(tensor.WithShape(D, C), tensor.WithBacking(uniform(rng, D*C, math.Sqrt(6/float64(D+C))))),
				B: tensor.New(tensor.WithShape(1, C), tensor.WithBacking(make([]float64, C))),
			}
			act := activations.Func{Kind: activations.PolyClip, K: 4}
			lg, err := buildLin(p, benchBatch, D, C, act, 1e-8, nil, true)
			if err != nil {
				b.Fatal(err)
			}
			xs, ys := benchBatches(rng, 8, D)
			for _, x := range xs {
				for j := range x {
					x[j] += 0.5 * rng.NormFloat64() // continuous values
				}
			}
			vgs := G.NodesToValueGrads(lg.params)
			var adam benchAdam
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				copy(lg.x.Float64s(), xs[i%len(xs)])
				oneHot(lg.y.Float64s(), ys[i%len(ys)], C)
				lg.vm.Reset()
				if err := lg.vm.RunAll(); err != nil {
					b.Fatal(err)
				}
				if withAdam {
					adam.step(b, vgs)
				} else {
					for _, vg := range vgs {
						if g, err := vg.Grad(); err == nil {
							g.(*tensor.Dense).Zero()
						}
					}
				}
			}
		})
	}
}

// After a training run, att holds the B×R attention and logits = att·W + b.
func TestCatGraphOutputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	cg := benchCat(t, rng)
	xs, ys := benchBatches(rng, 1, benchFeatures)
	cg.fillX(xs[0], benchFeatures)
	oneHot(cg.y.Float64s(), ys[0], benchClasses)
	mask := cg.mask.Float64s()
	for j := range mask {
		mask[j] = float64(rng.IntN(2)) * 2
	}
	for run := range 2 { // the second run reuses every output
		cg.vm.Reset()
		if err := cg.vm.RunAll(); err != nil {
			t.Fatal(err)
		}
		att := cg.att.Value().(*tensor.Dense)
		if s := att.Shape(); s[0] != benchBatch || s[1] != benchRules {
			t.Fatalf("att shape %v; want (%d, %d)", s, benchBatch, benchRules)
		}
		a := att.Float64s()
		w := cg.params[1].Value().(*tensor.Dense).Float64s()
		bias := cg.params[2].Value().(*tensor.Dense).Float64s()
		logits := cg.logits.Value().(*tensor.Dense).Float64s()
		for i := range benchBatch {
			var sum float64
			for _, v := range a[i*benchRules : (i+1)*benchRules] {
				sum += v
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("run %d: attention row %d sums to %v", run, i, sum)
			}
			for c := range benchClasses {
				want := bias[c]
				for r := range benchRules {
					want += a[i*benchRules+r] * w[r*benchClasses+c]
				}
				if got := logits[i*benchClasses+c]; math.Abs(got-want) > 1e-12 {
					t.Errorf("run %d: logits[%d, %d] = %v; want %v", run, i, c, got, want)
				}
			}
		}
	}
}
