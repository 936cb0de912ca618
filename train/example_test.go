// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"fmt"
	"math/rand/v2"

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
	rules, err := res.Network.Rules()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(rules.Text(trainRows.Classes, nil))
	// Output:
	// label = xor(f11, f14)
	// held-out accuracy 1, route categorical
	// IF f11 = 0 AND f14 = 1 THEN 1   support 40  precision 1.00 [0.91, 1.00]
	// IF f11 = 1 AND f14 = 0 THEN 1   support 31  precision 1.00 [0.89, 1.00]
	// ELSE 0                          support 57  precision 1.00 [0.94, 1.00]
	// fidelity 1.000: the rules give the network's prediction on 128 of 128 rows; accuracy by hand 1.000, network 1.000
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

// FitSelect, the default continuous fit, asks an inner cross-validation on
// the training rows whether each row's direction helps LinAtt: on a label
// that is linear in the values it does not, and the output layer weighs the
// standardised values alone.
func ExampleHalvesCheck() {
	rng := rand.New(rand.NewPCG(2, 9))
	const rows, features = 300, 8
	ds := &data.Dataset{X: make([]float64, rows*features), Rows: rows, Cols: features, Y: make([]int, rows), Classes: []string{"no", "yes"}}
	for j := range features {
		ds.Features = append(ds.Features, fmt.Sprintf("x%d", j))
	}
	for i := range rows {
		x := ds.X[i*features : (i+1)*features]
		for j := range x {
			x[j] = rng.NormFloat64()
		}
		if x[0]+0.8*x[1]-0.6*x[2]+0.8*rng.NormFloat64() > 0 {
			ds.Y[i] = 1
		}
	}
	res, err := train.Fit(context.Background(), ds, model.Config{}, train.Config{Seed: 2}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	h := res.Halves
	fmt.Printf("%d inner folds: held-out loss %.3f with the direction, %.3f without (± %.3f): weighs %s\n", h.Folds, h.BothLoss, h.ValuesLoss, h.StdErr, h.Chosen)
	fmt.Printf("penalty ×%g (300 rows for 8 features: the configured one): held-out loss %.3f\n", h.L2Scale, h.ChosenLoss)
	// Output:
	// 5 inner folds: held-out loss 0.388 with the direction, 0.360 without (± 0.008): weighs values
	// penalty ×1 (300 rows for 8 features: the configured one): held-out loss 0.360
}
