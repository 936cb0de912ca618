// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"reflect"
	"testing"

	"github.com/hornets-go/hornets/model"
)

// RouteNeutral undoes forNetwork's route defaults and keeps what was set.
func TestRouteNeutral(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		in   Config
	}{
		{"defaults", Config{}},
		{"explicit values", Config{Epochs: 77, Patience: 9, DecayAfter: 5, OutputRateScale: 2.5}},
		{"decay off", Config{NoDecay: true, Epochs: 12}},
		{"early stopping off", Config{NoEarlyStopping: true, Seed: 4}},
	} {
		for _, r := range []model.Route{model.Categorical, model.Continuous} {
			for _, rules := range []int{0, 64, 256} {
				want := tt.in.Resolved()
				got := want.forNetwork(r, rules).RouteNeutral(r, rules)
				if r == model.Continuous && tt.in.NoDecay && tt.in.DecayAfter == 0 {
					want.NoDecay = false // the continuous route has no decay either way: the file cannot tell
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s, route %v, %d rules:\ngot  %+v\nwant %+v", tt.name, r, rules, got, want)
				}
			}
		}
	}
}
