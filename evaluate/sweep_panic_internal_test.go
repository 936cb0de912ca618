// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"context"
	"strings"
	"testing"
)

// A unit that panics makes Run return an error naming the unit, rather
// than a panic on a worker goroutine that ends the process (bench real
// and tune with --class-weight none, up to session 55).
func TestSweepRunPanic(t *testing.T) {
	units := []Unit{{Index: 0, Dataset: "a"}, {Index: 1, Dataset: "b", Model: ModelHorNets, Fold: 3}, {Index: 2, Dataset: "c"}}
	s := &Sweep{Units: units, run: func(_ context.Context, u Unit) (UnitResult, error) {
		if u.Index == 1 {
			panic("boom\nline two") // one line in the error
		}
		return UnitResult{}, nil
	}}
	for _, jobs := range []int{1, 2} {
		err := s.Run(context.Background(), units, jobs, func(Unit, UnitResult) error { return nil })
		if err == nil {
			t.Fatalf("jobs %d: no error", jobs)
		}
		for _, want := range []string{"unit 1", "dataset b", "fold 3", "internal error: boom line two"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("jobs %d: error %q does not contain %q", jobs, err, want)
			}
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("jobs %d: error %q is not one line", jobs, err)
		}
	}
}
