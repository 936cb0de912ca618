// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hornets-go/hornets/train"
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

// runStdin runs hornetctl with stdin as its standard input.
func runStdin(t *testing.T, ctx context.Context, stdin io.Reader, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(ctx, append([]string{"hornetctl"}, args...), stdin, &out, &errb)
	return result{code, out.String(), errb.String()}
}

func TestDataFromStdin(t *testing.T) {
	fixtures(t)
	read := func(name string) io.Reader {
		b, err := os.ReadFile(fx(name))
		if err != nil {
			t.Fatal(err)
		}
		return bytes.NewReader(b)
	}
	t.Run("predict", func(t *testing.T) {
		want := mustRun(t, "predict", "--data", fx("test.csv"), "--model", fx("xor.json"), "--proba")
		got := runStdin(t, context.Background(), read("test.csv"), "predict", "--data", "-", "--model", fx("xor.json"), "--proba")
		if got.code != 0 || got.stdout != want.stdout {
			t.Errorf("exit %d, stderr %q; stdout differs from the file's: %v", got.code, got.stderr, got.stdout != want.stdout)
		}
	})
	t.Run("train and eval", func(t *testing.T) {
		m := filepath.Join(t.TempDir(), "m.json")
		r := runStdin(t, context.Background(), read("train.csv"), "train", "--data", "-", "--out", m, "--epochs", "5", "--quiet")
		if r.code != 0 {
			t.Fatalf("train: exit %d: %s", r.code, r.stderr)
		}
		r = runStdin(t, context.Background(), read("test.csv"), "eval", "--data", "-", "--model", m, "--format", "json")
		if r.code != 0 || !strings.Contains(r.stdout, `"data": "stdin"`) {
			t.Errorf("eval: exit %d, stdout %s, stderr %s", r.code, r.stdout, r.stderr)
		}
	})
	t.Run("libsvm", func(t *testing.T) {
		r := runStdin(t, context.Background(), read("xor.svm"), "eval", "--data", "-", "--data-format", "libsvm", "--model", fx("xor_svm.json"), "--format", "json")
		if r.code != 0 || !strings.Contains(r.stdout, `"rows": 48`) {
			t.Errorf("exit %d, stdout %s, stderr %s", r.code, r.stdout, r.stderr)
		}
	})
	t.Run("named stdin in errors", func(t *testing.T) {
		r := runStdin(t, context.Background(), strings.NewReader(""), "cv", "--data", "-")
		if r.code != exitError || !strings.HasPrefix(r.stderr, "hornetctl: stdin: ") {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
		r = runStdin(t, context.Background(), strings.NewReader("a,b,label\n1,0,x\n"+strings.Repeat("1,0,y\n", 200000)), "cv", "--data", "-", "--max-input-mb", "1")
		if r.code != exitError || !strings.Contains(r.stderr, "stdin") || !strings.Contains(r.stderr, "--max-input-mb") {
			t.Errorf("limit: exit %d, stderr %q", r.code, r.stderr)
		}
	})
	t.Run("interrupted", func(t *testing.T) {
		pr, pw := io.Pipe() // never written: the read blocks
		defer pw.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		r := runStdin(t, ctx, pr, "predict", "--data", "-", "--model", fx("xor.json"))
		if r.code != exitInterrupted || !strings.Contains(r.stderr, "reading stdin interrupted") {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
	})
}

// TestQuiet checks that --quiet keeps warnings and progress off stderr on
// every command that has some, and never hides an error.
func TestQuiet(t *testing.T) {
	fixtures(t)
	for _, args := range [][]string{
		{"predict", "--data", fx("cat_test.csv"), "--model", fx("cat.json")},
		{"eval", "--data", fx("cat_test.csv"), "--model", fx("cat.json")},
		{"rules", "--data", fx("cat_test.csv"), "--model", fx("cat.json")},
		{"synth", "--features", "4", "--rows", "4"},
	} {
		t.Run(args[0], func(t *testing.T) {
			loud := mustRun(t, args...)
			if loud.stderr == "" {
				t.Fatalf("no warning to silence without --quiet")
			}
			q := mustRun(t, append(args, "--quiet")...)
			if q.stderr != "" {
				t.Errorf("stderr with --quiet: %q", q.stderr)
			}
			if q.stdout != loud.stdout {
				t.Errorf("--quiet changed stdout:\n%s\n---\n%s", loud.stdout, q.stdout)
			}
		})
	}
	for _, cmd := range [][]string{{"train"}, {"cv"}, {"bench", "real"}, {"bench", "synthetic"}, {"bench", "speed"}, {"eval"}, {"rules"}, {"synth"}, {"predict"}} {
		r := runCLI(t, context.Background(), append(cmd, "--quiet", "--data-format", "xlsx")...)
		if cmd[0] == "synth" || cmd[len(cmd)-1] == "synthetic" || cmd[len(cmd)-1] == "speed" {
			r = runCLI(t, context.Background(), append(cmd, "--quiet", "--format", "xml")...)
		}
		if r.code != exitUsage || !strings.Contains(r.stderr, "hornetctl: ") || strings.Contains(r.stderr, "flag provided but not defined: -quiet") {
			t.Errorf("%s --quiet with a bad flag: exit %d, stderr %q", cmd, r.code, r.stderr)
		}
	}
}

func TestClassWeight(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	for _, tt := range []struct {
		weight      string
		equal, full bool // EqualClassWeights, FullBalance saved: auto is the library's default
	}{{"none", true, false}, {"balanced", false, true}, {"Balanced", false, true}, {"auto", false, false}} {
		m := filepath.Join(dir, tt.weight+".json")
		mustRun(t, "train", "--data", fx("train.csv"), "--out", m, "--epochs", "3", "-q", "--class-weight", tt.weight)
		b, err := train.LoadBundle(m)
		if err != nil {
			t.Fatal(err)
		}
		if b.Train.EqualClassWeights != tt.equal || b.Train.FullBalance != tt.full || b.Train.ClassWeights != nil {
			t.Errorf("--class-weight %s: saved equal_class_weights %v, full_balance %v, class weights %v", tt.weight, b.Train.EqualClassWeights, b.Train.FullBalance, b.Train.ClassWeights)
		}
	}
	r := mustRun(t, "cv", "--data", fx("cat_train.csv"), "--folds", "2", "--epochs", "3", "--class-weight", "balanced", "--format", "json")
	if !strings.Contains(r.stdout, `"macro_f1_mean"`) {
		t.Errorf("cv --class-weight balanced: %s", r.stdout)
	}
	for _, args := range [][]string{{"train", "--out", filepath.Join(dir, "x.json")}, {"cv"}, {"bench", "real"}} {
		r := runCLI(t, context.Background(), append(args, "--data", fx("train.csv"), "--class-weight", "foo")...)
		if r.code != exitUsage || !strings.Contains(r.stderr, `invalid --class-weight "foo": want auto or balanced or none`) {
			t.Errorf("%s --class-weight foo: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
}

func TestCompletionAndMan(t *testing.T) {
	mustRun(t, "help", "eval") // once broke the fish script of a later run (see docApp)
	for _, shell := range []string{"bash", "zsh"} {
		r := mustRun(t, "completion", shell)
		if !strings.Contains(r.stdout, "--generate-bash-completion") || !strings.Contains(r.stdout, "hornetctl") {
			t.Errorf("completion %s:\n%s", shell, r.stdout)
		}
	}
	names := []string{"synth", "train", "eval", "predict", "rules", "cv", "bench", "version", "completion", "man"}
	fish := mustRun(t, "completion", "fish").stdout
	man := mustRun(t, "man").stdout
	for _, n := range names {
		if !strings.Contains(fish, "'"+n+"'") {
			t.Errorf("fish completion lacks command %q", n)
		}
		if !strings.Contains(man, ".SH "+n+"\n") {
			t.Errorf("man page lacks command %q", n)
		}
	}
	if !strings.HasPrefix(man, ".nh\n.TH hornetctl 1") || !strings.Contains(man, "--class-weight") {
		t.Errorf("man page:\n%.300s", man)
	}
	// The words bash and zsh complete come from hornetctl itself. urfave/cli
	// reads os.Args to tell a flag being completed.
	complete := func(args ...string) string {
		t.Helper()
		saved := os.Args
		defer func() { os.Args = saved }()
		os.Args = append([]string{"hornetctl"}, args...)
		return mustRun(t, args...).stdout
	}
	words := complete("--generate-bash-completion")
	for _, n := range names {
		if !strings.Contains(words, n+"\n") {
			t.Errorf("completion words lack %q:\n%s", n, words)
		}
	}
	if w := complete("bench", "--generate-bash-completion"); w != "real\nspeed\nsynthetic\n" {
		t.Errorf("bench completion words: %q", w)
	}
	if w := complete("cv", "--class", "--generate-bash-completion"); !strings.Contains(w, "--class-weight") {
		t.Errorf("cv flag completion words: %q", w)
	}
	for _, args := range [][]string{{"completion"}, {"completion", "powershell"}, {"completion", "bash", "zsh"}, {"man", "x"}} {
		if r := runCLI(t, context.Background(), args...); r.code != exitUsage {
			t.Errorf("%s: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
}
