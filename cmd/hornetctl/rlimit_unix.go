// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build unix

package main

import "syscall"

// addressSpaceLimit returns the process's address-space limit (RLIMIT_AS,
// set by ulimit -v) in bytes; ok is false where there is none.
func addressSpaceLimit() (int64, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur > 1<<62 { // RLIM_INFINITY is all ones
		return 0, false
	}
	return int64(rl.Cur), true
}
