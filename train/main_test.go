// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"os"
	"testing"

	"github.com/hornets-go/hornets/internal/procs"
)

// TestMain runs the tests as hornetctl runs: with GOMAXPROCS doubled,
// unless the environment sets it (package procs), which shortens the
// package's wall time by idle gaps and changes no result; -parallel keeps
// its default, the GOMAXPROCS the binary started with.
func TestMain(m *testing.M) {
	if os.Getenv("GOMAXPROCS") == "" {
		procs.Oversubscribe()
	}
	os.Exit(m.Run())
}
