// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLibSVMLimitHint checks that a LibSVM size error suggests
// --max-input-mb only where the flag would help: it raises the bytes and
// cells limits, not the 2^20 features limit.
func TestLibSVMLimitHint(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	index := write("index.svm", "0 1:1\n1 72222222:0\n")
	cells := write("cells.svm", strings.Repeat("0 1:1\n1 2:1\n", 300)+"1 200:1\n")
	tiny := write("tiny.svm", strings.Repeat("0 1:1\n1 1:1\n", 10000))
	for _, tt := range []struct {
		name string
		args []string
		want string // the whole message
	}{
		{"index above the features limit: no hint", []string{"train", "--data", index, "--data-format", "libsvm", "--out", filepath.Join(dir, "m1.json")},
			`hornetctl: ` + index + `:2: "72222222:0" has an index above the limit of 1048576 features` + "\n"},
		{"rows × features past the cells limit: hint", []string{"train", "--data", cells, "--data-format", "libsvm", "--max-input-mb", "1", "--out", filepath.Join(dir, "m2.json")},
			`hornetctl: ` + cells + `:601: "200:1" makes 601 rows × 200 features, past the limit of 65536 cells (raise the limit with --max-input-mb)` + "\n"},
		{"rows and pairs past the cells limit: hint", []string{"train", "--data", tiny, "--data-format", "libsvm", "--max-input-mb", "1", "--out", filepath.Join(dir, "m3.json")},
			`hornetctl: ` + tiny + `:13108: input too large: 13108 rows and 13107 index:value pairs, past the limit of 65536 cells (a row counts 4 cells, a pair 1) (raise the limit with --max-input-mb)` + "\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, context.Background(), tt.args...)
			if r.code != exitError || r.stderr != tt.want {
				t.Errorf("got  exit %d, %q\nwant exit %d, %q", r.code, r.stderr, exitError, tt.want)
			}
		})
	}
}
