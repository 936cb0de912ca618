// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"errors"
	"strings"
	"testing"
)

// TestLibSVMFeatureLimit checks that the features limit, and only it, is an
// ErrFeatureLimit error, still an ErrTooLarge one: a caller can tell it
// from the limits that scale with the input's size.
func TestLibSVMFeatureLimit(t *testing.T) {
	t.Parallel()
	lim := Limits{MaxCells: 1000, MaxFeatures: 50}
	for _, tt := range []struct {
		name      string
		in        string
		nFeatures int
		limit     bool // want ErrFeatureLimit
	}{
		{"index above MaxFeatures", "1 51:1\n", 0, true},
		{"index past int", "1 99999999999999999999999:1\n", 0, true},
		{"nFeatures above MaxFeatures", "1 1:1\n", 51, true},
		{"rows × features past MaxCells", strings.Repeat("1 1:1\n", 30) + "1 40:1\n", 0, false},
		{"rows and pairs past MaxCells", strings.Repeat("1 1:1\n", 300), 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadLibSVMLimited(strings.NewReader(tt.in), "x", tt.nFeatures, lim)
			if !errors.Is(err, ErrTooLarge) {
				t.Fatalf("got %v, want an ErrTooLarge error", err)
			}
			if got := errors.Is(err, ErrFeatureLimit); got != tt.limit {
				t.Errorf("errors.Is(%v, ErrFeatureLimit) = %v, want %v", err, got, tt.limit)
			}
		})
	}
}
