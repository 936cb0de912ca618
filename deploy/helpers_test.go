package deploy

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	buildDir  string
	buildBin  string
	buildErr  error
	buildOut  []byte
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// hornetctlBinary builds ../cmd/hornetctl once per test binary and returns its path. It skips the test with
// -short, and when the built hornetctl has no merge command (the sharding of issue 11 not merged yet).
func hornetctlBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds hornetctl and runs sharded sweeps; skipped with -short")
	}
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "hornets-deploy-test-")
		if buildErr != nil {
			return
		}
		buildBin = filepath.Join(buildDir, "hornetctl")
		cmd := exec.Command("go", "build", "-o", buildBin, "../cmd/hornetctl")
		buildOut, buildErr = cmd.CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("go build ../cmd/hornetctl: %v\n%s", buildErr, buildOut)
	}
	if out, err := exec.Command(buildBin, "merge", "--help").CombinedOutput(); err != nil {
		t.Skipf("this hornetctl has no merge command (sharding of issue 11 not merged yet): %v: %s", err, firstLine(out))
	}
	return buildBin
}

// cleanEnv is the test's environment without the variables that pick a shard index, plus extra.
func cleanEnv(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX", "HORNETS_SHARDS":
			continue
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

// run runs name with args in dir (the test's directory when empty) and env, failing the test with its stderr on a
// non-zero exit or after timeout. It returns standard output.
func run(t *testing.T, timeout time.Duration, dir string, env []string, name string, args ...string) []byte {
	t.Helper()
	stdout, stderr, err := runCommand(t, timeout, dir, env, name, args...)
	if err != nil {
		t.Fatalf("%s %s: %v\nstderr:\n%s\nstdout:\n%s", name, strings.Join(args, " "), err, tail(stderr, 40), tail(stdout, 20))
	}
	return []byte(stdout)
}

// runCommand runs name with args in dir and env and returns what it printed on standard output and standard error,
// and its error. The timeout is cut to end a minute before the test binary's own deadline (go test -timeout), so
// that a command that hangs fails this test with its output instead of the whole package with a goroutine dump; and
// a child the command left holding its output pipes (a daemon, say) cannot keep it waiting more than 10 s after it
// ended or was killed.
func runCommand(t *testing.T, timeout time.Duration, dir string, env []string, name string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	timeout = withinDeadline(t, timeout)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.WaitDelay = 10 * time.Second
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("%w (still running after %v)", err, timeout)
	}
	return out.String(), errOut.String(), err
}

// withinDeadline returns d, cut so that it ends a minute before the test binary's deadline; at least 10 s.
func withinDeadline(t *testing.T, d time.Duration) time.Duration {
	if deadline, ok := t.Deadline(); ok {
		d = min(d, time.Until(deadline)-time.Minute)
	}
	return max(d, 10*time.Second)
}

// reportToCI appends a line to the file HORNETS_CI_REPORT names (.ci/run sets it and prints the file after the
// tests), so that what a skipped or passing end-to-end test found shows in CI's output without -v.
func reportToCI(t *testing.T, format string, args ...any) {
	t.Helper()
	path := os.Getenv("HORNETS_CI_REPORT")
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Logf("HORNETS_CI_REPORT: %v", err)
		return
	}
	defer f.Close()
	line := strings.ReplaceAll(fmt.Sprintf(format, args...), "\n", " | ")
	if _, err := fmt.Fprintf(f, "%s: %s\n", t.Name(), line); err != nil {
		t.Logf("HORNETS_CI_REPORT: %v", err)
	}
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return s
}

func tail(s string, lines int) string {
	parts := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(parts) > lines {
		parts = parts[len(parts)-lines:]
	}
	return strings.Join(parts, "\n")
}

var (
	// A duration written with its unit: 14.1s, 0.39 s, 120ms, 2m3s, 3.5 seconds.
	inlineDuration = regexp.MustCompile(`\b\d+(\.\d+)?(h\d+m|m\d+(\.\d+)?s|ns|µs|us|ms|s| s| sec| seconds)\b`)
	// A table column of times: its header names seconds or time.
	timingHeader = regexp.MustCompile(`(?i)^(.*\bs|.*seconds?|.*\btime|.*\bsecs?|.*wall.*)$`)
	spaces       = regexp.MustCompile(`[ \t]+`)
)

// withoutTimings returns a printed table with its timing fields blanked, so a sharded run's merged table can be
// compared with the unsharded one: markdown columns whose header names seconds or time, durations written with a
// unit anywhere, and (since a time's width moves tabwriter columns) runs of blanks collapsed to one.
func withoutTimings(table string) string {
	var out []string
	var timingCols map[int]bool
	for _, line := range strings.Split(strings.TrimRight(table, "\n"), "\n") {
		if strings.HasPrefix(line, "|") {
			cells := strings.Split(strings.Trim(line, "|"), "|")
			if timingCols == nil { // the header row of a markdown table
				timingCols = map[int]bool{}
				for i, c := range cells {
					if timingHeader.MatchString(strings.TrimSpace(c)) {
						timingCols[i] = true
					}
				}
			} else if !strings.HasPrefix(strings.TrimSpace(cells[0]), "-") && !strings.HasPrefix(strings.TrimSpace(cells[0]), ":") {
				for i := range cells {
					if timingCols[i] {
						cells[i] = " T "
					}
				}
			}
			line = "|" + strings.Join(cells, "|") + "|"
		} else {
			timingCols = nil
		}
		line = inlineDuration.ReplaceAllString(line, "T")
		out = append(out, strings.TrimSpace(spaces.ReplaceAllString(line, " ")))
	}
	return strings.Join(out, "\n") + "\n"
}
