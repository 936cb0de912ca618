// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("trains models")
	}
	var out bytes.Buffer
	if err := run([]string{"-gates", "xnor", "-features", "16", "-seeds", "1-2"}, &out); err != nil {
		t.Fatal(err)
	}
	if want := "| xnor | 16 | 1.000 | 1.000 | 2/2 | 2/2 | 1.000 |"; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
}
