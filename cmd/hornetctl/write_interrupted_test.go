// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteInterruptedMessage: an output abandoned on Ctrl-C or SIGTERM
// names its file once ("writing FILE: interrupted; nothing replaced", was
// "writing FILE: writing FILE interrupted; nothing replaced"), keeps the
// file it would have replaced, and leaves no temporary file; on stdout,
// where lines may already be out, it does not claim that nothing was
// replaced.
func TestWriteInterruptedMessage(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	write := func(w io.Writer) error {
		_, err := io.WriteString(w, "prediction\n1\n")
		return err
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "p.csv")
	if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := writeOutputCtx(ctx, out, io.Discard, write)
	if want := "writing " + out + ": interrupted; nothing replaced"; err == nil || err.Error() != want {
		t.Errorf("file: got %v, want %q", err, want)
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("file: %v is not context.Canceled", err)
	}
	if b, _ := os.ReadFile(out); string(b) != "old\n" {
		t.Errorf("the file holds %q, want the old content kept", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries in the directory, want only p.csv", len(entries))
	}

	err = writeOutputCtx(ctx, "-", io.Discard, write)
	if err == nil || err.Error() != "writing the output interrupted" || !errors.Is(err, context.Canceled) {
		t.Errorf("stdout: got %v, want 'writing the output interrupted', context.Canceled", err)
	}
	if err != nil && strings.Count(err.Error(), "writing") != 1 {
		t.Errorf("stdout: %q says writing twice", err)
	}
}
