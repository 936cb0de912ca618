package deploy

import (
	"fmt"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The fields of a Kubernetes Job that the sweep depends on; yaml.v3 ignores the rest.
type job struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    *int   `yaml:"completions"`
		Parallelism    *int   `yaml:"parallelism"`
		Template       struct {
			Spec podSpec `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

type podSpec struct {
	RestartPolicy string      `yaml:"restartPolicy"`
	Containers    []container `yaml:"containers"`
	Volumes       []volume    `yaml:"volumes"`
}

type container struct {
	Name    string   `yaml:"name"`
	Image   string   `yaml:"image"`
	Command []string `yaml:"command"`
	Args    []string `yaml:"args"`
	Env     []struct {
		Name  string `yaml:"name"`
		Value string `yaml:"value"`
	} `yaml:"env"`
	VolumeMounts []struct {
		Name      string `yaml:"name"`
		MountPath string `yaml:"mountPath"`
		ReadOnly  bool   `yaml:"readOnly"`
	} `yaml:"volumeMounts"`
}

type volume struct {
	Name                  string `yaml:"name"`
	PersistentVolumeClaim *struct {
		ClaimName string `yaml:"claimName"`
		ReadOnly  bool   `yaml:"readOnly"`
	} `yaml:"persistentVolumeClaim"`
}

const (
	sweepManifest = "kubernetes/sweep-job.yaml"
	mergeManifest = "kubernetes/merge-job.yaml"
)

func readJob(t *testing.T, file string) job {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var j job
	if err := yaml.Unmarshal(raw, &j); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return j
}

// flagValue returns the value after flag in args (--flag VALUE or --flag=VALUE), and whether it is there.
func flagValue(args []string, flag string) (string, bool) {
	for i, a := range args {
		if a == flag && i+1 < len(args) {
			return args[i+1], true
		}
		if v, ok := strings.CutPrefix(a, flag+"="); ok {
			return v, true
		}
	}
	return "", false
}

// mount returns the container's mount of the volume that holds path, or false.
func (c container) mountOf(p string) (name, mountPath string, readOnly, ok bool) {
	for _, m := range c.VolumeMounts {
		if p == m.MountPath || strings.HasPrefix(p, strings.TrimSuffix(m.MountPath, "/")+"/") {
			return m.Name, m.MountPath, m.ReadOnly, true
		}
	}
	return "", "", false, false
}

func (p podSpec) volume(name string) (volume, bool) {
	for _, v := range p.Volumes {
		if v.Name == name {
			return v, true
		}
	}
	return volume{}, false
}

// sweepJobProblems lists what would make the Indexed Job run the wrong shards or lose results: each pod must run
// hornetctl with --shard auto (reading JOB_COMPLETION_INDEX, which nothing may override) and --shards equal to
// completions, write to --results on a writable claim, and read any --data from a read-only mount.
func sweepJobProblems(j job) []string {
	var problems []string
	bad := func(format string, a ...any) { problems = append(problems, fmt.Sprintf(format, a...)) }
	if j.APIVersion != "batch/v1" || j.Kind != "Job" {
		bad("kind %s %s, want batch/v1 Job", j.APIVersion, j.Kind)
	}
	s := j.Spec
	if s.CompletionMode != "Indexed" {
		bad("completionMode %q, want Indexed (pods get JOB_COMPLETION_INDEX only then)", s.CompletionMode)
	}
	if s.Completions == nil || *s.Completions < 1 {
		bad("completions missing or below 1")
	}
	if s.Parallelism != nil && (*s.Parallelism < 1 || s.Completions != nil && *s.Parallelism > *s.Completions) {
		bad("parallelism %d outside 1..completions", *s.Parallelism)
	}
	pod := s.Template.Spec
	if pod.RestartPolicy != "Never" && pod.RestartPolicy != "OnFailure" {
		bad("restartPolicy %q; a Job needs Never or OnFailure", pod.RestartPolicy)
	}
	if len(pod.Containers) != 1 {
		bad("%d containers, want the one running hornetctl", len(pod.Containers))
		return problems
	}
	c := pod.Containers[0]
	argv := append(slices.Clone(c.Command), c.Args...)
	if len(argv) == 0 || path.Base(argv[0]) != "hornetctl" {
		bad("the container does not run hornetctl: %q", argv)
	}
	if len(c.Args) == 0 || !slices.Contains([]string{"cv", "tune", "bench"}, c.Args[0]) {
		bad("args %q do not start with a sweep command (cv, tune, bench)", c.Args)
	}
	if v, ok := flagValue(c.Args, "--shard"); !ok || v != "auto" {
		bad("args lack --shard auto (got %q)", v)
	}
	shards, ok := flagValue(c.Args, "--shards")
	n, err := strconv.Atoi(shards)
	switch {
	case !ok:
		bad("args lack --shards N")
	case err != nil:
		bad("--shards %q is not a number", shards)
	case s.Completions != nil && n != *s.Completions:
		bad("--shards %d but completions %d: some indices would run no shard or two pods the same", n, *s.Completions)
	}
	results, ok := flagValue(c.Args, "--results")
	if !ok {
		bad("args lack --results DIR")
	} else if name, mp, ro, ok := c.mountOf(results); !ok {
		bad("--results %s is on no volume mount: the shard files would vanish with the pod", results)
	} else if ro {
		bad("--results %s is on the read-only mount %s", results, mp)
	} else if v, ok := pod.volume(name); !ok || v.PersistentVolumeClaim == nil || v.PersistentVolumeClaim.ReadOnly {
		bad("--results %s is not on a writable persistentVolumeClaim (volume %q)", results, name)
	}
	if data, ok := flagValue(c.Args, "--data"); ok {
		if _, mp, ro, ok := c.mountOf(data); !ok || !ro {
			bad("--data %s is not on a read-only mount (%s)", data, mp)
		}
	}
	for _, e := range c.Env {
		switch e.Name {
		case "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID":
			bad("env sets %s, which would override the index Kubernetes gives each pod", e.Name)
		}
	}
	return problems
}

func TestSweepJobManifest(t *testing.T) {
	j := readJob(t, sweepManifest)
	for _, p := range sweepJobProblems(j) {
		t.Errorf("%s: %s", sweepManifest, p)
	}
	m := readJob(t, mergeManifest)
	c := m.Spec.Template.Spec.Containers
	if len(c) != 1 || len(c[0].Args) != 2 || c[0].Args[0] != "merge" {
		t.Fatalf("%s: want one container running hornetctl merge DIR, got %+v", mergeManifest, c)
	}
	mergeDir := c[0].Args[1]
	name, _, _, ok := c[0].mountOf(mergeDir)
	mv, vok := m.Spec.Template.Spec.volume(name)
	sweepResults, _ := flagValue(j.Spec.Template.Spec.Containers[0].Args, "--results")
	sname, _, _, _ := j.Spec.Template.Spec.Containers[0].mountOf(sweepResults)
	sv, _ := j.Spec.Template.Spec.volume(sname)
	if !ok || !vok || mv.PersistentVolumeClaim == nil || sv.PersistentVolumeClaim == nil ||
		mv.PersistentVolumeClaim.ClaimName != sv.PersistentVolumeClaim.ClaimName {
		t.Errorf("%s merges %s, which is not on the claim the sweep writes its results to", mergeManifest, mergeDir)
	}
}

// TestSweepJobProblemsCatches shows the checks can fail: each edit of the shipped manifest must be reported.
func TestSweepJobProblemsCatches(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(j *job)
		want string
	}{
		{"not indexed", func(j *job) { j.Spec.CompletionMode = "NonIndexed" }, "completionMode"},
		{"completions differ from --shards", func(j *job) { n := *j.Spec.Completions + 1; j.Spec.Completions = &n }, "but completions"},
		{"no --shard auto", func(j *job) { j.container().Args = withFlag(j.container().Args, "--shard", "0/4") }, "--shard auto"},
		{"results off the volume", func(j *job) { j.container().Args = withFlag(j.container().Args, "--results", "/tmp/out") }, "--results"},
		{"data writable", func(j *job) { j.container().VolumeMounts[0].ReadOnly = false }, "--data"},
		{"index overridden", func(j *job) {
			c := j.container()
			c.Env = append(c.Env, struct {
				Name  string `yaml:"name"`
				Value string `yaml:"value"`
			}{"JOB_COMPLETION_INDEX", "0"})
		}, "JOB_COMPLETION_INDEX"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := readJob(t, sweepManifest)
			tc.edit(&j)
			problems := strings.Join(sweepJobProblems(j), "\n")
			if !strings.Contains(problems, tc.want) {
				t.Errorf("problems %q do not mention %q", problems, tc.want)
			}
		})
	}
}

func (j *job) container() *container { return &j.Spec.Template.Spec.Containers[0] }

// withFlag returns args with flag's value set to v (the flag must be there, as --flag VALUE).
func withFlag(args []string, flag, v string) []string {
	out := slices.Clone(args)
	i := slices.Index(out, flag)
	out[i+1] = v
	return out
}
