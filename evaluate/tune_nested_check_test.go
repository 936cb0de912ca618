// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/train"
)

// TestTuneNestedCheckedFirst: a table too small for the nested folds (a
// class of two rows, two folds: one row left in each outer training part)
// is an error before any fit. The context is cancelled, so an error that
// came only after the plain grid ran would be context.Canceled.
func TestTuneNestedCheckedFirst(t *testing.T) {
	t.Parallel()
	ds := &data.Dataset{Rows: 10, Cols: 2, Features: []string{"a", "b"}, Classes: []string{"no", "yes"},
		X: make([]float64, 20), Y: []int{0, 0, 0, 0, 0, 0, 0, 0, 1, 1}}
	for i := range ds.X {
		ds.X[i] = float64(i % 3)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg := evaluate.TuneConfig{Grid: tuneGrid()[:1], Folds: 2, Seed: 1, Jobs: 1, Nested: true}
	_, err := evaluate.TuneDataset(ctx, ds, cfg)
	if !errors.Is(err, train.ErrData) || errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "nested CV needs 2") {
		t.Fatalf("got %v; want the nested-folds error (train.ErrData) before any fit", err)
	}
	cfg.Nested = false // the plain tune is possible: it is what ran first
	if _, err := evaluate.TuneDataset(ctx, ds, cfg); !errors.Is(err, context.Canceled) {
		t.Errorf("plain tune: got %v, want context.Canceled", err)
	}
}
