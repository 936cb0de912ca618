// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
)

func TestNewBenchSyntheticCmd(t *testing.T) {
	var got *benchSyntheticOptions
	cmd := newBenchSyntheticCmdRun(&iostreams{}, func(_ context.Context, o *benchSyntheticOptions) error { got = o; return nil })
	if code := parse(t, cmd, "--reps", "3", "--features", "8, 16", "--gates", "XOR", "--positions", "both", "--activation", "relu", "--format", "csv", "--seed", "5", "--label-noise", "0.1"); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	want := benchSyntheticOptions{Format: "csv", Config: evaluate.SyntheticConfig{Reps: 3, Features: []int{8, 16}, Gates: []data.Gate{data.Xor},
		Positions: []data.Positions{data.RandomPositions, data.FirstPositions}, Activations: []string{"relu"}, Seed: 5, LabelNoise: 0.1}}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("got  %+v\nwant %+v", *got, want)
	}
}

func TestBenchSynthetic(t *testing.T) {
	r := mustRun(t, "bench", "synthetic", "--reps", "2", "--features", "8", "--gates", "and", "--activation", "polyclip", "--positions", "first")
	for _, w := range []string{"| positions | activation | gate | features |", "| first | polyclip | and | 8 | 2 | 1.000 ± 0.000 |"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
		}
	}
	out := filepath.Join(t.TempDir(), "t2.csv")
	plotPath := filepath.Join(t.TempDir(), "t2.svg")
	mustRun(t, "bench", "synthetic", "--reps", "2", "--features", "8", "--gates", "and", "--activation", "polyclip", "--format", "csv", "--out", out, "--plot", plotPath)
	if b, err := os.ReadFile(plotPath); err != nil || !bytes.HasPrefix(b, []byte("<?xml")) && !bytes.HasPrefix(b, []byte("<svg")) {
		t.Errorf("--plot %s: %v\n%.60q", plotPath, err, b)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) != 2 || recs[1][2] != "and" {
		t.Errorf("CSV: %v\n%q", err, recs)
	}
	for _, tt := range []struct{ args, want string }{
		{"--reps 0", "invalid --reps 0"},
		{"--gates nand", `invalid --gates entry "nand"`},
		{"--features 8,x", `invalid --features entry "x"`},
		{"--positions last", "--positions"},
		{"--format json", "--format"},
		{"--plot t2.gif", "invalid --plot t2.gif"},
		{"--class-weight equal", `invalid --class-weight "equal"`},
	} {
		r := runCLI(t, context.Background(), append([]string{"bench", "synthetic"}, strings.Fields(tt.args)...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("bench synthetic %s: exit %d\n%s\nwant exit 2 and %q", tt.args, r.code, r.stderr, tt.want)
		}
	}
}

// Every cell skipped (xor needs two features): a usage error before any
// fit, as tune's where no configuration applies, and no plot written.
func TestBenchSyntheticNoCell(t *testing.T) {
	plotPath := filepath.Join(t.TempDir(), "e.png")
	r := runCLI(t, context.Background(), "bench", "synthetic", "--reps", "1", "--features", "1", "--gates", "xor", "--epochs", "5", "-q", "--plot", plotPath)
	want := "hornetctl: no cell of --gates xor and --features 1 applies: each gate reads more features than there are"
	if r.code != exitUsage || !strings.Contains(r.stderr, want) || r.stdout != "" {
		t.Errorf("exit %d, stdout %q\nstderr %s\nwant exit %d and %q", r.code, r.stdout, r.stderr, exitUsage, want)
	}
	if _, err := os.Stat(plotPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("plot written: %v", err)
	}
	if _, err := evaluate.SyntheticPlot(&evaluate.SyntheticResult{}); !errors.Is(err, evaluate.ErrNoPlotData) {
		t.Errorf("SyntheticPlot of no rows: %v", err)
	}
}

func TestTrainPlot(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	plotPath := filepath.Join(dir, "loss.png")
	mustRun(t, "train", "--data", fx("train.csv"), "--out", filepath.Join(dir, "m.json"), "--epochs", "5", "--quiet", "--plot", plotPath)
	f, err := os.Open(plotPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if sz := img.Bounds().Size(); sz.X != 800 || sz.Y != 500 {
		t.Errorf("loss.png size\ngot  %v\nwant (800,500)", sz)
	}
	r := runCLI(t, context.Background(), "train", "--data", fx("train.csv"), "--out", filepath.Join(dir, "m.json"), "--plot", "loss.jpg")
	if r.code != 2 || !strings.Contains(r.stderr, "invalid --plot loss.jpg") {
		t.Errorf("--plot loss.jpg: exit %d\n%s", r.code, r.stderr)
	}
}

// TestLabelNoiseFlags: --label-noise flips training labels only (synth
// --out, never --test-out), enters the sweep's fingerprint, and a value
// outside [0, 0.5) is a one-line usage error.
func TestLabelNoiseFlags(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	mustRun(t, "synth", "--gate", "and", "--features", "6", "--rows", "2000", "--seed", "4", "--out", p("clean.csv"), "--test-out", p("clean-test.csv"))
	r := mustRun(t, "synth", "--gate", "and", "--features", "6", "--rows", "2000", "--seed", "4", "--label-noise", "0.25",
		"--out", p("noisy.csv"), "--test-out", p("noisy-test.csv"))
	if !strings.Contains(r.stdout, "label noise 0.25: ") || !strings.Contains(r.stdout, "training labels flipped; test rows clean") {
		t.Errorf("synth does not report the noise:\n%s", r.stdout)
	}
	read := func(name string) *data.Table {
		tb, err := data.ReadCSVFile(p(name))
		if err != nil {
			t.Fatal(err)
		}
		return tb
	}
	clean, noisy := read("clean.csv"), read("noisy.csv")
	if len(clean.Rows) != 2000 || len(noisy.Rows) != 2000 {
		t.Fatalf("%d and %d rows, want 2000", len(clean.Rows), len(noisy.Rows))
	}
	flips, last := 0, len(clean.Header)-1
	for i, row := range clean.Rows {
		if !reflect.DeepEqual(row[:last], noisy.Rows[i][:last]) {
			t.Fatalf("row %d: --label-noise changed the features", i)
		}
		if row[last] != noisy.Rows[i][last] {
			flips++
		}
	}
	if flips < 400 || flips > 600 { // 500 ± 5 standard deviations (19.4)
		t.Errorf("%d of 2000 training labels flipped at 0.25, want about 500", flips)
	}
	if ct, nt := read("clean-test.csv"), read("noisy-test.csv"); len(ct.Rows) != 1000 || !reflect.DeepEqual(ct.Rows, nt.Rows) {
		t.Error("--label-noise changed the test rows")
	}

	// --class-weight reaches the fits and the sweep's fingerprint.
	mustRun(t, "bench", "synthetic", "--reps", "1", "--features", "3", "--gates", "and", "--activation", "polyclip", "--label-noise", "0.2", "--class-weight", "none", "--epochs", "5")
	var equal evaluate.SyntheticConfig
	equal.Train.EqualClassWeights = true
	fe, raw, err := (&sweepSpec{Version: sweepSpecVersion, Command: cmdBenchSynthetic, Synthetic: &equal}).fingerprint()
	if f0, _, err0 := (&sweepSpec{Version: sweepSpecVersion, Command: cmdBenchSynthetic, Synthetic: &evaluate.SyntheticConfig{}}).fingerprint(); err != nil || err0 != nil || fe == f0 {
		t.Errorf("fingerprints %s and %s (%v, %v) of sweeps that differ by the class weights; spec %s", fe, f0, err, err0, raw)
	}

	a, b := evaluate.SyntheticConfig{Reps: 1}, evaluate.SyntheticConfig{Reps: 1, LabelNoise: 0.15}
	fa, _, errA := (&sweepSpec{Version: sweepSpecVersion, Command: cmdBenchSynthetic, Synthetic: &a}).fingerprint()
	fb, raw, errB := (&sweepSpec{Version: sweepSpecVersion, Command: cmdBenchSynthetic, Synthetic: &b}).fingerprint()
	if errA != nil || errB != nil || fa == fb || !strings.Contains(string(raw), `"LabelNoise":0.15`) {
		t.Errorf("fingerprints %s and %s (%v, %v) of sweeps that differ by the label noise; spec %s", fa, fb, errA, errB, raw)
	}

	for _, args := range [][]string{{"synth"}, {"bench", "synthetic"}} {
		for _, v := range []string{"-0.1", "0.5", "0.9", "NaN"} {
			r := runCLI(t, context.Background(), append(args, "--label-noise", v, "--out", p("x.csv"))...)
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "invalid --label-noise") {
				t.Errorf("%v --label-noise %s: exit %d\n%s\nwant exit 2 and one line naming --label-noise", args, v, r.code, r.stderr)
			}
		}
	}
	if _, err := os.Stat(p("x.csv")); err == nil {
		t.Error("a refused command wrote its output")
	}
}
