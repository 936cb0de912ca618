// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/train"
)

// The sparse candidates (the default since session 38, --sparse for
// scripts) are saved in the model's training settings, train's summary
// says which screened fit it chose (two columns of 800 carry the label),
// and the model predicts; --no-sparse weighs every column, and contradicts
// --sparse; cv takes both flags too.
func TestSparseFlag(t *testing.T) {
	dir := t.TempDir()
	const rows = 150
	csv := filepath.Join(dir, "wide.csv")
	writeGaussianCSV(t, csv, rows, 800, 5, func(x []float64, rng *rand.Rand) string {
		if x[3]+x[11]+0.3*rng.NormFloat64() > 0 {
			return "1"
		}
		return "0"
	})
	m := filepath.Join(dir, "m.json")
	type summary struct {
		Route         string `json:"route"`
		SparseColumns *int   `json:"sparse_columns"`
	}
	for _, flags := range [][]string{nil, {"--sparse"}} {
		r := mustRun(t, append([]string{"train", "--data", csv, "--out", m, "--seed", "1", "-q", "--format", "json"}, flags...)...)
		var sum summary
		if err := json.Unmarshal([]byte(r.stdout), &sum); err != nil {
			t.Fatalf("summary %q: %v", r.stdout, err)
		}
		if sum.Route != "continuous" || sum.SparseColumns == nil || *sum.SparseColumns != 10 {
			t.Errorf("train %v: summary %s: want the continuous route and a sparse fit of 10 columns", flags, r.stdout)
		}
	}
	bundle, err := train.LoadBundle(m)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(bundle.Train.SparseKeep, train.DefaultSparseKeep()) {
		t.Errorf("saved sparse_keep %v, want %v", bundle.Train.SparseKeep, train.DefaultSparseKeep())
	}
	if r := mustRun(t, "predict", "--model", m, "--data", csv, "-q"); strings.Count(r.stdout, "\n") != rows+1 {
		t.Errorf("predict printed %d lines, want a header and %d rows", strings.Count(r.stdout, "\n"), rows)
	}
	for _, flag := range []string{"--sparse", "--no-sparse"} {
		if r := mustRun(t, "cv", "--data", csv, "--folds", "2", "--seed", "1", flag, "-q", "--format", "json"); !strings.Contains(r.stdout, `"macro_f1_mean"`) {
			t.Errorf("cv %s: %s", flag, r.stdout)
		}
	}
	dense := filepath.Join(dir, "dense.json")
	r := mustRun(t, "train", "--data", csv, "--out", dense, "--seed", "1", "--no-sparse", "-q", "--format", "json")
	var sum summary
	if err := json.Unmarshal([]byte(r.stdout), &sum); err != nil {
		t.Fatalf("summary %q: %v", r.stdout, err)
	}
	if sum.SparseColumns != nil {
		t.Errorf("train --no-sparse: summary %s: want no sparse fit", r.stdout)
	}
	if bundle, err := train.LoadBundle(dense); err != nil {
		t.Fatal(err)
	} else if !bundle.Train.NoSparse || len(bundle.Train.SparseKeep) != 0 {
		t.Errorf("train --no-sparse saved no_sparse %v, sparse_keep %v", bundle.Train.NoSparse, bundle.Train.SparseKeep)
	}
}
