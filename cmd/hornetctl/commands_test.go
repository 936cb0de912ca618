// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/train"
)

func TestSynth(t *testing.T) {
	dir := t.TempDir()
	out, test := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	r := mustRun(t, "synth", "--gate", "and", "--features", "6", "--rows", "10", "--seed", "3", "--out", out, "--test-rows", "5", "--test-out", test)
	for _, w := range []string{"label = and(f", "target features: f", "wrote 10 training rows to " + out, "wrote 5 test rows to " + test} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
		}
	}
	for file, rows := range map[string]int{out: 10, test: 5} {
		recs := readCSV(t, file)
		if len(recs) != rows+1 || strings.Join(recs[0], ",") != "f0,f1,f2,f3,f4,f5,label" {
			t.Errorf("%s: %d records, header %v", file, len(recs), recs[0])
		}
	}

	// To stdout, the description moves to stderr; the same seed gives the same bytes.
	a := mustRun(t, "synth", "--features", "6", "--rows", "10", "--seed", "3", "--out", "-")
	b := mustRun(t, "synth", "--features", "6", "--rows", "10", "--seed", "3")
	if a.stdout != b.stdout || !strings.HasPrefix(a.stdout, "f0,f1,") || strings.Count(a.stdout, "\n") != 11 {
		t.Errorf("stdout CSV differs between runs or is malformed:\n%s\n---\n%s", a.stdout, b.stdout)
	}
	if !strings.Contains(a.stderr, "label = xor(") {
		t.Errorf("stderr lacks the description: %q", a.stderr)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(first[:strings.IndexByte(string(first), '\n')]) != "f0,f1,f2,f3,f4,f5,label" {
		t.Errorf("header of %s: %q", out, first)
	}
}

func TestTrain(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	for _, tt := range []struct {
		name       string
		args       []string
		wantStdout []string
		wantStderr []string // "" means stderr must be empty
	}{
		{"logs", []string{"--epochs", "20"},
			[]string{"max epochs reached: 20 epochs", "categorical route", "training accuracy", "model saved to"},
			[]string{"level=info msg=training", "epoch=1 ", "epoch=10 ", "msg=\"training stopped\"", "status=\"max epochs reached\""}},
		{"verbose", []string{"--epochs", "3", "--verbose"},
			[]string{"3 epochs"},
			[]string{"epoch=2 ", "epoch=3 ", "level=debug msg=\"rule tuple\""}},
		{"quiet", []string{"--epochs", "3", "--quiet"}, []string{"3 epochs"}, []string{""}},
		{"validation split and early stopping", []string{"--epochs", "300", "--val-fraction", "0.25", "--patience", "1", "--lr", "0.5"},
			[]string{"early stopped"}, []string{"val_rows=16"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, tt.name+".json")
			r := mustRun(t, append([]string{"train", "--data", fx("train.csv"), "--out", out}, tt.args...)...)
			for _, w := range tt.wantStdout {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
				}
			}
			for _, w := range tt.wantStderr {
				if w == "" && r.stderr != "" || !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
				}
			}
			if strings.Count(r.stdout, "\n") != 1 {
				t.Errorf("stdout is not one summary line:\n%s", r.stdout)
			}
			if _, err := train.LoadBundle(out); err != nil {
				t.Errorf("saved model does not load: %v", err)
			}
		})
	}
}

func TestEval(t *testing.T) {
	fixtures(t)
	t.Run("text", func(t *testing.T) {
		r := mustRun(t, "eval", "--data", fx("test.csv"), "--model", fx("xor.json"))
		for _, w := range []string{"(200 rows)", "route:    categorical", "accuracy: ", "macro-F1: ", "class  precision  recall  F1", "confusion matrix"} {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
			}
		}
	})
	t.Run("json", func(t *testing.T) {
		r := mustRun(t, "eval", "--data", fx("test.csv"), "--model", fx("xor.json"), "--format", "json")
		var got map[string]any
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, r.stdout)
		}
		for _, k := range []string{"rows", "accuracy", "macro_f1", "per_class", "confusion", "route", "classes"} {
			if _, ok := got[k]; !ok {
				t.Errorf("JSON lacks key %q:\n%s", k, r.stdout)
			}
		}
		if got["rows"] != 200.0 || got["route"] != "categorical" || len(got["per_class"].([]any)) != 2 {
			t.Errorf("rows %v, route %v, per_class %v", got["rows"], got["route"], got["per_class"])
		}
	})
	t.Run("label column renamed", func(t *testing.T) {
		text, err := os.ReadFile(fx("test.csv"))
		if err != nil {
			t.Fatal(err)
		}
		renamed := filepath.Join(t.TempDir(), "renamed.csv")
		if err := os.WriteFile(renamed, bytes.Replace(text, []byte(",label\n"), []byte(",y\n"), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		a := mustRun(t, "eval", "--data", fx("test.csv"), "--model", fx("xor.json"))
		b := mustRun(t, "eval", "--data", renamed, "--model", fx("xor.json"), "--label", "y")
		if strings.SplitN(a.stdout, "\n", 3)[2] != strings.SplitN(b.stdout, "\n", 3)[2] {
			t.Errorf("renamed label column scores differently:\n%s\n---\n%s", a.stdout, b.stdout)
		}
	})
	t.Run("libsvm", func(t *testing.T) {
		r := mustRun(t, "eval", "--data", fx("xor.svm"), "--data-format", "libsvm", "--model", fx("xor_svm.json"), "--format", "json")
		if !strings.Contains(r.stdout, `"rows": 48`) {
			t.Errorf("stdout:\n%s", r.stdout)
		}
	})
	t.Run("continuous", func(t *testing.T) {
		r := mustRun(t, "eval", "--data", fx("cont.csv"), "--model", fx("cont.json"))
		if !strings.Contains(r.stdout, "route:    continuous") || !strings.Contains(r.stdout, "high") {
			t.Errorf("stdout:\n%s", r.stdout)
		}
	})
}

func TestPredict(t *testing.T) {
	fixtures(t)
	t.Run("labels", func(t *testing.T) {
		r := mustRun(t, "predict", "--data", fx("test.csv"), "--model", fx("xor.json"))
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(lines) != 201 || lines[0] != "prediction" || lines[1] != "0" && lines[1] != "1" {
			t.Errorf("%d lines, starting %q", len(lines), lines[:2])
		}
	})
	t.Run("proba to file", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "p.csv")
		r := mustRun(t, "predict", "--data", fx("cat_test.csv"), "--model", fx("cat.json"), "--proba", "--out", out)
		if r.stdout != "" {
			t.Errorf("stdout is not empty: %q", r.stdout)
		}
		recs := readCSV(t, out)
		if strings.Join(recs[0], ",") != "prediction,p(no),p(yes)" || len(recs) != 7 {
			t.Errorf("records: %v", recs)
		}
		// The unseen category is reported, naming the column and the value.
		want := `hornetctl: warning: ` + fx("cat_test.csv") + `: column "colour": category "green" was not seen in training (1 row`
		if !strings.HasPrefix(r.stderr, want) {
			t.Errorf("stderr\ngot  %q\nwant %q…", r.stderr, want)
		}
	})
	t.Run("many new categories", func(t *testing.T) { // 40 warnings: 20 lines and one counting the rest
		var b strings.Builder
		b.WriteString("colour,size,label\n")
		for i := range 40 {
			fmt.Fprintf(&b, "colour%d,s,yes\n", i)
		}
		many := filepath.Join(t.TempDir(), "many.csv")
		if err := os.WriteFile(many, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		r := mustRun(t, "predict", "--data", many, "--model", fx("cat.json"))
		lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
		last := "hornetctl: warning: " + many + ": 20 more categories not seen in training (20 row cells encoded as all zeros); in all 40 unseen categories in 1 column: check that the file is coded as the training file was"
		if len(lines) != maxWarningLines+1 || lines[len(lines)-1] != last {
			t.Errorf("%d lines of warnings, the last %q; want %d, the last %q", len(lines), lines[len(lines)-1], maxWarningLines+1, last)
		}
	})
	t.Run("one column with empty cells", func(t *testing.T) {
		// A one-column file writes a missing cell as a blank line; predict
		// dropped those rows, so its lines stopped matching the input's.
		dir := t.TempDir()
		var b strings.Builder
		b.WriteString("x,label\n")
		for i := range 40 {
			fmt.Fprintf(&b, "%d,%s\n", i%2, [2]string{"even", "odd"}[i%2])
		}
		train, model, in := filepath.Join(dir, "train.csv"), filepath.Join(dir, "m.json"), filepath.Join(dir, "in.csv")
		if err := os.WriteFile(train, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(in, []byte("x\n1\n\n0\nNA\n\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		mustRun(t, "train", "--data", train, "--out", model, "--quiet", "--seed", "1")
		r := mustRun(t, "predict", "--data", in, "--model", model)
		got := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(got) != 6 || got[1] != "odd" || got[3] != "even" || got[2] != got[4] || got[5] != got[4] {
			t.Errorf("want a header and 5 predictions, the empty cells predicted as NA; got %q", got)
		}
	})
	t.Run("label column optional", func(t *testing.T) {
		text, err := os.ReadFile(fx("cat_test.csv"))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, line := range strings.Split(strings.TrimSpace(string(text)), "\n") {
			b.WriteString(line[:strings.LastIndexByte(line, ',')] + "\n")
		}
		nolabel := filepath.Join(t.TempDir(), "nolabel.csv")
		if err := os.WriteFile(nolabel, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		a := mustRun(t, "predict", "--data", fx("cat_test.csv"), "--model", fx("cat.json"))
		c := mustRun(t, "predict", "--data", nolabel, "--model", fx("cat.json"))
		if a.stdout != c.stdout {
			t.Errorf("predictions depend on the label column:\n%s\n---\n%s", a.stdout, c.stdout)
		}
	})
}

// TestModelRoundTrip checks that a saved and reloaded model predicts
// exactly as the one in memory that was saved.
func TestModelRoundTrip(t *testing.T) {
	fixtures(t)
	for _, tt := range []struct{ name, data, test, format string }{
		{"csv", fx("train.csv"), fx("test.csv"), "csv"},
		{"categorical csv", fx("cat_train.csv"), fx("cat_test.csv"), "csv"},
		{"continuous csv", fx("cont.csv"), fx("cont.csv"), "csv"},
		{"libsvm", fx("xor.svm"), fx("xor.svm"), "libsvm"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var errb bytes.Buffer
			ios := &iostreams{Out: &bytes.Buffer{}, Err: &errb}
			path := filepath.Join(t.TempDir(), "m.json")
			o := &trainOptions{Data: dataOptions{Path: tt.data, Format: tt.format}, ModelPath: path, Verbosity: quiet,
				Fit: fitOptions{Train: train.Config{Epochs: 5, Seed: 3}}}
			b, _, err := trainModel(context.Background(), o, ios)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Save(path); err != nil {
				t.Fatal(err)
			}
			ds, _, err := loadForModel(context.Background(), dataOptions{Path: tt.test, Format: tt.format}, b, path, false)
			if err != nil {
				t.Fatal(err)
			}
			p, _, err := b.Network.PredictProba(ds.X, ds.Rows)
			if err != nil {
				t.Fatal(err)
			}
			for _, proba := range []string{"", "--proba"} {
				var inMemory bytes.Buffer
				if err := writePredictions(&inMemory, b, p, proba != "", nil); err != nil {
					t.Fatal(err)
				}
				args := []string{"predict", "--data", tt.test, "--data-format", tt.format, "--model", path}
				if proba != "" {
					args = append(args, proba)
				}
				r := mustRun(t, args...)
				if r.stdout != inMemory.String() {
					t.Errorf("predict %s after loading differs from the trained model:\n%s\n---\n%s", proba, r.stdout, inMemory.String())
				}
			}
		})
	}
}

func TestCV(t *testing.T) {
	fixtures(t)
	r := mustRun(t, "cv", "--data", fx("train.csv"), "--folds", "3", "--epochs", "5")
	for _, w := range []string{"3-fold cross-validation", "fold  rows  accuracy  macro-F1", "\n3     ", "accuracy ", " ± ", "macro-F1 "} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
		}
	}
	if r.stderr != "" {
		t.Errorf("stderr is not empty by default:\n%s", r.stderr)
	}
	j := mustRun(t, "cv", "--data", fx("train.csv"), "--folds", "2", "--epochs", "3", "--format", "json")
	var rep struct {
		Folds []evaluate.FoldResult `json:"folds"`
		Mean  *float64              `json:"accuracy_mean"`
	}
	if err := json.Unmarshal([]byte(j.stdout), &rep); err != nil || len(rep.Folds) != 2 || rep.Mean == nil {
		t.Errorf("JSON: %v\n%s", err, j.stdout)
	}
}

// cv prints the same JSON with one job or two, but for the timings, and
// has repeats × folds units.
func TestCVJobs(t *testing.T) {
	fixtures(t)
	var outs []map[string]any
	for _, jobs := range []string{"1", "2"} {
		r := mustRun(t, "cv", "--data", fx("cat_train.csv"), "--folds", "2", "--repeats", "2", "--epochs", "3", "--jobs", jobs, "--format", "json")
		var rep map[string]any
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("--jobs %s: %v\n%s", jobs, err, r.stdout)
		}
		for _, k := range []string{"macro_f1_mean", "macro_f1_std", "accuracy_mean", "accuracy_std", "seconds", "folds"} {
			if _, ok := rep[k]; !ok {
				t.Errorf("--jobs %s: JSON lacks %q:\n%s", jobs, k, r.stdout)
			}
		}
		rep["seconds"] = 0.0
		folds, _ := rep["folds"].([]any)
		if len(folds) != 4 {
			t.Fatalf("--jobs %s: %d folds, want 2 repeats × 2 folds:\n%s", jobs, len(folds), r.stdout)
		}
		for _, f := range folds {
			f.(map[string]any)["seconds"] = 0.0
		}
		outs = append(outs, rep)
	}
	if !reflect.DeepEqual(outs[0], outs[1]) {
		t.Errorf("--jobs 2\ngot  %v\nwant %v", outs[1], outs[0])
	}
	r := mustRun(t, "cv", "--data", fx("train.csv"), "--folds", "2", "--repeats", "2", "--epochs", "3", "--jobs", "2")
	if !strings.Contains(r.stdout, "2 × 2-fold cross-validation") || !strings.Contains(r.stdout, "repeat  fold") {
		t.Errorf("text with repeats:\n%s", r.stdout)
	}
}

func TestVersion(t *testing.T) {
	r := mustRun(t, "version")
	if !strings.HasPrefix(r.stdout, "hornetctl "+version+" (go") {
		t.Errorf("got %q", r.stdout)
	}
}

// cancelWriter collects stderr and cancels a context when a line contains
// trigger: it stops training at a known point.
type cancelWriter struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	trigger string
	cancel  context.CancelFunc
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if strings.Contains(string(p), w.trigger) {
		w.cancel()
	}
	return w.buf.Write(p)
}

func TestInterrupt(t *testing.T) {
	fixtures(t)
	t.Run("after the first epoch", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		// The epoch-1 log line is written after the epoch ends: cancel there.
		errw := &cancelWriter{trigger: "epoch=1 ", cancel: cancel}
		out := filepath.Join(t.TempDir(), "m.json")
		var stdout bytes.Buffer
		code := run(ctx, []string{"hornetctl", "train", "--data", fx("train.csv"), "--out", out, "--epochs", "100", "--patience", "0"}, nil, &stdout, errw)
		if code != 130 {
			t.Errorf("exit code\ngot  %d\nwant 130\nstderr: %s", code, errw.buf.String())
		}
		lines := strings.Split(strings.TrimSpace(errw.buf.String()), "\n")
		last := lines[len(lines)-1]
		want := "hornetctl: training interrupted after 1 epochs; the best model so far (epoch 1, loss "
		if !strings.HasPrefix(last, want) || !strings.HasSuffix(last, "was saved to "+out) {
			t.Errorf("last stderr line\ngot  %q\nwant %q…", last, want)
		}
		if !strings.Contains(errw.buf.String(), `status=canceled`) {
			t.Errorf("the log does not end with the stop reason:\n%s", errw.buf.String())
		}
		if _, err := train.LoadBundle(out); err != nil {
			t.Errorf("the model saved on interrupt does not load: %v", err)
		}
		mustRun(t, "rules", "--model", out)
	})
	t.Run("before the first epoch", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		out := filepath.Join(t.TempDir(), "m.json")
		r := runCLI(t, ctx, "train", "--data", fx("train.csv"), "--out", out, "--quiet")
		if r.code != 130 || !strings.Contains(r.stderr, "no model was saved") {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s was written", out)
		}
	})
	t.Run("cv", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		r := runCLI(t, ctx, "cv", "--data", fx("train.csv"), "--folds", "2")
		// Cancelled at once, cv stops while reading or in the first fold.
		if r.code != 130 || !strings.Contains(r.stderr, "interrupted") || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
	})
}

// readCSV reads a whole CSV file.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// A model trained on binary columns meets a value it never saw: the row
// is still predicted by the categorical route, on its own, and eval and
// predict say so.
func TestUntrainedRouteWarning(t *testing.T) {
	fixtures(t)
	for _, args := range [][]string{
		{"eval", "--data", fx("nonbinary.csv"), "--model", fx("xor.json")},
		{"predict", "--data", fx("nonbinary.csv"), "--model", fx("xor.json")},
	} {
		r := mustRun(t, args...)
		want := "warning: " + fx("nonbinary.csv") + ": 1 of 2 rows hold non-binary values"
		if !strings.Contains(r.stderr, want) {
			t.Errorf("hornetctl %s: stderr\ngot  %q\nwant it to contain %q", args[0], r.stderr, want)
		}
	}
	if r := mustRun(t, "predict", "--data", fx("test.csv"), "--model", fx("xor.json")); r.stderr != "" {
		t.Errorf("predict on binary rows: unexpected stderr %q", r.stderr)
	}
}

// The same seed gives the same model file, byte for byte.
func TestTrainIsDeterministic(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	var files [3][]byte
	for i, seed := range []string{"5", "5", "6"} {
		path := filepath.Join(dir, fmt.Sprintf("m%d.json", i))
		mustRun(t, "train", "--data", fx("train.csv"), "--out", path, "--epochs", "15", "--seed", seed, "--quiet")
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = b
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("two trainings with seed 5 wrote different model files")
	}
	if bytes.Equal(files[0], files[2]) {
		t.Error("seeds 5 and 6 wrote the same model file")
	}
}

// train's summary says how a continuous output layer was finished
// (--continuous-fit), in text and JSON, and says nothing of it otherwise.
func TestTrainContinuousFitSummary(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	// A table whose label is linear in the values: the inner
	// cross-validation drops the rows' direction.
	linear := filepath.Join(dir, "linear.csv")
	var b strings.Builder
	b.WriteString("x0,x1,x2,x3,x4,x5,x6,x7,y\n")
	rng := rand.New(rand.NewPCG(2, 9))
	for range 300 {
		var x [8]float64
		for j := range x {
			x[j] = rng.NormFloat64()
			fmt.Fprintf(&b, "%.6f,", x[j])
		}
		y := "no"
		if x[0]+0.8*x[1]-0.6*x[2]+0.8*rng.NormFloat64() > 0 {
			y = "yes"
		}
		b.WriteString(y + "\n")
	}
	if err := os.WriteFile(linear, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// A table whose label is the sign of x0 over the row's length, less
	// 0.2, each row scaled at random: the direction predicts, the values
	// do not (train's linearOrDirection).
	direction := filepath.Join(dir, "direction.csv")
	b.Reset()
	b.WriteString("x0,x1,x2,x3,x4,x5,x6,x7,y\n")
	for range 200 {
		var x [8]float64
		norm := 0.0
		for j := range x {
			x[j] = rng.NormFloat64()
			norm += x[j] * x[j]
		}
		y := "no"
		if x[0]/math.Sqrt(norm)-0.2 > 0 {
			y = "yes"
		}
		r := math.Exp(1.5 * rng.NormFloat64())
		for j := range x {
			fmt.Fprintf(&b, "%.6f,", x[j]*r)
		}
		b.WriteString(y + "\n")
	}
	if err := os.WriteFile(direction, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	const inner = "; inner 5-fold held-out loss "
	for _, tt := range []struct {
		name, data, fit, want, wantNot, halves string
	}{
		{"select keeps the direction", direction, "", "continuous route (output layer averaged with the optimum", "", "both"},
		{"select drops the direction", linear, "", "continuous route (output layer at the optimum over the standardised values alone", "Adam", "values"},
		{"average", fx("cont.csv"), "average", "continuous route (output layer averaged with the optimum: penalised loss ", inner, ""},
		{"optimum", fx("cont.csv"), "optimum", "continuous route (output layer at the optimum: penalised loss ", inner, ""},
		{"adam", fx("cont.csv"), "adam", "continuous route, ", "output layer", ""},
		{"categorical", fx("train.csv"), "", "categorical route, ", "output layer", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"train", "--data", tt.data, "--out", filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".json"), "--epochs", "10", "-q"}
			if tt.fit != "" {
				args = append(args, "--continuous-fit", tt.fit)
			}
			r := mustRun(t, args...)
			if !strings.Contains(r.stdout, tt.want) || tt.wantNot != "" && strings.Contains(r.stdout, tt.wantNot) {
				t.Errorf("summary %q: want %q and not %q", r.stdout, tt.want, tt.wantNot)
			}
			var sum map[string]any
			j := mustRun(t, append(args, "--format", "json")...)
			if err := json.Unmarshal([]byte(j.stdout), &sum); err != nil {
				t.Fatalf("JSON summary: %v\n%s", err, j.stdout)
			}
			fit, _ := sum["continuous_fit"].(string)
			adamLoss, _ := sum["adam_penalised_loss"].(float64)
			optLoss, _ := sum["optimum_loss"].(float64)
			halves, _ := sum["input_halves"].(string)
			if halves != tt.halves || (tt.halves != "") != strings.Contains(r.stdout, inner) {
				t.Errorf("JSON input_halves %q, want %q; summary %q", halves, tt.halves, r.stdout)
			}
			// The penalty's multiple: in JSON whenever the inner check ran,
			// in the text when it is not 1.
			scale, hasScale := sum["l2_scale"].(float64)
			scaled := fmt.Sprintf(" at %g times the L2 penalty: penalised loss ", scale)
			if hasScale != (tt.halves != "") || hasScale && !slices.Contains(append(train.PenaltyScales(), 1), scale) ||
				(hasScale && scale != 1) != strings.Contains(r.stdout, scaled) || !strings.Contains(r.stdout, scaled) && strings.Contains(r.stdout, "times the L2 penalty") {
				t.Errorf("JSON l2_scale %v (present %v) and summary %q disagree", sum["l2_scale"], hasScale, r.stdout)
			}
			// The weaker penalties tried: 1/4 first wherever the check ran.
			if ws, ok := sum["weaker_scales"].([]any); ok != (tt.halves != "") || ok && (len(ws) == 0 || ws[0] != 0.25) {
				t.Errorf("JSON weaker_scales %v (present %v), want 1/4 first exactly where the inner check ran (halves %q)", sum["weaker_scales"], ok, tt.halves)
			}
			switch wantFit := cmp.Or(tt.fit, "select"); {
			case tt.wantNot == "output layer":
				if fit != "" || sum["optimum_loss"] != nil {
					t.Errorf("JSON summary names a continuous fit: %s", j.stdout)
				}
			case tt.halves == "values":
				if fit != wantFit || !(optLoss > 0) || sum["adam_penalised_loss"] != nil {
					t.Errorf("values half: JSON continuous_fit %q, optimum loss %g, Adam's loss %v; want select, a loss and no Adam's loss: %s", fit, optLoss, sum["adam_penalised_loss"], j.stdout)
				}
			case fit != wantFit || !(optLoss > 0 && optLoss <= adamLoss):
				t.Errorf("JSON continuous_fit %q (want %q), penalised loss %g at Adam's weights, %g at the optimum: %s", fit, wantFit, adamLoss, optLoss, j.stdout)
			}
		})
	}
}

// With --stack the continuous route's output layer is a stack of the
// inner check's fits: the summary
// names its members and held-out losses, the JSON lists them with weights
// summing to 1 and no graph search's loss; --stack needs --continuous-fit
// select.
func TestTrainStackSummary(t *testing.T) {
	fixtures(t)
	out := filepath.Join(t.TempDir(), "m.json")
	args := []string{"train", "--data", fx("cont.csv"), "--out", out, "--epochs", "10", "-q", "--stack"}
	r := mustRun(t, args...)
	for _, want := range []string{"continuous route (output layer: a stack of ", " times the L2 penalty", "held-out logits; held-out loss "} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("summary %q: want %q", r.stdout, want)
		}
	}
	var sum struct {
		Stack []struct {
			Halves  string  `json:"halves"`
			L2Scale float64 `json:"l2_scale"`
			Weight  float64 `json:"weight"`
		} `json:"stack"`
		StackLoss   *float64 `json:"held_out_loss_stack"`
		ChosenLoss  *float64 `json:"held_out_loss_chosen"`
		OptimumLoss *float64 `json:"optimum_loss"`
	}
	j := mustRun(t, append(args, "--format", "json")...)
	if err := json.Unmarshal([]byte(j.stdout), &sum); err != nil {
		t.Fatalf("JSON summary: %v\n%s", err, j.stdout)
	}
	total := 0.0
	for _, m := range sum.Stack {
		if m.Halves != "both" && m.Halves != "values" || !(m.Weight >= train.StackLeast) || !slices.Contains(append(train.PenaltyScales(), 1), m.L2Scale) {
			t.Errorf("JSON stack member %+v", m)
		}
		total += m.Weight
	}
	if len(sum.Stack) == 0 || math.Abs(total-1) > 1e-9 || sum.StackLoss == nil || sum.ChosenLoss == nil || !(*sum.StackLoss <= *sum.ChosenLoss*1.001) || sum.OptimumLoss != nil {
		t.Errorf("JSON summary %s: want stack weights summing to 1, a stacked held-out loss at most the chosen fit's, no optimum loss", j.stdout)
	}
	bad := runCLI(t, context.Background(), append(args, "--continuous-fit", "adam")...)
	if bad.code != 2 || !strings.Contains(bad.stderr, "--stack") {
		t.Errorf("--stack --continuous-fit adam: exit %d, stderr %q; want 2 naming --stack", bad.code, bad.stderr)
	}
	plain := mustRun(t, append(slices.Clone(args[:len(args)-1]), "--format", "json")...)
	if strings.Contains(plain.stdout, `"stack"`) {
		t.Errorf("without --stack the JSON summary lists a stack: %s", plain.stdout)
	}
}

// When training keeps its last network over the best epoch's (a noisy
// `or` gate), the summary says so with both training losses, in text and
// JSON; a fit whose best epoch is its last (a clean xor reaching the loss
// target) says nothing of it.
func TestTrainLastKeptSummary(t *testing.T) {
	dir := t.TempDir()
	noisy := filepath.Join(dir, "noisy.csv")
	mustRun(t, "synth", "--gate", "or", "--features", "64", "--rows", "128", "--seed", "3", "--label-noise", "0.2", "--out", noisy)
	args := []string{"train", "--data", noisy, "--out", filepath.Join(dir, "m.json"), "--seed", "3", "-q"}
	r := mustRun(t, args...)
	if !strings.Contains(r.stdout, "; the last network kept over epoch ") {
		t.Errorf("summary %q does not say the last network was kept", r.stdout)
	}
	var sum struct {
		BestEpoch int             `json:"best_epoch"`
		Epochs    int             `json:"epochs"`
		LastKept  *train.LastKept `json:"last_kept"`
	}
	j := mustRun(t, append(args, "--format", "json")...)
	if err := json.Unmarshal([]byte(j.stdout), &sum); err != nil {
		t.Fatal(err)
	}
	if k := sum.LastKept; k == nil || sum.BestEpoch != sum.Epochs || !(k.LastLoss < k.BestEpochLoss) || k.BestEpoch >= sum.Epochs {
		t.Errorf("JSON summary %s: want last_kept with a lower last loss and an earlier best epoch", j.stdout)
	}
	clean := filepath.Join(dir, "clean.csv")
	mustRun(t, "synth", "--gate", "xor", "--features", "16", "--rows", "128", "--seed", "3", "--out", clean)
	if r := mustRun(t, "train", "--data", clean, "--out", filepath.Join(dir, "m2.json"), "--seed", "3", "-q"); strings.Contains(r.stdout, "last network kept") {
		t.Errorf("clean xor, loss target reached: summary %q says the last network was kept", r.stdout)
	}
}
