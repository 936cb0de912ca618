// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Through the CLI, a row's prediction depends on that row only: making
// one cell of row i missing (empty or NA, imputed at prediction time)
// leaves every other prediction line byte for byte as it was, in a file
// longer than one 256-row evaluation chunk.
func TestPredictRowIndependence(t *testing.T) {
	dir := t.TempDir()
	file := func(name string) string { return filepath.Join(dir, name) }
	mustRun(t, "synth", "--gate", "xor", "--features", "8", "--rows", "64", "--seed", "3", "--out", file("train.csv"),
		"--test-rows", "300", "--test-out", file("test.csv"))
	// A training table with missing cells: imputed values make some
	// training batches non-binary, so the model may use both routes.
	withNA := readLines(t, file("train.csv"))
	for i := 1; i < len(withNA); i += 9 {
		withNA[i] = setCell(withNA[i], i%8, "NA")
	}
	writeLines(t, file("train_na.csv"), withNA)

	for _, m := range []struct{ name, data string }{
		{"binary model", "train.csv"},
		{"model trained with NA", "train_na.csv"},
	} {
		t.Run(m.name, func(t *testing.T) {
			model := file(strings.TrimSuffix(m.data, ".csv") + ".json")
			mustRun(t, "train", "--data", file(m.data), "--out", model, "--seed", "5", "--epochs", "10", "--quiet")
			base := filepath.Join(t.TempDir(), "base.csv")
			mustRun(t, "predict", "--data", file("test.csv"), "--model", model, "--proba", "--out", base)
			want := readLines(t, base)
			test := readLines(t, file("test.csv"))
			if len(want) != len(test) {
				t.Fatalf("predictions: %d lines for %d input lines", len(want), len(test))
			}
			for _, tt := range []struct {
				row, col int
				na       string
			}{
				{0, 0, "NA"},
				{37, 5, ""},
				{255, 3, "NA"},
				{256, 7, ""},
				{299, 1, "NA"},
			} {
				t.Run(fmt.Sprintf("row %d col %d %q", tt.row, tt.col, tt.na), func(t *testing.T) {
					tmp := t.TempDir()
					changed := append([]string(nil), test...)
					changed[tt.row+1] = setCell(changed[tt.row+1], tt.col, tt.na)
					in, out := filepath.Join(tmp, "in.csv"), filepath.Join(tmp, "out.csv")
					writeLines(t, in, changed)
					mustRun(t, "predict", "--data", in, "--model", model, "--proba", "--out", out)
					got := readLines(t, out)
					if len(got) != len(want) {
						t.Fatalf("predictions\ngot  %d lines\nwant %d", len(got), len(want))
					}
					for i := range got {
						if i != tt.row+1 && got[i] != want[i] {
							t.Errorf("line %d (row %d)\ngot  %q\nwant %q", i+1, i-1, got[i], want[i])
						}
					}
				})
			}
		})
	}
}

// setCell returns the CSV line with field col replaced by v (the synth
// files hold no quoted fields).
func setCell(line string, col int, v string) string {
	f := strings.Split(line, ",")
	f[col] = v
	return strings.Join(f, ",")
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func writeLines(t *testing.T, path string, lines []string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
