// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build unix

package atomicwrite

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestParseUmask(t *testing.T) {
	for _, tt := range []struct {
		name, status string
		want         fs.FileMode
		ok           bool
	}{
		{"022", "Name:\tx\nUmask:\t0022\nState:\tR (running)\n", 0o022, true},
		{"077", "Umask:\t0077\n", 0o077, true},
		{"zero, last line without newline", "Name:\tx\nUmask:\t0000", 0, true},
		{"no Umask line (Linux before 4.7)", "Name:\tx\nState:\tR (running)\n", 0, false},
		{"not octal", "Umask:\t0089\n", 0, false},
		{"too large", "Umask:\t01777\n", 0, false},
		{"empty", "", 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseUmask([]byte(tt.status))
			if (err == nil) != tt.ok || got != tt.want {
				t.Errorf("parseUmask(%q) = %#o, %v; want %#o, ok %v", tt.status, got, err, tt.want, tt.ok)
			}
		})
	}
}

// TestWriteFileUmask sets the umask of the test process (no test here runs
// in parallel) and checks that a new file gets perm less the umask, as
// os.WriteFile gives it, while a replaced file keeps its mode.
func TestWriteFileUmask(t *testing.T) {
	if _, err := readUmask(); err != nil {
		t.Skipf("the umask cannot be read here (%v): %#o is assumed", err, defaultUmask)
	}
	modes(t, func(t *testing.T) {
		for _, tt := range []struct {
			umask, perm, want fs.FileMode
		}{
			{0o022, 0o644, 0o644},
			{0o077, 0o644, 0o600},
			{0o027, 0o664, 0o640},
			{0o002, 0o666, 0o664},
			{0o000, 0o666, 0o666},
		} {
			t.Run(fmt.Sprintf("umask %03o perm %03o", tt.umask, tt.perm), func(t *testing.T) {
				old := syscall.Umask(int(tt.umask))
				defer syscall.Umask(old)
				if got := umask(); got != tt.umask {
					t.Fatalf("umask() = %#o, want %#o", got, tt.umask)
				}
				dir := t.TempDir()
				ref := filepath.Join(dir, "ref")
				must(t, os.WriteFile(ref, nil, tt.perm))
				out := filepath.Join(dir, "out")
				must(t, WriteFile(out, tt.perm, writeString("new\n")))
				kept := filepath.Join(dir, "kept")
				must(t, os.WriteFile(kept, []byte("old\n"), 0o600))
				must(t, os.Chmod(kept, 0o604)) // a mode no umask above gives
				must(t, WriteFile(kept, tt.perm, writeString("new\n")))
				for _, c := range []struct {
					path string
					want fs.FileMode
				}{{ref, tt.want}, {out, tt.want}, {kept, 0o604}} {
					fi, err := os.Stat(c.path)
					must(t, err)
					if got := fi.Mode().Perm(); got != c.want {
						t.Errorf("%s: mode %#o\nwant %#o", filepath.Base(c.path), got, c.want)
					}
				}
			})
		}
	})
}
