// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build race

package train_test

// raceSlowdown widens the time bounds of the cancellation tests under the
// race detector, which runs the code several times slower.
const raceSlowdown = 10
