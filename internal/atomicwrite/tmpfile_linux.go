// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package atomicwrite

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"
)

// noTmpfile turns O_TMPFILE off (tests of the portable path).
var noTmpfile bool

// createTemp makes the temporary file for base in dir: unnamed
// (O_TMPFILE) where the file system supports it, else named.
func createTemp(dir, base string) (*tempFile, error) {
	if noTmpfile {
		return createNamed(dir, base)
	}
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o600)
	switch {
	case err == nil:
		f := os.NewFile(uintptr(fd), filepath.Join(dir, "(temporary file)"))
		return &tempFile{f: f, unnamed: true, dir: dir, base: base}, nil
	case errors.Is(err, unix.EOPNOTSUPP), errors.Is(err, unix.EISDIR), errors.Is(err, unix.EINVAL):
		// No O_TMPFILE on this file system (EISDIR: a kernel before 3.11).
		return createNamed(dir, base)
	}
	return nil, &fs.PathError{Op: "create", Path: dir, Err: err}
}

// commitUnnamed gives the O_TMPFILE file its name: path itself when path
// is new (linkat never replaces), else a temporary name renamed over path.
func (tf *tempFile) commitUnnamed(path string, isNew bool) error {
	if isNew {
		err := tf.link(path)
		if err == nil {
			return tf.f.Close()
		}
		if !errors.Is(err, unix.EEXIST) {
			return err
		}
	}
	var err error
	for range 10 {
		name := filepath.Join(tf.dir, tempPrefix(tf.base)+strconv.FormatUint(rand.Uint64(), 36))
		if err = tf.link(name); err == nil {
			tf.name = name // removed by discard if the rename fails
			break
		}
		if !errors.Is(err, unix.EEXIST) {
			return err
		}
	}
	if err != nil {
		return err
	}
	if err := tf.f.Close(); err != nil {
		return err
	}
	return os.Rename(tf.name, path)
}

// link makes a hard link named dst to the open unnamed file: through
// /proc/self/fd, or, without /proc, with AT_EMPTY_PATH (which needs
// CAP_DAC_READ_SEARCH).
func (tf *tempFile) link(dst string) error {
	fd := int(tf.f.Fd())
	err := unix.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(fd), unix.AT_FDCWD, dst, unix.AT_SYMLINK_FOLLOW)
	if errors.Is(err, unix.ENOENT) {
		if _, serr := os.Stat("/proc/self/fd"); serr != nil {
			err = unix.Linkat(fd, "", unix.AT_FDCWD, dst, unix.AT_EMPTY_PATH)
		}
	}
	if err != nil {
		return &fs.PathError{Op: "link", Path: dst, Err: err}
	}
	return nil
}
