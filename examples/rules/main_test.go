// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("trains a model")
	}
	var out bytes.Buffer
	if err := run([]string{"-top", "3"}, &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"trained on label = xor(", "rules (", "in decision order", "IF ", "THEN 1", "ELSE 0", "fidelity 1.000"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

func TestRunBadModel(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-model", "main.go"}, &out); err == nil || !strings.Contains(err.Error(), "main.go") {
		t.Errorf("got %v, want an error naming main.go", err)
	}
}
