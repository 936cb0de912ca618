// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hornets-go/hornets/internal/procs"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// The tests share one directory of small fixture files and models, made
// once (see fixtures) and removed by TestMain.
var (
	fixtureDir  string
	fixtureOnce sync.Once
	fixtureErr  error
)

func TestMain(m *testing.M) {
	procs.OversubscribeUnlessSet() // as hornetctl's main does
	if path := os.Getenv(saveLoopEnv); path != "" {
		saveLoop(path) // a helper of TestSaveSurvivesSIGKILL; never returns
	}
	if os.Getenv(mainEnv) != "" { // the test binary as hornetctl itself, with the process's own streams
		os.Exit(run(context.Background(), append([]string{"hornetctl"}, os.Args[1:]...), os.Stdin, os.Stdout, os.Stderr))
	}
	dir, err := os.MkdirTemp("", "hornetctl-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fixtureDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is what one run of hornetctl did.
type result struct {
	code           int
	stdout, stderr string
}

// runCLI runs hornetctl with args and in-memory streams. Whatever the
// outcome, no Go panic or trace may reach stderr.
func runCLI(t *testing.T, ctx context.Context, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(ctx, append([]string{"hornetctl"}, args...), strings.NewReader(""), &out, &errb)
	r := result{code, out.String(), errb.String()}
	for _, bad := range []string{"panic", "goroutine"} {
		if strings.Contains(r.stderr, bad) {
			t.Fatalf("hornetctl %s: stderr contains %q:\n%s", strings.Join(args, " "), bad, r.stderr)
		}
	}
	return r
}

// mustRun runs hornetctl and fails the test unless it exits 0.
func mustRun(t *testing.T, args ...string) result {
	t.Helper()
	r := runCLI(t, context.Background(), args...)
	if r.code != 0 {
		t.Fatalf("hornetctl %s: exit %d\nstderr: %s", strings.Join(args, " "), r.code, r.stderr)
	}
	return r
}

// fx returns the path of a fixture file.
func fx(name string) string { return filepath.Join(fixtureDir, name) }

// fixtures makes the shared files once:
//
//	train.csv, test.csv    synthetic xor, 64 and 200 rows of 8 features
//	xor.json               a model trained on train.csv for 20 epochs
//	cat_*.csv, cat.json    a categorical table (test has an unseen category)
//	cont.csv, cont.json    a continuous table and its model
//	xor.svm, xor_svm.json  a LibSVM table and its model
//
// and the broken inputs of the error tests.
func fixtures(t *testing.T) {
	t.Helper()
	fixtureOnce.Do(func() { fixtureErr = makeFixtures(t) })
	if fixtureErr != nil {
		t.Fatalf("making fixtures: %v", fixtureErr)
	}
}

func makeFixtures(t *testing.T) error {
	steps := [][]string{
		{"synth", "--gate", "xor", "--features", "8", "--rows", "64", "--seed", "7", "--out", fx("train.csv"), "--test-rows", "200", "--test-out", fx("test.csv")},
		{"train", "--data", fx("train.csv"), "--out", fx("xor.json"), "--epochs", "20", "--seed", "1", "--quiet"},
	}
	for _, args := range steps {
		var out, errb bytes.Buffer
		if code := run(context.Background(), append([]string{"hornetctl"}, args...), nil, &out, &errb); code != 0 {
			return fmt.Errorf("hornetctl %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var cat, catTest, cont, svm strings.Builder
	cat.WriteString("colour,size,label\n")
	catTest.WriteString("colour,size,label\n")
	cont.WriteString("x1,x2,x3,label\n")
	for i := range 48 {
		colour := []string{"red", "blue"}[i%2]
		label := map[string]string{"red": "yes", "blue": "no"}[colour]
		size := []string{"s", "m", "l"}[rng.IntN(3)]
		fmt.Fprintf(&cat, "%s,%s,%s\n", colour, size, label)
		if i < 6 {
			if i == 0 {
				colour = "green" // never seen in training
			}
			fmt.Fprintf(&catTest, "%s,%s,%s\n", colour, size, label)
		}
		x1, x2, x3 := rng.Float64(), rng.Float64(), rng.Float64()
		fmt.Fprintf(&cont, "%.4f,%.4f,%.4f,%s\n", x1, x2, x3, map[bool]string{true: "high", false: "low"}[x1 > 0.5])
		a, b := rng.IntN(2), rng.IntN(2)
		fmt.Fprintf(&svm, "%d", a^b)
		for j, v := range []int{a, rng.IntN(2), b, rng.IntN(2)} {
			if v != 0 {
				fmt.Fprintf(&svm, " %d:1", j+1)
			}
		}
		svm.WriteString("\n")
	}
	files := map[string]string{
		"cat_train.csv": cat.String(),
		"cat_test.csv":  catTest.String(),
		"cont.csv":      cont.String(),
		"xor.svm":       svm.String(),
		"empty.csv":     "",
		"header.csv":    "a,b,label\n",
		"ragged.csv":    "a,b,label\n1,0,x\n1,0\n",
		"single.csv":    "a,b,label\n1,0,x\n0,1,x\n",
		"single.svm":    "1 1:1\n1 2:1\n",
		"nan.csv":       "a,b,label\n1,NaN,x\n0,1,y\n",
		"inf.csv":       "a,b,label\n1,0,x\n-Inf,1,y\n",
		"binary.csv":    "a,b,label\n1,\x00\x01\x02,x\n",
		"unknown.csv":   "f0,f1,f2,f3,f4,f5,f6,f7,label\n1,0,1,0,1,0,1,0,1\n1,0,1,0,1,0,1,0,maybe\n",
		"nonbinary.csv": "f0,f1,f2,f3,f4,f5,f6,f7,label\n1,0,1,0,1,0,1,0,1\n1,2,1,0,1,0,1,0,0\n",
	}
	for name, text := range files {
		if err := os.WriteFile(fx(name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	if err := os.Mkdir(fx("adir"), 0o755); err != nil {
		return err
	}
	model, err := os.ReadFile(fx("xor.json"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(fx("truncated.json"), model[:len(model)/2], 0o644); err != nil {
		return err
	}
	more := [][]string{
		{"train", "--data", fx("cat_train.csv"), "--out", fx("cat.json"), "--epochs", "10", "--quiet"},
		{"train", "--data", fx("cont.csv"), "--out", fx("cont.json"), "--epochs", "10", "--quiet"},
		{"train", "--data", fx("xor.svm"), "--data-format", "libsvm", "--out", fx("xor_svm.json"), "--epochs", "10", "--quiet"},
	}
	for _, args := range more {
		var out, errb bytes.Buffer
		if code := run(context.Background(), append([]string{"hornetctl"}, args...), nil, &out, &errb); code != 0 {
			return fmt.Errorf("hornetctl %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
		}
	}
	return nil
}

// TestOneLine: an error message is one line, and control characters from
// file names or data (an escape sequence would recolour or rewrite the
// terminal) are written as escapes.
func TestOneLine(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain message", "plain message"},
		{"  two\nlines\r\n", "two; lines"},
		{"tab\tkept", "tab\tkept"},
		{"\x1b[31mred\x1b[0m.csv: no such file", `\x1b[31mred\x1b[0m.csv: no such file`},
		{"bell\a del\x7f c1\u009b ünïcode", `bell\x07 del\x7f c1\x9b ünïcode`},
	} {
		if got := oneLine(tt.in); got != tt.want {
			t.Errorf("oneLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	r := runCLI(t, t.Context(), "train", "--data", "\x1b[31mred.csv", "--out", filepath.Join(t.TempDir(), "m.json"))
	if r.code != exitError || strings.ContainsRune(r.stderr, 0x1b) || !strings.Contains(r.stderr, `\x1b[31mred.csv`) {
		t.Errorf("exit %d, stderr %q: want 1 and the file name with its escape written out", r.code, r.stderr)
	}
}

func TestExitCode(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		want int
	}{
		{"nil", nil, 0},
		{"plain", errors.New("bad data"), 1},
		{"usage", usagef("bad flag"), 2},
		{"wrapped usage", fmt.Errorf("context: %w", usagef("bad flag")), 2},
		{"canceled", context.Canceled, 130},
		{"wrapped canceled", fmt.Errorf("fold 2: %w", context.Canceled), 130},
		{"interrupted", &interrupted{"training interrupted"}, 130},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := exitCode(tt.err); got != tt.want {
				t.Errorf("exitCode(%v)\ngot  %d\nwant %d", tt.err, got, tt.want)
			}
		})
	}
}

// TestRunErrors checks every error a user can cause: the exit code, and
// that stderr is exactly one line naming the culprit.
func TestRunErrors(t *testing.T) {
	fixtures(t)
	for _, tt := range []struct {
		name string
		args []string
		code int
		want string // fragment of the one stderr line
	}{
		// Data errors: exit 1, naming the file (and line, column).
		{"empty file", []string{"train", "--data", fx("empty.csv"), "--out", fx("m.json")}, 1, "empty.csv: empty input"},
		{"header only", []string{"train", "--data", fx("header.csv"), "--out", fx("m.json")}, 1, "header.csv: no data rows"},
		{"ragged rows", []string{"train", "--data", fx("ragged.csv"), "--out", fx("m.json")}, 1, "ragged.csv:3: wrong number of fields"},
		{"single class", []string{"train", "--data", fx("single.csv"), "--out", fx("m.json")}, 1, "single.csv: column \"label\": fewer than two classes"},
		{"NaN", []string{"train", "--data", fx("nan.csv"), "--out", fx("m.json")}, 1, "nan.csv:2: column \"b\": \"NaN\""},
		{"Inf", []string{"train", "--data", fx("inf.csv"), "--out", fx("m.json")}, 1, "inf.csv:3: column \"a\": \"-Inf\""},
		{"no such label column", []string{"train", "--data", fx("train.csv"), "--label", "nope", "--out", fx("m.json")}, 1, "column \"nope\": column not found"},
		{"binary file", []string{"train", "--data", fx("binary.csv"), "--out", fx("m.json")}, 1, "binary.csv:2: binary content"},
		{"directory as data", []string{"train", "--data", fx("adir"), "--out", fx("m.json")}, 1, "adir: is a directory"},
		{"missing data file", []string{"train", "--data", fx("missing.csv"), "--out", fx("m.json")}, 1, "missing.csv: no such file"},
		{"missing data file cv", []string{"cv", "--data", fx("missing.csv")}, 1, "missing.csv: no such file"},
		{"libsvm single class", []string{"train", "--data", fx("single.svm"), "--data-format", "libsvm", "--out", fx("m.json")}, 1, "single.svm: fewer than two classes"},
		{"libsvm syntax", []string{"train", "--data", fx("train.csv"), "--data-format", "libsvm", "--out", fx("m.json")}, 1, "train.csv: no feature columns"},
		{"unknown label in eval", []string{"eval", "--data", fx("unknown.csv"), "--model", fx("xor.json")}, 1, "unknown.csv:3: column \"label\": \"maybe\""},
		{"eval data lacks label", []string{"eval", "--data", fx("train.csv"), "--model", fx("xor.json"), "--label", "f9"}, 1, "column \"f9\""},
		{"predict missing column", []string{"predict", "--data", fx("cont.csv"), "--model", fx("xor.json")}, 1, "cont.csv: column \"f0\""},
		{"out directory missing", []string{"train", "--data", fx("train.csv"), "--out", fx("nodir/m.json")}, 1, "nodir"},
		{"out is a directory", []string{"train", "--data", fx("train.csv"), "--out", fx("adir")}, 1, "adir: is a directory"},

		// Model errors: exit 1, naming the model file.
		{"CSV as model", []string{"eval", "--data", fx("test.csv"), "--model", fx("train.csv")}, 1, "train.csv: model: bad model file"},
		{"binary as model", []string{"predict", "--data", fx("test.csv"), "--model", fx("binary.csv")}, 1, "binary.csv: model: bad model file"},
		{"truncated model", []string{"predict", "--data", fx("test.csv"), "--model", fx("truncated.json")}, 1, "truncated.json: model: bad model file"},
		{"directory as model", []string{"rules", "--model", fx("adir")}, 1, "adir is a directory"},
		{"missing model", []string{"rules", "--model", fx("nope.json")}, 1, "nope.json: no such file"},

		// Usage errors: exit 2, naming the flag.
		{"no flags", []string{"train"}, 2, "missing required flags --data, --out"},
		{"missing --out", []string{"train", "--data", fx("train.csv")}, 2, "missing required flag --out"},
		{"missing --model", []string{"eval", "--data", fx("test.csv")}, 2, "missing required flag --model"},
		{"missing --data predict", []string{"predict", "--model", fx("xor.json")}, 2, "missing required flag --data"},
		{"missing --model rules", []string{"rules"}, 2, "missing required flag --model"},
		{"missing --data cv", []string{"cv"}, 2, "missing required flag --data"},
		{"unknown flag", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--bogus"}, 2, "train: flag provided but not defined: -bogus"},
		{"unknown global flag", []string{"--bogus"}, 2, "flag provided but not defined: -bogus"},
		{"unknown command", []string{"fly"}, 2, "unknown command \"fly\""},
		{"label a feature of the model", []string{"eval", "--data", fx("test.csv"), "--model", fx("xor.json"), "--label", "f0"}, 2, "invalid --label f0: f0 is a feature column of the model " + fx("xor.json") + ` (trained with label column "label")`},
		{"unknown help topic", []string{"help", "fly"}, 2, "no command or help topic 'fly' (see 'hornetctl help')"},
		{"unknown bench experiment", []string{"bench", "fly"}, 2, "no command or help topic 'fly' (see 'hornetctl help')"},
		{"positional argument", []string{"eval", fx("test.csv")}, 2, "unexpected argument"},
		{"flag without value", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--order"}, 2, "flag needs an argument: -order"},
		{"non-number", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--lr", "fast"}, 2, "invalid value \"fast\" for flag -lr"},
		{"order 0", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--order", "0"}, 2, "invalid --order 0"},
		{"cutoff 2", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--cutoff", "2"}, 2, "invalid --cutoff 2"},
		{"refresh-every negative", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--refresh-every", "-3"}, 2, "invalid --refresh-every -3"},
		{"exp-param 0", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--exp-param", "0"}, 2, "invalid --exp-param 0"},
		{"unknown activation", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--activation", "tanh"}, 2, "--activation"},
		{"exp-param with clip", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--activation", "clip", "--exp-param", "3"}, 2, "--exp-param applies to --activation polyclip only (clip has no exponent parameter)"},
		{"exp-param with relu", []string{"cv", "--data", fx("train.csv"), "--activation", "ReLU", "--exp-param", "2"}, 2, "--exp-param applies to --activation polyclip only (relu has no exponent parameter)"},
		{"order above columns", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--order", "9"}, 2, "invalid --order 9: larger than the 8 feature columns"},
		{"rules -1", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--rules", "-1"}, 2, "invalid --rules -1"},
		{"lr 0", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--lr", "0"}, 2, "invalid --lr 0"},
		{"lr negative", []string{"cv", "--data", fx("train.csv"), "--lr", "-1"}, 2, "invalid --lr -1"},
		{"epochs 0", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--epochs", "0"}, 2, "invalid --epochs 0"},
		{"batch-size 0", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--batch-size", "0"}, 2, "invalid --batch-size 0"},
		{"val-fraction 1", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--val-fraction", "1"}, 2, "invalid --val-fraction 1"},
		{"screen-order above 8", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--screen-order", "9"}, 2, "invalid --screen-order 9"},
		{"samples above rules", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--rules", "8", "--samples", "9"}, 2, "invalid --samples 9"},
		{"activation", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--activation", "tanh"}, 2, "invalid --activation tanh"},
		{"dropout 1", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--dropout", "1"}, 2, "invalid --dropout 1"},
		{"model to stdout", []string{"train", "--data", fx("train.csv"), "--out", "-"}, 2, "invalid --out -"},
		{"quiet and verbose", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "-q", "-v"}, 2, "--quiet and --verbose"},
		{"data-format", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--data-format", "xlsx"}, 2, "invalid --data-format \"xlsx\""},
		{"label with libsvm", []string{"train", "--data", fx("xor.svm"), "--data-format", "libsvm", "--label", "y", "--out", fx("m.json")}, 2, "--label applies to CSV input only"},
		{"csv into libsvm model", []string{"eval", "--data", fx("test.csv"), "--model", fx("xor_svm.json")}, 2, "--data-format libsvm"},
		{"report format", []string{"eval", "--data", fx("test.csv"), "--model", fx("xor.json"), "--format", "xml"}, 2, "invalid --format \"xml\""},
		{"report format is not input format", []string{"eval", "--data", fx("test.csv"), "--model", fx("xor.json"), "--format", "libsvm"}, 2, "--data-format libsvm"},
		{"folds 1", []string{"cv", "--data", fx("train.csv"), "--folds", "1"}, 2, "invalid --folds 1"},
		{"folds above rows", []string{"cv", "--data", fx("train.csv"), "--folds", "65"}, 2, "invalid --folds 65"},
		{"top -1", []string{"rules", "--model", fx("xor.json"), "--top", "-1"}, 2, "invalid --top -1"},
		{"gate foo", []string{"synth", "--gate", "foo"}, 2, "invalid --gate \"foo\""},
		{"features 0", []string{"synth", "--features", "0"}, 2, "invalid --features 0"},
		{"features 1 for xor", []string{"synth", "--features", "1"}, 2, "invalid --features 1"},
		{"sparse without select", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--sparse", "--continuous-fit", "adam"}, 2, "sparse candidates need continuous fit select"},
		{"sparse and no sparse", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--sparse", "--no-sparse"}, 2, "invalid --no-sparse true: sparse keeps [10 100] and no sparse candidates contradict"},
		{"route check and no route check", []string{"train", "--data", fx("train.csv"), "--out", fx("m.json"), "--route-check", "--no-route-check"}, 2, "invalid --no-route-check true: the route check is both asked for and switched off"},
		{"features 3 for xor4", []string{"synth", "--gate", "xor4", "--features", "3"}, 2, "invalid --features 3: gate xor4 reads 4 features, want >= 4"},
		{"rows 0", []string{"synth", "--rows", "0"}, 2, "invalid --rows 0"},
		{"positions", []string{"synth", "--positions", "last"}, 2, "invalid --positions \"last\""},
		{"test-rows without test-out", []string{"synth", "--test-rows", "10", "--out", fx("s.csv")}, 2, "--test-rows needs --test-out"},
		{"both to stdout", []string{"synth", "--test-out", "-"}, 2, "cannot both be stdout"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, context.Background(), tt.args...)
			if r.code != tt.code {
				t.Errorf("exit code\ngot  %d\nwant %d\nstderr: %s", r.code, tt.code, r.stderr)
			}
			if strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n") || !strings.HasPrefix(r.stderr, "hornetctl: ") {
				t.Errorf("stderr is not one line starting with \"hornetctl: \":\n%s", r.stderr)
			}
			if !strings.Contains(r.stderr, tt.want) {
				t.Errorf("stderr\ngot  %q\nwant it to contain %q", r.stderr, tt.want)
			}
			if r.stdout != "" {
				t.Errorf("stdout is not empty:\n%s", r.stdout)
			}
		})
	}
	if _, err := os.Stat(fx("m.json")); err == nil {
		t.Errorf("a failed train left %s behind", fx("m.json"))
	}
}

// TestRunRecoversPanic checks the last-resort recover: a nil stdout makes
// the version command panic, which must come out as one line, exit 1.
func TestRunRecoversPanic(t *testing.T) {
	var errb bytes.Buffer
	code := run(context.Background(), []string{"hornetctl", "version"}, nil, nil, &errb)
	if code != 1 {
		t.Errorf("exit code\ngot  %d\nwant 1", code)
	}
	got := errb.String()
	if !strings.HasPrefix(got, "hornetctl: internal error:") || strings.Count(got, "\n") != 1 || strings.Contains(got, "goroutine") || strings.Contains(got, "panic") {
		t.Errorf("stderr\ngot  %q\nwant one \"hornetctl: internal error: …\" line", got)
	}
}

// TestConcurrentRunsShareNoFlag: two hornetctl apps may parse their flags
// at once in one process (the shard tests run shards in goroutines). Under
// go test -race this fails if they write shared state, as urfave/cli's
// package-level help flag did before helpFlag (each goroutine runs 20 times:
// with one run each the race detector saw no overlap); without -race it
// checks that --help, -h and the help command still work from several
// goroutines.
func TestConcurrentRunsShareNoFlag(t *testing.T) {
	var wg sync.WaitGroup
	runs := [][]string{{"train", "--help"}, {"predict", "-h"}, {"help", "eval"}, {"--help"}, {"version"}, {"rules", "--help"}}
	res := make([]result, len(runs))
	for i, args := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				res[i] = runCLI(t, context.Background(), args...)
			}
		}()
	}
	wg.Wait()
	for i, r := range res {
		if r.code != 0 || r.stdout == "" || r.stderr != "" {
			t.Errorf("hornetctl %s: exit %d, %d bytes of stdout, stderr %q", strings.Join(runs[i], " "), r.code, len(r.stdout), r.stderr)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want []string
	}{
		{"no command", nil, []string{"COMMANDS:", "synth", "train", "eval", "predict", "rules", "cv", "version"}},
		{"help command", []string{"help", "eval"}, []string{"hornetctl eval --data test.csv --model model.json"}},
		{"train defaults", []string{"train", "--help"}, []string{
			fmt.Sprintf("number of rule slots R of the categorical route, 1..%d; by default %d, doubled up to %d where the feature tuples with evidence need more runs of --heads (many classes) (default: %d)", model.MaxRules, model.DefaultConfig().Rules, model.GrownRules, model.DefaultConfig().Rules),
			fmt.Sprintf("(default: %g)", train.DefaultConfig().LearningRate),
			"(default: lr/5)",
			fmt.Sprintf("maximum number of epochs N, 1..%d (default: %d on the categorical route, %d on the continuous)", train.EpochLimit, train.CategoricalEpochs, train.ContinuousEpochs),
			"--data-format FORMAT", "input FORMAT: csv", "--format FORMAT", "output FORMAT: text or json",
		}},
		{"predict columns", []string{"predict", "-h"}, []string{"p(<label>)"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := mustRun(t, tt.args...)
			for _, w := range tt.want {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("help lacks %q:\n%s", w, r.stdout)
				}
			}
			if r.stderr != "" {
				t.Errorf("stderr is not empty: %s", r.stderr)
			}
		})
	}
}
