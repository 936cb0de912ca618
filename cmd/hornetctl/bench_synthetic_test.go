// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"encoding/csv"
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
	mustRun(t, "bench", "synthetic", "--reps", "2", "--features", "8", "--gates", "and", "--activation", "polyclip", "--format", "csv", "--out", out)
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
	} {
		r := runCLI(t, context.Background(), append([]string{"bench", "synthetic"}, strings.Fields(tt.args)...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("bench synthetic %s: exit %d\n%s\nwant exit 2 and %q", tt.args, r.code, r.stderr, tt.want)
		}
	}
}
