// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("trains a model")
	}
	var out bytes.Buffer
	if err := run([]string{"-seed", "2"}, &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"trained on train.csv: 32 features; categorical route", "test.csv: 500 rows, accuracy 1.000, macro-F1 1.000"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

func TestRunOnFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("trains a model")
	}
	path := filepath.Join(t.TempDir(), "votes.csv")
	rows := "a,b,c,label\ny,n,y,yes\nn,y,NA,no\ny,y,y,yes\nn,n,n,no\ny,NA,n,yes\nn,y,y,no\n"
	if err := os.WriteFile(path, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run([]string{"-train", path}, &out); err != nil {
		t.Fatal(err)
	}
	if want := "votes.csv: 6 rows, accuracy 1.000"; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
}

func TestRunMissingFile(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-train", "no-such-file.csv"}, &out); err == nil || !strings.Contains(err.Error(), "no-such-file.csv") {
		t.Errorf("got %v, want an error naming the file", err)
	}
}
