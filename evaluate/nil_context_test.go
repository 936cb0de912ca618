// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"context"
	"errors"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/train"
)

// TestNilContext: a nil context given to Sweep.Run, or to an entry point
// that runs a sweep, is a train.ErrConfig error before anything runs; it
// was a panic ("cannot create context from nil parent") on valid data.
func TestNilContext(t *testing.T) {
	t.Parallel()
	tab := gateTable(t, data.And, 3, 12, 1)
	quick := train.Config{Epochs: 1}
	var ctx context.Context // nil
	for _, tt := range []struct {
		name string
		call func() error
	}{
		{"Sweep.Run", func() error {
			sw, _, err := evaluate.CVSweep(tab, evaluate.CVConfig{Folds: 2, Train: quick})
			if err != nil {
				return err
			}
			return sw.Run(ctx, sw.Units, 1, func(evaluate.Unit, evaluate.UnitResult) error { return nil })
		}},
		{"CrossValidate", func() error {
			_, err := evaluate.CrossValidate(ctx, tab, evaluate.CVConfig{Folds: 2, Train: quick})
			return err
		}},
		{"Tune", func() error {
			_, err := evaluate.Tune(ctx, tab, evaluate.TuneConfig{Grid: []evaluate.Candidate{{Train: quick}}, Folds: 2})
			return err
		}},
		{"Synthetic", func() error {
			_, err := evaluate.Synthetic(ctx, evaluate.SyntheticConfig{Reps: 1, Features: []int{2}, Gates: []data.Gate{data.And}, Train: quick})
			return err
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.call(); !errors.Is(err, train.ErrConfig) {
				t.Errorf("nil context\ngot  %v\nwant train.ErrConfig", err)
			}
		})
	}
}
