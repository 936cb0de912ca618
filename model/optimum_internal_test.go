// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// continuousFixture returns a trainer of a fresh network over rows × D
// standard normal values with labels from a noisy linear form, in
// batches of batch rows, with the given class weights.
func continuousFixture(t *testing.T, seed uint64, rows, D, classes, batch int, weights []float64) (*Trainer, []float64, []int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	x, y := make([]float64, rows*D), make([]int, rows)
	for i := range rows {
		s := 0.0
		for j := range D {
			x[i*D+j] = rng.NormFloat64()
			s += float64(j%3-1) * x[i*D+j]
		}
		y[i] = int(math.Abs(s+rng.NormFloat64())*1.3) % classes
	}
	net, err := New(Config{}, Data{X: x, Rows: rows, Features: D, Y: y, Classes: classes}, rng)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	tr, err := NewTrainer(net, batch, weights)
	if err != nil {
		t.Fatalf("NewTrainer: %v", err)
	}
	return tr, x, y
}

// TestContinuousObjectiveGradient checks the gradient of the penalised
// loss that ContinuousOptimum minimises against central differences, with
// a last chunk shorter than the others (the tail graph) and class weights.
func TestContinuousObjectiveGradient(t *testing.T) {
	weights := []float64{1, 2, 0.5}
	tr, x, y := continuousFixture(t, 1, 21, 5, 3, 8, weights)
	n := tr.net
	obj := &linObjective{ctx: context.Background(), t: tr, x: x, rows: 21, y: y, l2: 0.3, w: n.lin.W.Float64s(), b: n.lin.B.Float64s(),
		graphs: linChunks{net: n, chunk: 8, classWeights: tr.classWeights, training: true}}
	rng := rand.New(rand.NewPCG(2, 2))
	p := make([]float64, len(obj.w)+len(obj.b))
	for i := range p {
		p[i] = rng.Float64() - 0.5
	}
	g := make([]float64, len(p))
	f0 := obj.eval(g, p)
	if obj.err != nil || math.IsNaN(f0) {
		t.Fatalf("eval: %v, %v", f0, obj.err)
	}
	// A second evaluation gives the same gradient: the graphs' gradients
	// are overwritten by each run, not accumulated.
	g2 := make([]float64, len(p))
	obj.eval(g2, p)
	for i := range g {
		if g2[i] != g[i] {
			t.Fatalf("gradient %d: %g on the first evaluation, %g on the second", i, g[i], g2[i])
		}
	}
	const h = 1e-6
	q := make([]float64, len(p))
	for i := range p {
		copy(q, p)
		q[i] = p[i] + h
		up := obj.eval(nil, q)
		q[i] = p[i] - h
		down := obj.eval(nil, q)
		if num := (up - down) / (2 * h); math.Abs(num-g[i]) > 1e-6*max(1, math.Abs(num)) {
			t.Errorf("gradient %d: analytic %.9g, numeric %.9g", i, g[i], num)
		}
	}

	// The same loss over one chunk of all 21 rows: the chunks and the
	// tail are weighted by their rows.
	whole, _, _ := continuousFixture(t, 1, 21, 5, 3, 8, weights)
	one := &linObjective{ctx: context.Background(), t: whole, x: x, rows: 21, y: y, l2: 0.3, w: whole.net.lin.W.Float64s(), b: whole.net.lin.B.Float64s(),
		graphs: linChunks{net: whole.net, chunk: 21, classWeights: whole.classWeights, training: true}}
	if f1 := one.eval(nil, p); math.Abs(f1-f0) > 1e-12 {
		t.Errorf("loss in chunks of 8 %.15g, in one chunk %.15g", f0, f1)
	}
	if obj.graphs.tail == nil || one.graphs.tail != nil {
		t.Errorf("tail graph built: chunks of 8 %v, one chunk %v; want true, false", obj.graphs.tail != nil, one.graphs.tail != nil)
	}
}
