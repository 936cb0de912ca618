// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package procs

import (
	"runtime"
	"testing"
)

// isolate sets GOMAXPROCS to n for the test and, when it ends, restores
// GOMAXPROCS and forgets an Oversubscribe made during it.
func isolate(t *testing.T, n int) {
	t.Helper()
	before := runtime.GOMAXPROCS(n)
	t.Cleanup(func() {
		runtime.GOMAXPROCS(before)
		mu.Lock()
		given = 0
		mu.Unlock()
	})
}

// Oversubscribe doubles GOMAXPROCS once, and Workers keeps counting the
// processors the program was given, or fewer where GOMAXPROCS is lowered
// afterwards.
func TestOversubscribe(t *testing.T) {
	isolate(t, 3)
	if got := Workers(); got != 3 {
		t.Fatalf("Workers before Oversubscribe: got %d, want GOMAXPROCS 3", got)
	}
	if got := Oversubscribe(); got != 6 || runtime.GOMAXPROCS(0) != 6 {
		t.Fatalf("Oversubscribe: got %d (GOMAXPROCS %d), want 6", got, runtime.GOMAXPROCS(0))
	}
	if got := Oversubscribe(); got != 6 {
		t.Errorf("a second Oversubscribe: GOMAXPROCS %d, want it left at 6", got)
	}
	if got := Workers(); got != 3 {
		t.Errorf("Workers after Oversubscribe: got %d, want the 3 given", got)
	}
	runtime.GOMAXPROCS(1)
	if got := Workers(); got != 1 {
		t.Errorf("Workers with GOMAXPROCS lowered to 1: got %d, want 1", got)
	}
}

// OversubscribeUnlessSet keeps a GOMAXPROCS the environment sets.
func TestOversubscribeUnlessSet(t *testing.T) {
	isolate(t, 2)
	t.Setenv("GOMAXPROCS", "2")
	if OversubscribeUnlessSet() || runtime.GOMAXPROCS(0) != 2 || Workers() != 2 {
		t.Fatalf("GOMAXPROCS=2 in the environment: GOMAXPROCS %d, Workers %d; want both left at 2", runtime.GOMAXPROCS(0), Workers())
	}
	t.Setenv("GOMAXPROCS", "")
	if !OversubscribeUnlessSet() || runtime.GOMAXPROCS(0) != 4 || Workers() != 2 {
		t.Fatalf("GOMAXPROCS unset: GOMAXPROCS %d, Workers %d; want 4 and 2", runtime.GOMAXPROCS(0), Workers())
	}
}

// On one processor Oversubscribe leaves GOMAXPROCS at 1.
func TestOversubscribeOneProcessor(t *testing.T) {
	isolate(t, 1)
	if got := Oversubscribe(); got != 1 || Workers() != 1 {
		t.Fatalf("Oversubscribe on one processor: GOMAXPROCS %d, Workers %d; want 1 and 1", got, Workers())
	}
}
