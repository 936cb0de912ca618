// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/evaluate"
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

// TestBenchRealImanDavenportUndefined: two tables ranking the models alike
// put χ²_F at its maximum; the report says the Iman–Davenport statistic
// is undefined and why, in Markdown and in valid JSON, never +Inf.
func TestBenchRealImanDavenportUndefined(t *testing.T) {
	f := evaluate.FriedmanFromRanks([]float64{1, 2}, 2)
	rep := &evaluate.BenchReport{Folds: 2, Repeats: 1, Stats: evaluate.BenchStats{Models: []string{evaluate.ModelHorNets, evaluate.ModelLogReg},
		Datasets: []string{"a", "b"}, AverageRanks: f.AverageRanks, Friedman: &f}}
	for _, format := range []string{formatMarkdown, formatJSON} {
		var b bytes.Buffer
		if err := writeBenchRealResult(&b, format, rep); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if strings.Contains(out, "Inf") || strings.Contains(out, "NaN") {
			t.Errorf("%s: %s", format, out)
		}
		if format == formatMarkdown {
			if !strings.Contains(out, "Iman–Davenport F_F undefined: every dataset ranks the models alike") {
				t.Errorf("Markdown lacks the undefined F_F and its reason:\n%s", out)
			}
			continue
		}
		var got struct {
			Stats struct {
				Friedman map[string]any `json:"friedman"`
			} `json:"stats"`
		}
		if err := json.Unmarshal(b.Bytes(), &got); err != nil {
			t.Fatalf("JSON: %v\n%s", err, out)
		}
		fr := got.Stats.Friedman
		if why, _ := fr["iman_davenport_undefined"].(string); fr["iman_davenport_f"] != nil || fr["iman_davenport_p"] != nil || why == "" {
			t.Errorf("JSON friedman %v: want null F_F and p and a reason", fr)
		}
	}
}
