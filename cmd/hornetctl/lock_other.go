// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build !unix

package main

import "os"

// lockExclusive is a no-op where advisory locks are not available.
func lockExclusive(*os.File) error { return nil }
