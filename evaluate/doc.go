// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package evaluate reruns the paper's experiments (its section 4) on top
// of package train: repeated stratified cross-validation, the synthetic
// logic-gate benchmark, benchmarks on real tables against a built-in
// baseline, the statistical tests that compare models, and their plots.
// It sits beside train, never inside model.
package evaluate
