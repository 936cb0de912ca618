// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSideFilesBOM: a --grid or --baselines file saved with a UTF-8 byte
// order mark (and CRLF line ends), as some editors save them, reads as
// the same file without it, as --data does. The grid was refused with
// "invalid character 'ï' looking for beginning of value", and the
// baselines' header line with "line 1: want dataset,repeat,...".
func TestSideFilesBOM(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	grid := filepath.Join(dir, "grid.json")
	if err := os.WriteFile(grid, []byte("\ufeff[{\"order\": 2, \"rules\": 4}]\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "tune", "--data", fx("train.csv"), "--grid", grid, "--folds", "2", "--epochs", "1", "--quiet")

	baselines := filepath.Join(dir, "baselines.csv")
	if err := os.WriteFile(baselines, []byte("\ufeffdataset,repeat,fold,model,macro_f1\r\ntrain,0,0,svm,0.5\r\ntrain,0,1,svm,0.75\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := mustRun(t, "bench", "real", "--data", fx("train.csv"), "--baselines", baselines, "--folds", "2", "--epochs", "1", "--rules", "4", "--quiet")
	if !strings.Contains(r.stdout, "| svm | 0.625 ± 0.177 |") {
		t.Errorf("the report lacks the svm baseline:\n%s", r.stdout)
	}
}
