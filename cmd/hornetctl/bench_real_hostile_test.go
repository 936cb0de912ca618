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

// TestBenchRealBaselinesUnknown: --baselines rows of a dataset that is not
// one of this run's tables are left out with one warning per dataset
// naming it and its first line; a model scored on folds outside this
// run's protocol, or on fewer of them, is kept with a warning; a control
// character in a model name reaches neither the terminal nor the report
// raw.
func TestBenchRealBaselinesUnknown(t *testing.T) {
	dir := benchRealData(t)
	base := filepath.Join(t.TempDir(), "baselines.csv")
	rows := "dataset,repeat,fold,model,macro_f1\n" +
		"ghost,0,0,majority,0.1\n" + // line 2
		"and4,0,0,majority,0.4\nand4,0,1,majority,0.4\n" +
		"or5,0,0,majority,0.4\nor5,0,1,majority,0.4\n" +
		"ghost,0,1,majority,0.1\n" +
		"and4,0,0,red\x1b[31m,0.5\nand4,0,1,red\x1b[31m,0.5\nor5,0,0,red\x1b[31m,0.5\nor5,0,1,red\x1b[31m,0.5\n" +
		"or5,0,0,wide,0.6\nor5,0,7,wide,0.6\nand4,0,0,wide,0.6\nand4,0,1,wide,0.6\n" + // line 13: fold 7
		"and4,0,1,half,0.9\nor5,0,0,half,0.9\nor5,0,1,half,0.9\n" // line 16: one fold of two
	if err := os.WriteFile(base, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"bench", "real", "--data", dir, "--folds", "2", "--epochs", "1", "--baselines", base}
	r := mustRun(t, args...)
	for _, w := range []string{"line 2: dataset ghost is not one of this run's --data tables", "line 13: model wide on or5 has repeat 0, fold 7, outside this run's 1 × 2 folds",
		"line 16: model half on and4 has 1 of this run's 1 × 2 folds; its mean is over those 1"} {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
		}
	}
	if n := strings.Count(r.stderr, "ghost"); n != 1 {
		t.Errorf("stderr names ghost %d times, want once:\n%s", n, r.stderr)
	}
	if strings.Contains(r.stdout, "ghost") || strings.ContainsRune(r.stdout+r.stderr, 0x1b) {
		t.Errorf("stdout holds ghost or a raw escape:\n%q", r.stdout)
	}
	if !strings.Contains(r.stdout, `| red\x1b[31m |`) {
		t.Errorf("stdout lacks the escaped model name:\n%s", r.stdout)
	}
	j := mustRun(t, append(args, "--format", "json", "--quiet")...)
	var rep evaluate.BenchReport
	if err := json.Unmarshal([]byte(j.stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, j.stdout)
	}
	if len(rep.Datasets) != 2 || strings.Contains(j.stdout, "ghost") || j.stderr != "" {
		t.Errorf("JSON: %d datasets, want 2 and no ghost; stderr %q", len(rep.Datasets), j.stderr)
	}
}
