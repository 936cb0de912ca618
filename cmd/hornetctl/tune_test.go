// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/evaluate"
)

// tuneGridFile writes a --grid FILE of three configurations; the last has
// an order above the 8 feature columns of train.csv.
func tuneGridFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "grid.json")
	grid := `[{"activation": "relu", "order": 2, "rules": 4, "lr": 0.01},
	{"activation": "polyclip", "order": 3, "rules": 16, "lr": 0.05, "batch": 8},
	{"activation": "relu", "order": 9, "rules": 8}]`
	if err := os.WriteFile(path, []byte(grid), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestTuneText(t *testing.T) {
	fixtures(t)
	grid := tuneGridFile(t)
	r := mustRun(t, "tune", "--data", fx("train.csv"), "--grid", grid, "--folds", "2", "--epochs", "5", "--nested")
	for _, w := range []string{"2 configurations of --grid", "1 skipped", "rank  activation", "best macro-F1 ", "optimistic", "nested-CV estimate: macro-F1 ", "over 2 outer folds"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
		}
	}
	if !strings.Contains(r.stderr, "skipped activation relu, order 9, rules 8") || !strings.Contains(r.stderr, "order 9 above the 8 feature columns") ||
		strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr wants one skip line:\n%s", r.stderr)
	}
	q := mustRun(t, "tune", "--data", fx("train.csv"), "--grid", grid, "--folds", "2", "--epochs", "5", "--quiet")
	if q.stderr != "" {
		t.Errorf("--quiet: stderr %q", q.stderr)
	}
	// --format csv to --out: every configuration, best first.
	out := filepath.Join(t.TempDir(), "tune.csv")
	mustRun(t, "tune", "--data", fx("train.csv"), "--grid", grid, "--folds", "2", "--epochs", "5", "--format", "csv", "--out", out, "--quiet")
	rows := readCSV(t, out)
	if len(rows) != 3 || strings.Join(rows[0], ",") != "activation,order,rules,lr,batch,macro_f1_mean,macro_f1_std,accuracy_mean,seconds" {
		t.Fatalf("CSV: %q", rows)
	}
	a, errA := strconv.ParseFloat(rows[1][5], 64)
	b, errB := strconv.ParseFloat(rows[2][5], 64)
	if errA != nil || errB != nil || a < b {
		t.Errorf("CSV not best first: %q", rows)
	}
}

// JSON has every configuration with its fields, best first, the skipped
// one with its reason, the nested estimate, and does not depend on --jobs.
func TestTuneJSONJobs(t *testing.T) {
	fixtures(t)
	grid := tuneGridFile(t)
	var outs []map[string]any
	for _, jobs := range []string{"1", "2"} {
		r := mustRun(t, "tune", "--data", fx("train.csv"), "--grid", grid, "--folds", "2", "--epochs", "5", "--jobs", jobs, "--format", "json", "--nested", "--quiet")
		var rep map[string]any
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("--jobs %s: %v\n%s", jobs, err, r.stdout)
		}
		confs, _ := rep["configurations"].([]any)
		if len(confs) != 2 {
			t.Fatalf("--jobs %s: %d configurations:\n%s", jobs, len(confs), r.stdout)
		}
		prev := 2.0
		for _, c := range confs {
			m := c.(map[string]any)
			for _, k := range []string{"activation", "order", "rules", "lr", "batch", "macro_f1_mean", "macro_f1_std", "accuracy_mean", "seconds"} {
				if _, ok := m[k]; !ok {
					t.Errorf("configuration lacks %q: %v", k, m)
				}
			}
			if f := m["macro_f1_mean"].(float64); f > prev {
				t.Errorf("not best first:\n%s", r.stdout)
			} else {
				prev = f
			}
			m["seconds"] = 0.0
		}
		skipped, _ := rep["skipped"].([]any)
		if len(skipped) != 1 || !strings.Contains(skipped[0].(map[string]any)["reason"].(string), "feature columns") {
			t.Errorf("skipped: %v", rep["skipped"])
		}
		nested, _ := rep["nested"].(map[string]any)
		if nested == nil || nested["macro_f1_mean"] == nil {
			t.Fatalf("no nested estimate:\n%s", r.stdout)
		}
		nested["seconds"] = 0.0
		rep["seconds"] = 0.0
		outs = append(outs, rep)
	}
	if !reflect.DeepEqual(outs[0], outs[1]) {
		t.Errorf("--jobs 2\ngot  %v\nwant %v", outs[1], outs[0])
	}
}

func TestTuneErrors(t *testing.T) {
	fixtures(t)
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"order": 2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	only := filepath.Join(t.TempDir(), "only.json")
	if err := os.WriteFile(only, []byte(`[{"order": 12}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	grids := map[string]string{ // name → content
		"huge":     "[" + strings.Repeat("{},", evaluate.MaxUnits) + "{}]",
		"wide":     "[" + strings.Repeat("{},", 300_000) + "{}]",
		"trailing": `[{"order": 2}] [{"order": 3}]`,
		"unknown":  `[{"order": 2}, {"depth": 3}]`,
	}
	for name, content := range grids {
		grids[name] = filepath.Join(t.TempDir(), name+".json")
		if err := os.WriteFile(grids[name], []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--order", "2"}, "--order is set by the grid"},
		{[]string{"--grid", bad}, "want a JSON array"},
		{[]string{"--grid", grids["huge"]}, fmt.Sprintf("more than %d configurations", evaluate.MaxUnits)},
		{[]string{"--grid", grids["wide"], "--folds", "5"}, fmt.Sprintf("300001 configurations × --folds 5 × --repeats 1 = 1500005 fits; a tune runs at most %d", evaluate.MaxUnits)},
		{[]string{"--grid", grids["trailing"]}, "data after the array"},
		{[]string{"--grid", grids["unknown"]}, `entry 2: json: unknown field "depth"`},
		{[]string{"--grid", only}, "no configuration of --grid"},
		{[]string{"--format", "markdown"}, "--format"},
	} {
		r := runCLI(t, t.Context(), append([]string{"tune", "--data", fx("train.csv"), "--epochs", "2"}, tc.args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}
