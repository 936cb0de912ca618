// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build unix

package evaluate

import (
	"math"
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) the process has used
// so far, in seconds; NaN where the system does not say.
func processCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return math.NaN()
	}
	return (time.Duration(ru.Utime.Nano()) + time.Duration(ru.Stime.Nano())).Seconds()
}
