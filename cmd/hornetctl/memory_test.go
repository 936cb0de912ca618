// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCgroupMemoryLimit reads the memory limit of fake cgroup trees, v2
// and v1, with and without a cgroup namespace: the smallest limit on the
// process's cgroup or an ancestor counts, and "no limit" (v2's max, v1's
// page-rounded 2^63 − 1) is none.
func TestCgroupMemoryLimit(t *testing.T) {
	t.Parallel()
	const v1None = "9223372036854771712"
	for _, tc := range []struct {
		name   string
		files  map[string]string // path under the mount root → contents
		self   string            // /proc/self/cgroup
		want   int64
		wantOK bool
	}{
		{"v2 namespace", map[string]string{"memory.max": "4294967296\n"}, "0::/\n", 4 << 30, true},
		{"v2 no limit", map[string]string{"memory.max": "max\n"}, "0::/\n", 0, false},
		{"v2 job below its parent", map[string]string{
			"memory.max":                           "max\n",
			"system.slice/memory.max":              "8589934592\n",
			"system.slice/job_7/memory.max":        "2147483648\n",
			"system.slice/job_7/step_0/memory.max": "max\n",
		}, "0::/system.slice/job_7/step_0\n", 2 << 30, true},
		{"v2 parent below the job", map[string]string{
			"user.slice/memory.max":     "1073741824\n",
			"user.slice/job/memory.max": "8589934592\n",
		}, "0::/user.slice/job\n", 1 << 30, true},
		{"v1 no limit", map[string]string{"memory/memory.limit_in_bytes": v1None}, "4:memory:/\n1:cpu,cpuacct:/\n0::/\n", 0, false},
		{"v1 Slurm job", map[string]string{
			"memory/memory.limit_in_bytes":                               v1None,
			"memory/slurm/memory.limit_in_bytes":                         v1None,
			"memory/slurm/uid_0/job_12/memory.limit_in_bytes":            "3221225472\n",
			"memory/slurm/uid_0/job_12/step_batch/memory.limit_in_bytes": v1None,
		}, "12:cpuset:/slurm/uid_0/job_12\n4:memory:/slurm/uid_0/job_12/step_batch\n0::/\n", 3 << 30, true},
		{"v1 joined controllers", map[string]string{"memory/a/memory.limit_in_bytes": "536870912"}, "3:memory,hugetlb:/a\n", 512 << 20, true},
		{"no /proc/self/cgroup, v2 mount", map[string]string{"memory.max": "1048576"}, "", 1 << 20, true},
		{"nothing to read", nil, "0::/gone\n", 0, false},
		{"garbage", map[string]string{"memory.max": "lots\n", "memory/memory.limit_in_bytes": "-1"}, "x\n::\n0::/\n", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			for name, body := range tc.files {
				path := filepath.Join(root, name)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, ok := cgroupMemoryLimit(root, []byte(tc.self))
			if got != tc.want || ok != tc.wantOK {
				t.Errorf("cgroupMemoryLimit = %d, %t; want %d, %t", got, ok, tc.want, tc.wantOK)
			}
		})
	}
}

// TestCgroupMemoryMaxHere checks that the limit read on this machine,
// where there is one, is positive and no larger than what a process can
// address: the function must not panic or invent a limit from a
// "no limit" value.
func TestCgroupMemoryMaxHere(t *testing.T) {
	t.Parallel()
	if got, ok := cgroupMemoryMax(); ok && (got <= 0 || got >= cgroupUnlimited) {
		t.Errorf("cgroupMemoryMax = %d, true; want a limit in 1..2^62", got)
	}
	budget := defaultMemoryBudget()
	if total, ok := memTotal(); ok && budget > total {
		t.Errorf("defaultMemoryBudget = %d, above MemTotal %d", budget, total)
	}
	if budget <= 0 {
		t.Errorf("defaultMemoryBudget = %d, want positive", budget)
	}
}
