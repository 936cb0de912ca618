// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package evaluate reruns the paper's experiments (its section 4) on top
// of package train: repeated stratified cross-validation, the synthetic
// logic-gate benchmark, benchmarks on real tables against a built-in
// baseline, the statistical tests that compare models, and their plots.
// It sits beside train, never inside model. Real tables are
// cross-validated, or, where they come with their own test table
// (BenchTable.Test: the published splits of MONK's and SPECT), fitted on
// the training table and scored on the test table once per repeat.
//
// Every experiment is a Sweep: a work list of units, one fit each, whose
// results depend only on the unit's own seed, and a reducer from the
// units' results to the experiment's table (CVReduce, TuneReduce,
// SyntheticReduce, BenchRealReduce). The units can therefore be split
// over machines (ShardUnits), resumed, and reduced to the same table.
package evaluate
