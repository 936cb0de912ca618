// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/train"
)

// TestResultWritersRefuseNil: the CSV and Markdown writers of
// SpeedResult and SyntheticResult return a train.ErrConfig error for a nil
// result or a nil writer, where they panicked with a nil dereference; a
// zero result still writes its header.
func TestResultWritersRefuseNil(t *testing.T) {
	t.Parallel()
	var speed *evaluate.SpeedResult
	var synth *evaluate.SyntheticResult
	for _, tt := range []struct {
		name  string
		write func(io.Writer) error
		w     io.Writer
	}{
		{"nil SpeedResult WriteCSV", speed.WriteCSV, &bytes.Buffer{}},
		{"nil SpeedResult WriteMarkdown", speed.WriteMarkdown, &bytes.Buffer{}},
		{"nil SyntheticResult WriteCSV", synth.WriteCSV, &bytes.Buffer{}},
		{"nil SyntheticResult WriteMarkdown", synth.WriteMarkdown, &bytes.Buffer{}},
		{"SpeedResult WriteCSV to nil", (&evaluate.SpeedResult{}).WriteCSV, nil},
		{"SpeedResult WriteMarkdown to nil", (&evaluate.SpeedResult{}).WriteMarkdown, nil},
		{"SyntheticResult WriteCSV to nil", (&evaluate.SyntheticResult{}).WriteCSV, nil},
		{"SyntheticResult WriteMarkdown to nil", (&evaluate.SyntheticResult{}).WriteMarkdown, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("panic: %v", r)
					}
				}()
				err = tt.write(tt.w)
			}()
			if !errors.Is(err, train.ErrConfig) {
				t.Errorf("got  %v\nwant train.ErrConfig", err)
			}
		})
	}
	var b bytes.Buffer
	if err := (&evaluate.SyntheticResult{}).WriteCSV(&b); err != nil || !bytes.HasPrefix(b.Bytes(), []byte("positions,")) {
		t.Errorf("zero SyntheticResult WriteCSV: %v, %q", err, b.String())
	}
}
