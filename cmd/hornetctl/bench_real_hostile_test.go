// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestBenchRealPlotOneTable: --plot with one table is refused up front,
// naming --plot and why, before anything is fitted or written.
func TestBenchRealPlotOneTable(t *testing.T) {
	dir := benchRealData(t)
	plot := filepath.Join(t.TempDir(), "cd.png")
	r := runCLI(t, context.Background(), "bench", "real", "--data", filepath.Join(dir, "and4.csv"), "--folds", "2", "--epochs", "1", "--plot", plot)
	wantUsage(t, r, "--plot", "two or more tables", "--data gives 1")
	if _, err := os.Lstat(plot); !os.IsNotExist(err) {
		t.Errorf("%s: %v, want no file", plot, err)
	}
	if r.stdout != "" {
		t.Errorf("stdout %q, want nothing: the check comes before any fit", r.stdout)
	}
}
