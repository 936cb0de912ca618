// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mergeFixture runs a 2 × 2-fold cv in 2 shards into a fresh directory and
// returns it with the merged JSON.
func mergeFixture(t *testing.T) (dir, merged string) {
	t.Helper()
	fixtures(t)
	dir = t.TempDir()
	runShards(t, []string{"cv", "--data", fx("train.csv"), "--folds", "2", "--repeats", "2", "--epochs", "5"}, dir, 2)
	return dir, mustRun(t, "merge", dir, "--format", "json").stdout
}

// copyShards copies the files of dir into a fresh directory.
func copyShards(t *testing.T, dir string) string {
	t.Helper()
	d := t.TempDir()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, e.Name()), raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// reseal edits the spec of the sweep in dir, writes it under its new
// fingerprint and moves every record to it, as a forger would.
func reseal(t *testing.T, dir string, edit func(spec map[string]any)) {
	t.Helper()
	specs, _ := filepath.Glob(filepath.Join(dir, "sweep-*.json"))
	if len(specs) != 1 {
		t.Fatalf("%d specs in %s", len(specs), dir)
	}
	raw, err := os.ReadFile(specs[0])
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]any
	if err := json.Unmarshal(raw, &spec); err != nil {
		t.Fatal(err)
	}
	edit(spec)
	raw, _ = json.Marshal(spec)
	sum := sha256.Sum256(raw)
	fp := hex.EncodeToString(sum[:16])
	os.Remove(specs[0])
	if err := os.WriteFile(filepath.Join(dir, specFileName(fp)), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	shards, _ := filepath.Glob(filepath.Join(dir, "shard-*.jsonl"))
	for _, p := range shards {
		raw, _ := os.ReadFile(p)
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
			var rec map[string]any
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatal(err)
			}
			rec["sweep"] = fp
			b, _ := json.Marshal(rec)
			lines = append(lines, string(b))
		}
		os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	}
}

// TestMergeHostileShards: merge refuses a record whose key fields are not
// those of its unit and a resealed spec of negative folds, naming the file
// and line; it reads a shard file through a symbolic link.
func TestMergeHostileShards(t *testing.T) {
	dir, merged := mergeFixture(t)
	tests := []struct {
		name  string
		edit  func(t *testing.T, d string)
		wants []string
	}{
		{"a record's fold edited", func(t *testing.T, d string) {
			p := filepath.Join(d, shardFileName(0, 2))
			raw, _ := os.ReadFile(p)
			if !bytes.Contains(raw, []byte(`"fold":0`)) {
				t.Fatalf("%s holds no fold 0:\n%s", p, raw)
			}
			os.WriteFile(p, bytes.Replace(raw, []byte(`"fold":0`), []byte(`"fold":1`), 1), 0o644)
		}, []string{"shard-0-of-2.jsonl line 1: unit 0 is recorded as", "fold 1", "but unit 0 of this sweep is", "fold 0"}},
		{"a record's dataset edited, resealed", func(t *testing.T, d string) {
			p := filepath.Join(d, shardFileName(1, 2))
			raw, _ := os.ReadFile(p)
			os.WriteFile(p, bytes.Replace(raw, []byte(`"dataset":"`), []byte(`"dataset":"other/`), 1), 0o644)
			reseal(t, d, func(map[string]any) {})
		}, []string{"shard-1-of-2.jsonl line 1: unit 1 is recorded as dataset other/"}},
		{"negative folds in a resealed spec", func(t *testing.T, d string) {
			reseal(t, d, func(spec map[string]any) {
				cv := spec["cv"].(map[string]any)
				cv["folds"], cv["repeats"] = -2, -2 // still 4 units
			})
		}, []string{"sweep-", "-2 folds, want 2..1000"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := copyShards(t, dir)
			tt.edit(t, d)
			r := runCLI(t, context.Background(), "merge", d, "--format", "json")
			if r.code != exitError || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1, no table and one line", r.code, r.stdout, r.stderr)
			}
			for _, w := range tt.wants {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr %q lacks %q", r.stderr, w)
				}
			}
		})
	}

	t.Run("a symlinked shard file", func(t *testing.T) {
		d := copyShards(t, dir)
		p := filepath.Join(d, shardFileName(1, 2))
		target := filepath.Join(t.TempDir(), "elsewhere.jsonl")
		if err := os.Rename(p, target); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
		r := runCLI(t, context.Background(), "merge", d, "--format", "json")
		if r.code != 0 || untimed(r.stdout) != untimed(merged) {
			t.Errorf("exit %d, stderr %q; want the merged table:\n%s", r.code, r.stderr, r.stdout)
		}
		if st, err := os.Lstat(p); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: %v, %v; want the link kept", p, st, err)
		}
	})
}
