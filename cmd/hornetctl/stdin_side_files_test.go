// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"testing"
)

// TestSideFilesNotStdin: a - where a command reads a file that standard
// input does not stand for (tune --grid, bench real --data, --test and
// --baselines, merge DIR), and an empty --grid, are usage errors naming
// the flag; they were 'FLAG: -: no such file or directory' with exit 1
// (or ': : no such file' for --grid "").
func TestSideFilesNotStdin(t *testing.T) {
	fixtures(t)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"tune --grid -", []string{"tune", "--data", fx("train.csv"), "--grid", "-"}, "invalid --grid -: a grid is read from a file, not standard input"},
		{"tune --grid empty", []string{"tune", "--data", fx("train.csv"), "--grid", ""}, `invalid --grid "": want small, paper or a JSON FILE`},
		{"bench real --data -", []string{"bench", "real", "--data", "-"}, "invalid --data -: bench real reads each table from a file"},
		{"bench real --data list with -", []string{"bench", "real", "--data", fx("train.csv") + ",-"}, "invalid --data -: bench real reads each table from a file"},
		{"bench real --test -", []string{"bench", "real", "--data", fx("train.csv"), "--test", "-"}, "invalid --test -: bench real reads each table from a file"},
		{"bench real --baselines -", []string{"bench", "real", "--data", fx("train.csv"), "--baselines", "-"}, "invalid --baselines -: the baselines are read from a file"},
		{"merge -", []string{"merge", "-"}, "merge: invalid DIR -: the shard files are read from a directory, not standard input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantUsage(t, runCLI(t, context.Background(), tt.args...), tt.want)
		})
	}
}
