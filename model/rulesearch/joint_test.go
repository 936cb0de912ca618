// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// jointTable draws rows × features flags (probability 1/2) and a label:
// with logit Σ beta[j]·(x_j − 1/2) where beta is given, else not(x_0);
// each label is then flipped with probability flip.
func jointTable(seed uint64, rows, features int, beta []float64, flip float64) Data {
	rng := rand.New(rand.NewChaCha8([32]byte{byte(seed), byte(seed >> 8), 'j'}))
	x := make([]float64, rows*features)
	y := make([]int, rows)
	for i := range rows {
		z := 0.0
		for j := range features {
			if rng.IntN(2) == 1 {
				x[i*features+j] = 1
			}
			if j < len(beta) {
				z += beta[j] * (x[i*features+j] - 0.5)
			}
		}
		switch {
		case beta != nil:
			if rng.Float64() < 1/(1+math.Exp(-z)) {
				y[i] = 1
			}
		case x[i*features] == 0:
			y[i] = 1
		}
		if rng.Float64() < flip {
			y[i] = 1 - y[i]
		}
	}
	return Data{X: x, Rows: rows, Features: features, Y: y, Classes: 2}
}

// TestUncoveredJointTestConverged: with one taken feature the converged
// additive fit gives each of its cells its observed class rates, so the
// statistic is the sum of the other features' Pearson statistics of the
// label against their cells, stratified by the taken feature's cell
// (expected count of class c in a cell: Σ over the taken cells of the
// rows there times that cell's rate).
func TestUncoveredJointTestConverged(t *testing.T) {
	d := jointTable(206, 128, 64, nil, 0.2)
	got, ok := UncoveredJointTest(d, [][]int{{0}})
	if !ok {
		t.Fatal("not run")
	}
	var rate [2][2]float64 // rate[taken cell][class]
	var size [2]float64
	for i, c := range d.Y {
		v := int(d.X[i*d.Features])
		rate[v][c]++
		size[v]++
	}
	for v := range rate {
		for c := range rate[v] {
			rate[v][c] /= size[v]
		}
	}
	want, df := 0.0, 0.0
	for j := 1; j < d.Features; j++ {
		var obs, exp [2][2]float64 // [feature cell][class]
		for i, c := range d.Y {
			u, v := int(d.X[i*d.Features+j]), int(d.X[i*d.Features])
			obs[u][c]++
			for k := range 2 {
				exp[u][k] += rate[v][k]
			}
		}
		for u := range obs {
			for c := range obs[u] {
				if exp[u][c] > 0 {
					want += (obs[u][c] - exp[u][c]) * (obs[u][c] - exp[u][c]) / exp[u][c]
				}
			}
		}
		df++
	}
	if got.Features != d.Features-1 || got.DF != df || math.Abs(got.Statistic-want) > 1e-4*want {
		t.Errorf("got %+v, want %d features, statistic %.6g on %g df", got, d.Features-1, want, df)
	}
	if p := (distuv.ChiSquared{K: df}).Survival(want); math.Abs(got.P-p) > 1e-6 {
		t.Errorf("p %g, want %g", got.P, p)
	}
}

// TestUncoveredJointTest: the test passes where many uncovered features
// carry a little each and stays quiet where the taken tuple explains a
// gate and the rest is noise (at most a few chance passes in forty noisy
// gates at 5 %: with Choose's undamped Newton steps the fit oscillates and
// eight pass); it does not run with fewer than two features to test or on data
// Screen refuses.
func TestUncoveredJointTest(t *testing.T) {
	weak := make([]float64, 15) // fifteen weak effects
	for j := range weak {
		weak[j] = 0.8 * float64(1-2*(j%2))
	}
	t.Run("weak effects", func(t *testing.T) {
		d := jointTable(1, 300, 20, weak, 0)
		evident := EvidentSingles(d, nil, false)
		taken := make([][]int, len(evident))
		for i, j := range evident {
			taken[i] = []int{j}
		}
		got, ok := UncoveredJointTest(d, taken)
		if !ok || !got.Passed() || got.P > 0.001 {
			t.Errorf("%d evidence singles %v, then %+v (ok %v): want a pass at p <= 0.001", len(evident), evident, got, ok)
		}
	})
	t.Run("noisy gates", func(t *testing.T) {
		passed := 0
		for seed := range uint64(40) {
			d := jointTable(seed, 128, 64, nil, 0.2)
			got, ok := UncoveredJointTest(d, [][]int{{0}})
			if !ok {
				t.Fatalf("seed %d: not run", seed)
			}
			if got.Passed() {
				passed++
			}
		}
		if passed > 6 { // binomial(40, 0.05): P(> 6) < 0.01
			t.Errorf("%d of 40 noisy gates pass, want about 2", passed)
		}
	})
	for _, tc := range []struct {
		name  string
		d     Data
		taken [][]int
	}{
		{"all covered", jointTable(2, 50, 3, nil, 0), [][]int{{0, 1}, {2}}},
		{"one feature left", jointTable(2, 50, 3, nil, 0), [][]int{{0, 1}}},
		{"tuple out of range", jointTable(2, 50, 3, nil, 0), [][]int{{0, 3}}},
		{"tuple too long", jointTable(2, 50, 10, nil, 0), [][]int{{0, 1, 2, 3, 4, 5, 6, 7, 8}}},
		{"bad labels", Data{X: []float64{0, 1}, Rows: 2, Features: 1, Y: []int{0, 2}, Classes: 2}, nil},
		{"empty", Data{}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, ok := UncoveredJointTest(tc.d, tc.taken); ok {
				t.Errorf("ran: %+v", got)
			}
		})
	}
}

// TuplesWrong counts the rows an additive logit over the tuples' cells
// leaves wrong: two singles fit an or gate of them exactly but leave about
// half the rows of their xor wrong, which the pair's own cells fit; a
// tuple outside the table counts every row.
func TestTuplesWrong(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(37, 2))
	const rows, cols = 200, 4
	x := make([]float64, rows*cols)
	or, xor := make([]int, rows), make([]int, rows)
	for i := range rows {
		for j := range cols {
			x[i*cols+j] = float64(rng.IntN(2))
		}
		a, b := x[i*cols] == 1, x[i*cols+1] == 1
		if a || b {
			or[i] = 1
		}
		if a != b {
			xor[i] = 1
		}
	}
	d := func(y []int) Data {
		return Data{X: x, Rows: rows, Features: cols, Y: y, Classes: 2}
	}
	singles, pair := [][]int{{0}, {1}}, [][]int{{0, 1}}
	for _, tc := range []struct {
		name        string
		y           []int
		tuples      [][]int
		least, most int
	}{
		{"or, two singles", or, singles, 0, 0},
		{"or, the pair", or, pair, 0, 0},
		{"xor, two singles", xor, singles, rows * 2 / 5, rows * 3 / 5},
		{"xor, the pair", xor, pair, 0, 0},
		{"xor, a noise feature", xor, [][]int{{2}}, rows * 2 / 5, rows * 3 / 5},
		{"a feature outside the table", xor, [][]int{{cols}}, rows, rows},
	} {
		if got := TuplesWrong(d(tc.y), tc.tuples); got < tc.least || got > tc.most {
			t.Errorf("%s: %d rows wrong, want %d to %d", tc.name, got, tc.least, tc.most)
		}
	}
}
