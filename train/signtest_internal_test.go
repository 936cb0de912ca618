// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hornets-go/hornets/data"
)

// withinOneSE keeps the simpler setup unless the other gets right more
// held-out rows by more than one standard error of the paired difference;
// gainsHold asks the opposite question of the same counts.
func TestWithinOneSE(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		gained, lost, n int
		within, holds   bool
	}{
		{0, 0, 384, true, false},    // the predictions never differ
		{19, 18, 384, true, false},  // a tie: and over 32, 15 % noise, seed 202
		{11, 11, 384, true, false},  // an exact tie
		{3, 0, 384, true, false},    // the simpler ahead, short of the sign test
		{12, 2, 384, true, true},    // the simpler ahead by the sign test
		{18, 24, 384, true, false},  // the other ahead by 6 of 42: one SE is √42 ≈ 6.4
		{18, 26, 384, false, false}, // by 8 of 44: past one SE (√44 ≈ 6.6)
		{0, 33, 240, false, false},  // MONK's-1: the second tuples are needed
		{51, 51, 240, true, false},  // spect_train's ties
		{1, 0, 1, true, false},      // one row (gainsHold not asked): no standard error,
		{0, 1, 1, false, false},     // the simpler kept unless it loses
	} {
		if got := withinOneSE(tt.gained, tt.lost, tt.n); got != tt.within {
			t.Errorf("withinOneSE(%d, %d, %d) = %v, want %v", tt.gained, tt.lost, tt.n, got, tt.within)
		}
		if tt.n > 1 {
			if got := gainsHold(tt.gained, tt.lost); got != tt.holds {
				t.Errorf("gainsHold(%d, %d) = %v, want %v", tt.gained, tt.lost, got, tt.holds)
			}
		}
	}
}

// bestAlone: the sign test, and by default the one-standard-error rule
// where the best tuple is an interaction; TupleSignTest the sign test
// alone.
func TestBestAlone(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name                     string
		signTest                 bool // Config.TupleSignTest
		gained, lost, n          int
		interacts                bool
		wantAlone, wantParsimony bool
	}{
		{"sign test", true, 12, 2, 384, true, true, false},
		{"sign test, no interaction", true, 12, 2, 384, false, true, false},
		{"sign test first", false, 12, 2, 384, true, true, false},
		{"a tie, sign test", true, 19, 18, 384, true, false, false},
		{"a tie", false, 19, 18, 384, true, true, true},
		{"a tie, no interaction", false, 19, 18, 384, false, false, false},
		{"every tuple clearly better", false, 3, 32, 384, true, false, false},
	} {
		cfg := Config{TupleSignTest: tt.signTest}
		alone, parsimony := bestAlone(cfg, tt.gained, tt.lost, tt.n, tt.interacts)
		if alone != tt.wantAlone || parsimony != tt.wantParsimony {
			t.Errorf("%s: bestAlone(%d, %d, %d, %v) = %v, %v; want %v, %v", tt.name, tt.gained, tt.lost, tt.n, tt.interacts, alone, parsimony, tt.wantAlone, tt.wantParsimony)
		}
	}
}

// interaction: the best tuple of a noisy and gate interacts; two features
// of separate, additive effects, a single feature and two one-hot
// features of one column do not; a name that is no feature is an error.
func TestInteraction(t *testing.T) {
	t.Parallel()
	rows := func(n int, seed uint64, label func(a, b bool, rng *rand.Rand) bool) *data.Dataset {
		rng := rand.New(rand.NewPCG(seed, 7))
		ds := &data.Dataset{Rows: n, Cols: 3, X: make([]float64, 3*n), Y: make([]int, n),
			Classes: []string{"no", "yes"}, Features: []string{"a", "b", "c"}}
		for i := range n {
			x := ds.X[3*i : 3*i+3]
			for j := range x {
				x[j] = float64(rng.IntN(2))
			}
			if label(x[0] == 1, x[1] == 1, rng) {
				ds.Y[i] = 1
			}
		}
		return ds
	}
	and := rows(400, 1, func(a, b bool, rng *rand.Rand) bool { return (a && b) != (rng.Float64() < 0.15) })
	additive := rows(2000, 2, func(a, b bool, rng *rand.Rand) bool {
		z := -1.2
		if a {
			z += 1.2
		}
		if b {
			z += 1.2
		}
		return rng.Float64() < 1/(1+math.Exp(-z))
	})
	oneColumn := rows(400, 1, func(a, b bool, rng *rand.Rand) bool { return (a && b) != (rng.Float64() < 0.15) })
	oneColumn.Groups = []int{0, 0, 1}
	for _, tt := range []struct {
		name  string
		ds    *data.Dataset
		tuple []string
		want  bool
	}{
		{"noisy and gate", and, []string{"a", "b"}, true},
		{"noisy and gate, beside a noise feature", and, []string{"c", "a", "b"}, true},
		{"additive effects", additive, []string{"a", "b"}, false},
		{"a single feature", and, []string{"a"}, false},
		{"one column's features", oneColumn, []string{"a", "b"}, false},
	} {
		got, err := interaction(tt.ds, tt.tuple)
		if err != nil || got != tt.want {
			t.Errorf("%s: interaction(%v) = %v, %v; want %v", tt.name, tt.tuple, got, err, tt.want)
		}
	}
	if _, err := interaction(and, []string{"a", "z"}); !errors.Is(err, ErrData) {
		t.Errorf("a tuple naming no feature: error %v, want ErrData", err)
	}
}

// weightedGainsHold is the plain sign test where the class weights are
// near equal (or nil), and weighs each changed row by its class's weight
// where they are far from equal: a fit that finds a rare class's rows
// then holds although it makes more rows wrong than right.
func TestWeightedGainsHold(t *testing.T) {
	t.Parallel()
	// rows builds labels and two predictions: g rows of class gc that
	// after gets right, l rows of class lc that before gets right, and
	// same rows of class 0 predicted alike.
	rows := func(g, gc, l, lc, same int) (before, after, y []int) {
		for range g {
			y, before, after = append(y, gc), append(before, 1-gc), append(after, gc)
		}
		for range l {
			y, before, after = append(y, lc), append(before, lc), append(after, 1-lc)
		}
		for range same {
			y, before, after = append(y, 0), append(before, 0), append(after, 0)
		}
		return before, after, y
	}
	rare := []float64{0.62, 2.63} // 57 positives of 300, balanced
	for _, tt := range []struct {
		name         string
		g, gc, l, lc int
		w            []float64
		want         bool
	}{
		{"equal weights: the sign test, 12 to 2", 12, 1, 2, 0, nil, true},
		{"equal weights: 8 to 2 falls short (p = 0.055)", 8, 1, 2, 0, nil, false},
		{"near-equal weights: exactly the sign test", 8, 1, 2, 0, []float64{0.8, 1.33}, false},
		{"far weights: 21 rare rows gained, 34 common lost", 21, 1, 34, 0, rare, true},
		{"far weights: 21 common rows gained, 34 rare lost", 21, 0, 34, 1, rare, false},
		{"far weights: 5 rare gained, 8 common lost, short", 5, 1, 8, 0, rare, false},
		{"far weights: nothing changed", 0, 1, 0, 0, rare, false},
	} {
		before, after, y := rows(tt.g, tt.gc, tt.l, tt.lc, 300-tt.g-tt.l)
		if got := weightedGainsHold(before, after, y, tt.w); got != tt.want {
			t.Errorf("%s: weightedGainsHold = %v, want %v", tt.name, got, tt.want)
		}
		if tt.w == nil {
			if got := gainsHold(changedRows(before, after, y)); got != tt.want {
				t.Errorf("%s: gainsHold = %v, want %v", tt.name, got, tt.want)
			}
		}
	}
}
