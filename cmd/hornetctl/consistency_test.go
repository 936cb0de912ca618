// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestFormatIsOutput checks that --format is an output format on every
// command that reads data, and that an input format given to it points
// to --data-format.
func TestFormatIsOutput(t *testing.T) {
	fixtures(t)
	m := filepath.Join(t.TempDir(), "m.json")
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"train", []string{"train", "--data", fx("xor.svm"), "--out", m, "--format", "libsvm"}},
		{"train csv", []string{"train", "--data", fx("train.csv"), "--out", m, "--format", "csv"}},
		{"predict", []string{"predict", "--data", fx("xor.svm"), "--model", fx("xor_svm.json"), "--format", "libsvm"}},
		{"rules", []string{"rules", "--model", fx("xor.json"), "--data", fx("test.csv"), "--format", "csv"}},
		{"cv", []string{"cv", "--data", fx("train.csv"), "--format", "csv"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, context.Background(), tt.args...)
			if r.code != exitUsage || !strings.Contains(r.stderr, "the input format is --data-format") {
				t.Errorf("exit %d, stderr %q", r.code, r.stderr)
			}
		})
	}
}

func TestPredictJSON(t *testing.T) {
	fixtures(t)
	r := mustRun(t, "predict", "--data", fx("cat_test.csv"), "--model", fx("cat.json"), "--format", "json", "--proba", "--explain")
	var rows []struct {
		Prediction string             `json:"prediction"`
		Proba      map[string]float64 `json:"proba"`
		Rule       string             `json:"rule"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rows); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	csv := mustRun(t, "predict", "--data", fx("cat_test.csv"), "--model", fx("cat.json"), "--explain")
	lines := strings.Split(strings.TrimSpace(csv.stdout), "\n")[1:]
	if len(rows) != 6 || len(lines) != 6 {
		t.Fatalf("%d JSON rows, %d CSV rows", len(rows), len(lines))
	}
	for i, row := range rows {
		if want := row.Prediction + "," + row.Rule; lines[i] != want {
			t.Errorf("row %d: JSON %q, CSV %q", i, want, lines[i])
		}
		if p := row.Proba["yes"] + row.Proba["no"]; len(row.Proba) != 2 || p < 0.999 || p > 1.001 {
			t.Errorf("row %d: proba %v", i, row.Proba)
		}
	}
	// Without --proba and --explain: only the prediction.
	r = mustRun(t, "predict", "--data", fx("test.csv"), "--model", fx("xor.json"), "--format", "json")
	var plain []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &plain); err != nil || len(plain) != 200 || len(plain[0]) != 1 {
		t.Errorf("err %v, %d rows, first %v", err, len(plain), plain[0])
	}
}

func TestTrainJSON(t *testing.T) {
	fixtures(t)
	m := filepath.Join(t.TempDir(), "m.json")
	r := mustRun(t, "train", "--data", fx("train.csv"), "--out", m, "--epochs", "5", "--quiet", "--format", "json")
	var got map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	for _, k := range []string{"status", "epochs", "best_epoch", "best_loss", "route", "seconds", "training_accuracy", "model"} {
		if _, ok := got[k]; !ok {
			t.Errorf("JSON lacks %q:\n%s", k, r.stdout)
		}
	}
	if got["epochs"] != 5.0 || got["model"] != m || got["route"] != "categorical" {
		t.Errorf("JSON: %s", r.stdout)
	}
}
