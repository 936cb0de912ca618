// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// wideTable returns rows × cols random binary values with two classes:
// every pair of 20,000 features over 64 rows is 2·10⁸ pairs, screened
// exhaustively in about 2.5 s on two cores (2.4 s measured, with the
// beam of triples after them).
func wideTable(rows, cols int) Data {
	x, y := randomBinary(rows, cols, 3)
	for i := range y {
		y[i] %= 2
	}
	return Data{X: x, Rows: rows, Features: cols, Y: y, Classes: 2}
}

// A canceled context stops ScreenContext within milliseconds: before it
// starts, or while it scans pairs that take seconds. The error wraps
// context.Canceled and no candidate is returned.
func TestScreenContextCanceled(t *testing.T) {
	t.Parallel()
	d := wideTable(64, 20_000)
	for _, tt := range []struct {
		name  string
		after time.Duration // cancel after this long; negative: before the call
	}{
		{"before the call", -1},
		{"during the pair scan", 50 * time.Millisecond},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.after < 0 {
				cancel()
			} else {
				time.AfterFunc(tt.after, cancel)
			}
			start := time.Now()
			cs, _, err := ScreenContext(ctx, d, 3, DefaultConfig().ScreenBudget, 64, false)
			elapsed := time.Since(start)
			if !errors.Is(err, context.Canceled) || cs != nil {
				t.Errorf("ScreenContext: %d candidates, error %v; want none and context.Canceled", len(cs), err)
			}
			if limit := max(tt.after, 0) + 500*time.Millisecond; elapsed > limit {
				t.Errorf("ScreenContext returned %v after the call, want < %v", elapsed, limit)
			}
		})
	}
}

// Every parallel scan stops at its first work item when the context is
// done before it starts: nothing is scored.
func TestScansStopWhenCanceled(t *testing.T) {
	t.Parallel()
	d := wideTable(128, 400)
	s := screenerOf(d)
	seeds := make([]Candidate, 0, 64)
	for _, j := range s.active[:64] {
		seeds = append(seeds, Candidate{Features: []int{j}})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s.ctx = ctx
	for _, tt := range []struct {
		name string
		scan func() int64
	}{
		{"exhaustive pairs", func() int64 { return s.exhaustive(2, &topK{k: 64}) }},
		{"exhaustive triples", func() int64 { return s.exhaustive(3, &topK{k: 64}) }},
		{"beam of pairs", func() int64 { return s.beam(2, seeds, &topK{k: 64}) }},
	} {
		if n := tt.scan(); n != 0 {
			t.Errorf("%s: %d tuples scored after cancellation, want 0", tt.name, n)
		}
	}
}

// A context that is never canceled changes nothing: ScreenContext returns
// what Screen does, bit for bit.
func TestScreenContextUncanceledSameAsScreen(t *testing.T) {
	t.Parallel()
	x, y := randomBinary(128, 60, 7)
	d := Data{X: x, Rows: 128, Features: 60, Y: y, Classes: 3}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, budget := range []int{1_000, 8_000_000} { // beam and exhaustive
		want, wantCov := Screen(d, 3, budget, 16, false)
		got, gotCov, err := ScreenContext(ctx, d, 3, budget, 16, false)
		if err != nil {
			t.Fatal(err)
		}
		same := func(a, b Candidate) bool {
			return a.Score == b.Score && a.Evidence == b.Evidence && slices.Equal(a.Features, b.Features) && slices.Equal(a.Extension, b.Extension)
		}
		if !slices.EqualFunc(got, want, same) || gotCov.Scored() != wantCov.Scored() {
			t.Errorf("budget %d: ScreenContext\ngot  %v\nwant %v", budget, got, want)
		}
	}
}

// ChooseContext returns what Choose does while its context lives, and
// an error wrapping context.Canceled, with no tuples, once it is done.
func TestChooseContextCanceled(t *testing.T) {
	t.Parallel()
	const slots = 24
	cfg := Config{}.Resolved()
	d := markerTable(1, 600, 8, 24)
	screened, _ := Screen(d, 3, cfg.ScreenBudget, cfg.Pool, false)
	want, err := Choose(d, screened, cfg, slots)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	got, err := ChooseContext(ctx, d, screened, cfg, slots)
	if err != nil || !slices.EqualFunc(got, want, func(a, b Candidate) bool {
		return a.Chosen == b.Chosen && a.Score == b.Score && slices.Equal(a.Features, b.Features)
	}) {
		t.Errorf("ChooseContext, live context: error %v\ngot  %v\nwant %v", err, got, want)
	}
	cancel()
	if got, err := ChooseContext(ctx, d, screened, cfg, slots); !errors.Is(err, context.Canceled) || got != nil {
		t.Errorf("ChooseContext, canceled: %d tuples, error %v; want none and context.Canceled", len(got), err)
	}
}
