// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// sweepCase is a tiny sweep of one command, and a format whose output
// holds every result field.
type sweepCase struct {
	name string
	args []string
}

func sweepCases(t *testing.T) []sweepCase {
	fixtures(t)
	real := benchRealData(t)
	splitTrain, splitTest := benchRealSplitData(t)
	return []sweepCase{
		{"cv", []string{"cv", "--data", fx("train.csv"), "--folds", "3", "--repeats", "2", "--epochs", "15", "--seed", "3", "--format", "json"}},
		{"tune", []string{"tune", "--data", fx("train.csv"), "--folds", "2", "--epochs", "10", "--format", "json"}},
		{"bench synthetic", []string{"bench", "synthetic", "--reps", "2", "--features", "8,16", "--gates", "xor,and", "--activation", "polyclip", "--epochs", "20", "--format", "csv"}},
		{"bench real", []string{"bench", "real", "--data", real, "--folds", "3", "--epochs", "15", "--seed", "4", "--format", "json"}},
		{"bench real --test", []string{"bench", "real", "--data", splitTrain, "--test", splitTest, "--repeats", "2", "--categorical", "*", "--epochs", "15", "--seed", "4", "--format", "json"}},
	}
}

// timingFields matches the timing fields of the JSON and CSV outputs.
var timingFields = regexp.MustCompile(`"seconds": [0-9.e+-]+|,[0-9.]+\n`)

// untimed drops the timing fields of an output.
func untimed(s string) string { return timingFields.ReplaceAllString(s, "<t>") }

// textTimings matches the timing fields of the text and Markdown tables:
// the last column of a table row (seconds in tune, bench synthetic and
// bench real) and a total such as "(4.9s)".
var (
	textTimings = regexp.MustCompile(`(?m)[0-9.]+ \|$|[0-9.]+s\)`)
	tuneSeconds = regexp.MustCompile(`(?m)  [0-9.]+$`) // tune's last column; cv's is macro-F1
)

func untimedText(s string) string {
	s = textTimings.ReplaceAllString(s, "<t>")
	if strings.Contains(s, "configurations of --grid") {
		s = tuneSeconds.ReplaceAllString(s, "<t>")
	}
	return s
}

// withoutFormat drops --format and its value from args.
func withoutFormat(args []string) ([]string, string) {
	for i, a := range args {
		if a == "--format" {
			return append(append([]string{}, args[:i]...), args[i+2:]...), args[i+1]
		}
	}
	return args, "text"
}

// runShards runs shards 0..n-1 of args into dir at once, in this process.
func runShards(t *testing.T, args []string, dir string, n int) {
	t.Helper()
	base, _ := withoutFormat(args)
	var wg sync.WaitGroup
	res := make([]result, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i] = runCLI(t, context.Background(), shardArgs(base, i, n, dir)...)
		}()
	}
	wg.Wait()
	for i, r := range res {
		if r.code != 0 || r.stdout != "" {
			t.Fatalf("shard %d/%d: exit %d, stdout %q\n%s", i, n, r.code, r.stdout, r.stderr)
		}
	}
}

// shardArgs returns the arguments of shard i of n of base into dir, in an
// array of their own. The goroutines of runShards build theirs at once: an
// append to a base with spare capacity (one made by append, as the seed-9
// args of TestMergeErrors) wrote them all into the same array, and a
// goroutine could copy another's --shard before its run began, so two
// runs wrote one shard ("shard-2-of-4.jsonl is being written by another
// hornetctl run") and another shard was missing.
func shardArgs(base []string, i, n int, dir string) []string {
	return append(base[:len(base):len(base)], "--shard", fmt.Sprintf("%d/%d", i, n), "--results", dir, "--jobs", "1")
}

// TestShardArgsOwnArray: building the arguments of one shard leaves those
// of another as they were, even when the base has spare capacity.
func TestShardArgsOwnArray(t *testing.T) {
	base := append(make([]string, 0, 16), "cv", "--seed", "9") // room for every shard's arguments
	args := make([][]string, 4)
	for i := range args {
		args[i] = shardArgs(base, i, len(args), "d")
	}
	for i, a := range args {
		want := []string{"cv", "--seed", "9", "--shard", fmt.Sprintf("%d/4", i), "--results", "d", "--jobs", "1"}
		if !slices.Equal(a, want) {
			t.Errorf("shard %d: %q, want %q", i, a, want)
		}
	}
	if want := []string{"cv", "--seed", "9"}; !slices.Equal(base, want) {
		t.Errorf("base changed: %q", base)
	}
}

// TestShardsMergeAsUnsharded: four shards run at once, then merge, print
// what the unsharded command prints, apart from the timing fields; and so
// do the other formats of merge.
func TestShardsMergeAsUnsharded(t *testing.T) {
	for _, tc := range sweepCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			want := mustRun(t, tc.args...).stdout
			dir := filepath.Join(t.TempDir(), "a", "results") // parents are created
			runShards(t, tc.args, dir, 4)
			_, format := withoutFormat(tc.args)
			got := mustRun(t, "merge", dir, "--format", format).stdout
			if untimed(got) != untimed(want) {
				t.Errorf("merged:\n%s\nunsharded:\n%s", got, want)
			}
			if untimed(got) == got && format != "csv" {
				t.Errorf("no timing field masked: the comparison is too lax\n%s", got)
			}
			if tc.name == "bench synthetic" || tc.name == "bench real" {
				plotPath := filepath.Join(t.TempDir(), "plot.svg")
				mustRun(t, "merge", dir, "--plot", plotPath)
				if b, err := os.ReadFile(plotPath); err != nil || !bytes.Contains(b, []byte("<svg")) {
					t.Errorf("merge --plot %s: %v\n%.80q", plotPath, err, b)
				}
			}
			// The default (text or Markdown) table agrees but for timings too.
			base, _ := withoutFormat(tc.args)
			wantText := mustRun(t, base...).stdout
			gotText := mustRun(t, "merge", dir).stdout
			if untimedText(gotText) != untimedText(wantText) || untimedText(gotText) == gotText {
				t.Errorf("merged text:\n%s\nunsharded:\n%s", gotText, wantText)
			}
		})
	}
}

func TestShardUnitsAreKeyedAndUnique(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	args := []string{"cv", "--data", fx("train.csv"), "--folds", "3", "--repeats", "2", "--epochs", "5"}
	runShards(t, args, dir, 4)
	seen := map[int]bool{}
	for i := range 4 {
		raw, err := os.ReadFile(filepath.Join(dir, shardFileName(i, 4)))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
			var rec map[string]any
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			u := int(rec["unit"].(float64))
			for _, k := range []string{"command", "sweep", "units", "dataset", "repeat", "fold", "seed", "macro_f1", "accuracy", "seconds"} {
				if _, ok := rec[k]; !ok {
					t.Errorf("shard %d line lacks %q: %s", i, k, line)
				}
			}
			if u%4 != i || seen[u] {
				t.Errorf("unit %d in shard %d (seen before: %v)", u, i, seen[u])
			}
			seen[u] = true
		}
	}
	if len(seen) != 6 {
		t.Errorf("%d units in the shards, want 6", len(seen))
	}
}

// TestShardResume: a shard killed while writing a unit (its last line cut
// short) reruns only the units it lacks, without duplicates.
func TestShardResume(t *testing.T) {
	fixtures(t)
	args := []string{"cv", "--data", fx("train.csv"), "--folds", "4", "--repeats", "2", "--epochs", "10", "--format", "json"}
	want := mustRun(t, args...).stdout
	dir := t.TempDir()
	runShards(t, args, dir, 2)
	path := filepath.Join(dir, shardFileName(1, 2))
	raw, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(raw), "\n")
	if len(lines) < 4 {
		t.Fatalf("shard 1/2 has %d lines", len(lines))
	}
	// Keep the first unit and half of the second, as a kill would.
	cut := lines[0] + lines[1][:len(lines[1])/2]
	if err := os.WriteFile(path, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, context.Background(), "merge", dir)
	if r.code != 1 || !strings.Contains(r.stderr, "shard-1-of-2") || !strings.Contains(r.stderr, "missing") {
		t.Errorf("merge with a killed shard: exit %d\n%s\nwant exit 1 naming shard-1-of-2", r.code, r.stderr)
	}
	base, _ := withoutFormat(args)
	r = mustRun(t, append(base, "--shard", "1/2", "--results", dir)...)
	if !strings.Contains(r.stderr, "3 run now, 1 resumed") {
		t.Errorf("rerun of shard 1/2:\n%s\nwant 3 units run and 1 resumed", r.stderr)
	}
	raw, _ = os.ReadFile(path)
	if n := strings.Count(string(raw), "\n"); n != 4 || !strings.HasPrefix(string(raw), lines[0]) {
		t.Errorf("shard 1/2 after the rerun: %d lines, want 4 starting with the kept one:\n%s", n, raw)
	}
	// A second rerun is idempotent.
	mustRun(t, append(base, "--shard", "1/2", "--results", dir)...)
	raw2, _ := os.ReadFile(path)
	if !bytes.Equal(raw, raw2) {
		t.Errorf("a rerun of a finished shard changed its file")
	}
	got := mustRun(t, "merge", dir, "--format", "json").stdout
	if untimed(got) != untimed(want) {
		t.Errorf("merged after resuming:\n%s\nwant\n%s", got, want)
	}
}

// TestShardCancelResume: a shard stopped by its context keeps the units
// it finished, and a rerun completes it.
func TestShardCancelResume(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	args := []string{"bench", "synthetic", "--reps", "3", "--features", "8", "--gates", "xor,and", "--activation", "polyclip", "--epochs", "20",
		"--shard", "0/1", "--results", dir, "--jobs", "1"}
	ctx, cancel := context.WithCancel(context.Background())
	path := filepath.Join(dir, shardFileName(0, 1))
	done := make(chan result, 1)
	go func() { done <- runCLI(t, ctx, args...) }()
	var r result
wait:
	for { // cancel once two units are in the file
		select {
		case r = <-done:
			break wait
		case <-time.After(5 * time.Millisecond):
		}
		if raw, _ := os.ReadFile(path); bytes.Count(raw, []byte("\n")) >= 2 {
			cancel()
			r = <-done
			break
		}
	}
	cancel()
	if r.code == 0 {
		t.Skip("the shard finished before it was cancelled")
	}
	if r.code != exitInterrupted || !strings.Contains(r.stderr, "rerun the same command") {
		t.Errorf("cancelled shard: exit %d\n%s", r.code, r.stderr)
	}
	mustRun(t, args...)
	raw, _ := os.ReadFile(path)
	if n := bytes.Count(raw, []byte("\n")); n != 6 {
		t.Errorf("%d lines after the rerun, want 6:\n%s", n, raw)
	}
	mustRun(t, "merge", dir)
}

func TestMergeErrors(t *testing.T) {
	fixtures(t)
	args := []string{"cv", "--data", fx("train.csv"), "--folds", "2", "--repeats", "2", "--epochs", "5"}
	dir := t.TempDir()
	runShards(t, args, dir, 4)
	copyDir := func() string {
		d := t.TempDir()
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			raw, _ := os.ReadFile(filepath.Join(dir, e.Name()))
			os.WriteFile(filepath.Join(d, e.Name()), raw, 0o644)
		}
		return d
	}
	mustRun(t, "merge", dir)

	missing := copyDir()
	os.Remove(filepath.Join(missing, shardFileName(2, 4)))
	r := runCLI(t, context.Background(), "merge", missing)
	if r.code != 1 || !strings.Contains(r.stderr, "shard-2-of-4") || strings.Contains(r.stderr, "shard-1-of-4") {
		t.Errorf("a missing shard: exit %d\n%s\nwant exit 1 naming shard-2-of-4 only", r.code, r.stderr)
	}
	// The command to rerun is spelled out (it said "--shard I/4" and "1 units").
	if !strings.Contains(r.stderr, "rerun --shard 2/4 (shard-2-of-4, unit") || strings.Contains(r.stderr, "I/4") || strings.Contains(r.stderr, "1 units") {
		t.Errorf("a missing shard: the message does not say how to rerun it:\n%s", r.stderr)
	}

	dup := copyDir()
	p := filepath.Join(dup, shardFileName(1, 4))
	raw, _ := os.ReadFile(p)
	os.WriteFile(p, append(raw, raw...), 0o644)
	r = runCLI(t, context.Background(), "merge", dup)
	if r.code != 1 || !strings.Contains(r.stderr, "duplicate unit") || !strings.Contains(r.stderr, "shard-1-of-4.jsonl") {
		t.Errorf("a duplicate unit: exit %d\n%s", r.code, r.stderr)
	}

	other := copyDir()
	otherDir := t.TempDir()
	runShards(t, append(args[:len(args):len(args)], "--seed", "9"), otherDir, 4)
	raw, _ = os.ReadFile(filepath.Join(otherDir, shardFileName(3, 4)))
	os.WriteFile(filepath.Join(other, shardFileName(3, 4)), raw, 0o644)
	r = runCLI(t, context.Background(), "merge", other)
	if r.code != 1 || !strings.Contains(r.stderr, "different sweeps") {
		t.Errorf("files of two sweeps: exit %d\n%s", r.code, r.stderr)
	}
	// A shard of another sweep in a results directory is refused too.
	base := append(args[:len(args):len(args)], "--seed", "9", "--shard", "1/4", "--results", dir)
	r = runCLI(t, context.Background(), base...)
	if r.code != 2 || !strings.Contains(r.stderr, "another sweep") {
		t.Errorf("a shard into another sweep's file: exit %d\n%s", r.code, r.stderr)
	}

	// Hostile files: a FIFO in place of the spec must not block, and a
	// results file past the size bound must not be read into memory.
	fifo := copyDir()
	specs, _ := filepath.Glob(filepath.Join(fifo, "sweep-*.json"))
	if len(specs) != 1 {
		t.Fatalf("%d sweep specs in %s", len(specs), fifo)
	}
	os.Remove(specs[0])
	if err := syscall.Mkfifo(specs[0], 0o644); err != nil {
		t.Fatal(err)
	}
	r = runCLI(t, context.Background(), "merge", fifo)
	if r.code != 1 || !strings.Contains(r.stderr, "not a regular file") {
		t.Errorf("a FIFO as the spec: exit %d\n%s", r.code, r.stderr)
	}
	huge := copyDir()
	hp := filepath.Join(huge, shardFileName(0, 4))
	if err := os.Truncate(hp, maxResultsBytes+1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	r = runCLI(t, context.Background(), "merge", huge)
	if r.code != 1 || !strings.Contains(r.stderr, "larger than 1024 MiB") {
		t.Errorf("a results file past the bound: exit %d\n%s", r.code, r.stderr)
	}

	// A spec forged to claim two billion units, its fingerprint recomputed
	// (a plain hash, not a signature), is refused before anything is sized
	// by it; so are unit records with impossible scores.
	forged := copyDir()
	specs, _ = filepath.Glob(filepath.Join(forged, "sweep-*.json"))
	var spec map[string]any
	raw, _ = os.ReadFile(specs[0])
	if err := json.Unmarshal(raw, &spec); err != nil {
		t.Fatal(err)
	}
	spec["units"] = 2_000_000_000
	raw, _ = json.Marshal(spec)
	sum := sha256.Sum256(raw)
	fp := hex.EncodeToString(sum[:16])
	os.Remove(specs[0])
	os.WriteFile(filepath.Join(forged, specFileName(fp)), append(raw, '\n'), 0o644)
	for i := range 4 {
		p := filepath.Join(forged, shardFileName(i, 4))
		raw, _ := os.ReadFile(p)
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
			var rec map[string]any
			json.Unmarshal([]byte(l), &rec)
			rec["sweep"], rec["units"] = fp, 2_000_000_000
			b, _ := json.Marshal(rec)
			lines = append(lines, string(b))
		}
		os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	}
	r = runCLI(t, context.Background(), "merge", forged)
	if r.code != 1 || !strings.Contains(r.stderr, "a sweep of 2000000000 units; a sweep has 0 to 1048576") {
		t.Errorf("a spec claiming 2e9 units: exit %d\n%s", r.code, r.stderr)
	}
	for _, edit := range []struct{ field, value, want string }{
		{`"macro_f1":`, `-5,"x":`, "macro-F1 -5"},
		{`"rows":`, `-8,"x":`, "-8 rows"},
		{`"seconds":`, `-1,"x":`, "-1 seconds"},
	} {
		bad := copyDir()
		p := filepath.Join(bad, shardFileName(1, 4))
		raw, _ := os.ReadFile(p)
		if !bytes.Contains(raw, []byte(edit.field)) {
			t.Fatalf("%s holds no %s", p, edit.field)
		}
		os.WriteFile(p, bytes.Replace(raw, []byte(edit.field), []byte(edit.field+edit.value), 1), 0o644)
		r = runCLI(t, context.Background(), "merge", bad)
		if r.code != 1 || !strings.Contains(r.stderr, "shard-1-of-4.jsonl: line 1: not a unit record: "+edit.want) {
			t.Errorf("a record with %s%s: exit %d\n%s", edit.field, edit.value, r.code, r.stderr)
		}
	}

	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"merge"}, 2, "one argument"},
		{[]string{"bench", "synthetic", "--reps", "1001"}, 2, "invalid --reps 1001: want 1..1000"},
		// Outputs never replace what they are made from.
		{[]string{"merge", dir, "--out", filepath.Join(dir, shardFileName(0, 4))}, 2, "is the same file as --results"},
		{[]string{"tune", "--data", fx("train.csv"), "--folds", "2", "--results", filepath.Join(dir, "t.png"), "--plot", filepath.Join(dir, "t.png")}, 2, "is the same file as --plot"},
		{[]string{"merge", t.TempDir()}, 1, "no shard files"},
		{[]string{"merge", dir, "--format", "csv"}, 2, "a cv sweep prints text or json"},
		{[]string{"merge", dir, "--plot", filepath.Join(t.TempDir(), "p.png")}, 2, "not of a cv sweep"},
		{[]string{"merge", dir, "--bogus"}, 2, "unknown flag --bogus"},
		{[]string{"merge", dir, dir}, 2, "want one argument"},
		{append(args, "--shard", "4/4", "--results", dir), 2, "invalid --shard"},
		{append(args, "--shard", "1/4"), 2, "--shard needs --results"},
		{append(args, "--resume"), 2, "--resume needs --results"},
		{append(args, "--shards", "4"), 2, "--shards is the shard count of --shard auto"},
		{[]string{"tune", "--data", fx("train.csv"), "--nested", "--shard", "0/2", "--results", dir}, 2, "--nested cannot be combined"},
	} {
		r := runCLI(t, context.Background(), tt.args...)
		if r.code != tt.code || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("hornetctl %s: exit %d\n%s\nwant exit %d and %q", strings.Join(tt.args, " "), r.code, r.stderr, tt.code, tt.want)
		}
	}
}

// TestResultsResumeUnsharded: without --shard, --results appends each
// unit and --resume skips those there; the table is the same.
func TestResultsResumeUnsharded(t *testing.T) {
	fixtures(t)
	file := filepath.Join(t.TempDir(), "sub", "cv.jsonl")
	args := []string{"cv", "--data", fx("train.csv"), "--folds", "3", "--epochs", "10", "--format", "json", "--results", file}
	want := mustRun(t, args...).stdout
	raw, _ := os.ReadFile(file)
	if n := bytes.Count(raw, []byte("\n")); n != 3 {
		t.Fatalf("%d lines in --results, want 3", n)
	}
	r := runCLI(t, context.Background(), args...)
	if r.code != 2 || !strings.Contains(r.stderr, "add --resume") {
		t.Errorf("a second run into the same --results: exit %d\n%s", r.code, r.stderr)
	}
	os.WriteFile(file, raw[:len(raw)-20], 0o644) // the last unit cut short
	got := mustRun(t, append(args, "--resume")...).stdout
	if untimed(got) != untimed(want) {
		t.Errorf("resumed:\n%s\nwant\n%s", got, want)
	}
	raw2, _ := os.ReadFile(file)
	if n := bytes.Count(raw2, []byte("\n")); n != 3 {
		t.Errorf("%d lines after --resume, want 3", n)
	}
	// A dangling symbolic link is refused naming the flag (it said only
	// "link: not a regular file").
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(filepath.Join(t.TempDir(), "none", "x"), link); err != nil {
		t.Fatal(err)
	}
	args[len(args)-1] = link
	if r := runCLI(t, context.Background(), args...); r.code != 1 || !strings.HasPrefix(r.stderr, "hornetctl: --results: "+link+": not a regular file") {
		t.Errorf("--results a dangling link: exit %d\n%s", r.code, r.stderr)
	}
	// A directory takes shard-0-of-1.jsonl, which merge reads.
	dir := t.TempDir()
	args[len(args)-1] = dir
	mustRun(t, args...)
	if got := mustRun(t, "merge", dir, "--format", "json").stdout; untimed(got) != untimed(want) {
		t.Errorf("merge of an unsharded run:\n%s\nwant\n%s", got, want)
	}
}

// TestShardAutoProcesses runs the shards as separate processes, each
// told its index by the variable of Kubernetes Indexed Jobs or of Slurm
// job arrays, as the deploy scripts do.
func TestShardAutoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hornetctl")
	}
	bin := filepath.Join(t.TempDir(), "hornetctl")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	args := []string{"bench", "synthetic", "--reps", "2", "--features", "8,16", "--gates", "xor", "--activation", "polyclip", "--epochs", "20"}
	want := mustRun(t, append(args, "--format", "csv")...).stdout
	for _, env := range []string{envK8sIndex, envSlurmArray} {
		t.Run(env, func(t *testing.T) {
			dir := t.TempDir()
			const n = 4
			cmds := make([]*exec.Cmd, n)
			for i := range n {
				cmds[i] = exec.Command(bin, append(args, "--shard", "auto", "--shards", fmt.Sprint(n), "--results", dir, "--jobs", "1")...)
				cmds[i].Env = append(cleanEnv(), fmt.Sprintf("%s=%d", env, i))
				if err := cmds[i].Start(); err != nil {
					t.Fatal(err)
				}
			}
			for i, c := range cmds {
				if err := c.Wait(); err != nil {
					t.Fatalf("shard %d: %v", i, err)
				}
			}
			out, err := exec.Command(bin, "merge", dir, "--format", "csv").Output()
			if err != nil {
				t.Fatalf("merge: %v", err)
			}
			if untimed(string(out)) != untimed(want) {
				t.Errorf("merged:\n%s\nunsharded:\n%s", out, want)
			}
		})
	}
	t.Run("SIGKILL", func(t *testing.T) {
		// A shard killed mid-run loses at most its units in flight; the
		// rerun completes it without duplicates.
		dir := t.TempDir()
		shard := append(args[:len(args):len(args)], "--reps", "3", "--shard", "1/2", "--results", dir, "--jobs", "1")
		c := exec.Command(bin, shard...)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, shardFileName(1, 2))
		deadline := time.Now().Add(time.Minute)
		for time.Now().Before(deadline) {
			if raw, _ := os.ReadFile(path); bytes.Count(raw, []byte("\n")) >= 1 {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		c.Process.Kill()
		c.Wait()
		raw, _ := os.ReadFile(path)
		if n := bytes.Count(raw, []byte("\n")); n < 1 || n >= 3 {
			t.Skipf("%d units were written before the kill; want 1 or 2", n)
		}
		for _, s := range []string{"0/2", "1/2"} {
			shard[len(shard)-5] = s
			if out, err := exec.Command(bin, shard...).CombinedOutput(); err != nil {
				t.Fatalf("shard %s: %v\n%s", s, err, out)
			}
		}
		raw, _ = os.ReadFile(path)
		if n := bytes.Count(raw, []byte("\n")); n != 3 {
			t.Errorf("shard 1/2 holds %d lines after the rerun, want 3 (units 1, 3, 5)", n)
		}
		out, err := exec.Command(bin, "merge", dir, "--format", "csv").Output()
		want := mustRun(t, append(args, "--reps", "3", "--format", "csv")...).stdout
		if err != nil || untimed(string(out)) != untimed(want) {
			t.Errorf("merged after the kill (%v):\n%s\nunsharded:\n%s", err, out, want)
		}
	})
	c := exec.Command(bin, append(args, "--shard", "auto", "--shards", "4", "--results", t.TempDir())...)
	c.Env = cleanEnv()
	out, err := c.CombinedOutput()
	if code := c.ProcessState.ExitCode(); err == nil || code != 2 || !strings.Contains(string(out), "neither SLURM_ARRAY_TASK_ID") {
		t.Errorf("--shard auto without an index: exit %d\n%s", code, out)
	}
	c = exec.Command(bin, append(args, "--shard", "auto", "--shards", "4", "--results", t.TempDir())...)
	c.Env = append(cleanEnv(), envSlurmArray+"=4")
	out, _ = c.CombinedOutput()
	if code := c.ProcessState.ExitCode(); code != 2 || !strings.Contains(string(out), "SLURM_ARRAY_TASK_ID=\"4\" is not a shard of --shards 4") {
		t.Errorf("--shard auto out of range: exit %d\n%s", code, out)
	}
}

// cleanEnv is the environment without the shard index variables.
func cleanEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, envSlurmArray+"=") && !strings.HasPrefix(kv, envK8sIndex+"=") {
			out = append(out, kv)
		}
	}
	return out
}

// TestResultsFileLocked: a second run appending to a --results file that
// another run holds is refused at once, and the file keeps its lines
// (two runs at once interleaved their records mid-line).
func TestResultsFileLocked(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "res.jsonl")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := lockExclusive(f); err != nil {
		t.Skipf("no advisory locks here: %v", err)
	}
	r := runCLI(t, context.Background(), "cv", "--data", fx("train.csv"), "--folds", "2", "--epochs", "2", "--results", path)
	if r.code != 1 || !strings.Contains(r.stderr, "is being written by another hornetctl run") {
		t.Errorf("cv into a locked --results: exit %d\n%s", r.code, r.stderr)
	}
	if st, err := os.Stat(path); err != nil || st.Size() != 0 {
		t.Errorf("the locked file changed: %v, %v", st, err)
	}
	f.Close() // the lock goes with it
	if r := runCLI(t, context.Background(), "cv", "--data", fx("train.csv"), "--folds", "2", "--epochs", "2", "--results", path); r.code != 0 {
		t.Errorf("cv once the lock is released: exit %d\n%s", r.code, r.stderr)
	}
}

// TestShardedSweepOfSkippedCells: a bench synthetic sweep whose every
// cell is skipped is a usage error (TestBenchSyntheticNoCell), in a shard
// as well, before --results is touched.
func TestShardedSweepOfSkippedCells(t *testing.T) {
	args := []string{"bench", "synthetic", "--reps", "1", "--features", "1", "--gates", "xor", "--activation", "relu"}
	dir := filepath.Join(t.TempDir(), "results")
	r := runCLI(t, context.Background(), shardArgs(args, 0, 2, dir)...)
	if r.code != exitUsage || !strings.Contains(r.stderr, "no cell of --gates xor and --features 1 applies") {
		t.Errorf("shard 0/2: exit %d\n%s", r.code, r.stderr)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("--results %s: %v; want it not made", dir, err)
	}
}

// TestResultsForeignFileKept: --results cuts away only what a killed run
// leaves, the start of a record without its newline; a file holding
// anything else, on its last line too, is refused and left as it was
// (a one-line note was cut away, as if half-written).
func TestResultsForeignFileKept(t *testing.T) {
	fixtures(t)
	for _, tt := range []struct {
		name, content string
		code          int
	}{
		{"a note", "hello world\n", 1},
		{"a note without its newline", "hello world", 1},
		{"a JSON array", "[1, 2, 3]\n", 1},
		{"a JSON object of another tool", `{"a": 1}`, 1},
		{"a record cut short", `{"comm`, 0},
		{"a record cut short after its first field", `{"command":"cv","swe`, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "cv.jsonl")
			if err := os.WriteFile(file, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			r := runCLI(t, context.Background(), "cv", "--data", fx("train.csv"), "--folds", "2", "--epochs", "2", "--format", "json", "--results", file)
			raw, _ := os.ReadFile(file)
			if tt.code != 0 {
				if r.code != tt.code || !strings.Contains(r.stderr, file+": line 1: not a unit record") || strings.Count(r.stderr, "\n") != 1 {
					t.Errorf("exit %d\n%s\nwant exit %d, one line naming %s, line 1", r.code, r.stderr, tt.code, file)
				}
				if string(raw) != tt.content {
					t.Errorf("the file was changed to %q", raw)
				}
				return
			}
			if r.code != 0 {
				t.Fatalf("exit %d\n%s", r.code, r.stderr)
			}
			if n := bytes.Count(raw, []byte("\n")); n != 2 || !bytes.HasPrefix(raw, []byte(recordStart)) {
				t.Errorf("--results after the run: %d lines, starting %.20q; want the 2 units' records", n, raw)
			}
		})
	}
}
