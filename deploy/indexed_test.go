package deploy

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// withoutShardFlags returns a sweep's args without --shard, --shards and --results: the unsharded command.
func withoutShardFlags(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--shard" || a == "--shards" || a == "--results":
			i++
		case strings.HasPrefix(a, "--shard=") || strings.HasPrefix(a, "--shards=") || strings.HasPrefix(a, "--results="):
		default:
			out = append(out, a)
		}
	}
	return out
}

// TestIndexedJobLocally runs the pods of kubernetes/sweep-job.yaml as local processes: the manifest's own args,
// with its data and results mounts mapped to temporary directories, once per completion index with
// JOB_COMPLETION_INDEX set as Kubernetes sets it, all at once. hornetctl merge must then print the table of the
// unsharded command, and the data must be left as it was.
func TestIndexedJobLocally(t *testing.T) {
	bin := hornetctlBinary(t)
	j := readJob(t, sweepManifest)
	if problems := sweepJobProblems(j); len(problems) > 0 {
		t.Fatalf("%s: %s", sweepManifest, strings.Join(problems, "; "))
	}
	c := j.Spec.Template.Spec.Containers[0]
	n := *j.Spec.Completions

	root := t.TempDir()
	mapped := map[string]string{} // mount path in the pod -> local directory
	for _, m := range c.VolumeMounts {
		mapped[m.MountPath] = filepath.Join(root, strings.Trim(m.MountPath, "/"))
		if err := os.MkdirAll(mapped[m.MountPath], 0o755); err != nil {
			t.Fatal(err)
		}
	}
	local := func(p string) string {
		for mp, dir := range mapped {
			if rest, ok := strings.CutPrefix(p, mp); ok && (rest == "" || rest[0] == '/') {
				return dir + rest
			}
		}
		return p
	}
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		args[i] = local(a)
	}
	if data, ok := flagValue(args, "--data"); ok {
		// A small table of the kind the sweep is for: 128 rows, 16 binary features, an xor label.
		run(t, time.Minute, "", cleanEnv(), bin, "synth", "--gate", "xor", "--features", "16", "--rows", "128",
			"--seed", "11", "--out", data)
	}
	dataBefore := snapshot(t, mapped["/data"])
	results, _ := flagValue(args, "--results")

	shardFile := func(i int) string { return filepath.Join(results, fmt.Sprintf("shard-%d-of-%d.jsonl", i, n)) }
	// GOMAXPROCS=1: the manifest's cpu limit of 1, which Go reads from the cgroup in a pod.
	podEnv := func(i int) []string { return cleanEnv("JOB_COMPLETION_INDEX="+strconv.Itoa(i), "GOMAXPROCS=1") }

	// Pod 0 is killed (SIGKILL, as when its node is lost) once it has finished a fit, and runs again afterwards as
	// Kubernetes would restart it: the rerun must finish its shard without running a finished fit twice, which
	// merge would refuse as a duplicate.
	start := time.Now()
	// The pods are bounded like every command here, so a hung pod fails the test before go test's deadline.
	ctx, cancel := context.WithTimeout(context.Background(), withinDeadline(t, 5*time.Minute))
	defer cancel()
	var wg sync.WaitGroup
	errs := make([]error, n)
	killedAt := -1
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.CommandContext(ctx, bin, args...)
			cmd.Env, cmd.WaitDelay = podEnv(i), 10*time.Second
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Start(); err != nil {
				errs[i] = err
				return
			}
			if i == 0 {
				done := make(chan error, 1)
				go func() { done <- cmd.Wait() }()
				for {
					select {
					case err := <-done: // finished before a fit landed: nothing to kill
						if err != nil {
							errs[i] = fmt.Errorf("pod 0: %v\n%s", err, tail(out.String(), 20))
						}
						return
					case <-time.After(20 * time.Millisecond):
					}
					if b, _ := os.ReadFile(shardFile(0)); bytes.Count(b, []byte("\n")) >= 1 {
						cmd.Process.Kill()
						<-done
						b, _ = os.ReadFile(shardFile(0))
						killedAt = bytes.Count(b, []byte("\n"))
						return
					}
				}
			}
			if err := cmd.Wait(); err != nil {
				errs[i] = fmt.Errorf("pod %d: %v\n%s", i, err, tail(out.String(), 20))
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if killedAt >= 0 {
		t.Logf("pod 0 killed with %d fits in its file; restarted", killedAt)
		run(t, 5*time.Minute, "", podEnv(0), bin, args...)
	}
	t.Logf("%d pods as processes: %v", n, time.Since(start).Round(time.Millisecond))
	for i := range n {
		if _, err := os.Stat(shardFile(i)); err != nil {
			t.Errorf("pod %d wrote no shard file: %v", i, err)
		}
	}

	// A pod restarted after it finished (backoffLimit) must add nothing.
	shard0 := shardFile(0)
	before, _ := os.ReadFile(shard0)
	run(t, 5*time.Minute, "", podEnv(0), bin, args...)
	if after, _ := os.ReadFile(shard0); !bytes.Equal(before, after) {
		t.Errorf("rerunning finished shard 0 changed %s (%d bytes, then %d)", shard0, len(before), len(after))
	}

	merged := string(run(t, time.Minute, "", cleanEnv(), bin, "merge", results))
	start = time.Now()
	whole := string(run(t, 10*time.Minute, "", cleanEnv(), bin, withoutShardFlags(args)...))
	t.Logf("unsharded run: %v", time.Since(start).Round(time.Millisecond))
	if withoutTimings(merged) != withoutTimings(whole) {
		t.Errorf("merged table differs from the unsharded run's apart from timings\nmerged:\n%s\nunsharded:\n%s", merged, whole)
	}
	if after := snapshot(t, mapped["/data"]); !slices.Equal(dataBefore, after) {
		t.Errorf("the read-only data directory changed: %q, then %q", dataBefore, after)
	}
}

// snapshot lists every file under dir with its size and contents' length-prefixed bytes, to notice any write.
func snapshot(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		out = append(out, fmt.Sprintf("%s %d %x", p, len(b), b))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
