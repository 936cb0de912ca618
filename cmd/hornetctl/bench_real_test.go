// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"encoding/json"
	"fmt"
	"image/png"
	"math"
	"math/rand/v2"
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

// benchRealSplitData writes two tiny synthetic tables, each with its own
// test table, and returns the comma-separated training and test files.
func benchRealSplitData(t *testing.T) (trainFiles, testFiles string) {
	t.Helper()
	dir := t.TempDir()
	var tr, te []string
	for i, g := range []string{"and", "xor"} {
		a, b := filepath.Join(dir, g+"_train.csv"), filepath.Join(dir, g+"_test.csv")
		mustRun(t, "synth", "--gate", g, "--features", "4", "--rows", "48", "--seed", fmt.Sprint(i+1), "--out", a, "--test-out", b, "--test-rows", "60")
		tr, te = append(tr, a), append(te, b)
	}
	return strings.Join(tr, ","), strings.Join(te, ",")
}

// TestBenchRealFixedSplit: with --test each model is fitted on the whole
// --data table and scored on its test table, once per repeat; HorNets'
// score in repeat r is that of train --seed S+r scored by eval, and the
// logistic regression's is the same in every repeat.
func TestBenchRealFixedSplit(t *testing.T) {
	trainFiles, testFiles := benchRealSplitData(t)
	args := []string{"bench", "real", "--data", trainFiles, "--test", testFiles, "--repeats", "2", "--epochs", "30", "--seed", "7"}
	md := mustRun(t, args...)
	for _, want := range []string{"fixed train/test splits, 2 repeats (seed 7)", "| and_train → and_test (60 rows) | 48 × 4 | 2 | hornets |",
		"| xor_train → xor_test (60 rows) | 48 × 4 | 2 | logreg |"} {
		if !strings.Contains(md.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, md.stdout)
		}
	}
	j := mustRun(t, append(args, "--format", "json")...)
	var rep evaluate.BenchReport
	if err := json.Unmarshal([]byte(j.stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, j.stdout)
	}
	if !rep.FixedSplit || rep.Folds != 1 || rep.Repeats != 2 || len(rep.Datasets) != 2 {
		t.Fatalf("report: fixed %v, %d folds, %d repeats, %d datasets; want true, 1, 2, 2", rep.FixedSplit, rep.Folds, rep.Repeats, len(rep.Datasets))
	}
	trains, tests := strings.Split(trainFiles, ","), strings.Split(testFiles, ",")
	for d, ds := range rep.Datasets {
		if ds.TestRows != 60 || ds.Rows != 48 {
			t.Errorf("%s: %d training and %d test rows, want 48 and 60", ds.Dataset, ds.Rows, ds.TestRows)
		}
		hornets, logreg := ds.Models[0], ds.Models[1]
		if len(hornets.Folds) != 2 || len(logreg.Folds) != 2 {
			t.Fatalf("%s: %d and %d scores, want 2 each (one per repeat)", ds.Dataset, len(hornets.Folds), len(logreg.Folds))
		}
		if logreg.Folds[0].MacroF1 != logreg.Folds[1].MacroF1 {
			t.Errorf("%s: the logistic regression has no seed but scored %v and %v", ds.Dataset, logreg.Folds[0].MacroF1, logreg.Folds[1].MacroF1)
		}
		for r, f := range hornets.Folds {
			model := filepath.Join(t.TempDir(), "m.json")
			mustRun(t, "train", "--data", trains[d], "--out", model, "--epochs", "30", "--seed", fmt.Sprint(7+r), "-q")
			ev := mustRun(t, "eval", "--model", model, "--data", tests[d], "--format", "json")
			var got struct {
				MacroF1 float64 `json:"macro_f1"`
			}
			if err := json.Unmarshal([]byte(ev.stdout), &got); err != nil {
				t.Fatal(err)
			}
			if got.MacroF1 != f.MacroF1 {
				t.Errorf("%s repeat %d: bench real %v, train --seed %d and eval %v", ds.Dataset, r, f.MacroF1, 7+r, got.MacroF1)
			}
		}
	}
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
	narrow := filepath.Join(t.TempDir(), "narrow.csv")
	if err := os.WriteFile(narrow, []byte("f0,f1,label\n0,1,0\n1,1,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	baselines := func(content string) string {
		p := filepath.Join(t.TempDir(), "baselines.csv")
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	dup := baselines("dataset,repeat,fold,model,macro_f1\nand4,0,0,svm,0.9\nand4,0,1,svm,0.8\nand4,0,0,svm,0.7\n")
	negative := baselines("and4,0,-1,svm,0.9\n")
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"no data", []string{"bench", "real"}, "missing required flag --data"},
		{"a baseline fold twice", []string{"bench", "real", "--data", dir, "--baselines", dup}, "line 4: and4, repeat 0, fold 0 of model svm again (first on line 2)"},
		{"a negative baseline fold", []string{"bench", "real", "--data", dir, "--baselines", negative}, "line 1: want dataset,repeat,fold,model,macro_f1 with integer repeat and fold >= 0"},
		{"bad folds", []string{"bench", "real", "--data", dir, "--folds", "1"}, "invalid --folds 1"},
		{"bad format", []string{"bench", "real", "--data", dir, "--format", "xml"}, "invalid --format"},
		{"empty dir", []string{"bench", "real", "--data", t.TempDir()}, "no *.csv or *.csv.gz files"},
		{"bad plot", []string{"bench", "real", "--data", dir, "--plot", "cd.jpg"}, "want a file name ending in .png, .svg or .pdf"},
		{"too many folds", []string{"bench", "real", "--data", filepath.Join(dir, "and4.csv"), "--folds", "40"}, "invalid --folds 40: class"},
		{"unknown flag names the full command", []string{"bench", "real", "--data", dir, "--bogus"}, "see 'hornetctl bench real --help'"},
		{"one table twice", []string{"bench", "real", "--data", filepath.Join(dir, "and4.csv") + "," + filepath.Join(dir, "and4.csv")}, `are both dataset "and4"; give each table once`},
		{"folds with a test table", []string{"bench", "real", "--data", filepath.Join(dir, "and4.csv"), "--test", filepath.Join(dir, "or5.csv"), "--folds", "3"}, "--folds does not apply with --test"},
		{"fewer test tables", []string{"bench", "real", "--data", dir, "--test", filepath.Join(dir, "or5.csv")}, "invalid --test: 1 test tables for 2 --data tables"},
		{"a table its own test", []string{"bench", "real", "--data", filepath.Join(dir, "and4.csv"), "--test", filepath.Join(dir, "and4.csv")}, "it is its own --data table"},
		{"test table lacking a column", []string{"bench", "real", "--data", filepath.Join(dir, "and4.csv"), "--test", narrow}, `narrow.csv: column "f2"`},
		{"missing test table", []string{"bench", "real", "--data", filepath.Join(dir, "and4.csv"), "--test", filepath.Join(dir, "none.csv")}, "none.csv: no such file"},
		{"empty test dir", []string{"bench", "real", "--data", dir, "--test", t.TempDir()}, "invalid --test"},
		{"categorical column not in the table", []string{"bench", "real", "--data", dir, "--categorical", "zz"}, `column "zz"`},
		{"steps column not in the table", []string{"bench", "real", "--data", dir, "--steps", "zz"}, `column "zz": column not found: no feature column of that name to code with steps`},
		{"a column named for steps and binarising", []string{"bench", "real", "--data", filepath.Join(dir, "and4.csv"), "--steps", "f1", "--binarise", "f1"}, `and4.csv: column "f1": column named for two encodings: the column is named both to code with steps and to binarise`},
		{"steps and no-binarise", []string{"bench", "real", "--data", dir, "--steps", "*", "--no-binarise"}, "--no-binarise and --steps exclude each other"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, t.Context(), tt.args...)
			if r.code == 0 || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant it to contain %q", r.code, r.stderr, tt.want)
			}
		})
	}
}

// bench real --steps codes the named columns with steps in every table,
// for every model (until session 53 it took the flag and ignored it): a
// label inside a band of x0 (its middle two quartiles), which a linear
// model of the numbers cannot draw and one with steps at the quartiles
// can.
func TestBenchRealSteps(t *testing.T) {
	csv := filepath.Join(t.TempDir(), "band.csv")
	writeGaussianCSV(t, csv, 120, 3, 3, func(x []float64, _ *rand.Rand) string {
		return fmt.Sprint(math.Abs(x[0]) < 0.67)
	})
	scores := func(flag string) (hornets, logreg float64) {
		t.Helper()
		r := mustRun(t, "bench", "real", "--data", csv, "--folds", "3", "--seed", "1", "--epochs", "50", "--format", "json", flag)
		var rep evaluate.BenchReport
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("%s: %v\n%s", flag, err, r.stdout)
		}
		for _, m := range rep.Datasets[0].Models {
			switch m.Model {
			case evaluate.ModelHorNets:
				hornets = m.MacroF1Mean
			case evaluate.ModelLogReg:
				logreg = m.MacroF1Mean
			}
		}
		return hornets, logreg
	}
	numH, numL := scores("--no-binarise")
	for _, flag := range []string{"--steps=*", "--steps=x0"} {
		if h, l := scores(flag); h < numH+0.2 || l < numL+0.2 || h < 0.9 {
			t.Errorf("%s: macro-F1 HorNets %.3f, logistic regression %.3f; as numbers %.3f and %.3f: want both 0.2 higher with steps, HorNets 0.9 or more", flag, h, l, numH, numL)
		}
	}
}
