// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"fmt"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Fit a network on a synthetic xor hidden among 16 features, score it on
// fresh rows and read the rule it uses.
func ExampleFit() {
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 16, Seed: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	trainRows, testRows := gen.Sample(128), gen.Sample(500)
	res, err := train.Fit(context.Background(), trainRows, model.DefaultConfig(), train.Config{Seed: 3, Epochs: 100}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	pred, err := res.Network.Predict(testRows.X, testRows.Rows)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := train.Evaluate(testRows.Y, pred, testRows.Classes)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(gen.Describe())
	fmt.Printf("held-out accuracy %.4g, route %s\n", m.Accuracy, res.Route)
	rules, err := res.Network.Rules(3)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rules {
		fmt.Printf("%s  score %.2f\n", r, r.Score)
	}
	// Output:
	// label = xor(f11, f14)
	// held-out accuracy 1, route categorical
	// f11 ∧ ¬f14  score 1.00
}

// Five-fold stratified cross-validation of the continuous route on a
// synthetic table whose label is the sign of a weighted sum.
func ExampleCrossValidate() {
	const rows, cols = 200, 5
	ds := &data.Dataset{Rows: rows, Cols: cols, X: make([]float64, rows*cols), Y: make([]int, rows), Classes: []string{"neg", "pos"}}
	for i := range rows {
		sum := 0.0
		for j := range cols {
			v := float64((i*7+j*13)%17) - 8 // deterministic, spread over -8..8
			ds.X[i*cols+j] = v
			sum += v * float64(j+1)
		}
		if sum > 0 {
			ds.Y[i] = 1
		}
	}
	res, err := train.CrossValidate(context.Background(), ds, 5, model.Config{}, train.Config{Seed: 1, Epochs: 50}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d folds, mean accuracy above 0.9: %v\n", len(res.Folds), res.MeanAcc > 0.9)
	// Output:
	// 5 folds, mean accuracy above 0.9: true
}
