// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"path/filepath"
	"testing"
)

// TestLabelFlagTrimmed: --label is trimmed as the header's names are (and
// --categorical's), so --label " label" names the column "label" that the
// header " label" gives; it was 'column " label": column not found'.
func TestLabelFlagTrimmed(t *testing.T) {
	fixtures(t)
	out := filepath.Join(t.TempDir(), "m.json")
	mustRun(t, "train", "--data", fx("train.csv"), "--label", " label ", "--out", out, "--epochs", "1", "--quiet")
	r := runCLI(t, context.Background(), "train", "--data", fx("train.csv"), "--label", "LABEL", "--out", out, "--epochs", "1", "--quiet")
	if r.code != exitError || r.stderr != "hornetctl: "+fx("train.csv")+`: column "LABEL": column not found: no label column of that name (column 9 is "label", which differs in case; names must match exactly)`+"\n" {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}
