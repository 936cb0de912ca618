// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build unix

package atomicwrite

import (
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// nobody is the user the helper runs as.
const nobody = 65534

// TestNotWritableRefused runs CheckWritable and WriteFile as uid 65534 in
// a directory that it may write (so a rename would succeed there): an
// existing file it may not write is refused, as `echo x > file` is, with
// an error wrapping fs.ErrPermission that names the path, before write is
// called; its own file is replaced (mode kept), a new file is created.
func TestNotWritableRefused(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root, to run the helper as another user")
	}
	dir := sharedDir(t)
	bin := filepath.Join(dir, "atomicwrite.test")
	copyFile(t, os.Args[0], bin, 0o755)
	mk := func(name string, uid int, mode fs.FileMode) string {
		p := filepath.Join(dir, name)
		must(t, os.WriteFile(p, []byte("old\n"), 0o600))
		must(t, os.Chown(p, uid, uid))
		must(t, os.Chmod(p, mode))
		return p
	}
	readOnly := mk("ro.csv", nobody, 0o444)
	for _, tt := range []struct {
		name, path string
		refused    bool
		mode       fs.FileMode // of the file afterwards
	}{
		{"own file of mode 0444", readOnly, true, 0o444},
		{"root's file of mode 0644", mk("root.csv", 0, 0o644), true, 0o644},
		{"symlink to a file of mode 0444", mkLink(t, dir, "link.csv", "ro.csv"), true, 0o444},
		{"own file of mode 0640", mk("mine.csv", nobody, 0o640), false, 0o640},
		{"new file", filepath.Join(dir, "new.csv"), false, 0o644 &^ umask()},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(bin)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), writeOnceEnv+"="+tt.path)
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody, Groups: []uint32{}}}
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("helper: %v\n%s", err, out)
			}
			lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			if len(lines) != 2 {
				t.Fatalf("helper printed %q, want two lines", out)
			}
			check, write := lines[0], lines[1]
			if tt.refused {
				for _, l := range lines {
					if !strings.Contains(l, "error (permission true)") || !strings.Contains(l, tt.path) || !strings.Contains(l, "not writable: permission denied") {
						t.Errorf("%s\nwant an error wrapping fs.ErrPermission, naming %s", l, tt.path)
					}
				}
				if !strings.HasSuffix(write, "(write called: false)") {
					t.Errorf("%s\nwant write not called", write)
				}
			} else if check != "check: ok" || write != "write: ok (write called: true)" {
				t.Errorf("helper printed\n%s\nwant check: ok, write: ok", out)
			}
			want := "new\n"
			if tt.refused {
				want = "old\n"
			}
			if got := mustRead(t, tt.path); got != want {
				t.Errorf("%s holds %q, want %q", tt.path, got, want)
			}
			fi, err := os.Stat(tt.path)
			must(t, err)
			if fi.Mode().Perm() != tt.mode {
				t.Errorf("%s: mode %v, want %v", tt.path, fi.Mode().Perm(), tt.mode)
			}
		})
	}
	if fi, err := os.Lstat(filepath.Join(dir, "link.csv")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("link.csv is no longer a symlink (%v, %v)", fi, err)
	}
}

// sharedDir makes a directory that every user may write, removed at the
// end of the test; it skips the test when the temporary directory is out
// of reach of other users.
func sharedDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "atomicwrite-nobody-")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	must(t, os.Chmod(dir, 0o777))
	for p := filepath.Dir(dir); ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		must(t, err)
		if fi.Mode().Perm()&0o001 == 0 {
			t.Skipf("%s is not searchable by other users", p)
		}
		if p == filepath.Dir(p) {
			break
		}
	}
	return dir
}

// copyFile copies src to a new file dst of mode perm.
func copyFile(t *testing.T, src, dst string, perm fs.FileMode) {
	in, err := os.Open(src)
	must(t, err)
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	must(t, err)
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	must(t, err)
	must(t, os.Chmod(dst, perm))
}
