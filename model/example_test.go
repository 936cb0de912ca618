// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	G "gorgonia.org/gorgonia"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
)

// The training loop by hand: package train does this (and more: early
// stopping, rule refresh, the best-model snapshot) for you.
func ExampleNetwork() {
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.And, Features: 8, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	ds := gen.Sample(64)
	rng := rand.New(rand.NewPCG(1, 1))

	net, err := model.New(model.DefaultConfig(), model.Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y,
		Classes: len(ds.Classes), Names: ds.Features}, rng) // screening, rule table, weights
	if err != nil {
		fmt.Println(err)
		return
	}
	const batch = 16
	tr, err := model.NewTrainer(net, batch, nil) // training graphs, compiled on first use
	if err != nil {
		fmt.Println(err)
		return
	}
	solver := G.NewAdamSolver(G.WithLearnRate(0.05))
	var route model.Route
	for epoch := 0; epoch < 60; epoch++ {
		for s := 0; s < ds.Rows/batch; s++ {
			x := ds.X[s*batch*ds.Cols : (s+1)*batch*ds.Cols]
			y := ds.Y[s*batch : (s+1)*batch]
			if route, _, err = tr.Step(x, y, rng); err != nil {
				fmt.Println(err)
				return
			}
			vgs, err := tr.ValueGrads(route)
			if err != nil {
				fmt.Println(err)
				return
			}
			if err := solver.Step(vgs); err != nil {
				fmt.Println(err)
				return
			}
		}
	}
	if err := tr.Score(ds.X, ds.Rows); err != nil { // which tuples matter
		fmt.Println(err)
		return
	}
	if err := tr.ExtractRules(ds.X, ds.Rows, ds.Y); err != nil { // the decision list
		fmt.Println(err)
		return
	}
	test := gen.Sample(200)
	pred, err := net.Predict(test.X, test.Rows)
	if err != nil {
		fmt.Println(err)
		return
	}
	correct := 0
	for i, p := range pred {
		if p == test.Y[i] {
			correct++
		}
	}
	fmt.Println(gen.Describe())
	fmt.Printf("route %s, held-out accuracy %.4g\n", route, float64(correct)/float64(test.Rows))
	rules, err := net.Rules()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(rules.Text(ds.Classes, nil))
	// Output:
	// label = and(f6, f7)
	// route categorical, held-out accuracy 1
	// IF f6 = 1 AND f7 = 1 THEN 1   support 12  precision 1.00 [0.76, 1.00]
	// ELSE 0                        support 52  precision 1.00 [0.93, 1.00]
	// fidelity 1.000: the rules give the network's prediction on 64 of 64 rows; accuracy by hand 1.000, network 1.000
}

// The continuous route's output layer at the optimum of its penalised
// training loss, without Adam: package train averages this optimum with
// Adam's early-stopped layer (train.Config.ContinuousFit).
func ExampleTrainer_ContinuousOptimum() {
	// 80 rows of 3 continuous features; the class is the sign of f0 − f1.
	rng := rand.New(rand.NewPCG(1, 2))
	const rows, features = 80, 3
	x, y := make([]float64, rows*features), make([]int, rows)
	for i := range rows {
		for j := range features {
			x[i*features+j] = rng.NormFloat64()
		}
		if x[i*features] > x[i*features+1] {
			y[i] = 1
		}
	}
	net, err := model.New(model.DefaultConfig(), model.Data{X: x, Rows: rows, Features: features, Y: y, Classes: 2}, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	tr, err := model.NewTrainer(net, 16, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	l2 := 1.0 / (rows * (features + 1)) // package train's default prior
	opt, err := tr.ContinuousOptimum(context.Background(), x, rows, y, l2, 1000)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("loss %.3f at the initial weights, %.3f at the optimum (%s)\n", opt.StartLoss, opt.Loss, opt.Status)
	if err := tr.BlendContinuous(opt, 1); err != nil { // take the optimum
		fmt.Println(err)
		return
	}
	pred, err := net.Predict(x, rows)
	if err != nil {
		fmt.Println(err)
		return
	}
	right := 0
	for i, c := range pred {
		if c == y[i] {
			right++
		}
	}
	fmt.Printf("route %v, training accuracy %.2f\n", net.Route(), float64(right)/rows)
	// Output:
	// loss 0.818 at the initial weights, 0.153 at the optimum (GradientThreshold)
	// route continuous, training accuracy 1.00
}

// Two networks of one table whose configurations differ in
// Search.MaxTuples alone share the rule search: the second is built from
// the first's without screening again, and is the network New would
// build.
func ExampleNewFromSearch() {
	d := model.TwoPairs(1, 300, 10) // label (f0 ∧ f1) ∨ (f2 ∧ f3)
	all, err := model.New(model.DefaultConfig(), d, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		fmt.Println(err)
		return
	}
	cfg := model.DefaultConfig()
	cfg.Search.MaxTuples = 1
	best, err := model.NewFromSearch(context.Background(), cfg, d, all.TupleSearch(), rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("tuples placed: %d; with MaxTuples 1: %d\n", all.PlacedTuples(), best.PlacedTuples())
	// Output:
	// tuples placed: 4; with MaxTuples 1: 1
}
