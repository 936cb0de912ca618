// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import "fmt"

// ClassMetrics are the one-vs-rest scores of one class.
type ClassMetrics struct {
	Class     string  `json:"class"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	Support   int     `json:"support"`
}

// Metrics summarise predictions against true labels.
type Metrics struct {
	Rows     int            `json:"rows"`
	Accuracy float64        `json:"accuracy"`
	MacroF1  float64        `json:"macro_f1"`
	PerClass []ClassMetrics `json:"per_class"`
	// Confusion[i][j] counts rows of true class i predicted as class j.
	Confusion [][]int `json:"confusion"`
}

// Evaluate compares predictions with the true labels. classes names the
// classes (its length is the class count). A class with no true and no
// predicted rows has precision, recall and F1 of 0 and is left out of the
// macro average, as scikit-learn does with labels restricted to those seen.
// Labels and predictions of different lengths, or a class or prediction
// outside 0..len(classes)−1, are an ErrData error.
func Evaluate(yTrue, yPred []int, classes []string) (Metrics, error) {
	if len(yTrue) != len(yPred) {
		return Metrics{}, fmt.Errorf("%w: Evaluate: %d labels and %d predictions", ErrData, len(yTrue), len(yPred))
	}
	C := len(classes)
	m := Metrics{Rows: len(yTrue), Confusion: make([][]int, C)}
	for i := range m.Confusion {
		m.Confusion[i] = make([]int, C)
	}
	correct := 0
	for i, t := range yTrue {
		p := yPred[i]
		if t < 0 || t >= C || p < 0 || p >= C {
			return Metrics{}, fmt.Errorf("%w: Evaluate: row %d: class %d or prediction %d out of range 0..%d", ErrData, i, t, p, C-1)
		}
		m.Confusion[t][p]++
		if t == p {
			correct++
		}
	}
	if m.Rows > 0 {
		m.Accuracy = float64(correct) / float64(m.Rows)
	}
	seen := 0
	for c := range C {
		tp, support, predicted := m.Confusion[c][c], 0, 0
		for k := range C {
			support += m.Confusion[c][k]
			predicted += m.Confusion[k][c]
		}
		cm := ClassMetrics{Class: classes[c], Support: support}
		if predicted > 0 {
			cm.Precision = float64(tp) / float64(predicted)
		}
		if support > 0 {
			cm.Recall = float64(tp) / float64(support)
		}
		if cm.Precision+cm.Recall > 0 {
			cm.F1 = 2 * cm.Precision * cm.Recall / (cm.Precision + cm.Recall)
		}
		if support > 0 || predicted > 0 {
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
