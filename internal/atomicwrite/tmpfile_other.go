// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build !linux

package atomicwrite

import "errors"

// createTemp makes a named temporary file for base in dir.
func createTemp(dir, base string) (*tempFile, error) { return createNamed(dir, base) }

// commitUnnamed is never called: only Linux makes unnamed files.
func (tf *tempFile) commitUnnamed(path string, isNew bool) error {
	return errors.New("atomicwrite: no unnamed temporary files on this system")
}
