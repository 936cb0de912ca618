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
	if err := run([]string{"-features", "32", "-seed", "3"}, &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"held-out accuracy: 1.000", "THEN 1", "ELSE 0", "on the 1000 test rows: fidelity 1.000, accuracy by hand 1.000"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}
