// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
)

// A partition added to a check's held-out rows (heldOutFrom, extend) holds
// the predictions a run on all the partitions at once makes for it: the
// same partition, inner rows and seeds, so that the route check of many
// tuples, which adds its second partition only where the first does not
// decide, decides on both as a run of two would.
func TestHeldOutExtend(t *testing.T) {
	t.Parallel()
	s, err := data.NewSynth(data.SynthConfig{Gate: data.Or, Features: 6, Seed: 3, LabelNoise: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	ds, _ := s.SampleNoisy(100)
	l, err := newLoop(context.Background(), ds, model.Config{}, Config{Seed: 5, Epochs: 20}, nil)
	if err != nil {
		t.Fatal(err)
	}
	setup := innerSetup{model.Config{}, Config{Seed: 5, Epochs: 20}}
	const stream = 0x54657374 // "Test"
	both, ys, err := heldOut(context.Background(), l, 3, 2, stream, setup)
	if err != nil {
		t.Fatal(err)
	}
	n := l.train.Rows
	if len(both[0]) != 2*n || len(ys) != 2*n {
		t.Fatalf("two partitions: %d predictions, %d labels; want %d", len(both[0]), len(ys), 2*n)
	}
	first, ys1, err := heldOut(context.Background(), l, 3, 1, stream, setup)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(first[0], both[0][:n]) || !slices.Equal(ys1, ys[:n]) {
		t.Fatalf("one partition's predictions differ from the first of two")
	}
	held := &heldOutRows{loop: l, stream: stream, folds: 3, repeats: 1, pred: first[0], y: ys1, own: true, setup: setup}
	more, err := held.extend(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if more.repeats != 2 || !slices.Equal(more.pred, both[0]) || !slices.Equal(more.y, ys) {
		t.Errorf("extended: %d partitions, predictions equal to a run of two %v, labels %v; want 2, true, true",
			more.repeats, slices.Equal(more.pred, both[0]), slices.Equal(more.y, ys))
	}
	if held.repeats != 1 || len(held.pred) != n {
		t.Errorf("extend changed the rows it was given: %d partitions, %d predictions", held.repeats, len(held.pred))
	}
}

// weightedLeans is the direction of weightedGainsHold without its
// significance: more rows gained than lost (weighed by class where the
// weights are far from equal).
func TestWeightedLeans(t *testing.T) {
	t.Parallel()
	rare := []float64{0.62, 2.63}
	for _, tt := range []struct {
		name             string
		before, after, y []int
		w                []float64
		want             bool
	}{
		{"two gained, one lost", []int{0, 0, 1, 1}, []int{1, 1, 0, 1}, []int{1, 1, 1, 1}, nil, true},
		{"one gained, one lost: no lean", []int{0, 1, 1}, []int{1, 0, 1}, []int{1, 1, 0}, nil, false},
		{"nothing changed", []int{0, 1}, []int{0, 1}, []int{0, 0}, nil, false},
		{"near-equal weights count rows", []int{1, 0, 0}, []int{0, 1, 1}, []int{0, 1, 1}, []float64{0.9, 1.1}, true},
		{"far weights: one rare row gained beats two common lost", []int{0, 0, 0}, []int{1, 1, 1}, []int{1, 0, 0}, rare, true},
		{"far weights: one rare row lost outweighs two common gained", []int{1, 1, 1}, []int{0, 0, 0}, []int{1, 0, 0}, rare, false},
	} {
		if got := weightedLeans(tt.before, tt.after, tt.y, tt.w); got != tt.want {
			t.Errorf("%s: weightedLeans = %v, want %v", tt.name, got, tt.want)
		}
	}
}
