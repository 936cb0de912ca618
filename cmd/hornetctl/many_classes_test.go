// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
)

// TestWarnManyClasses: train warns of a label with more classes than half
// the rows (an identifier), and of more than slowClasses classes however
// many rows each has, saying why (an epoch's work grows with rows ×
// classes: 2,500 classes of two rows each once trained 8.5 s an epoch
// without a word); a few classes, or a tiny table, pass in silence.
func TestWarnManyClasses(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name          string
		rows, classes int
		want          string // "" for no warning
	}{
		{"two classes", 5000, 2, ""},
		{"a tiny table", 6, 6, ""},
		{"an identifier", 40, 40, "t.csv: the label has 40 classes for 40 rows, so most classes have a single row, as if it were an identifier"},
		{"at the bound", 5000, slowClasses, ""},
		{"two rows a class", 5000, 2500, "t.csv: the label has 2500 classes, more than 1000, so each epoch takes long (its work grows with rows × classes"},
		{"past the bound", 100000, slowClasses + 1, "the label has 1001 classes, more than 1000, so each epoch takes long"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			warnManyClasses(&b, "t.csv", &data.Dataset{Rows: tt.rows, Classes: make([]string, tt.classes)})
			got := b.String()
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) || strings.Count(got, "\n") > 1 {
				t.Errorf("%d rows of %d classes: warned %q; want one line with %q", tt.rows, tt.classes, got, tt.want)
			}
		})
	}
}
