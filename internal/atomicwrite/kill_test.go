// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package atomicwrite

import (
	"bufio"
	"errors"
	"fmt"
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
)

// writeLoopEnv switches the test binary into a helper that writes a large
// file with named temporaries (O_TMPFILE off) to the path it names, over
// and over, until killed.
const writeLoopEnv = "ATOMICWRITE_TEST_WRITE_LOOP"

// bigContent is what the helper writes: complete only with its last line.
var bigContent = strings.Repeat("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n", 1<<17) + "END\n"

// writeOnceEnv switches the test binary into a helper that runs
// CheckWritable and WriteFile once on the path it names (see writeOnce).
const writeOnceEnv = "ATOMICWRITE_TEST_WRITE_ONCE"

// writeOnce runs CheckWritable(path), then WriteFile(path, 0o644) of
// "new\n", and prints one line for each: "ok", or "error" with whether the
// error wraps fs.ErrPermission and the message; the line of WriteFile
// ends with whether write was called.
func writeOnce(path string) {
	result := func(err error) string {
		if err == nil {
			return "ok"
		}
		return fmt.Sprintf("error (permission %v): %v", errors.Is(err, fs.ErrPermission), err)
	}
	fmt.Printf("check: %s\n", result(CheckWritable(path)))
	called := false
	err := WriteFile(path, 0o644, func(w io.Writer) error {
		called = true
		_, err := io.WriteString(w, "new\n")
		return err
	})
	fmt.Printf("write: %s (write called: %v)\n", result(err), called)
	os.Exit(0)
}

func TestMain(m *testing.M) {
	if path := os.Getenv(writeOnceEnv); path != "" {
		writeOnce(path)
	}
	if path := os.Getenv(writeLoopEnv); path != "" {
		noTmpfile = true
		os.Stdout.WriteString("ready\n")
		for {
			if err := WriteFile(path, 0o644, func(w io.Writer) error { _, err := io.WriteString(w, bigContent); return err }); err != nil {
				os.Stderr.WriteString(err.Error() + "\n")
				os.Exit(1)
			}
		}
	}
	os.Exit(m.Run())
}

// TestPortableSurvivesSIGKILL kills the helper 20 times while it writes
// 8 MB with named temporary files: the file is always the old or the
// complete new content, and the next write removes the temporaries the
// killed processes left.
func TestPortableSurvivesSIGKILL(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGKILL")
	}
	if testing.Short() {
		t.Skip("SIGKILL test: skipped under -short")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "out")
	must(t, os.WriteFile(path, []byte("old\n"), 0o644))
	rng := rand.New(rand.NewPCG(5, 6))
	var left int
	for i := range 20 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), writeLoopEnv+"="+path)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		must(t, err)
		must(t, cmd.Start())
		if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "ready\n" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("helper: %q, %v", line, err)
		}
		time.Sleep(time.Duration(rng.IntN(60)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		if got := mustRead(t, path); got != "old\n" && got != bigContent {
			t.Fatalf("kill %d: the file holds %d bytes, neither the old nor the new content", i+1, len(got))
		}
		left += len(names(t, dir)) - 1 // removed by the next helper's first write
	}
	t.Logf("20 SIGKILLs: %d temporary files seen right after a kill (each removed by the next write)", left)
	must(t, WriteFile(path, 0o644, writeString("last\n")))
	if got := names(t, dir); len(got) != 1 {
		t.Errorf("after the next write the directory holds %q, want only out", got)
	}
}
