// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package atomicwrite

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Every node below is made in t.TempDir(), never in /dev.

// modes runs f with O_TMPFILE on (where the system has it) and off.
func modes(t *testing.T, f func(t *testing.T)) {
	for _, off := range []bool{false, true} {
		name := "tmpfile"
		if off {
			name = "portable"
		}
		t.Run(name, func(t *testing.T) {
			old := noTmpfile
			noTmpfile = off
			defer func() { noTmpfile = old }()
			f(t)
		})
	}
}

// writeString returns a write func that writes s.
func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// names lists the entries of dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var n []string
	for _, e := range es {
		n = append(n, e.Name())
	}
	return n
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWriteFileRegularAndLinks(t *testing.T) {
	modes(t, func(t *testing.T) {
		for _, tt := range []struct {
			name  string
			setup func(t *testing.T, dir string) // makes dir/out (and its target)
			file  string                         // the file that must hold the new content
			links []string                       // paths that must still be symlinks
			mode  fs.FileMode
		}{
			{"new file", func(t *testing.T, dir string) {}, "out", nil, 0o644 &^ umask()},
			{"existing file keeps its mode", func(t *testing.T, dir string) {
				must(t, os.WriteFile(filepath.Join(dir, "out"), []byte("old content, longer than the new"), 0o600))
				must(t, os.Chmod(filepath.Join(dir, "out"), 0o640))
			}, "out", nil, 0o640},
			{"symlink to a file", func(t *testing.T, dir string) {
				must(t, os.WriteFile(filepath.Join(dir, "target"), []byte("old"), 0o600))
				must(t, os.Symlink("target", filepath.Join(dir, "out")))
			}, "target", []string{"out"}, 0o600},
			{"chain of links into a subdirectory", func(t *testing.T, dir string) {
				must(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
				must(t, os.WriteFile(filepath.Join(dir, "sub", "target"), []byte("old"), 0o644))
				must(t, os.Symlink("target", filepath.Join(dir, "sub", "l1")))
				must(t, os.Symlink(filepath.Join(dir, "sub", "l1"), filepath.Join(dir, "out")))
			}, "sub/target", []string{"out", "sub/l1"}, 0o644},
			{"dangling symlink", func(t *testing.T, dir string) {
				must(t, os.Symlink("target", filepath.Join(dir, "out")))
			}, "target", []string{"out"}, 0o644 &^ umask()},
		} {
			t.Run(tt.name, func(t *testing.T) {
				dir := t.TempDir()
				tt.setup(t, dir)
				before := names(t, dir)
				if !slices.Contains(before, tt.file) && !strings.Contains(tt.file, "/") {
					before = append(before, tt.file)
					slices.Sort(before)
				}
				out := filepath.Join(dir, "out")
				if err := WriteFile(out, 0o644, writeString("new\n")); err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(dir, tt.file)
				if got := mustRead(t, file); got != "new\n" {
					t.Errorf("%s holds %q, want %q", tt.file, got, "new\n")
				}
				fi, err := os.Lstat(file)
				must(t, err)
				if !fi.Mode().IsRegular() || fi.Mode().Perm() != tt.mode {
					t.Errorf("%s: mode %v, want a regular file of mode %v", tt.file, fi.Mode(), tt.mode)
				}
				for _, l := range tt.links {
					if fi, err := os.Lstat(filepath.Join(dir, l)); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
						t.Errorf("%s is no longer a symlink (%v, %v)", l, fi, err)
					}
				}
				if got := names(t, dir); !slices.Equal(got, before) {
					t.Errorf("directory holds\n%q, want\n%q", got, before)
				}
			})
		}
	})
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestWriteFileErrorKeepsOldContent(t *testing.T) {
	modes(t, func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "out")
		must(t, os.WriteFile(out, []byte("old"), 0o644))
		boom := errors.New("boom")
		err := WriteFile(out, 0o644, func(w io.Writer) error {
			io.WriteString(w, strings.Repeat("x", 1<<20)) // past the buffer: bytes reach the file
			return boom
		})
		if !errors.Is(err, boom) || !strings.Contains(err.Error(), out) {
			t.Errorf("err = %v, want the cause, naming %s", err, out)
		}
		if got := mustRead(t, out); got != "old" {
			t.Errorf("out holds %d bytes, want the old content", len(got))
		}
		if got := names(t, dir); !slices.Equal(got, []string{"out"}) {
			t.Errorf("directory holds %q, want only out", got)
		}
	})
}

func TestWriteFileInPlace(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no device nodes or FIFOs")
	}
	t.Run("char device", func(t *testing.T) {
		dir := t.TempDir()
		n := filepath.Join(dir, "null")
		if err := syscall.Mknod(n, syscall.S_IFCHR|0o666, 1<<8|3); err != nil { // a twin of /dev/null
			t.Skipf("mknod: %v", err)
		}
		if err := WriteFile(n, 0o644, writeString("gone\n")); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Lstat(n)
		must(t, err)
		if fi.Mode()&fs.ModeCharDevice == 0 {
			t.Errorf("%s is now %v, want still a character device", n, fi.Mode())
		}
		if got := names(t, dir); !slices.Equal(got, []string{"null"}) {
			t.Errorf("directory holds %q", got)
		}
		if err := CheckWritable(n); err != nil {
			t.Errorf("CheckWritable: %v", err)
		}
	})
	t.Run("FIFO with a reader", func(t *testing.T) {
		dir := t.TempDir()
		n := filepath.Join(dir, "fifo")
		must(t, syscall.Mkfifo(n, 0o644))
		got := make(chan string, 1)
		opened := make(chan struct{})
		go func() {
			f, err := os.Open(n) // blocks until the writer opens
			close(opened)
			if err != nil {
				got <- err.Error()
				return
			}
			b, _ := io.ReadAll(f)
			f.Close()
			got <- string(b)
		}()
		// A FIFO is not opened by the check: a probe would end the reader.
		must(t, CheckWritable(n))
		want := strings.Repeat("row\n", 100000) // past the pipe buffer
		var err error
		deadline := time.Now().Add(5 * time.Second)
		for { // the reader's open may not have happened yet
			err = WriteFile(n, 0o644, writeString(want))
			if !errors.Is(err, ErrNoReader) || time.Now().After(deadline) {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		must(t, err)
		<-opened
		if s := <-got; s != want {
			t.Errorf("reader got %d bytes, want %d", len(s), len(want))
		}
		fi, err := os.Lstat(n)
		must(t, err)
		if fi.Mode()&fs.ModeNamedPipe == 0 {
			t.Errorf("%s is now %v, want still a FIFO", n, fi.Mode())
		}
	})
	t.Run("FIFO without a reader", func(t *testing.T) {
		n := filepath.Join(t.TempDir(), "fifo")
		must(t, syscall.Mkfifo(n, 0o644))
		done := make(chan error, 1)
		go func() { done <- WriteFile(n, 0o644, writeString("x")) }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNoReader) || !strings.Contains(err.Error(), n) {
				t.Errorf("err = %v, want ErrNoReader naming %s", err, n)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("WriteFile on a FIFO without a reader hangs")
		}
		if fi, err := os.Lstat(n); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
			t.Errorf("%s is gone or no longer a FIFO", n)
		}
	})
	t.Run("symlink to a char device", func(t *testing.T) {
		dir := t.TempDir()
		n := filepath.Join(dir, "null")
		if err := syscall.Mknod(n, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
			t.Skipf("mknod: %v", err)
		}
		l := filepath.Join(dir, "link")
		must(t, os.Symlink("null", l))
		must(t, WriteFile(l, 0o644, writeString("gone\n")))
		if fi, _ := os.Lstat(n); fi == nil || fi.Mode()&fs.ModeCharDevice == 0 {
			t.Errorf("%s is no longer a character device", n)
		}
		if fi, _ := os.Lstat(l); fi == nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symlink", l)
		}
	})
	if runtime.GOOS != "linux" {
		return
	}
	t.Run("/proc/self/fd of a pipe", func(t *testing.T) {
		r, w, err := os.Pipe()
		must(t, err)
		defer r.Close()
		got := make(chan string, 1)
		go func() { b, _ := io.ReadAll(r); got <- string(b) }()
		p := "/proc/self/fd/" + strconv.Itoa(int(w.Fd()))
		must(t, WriteFile(p, 0o644, writeString("through the pipe\n")))
		w.Close()
		if s := <-got; s != "through the pipe\n" {
			t.Errorf("pipe got %q", s)
		}
	})
	t.Run("/proc/self/fd of a file is appended to", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "log")
		f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		must(t, err)
		defer f.Close()
		io.WriteString(f, "first\n")
		must(t, WriteFile("/proc/self/fd/"+strconv.Itoa(int(f.Fd())), 0o644, writeString("second\n")))
		if got := mustRead(t, path); got != "first\nsecond\n" {
			t.Errorf("file holds %q", got)
		}
	})
}

func TestWriteFileDirectory(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	must(t, os.Mkdir(sub, 0o755))
	must(t, os.Symlink("sub", filepath.Join(dir, "link")))
	for _, p := range []string{sub, filepath.Join(dir, "link")} {
		called := false
		err := WriteFile(p, 0o644, func(io.Writer) error { called = true; return nil })
		if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "directory") {
			t.Errorf("WriteFile(%s) = %v, want an error naming it a directory", p, err)
		}
		if called {
			t.Errorf("WriteFile(%s) called write", p)
		}
		if err := CheckWritable(p); err == nil {
			t.Errorf("CheckWritable(%s) = nil, want an error", p)
		}
	}
}

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	must(t, os.WriteFile(file, []byte("x"), 0o444))
	readOnly := "" // root may write a file of mode 0444 (see also TestNotWritableRefused)
	if os.Geteuid() != 0 {
		readOnly = "not writable: permission denied"
	}
	for _, tt := range []struct {
		name, path string
		want       string // "" for no error, else a fragment
	}{
		{"new file", filepath.Join(dir, "new"), ""},
		{"existing file of mode 0444", file, readOnly},
		{"dangling link", mkLink(t, dir, "dangling", "nowhere"), ""},
		{"missing directory", filepath.Join(dir, "nodir", "m.json"), "does not exist"},
		{"parent is a file", filepath.Join(file, "m.json"), "not a directory"},
		{"directory", dir, "is a directory"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckWritable(tt.path)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("got %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
	if got := names(t, dir); !slices.Equal(got, []string{"dangling", "file"}) {
		t.Errorf("CheckWritable left %q", got)
	}
}

func mkLink(t *testing.T, dir, name, to string) string {
	p := filepath.Join(dir, name)
	must(t, os.Symlink(to, p))
	return p
}

func TestOverwrites(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	must(t, os.WriteFile(a, []byte("a"), 0o644))
	must(t, os.WriteFile(b, []byte("b"), 0o644))
	must(t, os.Link(a, filepath.Join(dir, "hard")))
	must(t, os.Symlink("a", filepath.Join(dir, "soft")))
	must(t, os.Symlink(dir, filepath.Join(dir, "dirlink")))
	for _, tt := range []struct {
		out, in string
		want    bool
	}{
		{a, a, true},
		{a, b, false},
		{filepath.Join(dir, "hard"), a, true},
		{filepath.Join(dir, "soft"), a, true},
		{filepath.Join(dir, "dirlink", "a"), a, true},
		{filepath.Join(dir, "new"), filepath.Join(dir, ".", "new"), true},
		{filepath.Join(dir, "dirlink", "new"), filepath.Join(dir, "new"), true},
		{filepath.Join(dir, "new"), filepath.Join(dir, "new2"), false},
		{filepath.Join(dir, "new"), a, false},
	} {
		if got := Overwrites(tt.out, tt.in); got != tt.want {
			t.Errorf("Overwrites(%s, %s) = %v, want %v", tt.out, tt.in, got, tt.want)
		}
	}
	if runtime.GOOS == "linux" {
		n := filepath.Join(dir, "null")
		if err := syscall.Mknod(n, syscall.S_IFCHR|0o666, 1<<8|3); err == nil && Overwrites(n, n) {
			t.Errorf("Overwrites(device, same device) = true, want false")
		}
	}
}

func TestRemoveStale(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no PIDs to probe")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "m.json")
	must(t, os.WriteFile(out, []byte("old"), 0o644))
	// A PID that is surely dead: a child that has exited and been reaped.
	p, err := os.StartProcess("/bin/sh", []string{"sh", "-c", "exit 0"}, &os.ProcAttr{})
	if err != nil {
		t.Skipf("starting a child: %v", err)
	}
	dead := p.Pid
	p.Wait()
	host := hostname()
	stale := "." + "m.json" + tempMarker + host + "." + strconv.Itoa(dead) + ".123"
	otherFile := "." + "other.csv" + tempMarker + host + "." + strconv.Itoa(dead) + ".456"
	live := "." + "m.json" + tempMarker + host + "." + strconv.Itoa(os.Getppid()) + ".789"
	otherHost := "." + "m.json" + tempMarker + "elsewhere.example." + strconv.Itoa(dead) + ".1"
	foreign := ".m.json.tmp-12345" // not ours
	for _, n := range []string{stale, otherFile, live, otherHost, foreign} {
		must(t, os.WriteFile(filepath.Join(dir, n), []byte("partial"), 0o600))
	}
	if err := WriteFile(out, 0o644, writeString("new")); err != nil {
		t.Fatal(err)
	}
	want := []string{live, otherHost, foreign, "m.json"}
	slices.Sort(want)
	if got := names(t, dir); !slices.Equal(got, want) {
		t.Errorf("directory holds\n%q, want\n%q", got, want)
	}
}

func TestParseTemp(t *testing.T) {
	for _, tt := range []struct {
		name string
		host string
		pid  int
		ok   bool
	}{
		{".m.json.hornets-tmp.box.example.org.42.xyz", "box.example.org", 42, true},
		{".a.hornets-tmp.b.hornets-tmp.h.7.1", "h", 7, true},
		{".m.json.hornets-tmp.h.x.1", "", 0, false},
		{"m.json.hornets-tmp.h.1.1", "", 0, false},
		{".m.json.hornets-tmp.1", "", 0, false},
	} {
		host, pid, ok := parseTemp(tt.name)
		if host != tt.host || pid != tt.pid || ok != tt.ok {
			t.Errorf("parseTemp(%q) = %q, %d, %v, want %q, %d, %v", tt.name, host, pid, ok, tt.host, tt.pid, tt.ok)
		}
	}
}

func TestTmpfileUsed(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("O_TMPFILE is Linux only")
	}
	tf, err := createTemp(t.TempDir(), "x")
	must(t, err)
	tf.discard()
	if !tf.unnamed {
		t.Skip("the file system of the temporary directory has no O_TMPFILE")
	}
}
