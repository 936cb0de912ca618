// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build !unix

package evaluate

import "math"

// processCPU returns NaN: CPU time is measured on Unix systems only.
func processCPU() float64 { return math.NaN() }
