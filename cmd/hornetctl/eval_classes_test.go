// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/train"
)

// manyClassReport returns the eval report of rows rows of classes
// classes, row i of class i%classes predicted as the next class.
func manyClassReport(t *testing.T, rows, classes int) *evalReport {
	t.Helper()
	names := make([]string, classes)
	for i := range names {
		names[i] = fmt.Sprint("c", i)
	}
	y, pred := make([]int, rows), make([]int, rows)
	for i := range y {
		y[i], pred[i] = i%classes, (i+1)%classes
	}
	m, err := train.Evaluate(y, pred, names)
	if err != nil {
		t.Fatal(err)
	}
	return &evalReport{Data: "d.csv", Model: "m.json", Classes: names, Metrics: m, Route: "categorical"}
}

// TestEvalManyClasses: eval prints the confusion matrix only up to
// train.MaxConfusionClasses classes; past that the text says it was left
// out and why, and the JSON lists the non-zero cells, so that the output
// grows with the rows and classes, not with classes² (2,000 classes once
// printed 4 million cells). The per-class lines stay.
func TestEvalManyClasses(t *testing.T) {
	for _, tt := range []struct {
		name         string
		classes      int
		matrix       bool
		maxTextBytes int
	}{
		{"two classes", 2, true, 1 << 10},
		{"at the bound", train.MaxConfusionClasses, true, 64 << 10},
		{"past the bound", train.MaxConfusionClasses + 1, false, 8 << 10},
		{"2000 classes", 2000, false, 128 << 10},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := manyClassReport(t, 2*tt.classes, tt.classes)
			var text strings.Builder
			if err := writeEvalText(&text, r); err != nil {
				t.Fatal(err)
			}
			out := text.String()
			if len(out) > tt.maxTextBytes {
				t.Errorf("%d classes: %d bytes of text, want at most %d", tt.classes, len(out), tt.maxTextBytes)
			}
			left := fmt.Sprintf("confusion matrix left out: %d classes, more than %d", tt.classes, train.MaxConfusionClasses)
			if got := strings.Contains(out, "confusion matrix (rows: true class"); got != tt.matrix || strings.Contains(out, left) == tt.matrix {
				t.Errorf("%d classes: matrix printed %v, want %v; or the line %q wrongly there or missing", tt.classes, got, tt.matrix, left)
			}
			last := fmt.Sprintf("\nc%d  ", tt.classes-1)
			if !strings.Contains(out, last) {
				t.Errorf("%d classes: no per-class line of the last class (%q)", tt.classes, last)
			}
			js, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			var got map[string]json.RawMessage
			if err := json.Unmarshal(js, &got); err != nil {
				t.Fatal(err)
			}
			_, dense := got["confusion"]
			cells, sparse := got["confusion_cells"]
			if dense != tt.matrix || sparse == tt.matrix {
				t.Errorf("%d classes: JSON has confusion %v, confusion_cells %v; want %v and %v", tt.classes, dense, sparse, tt.matrix, !tt.matrix)
			}
			if want := `{"true":0,"predicted":1,"count":2}`; sparse && !strings.HasPrefix(string(cells), "["+want) {
				t.Errorf("confusion_cells start %.80s, want %s", cells, want)
			}
		})
	}
}
