// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"math/rand/v2"
	"testing"

	"github.com/hornets-go/hornets/model/rulesearch"
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

// benchmarkStepWide times a training step of a wide table, 16 rows of
// 50,000 binary features, with Step on the copied batch (copy included,
// as train's loop did) or StepRows on the rows where they lie. Step reads
// the batch twice more (its values' check and its route), StepRows reads
// neither: 12.7 ms against 1.24 ms a step here (2 cores).
func benchmarkStepWide(b *testing.B, rows bool) {
	const features, tableRows = 50000, 64
	rng := rand.New(rand.NewPCG(1, 2))
	d := Data{X: make([]float64, tableRows*features), Rows: tableRows, Features: features, Y: make([]int, tableRows), Classes: benchClasses}
	for i := range d.X {
		d.X[i] = float64(rng.IntN(2))
	}
	for i := range d.Y {
		d.Y[i] = rng.IntN(benchClasses)
	}
	net, err := New(Config{Rules: benchRules, Search: rulesearch.Config{NoScreening: true}}, d, rng)
	if err != nil {
		b.Fatal(err)
	}
	tr, err := NewTrainer(net, benchBatch, nil)
	if err != nil {
		b.Fatal(err)
	}
	r, err := tr.Rows(d.X, d.Rows)
	if err != nil {
		b.Fatal(err)
	}
	idx, y, x := make([]int, benchBatch), make([]int, benchBatch), make([]float64, benchBatch*features)
	b.ResetTimer()
	for i := range b.N {
		for k := range idx {
			idx[k] = (i*benchBatch + k) % tableRows
			y[k] = d.Y[idx[k]]
		}
		if rows {
			_, _, err = tr.StepRows(r, idx, y, rng)
		} else {
			for k, j := range idx {
				copy(x[k*features:(k+1)*features], d.X[j*features:(j+1)*features])
			}
			_, _, err = tr.Step(x, y, rng)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStepWide(b *testing.B) {
	b.Run("Step", func(b *testing.B) { benchmarkStepWide(b, false) })
	b.Run("StepRows", func(b *testing.B) { benchmarkStepWide(b, true) })
}
