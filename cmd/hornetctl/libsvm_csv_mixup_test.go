// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLibSVMDataForCSVModel: --data-format libsvm with a model trained on
// CSV is a usage error naming the model and the file, as the other way
// round is; and a CSV file read as LibSVM for a LibSVM model (every line
// one label token holding commas, no index:value pair) is an error naming
// the file. Both predicted every line, the CSV header too, from an
// all-zero row, with exit 0 (65 predictions for 64 rows).
func TestLibSVMDataForCSVModel(t *testing.T) {
	fixtures(t)
	for _, cmd := range []string{"predict", "eval", "rules"} {
		t.Run(cmd+" CSV model", func(t *testing.T) {
			r := runCLI(t, context.Background(), cmd, "--model", fx("xor.json"), "--data", fx("train.csv"), "--data-format", "libsvm")
			wantUsage(t, r, "the model "+fx("xor.json")+" was trained on CSV data", "read "+fx("train.csv")+" as CSV, without --data-format libsvm")
		})
	}
	t.Run("predict LibSVM model, CSV file", func(t *testing.T) {
		r := runCLI(t, context.Background(), "predict", "--model", fx("xor_svm.json"), "--data", fx("train.csv"), "--data-format", "libsvm")
		if r.code != exitError || strings.Count(r.stderr, "\n") != 1 || r.stdout != "" {
			t.Fatalf("exit %d, stdout %d bytes, stderr %q; want %d, nothing, one line", r.code, len(r.stdout), r.stderr, exitError)
		}
		if want := fx("train.csv") + ": syntax error: no line has an index:value pair and every label holds commas"; !strings.Contains(r.stderr, want) {
			t.Errorf("stderr %q lacks %q", r.stderr, want)
		}
	})
	t.Run("LibSVM rows without pairs still read", func(t *testing.T) {
		// All-zero rows with plain labels are LibSVM rows, not a CSV file.
		zeros := filepath.Join(t.TempDir(), "zeros.svm")
		if err := os.WriteFile(zeros, []byte("1\n0 # a comment, with a comma\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runCLI(t, context.Background(), "predict", "--model", fx("xor_svm.json"), "--data", zeros, "--data-format", "libsvm")
		if r.code != 0 || strings.Count(r.stdout, "\n") != 3 {
			t.Fatalf("exit %d, stdout %q: %s", r.code, r.stdout, r.stderr)
		}
	})
}
