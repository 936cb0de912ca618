// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// datasets is where the shared real datasets live, seen from this package.
const datasets = "../../shared/datasets"

// readShared reads a shared dataset. If it is absent the test is skipped,
// or fails when CI is set: CI always has ../shared beside the clone.
func readShared(t *testing.T, name string) *Table {
	t.Helper()
	tab, err := ReadCSVFile(filepath.Join(datasets, name))
	if errors.Is(err, fs.ErrNotExist) {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but %s is missing from %s", name, datasets)
		}
		t.Skipf("%s not found in %s", name, datasets)
	}
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestRealData(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		file       string
		rows, cols int
		classes    []string
		counts     []int // rows per class
		kind       Kind  // of every column
	}{
		{"house_votes_84.csv.gz", 435, 16 * 3, []string{"democrat", "republican"}, []int{267, 168}, Categorical}, // n, y, NA
		{"mushroom.csv.gz", 8124, 117, []string{"e", "p"}, []int{4208, 3916}, Categorical},
		{"monks1_train.csv.gz", 124, 6, []string{"0", "1"}, []int{62, 62}, Numeric}, // small-int codes are numbers
	} {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			tab := readShared(t, tt.file)
			e, err := FitEncoder(tab, EncoderOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d, warns, err := e.Transform(tab)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Validate(); err != nil {
				t.Fatal(err)
			}
			if d.Rows != tt.rows || d.Cols != tt.cols || !slices.Equal(d.Classes, tt.classes) || warns != nil {
				t.Errorf("got  %d rows, %d features, classes %q, warnings %v\nwant %d rows, %d features, classes %q, none",
					d.Rows, d.Cols, d.Classes, warns, tt.rows, tt.cols, tt.classes)
			}
			counts := make([]int, len(d.Classes))
			for _, y := range d.Y {
				counts[y]++
			}
			if !slices.Equal(counts, tt.counts) {
				t.Errorf("class counts\ngot  %v\nwant %v", counts, tt.counts)
			}
			for _, c := range e.Columns {
				if c.Kind != tt.kind {
					t.Errorf("column %q is %v, want %v", c.Name, c.Kind, tt.kind)
				}
			}
		})
	}
}

// TestRealTrainTest fits on the MONK's-1 training split and encodes the test
// split with the same encoder, as a model would.
func TestRealTrainTest(t *testing.T) {
	t.Parallel()
	e, err := FitEncoder(readShared(t, "monks1_train.csv.gz"), EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d, warns, err := e.Transform(readShared(t, "monks1_test.csv.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Rows != 432 || d.Cols != 6 || warns != nil {
		t.Errorf("got  %d×%d, warnings %v\nwant 432×6, none", d.Rows, d.Cols, warns)
	}
}
