// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package procs

import (
	"os"
	"runtime"
	"sync"
)

var (
	mu sync.Mutex
	// given is GOMAXPROCS as it was before Oversubscribe raised it; 0
	// until then.
	given int
)

// Workers returns how many jobs (fits, folds, screening workers) to run
// at once: GOMAXPROCS, or, after Oversubscribe, the GOMAXPROCS the program
// had before it, whichever is smaller (a test that lowers GOMAXPROCS gets
// fewer workers). It is at least 1.
func Workers() int {
	mu.Lock()
	defer mu.Unlock()
	n := runtime.GOMAXPROCS(0)
	if given > 0 {
		n = min(n, given)
	}
	return max(n, 1)
}

// Oversubscribe doubles GOMAXPROCS, once, where it is 2 or more;
// Workers keeps the value it had. On one processor it changes nothing:
// there a second P only adds thread switches (hornetctl cv of the wine
// table on one CPU took 12.9 and 14.0 s with two Ps, 9.9 and 10.5 s with
// one; session 56). It returns the GOMAXPROCS now in force. A second call
// changes nothing. Call it at the start of a program, before any work
// starts: it is meant for hornetctl's main and for test binaries, not for
// library code, since it changes the whole process.
func Oversubscribe() int {
	mu.Lock()
	defer mu.Unlock()
	if given == 0 {
		given = runtime.GOMAXPROCS(0)
		if given >= 2 {
			runtime.GOMAXPROCS(2 * given)
		}
	}
	return runtime.GOMAXPROCS(0)
}

// OversubscribeUnlessSet calls Oversubscribe unless the environment sets
// GOMAXPROCS, a choice it keeps (a Slurm task's CPUs, say). It reports
// whether it called Oversubscribe. hornetctl's main and the test binaries
// that run the tool's fits call it first.
func OversubscribeUnlessSet() bool {
	if os.Getenv("GOMAXPROCS") != "" {
		return false
	}
	Oversubscribe()
	return true
}
