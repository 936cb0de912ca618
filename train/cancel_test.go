// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Fit canceled while the network screens its rule tuples (about 2.5 s
// for the 2·10⁸ pairs of 20,000 binary features over 64 rows, on two
// cores) returns within milliseconds: no result, an error wrapping
// context.Canceled.
func TestFitCanceledWhileScreening(t *testing.T) {
	t.Parallel()
	const rows, cols = 64, 20_000
	rng := rand.New(rand.NewPCG(3, 3))
	ds := &data.Dataset{X: make([]float64, rows*cols), Rows: rows, Cols: cols, Y: make([]int, rows), Classes: []string{"a", "b"}}
	for i := range ds.X {
		ds.X[i] = float64(rng.IntN(2))
	}
	for i := range ds.Y {
		ds.Y[i] = rng.IntN(2)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const after = 50 * time.Millisecond
	time.AfterFunc(after, cancel)
	start := time.Now()
	res, err := train.Fit(ctx, ds, model.Config{}, train.Config{Seed: 1}, nil)
	elapsed := time.Since(start)
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Errorf("Fit: result %v, error %v; want none and context.Canceled", res != nil, err)
	}
	if limit := after + raceSlowdown*500*time.Millisecond; elapsed > limit {
		t.Errorf("Fit returned %v after the call, want < %v", elapsed, limit)
	}
}

// Fit canceled after setup, before the first epoch ended, keeps nothing,
// so it does not score the rules or extract the decision list (on a wide
// table of many classes that took a minute after the interrupt): the
// network it returns beside the error has no list.
func TestFitCanceledBeforeFirstEpochSkipsScoring(t *testing.T) {
	t.Parallel()
	_, tr, _ := synth(t, data.Xor, 8, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := logrus.New()
	log.SetOutput(io.Discard)
	log.AddHook(cancelOn{msg: "training", cancel: cancel}) // the last line of the setup (cancelOn: boundaries_test.go)
	res, err := train.Fit(ctx, tr, model.Config{}, train.Config{Seed: 1}, &train.Options{Log: log})
	if !errors.Is(err, context.Canceled) || res == nil {
		t.Fatalf("Fit: result %v, error %v; want a result and context.Canceled", res != nil, err)
	}
	if res.Status != train.Canceled || res.Epochs != 0 {
		t.Errorf("status, epochs\ngot  %v, %d\nwant %v, 0", res.Status, res.Epochs, train.Canceled)
	}
	if _, err := res.Network.Rules(); !errors.Is(err, model.ErrNoRules) {
		t.Errorf("Rules: %v; want ErrNoRules (no decision list extracted)", err)
	}
}
