// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// gaussianTable draws rows+fresh rows of D standard normal columns whose
// label is 1 where the sum of the columns signal (a share of them) plus
// noise·N(0, 1) is positive.
func gaussianTable(rows, fresh, D int, signal []int, noise float64, seed uint64) (tr, te *data.Dataset) {
	rng := rand.New(rand.NewPCG(seed, 37))
	names := make([]string, D)
	for j := range names {
		names[j] = fmt.Sprintf("x%d", j)
	}
	draw := func(n int) *data.Dataset {
		ds := &data.Dataset{X: make([]float64, n*D), Rows: n, Cols: D, Y: make([]int, n), Features: names, Classes: []string{"0", "1"}}
		for i := range n {
			row := ds.X[i*D : (i+1)*D]
			for j := range row {
				row[j] = rng.NormFloat64()
			}
			z := noise * rng.NormFloat64()
			for _, j := range signal {
				z += row[j]
			}
			if z > 0 {
				ds.Y[i] = 1
			}
		}
		return ds
	}
	return draw(rows), draw(fresh)
}

// With SparseKeep the continuous route's inner check can choose a fit
// over the few columns that carry the label: two of 2,000 over 200 rows,
// where the dense fit is near chance (0.56 → 0.86 on fresh rows). On a
// table whose label is spread over 50 columns of 1,000 they cost little
// (the 100-column fit is chosen there: 0.643 → 0.632).
func TestSparseKeep(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		rows   int
		D      int
		signal int
		sparse bool // a sparse candidate should be chosen and gain
	}{
		{"two columns of 2000", 200, 2000, 2, true},
		{"fifty columns of 1000", 300, 1000, 50, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			signal := make([]int, c.signal)
			for k := range signal {
				signal[k] = 7 + 13*k
			}
			tr, te := gaussianTable(c.rows, 1000, c.D, signal, 0.5, 3)
			acc := map[bool]float64{}
			var sparseK int
			for _, on := range []bool{false, true} {
				cfg := train.Config{Seed: 1}
				if on {
					cfg.SparseKeep = train.DefaultSparseKeep()
				}
				res, err := train.Fit(context.Background(), tr, model.Config{}, cfg, nil)
				if err != nil {
					t.Fatal(err)
				}
				if res.Route != model.Continuous || res.Halves == nil {
					t.Fatalf("route %v, inner check %v: want the continuous route's check", res.Route, res.Halves)
				}
				acc[on] = accuracy(t, res.Network, te)
				if on {
					sparseK = res.Halves.SparseK
				} else if res.Halves.SparseK != 0 {
					t.Errorf("without SparseKeep the check chose a sparse fit of %d columns", res.Halves.SparseK)
				}
			}
			t.Logf("fresh-row accuracy %.3f without, %.3f with SparseKeep (sparse fit of %d columns)", acc[false], acc[true], sparseK)
			switch {
			case c.sparse && (sparseK == 0 || acc[true] < acc[false]+0.1):
				t.Errorf("sparse fit of %d columns, accuracy %.3f → %.3f: want one chosen and a gain of 0.1", sparseK, acc[false], acc[true])
			case !c.sparse && acc[true] < acc[false]-0.03:
				t.Errorf("a dense table lost accuracy with SparseKeep: %.3f → %.3f (sparse fit of %d columns)", acc[false], acc[true], sparseK)
			}
		})
	}
}

func TestSparseKeepValidation(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		cfg  train.Config
		want string
	}{
		{"descending", train.Config{SparseKeep: []int{100, 10}}, "sparse keep [100 10], want ascending values in 1..1048576"},
		{"zero", train.Config{SparseKeep: []int{0}}, "sparse keep [0], want ascending"},
		{"too many", train.Config{SparseKeep: []int{1, 2, 3, 4, 5}}, "5 sparse keeps, want at most 4"},
		{"without select", train.Config{SparseKeep: []int{10}, ContinuousFit: train.FitAdam}, `sparse candidates need continuous fit select (their inner check), not "adam"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.cfg.Resolved().Validate()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}
