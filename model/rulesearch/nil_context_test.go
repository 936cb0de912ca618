// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch_test

import (
	"context"
	"errors"
	"testing"

	"github.com/hornets-go/hornets/model/rulesearch"
)

// TestNilContext: ScreenContext and ChooseContext given a nil context
// return an ErrConfig error, as the model's and train's entry points do;
// they panicked with a nil dereference (ScreenContext at once,
// ChooseContext once it looked at the context).
func TestNilContext(t *testing.T) {
	t.Parallel()
	d := rulesearch.Data{X: []float64{1, 0, 0, 1, 1, 1, 0, 0}, Rows: 4, Features: 2, Y: []int{0, 1, 1, 0}, Classes: 2}
	screened, _ := rulesearch.Screen(d, 2, 100, 10, false)
	var ctx context.Context // nil
	for _, tt := range []struct {
		name string
		call func() error
	}{
		{"ScreenContext", func() error { _, _, err := rulesearch.ScreenContext(ctx, d, 2, 100, 10, false); return err }},
		{"ChooseContext", func() error {
			_, err := rulesearch.ChooseContext(ctx, d, screened, rulesearch.DefaultConfig(), 4)
			return err
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := protect(tt.call); !errors.Is(err, rulesearch.ErrConfig) {
				t.Errorf("nil context\ngot  %v\nwant rulesearch.ErrConfig", err)
			}
		})
	}
}
