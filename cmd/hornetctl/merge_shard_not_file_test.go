// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

//go:build unix

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestMergeShardNotAFile: a directory or FIFO in the results directory
// named as a shard file is an error naming it. A directory was skipped,
// and merge asked for a rerun of that shard, which could not append to
// it; a FIFO was refused with 'results are only appended to regular
// files', which merge does not do.
func TestMergeShardNotAFile(t *testing.T) {
	dir, _ := mergeFixture(t)
	for _, kind := range []string{"directory", "FIFO"} {
		t.Run(kind, func(t *testing.T) {
			d := copyShards(t, dir)
			p := filepath.Join(d, shardFileName(1, 2))
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
			var err error
			if kind == "directory" {
				err = os.Mkdir(p, 0o755)
			} else {
				err = syscall.Mkfifo(p, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
			r := runCLI(t, context.Background(), "merge", d)
			want := p + ": not a regular file, though named as a shard file; move it away"
			if r.code != exitError || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and one line %q", r.code, r.stdout, r.stderr, want)
			}
		})
	}
}
