// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build !race

package train_test

// raceSlowdown widens the time bounds of the cancellation tests under the
// race detector (see race_on_test.go); without it they are as written.
const raceSlowdown = 1
