// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The continuous route's feature ranking writes a class that could be
// misread (here one holding a newline) Go-quoted, as the decision lists
// and eval do; it wrote it raw, splitting a line of the table in two.
func TestRulesContinuousQuotesClasses(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("x1,x2,label\n")
	for i := range 60 {
		x1, x2 := math.Sin(float64(i)), math.Cos(float64(5*i))
		label := "plain"
		if x1+x2 > 0 {
			label = "\"two\nlines\""
		}
		fmt.Fprintf(&b, "%.4f,%.4f,%s\n", x1, x2, label)
	}
	data, model := filepath.Join(dir, "c.csv"), filepath.Join(dir, "m.json")
	if err := os.WriteFile(data, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "train", "--data", data, "--out", model, "--quiet", "--seed", "1")
	out := mustRun(t, "rules", "--model", model).stdout
	if !strings.Contains(out, "continuous route") || !strings.Contains(out, `"two\nlines"`) || strings.Contains(out, "two\nlines") {
		t.Errorf("the class holding a newline is not written quoted:\n%s", out)
	}
}
