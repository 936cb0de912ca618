package deploy

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// freePort returns a TCP port nothing listens on now, so the test's cluster cannot collide with a real Slurm
// (6817/6818) or another run of this test.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return fmt.Sprint(l.Addr().(*net.TCPAddr).Port)
}

// TestSlurmSweepEndToEnd starts a single-node Slurm cluster with slurm/local-cluster.sh, submits a sharded
// `bench synthetic` sweep with slurm/submit.sh (the sweep.sbatch job array of 4 tasks, then merge.sbatch after it),
// and checks the merged table equals the unsharded run's apart from timings.
func TestSlurmSweepEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("sbatch"); err != nil {
		reportToCI(t, "skipped: Slurm is not installed")
		t.Skip("Slurm is not installed; to run this test, as root: apt-get update && apt-get install -y slurm-wlm munge (.ci/run does this)")
	}
	if os.Geteuid() != 0 {
		reportToCI(t, "skipped: not root")
		t.Skip("starting the local Slurm cluster needs root (slurmd runs jobs as their user)")
	}
	bin := hornetctlBinary(t)
	sweep := []string{"bench", "synthetic", "--reps", "2", "--features", "8,16"}
	const tasks = 4

	state := filepath.Join(t.TempDir(), "slurm")
	env := cleanEnv("SLURM_CONF="+filepath.Join(state, "slurm.conf"),
		"HORNETS_SLURMCTLD_PORT="+freePort(t), "HORNETS_SLURMD_PORT="+freePort(t))
	script, err := filepath.Abs("slurm/local-cluster.sh")
	if err != nil {
		t.Fatal(err)
	}
	// Registered first, so a start that fails half way still ends the daemons it did start.
	t.Cleanup(func() {
		if out, stderr, err := runCommand(t, 2*time.Minute, "", env, script, "stop", state); err != nil {
			t.Errorf("local-cluster.sh stop: %v\n%s%s", err, out, stderr)
		}
	})
	start := time.Now()
	run(t, 2*time.Minute, "", env, script, "start", state)
	started := time.Since(start).Round(time.Millisecond)
	t.Logf("cluster started in %v", started)

	work := t.TempDir()
	t.Cleanup(func() { // registered after the stop, so it runs before it
		if !t.Failed() && !t.Skipped() {
			return
		}
		logs, _ := filepath.Glob(filepath.Join(work, "hornets-*.out"))
		for _, f := range append(logs, filepath.Join(state, "log", "slurmctld.log"), filepath.Join(state, "log", "slurmd.log")) {
			b, _ := os.ReadFile(f)
			t.Logf("%s:\n%s", f, tail(string(b), 15))
		}
	})
	// Whether this machine's cluster runs a job at all is the environment's affair, not the scripts': a node
	// that never takes a job (a launch that fails and is held, a node drained at registration) skips the test,
	// saying why, here and in CI's report.
	if trouble := probeJob(t, env, work, time.Minute); trouble != "" {
		reportToCI(t, "skipped: the local Slurm cluster (started in %v) ran no job: %s", started, trouble)
		t.Skipf("the local Slurm cluster ran no job, so the sweep scripts cannot be tried here: %s", trouble)
	}

	results := filepath.Join(work, "results")
	submit, _ := filepath.Abs("slurm/submit.sh")
	start = time.Now()
	// The wait is bounded well inside go test's deadline, so a sweep stuck in the queue fails with Slurm's reasons.
	wait := max(withinDeadline(t, 5*time.Minute)-30*time.Second, 10*time.Second)
	jobEnv := append(env, "HORNETCTL="+bin, "HORNETS_RESULTS="+results, "HORNETS_WAIT_POLL=1",
		fmt.Sprintf("HORNETS_WAIT_TIMEOUT=%d", int(wait.Seconds())))
	ids, stderr, err := runCommand(t, wait+time.Minute, work, jobEnv, submit, append([]string{"--wait", fmt.Sprint(tasks)}, sweep...)...)
	if err != nil {
		if trouble := clusterTrouble(t, env); trouble != "" {
			reportToCI(t, "skipped: the local Slurm cluster stopped running jobs during the sweep: %s; submit.sh: %s", trouble, tail(stderr, 3))
			t.Skipf("the local Slurm cluster stopped running jobs during the sweep: %s\nsubmit.sh: %v\n%s", trouble, err, tail(stderr, 20))
		}
		t.Fatalf("submit.sh --wait: %v\ncluster: %s\nstderr:\n%s", err, clusterState(t, env), tail(stderr, 20))
	}
	sharded := time.Since(start).Round(time.Millisecond)
	t.Logf("sharded sweep on Slurm (jobs %s): %v", strings.TrimSpace(ids), sharded)
	logs, _ := filepath.Glob(filepath.Join(work, "hornets-*.out"))
	if len(logs) != tasks+1 {
		t.Errorf("want %d job logs (%d array tasks and the merge), got %q", tasks+1, tasks, logs)
	}
	for i := range tasks {
		if _, err := os.Stat(filepath.Join(results, fmt.Sprintf("shard-%d-of-%d.jsonl", i, tasks))); err != nil {
			t.Errorf("array task %d wrote no shard file: %v", i, err)
		}
	}
	merged, err := os.ReadFile(results + ".merged.txt")
	if err != nil {
		t.Fatalf("merge.sbatch wrote no table: %v", err)
	}
	start = time.Now()
	whole := run(t, 10*time.Minute, "", cleanEnv(), bin, sweep...)
	t.Logf("unsharded run: %v", time.Since(start).Round(time.Millisecond))
	if withoutTimings(string(merged)) != withoutTimings(string(whole)) {
		t.Errorf("merged table differs from the unsharded run's apart from timings\nmerged:\n%s\nunsharded:\n%s", merged, whole)
	}
	if !t.Failed() {
		reportToCI(t, "passed: a single-node Slurm cluster started in %v; the %d-task sweep and its merge took %v", started, tasks, sharded)
	}
}

// probeJob submits a job that only echoes and waits up to limit for it to leave the queue. It returns "" when the job
// COMPLETED, and otherwise what happened with the cluster's state; a job still queued is cancelled.
func probeJob(t *testing.T, env []string, dir string, limit time.Duration) string {
	t.Helper()
	out, stderr, err := runCommand(t, time.Minute, dir, env, "sbatch", "--parsable", "--job-name=hornets-probe",
		"--output=hornets-probe-%j.log", "--wrap", "echo probe")
	if err != nil {
		return fmt.Sprintf("sbatch of a one-line job: %v: %s", err, firstLine([]byte(stderr)))
	}
	id, _, _ := strings.Cut(strings.TrimSpace(out), ";")
	start := time.Now()
	for {
		queued, _, err := runCommand(t, time.Minute, dir, env, "squeue", "-h", "--jobs="+id, "-o", "%T")
		if err == nil && strings.TrimSpace(queued) == "" {
			break
		}
		if time.Since(start) > limit {
			trouble := fmt.Sprintf("a one-line job (%s) was still queued after %v; %s", id, limit, clusterState(t, env))
			runCommand(t, time.Minute, dir, env, "scancel", id)
			return trouble
		}
		time.Sleep(250 * time.Millisecond)
	}
	show, _, _ := runCommand(t, time.Minute, dir, env, "scontrol", "show", "job", id)
	if state := field(show, "JobState"); state != "COMPLETED" {
		return fmt.Sprintf("a one-line job (%s) ended %s (%s); %s", id, state, field(show, "Reason"), clusterState(t, env))
	}
	t.Logf("a one-line job ran in %v", time.Since(start).Round(time.Millisecond))
	return ""
}

// field returns the value of NAME=value in scontrol's output, or "unknown".
func field(scontrol, name string) string {
	for _, word := range strings.Fields(scontrol) {
		if v, ok := strings.CutPrefix(word, name+"="); ok {
			return v
		}
	}
	return "unknown"
}

// clusterState is the node's state and reason (sinfo) and every queued job's state and reason (squeue), on one line.
func clusterState(t *testing.T, env []string) string {
	nodes, _, err := runCommand(t, time.Minute, "", env, "sinfo", "-h", "-N", "-o", "%N %T (%E)")
	if err != nil {
		nodes = "sinfo: " + err.Error()
	}
	jobs, _, err := runCommand(t, time.Minute, "", env, "squeue", "-h", "-o", "%i %T (%r)")
	if err != nil {
		jobs = "squeue: " + err.Error()
	}
	join := func(s string) string {
		var lines []string
		for _, l := range strings.Split(s, "\n") {
			if l = strings.Join(strings.Fields(l), " "); l != "" {
				lines = append(lines, l)
			}
		}
		return strings.Join(lines, "; ")
	}
	return fmt.Sprintf("node: %s; jobs: %s", join(nodes), join(jobs))
}

// clusterTrouble returns the cluster's state when it cannot run jobs (its node down, drained, failing or not
// responding, or a job held after a failed launch), and "" when it can.
func clusterTrouble(t *testing.T, env []string) string {
	state := clusterState(t, env)
	lower := strings.ToLower(state)
	for _, sign := range []string{"down", "drain", "fail", "not_responding", "*", "held", "launch failed", "reqnodenotavail", "sinfo:"} {
		if strings.Contains(lower, sign) {
			return state
		}
	}
	return ""
}
