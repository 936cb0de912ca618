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

// --sparse saves its candidates in the model's training settings, says in
// train's summary which screened fit it chose (two columns of 800 carry
// the label), and the model predicts; cv and bench real take it too.
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
	r := mustRun(t, "train", "--data", csv, "--out", m, "--seed", "1", "--sparse", "-q", "--format", "json")
	var sum struct {
		Route         string `json:"route"`
		SparseColumns *int   `json:"sparse_columns"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &sum); err != nil {
		t.Fatalf("summary %q: %v", r.stdout, err)
	}
	if sum.Route != "continuous" || sum.SparseColumns == nil || *sum.SparseColumns != 10 {
		t.Errorf("summary %s: want the continuous route and a sparse fit of 10 columns", r.stdout)
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
	if r := mustRun(t, "cv", "--data", csv, "--folds", "2", "--seed", "1", "--sparse", "-q", "--format", "json"); !strings.Contains(r.stdout, `"macro_f1_mean"`) {
		t.Errorf("cv --sparse: %s", r.stdout)
	}
}
