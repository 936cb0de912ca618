// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"strings"
	"testing"
)

// TestPredictLabelNoColumn: predict --label naming no column of the file
// is a usage error naming --label and the file (it was ignored in
// silence), as a --label naming a feature column of the model is; a
// --label naming a column, or none, still predicts.
func TestPredictLabelNoColumn(t *testing.T) {
	fixtures(t)
	for _, tt := range []struct {
		name  string
		label []string
		code  int
		want  string
	}{
		{"no such column", []string{"--label", "nosuch"}, exitUsage,
			"invalid --label nosuch: " + fx("test.csv") + ` has no column nosuch (the model ` + fx("xor.json") + ` was trained with label column "label")`},
		{"a feature of the model", []string{"--label", "f0"}, exitUsage, "invalid --label f0: f0 is a feature column of the model"},
		{"the label column", []string{"--label", "label"}, 0, ""},
		{"no --label", nil, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, t.Context(), append([]string{"predict", "--data", fx("test.csv"), "--model", fx("xor.json")}, tt.label...)...)
			if r.code != tt.code || !strings.Contains(r.stderr, tt.want) || tt.code != 0 && strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want %d and one line with %q", r.code, r.stderr, tt.code, tt.want)
			}
			if tt.code == 0 && !strings.HasPrefix(r.stdout, "prediction\n") {
				t.Errorf("stdout starts %.40q, want the predictions", r.stdout)
			}
		})
	}
}
