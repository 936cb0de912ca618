// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch_test

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/hornets-go/hornets/model/rulesearch"
)

// A network that has learned f3 xor f7 among 16 binary features, and its
// feature tuples: the decision list reproduces it from the pair's cells.
// The rules agree with the network on every row; both are wrong on the
// two mislabelled rows.
func ExampleExtract() {
	const rows, features = 128, 16
	rng := rand.New(rand.NewPCG(1, 1))
	x := make([]float64, rows*features)
	for i := range x {
		x[i] = float64(rng.IntN(2))
	}
	pred := make([]int, rows) // the network's predictions
	for i := range pred {
		if x[i*features+3] != x[i*features+7] {
			pred[i] = 1
		}
	}
	y := slices.Clone(pred) // the labels: the first two rows are mislabelled
	y[0], y[1] = 1-y[0], 1-y[1]

	tuples := [][]int{{3, 7}, {1, 2}, {5}}
	list := rulesearch.Extract(x, rows, features, pred, 2, tuples, nil)
	list.Evaluate(x, rows, features, pred, y)
	fmt.Print(list.Text([]string{"even", "odd"}, nil))
	// Output:
	// IF f3 = 1 AND f7 = 0 THEN odd   support 35  precision 1.00 [0.90, 1.00]
	// IF f3 = 0 AND f7 = 1 THEN odd   support 28  precision 0.96 [0.82, 0.99]
	// ELSE even                       support 65  precision 0.98 [0.92, 1.00]
	// fidelity 1.000: the rules give the network's prediction on 128 of 128 rows; accuracy by hand 0.984, network 0.984
}
