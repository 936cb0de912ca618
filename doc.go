// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package hornets is the root of hornets-go, a Go implementation of HorNets
// (Horn Networks), the routing neural network of Koloski, Lavrač and Škrlj
// (Machine Learning, 2025), built on Gorgonia. The code lives in the
// sub-packages:
//
//   - activations: polyClip and ReLU in plain Go;
//   - ops: the custom Gorgonia ops (PolyClip, CombAct, ...) with hand-derived gradients;
//   - model: the network, its two routes, the router, rules, model files;
//   - train: the training loop, metrics and cross-validation;
//   - data: CSV and LibSVM reading, encoding, the synthetic gate generator;
//   - cmd/hornetctl: the command-line tool.
//
// This package holds only the benchmarks (bench_test.go); run them with
//
//	go test -run '^$' -bench . -benchtime 5x .
package hornets
