// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package activations holds the plain-Go activation functions of HorNets and
// their derivatives: the polyClip family and ReLU.
//
// # polyClip
//
// For an integer k ≥ 0 (the paper's exp_param),
//
//	polyClip(x, k) = clip(x^(2k+1), -1, 1)
//
// so the function is odd, equals x^(2k+1) on [-1, 1] and saturates at ±1
// outside. Its derivative is (2k+1)·x^(2k) on the closed interval [-1, 1] and
// 0 outside. At the kinks x = ±1 the function has no derivative; this package
// returns the inner (left) one-sided derivative there, so that a weight
// initialised exactly at ±1 (LinAtt's attention vector starts at ones) can
// still move back into the interval. Gradient checks in package ops use
// points next to the kinks, never on them.
//
// The hard mode, [Func.Hard], rounds polyClip(x) to {-1, 0, 1}: it reads a
// weight as a logical literal (negated, absent, present).
//
// # ReLU
//
// The paper's HorNets-ReLU variant is the same network with max(x, 0) in place
// of polyClip. Its derivative at 0 is taken as 0.
//
// Functions are chosen by name with [Parse]: "polyclip", "clip" (polyClip
// with k = 0) or "relu".
//
// # Softmax
//
// [Softmax] is the stable softmax of one row. [ExpTable] keeps the
// exponentials it computed, keyed by their argument's bits, and returns
// exactly what math.Exp would: the rule softmax of package ops keeps one
// per op, since a batch of rule outputs repeats its arguments (88 % of them
// in the tuple check's fits), which made that softmax about 2.4 times
// faster (session 57, the README's "Two kernels of the categorical step").
package activations
