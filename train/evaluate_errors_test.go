// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"errors"
	"testing"

	"github.com/hornets-go/hornets/train"
)

// TestEvaluateErrors: the misuses Evaluate refuses are ErrData errors, so
// that errors.Is tells them apart as it does for the other functions of
// the package; they were plain messages.
func TestEvaluateErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name         string
		yTrue, yPred []int
		classes      []string
	}{
		{"lengths differ", []int{0}, []int{0, 1}, []string{"a", "b"}},
		{"label out of range", []int{2}, []int{0}, []string{"a", "b"}},
		{"negative prediction", []int{0}, []int{-1}, []string{"a", "b"}},
		{"no classes", []int{0}, []int{0}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := train.Evaluate(tt.yTrue, tt.yPred, tt.classes); !errors.Is(err, train.ErrData) {
				t.Errorf("Evaluate(%v, %v, %q)\ngot  %v\nwant an ErrData error", tt.yTrue, tt.yPred, tt.classes, err)
			}
		})
	}
	if _, err := train.Evaluate([]int{0, 1}, []int{1, 1}, []string{"a", "b"}); err != nil {
		t.Errorf("Evaluate of valid labels: %v", err)
	}
}
