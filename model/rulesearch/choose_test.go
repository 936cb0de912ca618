// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
)

// markerTable draws rows of classes of unequal size, each class c with a
// marker feature c that is on in 90 % of its rows and 10 % of the others,
// followed by noise features.
func markerTable(seed uint64, rows, classes, noise int) Data {
	rng := rand.New(rand.NewPCG(seed, 11))
	cols := classes + noise
	d := Data{X: make([]float64, rows*cols), Rows: rows, Features: cols, Y: make([]int, rows), Classes: classes}
	for i := range rows {
		// Class c has weight classes − c: the first classes are the largest.
		u := rng.IntN(classes * (classes + 1) / 2)
		c := 0
		for w := classes; u >= w; w-- {
			u -= w
			c++
		}
		d.Y[i] = c
		for j := range cols {
			p := 0.5
			if j < classes {
				p = 0.1
				if j == c {
					p = 0.9
				}
			}
			if rng.Float64() < p {
				d.X[i*cols+j] = 1
			}
		}
	}
	return d
}

// covered returns the distinct features among the first n tuples of ts.
func covered(ts [][]int) []int {
	var fs []int
	for _, t := range ts {
		fs = append(fs, t...)
	}
	slices.Sort(fs)
	return slices.Compact(fs)
}

// Ranked by their own score, the strong tuples of a many-class table are
// triples of the largest classes' markers (5 or 6 of the 8 here); chosen
// by what each adds, they cover the markers of all classes or all but
// one, and the table holds them first.
func TestChooseCoversComplementaryFeatures(t *testing.T) {
	t.Parallel()
	const classes, slots = 8, 24 // 6 tuples of 4 heads
	cfg := Config{}.Resolved()
	for seed := uint64(1); seed <= 3; seed++ {
		d := markerTable(seed, 600, classes, 24)
		screened, _ := Screen(d, 3, cfg.ScreenBudget, cfg.Pool, false)
		byScore, _, _, _ := strongTuples(cfg, screened, slots/cfg.Heads)
		chosen, err := Choose(d, screened, cfg, slots)
		if err != nil {
			t.Fatal(err)
		}
		var picked [][]int
		for _, c := range chosen {
			if c.Chosen {
				picked = append(picked, c.Features)
			}
		}
		if len(picked) == 0 || len(picked) > len(byScore) {
			t.Errorf("seed %d: %d tuples chosen, want 1 to as many as by score (%d)", seed, len(picked), len(byScore))
		}
		markers := func(fs []int) int { return len(slices.DeleteFunc(fs, func(f int) bool { return f >= classes })) }
		got, old := markers(covered(picked)), markers(covered(byScore))
		t.Logf("seed %d: by score %v (%d markers), chosen %v (%d)", seed, byScore, old, picked, got)
		if got < classes-1 || got <= old {
			t.Errorf("seed %d: chosen tuples %v hold %d of the %d markers, by score %v %d", seed, picked, got, classes, byScore, old)
		}
		table, err := NewTable(cfg, slots, 3, d.Features, nil, chosen, nil, rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			t.Fatal(err)
		}
		var inTable [][]int
		for k := range table.tuples() {
			inTable = append(inTable, table.tupleFeatures(k))
		}
		if !slices.EqualFunc(inTable[:min(len(picked), len(inTable))], picked, slices.Equal) {
			t.Errorf("seed %d: table holds %v, want the chosen tuples %v in order", seed, inTable, picked)
		}
		again, _ := Choose(d, screened, cfg, slots)
		if !slices.EqualFunc(again, chosen, func(a, b Candidate) bool {
			return slices.Equal(a.Features, b.Features) && a.Chosen == b.Chosen
		}) {
			t.Errorf("seed %d: a second Choose differs", seed)
		}
	}
}

// Where the cutoff rule gives slots to one tuple, or to singles only (the
// gates), Choose leaves the screening's order alone.
func TestChooseLeavesOneTupleAlone(t *testing.T) {
	t.Parallel()
	cfg := Config{}.Resolved()
	for _, gate := range []data.Gate{data.Xor, data.Not} {
		_, ds := synth(t, gate, 64, 3, 128)
		d := Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y, Classes: 2}
		screened, _ := Screen(d, 3, cfg.ScreenBudget, cfg.Pool, false)
		got, err := Choose(d, screened, cfg, 256)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(got, screened, func(a, b Candidate) bool { return slices.Equal(a.Features, b.Features) && !a.Chosen }) {
			t.Errorf("%v: Choose changed the candidates\ngot  %v\nwant %v", gate, got, screened)
		}
	}
}

func TestChooseRefusesBadArguments(t *testing.T) {
	t.Parallel()
	d := markerTable(1, 50, 3, 2)
	screened, _ := Screen(d, 2, 1000, 8, false)
	for _, tc := range []struct {
		name  string
		d     Data
		cands []Candidate
		cfg   Config
		slots int
		want  error
	}{
		{"no slots", d, screened, Config{}, 0, ErrConfig},
		{"bad config", d, screened, Config{Cutoff: 2}, 16, ErrConfig},
		{"short X", Data{X: d.X[:10], Rows: d.Rows, Features: d.Features, Y: d.Y, Classes: 3}, screened, Config{}, 16, ErrShape},
		{"label out of range", Data{X: d.X, Rows: d.Rows, Features: d.Features, Y: slices.Repeat([]int{3}, d.Rows), Classes: 3}, screened, Config{}, 16, ErrShape},
		{"tuple out of range", d, []Candidate{{Features: []int{0, 99}, Score: 1, Evidence: true}}, Config{}, 16, ErrShape},
	} {
		if _, err := Choose(tc.d, tc.cands, tc.cfg, tc.slots); !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}
}
