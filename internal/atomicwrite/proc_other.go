// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build !unix

package atomicwrite

import (
	"io/fs"
	"os"
)

// alive cannot tell here: every process is taken to be alive, so no
// temporary file is removed.
func alive(pid int) bool { return true }

// accessWrite cannot tell without opening the file; WriteFile will.
func accessWrite(path string) error { return nil }

// keepOwner does nothing here.
func keepOwner(f *os.File, old fs.FileInfo) {}
