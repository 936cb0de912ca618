// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"testing"

	"github.com/hornets-go/hornets/train"
)

// tuplesNote names the tuple check's counts where it kept the best tuple
// alone, and the one-standard-error rule where that decided.
func TestTuplesNote(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		check *train.TupleCheck
		want  string
	}{
		{"no check", nil, ""},
		{"every tuple kept", &train.TupleCheck{Folds: 5, Repeats: 3, Tuples: 2, Kept: 2, Gained: 3, Lost: 9}, ""},
		{"sign test", &train.TupleCheck{Folds: 5, Repeats: 3, Tuples: 3, Kept: 1, Gained: 12, Lost: 2},
			" (the best of 3 rule tuples alone, by inner 3×5-fold held-out predictions: 12 gained, 2 lost)"},
		{"one standard error", &train.TupleCheck{Folds: 5, Repeats: 3, Tuples: 2, Kept: 1, Gained: 19, Lost: 18, Parsimony: true},
			" (the best of 2 rule tuples alone, by inner 3×5-fold held-out predictions: 19 gained, 18 lost, within one standard error)"},
	} {
		if got := tuplesNote(&train.Result{Tuples: tt.check}); got != tt.want {
			t.Errorf("%s: tuplesNote\ngot  %q\nwant %q", tt.name, got, tt.want)
		}
	}
}
