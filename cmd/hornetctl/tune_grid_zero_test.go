// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestTuneGridExplicitZero: a --grid entry that gives a field explicitly
// with zero (or another value below its range) is a usage error naming
// the entry and the field, not the default; a field left out or null
// still takes the default.
func TestTuneGridExplicitZero(t *testing.T) {
	fixtures(t)
	tests := []struct {
		name, grid string
		want       []string // stderr; nil: accepted
	}{
		{"order 0", `[{"order": 2}, {"order": 0}]`, []string{"entry 2: order 0: want 1..64"}},
		{"rules 0", `[{"rules": 0, "order": 2}]`, []string{"entry 1: rules 0: want 1.."}},
		{"lr 0", `[{"lr": 0}]`, []string{"entry 1: lr 0: want > 0"}},
		{"batch 0", `[{"batch": 0}]`, []string{"entry 1: batch 0: want 1.."}},
		{"activation empty", `[{"activation": ""}]`, []string{`entry 1: activation ""`}},
		{"order negative", `[{"order": -3}]`, []string{"entry 1: order -3"}},
		{"missing and null take the default", `[{"order": 2, "lr": null}]`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			grid := filepath.Join(t.TempDir(), "grid.json")
			if err := os.WriteFile(grid, []byte(tt.grid), 0o644); err != nil {
				t.Fatal(err)
			}
			r := runCLI(t, context.Background(), "tune", "--data", fx("train.csv"), "--grid", grid, "--folds", "2", "--epochs", "1", "--quiet")
			if tt.want == nil {
				if r.code != 0 {
					t.Fatalf("exit %d: %s", r.code, r.stderr)
				}
				return
			}
			wantUsage(t, r, append(tt.want, "invalid --grid "+grid)...)
		})
	}
}
