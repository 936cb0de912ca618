// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/train"
)

// A table of continuous columns whose label is the xor of two of them:
// train's encoding check binarises it (the categorical route, threshold
// rules), says in the log when it starts and what it chose, and
// --no-binarise keeps the numbers (the continuous route); cv runs the
// check in each training fold.
func TestEncodingCheck(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "xor.csv")
	writeGaussianCSV(t, csv, 240, 5, 9, func(x []float64, _ *rand.Rand) string {
		return fmt.Sprint((x[1] > 0) != (x[3] > 0))
	})
	m := filepath.Join(dir, "m.json")
	// --no-tuple-check in this file: the tuple check's 30 inner fits a fit
	// are not what these tests are about, and cost most of their time.
	r := mustRun(t, "train", "--data", csv, "--out", m, "--seed", "1", "--no-tuple-check")
	if !strings.Contains(r.stderr, "encoding check: fitting the 5 continuous columns") || !strings.Contains(r.stderr, "encoding check of the 5 continuous columns: binarised 5 at their training quartiles") {
		t.Errorf("train's log does not report the binarising check:\n%s", r.stderr)
	}
	bundle, err := train.LoadBundle(m)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(bundle.Encoder.BinnedColumns()); got != 5 || bundle.Network.Route().String() != "categorical" {
		t.Errorf("%d binned columns, route %v: want all 5 binned and the categorical route", got, bundle.Network.Route())
	}
	mustRun(t, "train", "--data", csv, "--out", m, "--seed", "1", "--no-binarise", "-q")
	if bundle, err = train.LoadBundle(m); err != nil {
		t.Fatal(err)
	}
	if got := len(bundle.Encoder.BinnedColumns()); got != 0 || bundle.Network.Route().String() != "continuous" {
		t.Errorf("--no-binarise: %d binned columns, route %v: want numbers and the continuous route", got, bundle.Network.Route())
	}
	r = mustRun(t, "cv", "--data", csv, "--folds", "2", "--seed", "1", "-q", "--format", "json", "--no-tuple-check")
	if !strings.Contains(r.stdout, `"macro_f1_mean": 0.9`) {
		t.Errorf("cv with the encoding check: %s", r.stdout[:min(len(r.stdout), 300)])
	}
}

// Integer codes of three values beside a flag, labelled a1 = a2 (MONK's
// problem 1's first half): the check one-hot encodes the codes, says so,
// and the model keeps them categorical, one feature per value.
func TestEncodingCheckOneHotsCodes(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "codes.csv")
	rng := rand.New(rand.NewPCG(5, 5))
	var b strings.Builder
	b.WriteString("a0,a1,a2,f,label\n")
	for range 180 {
		a := [3]int{1 + rng.IntN(3), 1 + rng.IntN(3), 1 + rng.IntN(3)}
		fmt.Fprintf(&b, "%d,%d,%d,%d,%v\n", a[0], a[1], a[2], rng.IntN(2), a[1] == a[2])
	}
	if err := os.WriteFile(csv, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	m := filepath.Join(dir, "m.json")
	r := mustRun(t, "train", "--data", csv, "--out", m, "--seed", "1", "--no-tuple-check")
	if want := "encoding check of the 3 continuous columns: one-hot encoded the 3 of at most 4 values (a0, a1, a2)"; !strings.Contains(r.stderr, want) {
		t.Errorf("train's log does not say %q:\n%s", want, r.stderr)
	}
	bundle, err := train.LoadBundle(m)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, c := range bundle.Encoder.Columns {
		kinds = append(kinds, c.Name+":"+c.Kind.String())
	}
	if got := strings.Join(kinds, " "); got != "a0:categorical a1:categorical a2:categorical f:numeric" || bundle.Network.Route().String() != "categorical" {
		t.Errorf("columns %s, route %v: want the codes categorical, the flag numeric, the categorical route", got, bundle.Network.Route())
	}
}

// writeGaussianCSV writes to path a table of rows rows of cols standard
// normal columns x0, x1, ... (3 decimals) from the generator (seed, seed)
// and a label column, label(row, rng) after the row's values are drawn.
func writeGaussianCSV(t *testing.T, path string, rows, cols int, seed uint64, label func(x []float64, rng *rand.Rand) string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed))
	var b strings.Builder
	for j := range cols {
		fmt.Fprintf(&b, "x%d,", j)
	}
	b.WriteString("label\n")
	x := make([]float64, cols)
	for range rows {
		for j := range x {
			x[j] = rng.NormFloat64()
			fmt.Fprintf(&b, "%.3f,", x[j])
		}
		fmt.Fprintf(&b, "%s\n", label(x, rng))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Flags that no encoding of the table can train with fail before the
// encoding check's fits, not after them: an --order above the columns
// that binarising could give, a memory budget the numbers themselves
// exceed. An --order that only the binarised encoding leaves room for
// is judged after the check, by the encoding it chose.
func TestImpossibleFlagsFailBeforeTheEncodingCheck(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "xor.csv")
	writeGaussianCSV(t, csv, 240, 5, 9, func(x []float64, _ *rand.Rand) string {
		return fmt.Sprint((x[1] > 0) != (x[3] > 0))
	})
	m := filepath.Join(dir, "m.json")
	for _, tc := range []struct {
		args    []string
		message string
		checked bool // the check ran before the error
	}{
		{[]string{"--order", "26"}, "invalid --order 26: larger than the 5 feature columns of " + csv + ", and than the at most 25 of its continuous columns binarised", false},
		{[]string{"--memory-budget-mb", "1"}, "on 240 rows × 5 features need an estimated", false},
		{[]string{"--order", "6", "--no-binarise"}, "invalid --order 6: larger than the 5 feature columns of " + csv, false},
		{[]string{"--order", "16"}, "invalid --order 16: larger than the 15 feature columns of " + csv, true},
	} {
		r := runCLI(t, context.Background(), append([]string{"train", "--data", csv, "--out", m, "--seed", "1"}, tc.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.message) {
			t.Errorf("%v: exit %d, stderr\n%s\nwant exit 2 and %q", tc.args, r.code, r.stderr, tc.message)
		}
		if checked := strings.Contains(r.stderr, "encoding check: fitting"); checked != tc.checked {
			t.Errorf("%v: the encoding check ran: %v, want %v:\n%s", tc.args, checked, tc.checked, r.stderr)
		}
		if _, err := os.Stat(m); err == nil {
			t.Fatalf("%v: a model was saved", tc.args)
		}
	}
}

// A table of 40 continuous columns whose label is a band of one column
// (its middle half) beside a slope in another: train's encoding check
// (binarising not tried, past EncodingMaxColumns) adds steps, says so,
// and the model keeps each column's value beside its steps on the
// continuous route; --steps asks for them without the check, and it
// excludes --no-binarise.
func TestEncodingCheckAddsSteps(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "band.csv")
	writeGaussianCSV(t, csv, 300, train.EncodingMaxColumns+8, 6, func(x []float64, _ *rand.Rand) string {
		band := 0.0
		if x[3] > -0.67 && x[3] < 0.67 {
			band = 3
		}
		return fmt.Sprint(2*x[7]+band > 1.5)
	})
	m := filepath.Join(dir, "m.json")
	r := mustRun(t, "train", "--data", csv, "--out", m, "--seed", "1")
	if !strings.Contains(r.stderr, "encoding check: fitting the 40 continuous columns as numbers and with steps") || !strings.Contains(r.stderr, "encoding check of the 40 continuous columns: added steps at their training quartiles to the 40") {
		t.Errorf("train's log does not report the steps:\n%s", r.stderr)
	}
	bundle, err := train.LoadBundle(m)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(bundle.Encoder.SteppedColumns()); got != 40 || bundle.Network.Route().String() != "continuous" {
		t.Errorf("%d stepped columns, route %v: want all 40 and the continuous route", got, bundle.Network.Route())
	}
	r = mustRun(t, "train", "--data", csv, "--out", m, "--seed", "1", "--steps", "x3,x7")
	if strings.Contains(r.stderr, "encoding check") {
		t.Errorf("--steps: the encoding check ran:\n%s", r.stderr)
	}
	if bundle, err = train.LoadBundle(m); err != nil {
		t.Fatal(err)
	}
	if got := bundle.Encoder.SteppedColumns(); fmt.Sprint(got) != "[x3 x7]" {
		t.Errorf("--steps x3,x7: stepped columns %v", got)
	}
	// A usage error (2), and names the table cannot take (1, as
	// --binarise's: the file and the column named).
	for _, tc := range []struct {
		args []string
		code int
	}{{[]string{"--steps", "x3", "--no-binarise"}, 2}, {[]string{"--steps", "nope"}, 1}, {[]string{"--steps", "x3", "--binarise", "x3"}, 1}} {
		r := runCLI(t, context.Background(), append([]string{"train", "--data", csv, "--out", m + ".no", "--seed", "1"}, tc.args...)...)
		if r.code != tc.code || !strings.Contains(r.stderr, "steps") || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
			t.Errorf("%v: exit %d, stderr\n%s\nwant exit %d and one line naming the steps", tc.args, r.code, r.stderr, tc.code)
		}
		if _, err := os.Stat(m + ".no"); err == nil {
			t.Errorf("%v: a model was saved", tc.args)
		}
	}
}

// Every --class-weight runs the encoding check, steps included (a table of
// a few continuous columns over more than train.EncodingMinRows rows):
// with none, the check's steps loss indexed the library's nil weights and
// train exited with an internal error up to session 54. cv runs the check
// in its folds too.
func TestEncodingCheckClassWeights(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "slope.csv")
	writeGaussianCSV(t, csv, 120, 4, 11, func(x []float64, rng *rand.Rand) string {
		return fmt.Sprint(x[0]+x[2]+0.5*rng.NormFloat64() > 0.5)
	})
	for _, w := range []string{"auto", "balanced", "none"} {
		t.Run(w, func(t *testing.T) {
			m := filepath.Join(dir, w+".json")
			r := mustRun(t, "train", "--data", csv, "--out", m, "--seed", "1", "--epochs", "20", "--class-weight", w)
			if !strings.Contains(r.stderr, "encoding check: fitting the 4 continuous columns") {
				t.Errorf("train's log does not report the encoding check:\n%s", r.stderr)
			}
			if _, err := train.LoadBundle(m); err != nil {
				t.Fatal(err)
			}
			mustRun(t, "cv", "--data", csv, "--folds", "2", "--seed", "1", "--epochs", "20", "-q", "--class-weight", w)
		})
	}
}
