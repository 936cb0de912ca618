// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"errors"
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
