// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"errors"
	"io"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func smallDataset() *Dataset {
	return &Dataset{
		X:        []float64{1, 2, 3, 4, 5, 6},
		Rows:     3,
		Cols:     2,
		Y:        []int{0, 1, 0},
		Features: []string{"a", "b"},
		Classes:  []string{"x", "y"},
	}
}

func TestRow(t *testing.T) {
	t.Parallel()
	d := smallDataset()
	r := d.Row(1)
	if want := []float64{3, 4}; !slices.Equal(r, want) {
		t.Errorf("got  %v\nwant %v", r, want)
	}
	r[0] = 30 // a view, not a copy
	if d.X[2] != 30 {
		t.Errorf("Row is not a view into X")
	}
	_ = append(r, 99) // capacity ends at the row
	if d.X[4] != 5 {
		t.Errorf("appending to a row overwrote the next one")
	}
	for _, i := range []int{-1, 3} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Row(%d) did not panic", i)
				}
			}()
			d.Row(i)
		}()
	}
}

func TestSubset(t *testing.T) {
	t.Parallel()
	d := smallDataset()
	orig := slices.Clone(d.X)
	s := d.Subset([]int{2, 0, 2})
	want := &Dataset{X: []float64{5, 6, 1, 2, 5, 6}, Rows: 3, Cols: 2, Y: []int{0, 0, 0}, Features: d.Features, Classes: d.Classes}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("got  %+v\nwant %+v", s, want)
	}
	s.X[0] = -1
	if !slices.Equal(d.X, orig) {
		t.Errorf("Subset did not copy: X changed to %v", d.X)
	}
	if &s.Features[0] != &d.Features[0] {
		t.Errorf("Subset copied Features; want them shared")
	}

	d.Y = nil
	if s := d.Subset(nil); s.Rows != 0 || len(s.X) != 0 || s.Y != nil {
		t.Errorf("empty unlabelled subset: got %+v", s)
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		change func(d *Dataset)
		msg    string // "" = valid
	}{
		{"valid", func(*Dataset) {}, ""},
		{"unlabelled", func(d *Dataset) { d.Y = nil; d.Classes = nil }, ""},
		{"empty", func(d *Dataset) { *d = Dataset{} }, ""},
		{"short X", func(d *Dataset) { d.X = d.X[:5] }, "data: invalid dataset: len(X) = 5, want Rows*Cols = 3×2"},
		{"negative shape", func(d *Dataset) { d.Rows, d.Cols = -1, -6 }, "data: invalid dataset: negative shape -1×-6"},
		{"rows × cols wraps to len(X)", func(d *Dataset) {
			d.X, d.Rows, d.Cols, d.Y, d.Features = make([]float64, 0), 1<<62, 4, nil, []string{"a", "b", "c", "d"}
		}, "data: invalid dataset: len(X) = 0, want Rows*Cols = 4611686018427387904×4"},
		{"features", func(d *Dataset) { d.Features = d.Features[:1] }, "data: invalid dataset: 1 feature names for 2 columns"},
		{"labels", func(d *Dataset) { d.Y = d.Y[:2] }, "data: invalid dataset: 2 labels for 3 rows"},
		{"NaN", func(d *Dataset) { d.X[3] = math.NaN() }, `data: invalid dataset: row 1, feature "b" is NaN`},
		{"Inf", func(d *Dataset) { d.X[4] = math.Inf(-1) }, `data: invalid dataset: row 2, feature "a" is -Inf`},
		{"class too big", func(d *Dataset) { d.Y[2] = 2 }, "data: invalid dataset: row 2 has class 2, want [0, 2)"},
		{"negative class", func(d *Dataset) { d.Y[0] = -1 }, "data: invalid dataset: row 0 has class -1, want [0, 2)"},
		// Both were trained on: the model then could not be saved.
		{"class named twice", func(d *Dataset) { d.Classes = []string{"x", "x"} }, `data: invalid dataset: class 1 and 2 are both named "x"`},
		{"feature named twice", func(d *Dataset) { d.Features = []string{"b", "b"} }, `data: invalid dataset: feature 1 and 2 are both named "b"`},
		{"features equal up to normalisation", func(d *Dataset) { d.Features = []string{"\u212b", "\u00c5"} },
			`data: invalid dataset: feature 1 and 2 are named "\u212b" and "\u00c5", which differ only in Unicode normalisation (they print alike); rename one`},
		// Labels are data: hornetctl warns of classes that print alike.
		{"classes equal up to normalisation", func(d *Dataset) { d.Classes = []string{"caf\u00e9", "cafe\u0301"} }, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := smallDataset()
			tt.change(d)
			err := d.Validate()
			if tt.msg == "" {
				if err != nil {
					t.Errorf("got  %v\nwant nil", err)
				}
				return
			}
			checkErr(t, err, ErrDataset, tt.msg)
		})
	}
}

// A nil Dataset is ErrDataset for Validate and for WriteCSV, where both
// dereferenced it.
func TestNilDataset(t *testing.T) {
	t.Parallel()
	var d *Dataset
	for _, tt := range []struct {
		name string
		call func() error
	}{
		{"Validate", d.Validate},
		{"WriteCSV", func() error { return WriteCSV(io.Discard, d) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if p := recoverPanic(func() { err = tt.call() }); p != nil {
				t.Fatalf("panic: %v", p)
			}
			if !errors.Is(err, ErrDataset) {
				t.Errorf("got  %v\nwant %v", err, ErrDataset)
			}
		})
	}
}

// WriteCSV to a nil writer is an error, not a panic.
func TestWriteCSVNilWriter(t *testing.T) {
	t.Parallel()
	var err error
	if p := recoverPanic(func() { err = WriteCSV(nil, smallDataset()) }); p != nil {
		t.Fatalf("panic: %v", p)
	}
	if err == nil || !strings.Contains(err.Error(), "nil io.Writer") {
		t.Errorf("got %v, want an error naming the nil io.Writer", err)
	}
}
