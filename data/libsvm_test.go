// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestReadLibSVM(t *testing.T) {
	t.Parallel()
	const text = "# a comment line\n+1 1:0.5 3:2 # first\n\n-1 qid:7 2:1\r\n-1\n"
	for _, tt := range []struct {
		name      string
		input     string
		nFeatures int
		want      *Dataset
	}{{
		name:  "inferred width",
		input: text,
		want: &Dataset{
			X:    []float64{0.5, 0, 2, 0, 1, 0, 0, 0, 0},
			Rows: 3, Cols: 3,
			Y:        []int{1, 0, 0},
			Features: []string{"f1", "f2", "f3"},
			Classes:  []string{"-1", "+1"},
		},
	}, {
		name:      "declared width",
		input:     gz(t, text),
		nFeatures: 4,
		want: &Dataset{
			X:    []float64{0.5, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0},
			Rows: 3, Cols: 4,
			Y:        []int{1, 0, 0},
			Features: []string{"f1", "f2", "f3", "f4"},
			Classes:  []string{"-1", "+1"},
		},
	}, {
		name:  "string labels, one class",
		input: "spam 2:-1e-3\nspam 1:4\n",
		want: &Dataset{
			X:    []float64{0, -1e-3, 4, 0},
			Rows: 2, Cols: 2,
			Y:        []int{0, 0},
			Features: []string{"f1", "f2"},
			Classes:  []string{"spam"},
		},
	}} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ReadLibSVM(strings.NewReader(tt.input), "in.svm", tt.nFeatures)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(d, tt.want) {
				t.Errorf("got  %+v\nwant %+v", d, tt.want)
			}
		})
	}
}

func TestReadLibSVMErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name      string
		input     string
		nFeatures int
		want      error
		msg       string
	}{
		{"not a pair", "1 1:2\n0 3\n", 0, ErrSyntax, `s.svm:2: "3" is not an index:value pair`},
		{"index not an integer", "1 a:2\n", 0, ErrSyntax, `s.svm:1: "a:2" has an index that is not an integer`},
		{"no label", "1:2 3:4\n", 0, ErrSyntax, `s.svm:1: "1:2" is where the label should be (each line starts with its label)`},
		{"index zero", "1 0:1\n", 0, ErrIndex, `s.svm:1: "0:1" has an index below 1 (indices start at 1)`},
		{"decreasing", "# c\n1 5:1 2:1\n", 0, ErrIndex, `s.svm:2: "2:1" comes after index 5 (indices must increase)`},
		{"repeated", "1 2:1 2:3\n", 0, ErrIndex, `s.svm:1: "2:3" comes after index 2 (indices must increase)`},
		{"beyond nFeatures", "1 1:1\n0 9:1\n", 5, ErrIndex, `s.svm:2: "9:1" has an index beyond the 5 features`},
		{"huge index", "1 99999999999:1\n", 0, ErrTooLarge, `s.svm:1: "99999999999:1" has an index above the limit of 1048576 features`},
		{"index past int", "1 99999999999999999999999:1\n", 0, ErrTooLarge, `s.svm:1: "99999999999999999999999:1" has an index above the limit of 1048576 features`},
		{"index past the features limit (issue 8)", "0 72222222:0", 0, ErrTooLarge, `s.svm:1: "72222222:0" has an index above the limit of 1048576 features`},
		{"value not a number", "1 3:abc\n", 0, ErrNotNumber, `s.svm:1: "3:abc" has a value that is not a number`},
		{"NaN value", "1 3:nan\n", 0, ErrNonFinite, `s.svm:1: "3:nan" has a value that is not finite (NaN and Inf are not allowed)`},
		{"empty", "", 0, ErrEmpty, "s.svm: empty input"},
		{"comments only", "# nothing\n  # here\n", 0, ErrEmpty, "s.svm: empty input"},
		{"no features", "1\n0 qid:3\n", 0, ErrNoFeatures, "s.svm: no feature columns: no line has an index:value pair"},
		{"binary", "1 1:2\n\x00", 0, ErrBinary, "s.svm:2: binary content, not text: NUL byte at byte 6"},
		{"negative nFeatures", "1 1:2\n", -1, ErrIndex, "data: bad feature index: nFeatures = -1, want ≥ 0 (0 infers it)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ReadLibSVM(strings.NewReader(tt.input), "s.svm", tt.nFeatures)
			if d != nil {
				t.Errorf("got dataset %+v with error", d)
			}
			checkErr(t, err, tt.want, tt.msg)
		})
	}
}

func TestReadLibSVMFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(path, []byte(gz(t, "1 2:1\n0 1:1\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := ReadLibSVMFile(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if d.Rows != 2 || d.Cols != 2 {
		t.Errorf("got %d×%d\nwant 2×2", d.Rows, d.Cols)
	}
	_, err = ReadLibSVMFile(dir, 0)
	checkErr(t, err, ErrIsDir, dir+": is a directory, not a file")
}
