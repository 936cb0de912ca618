// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
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

// With its sparse candidates (SparseKeep, the default since session 38)
// the continuous route's inner check can choose a fit over the few
// columns that carry the label: two of 2,000 over 200 rows, where the
// dense fit is near chance (0.56 → 0.86 on fresh rows). On a table whose
// label is spread over 50 columns of 1,000 they cost nothing: at
// SparseMargin none is chosen (at HalvesMargin the 100-column fit was,
// 0.643 → 0.632).
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
				cfg := train.Config{Seed: 1, NoSparse: !on} // on: the default
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
			case !c.sparse && (sparseK != 0 || acc[true] != acc[false]):
				t.Errorf("a dense table: sparse fit of %d columns, accuracy %.3f → %.3f: want none chosen", sparseK, acc[false], acc[true])
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
		{"and none", train.Config{SparseKeep: []int{10}, NoSparse: true}, "sparse keeps [10] and no sparse candidates contradict"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.cfg.Resolved().Validate()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// The sparse candidates are the default where the continuous route's
// inner check runs (FitSelect), and only there; NoSparse leaves them out.
func TestSparseKeepDefault(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		cfg  train.Config
		want []int
	}{
		{"default", train.Config{}, train.DefaultSparseKeep()},
		{"select", train.Config{ContinuousFit: train.FitSelect}, train.DefaultSparseKeep()},
		{"no sparse", train.Config{NoSparse: true}, nil},
		{"adam", train.Config{ContinuousFit: train.FitAdam}, nil},
		{"average", train.Config{ContinuousFit: train.FitAverage}, nil},
		{"no prior", train.Config{NoContinuousL2: true}, nil},
		{"set", train.Config{SparseKeep: []int{5}}, []int{5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := c.cfg.Resolved()
			if !slices.Equal(got.SparseKeep, c.want) {
				t.Errorf("SparseKeep %v, want %v", got.SparseKeep, c.want)
			}
			if err := got.Validate(); err != nil {
				t.Errorf("the resolved config does not validate: %v", err)
			}
			if !slices.Equal(got.Resolved().SparseKeep, got.SparseKeep) {
				t.Errorf("Resolved is not idempotent: %v → %v", got.SparseKeep, got.Resolved().SparseKeep)
			}
		})
	}
}
