// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/train"
)

// Memory budget of train and cv: a configuration whose estimated memory
// (train.EstimateMemory) exceeds it is refused before training.
const (
	// memoryShare is the share of the machine's memory (MemTotal of
	// /proc/meminfo) that the default budget allows.
	memoryShare = 0.5
	// fallbackBudget is the default budget where MemTotal cannot be read.
	fallbackBudget = 4 << 30
	mib            = 1 << 20
)

func memoryBudgetFlag() cli.Flag {
	return &cli.Int64Flag{Name: "memory-budget-mb", Category: catTraining,
		Usage:       "refuse to train when the estimated memory exceeds `MB` MiB",
		DefaultText: "half the machine's memory, or of its cgroup's memory limit where that is lower (a container's or a Slurm job's); 4096 where neither is known"}
}

// readMemoryBudget returns the budget in bytes given by --memory-budget-mb,
// or 0 (the default, see checkMemory) when the flag is not given.
func readMemoryBudget(c *cli.Context) (int64, error) {
	if !c.IsSet("memory-budget-mb") {
		return 0, nil
	}
	mb := c.Int64("memory-budget-mb")
	if mb < 1 || mb > 1<<40 {
		return 0, usagef("invalid --memory-budget-mb %d: want 1..%d", mb, int64(1)<<40)
	}
	return mb * mib, nil
}

// defaultMemoryBudget is memoryShare of the memory this process may use
// on Linux, the smaller of MemTotal and its cgroup's limit (a container's
// or a Slurm job's), else fallbackBudget.
func defaultMemoryBudget() int64 {
	total, ok := memTotal()
	if limit, limited := cgroupMemoryMax(); limited && (!ok || limit < total) {
		total, ok = limit, true
	}
	if ok {
		return int64(float64(total) * memoryShare)
	}
	return fallbackBudget
}

// memoryCeiling returns the most memory this process can have, and what
// sets it: the smallest of the machine's memory (MemTotal), the
// address-space limit (ulimit -v) and the cgroup's memory.max. ok is false
// where none of them is known.
func memoryCeiling() (bytes int64, what string, ok bool) {
	consider := func(b int64, w string, known bool) {
		if known && b > 0 && (!ok || b < bytes) {
			bytes, what, ok = b, w, true
		}
	}
	total, known := memTotal()
	consider(total, "the machine's memory", known)
	as, known := addressSpaceLimit()
	consider(as, "the address-space limit, ulimit -v", known)
	cg, known := cgroupMemoryMax()
	consider(cg, "the cgroup's memory limit", known)
	return bytes, what, ok
}

// cgroupRoot is where the cgroup file systems are mounted.
const cgroupRoot = "/sys/fs/cgroup"

// cgroupMemoryMax returns the memory limit of this process's cgroup, in
// bytes: the smallest limit set on its cgroup or an ancestor, under
// cgroup v2 (memory.max) or v1 (the memory controller's
// memory.limit_in_bytes), as /proc/self/cgroup places it. ok is false
// where no limit is set or none can be read (not Linux).
func cgroupMemoryMax() (int64, bool) {
	if runtime.GOOS != "linux" {
		return 0, false
	}
	self, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		self = nil // the mount's own files may still be read
	}
	return cgroupMemoryLimit(cgroupRoot, self)
}

// cgroupUnlimited is the least value that cgroup v1 writes for "no limit"
// (a page-rounded 2^63 − 1); v2 writes "max".
const cgroupUnlimited = 1 << 62

// cgroupMemoryLimit is cgroupMemoryMax for the cgroup file systems
// mounted at root and the contents of /proc/self/cgroup: for each
// hierarchy that holds the memory controller (v2's "0::PATH" line, v1's
// line naming memory among its controllers) it reads the limit file of
// PATH's cgroup and of each ancestor up to the mount's root, and returns
// the smallest limit found. A cgroup namespace shows PATH as "/", and
// the mount's root files are then the process's own.
func cgroupMemoryLimit(root string, self []byte) (int64, bool) {
	var limit int64
	ok := false
	consider := func(file string) {
		raw, err := os.ReadFile(file)
		if err != nil {
			return
		}
		b, err := strconv.ParseInt(string(bytes.TrimSpace(raw)), 10, 64)
		if err != nil || b <= 0 || b >= cgroupUnlimited { // "max" or v1's huge value: no limit
			return
		}
		if !ok || b < limit {
			limit, ok = b, true
		}
	}
	walk := func(mount, path, file string) {
		dir := filepath.Clean("/" + path)
		for {
			consider(filepath.Join(mount, dir, file))
			if dir == "/" {
				return
			}
			dir = filepath.Dir(dir)
		}
	}
	v2, v1 := false, false
	for _, line := range strings.Split(string(self), "\n") {
		id, rest, found := strings.Cut(line, ":")
		if !found {
			continue
		}
		controllers, path, found := strings.Cut(rest, ":")
		if !found {
			continue
		}
		switch {
		case id == "0" && controllers == "":
			walk(root, path, "memory.max")
			v2 = true
		case slices.Contains(strings.Split(controllers, ","), "memory"):
			walk(filepath.Join(root, "memory"), path, "memory.limit_in_bytes")
			v1 = true
		}
	}
	if !v2 {
		consider(filepath.Join(root, "memory.max"))
	}
	if !v1 {
		consider(filepath.Join(root, "memory", "memory.limit_in_bytes"))
	}
	return limit, ok
}

// memTotal reads MemTotal from /proc/meminfo, in bytes.
func memTotal() (int64, bool) {
	if runtime.GOOS != "linux" {
		return 0, false
	}
	raw, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) >= 2 && string(f[0]) == "MemTotal:" {
			kb, err := strconv.ParseInt(string(f[1]), 10, 64)
			if err != nil || kb <= 0 {
				return 0, false
			}
			return kb << 10, true
		}
	}
	return 0, false
}

// checkMemory refuses a fit of o on ds, run by fits concurrent fits, whose
// estimated memory exceeds budget (0: defaultMemoryBudget), with a usage
// error naming the estimate, the budget and what to change.
func checkMemory(o fitOptions, ds *data.Dataset, fits int, budget int64) error {
	if budget == 0 {
		budget = defaultMemoryBudget()
	}
	per := train.EstimateMemory(o.Model, ds.Rows, ds.Cols, len(ds.Classes), o.Train.Resolved().BatchSize)
	need := per
	if fits > 1 {
		if per > (1<<62)/int64(fits) {
			need = 1 << 62
		} else {
			need = per * int64(fits)
		}
	}
	if need <= budget {
		return nil
	}
	cfg := o.Model.Resolved()
	what := fmt.Sprintf("--rules %d, --order %d and --batch-size %d on %d rows × %d features", cfg.Rules, cfg.Order,
		min(o.Train.Resolved().BatchSize, ds.Rows), ds.Rows, ds.Cols)
	if len(ds.Classes) > slowClasses || 2*len(ds.Classes) > ds.Rows && len(ds.Classes) > 2 {
		// The flags cannot lower a label's classes: say they are the cause
		// (20,000 rows of 20,000 labels asked for 17 GiB at --rules 1).
		ident := ""
		if 2*len(ds.Classes) > ds.Rows {
			ident = " (is it an identifier?)"
		}
		what = fmt.Sprintf("the label's %d classes%s with --rules %d, --order %d and --batch-size %d on %d rows × %d features",
			len(ds.Classes), ident, cfg.Rules, cfg.Order, min(o.Train.Resolved().BatchSize, ds.Rows), ds.Rows, ds.Cols)
	}
	if fits > 1 {
		what += fmt.Sprintf(", %d folds at a time", fits)
	}
	return usagef("%s need an estimated %s of memory, more than the budget of %s; lower them, or raise --memory-budget-mb",
		what, megabytes(need), megabytes(budget))
}

// megabytes formats a byte count in MiB, or GiB from 10 GiB on.
func megabytes(b int64) string {
	if b >= 10<<30 {
		return fmt.Sprintf("%d GiB", b>>30)
	}
	return fmt.Sprintf("%d MiB", (b+mib-1)/mib)
}
