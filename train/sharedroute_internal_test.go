// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/model"
)

// The shared route check runs only where the tuple check left held-out
// predictions, and not where it is switched off, where the route check of
// its own is asked for (that one ran instead, Fit), or where the linear
// route is set: it returns the loop it was given and no check, without
// looking at it.
func TestSharedRouteCheckSkips(t *testing.T) {
	held := &heldOutRows{folds: TupleFolds, repeats: TupleRepeats}
	l := &Loop{}
	for _, tt := range []struct {
		name string
		held *heldOutRows
		mcfg model.Config
		cfg  Config
	}{
		{"no tuple check", nil, model.Config{}, Config{}},
		{"switched off", held, model.Config{}, Config{NoRouteCheck: true}},
		{"its own check asked for", held, model.Config{}, Config{RouteCheck: true}},
		{"linear route set", held, model.Config{Linear: true}, Config{}},
	} {
		got, check, err := sharedRouteCheck(context.Background(), l, nil, tt.mcfg, tt.cfg, nil, tt.held)
		if got != l || check != nil || err != nil {
			t.Errorf("%s: loop %p (given %p), check %+v, error %v; want the loop given, no check, no error", tt.name, got, l, check, err)
		}
	}
}

// The route check's screen tries the logistic regressions among which the
// linear route chooses its output layer (checkHalves' values half): the
// configured penalty first, then its multiples, then the sparse ones on
// tables of at least the largest number of columns kept; only the one
// where the fit does not choose (ContinuousFit other than FitSelect).
func TestScreenCandidates(t *testing.T) {
	dense := []screenCandidate{{L2Scale: 1}, {L2Scale: 4}, {L2Scale: 16}, {L2Scale: 64}}
	sparse := func(k int) []screenCandidate {
		return []screenCandidate{{1, k}, {4, k}, {16, k}, {64, k}}
	}
	for _, tt := range []struct {
		name string
		cfg  Config
		cols int
		want []screenCandidate
	}{
		{"20 columns: no sparse candidate", Config{}, 20, dense},
		{"99 columns, fewer than the largest kept", Config{}, 99, dense},
		{"100 columns: the 10 of largest F", Config{}, 100, append(slices.Clone(dense), sparse(10)...)},
		{"300 columns: 10 and 100", Config{}, 300, append(append(slices.Clone(dense), sparse(10)...), sparse(100)...)},
		{"no sparse candidates asked", Config{NoSparse: true}, 300, dense},
		{"the average fit chooses no penalty", Config{ContinuousFit: FitAverage}, 300, dense[:1]},
		{"a keep of its own", Config{SparseKeep: []int{5}}, 40, append(slices.Clone(dense), sparse(5)...)},
	} {
		if got := screenCandidates(tt.cfg.Resolved(), tt.cols); !slices.Equal(got, tt.want) {
			t.Errorf("%s: candidates %v, want %v", tt.name, got, tt.want)
		}
	}
}
