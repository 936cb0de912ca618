// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"
)

// TestStdinTerminalHint: --data - on a terminal says, on stderr, that the
// table is read from the terminal and how to end it (the command seemed to
// hang, waiting for it); --quiet, and a pipe or file on stdin, say
// nothing.
func TestStdinTerminalHint(t *testing.T) {
	fixtures(t)
	table, err := os.ReadFile(fx("test.csv"))
	if err != nil {
		t.Fatal(err)
	}
	const hint = "reading the table from the terminal (--data -): type or paste it, then press Ctrl-D"
	for _, tt := range []struct {
		name     string
		terminal bool
		args     []string
		want     bool
	}{
		{"terminal", true, nil, true},
		{"terminal, quiet", true, []string{"--quiet"}, false},
		{"pipe", false, nil, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			old := stdinIsTerminal
			stdinIsTerminal = func(io.Reader) bool { return tt.terminal }
			defer func() { stdinIsTerminal = old }()
			var out, errb bytes.Buffer
			args := append([]string{"hornetctl", "predict", "--model", fx("xor.json"), "--data", "-"}, tt.args...)
			if code := run(context.Background(), args, bytes.NewReader(table), &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if got := strings.Contains(errb.String(), hint); got != tt.want {
				t.Errorf("stderr %q: hint shown %v, want %v", errb.String(), got, tt.want)
			}
			if strings.Count(out.String(), "\n") != strings.Count(string(table), "\n") {
				t.Errorf("%d output lines for %d input lines", strings.Count(out.String(), "\n"), strings.Count(string(table), "\n"))
			}
		})
	}
}
