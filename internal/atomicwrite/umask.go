// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package atomicwrite

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"strconv"
)

// defaultUmask is the umask assumed where the process's own cannot be
// read (no /proc/self/status: systems other than Linux, or /proc not
// mounted).
const defaultUmask fs.FileMode = 0o022

// umask returns the file mode creation mask of the process, read from
// /proc/self/status, or defaultUmask. It is read, never set: syscall.Umask
// changes the mask of the whole process, so reading it that way (set,
// then restore) would race with every other goroutine that creates files.
func umask() fs.FileMode {
	u, err := readUmask()
	if err != nil {
		return defaultUmask
	}
	return u
}

// readUmask reads the umask from /proc/self/status (Linux 4.7 and later).
func readUmask() (fs.FileMode, error) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	return parseUmask(b)
}

// errNoUmask says that a status file has no valid "Umask:" line.
var errNoUmask = errors.New("no Umask line in /proc/self/status")

// parseUmask returns the value of the "Umask:" line (octal) of the text
// of a /proc/PID/status file.
func parseUmask(status []byte) (fs.FileMode, error) {
	for line := range bytes.Lines(status) {
		v, ok := bytes.CutPrefix(line, []byte("Umask:"))
		if !ok {
			continue
		}
		u, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 8, 32)
		if err != nil || u > 0o777 {
			return 0, errNoUmask
		}
		return fs.FileMode(u), nil
	}
	return 0, errNoUmask
}
