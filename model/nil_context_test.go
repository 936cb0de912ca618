// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/hornets-go/hornets/model"
)

// TestScoreContextNilContext: Trainer.ScoreContext with a nil context is
// an ErrConfig error, as ContinuousOptimum's and NewContext's are, not a
// nil-pointer panic in the evaluation loop; the scores are left alone, so
// a later Score with a real context still works.
func TestScoreContextNilContext(t *testing.T) {
	t.Parallel()
	ds := xorData(t, 1, 64)
	net, err := model.New(smallModel, model.Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y, Classes: 2},
		rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := model.NewTrainer(net, 16, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ctx context.Context // nil
	if err := tr.ScoreContext(ctx, ds.X, ds.Rows); !errors.Is(err, model.ErrConfig) {
		t.Errorf("ScoreContext(nil, ...) = %v, want ErrConfig", err)
	}
	if err := tr.ScoreContext(context.Background(), ds.X, ds.Rows); err != nil {
		t.Errorf("ScoreContext after the refused call: %v", err)
	}
}
