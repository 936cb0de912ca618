// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
)

// TestConcurrently: every k runs once; a failure cancels the others'
// context and is the error returned, not the cancellations it caused; a
// canceled parent returns its cancellation.
func TestConcurrently(t *testing.T) {
	t.Parallel()
	var runs [20]atomic.Int32
	if err := concurrently(context.Background(), len(runs), func(_ context.Context, k int) error {
		runs[k].Add(1)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for k := range runs {
		if n := runs[k].Load(); n != 1 {
			t.Errorf("k = %d ran %d times, want once", k, n)
		}
	}

	boom := errors.New("boom")
	started := make(chan struct{})
	var err error
	if halvesWorkers() < 2 {
		t.Log("GOMAXPROCS 1: one worker, no failure can cancel a running fit")
	} else if err = concurrently(context.Background(), 2, func(ctx context.Context, k int) error {
		if k == 1 {
			<-started
			return boom
		}
		close(started)
		<-ctx.Done() // only the failure of k = 1 ends this wait
		return ctx.Err()
	}); !errors.Is(err, boom) {
		t.Errorf("error %v, want the failure, not the cancellation it caused", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = concurrently(ctx, 3, func(ctx context.Context, _ int) error { return ctx.Err() })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("canceled parent: error %v, want context.Canceled", err)
	}
}

// A job that panics is an error naming it, returned to the caller, not a
// panic on a goroutine the caller cannot recover; the other jobs run.
func TestConcurrentlyPanic(t *testing.T) {
	t.Parallel()
	var runs atomic.Int32
	err := concurrently(context.Background(), 6, func(_ context.Context, k int) error {
		runs.Add(1)
		if k == 2 {
			var w []float64
			_ = w[k] // index out of range, as heldOutLoss's nil weights did
		}
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "internal error in concurrent job 2") || !strings.Contains(err.Error(), "index out of range") {
		t.Fatalf("error %v, want job 2's internal error", err)
	}
	if n := runs.Load(); n != 6 {
		t.Errorf("%d jobs ran, want 6", n)
	}
}
