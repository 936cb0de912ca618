// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package modelfile

import (
	"errors"
	"strings"
	"testing"
)

// TestReadVersionNotANumber: a "version" member that is not a number is
// refused saying so (it read as "not a JSON object"); a number that is not
// a positive whole one is an invalid version, naming it.
func TestReadVersionNotANumber(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ version, want string }{
		{`"7"`, `format version "7" is not a number`},
		{`true`, `format version true is not a number`},
		{`[7]`, `format version [7] is not a number`},
		{`{"v":7}`, `format version {"v":7} is not a number`},
		{`"` + strings.Repeat("x", 100) + `"`, `format version "xxxxxxxxxxxxxxxxxxx is not a number`},
		{`7.5`, "missing or invalid format version 7.5"},
		{`-1`, "missing or invalid format version -1"},
		{`null`, "missing or invalid format version"},
	} {
		t.Run(tt.version, func(t *testing.T) {
			t.Parallel()
			in := `{"format":"hornets-go model","version":` + tt.version + `,"W":[1]}`
			var f file
			err := Read(strings.NewReader(in), &f)
			if !errors.Is(err, ErrBadFile) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read(%q) = %v; want ErrBadFile saying %q", in, err, tt.want)
			}
		})
	}
}

// A "format" member that is not a string is refused saying so (it read as
// "not a JSON object").
func TestReadFormatNotAString(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ format, want string }{
		{`7`, "format 7 is not a string"},
		{`["hornets-go model"]`, `format ["hornets-go model"] is not a string`},
		{`null`, `no "format" field`},
		{`"other"`, `format "other" is not "hornets-go model"`},
	} {
		t.Run(tt.format, func(t *testing.T) {
			t.Parallel()
			in := `{"format":` + tt.format + `,"version":7,"W":[1]}`
			var f file
			err := Read(strings.NewReader(in), &f)
			if !errors.Is(err, ErrBadFile) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read(%q) = %v; want ErrBadFile saying %q", in, err, tt.want)
			}
		})
	}
}
