// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// datasets is where the shared real tables live, beside the repository.
const datasets = "../../../shared/datasets"

// dataset returns the path of a shared dataset, skipping the test under
// -short or when it is absent (failing instead when CI is set: CI always
// has ../shared beside the clone).
func dataset(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("trains on real data")
	}
	path := filepath.Join(datasets, name)
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but dataset %s is missing: %v", path, err)
		}
		t.Skipf("dataset %s not found", path)
	}
	return path
}

// TestRealData trains and evaluates end to end on real tables, scoring on
// rows the model never saw: MONK's problem 1 from its training file to its
// test file (integer codes one-hot encoded with --categorical), whose
// concept (a1 = a2) or (a5 = 1) the top rules must recover; and the house
// votes (y/n/NA, gzip) and mushrooms by cross-validation.
func TestRealData(t *testing.T) {
	t.Run("monks1", func(t *testing.T) {
		trainPath, testPath := dataset(t, "monks1_train.csv.gz"), dataset(t, "monks1_test.csv.gz")
		model := filepath.Join(t.TempDir(), "model.json")
		mustRun(t, "train", "--data", trainPath, "--categorical", "*", "--out", model, "--seed", "1", "--quiet")
		r := mustRun(t, "eval", "--data", testPath, "--model", model, "--format", "json")
		var rep evalReport
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("eval output is not JSON: %v", err)
		}
		if rep.Route != "categorical" || rep.Accuracy < 0.95 {
			t.Errorf("route %s, accuracy %.4f; want categorical, >= 0.95", rep.Route, rep.Accuracy)
		}
		// Each of the top three rules pairs a1=v with a2=v: the a1 = a2 part.
		rules := mustRun(t, "rules", "--model", model, "--top", "3")
		lines := strings.Split(strings.TrimSpace(rules.stdout), "\n")[1:]
		if len(lines) != 3 {
			t.Fatalf("rules output:\n%s", rules.stdout)
		}
		for _, line := range lines {
			same := false
			for _, v := range []string{"1", "2", "3"} {
				same = same || strings.Contains(line, "a1="+v+" ") && strings.Contains(line, "a2="+v+" ")
			}
			if !same {
				t.Errorf("rule %q does not pair a1=v with a2=v", line)
			}
		}
		pred := mustRun(t, "predict", "--data", testPath, "--model", model)
		if got, want := strings.Count(pred.stdout, "\n"), rep.Rows+1; got != want {
			t.Errorf("predict wrote %d lines, want %d", got, want)
		}
	})
	for _, tt := range []struct {
		name, file string
		folds      string
		minMacroF1 float64
	}{
		{"house votes", "house_votes_84.csv.gz", "5", 0.93},
		{"mushroom", "mushroom.csv.gz", "2", 0.98},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := dataset(t, tt.file)
			r := mustRun(t, "cv", "--data", path, "--folds", tt.folds, "--seed", "1", "--format", "json")
			var rep struct {
				MeanMacroF1 float64 `json:"mean_macro_f1"`
			}
			if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
				t.Fatalf("cv output is not JSON: %v\n%s", err, r.stdout)
			}
			if rep.MeanMacroF1 < tt.minMacroF1 {
				t.Errorf("cross-validated macro-F1 %.4f, want >= %.2f", rep.MeanMacroF1, tt.minMacroF1)
			}
		})
	}
}
