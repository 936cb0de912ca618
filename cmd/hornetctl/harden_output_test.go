// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Issue 8, defects 1, 5, 6, 7: outputs never clobber. Every device node,
// FIFO and symlink is made in t.TempDir(), never in /dev.

// mknodNull makes a twin of /dev/null (character device 1,3) at path, or
// skips the test where the process may not.
func mknodNull(t *testing.T, path string) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("device nodes: Linux only")
	}
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("mknod %s: %v (needs root)", path, err)
	}
}

// wantType fails unless path exists (not followed) with the type bits of
// want.
func wantType(t *testing.T, path string, want fs.FileMode) {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if fi.Mode().Type() != want {
		t.Errorf("%s is now %v, want type %v", path, fi.Mode().Type(), want)
	}
}

// fifoReader makes a FIFO at path and reads it until the last writer
// other than the test closes it: call the returned func after the
// command to get what was written.
func fifoReader(t *testing.T, path string) func() []byte {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	// A reader first (non-blocking open), then a writer of our own that
	// keeps the FIFO from reporting end of file before the command opens it.
	r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	w, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte, 1)
	go func() { b, _ := io.ReadAll(r); r.Close(); got <- b }()
	return func() []byte {
		w.Close()
		select {
		case b := <-got:
			return b
		case <-time.After(10 * time.Second):
			t.Fatal("reading the FIFO hangs")
			return nil
		}
	}
}

func TestOutputKeepsItsType(t *testing.T) {
	fixtures(t)
	trainArgs := func(out string) []string {
		return []string{"train", "--data", fx("train.csv"), "--out", out, "--epochs", "2", "--quiet"}
	}
	t.Run("train --out char device", func(t *testing.T) {
		n := filepath.Join(t.TempDir(), "null")
		mknodNull(t, n)
		mustRun(t, trainArgs(n)...)
		wantType(t, n, fs.ModeDevice|fs.ModeCharDevice)
		if entries, _ := os.ReadDir(filepath.Dir(n)); len(entries) != 1 {
			t.Errorf("directory holds %d entries, want only the node", len(entries))
		}
	})
	t.Run("train --out FIFO with a reader", func(t *testing.T) {
		n := filepath.Join(t.TempDir(), "fifo")
		read := fifoReader(t, n)
		mustRun(t, trainArgs(n)...)
		got := read()
		if _, _, err := model.Load(bytes.NewReader(got)); err != nil {
			t.Errorf("the reader got %d bytes that are not a model: %v", len(got), err)
		}
		wantType(t, n, fs.ModeNamedPipe)
	})
	t.Run("train --out FIFO without a reader", func(t *testing.T) {
		n := filepath.Join(t.TempDir(), "fifo")
		if err := syscall.Mkfifo(n, 0o644); err != nil {
			t.Fatal(err)
		}
		done := make(chan result, 1)
		go func() { done <- runCLI(t, context.Background(), trainArgs(n)...) }()
		select {
		case r := <-done:
			if r.code != 1 || !strings.Contains(r.stderr, "no process reads the FIFO") || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want 1 and one line saying no process reads the FIFO", r.code, r.stderr)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("train --out FIFO without a reader hangs")
		}
		wantType(t, n, fs.ModeNamedPipe)
	})
	t.Run("train --out symlink", func(t *testing.T) {
		dir := t.TempDir()
		target, link := filepath.Join(dir, "model.json"), filepath.Join(dir, "link.json")
		if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("model.json", link); err != nil {
			t.Fatal(err)
		}
		mustRun(t, trainArgs(link)...)
		wantType(t, link, fs.ModeSymlink)
		if to, _ := os.Readlink(link); to != "model.json" {
			t.Errorf("link points at %q, want model.json", to)
		}
		if _, err := train.LoadBundle(target); err != nil {
			t.Errorf("target: %v", err)
		}
		if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
			t.Errorf("target mode %v, want 0600 kept", fi.Mode().Perm())
		}
	})
	t.Run("predict --out symlink", func(t *testing.T) {
		dir := t.TempDir()
		target, link := filepath.Join(dir, "pred.csv"), filepath.Join(dir, "link.csv")
		if err := os.Symlink("pred.csv", link); err != nil { // dangling: predict creates the target
			t.Fatal(err)
		}
		mustRun(t, "predict", "--data", fx("test.csv"), "--model", fx("xor.json"), "--out", link)
		wantType(t, link, fs.ModeSymlink)
		rows := readCSV(t, target)
		if len(rows) != 201 || rows[0][0] != "prediction" {
			t.Errorf("%s: %d rows, header %q; want 201 rows under \"prediction\"", target, len(rows), rows[0])
		}
	})
	t.Run("synth --out char device", func(t *testing.T) {
		n := filepath.Join(t.TempDir(), "null")
		mknodNull(t, n)
		mustRun(t, "synth", "--features", "4", "--rows", "8", "--out", n)
		wantType(t, n, fs.ModeDevice|fs.ModeCharDevice)
	})
}

func TestOutputSameAsInput(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	cp := func(name string) string {
		b, err := os.ReadFile(fx(name))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	data, mdl, test := cp("train.csv"), cp("xor.json"), cp("test.csv")
	link := filepath.Join(dir, "link.csv")
	hard := filepath.Join(dir, "hard.csv")
	if err := os.Symlink("train.csv", link); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(data, hard); err != nil {
		t.Fatal(err)
	}
	inputs := []string{data, mdl, test}
	before := make(map[string][]byte)
	for _, p := range inputs {
		before[p], _ = os.ReadFile(p)
	}
	for _, tt := range []struct {
		name  string
		args  []string
		flags []string // both named in the message
	}{
		{"train --out = --data", []string{"train", "--data", data, "--out", data, "--epochs", "1"}, []string{"--out", "--data"}},
		{"train --out symlink to --data", []string{"train", "--data", data, "--out", link, "--epochs", "1"}, []string{"--out", "--data"}},
		{"train --out hard link of --data", []string{"train", "--data", data, "--out", hard, "--epochs", "1"}, []string{"--out", "--data"}},
		{"train --out = --data spelled differently", []string{"train", "--data", data, "--out", filepath.Join(dir, ".", "..", filepath.Base(dir), "train.csv"), "--epochs", "1"}, []string{"--out", "--data"}},
		{"predict --out = --model", []string{"predict", "--data", test, "--model", mdl, "--out", mdl}, []string{"--out", "--model"}},
		{"predict --out = --data", []string{"predict", "--data", test, "--model", mdl, "--out", test}, []string{"--out", "--data"}},
		{"synth --test-out = --out", []string{"synth", "--out", filepath.Join(dir, "s.csv"), "--test-out", filepath.Join(dir, "s.csv")}, []string{"--test-out", "--out"}},
		{"synth --test-out = existing --out", []string{"synth", "--out", data, "--test-out", link}, []string{"--test-out", "--out"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, context.Background(), tt.args...)
			if r.code != exitUsage || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "same file") {
				t.Errorf("exit %d, stderr %q; want %d and one line saying \"same file\"", r.code, r.stderr, exitUsage)
			}
			for _, f := range tt.flags {
				if !strings.Contains(r.stderr, f+" ") {
					t.Errorf("stderr %q does not name %s", r.stderr, f)
				}
			}
			for _, p := range inputs {
				if got, _ := os.ReadFile(p); !bytes.Equal(got, before[p]) {
					t.Errorf("%s was modified", p)
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "s.csv")); err == nil {
				t.Errorf("s.csv was written")
			}
		})
	}
}

// TestOutputUnwritableFailsFirst checks that an --out that cannot be
// written fails before the data is read: with 100000 epochs, training
// would take minutes. Root ignores permission bits, so a directory of
// mode 0555 proves nothing here; a read-only bind mount (EROFS) binds root
// too, and is tried where the test may mount.
func TestOutputUnwritableFailsFirst(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, out, want string }{
		{"missing directory", filepath.Join(dir, "nodir", "m.json"), "does not exist"},
		{"parent is a file", filepath.Join(fx("train.csv"), "m.json"), "not a directory"},
		{"directory", dir, "is a directory"},
	}
	if os.Geteuid() != 0 {
		if err := os.Chmod(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct{ name, out, want string }{"directory of mode 0555", filepath.Join(ro, "m.json"), "permission denied"})
	} else if mountReadOnly(t, ro) {
		cases = append(cases, struct{ name, out, want string }{"read-only file system", filepath.Join(ro, "m.json"), "read-only file system"})
	} else {
		t.Log("running as root without the right to mount: the unwritable-directory case is not tested")
	}
	for _, c := range cases {
		for _, cmd := range [][]string{
			{"train", "--data", fx("train.csv"), "--epochs", "100000", "--out", c.out},
			{"predict", "--data", fx("test.csv"), "--model", fx("xor.json"), "--out", c.out},
			{"synth", "--rows", "10", "--out", c.out},
			{"cv", "--data", fx("train.csv"), "--epochs", "100000", "--out", c.out},
			{"bench", "real", "--data", fx("train.csv"), "--epochs", "100000", "--out", c.out},
			{"eval", "--data", fx("test.csv"), "--model", fx("xor.json"), "--out", c.out},
			{"rules", "--model", fx("xor.json"), "--out", c.out},
		} {
			name := cmd[0]
			if name == "bench" {
				name += " " + cmd[1]
			}
			t.Run(c.name+"/"+name, func(t *testing.T) {
				start := time.Now()
				r := runCLI(t, context.Background(), cmd...)
				if r.code != exitError || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "--out "+c.out) || !strings.Contains(r.stderr, c.want) {
					t.Errorf("exit %d, stderr %q; want 1 and one line naming --out %s: %s", r.code, r.stderr, c.out, c.want)
				}
				if d := time.Since(start); d > 2*time.Second {
					t.Errorf("failed after %v: the check came after the work", d)
				}
				if r.stdout != "" {
					t.Errorf("stdout %q, want nothing", r.stdout)
				}
			})
		}
	}
}

// mountReadOnly bind-mounts dir read-only onto itself, unmounted at the
// end of the test; false if the process may not mount.
func mountReadOnly(t *testing.T, dir string) bool {
	if runtime.GOOS != "linux" {
		return false
	}
	if err := syscall.Mount(dir, dir, "", syscall.MS_BIND, ""); err != nil {
		return false
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	if err := syscall.Mount("", dir, "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY, ""); err != nil {
		return false
	}
	return true
}

// saveLoopEnv switches the test binary into a helper that saves a large
// model to the path it names, over and over, until killed.
const saveLoopEnv = "HORNETCTL_TEST_SAVE_LOOP"

// saveLoop is that helper. It prints "ready" once the model is built.
func saveLoop(path string) {
	const D = 60000 // ~4 MB of JSON
	rng := rand.New(rand.NewPCG(3, 4))
	x := make([]float64, 2*D)
	for i := range x {
		x[i] = rng.Float64()
	}
	net, err := model.New(model.Config{}, model.Data{X: x, Rows: 2, Features: D, Y: []int{0, 1}, Classes: 2}, rng)
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	os.Stdout.WriteString("ready\n")
	for {
		if err := net.SaveFile(path, nil); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
	}
}

// TestSaveSurvivesSIGKILL kills a process 20 times while it saves a large
// model over a valid one: the file must always load (the old model or the
// complete new one), and no temporary file may remain once the next save
// has cleaned up (with O_TMPFILE, none should exist even before).
func TestSaveSurvivesSIGKILL(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("SIGKILL test: Linux only")
	}
	if testing.Short() {
		t.Skip("SIGKILL test: skipped under -short")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "model.json")
	small := smallNetwork(t)
	if err := small.SaveFile(path, nil); err != nil {
		t.Fatal(err)
	}
	// How long one large save takes, to kill within it.
	saveTime := timeOneSave(t, dir)
	rng := rand.New(rand.NewPCG(8, 9))
	var old, fresh, strays int
	for i := range 20 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), saveLoopEnv+"="+path)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "ready\n" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("helper: %q, %v", line, err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(2 * saveTime))))
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		net, _, err := model.LoadFile(path)
		if err != nil {
			t.Fatalf("kill %d: the model no longer loads: %v", i+1, err)
		}
		if net.Features() == small.Features() {
			old++
		} else {
			fresh++
		}
		strays += countTemps(t, dir)
	}
	t.Logf("20 SIGKILLs (save takes %v): %d found the previous model, %d a complete new one; %d temporary files right after the kills", saveTime, old, fresh, strays)
	// The next save removes the temporaries of dead processes.
	if err := small.SaveFile(path, nil); err != nil {
		t.Fatal(err)
	}
	if n := countTemps(t, dir); n != 0 {
		t.Errorf("%d temporary files remain after the next save", n)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 { // model.json and the timing file
		t.Errorf("directory holds %d entries, want 2", len(entries))
	}
}

// countTemps counts the temporary files in dir.
func countTemps(t *testing.T, dir string) int {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if strings.Contains(e.Name(), ".hornets-tmp.") {
			n++
		}
	}
	return n
}

// timeOneSave runs the helper once to a file of its own in dir and
// returns how long the time between saves is.
func timeOneSave(t *testing.T, dir string) time.Duration {
	p := filepath.Join(dir, "timing.json")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), saveLoopEnv+"="+p)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var ino uint64
	var changes int
	for time.Since(start) < 10*time.Second {
		if fi, err := os.Stat(p); err == nil {
			if st := fi.Sys().(*syscall.Stat_t); st.Ino != ino {
				ino = st.Ino
				if changes++; changes == 4 { // 3 complete saves after the first
					return time.Since(start) / 3
				}
			}
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the helper does not save")
	return 0
}

// smallNetwork returns a 3-feature network.
func smallNetwork(t *testing.T) *model.Network {
	rng := rand.New(rand.NewPCG(1, 1))
	net, err := model.New(model.Config{}, model.Data{X: []float64{0.5, 1, 0, 0.25, 0, 1}, Rows: 2, Features: 3, Y: []int{0, 1}, Classes: 2}, rng)
	if err != nil {
		t.Fatal(err)
	}
	return net
}

// TestInterruptedOutputsKeepOld: synth and predict interrupted before they
// write (a canceled context, as after Ctrl-C once the input is read) exit
// 130 and keep the previous output; eval prints no score.
func TestInterruptedOutputsKeepOld(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	old := filepath.Join(dir, "old.csv")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"synth", []string{"synth", "--gate", "and", "--features", "4", "--rows", "20", "--out", old, "-q"}},
		{"predict", []string{"predict", "--data", fx("test.csv"), "--model", fx("xor.json"), "--out", old}},
		{"eval", []string{"eval", "--data", fx("test.csv"), "--model", fx("xor.json")}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(old, []byte("OLD\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			r := runCLI(t, ctx, tt.args...)
			if r.code != exitInterrupted || !strings.Contains(r.stderr, "interrupted") {
				t.Errorf("exit %d, want %d and a message saying so\nstderr: %s", r.code, exitInterrupted, r.stderr)
			}
			if got, _ := os.ReadFile(old); string(got) != "OLD\n" {
				t.Errorf("the previous output was replaced: %.40q", got)
			}
			if tt.name == "eval" && strings.Contains(r.stdout, "accuracy") {
				t.Errorf("eval printed a score after the interruption:\n%s", r.stdout)
			}
		})
	}
}

// mainEnv switches the test binary into hornetctl itself (see TestMain):
// for tests that need the process's real standard streams.
const mainEnv = "HORNETCTL_TEST_MAIN"

// runMain runs hornetctl with args in a child process (the test binary
// under mainEnv) whose standard input and output are stdin and stdout
// (nil: none, and a buffer), and returns what it did.
func runMain(t *testing.T, stdin, stdout *os.File, args ...string) result {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if stdin != nil { // a nil *os.File in the io.Reader would not be nil
		cmd.Stdin = stdin
	}
	if stdout != nil {
		cmd.Stdout = stdout
	}
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return result{ee.ExitCode(), out.String(), stderr.String()}
	case err != nil:
		t.Fatalf("running hornetctl %s: %v", strings.Join(args, " "), err)
	}
	return result{0, out.String(), stderr.String()}
}

// openFile opens path with flag for the rest of the test.
func openFile(t *testing.T, path string, flag int) *os.File {
	t.Helper()
	f, err := os.OpenFile(path, flag, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestOutputIsNotStdin: an output that is the file standard input reads
// (the shell opened it: --data - --out in.csv < in.csv) is refused, as
// --data in.csv --out in.csv is, and the file keeps its content. Run in a
// child process whose standard input is that file.
func TestOutputIsNotStdin(t *testing.T) {
	fixtures(t)
	for _, tt := range []struct {
		name string
		args func(in string) []string
		flag string
	}{
		{"predict --out", func(in string) []string {
			return []string{"predict", "--data", "-", "--model", fx("xor.json"), "--out", in}
		}, "--out"},
		{"train --out", func(in string) []string { return []string{"train", "--data", "-", "--epochs", "2", "--out", in} }, "--out"},
		{"tune --out", func(in string) []string {
			return []string{"tune", "--data", "-", "--folds", "2", "--epochs", "2", "--out", in}
		}, "--out"},
		{"rules --plot", func(in string) []string {
			return []string{"rules", "--model", fx("xor.json"), "--data", "-", "--plot", in}
		}, "--plot"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			name := "in.csv"
			if tt.flag == "--plot" {
				name = "in.png" // a table named as a plot: --plot checks the extension first
			}
			in := filepath.Join(t.TempDir(), name)
			want, err := os.ReadFile(fx("test.csv"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(in, want, 0o644); err != nil {
				t.Fatal(err)
			}
			r := runMain(t, openFile(t, in, os.O_RDONLY), nil, tt.args(in)...)
			if r.code != exitUsage {
				t.Errorf("exit %d, want %d; stderr %q", r.code, exitUsage, r.stderr)
			}
			msg := r.stderr
			if !strings.Contains(msg, tt.flag+" "+in+" is the file standard input reads") || strings.Count(msg, "\n") != 1 {
				t.Errorf("stderr %q: want one line saying %s is the file standard input reads", msg, tt.flag)
			}
			if got, _ := os.ReadFile(in); !bytes.Equal(got, want) {
				t.Errorf("the input file changed: %d bytes, want %d", len(got), len(want))
			}
		})
	}
	t.Run("another file", func(t *testing.T) { // stdin not the output: written as usual
		out := filepath.Join(t.TempDir(), "pred.csv")
		if r := runMain(t, openFile(t, fx("test.csv"), os.O_RDONLY), nil, "predict", "--data", "-", "--model", fx("xor.json"), "--out", out); r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if fi, err := os.Stat(out); err != nil || fi.Size() == 0 {
			t.Errorf("no predictions written: %v", err)
		}
	})
}

// TestFullStdout: every command that reports on standard output fails
// (exit 1, one line naming the cause) when that output cannot be written,
// as on a full disk; train and bench real's text reports once exited 0 and
// lost it. The child's standard output is a twin of /dev/full (character
// device 1,7) made in a temporary directory.
func TestFullStdout(t *testing.T) {
	fixtures(t)
	full := filepath.Join(t.TempDir(), "full")
	if err := syscall.Mknod(full, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
		t.Skipf("mknod %s: %v (needs root)", full, err)
	}
	model := filepath.Join(t.TempDir(), "m.json")
	for _, args := range [][]string{
		{"train", "--data", fx("train.csv"), "--out", model, "--epochs", "2", "-q"},
		{"train", "--data", fx("train.csv"), "--out", model, "--epochs", "2", "-q", "--format", "json"},
		{"bench", "real", "--data", fx("train.csv"), "--folds", "2", "--epochs", "2", "-q"},
		{"bench", "real", "--data", fx("train.csv"), "--folds", "2", "--epochs", "2", "-q", "--format", "json"},
		{"bench", "real", "--data", fx("train.csv"), "--test", fx("test.csv"), "--epochs", "2", "-q"},
		{"predict", "--data", fx("test.csv"), "--model", fx("xor.json")},
		{"eval", "--data", fx("test.csv"), "--model", fx("xor.json")},
		{"rules", "--model", fx("xor.json")},
		{"cv", "--data", fx("train.csv"), "--folds", "2", "--epochs", "2", "-q"},
		{"version"},
		{"--help"},
		{"train", "--help"},
	} {
		t.Run(strings.Join(args[:min(2, len(args))], " "), func(t *testing.T) {
			r := runMain(t, nil, openFile(t, full, os.O_WRONLY), args...)
			if r.code != exitError {
				t.Errorf("hornetctl %s: exit %d, want %d; stderr %q", strings.Join(args, " "), r.code, exitError, r.stderr)
			}
			if msg := r.stderr; !strings.Contains(msg, "no space left on device") || strings.Count(msg, "\n") != 1 {
				t.Errorf("hornetctl %s: stderr %q, want one line naming the cause", strings.Join(args, " "), msg)
			}
		})
	}
}
