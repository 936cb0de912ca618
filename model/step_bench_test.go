// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"math"
	"math/rand/v2"
	"testing"

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
)

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

// benchmarkStep times Trainer.Step on one route at the shapes of the root
// 128x64/R=256 benchmark: filling the inputs and the dropout mask, Reset,
// RunAll (forward and backward). allocs/op is the allocations per step;
// the optimiser is timed with it in the root BenchmarkEpoch.
func benchmarkStep(b *testing.B, continuous bool) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs, ys := benchBatches(rng, 8, benchFeatures)
	d := Data{Rows: 8 * benchBatch, Features: benchFeatures, Classes: benchClasses}
	for i := range xs {
		if continuous {
			for j := range xs[i] {
				xs[i][j] += 0.5 * rng.NormFloat64()
			}
		}
		d.X, d.Y = append(d.X, xs[i]...), append(d.Y, ys[i]...)
	}
	net, err := New(Config{Rules: benchRules, Order: benchOrder, ExpParam: 4}, d, rng)
	if err != nil {
		b.Fatal(err)
	}
	tr, err := NewTrainer(net, benchBatch, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, _, err := tr.Step(xs[i%len(xs)], ys[i%len(ys)], rng); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCatIntStep(b *testing.B) { benchmarkStep(b, false) }

func BenchmarkLinAttStep(b *testing.B) { benchmarkStep(b, true) }

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
