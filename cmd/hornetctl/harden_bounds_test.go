// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hornets-go/hornets/model/modelfile"
)

// TestBounds checks the documented upper bound of every size-like flag
// (issue 8, defects 3, 4 and 9): a value outside the range is a usage error
// (exit 2) on one line naming the flag and the range, found before any work.
func TestBounds(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	small := filepath.Join(dir, "small_class.csv") // class x has 3 rows
	var b strings.Builder
	b.WriteString("a,b,label\n")
	for i := range 12 {
		label := "big"
		if i < 3 {
			label = "x"
		}
		b.WriteString([]string{"0,1,", "1,0,", "1,1,"}[i%3] + label + "\n")
	}
	if err := os.WriteFile(small, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	one := filepath.Join(dir, "one_row_class.csv")
	if err := os.WriteFile(one, []byte("a,label\n0,x\n1,y\n0,y\n1,y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	train := func(flags ...string) []string {
		return append([]string{"train", "--data", fx("train.csv"), "--out", filepath.Join(dir, "m.json")}, flags...)
	}
	synth := func(flags ...string) []string {
		return append([]string{"synth", "--out", filepath.Join(dir, "s.csv")}, flags...)
	}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"rules", train("--rules", "65537"), "invalid --rules 65537: rules = 65537, want 1..65536"},
		{"rules 0", train("--rules", "0"), "invalid --rules 0: want 1..65536"},
		{"order", train("--order", "65"), "invalid --order 65: order = 65, want 1..64"},
		{"exp-param 1e9", train("--exp-param", "1000000000"), `invalid --exp-param 1000000000: exp-param = 1000000000, want 1..64 (activation "clip" is k = 0)`},
		{"samples", train("--rules", "8", "--samples", "9"), "invalid --samples 9: samples = 9, want 0..rules (8)"},
		{"heads", train("--heads", "1025"), "invalid --heads 1025: heads = 1025, want 1..1024"},
		{"pool", train("--pool", "8193"), "invalid --pool 8193: pool = 8193, want 1..8192"},
		{"pool negative", train("--pool", "-1"), "invalid --pool -1: want 0..8192"},
		{"screen-order", train("--screen-order", "9"), "invalid --screen-order 9: screen-order = 9, want 1..8"},
		{"batch-size", train("--batch-size", "65537"), "invalid --batch-size 65537: batch size = 65537, want 1..65536"},
		{"epochs", train("--epochs", "1000001"), "invalid --epochs 1000001: epochs = 1000001, want 1..1000000"},
		{"patience", train("--patience", "1000001"), "invalid --patience 1000001: patience = 1000001, want 1..1000000"},
		{"lr-decay-after", train("--lr-decay-after", "1000001"), "invalid --lr-decay-after 1000001: decay after = 1000001, want 1..1000000"},
		{"lr-decay-after negative", train("--lr-decay-after", "-1"), "invalid --lr-decay-after -1: want 0..1000000"},
		{"output-lr-scale 0", train("--output-lr-scale", "0"), "invalid --output-lr-scale 0: want > 0"},
		{"continuous-fit unknown", train("--continuous-fit", "mean"), `invalid --continuous-fit mean: continuous fit "mean", want select, average, adam or optimum`},
		{"continuous-fit empty", train("--continuous-fit", ""), "invalid --continuous-fit : want select, average, adam or optimum"},
		{"continuous-fit without prior", train("--continuous-l2", "0", "--continuous-fit", "average"), `invalid --continuous-fit average: continuous fit "average" needs the continuous L2 prior (without it a separable table has no optimum); --continuous-l2 0 switches the L2 prior off, and without it the continuous fit can only be adam`},
		// Without the prior the default fit is adam: the message says
		// where the "adam" it names comes from (session 55).
		{"stack without prior", train("--continuous-l2", "0", "--stack"), `invalid --stack true: stack needs continuous fit select (it stacks that check's fits), not "adam"; --continuous-l2 0 switches the L2 prior off, and without it the continuous fit can only be adam`},
		{"sparse without prior", train("--sparse", "--continuous-l2", "0"), `invalid --sparse true: sparse candidates need continuous fit select (their inner check), not "adam"; --continuous-l2 0 switches the L2 prior off, and without it the continuous fit can only be adam`},
		{"stack with adam given", train("--continuous-fit", "adam", "--continuous-l2", "0", "--stack"), `invalid --stack true: stack needs continuous fit select (it stacks that check's fits), not "adam"`},
		{"output-lr-scale NaN", train("--output-lr-scale", "NaN"), "invalid --output-lr-scale NaN: want > 0"},
		{"output-lr-scale Inf", train("--output-lr-scale", "Inf"), "invalid --output-lr-scale +Inf: output rate scale = +Inf, want 0 < s <= 65536"},
		{"refresh-every", train("--refresh-every", "1000001"), "invalid --refresh-every 1000001: refresh every = 1000001, want 1..1000000"},
		{"cv rules", []string{"cv", "--data", fx("train.csv"), "--rules", "1000000"}, "invalid --rules 1000000: rules = 1000000, want 1..65536"},
		{"folds above the bound", []string{"cv", "--data", fx("train.csv"), "--folds", "1001"}, "invalid --folds 1001: want 2..1000"},
		{"folds above a class", []string{"cv", "--data", small, "--folds", "5"},
			`invalid --folds 5: class "x" of ` + small + ` has 3 rows, fewer than the 5 folds; use --folds 3 or fewer`},
		{"class of one row", []string{"cv", "--data", one, "--folds", "2"},
			`invalid --folds 2: class "x" of ` + one + ` has 1 row; cross-validation needs at least 2 rows of every class`},
		{"synth features", synth("--features", "100001"), "invalid --features 100001: want 1..100000"},
		{"synth rows", synth("--features", "1000", "--rows", "67109"), "invalid --rows 67109: want 1..67108 (67108864 cells at most with --features 1000)"},
		{"synth test-rows", synth("--features", "64", "--test-rows", "2000000", "--test-out", filepath.Join(dir, "t.csv")),
			"invalid --test-rows 2000000: want 0..1048576 (67108864 cells at most with --features 64)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			r := runCLI(t, context.Background(), tt.args...)
			if r.code != exitUsage {
				t.Errorf("exit code\ngot  %d\nwant %d (stderr: %s)", r.code, exitUsage, r.stderr)
			}
			if got := strings.TrimSuffix(r.stderr, "\n"); got != "hornetctl: "+tt.want {
				t.Errorf("stderr\ngot  %q\nwant %q", got, "hornetctl: "+tt.want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v; a bound must be checked before any work", d)
			}
		})
	}
	// A folds count equal to the smallest class passes.
	mustRun(t, "cv", "--data", small, "--folds", "3", "--epochs", "2")
}

// An edited model asking for exponent 10^6 (31 s of eval before issue 8) is
// refused at once as a bad model file.
func TestBoundsModelFile(t *testing.T) {
	fixtures(t)
	raw, err := os.ReadFile(fx("xor.json"))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(raw), `"exp_param":1,`, `"exp_param":1000000,`, 1)
	if edited == string(raw) {
		t.Fatalf(`no "exp_param":1, in xor.json`)
	}
	// Unsealed, the edit is a corrupt file: the checksum refuses it.
	path := filepath.Join(t.TempDir(), "edited.json")
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, context.Background(), "eval", "--model", path, "--data", fx("test.csv"))
	if r.code != exitError || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "edited.json: model: bad model file: checksum mismatch") {
		t.Errorf("eval of an edited, unsealed model\ngot  exit %d, %q\nwant exit 1 and one line naming the file and a checksum mismatch", r.code, r.stderr)
	}
	resealed, err := modelfile.Reseal([]byte(edited))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, resealed, 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r = runCLI(t, context.Background(), "eval", "--model", path, "--data", fx("test.csv"))
	if r.code != exitError || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "exp-param = 1000000, want 1..64") {
		t.Errorf("eval of an edited model\ngot  exit %d, %q\nwant exit 1 and one line naming exp-param and 1..64", r.code, r.stderr)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestMemoryBudget: a configuration whose estimated memory exceeds the
// budget is refused before training with one line naming the sizes, the
// estimate and the budget; the defaults pass under the default budget.
func TestMemoryBudget(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	wide := filepath.Join(dir, "wide.csv")
	mustRun(t, "synth", "--features", "2000", "--rows", "200", "--out", wide)
	ids := filepath.Join(dir, "ids.csv") // a label of 3,000 values, one a row
	var b strings.Builder
	b.WriteString("a,b,label\n")
	for i := range 3000 {
		fmt.Fprintf(&b, "%d,%d,id%d\n", i%7, i%11, i)
	}
	if err := os.WriteFile(ids, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "m.json")
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"train", []string{"train", "--data", wide, "--out", out, "--rules", "65536", "--order", "64", "--memory-budget-mb", "1024"},
			"--rules 65536, --order 64 and --batch-size 16 on 200 rows × 2000 features need an estimated "},
		{"cv", []string{"cv", "--data", wide, "--rules", "65536", "--order", "64", "--memory-budget-mb", "1024", "--folds", "2", "--verbose"},
			"--rules 65536, --order 64 and --batch-size 16 on 200 rows × 2000 features need an estimated "},
		{"cv folds in parallel", []string{"cv", "--data", wide, "--rules", "65536", "--order", "64", "--memory-budget-mb", "1024", "--folds", "2"},
			"features, 2 folds at a time need an estimated "},
		{"budget 0", []string{"train", "--data", wide, "--out", out, "--memory-budget-mb", "0"}, "invalid --memory-budget-mb 0: want 1..1099511627776"},
		// The flags cannot lower the classes: the message names them.
		{"an identifier for a label", []string{"train", "--data", ids, "--out", out, "--rules", "1", "--order", "1", "--memory-budget-mb", "256", "--quiet"},
			"the label's 3000 classes (is it an identifier?) with --rules 1, --order 1 and --batch-size 16 on 3000 rows × 2 features need an estimated "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "cv folds in parallel" && runtime.GOMAXPROCS(0) < 2 {
				t.Skip("one processor: the folds run one at a time")
			}
			start := time.Now()
			r := runCLI(t, context.Background(), tt.args...)
			if r.code != exitUsage || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("got  exit %d, %q\nwant exit %d and one line containing %q", r.code, r.stderr, exitUsage, tt.want)
			}
			budget := "1024 MiB"
			if tt.name == "an identifier for a label" {
				budget = "256 MiB" // 444 MiB needed
			}
			if tt.name != "budget 0" && !strings.Contains(r.stderr, "more than the budget of "+budget+"; lower them, or raise --memory-budget-mb") {
				t.Errorf("stderr does not name the budget: %q", r.stderr)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v: the budget must be checked before training", d)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("a refused run wrote %s", out)
			}
		})
	}
	// The defaults fit the default budget on the same wide table.
	mustRun(t, "train", "--data", wide, "--out", out, "--epochs", "2", "--quiet")
}
