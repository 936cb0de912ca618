// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"math/rand/v2"
	"testing"
)

// Shapes of the root benchmark BenchmarkEpoch/categorical/128x64/R=256.
const (
	benchFeatures = 64
	benchRules    = 256
	benchOrder    = 5
	benchBatch    = 16
	benchClasses  = 2
)

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
