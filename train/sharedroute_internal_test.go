// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
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
