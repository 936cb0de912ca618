// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/evaluate"
)

// benchRealData writes two tiny synthetic tables (and gate) into a fresh
// directory and returns it.
func benchRealData(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	mustRun(t, "synth", "--gate", "and", "--features", "4", "--rows", "40", "--seed", "1", "--out", filepath.Join(dir, "and4.csv"))
	mustRun(t, "synth", "--gate", "or", "--features", "5", "--rows", "40", "--seed", "2", "--out", filepath.Join(dir, "or5.csv"))
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestBenchReal(t *testing.T) {
	dir := benchRealData(t)
	base := filepath.Join(t.TempDir(), "baselines.csv") // not in dir: it would be read as a table
	var rows []string
	rows = append(rows, "dataset,repeat,fold,model,macro_f1")
	for _, ds := range []string{"and4", "or5"} {
		for f := range 3 {
			rows = append(rows, ds+",0,"+string(rune('0'+f))+",majority,0.4")
		}
	}
	if err := os.WriteFile(base, []byte(strings.Join(rows, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"bench", "real", "--data", dir, "--folds", "3", "--epochs", "20", "--seed", "4"}

	r := mustRun(t, args...)
	for _, want := range []string{
		"| and4 | 40 × 4 | 2 | hornets |", "| and4 | 40 × 4 | 2 | logreg |",
		"| or5 | 40 × 5 | 2 | hornets |", "| or5 | 40 × 5 | 2 | logreg |",
		"average ranks over 2 datasets", "Friedman χ²_F =", "Iman–Davenport F_F =",
		"Nemenyi critical difference (α = 0.05, k = 2, N = 2): CD = 1.386",
		"Bayesian signed-rank test, hornets − logreg",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "notes") {
		t.Errorf("a non-CSV file was benchmarked:\n%s", r.stdout)
	}

	// The same seed gives the same scores; files can be listed; baselines
	// join the comparison.
	files := filepath.Join(dir, "and4.csv") + "," + filepath.Join(dir, "or5.csv")
	plotPath := filepath.Join(t.TempDir(), "cd.png")
	j := mustRun(t, "bench", "real", "--data", files, "--folds", "3", "--epochs", "20", "--seed", "4", "--baselines", base, "--format", "json", "--plot", plotPath)
	pf, err := os.Open(plotPath)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(pf)
	pf.Close()
	// 7 × (1 + 0.35·2) inches at 96 dpi.
	if err != nil || cfg.Width != 672 || cfg.Height != 163 {
		t.Errorf("CD plot: %d × %d, %v; want 672 × 163", cfg.Width, cfg.Height, err)
	}
	var rep evaluate.BenchReport
	if err := json.Unmarshal([]byte(j.stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, j.stdout)
	}
	if len(rep.Datasets) != 2 || len(rep.Datasets[0].Models) != 3 || rep.Stats.Friedman == nil || rep.Stats.Bayes == nil {
		t.Fatalf("unexpected report: %+v", rep)
	}
	if got := rep.Stats.Models; strings.Join(got, ",") != "hornets,logreg,majority" {
		t.Errorf("models: got %v", got)
	}
	if rep.Stats.AverageRanks[2] != 3 {
		t.Errorf("the 0.4 baseline should rank last: %v", rep.Stats.AverageRanks)
	}
	b := rep.Stats.Bayes
	if s := b.Left + b.Rope + b.Right; s < 0.999999 || s > 1.000001 {
		t.Errorf("Bayesian probabilities sum to %g", s)
	}
	for _, m := range rep.Datasets[0].Models[:2] {
		if len(m.Folds) != 3 {
			t.Errorf("%s: %d folds, want 3", m.Model, len(m.Folds))
		}
		{
			var md string
			for _, line := range strings.Split(r.stdout, "\n") {
				if strings.HasPrefix(line, "| and4 |") && strings.Contains(line, "| "+m.Model+" |") {
					md = line
				}
			}
			if want := " " + formatF1(m.MacroF1Mean, m.MacroF1Std) + " "; !strings.Contains(md, want) {
				t.Errorf("%s: markdown %q and JSON %q disagree", m.Model, md, want)
			}
		}
	}
}

func formatF1(mean, std float64) string { return fmt.Sprintf("%.3f ± %.3f", mean, std) }

func TestBenchRealUsage(t *testing.T) {
	dir := benchRealData(t)
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"no data", []string{"bench", "real"}, "missing required flag --data"},
		{"bad folds", []string{"bench", "real", "--data", dir, "--folds", "1"}, "invalid --folds 1"},
		{"bad format", []string{"bench", "real", "--data", dir, "--format", "xml"}, "invalid --format"},
		{"empty dir", []string{"bench", "real", "--data", t.TempDir()}, "no *.csv or *.csv.gz files"},
		{"bad plot", []string{"bench", "real", "--data", dir, "--plot", "cd.jpg"}, "want a file name ending in .png, .svg or .pdf"},
		{"too many folds", []string{"bench", "real", "--data", filepath.Join(dir, "and4.csv"), "--folds", "40"}, "invalid --folds 40: class"},
		{"unknown flag names the full command", []string{"bench", "real", "--data", dir, "--bogus"}, "see 'hornetctl bench real --help'"},
		{"one table twice", []string{"bench", "real", "--data", filepath.Join(dir, "and4.csv") + "," + filepath.Join(dir, "and4.csv")}, `are both dataset "and4"; give each table once`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, t.Context(), tt.args...)
			if r.code == 0 || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant it to contain %q", r.code, r.stderr, tt.want)
			}
		})
	}
}
