// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"fmt"
	"strings"
	"testing"
)

// TestSubsetAndRowPanics: the documented panics of Table.Subset,
// Dataset.Subset and Dataset.Row name the function and the bad index
// (Table.Subset panicked with the runtime's "index out of range [-1]",
// and all three with a nil-pointer dereference on a nil receiver).
func TestSubsetAndRowPanics(t *testing.T) {
	t.Parallel()
	tab := &Table{Header: []string{"a", "y"}, Rows: [][]string{{"1", "p"}, {"2", "q"}}}
	ds := &Dataset{X: []float64{1, 2}, Rows: 2, Cols: 1, Y: []int{0, 1}, Features: []string{"a"}, Classes: []string{"p", "q"}}
	var nilTab *Table
	var nilDS *Dataset
	for _, tt := range []struct {
		name  string
		call  func()
		wants []string // in the panic message
	}{
		{"Table.Subset negative", func() { tab.Subset([]int{0, -1}) }, []string{"Table.Subset", "-1"}},
		{"Table.Subset past the end", func() { tab.Subset([]int{2}) }, []string{"Table.Subset", "row 2"}},
		{"Table.Subset nil", func() { nilTab.Subset([]int{0}) }, []string{"Table.Subset", "nil"}},
		{"Dataset.Subset past the end", func() { ds.Subset([]int{1, 5}) }, []string{"Dataset.Subset", "row 5"}},
		{"Dataset.Subset nil", func() { nilDS.Subset(nil) }, []string{"Dataset.Subset", "nil"}},
		{"Dataset.Row negative", func() { ds.Row(-3) }, []string{"Dataset.Row(-3)"}},
		{"Dataset.Row nil", func() { nilDS.Row(0) }, []string{"Dataset.Row(0)", "nil"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			msg := func() (msg string) {
				defer func() { msg = fmt.Sprint(recover()) }()
				tt.call()
				return
			}()
			for _, w := range tt.wants {
				if !strings.Contains(msg, w) {
					t.Errorf("panic message\ngot  %q\nwant one holding %q", msg, w)
				}
			}
		})
	}
	// In range, nothing panics and the rows are the ones asked for.
	if got := tab.Subset([]int{1, 1}); len(got.Rows) != 2 || got.Rows[0][0] != "2" {
		t.Errorf("Table.Subset([1 1]) = %v", got.Rows)
	}
	if got := ds.Subset([]int{1}); got.Rows != 1 || got.X[0] != 2 || got.Y[0] != 1 {
		t.Errorf("Dataset.Subset([1]) = %+v", got)
	}
}
