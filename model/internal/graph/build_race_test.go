// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build race

package graph

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/hornets-go/hornets/activations"
)

// Graphs built at once in several goroutines, as the first graphs of a
// process, share no memory unguarded: gorgonia caches the hash of its
// package-level constants on first use and counts collisions in package
// variables, which two concurrent builds wrote together (hornetctl cv
// --jobs 2 under -race). The builds run in a child process, since only
// the first ones in a process race on the cached hash. This file is built
// only with -race, the only way a race shows.
func TestBuildConcurrently(t *testing.T) {
	if os.Getenv("HORNETS_BUILD_CHILD") == "1" {
		buildConcurrently(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestBuildConcurrently$", "-test.count=1")
	cmd.Env = append(os.Environ(), "HORNETS_BUILD_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "DATA RACE") {
		t.Fatalf("concurrent graph building: %v\n%s", err, out)
	}
}

func buildConcurrently(t *testing.T) {
	const O, R, C, D, batch = 2, 8, 2, 6, 4
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			cat := NewCatParams(rng, O, R, C)
			if _, err := NewCat(&cat, batch, D, O, R, C, activations.Func{Kind: activations.PolyClip, K: 4}, nil, true); err != nil {
				t.Error(err)
			}
			mean, scale := make([]float64, D), make([]float64, D)
			for j := range scale {
				scale[j] = 1
			}
			lin := NewLinParams(rng, mean, scale, C)
			if _, err := NewLin(&lin, batch, D, C, activations.Func{Kind: activations.PolyClip, K: 1}, 1e-12, nil, true); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}
