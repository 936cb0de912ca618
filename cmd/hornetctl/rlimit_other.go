// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build !unix

package main

// addressSpaceLimit reports no limit where RLIMIT_AS is not available.
func addressSpaceLimit() (int64, bool) { return 0, false }
