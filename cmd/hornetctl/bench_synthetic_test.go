// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"encoding/csv"
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
	if code := parse(t, cmd, "--reps", "3", "--features", "8, 16", "--gates", "XOR", "--positions", "both", "--activation", "relu", "--format", "csv", "--seed", "5"); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	want := benchSyntheticOptions{Format: "csv", Config: evaluate.SyntheticConfig{Reps: 3, Features: []int{8, 16}, Gates: []data.Gate{data.Xor},
		Positions: []data.Positions{data.RandomPositions, data.FirstPositions}, Activations: []string{"relu"}, Seed: 5}}
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
	} {
		r := runCLI(t, context.Background(), append([]string{"bench", "synthetic"}, strings.Fields(tt.args)...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("bench synthetic %s: exit %d\n%s\nwant exit 2 and %q", tt.args, r.code, r.stderr, tt.want)
		}
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
