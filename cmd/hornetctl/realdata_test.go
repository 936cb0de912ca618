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

// dataset returns the path of a shared dataset, skipping the test when it
// is absent or under -short.
func dataset(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("trains on real data")
	}
	path := filepath.Join(datasets, name)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("dataset %s not found", path)
	}
	return path
}

// TestRealData trains and evaluates end to end on real tables: the house
// votes (categorical, y/n/NA votes, gzip) on itself, and MONK's problem 1
// from its training file to its test file.
func TestRealData(t *testing.T) {
	for _, tt := range []struct {
		name, train, test string
		route             string
		minAccuracy       float64
	}{
		{"house votes", "house_votes_84.csv.gz", "house_votes_84.csv.gz", "categorical", 0.9},
		{"monks1", "monks1_train.csv.gz", "monks1_test.csv.gz", "continuous", 0.55},
	} {
		t.Run(tt.name, func(t *testing.T) {
			trainPath, testPath := dataset(t, tt.train), dataset(t, tt.test)
			model := filepath.Join(t.TempDir(), "model.json")
			mustRun(t, "train", "--data", trainPath, "--out", model, "--seed", "1", "--quiet")
			r := mustRun(t, "eval", "--data", testPath, "--model", model, "--format", "json")
			var rep evalReport
			if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
				t.Fatalf("eval output is not JSON: %v", err)
			}
			if rep.Route != tt.route || rep.Accuracy < tt.minAccuracy {
				t.Errorf("route %s, accuracy %.4f; want route %s, accuracy >= %.2f", rep.Route, rep.Accuracy, tt.route, tt.minAccuracy)
			}
			rules := mustRun(t, "rules", "--model", model, "--top", "3")
			if !strings.HasPrefix(rules.stdout, tt.route+" route") {
				t.Errorf("rules output:\n%s", rules.stdout)
			}
			pred := mustRun(t, "predict", "--data", testPath, "--model", model)
			if got, want := strings.Count(pred.stdout, "\n"), rep.Rows+1; got != want {
				t.Errorf("predict wrote %d lines, want %d", got, want)
			}
		})
	}
}
