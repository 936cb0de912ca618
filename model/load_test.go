// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/model"
)

// Load refuses files of versions 1 to 3 and asks for retraining (a
// version-6 file's checksum is not reached: the version is read first); LoadFile of a
// missing file reports os.ErrNotExist as well as ErrModelFile.
func TestLoadErrors(t *testing.T) {
	t.Parallel()
	// A real model file, turned into versions 1, 2 and 3.
	var buf bytes.Buffer
	if err := fit(t, xorData(t, 1, 32), 1, 2, 16).Save(&buf, nil); err != nil {
		t.Fatalf("Save: %v", err)
	}
	v6 := buf.String()
	v1 := strings.Replace(v6, `"version":8`, `"version":1`, 1)
	v2 := strings.Replace(v6, `"version":8`, `"version":2`, 1)
	v3 := strings.Replace(v6, `"version":8`, `"version":3`, 1)
	if v1 == v6 {
		t.Fatalf("no \"version\":7 in the saved model:\n%.200s", v6)
	}
	missing := filepath.Join(t.TempDir(), "no-such-model.json")

	for _, tt := range []struct {
		name     string
		load     func() error
		wantIs   []error
		wantText string
		wantNot  string // must not be in the message
	}{
		{"version 1", func() error { _, _, err := model.Load(strings.NewReader(v1)); return err },
			[]error{model.ErrModelFile}, "retrain", ""},
		{"version 2 (LinAtt without its constant column)", func() error { _, _, err := model.Load(strings.NewReader(v2)); return err },
			[]error{model.ErrModelFile}, "retrain", ""},
		{"version 3 (LinAtt on the row's direction only)", func() error { _, _, err := model.Load(strings.NewReader(v3)); return err },
			[]error{model.ErrModelFile}, "retrain", ""},
		{"version 1, header only", func() error {
			_, _, err := model.Load(strings.NewReader(`{"format":"hornets-go model","version":1}`))
			return err
		}, []error{model.ErrModelFile}, "retrain", ""},
		// Issue 8: a missing file is not called a bad model file.
		{"missing file", func() error { _, _, err := model.LoadFile(missing); return err },
			[]error{model.ErrModelFile, os.ErrNotExist}, "no-such-model.json: no such file", "bad model file"},
		{"endless input", func() error { _, _, err := model.Load(&endless{c: ' '}); return err },
			[]error{model.ErrModelFile}, "larger than 64 MiB", ""},
		{"endless zeros", func() error { _, _, err := model.Load(&endless{c: 0}); return err },
			[]error{model.ErrModelFile}, "not a JSON object", ""},
		{"big sparse file", func() error { _, _, err := model.LoadFile(bigFile(t)); return err },
			[]error{model.ErrModelFile}, "1024 MiB, larger than 64 MiB", ""},
		// A nil reader is an error, as Load's documentation promises, not
		// a nil dereference.
		{"nil reader", func() error { _, _, err := model.Load(nil); return err },
			[]error{model.ErrModelFile}, "nil reader", ""},
		// Issue 8: a null inside a weight array is not read as 0.
		{"null weight", func() error {
			_, _, err := model.Load(strings.NewReader(reseal(t, strings.Replace(v6, `"W":[`, `"W":[null,`, 1))))
			return err
		}, []error{model.ErrModelFile}, "is null", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := protect(tt.load)
			for _, want := range tt.wantIs {
				if !errors.Is(err, want) {
					t.Errorf("error\ngot  %v\nwant one wrapping %v", err, want)
				}
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantText) || (tt.wantNot != "" && strings.Contains(err.Error(), tt.wantNot)) {
				t.Errorf("error text\ngot  %v\nwant it to mention %q", err, tt.wantText)
			}
		})
	}
}

// endless reads one byte forever.
type endless struct{ c byte }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.c
	}
	return len(p), nil
}

// bigFile makes a sparse 1 GiB file that starts like a model.
func bigFile(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(path, []byte(`{"format":"hornets-go model","version":4,"x":"`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 1<<30); err != nil {
		t.Fatal(err)
	}
	return path
}
