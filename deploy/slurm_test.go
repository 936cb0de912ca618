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
		t.Skip("Slurm is not installed; to run this test, as root: apt-get update && apt-get install -y slurm-wlm munge (.ci/run does this)")
	}
	if os.Geteuid() != 0 {
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
		if out, err := exec.Command(script, "stop", state).CombinedOutput(); err != nil {
			t.Errorf("local-cluster.sh stop: %v\n%s", err, out)
		}
	})
	start := time.Now()
	run(t, 2*time.Minute, "", env, script, "start", state)
	t.Logf("cluster started in %v", time.Since(start).Round(time.Millisecond))

	work := t.TempDir()
	t.Cleanup(func() { // registered after the stop, so it runs before it
		if !t.Failed() {
			return
		}
		logs, _ := filepath.Glob(filepath.Join(work, "hornets-*.out"))
		for _, f := range append(logs, filepath.Join(state, "log", "slurmctld.log"), filepath.Join(state, "log", "slurmd.log")) {
			b, _ := os.ReadFile(f)
			t.Logf("%s:\n%s", f, tail(string(b), 15))
		}
	})
	results := filepath.Join(work, "results")
	submit, _ := filepath.Abs("slurm/submit.sh")
	start = time.Now()
	jobEnv := append(env, "HORNETCTL="+bin, "HORNETS_RESULTS="+results, "HORNETS_WAIT_POLL=1")
	ids := run(t, 10*time.Minute, work, jobEnv, submit, append([]string{"--wait", fmt.Sprint(tasks)}, sweep...)...)
	t.Logf("sharded sweep on Slurm (jobs %s): %v", strings.TrimSpace(string(ids)), time.Since(start).Round(time.Millisecond))
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
}
