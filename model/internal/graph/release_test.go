// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package graph

import (
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hornets-go/hornets/activations"
)

// A compiled graph nobody refers to is freed by the next garbage
// collection. Gorgonia's tape machine carries a finalizer that kept it
// (and all it reaches) for one more cycle, which made the heap of a
// sweep of fits grow without bound; compile drops it.
func TestCompiledGraphFreedByOneCollection(t *testing.T) {
	const D, O, R, C, batch = 16, 3, 8, 2, 4
	var freed atomic.Int32
	build := func(training bool) {
		rng := rand.New(rand.NewPCG(1, 2))
		p := NewCatParams(rng, O, R, C)
		cg, err := NewCat(&p, batch, D, O, R, C, activations.Func{Kind: activations.PolyClip, K: 4}, nil, training)
		if err != nil {
			t.Fatal(err)
		}
		runtime.AddCleanup(cg.g, func(*atomic.Int32) { freed.Add(1) }, &freed)
		mean, scale := make([]float64, D), make([]float64, D)
		for i := range scale {
			scale[i] = 1
		}
		lp := NewLinParams(rng, mean, scale, C)
		lg, err := NewLin(&lp, batch, D, C, activations.Func{Kind: activations.PolyClip, K: 4}, 1e-12, nil, training)
		if err != nil {
			t.Fatal(err)
		}
		runtime.AddCleanup(lg.g, func(*atomic.Int32) { freed.Add(1) }, &freed)
	}
	build(true)
	build(false)
	runtime.GC() // one collection only
	deadline := time.Now().Add(5 * time.Second)
	for freed.Load() < 4 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond) // cleanups run on their own goroutine
	}
	if n := freed.Load(); n != 4 {
		t.Errorf("%d of 4 unreferenced graphs freed by one garbage collection", n)
	}
}
