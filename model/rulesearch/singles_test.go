// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// additive returns rows × features binary rows whose label is a noisy
// majority of the first effects features (weak single effects, no
// interaction), and a copy of feature 0 as the last column.
func additive(rows, features, effects int, seed uint64) Data {
	rng := rand.New(rand.NewPCG(seed, 7))
	x := make([]float64, rows*features)
	y := make([]int, rows)
	for i := range rows {
		votes := 0
		for j := range features - 1 {
			if rng.IntN(2) == 1 {
				x[i*features+j] = 1
				if j < effects {
					votes++
				}
			}
		}
		x[i*features+features-1] = x[i*features]
		if 2*votes+rng.IntN(3)-1 > effects {
			y[i] = 1
		}
	}
	return Data{X: x, Rows: rows, Features: features, Y: y, Classes: 2}
}

// RankSingles puts the features with effects first, drops the copy of
// feature 0 and a constant column, and refuses what Screen refuses.
func TestRankSingles(t *testing.T) {
	t.Parallel()
	d := additive(400, 12, 3, 1)
	for i := range d.Rows { // feature 10: constant
		d.X[i*d.Features+10] = 0
	}
	ranked := RankSingles(d)
	if len(ranked) != 10 || slices.Contains(ranked, 10) || slices.Contains(ranked, 11) {
		t.Fatalf("ranked %v, want the 10 features but the constant 10 and the copy 11", ranked)
	}
	top := slices.Clone(ranked[:3])
	slices.Sort(top)
	if !slices.Equal(top, []int{0, 1, 2}) {
		t.Errorf("ranked %v, want the three features with effects first", ranked)
	}
	for _, bad := range []Data{{}, {X: d.X, Rows: d.Rows, Features: d.Features, Y: d.Y[:5], Classes: 2}, {X: d.X, Rows: d.Rows, Features: d.Features, Y: d.Y, Classes: 1}} {
		if got := RankSingles(bad); got != nil {
			t.Errorf("RankSingles(%d rows, %d labels, %d classes) = %v, want nil", bad.Rows, len(bad.Y), bad.Classes, got)
		}
	}
}

// With singles, NewTable fills the tuples the strong ones leave free with
// a single-feature tuple each, best first, never repeating a strong single;
// without them the strong tuples cycle as before.
func TestNewTableSingles(t *testing.T) {
	t.Parallel()
	screened := []Candidate{{Features: []int{0, 1}, Score: 9, Evidence: true}, {Features: []int{3}, Score: 5, Evidence: true}}
	cfg := Config{Heads: 2}
	for _, tt := range []struct {
		name    string
		slots   int
		singles []int
		want    [][]int
	}{
		{"none", 12, nil, [][]int{{0, 1}, {3}, {0, 1}, {3}, {0, 1}, {3}}},
		{"fill", 12, []int{3, 5, 2, 7, 4, 6}, [][]int{{0, 1}, {3}, {5}, {2}, {7}, {4}}},
		{"fewer than free", 12, []int{2}, [][]int{{0, 1}, {3}, {2}, {0, 1}, {3}, {2}}},
		{"no free tuple", 4, []int{2, 4}, [][]int{{0, 1}, {3}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rs, err := NewTable(cfg, tt.slots, 2, 8, nil, screened, tt.singles, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			var got [][]int
			for k := range rs.tuples() {
				got = append(got, rs.tupleFeatures(k))
			}
			if !slices.EqualFunc(got, tt.want, slices.Equal) {
				t.Errorf("tuples %v, want %v", got, tt.want)
			}
			strong, free := StrongTuples(cfg, tt.slots, screened)
			if !slices.EqualFunc(strong, [][]int{{0, 1}, {3}}, slices.Equal) || free != tt.slots/2-2 {
				t.Errorf("StrongTuples = %v, %d free, want [[0 1] [3]], %d free", strong, free, tt.slots/2-2)
			}
		})
	}
	if _, err := NewTable(cfg, 12, 2, 8, nil, screened, []int{8}, rand.New(rand.NewPCG(1, 1))); !errors.Is(err, ErrShape) {
		t.Errorf("a single feature 8 of 8: error %v, want ErrShape", err)
	}
	if got := SinglesAdded([][]int{{0, 1}, {3}}, []int{3, 5, 2, 7}, 2); !slices.Equal(got, []int{5, 2}) {
		t.Errorf("SinglesAdded = %v, want [5 2]", got)
	}
}

// EvidentSingles keeps the features with effects that no covered tuple
// holds, in RankSingles' order, and drops the noise features, the copy and
// a constant column; the extended BIC is at least as strict; bad data
// gives nil.
func TestEvidentSingles(t *testing.T) {
	t.Parallel()
	d := additive(400, 40, 4, 2)
	for i := range d.Rows { // feature 30: constant
		d.X[i*d.Features+30] = 0
	}
	effects := slices.DeleteFunc(RankSingles(d), func(j int) bool { return j >= 4 })
	for _, tt := range []struct {
		name        string
		covered     [][]int
		extendedBIC bool
		want        []int
	}{
		{"fdr", nil, false, effects},
		{"extended BIC", nil, true, effects},
		{"a pair covers two effects", [][]int{{0, 1}}, false, slices.DeleteFunc(slices.Clone(effects), func(j int) bool { return j < 2 })},
		{"a noise triple covers one", [][]int{{3, 20, 21}}, false, slices.DeleteFunc(slices.Clone(effects), func(j int) bool { return j == 3 })},
		{"all covered", [][]int{{0, 1}, {2, 3, 5}}, false, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := EvidentSingles(d, tt.covered, tt.extendedBIC); !slices.Equal(got, tt.want) {
				t.Errorf("EvidentSingles(covered %v) = %v, want %v", tt.covered, got, tt.want)
			}
		})
	}
	// Labels independent of the rows: no feature has evidence.
	noise := additive(400, 40, 0, 3)
	if got := EvidentSingles(noise, nil, false); len(got) != 0 {
		t.Errorf("EvidentSingles on a table without effects = %v, want none", got)
	}
	if got := EvidentSingles(Data{X: d.X, Rows: d.Rows, Features: d.Features, Y: d.Y[:5], Classes: 2}, nil, false); got != nil {
		t.Errorf("EvidentSingles(mismatched labels) = %v, want nil", got)
	}
}
