// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"os"
	"testing"

	"github.com/hornets-go/hornets/internal/procs"
)

// TestMain runs the tests with the spare processors hornetctl gives its
// fits (package procs): the same results in less wall time.
func TestMain(m *testing.M) {
	procs.OversubscribeUnlessSet()
	os.Exit(m.Run())
}
