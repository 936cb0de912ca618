// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"cmp"
	"fmt"
	"slices"
)

// ClassMetrics are the one-vs-rest scores of one class.
type ClassMetrics struct {
	Class     string  `json:"class"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	Support   int     `json:"support"`
}

// MaxConfusionClasses is the most classes for which Evaluate fills the
// dense confusion matrix (Metrics.Confusion). Past it the matrix would
// hold classes² counts, nearly all zero (5,000 classes: 25 million, 870 MB
// for hornetctl eval to build and print), so Metrics hold its non-zero
// cells instead (Metrics.ConfusionCells), at most one for each row.
const MaxConfusionClasses = 50

// ConfusionCell is one non-zero cell of a confusion matrix: Count rows of
// true class True (an index into the classes) predicted as Predicted.
type ConfusionCell struct {
	True      int `json:"true"`
	Predicted int `json:"predicted"`
	Count     int `json:"count"`
}

// Metrics summarise predictions against true labels.
type Metrics struct {
	Rows     int            `json:"rows"`
	Accuracy float64        `json:"accuracy"`
	MacroF1  float64        `json:"macro_f1"`
	PerClass []ClassMetrics `json:"per_class"`
	// Confusion[i][j] counts rows of true class i predicted as class j,
	// for at most MaxConfusionClasses classes; past that it is nil and
	// ConfusionCells holds the counts.
	Confusion [][]int `json:"confusion,omitempty"`
	// ConfusionCells are the non-zero cells of the confusion matrix,
	// sorted by true then predicted class, where there are more than
	// MaxConfusionClasses classes; nil otherwise.
	ConfusionCells []ConfusionCell `json:"confusion_cells,omitempty"`
}

// Evaluate compares predictions with the true labels. classes names the
// classes (its length is the class count). A class with no true and no
// predicted rows has precision, recall and F1 of 0 and is left out of the
// macro average, as scikit-learn does with labels restricted to those seen.
// Its time and memory grow with the rows and the classes, not with the
// square of the classes: the confusion matrix is dense only up to
// MaxConfusionClasses classes (see Metrics). Labels and predictions of
// different lengths, or a class or prediction outside 0..len(classes)−1,
// are an ErrData error.
func Evaluate(yTrue, yPred []int, classes []string) (Metrics, error) {
	if len(yTrue) != len(yPred) {
		return Metrics{}, fmt.Errorf("%w: Evaluate: %d labels and %d predictions", ErrData, len(yTrue), len(yPred))
	}
	C := len(classes)
	m := Metrics{Rows: len(yTrue)}
	support, predicted, tp := make([]int, C), make([]int, C), make([]int, C)
	var cells map[[2]int]int
	if C <= MaxConfusionClasses {
		m.Confusion = make([][]int, C)
		for i := range m.Confusion {
			m.Confusion[i] = make([]int, C)
		}
	} else {
		cells = make(map[[2]int]int)
	}
	correct := 0
	for i, t := range yTrue {
		p := yPred[i]
		if t < 0 || t >= C || p < 0 || p >= C {
			return Metrics{}, fmt.Errorf("%w: Evaluate: row %d: class %d or prediction %d out of range 0..%d", ErrData, i, t, p, C-1)
		}
		support[t]++
		predicted[p]++
		if m.Confusion != nil {
			m.Confusion[t][p]++
		} else {
			cells[[2]int{t, p}]++
		}
		if t == p {
			tp[t]++
			correct++
		}
	}
	if m.Rows > 0 {
		m.Accuracy = float64(correct) / float64(m.Rows)
	}
	m.ConfusionCells = sortedCells(cells)
	seen := 0
	for c := range C {
		cm := classMetrics(classes[c], tp[c], support[c], predicted[c])
		if support[c] > 0 || predicted[c] > 0 {
			m.MacroF1 += cm.F1
			seen++
		}
		m.PerClass = append(m.PerClass, cm)
	}
	if seen > 0 {
		m.MacroF1 /= float64(seen)
	}
	return m, nil
}

// classMetrics returns the scores of class, with tp of its support rows
// predicted right and predicted rows predicted as it.
func classMetrics(class string, tp, support, predicted int) ClassMetrics {
	cm := ClassMetrics{Class: class, Support: support}
	if predicted > 0 {
		cm.Precision = float64(tp) / float64(predicted)
	}
	if support > 0 {
		cm.Recall = float64(tp) / float64(support)
	}
	if cm.Precision+cm.Recall > 0 {
		cm.F1 = 2 * cm.Precision * cm.Recall / (cm.Precision + cm.Recall)
	}
	return cm
}

// sortedCells returns the counts of cells, keyed by true and predicted
// class, as a list sorted by true then predicted class; nil for nil.
func sortedCells(cells map[[2]int]int) []ConfusionCell {
	if cells == nil {
		return nil
	}
	out := make([]ConfusionCell, 0, len(cells))
	for k, n := range cells {
		out = append(out, ConfusionCell{True: k[0], Predicted: k[1], Count: n})
	}
	slices.SortFunc(out, func(a, b ConfusionCell) int {
		return cmp.Or(cmp.Compare(a.True, b.True), cmp.Compare(a.Predicted, b.Predicted))
	})
	return out
}
