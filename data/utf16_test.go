// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"bytes"
	"compress/gzip"
	"errors"
	"strings"
	"testing"
)

// TestUTF16Refused: a UTF-16 file (Excel's "Unicode text", PowerShell's
// default) is an ErrBinary error on line 1 that says it is UTF-16, by its
// byte order mark, plain or gzipped, CSV or LibSVM; it said only "invalid
// UTF-8 at byte 0".
func TestUTF16Refused(t *testing.T) {
	utf16 := func(bom []byte, s string, big bool) []byte {
		out := bytes.Clone(bom)
		for _, r := range s { // ASCII only
			if big {
				out = append(out, 0, byte(r))
			} else {
				out = append(out, byte(r), 0)
			}
		}
		return out
	}
	le := utf16([]byte{0xFF, 0xFE}, "a,label\n1,x\n0,y\n", false)
	be := utf16([]byte{0xFE, 0xFF}, "a,label\n1,x\n0,y\n", true)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(le)
	zw.Close()
	tests := []struct {
		name, want string
		read       func() error
	}{
		{"CSV little-endian", "d.csv:1: binary content, not text: a UTF-16 file (byte order mark FF FE); save it as UTF-8",
			func() error { _, err := ReadCSV(bytes.NewReader(le), "d.csv"); return err }},
		{"CSV big-endian", "d.csv:1: binary content, not text: a UTF-16 file (byte order mark FE FF); save it as UTF-8",
			func() error { _, err := ReadCSV(bytes.NewReader(be), "d.csv"); return err }},
		{"CSV gzipped", "d.csv.gz:1: binary content, not text: a UTF-16 file (byte order mark FF FE)",
			func() error { _, err := ReadCSV(bytes.NewReader(gz.Bytes()), "d.csv.gz"); return err }},
		{"LibSVM", "d.svm:1: binary content, not text: a UTF-16 file (byte order mark FF FE)",
			func() error {
				_, err := ReadLibSVM(bytes.NewReader(utf16([]byte{0xFF, 0xFE}, "1 1:1\n0 2:1\n", false)), "d.svm", 0)
				return err
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.read()
			if !errors.Is(err, ErrBinary) || err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("got %v, want ErrBinary beginning %q", err, tt.want)
			}
		})
	}
}
