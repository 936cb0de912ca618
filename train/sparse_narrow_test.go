// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"testing"

	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// A table of fewer columns than the largest sparse screen (100 by
// default) keeps its dense fits: 2 of 90 columns carry the label over 80
// rows, where a screen of 10 columns alone (SparseKeep [10]) is chosen.
func TestSparseKeepNarrowTable(t *testing.T) {
	t.Parallel()
	tr, _ := gaussianTable(80, 0, 90, []int{7, 20}, 0.5, 5)
	for _, c := range []struct {
		name string
		keep []int
		want int // HalvesCheck.SparseK
	}{
		{"default", nil, 0},
		{"ten", []int{10}, 10},
	} {
		res, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Seed: 1, SparseKeep: c.keep}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Halves == nil {
			t.Fatalf("%s: no inner check", c.name)
		}
		if res.Halves.SparseK != c.want {
			t.Errorf("%s: sparse fit of %d columns (held-out loss %.4f, %.4f with every column), want %d", c.name, res.Halves.SparseK, res.Halves.ChosenLoss, res.Halves.BothLoss, c.want)
		}
	}
}
