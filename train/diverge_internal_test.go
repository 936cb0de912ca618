// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
)

// TestWeightsOverflowGuard: weights that overflow while the clipped
// categorical loss stays finite are divergence, said at the step, not a
// network that predicts NaN and cannot be saved. Validate now bounds the
// learning rate (MaxLearningRate), so the rate that overflows them is set
// on the solver past the check.
func TestWeightsOverflowGuard(t *testing.T) {
	t.Parallel()
	s, err := data.NewSynth(data.SynthConfig{Gate: data.And, Features: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	l, err := newLoop(context.Background(), s.Sample(128), model.Config{}, Config{Seed: 1, Epochs: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	l.solvers[0].LearnRate = 1e300
	_, err = l.run(context.Background())
	if !errors.Is(err, ErrDiverged) || !strings.Contains(err.Error(), "the weights overflowed at epoch 1, batch 1 (categorical route); try a smaller learning rate") {
		t.Fatalf("run with learning rate 1e300: %v; want ErrDiverged naming the step", err)
	}
}
