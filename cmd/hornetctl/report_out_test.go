// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportOut checks --out on the commands that print a report (cv,
// bench real, eval, rules; tune, bench synthetic, bench speed and merge
// had it before): the file holds what standard output would, standard
// output stays empty, and - is standard output.
func TestReportOut(t *testing.T) {
	fixtures(t)
	for _, tt := range []struct {
		name string
		args []string
		// seconds: the report holds a run time, so the two runs are
		// compared without their timing fields (untimed).
		seconds bool
	}{
		{"cv", []string{"cv", "--data", fx("train.csv"), "--folds", "2", "--epochs", "5", "--seed", "3", "--format", "json"}, true},
		{"bench real", []string{"bench", "real", "--data", fx("train.csv"), "--folds", "2", "--epochs", "5", "--seed", "3", "--format", "json", "--quiet"}, true},
		{"eval", []string{"eval", "--data", fx("test.csv"), "--model", fx("xor.json")}, false},
		{"eval json", []string{"eval", "--data", fx("test.csv"), "--model", fx("xor.json"), "--format", "json"}, false},
		{"rules", []string{"rules", "--model", fx("xor.json"), "--data", fx("test.csv")}, false},
		{"rules sql", []string{"rules", "--model", fx("xor.json"), "--format", "sql"}, false},
		{"rules of a continuous model", []string{"rules", "--model", fx("cont.json"), "--format", "json"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			want := []byte(mustRun(t, tt.args...).stdout)
			if len(want) == 0 {
				t.Fatal("the report on standard output is empty")
			}
			out := filepath.Join(t.TempDir(), "report")
			r := mustRun(t, append(tt.args, "--out", out)...)
			if r.stdout != "" {
				t.Errorf("with --out, standard output holds %q; want nothing", r.stdout)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			dash := []byte(mustRun(t, append(tt.args, "-o", "-")...).stdout)
			if tt.seconds {
				if untimed(string(want)) == string(want) {
					t.Fatalf("no timing field to drop in\n%s", want)
				}
				got, want, dash = []byte(untimed(string(got))), []byte(untimed(string(want))), []byte(untimed(string(dash)))
			}
			if !bytes.Equal(got, want) {
				t.Errorf("--out %s holds\n%s\nwant what standard output held:\n%s", out, got, want)
			}
			if !bytes.Equal(dash, want) {
				t.Errorf("-o - printed\n%s\nwant\n%s", dash, want)
			}
		})
	}
}

// TestReportOutRefused checks that --out is refused, with one line naming
// the flags and before any work, where it is an input of the command or
// its --results, and on a shard of a sweep, which prints no report.
func TestReportOutRefused(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "train.csv")
	b, err := os.ReadFile(fx("train.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(data, b, 0o644); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(dir, "report.txt")
	for _, tt := range []struct {
		name string
		args []string
		want []string // in the one line of stderr
	}{
		{"cv --out = --data", []string{"cv", "--data", data, "--out", data}, []string{"same file", "--out ", "--data "}},
		{"bench real --out = --data", []string{"bench", "real", "--data", data, "--out", data}, []string{"same file", "--out ", "--data "}},
		{"eval --out = --model", []string{"eval", "--data", fx("test.csv"), "--model", fx("xor.json"), "--out", fx("xor.json")}, []string{"same file", "--out ", "--model "}},
		{"rules --out = --data", []string{"rules", "--model", fx("xor.json"), "--data", data, "--out", data}, []string{"same file", "--out ", "--data "}},
		{"rules --plot = --out", []string{"rules", "--model", fx("xor.json"), "--out", filepath.Join(dir, "r.png"), "--plot", filepath.Join(dir, "r.png")}, []string{"same file", "--plot ", "--out "}},
		{"cv --results = --out", []string{"cv", "--data", data, "--out", report, "--results", report}, []string{"same file", "--results ", "--out "}},
		{"cv --shard --out", []string{"cv", "--data", data, "--shard", "0/2", "--results", filepath.Join(dir, "shards"), "--out", report}, []string{"--shard prints no report", "--out does not apply"}},
		{"tune --shard --out", []string{"tune", "--data", data, "--shard", "0/2", "--results", filepath.Join(dir, "shards"), "--out", report}, []string{"--shard prints no report", "--out does not apply"}},
		{"bench real --shard --out --plot", []string{"bench", "real", "--data", data + "," + fx("test.csv"), "--shard", "0/2", "--results", filepath.Join(dir, "shards"), "--out", report, "--plot", filepath.Join(dir, "cd.png")}, []string{"--shard prints no report", "--out and --plot do not apply"}},
		{"bench synthetic --shard --plot", []string{"bench", "synthetic", "--shard", "0/2", "--results", filepath.Join(dir, "shards"), "--plot", filepath.Join(dir, "s.png")}, []string{"--shard prints no report", "--plot does not apply"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, context.Background(), tt.args...)
			if r.code != exitUsage || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want %d and one line", r.code, r.stderr, exitUsage)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr %q does not say %q", r.stderr, w)
				}
			}
			if got, _ := os.ReadFile(data); !bytes.Equal(got, b) {
				t.Errorf("%s was modified", data)
			}
			for _, p := range []string{report, filepath.Join(dir, "shards"), filepath.Join(dir, "r.png")} {
				if _, err := os.Stat(p); err == nil {
					t.Errorf("%s was written", p)
					os.RemoveAll(p) // for the next case
				}
			}
		})
	}
}
