// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/train"
)

// classNames returns n class names c0, c1, ….
func classNames(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprint("c", i)
	}
	return out
}

// TestEvaluateManyClassesMemory: Evaluate's memory grows with rows and
// classes, not with classes²: 5,000 rows of 5,000 classes (one each, as
// from an identifier) once allocated a 5,000 × 5,000 confusion matrix,
// 200 MB; now a few hundred kB.
func TestEvaluateManyClassesMemory(t *testing.T) {
	const n = 5000
	y, pred := make([]int, n), make([]int, n)
	for i := range y {
		y[i], pred[i] = i, (i+1)%n
	}
	classes := classNames(n)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m, err := train.Evaluate(y, pred, classes)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 16<<20 {
		t.Errorf("Evaluate of %d rows of %d classes allocated %d MB; want at most 16", n, n, got>>20)
	}
	if m.Accuracy != 0 || len(m.PerClass) != n {
		t.Errorf("accuracy %v, %d per-class scores; want 0 and %d", m.Accuracy, len(m.PerClass), n)
	}
}

// TestEvaluateConfusionShape: the confusion matrix is dense up to
// MaxConfusionClasses classes and a sorted list of its non-zero cells
// past it, with the same counts and scores either way.
func TestEvaluateConfusionShape(t *testing.T) {
	t.Parallel()
	y := []int{0, 0, 1, 1, 2, 2, 2}
	pred := []int{0, 2, 1, 1, 0, 2, 0}
	wantCells := []train.ConfusionCell{{0, 0, 1}, {0, 2, 1}, {1, 1, 2}, {2, 0, 2}, {2, 2, 1}}
	for _, tt := range []struct {
		name    string
		classes int
		dense   bool
	}{
		{"three classes", 3, true},
		{"at the bound", train.MaxConfusionClasses, true},
		{"past the bound", train.MaxConfusionClasses + 1, false},
		{"5000 classes", 5000, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m, err := train.Evaluate(y, pred, classNames(tt.classes))
			if err != nil {
				t.Fatal(err)
			}
			if tt.dense {
				if len(m.Confusion) != tt.classes || m.ConfusionCells != nil {
					t.Fatalf("%d confusion rows and cells %v; want %d rows and no cells", len(m.Confusion), m.ConfusionCells, tt.classes)
				}
				for _, c := range wantCells {
					if m.Confusion[c.True][c.Predicted] != c.Count {
						t.Errorf("Confusion[%d][%d] = %d, want %d", c.True, c.Predicted, m.Confusion[c.True][c.Predicted], c.Count)
					}
				}
			} else if m.Confusion != nil || !slices.Equal(m.ConfusionCells, wantCells) {
				t.Errorf("confusion %d rows, cells %v; want none and cells %v", len(m.Confusion), m.ConfusionCells, wantCells)
			}
			// Class 2: 1 of 3 right, 1 of 2 predicted right: F1 = 2·(1/2·1/3)/(5/6) = 0.4.
			if c := m.PerClass[2]; c.Support != 3 || c.Precision != 0.5 || c.F1 < 0.4-1e-12 || c.F1 > 0.4+1e-12 {
				t.Errorf("class 2: %+v; want support 3, precision 0.5, F1 0.4", c)
			}
			// F1: class 0 = 2·(1/3·1/2)/(5/6) = 0.4, class 1 = 1, class 2 = 0.4; the other classes are unseen.
			if want := 1.8 / 3; m.MacroF1 < want-1e-12 || m.MacroF1 > want+1e-12 {
				t.Errorf("macro-F1 %v, want %v", m.MacroF1, want)
			}
		})
	}
}
