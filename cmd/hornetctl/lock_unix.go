// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build unix

package main

import (
	"os"
	"syscall"
)

// lockExclusive takes an exclusive advisory lock on f without waiting; it
// is released when f is closed (or the process ends).
func lockExclusive(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}
