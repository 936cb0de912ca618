// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"testing"

	"github.com/hornets-go/hornets/model"
)

// A Route names itself; a value that is no route says so instead of
// passing for "continuous".
func TestRouteString(t *testing.T) {
	t.Parallel()
	for r, want := range map[model.Route]string{
		model.Categorical: "categorical",
		model.Continuous:  "continuous",
		model.Route(9):    "Route(9)",
		model.Route(-1):   "Route(-1)",
	} {
		if got := r.String(); got != want {
			t.Errorf("Route(%d).String() = %q, want %q", int(r), got, want)
		}
	}
}
