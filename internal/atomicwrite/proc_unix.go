// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build unix

package atomicwrite

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// alive reports whether a process with this PID exists (EPERM: it exists
// but belongs to another user).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// accessWrite reports whether the process may write the existing file
// path, without opening it.
func accessWrite(path string) error {
	const wOK = 2
	return syscall.Access(path, wOK)
}

// keepOwner gives f the owner and group of the file it replaces, where
// the process may (root may; others may keep their own files' groups).
func keepOwner(f *os.File, old fs.FileInfo) {
	o, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	fi, err := f.Stat()
	if err != nil {
		return
	}
	if n, ok := fi.Sys().(*syscall.Stat_t); ok && (n.Uid != o.Uid || n.Gid != o.Gid) {
		f.Chown(int(o.Uid), int(o.Gid)) // best effort
	}
}
