// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package hornets is the root of hornets-go, a Go implementation of HorNets
// (Horn Networks), the routing neural network of Koloski, Lavrač and Škrlj
// (Machine Learning, 2025), built on Gorgonia.
//
// # The estimator
//
// [Classifier] is the place to start: it fits on a CSV table, predicts
// class names and per-row probabilities for new tables, lists the logical
// rules it learnt, and saves itself to the model file that hornetctl also
// reads. Its fields configure it; their zero values are the defaults.
//
//	clf := &hornets.Classifier{Train: train.Config{Seed: 1}}
//	if err := clf.FitCSV(ctx, "train.csv"); err != nil {
//		return err
//	}
//	test, err := data.ReadCSVFile("new.csv") // label column optional
//	if err != nil {
//		return err
//	}
//	proba, err := clf.PredictProba(test) // proba[i][k]: row i, class clf.Classes()[k]
//	if err != nil {
//		return err
//	}
//	rules, err := clf.Rules() // the decision list that reproduces the network
//	if err != nil {
//		return err
//	}
//	fmt.Print(rules) // IF f6 = 0 AND f7 = 1 THEN 1 ... ELSE 0, fidelity 1.000
//	err = clf.Save("model.json") // later: clf, err = hornets.Load("model.json")
//
// # Rules
//
// [RuleSet] is the decision list that reproduces the network's
// categorical route: the first rule whose literals all hold decides a
// row's class, the default decides the rest. Each rule carries its
// support and precision (with a 95% Wilson interval), the set its
// fidelity (the share of rows where the rules by hand give the network's
// prediction) and its accuracy by hand. [Classifier.Rules] gives the
// evidence on the training rows, [Classifier.RulesOn] on a labelled
// table; [RuleSet.Decide] applies the rules to a row, [RuleSet.SQL]
// writes them as one CASE expression over the original columns, and the
// JSON form is what hornetctl rules --format json prints.
//
// A table to predict is read as hornetctl predict reads it: feature columns
// by name, in any order, other columns ignored. [Classifier.Score] needs the
// label column and reports accuracy and F1, as hornetctl eval does.
// Categories that training never saw are not errors: they are encoded as
// all zeros, logged to the classifier's Log, and returned by
// [Classifier.Check]. On a Classifier that is not fitted (nil, zero, or
// whose Fit failed), every method that needs a model returns an error
// wrapping [ErrNotFitted] and never panics; the accessors Classes and
// Network return nil.
//
// # Packages
//
// The code lives in the sub-packages:
//
//   - activations: polyClip and ReLU in plain Go;
//   - ops: the custom Gorgonia ops (PolyClip, CombAct, ...) with hand-derived gradients;
//   - model: the network, its two routes, the router, the trainer state, model files;
//   - model/rulesearch: the rule search, the rule table, decision lists (no Gorgonia);
//   - train: the training loop, metrics, cross-validation and model bundles;
//   - data: CSV and LibSVM reading, encoding, the synthetic gate generator;
//   - cmd/hornetctl: the command-line tool.
//
// Use them directly for what the estimator does not cover: a
// [data.Dataset] built in code or read from LibSVM, training hooks and
// recorders, cross-validation, the continuous route's feature effects.
//
// The package's benchmarks are in bench_test.go; run them with
//
//	go test -run '^$' -bench . -benchtime 5x .
package hornets
