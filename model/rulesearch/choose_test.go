// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"context"
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

// ChooseAfterContext fits the first tuple, then keeps the strong tuples
// that are significant given it: on (x0 and x1) or x5 with 10 % of the
// labels flipped, after the pair (0, 1) it keeps x5, which is a second
// effect, not the noise feature x9 or x0, which the pair holds.
func TestChooseAfterContext(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(37, 1))
	const rows, cols = 400, 20
	d := Data{X: make([]float64, rows*cols), Rows: rows, Features: cols, Y: make([]int, rows), Classes: 2}
	for i := range rows {
		x := d.X[i*cols : (i+1)*cols]
		for j := range x {
			x[j] = float64(rng.IntN(2))
		}
		y := 0
		if x[0] == 1 && x[1] == 1 || x[5] == 1 {
			y = 1
		}
		if rng.Float64() < 0.1 {
			y = 1 - y
		}
		d.Y[i] = y
	}
	screened := []Candidate{{Features: []int{9}, Score: 1, Evidence: true}, {Features: []int{3, 4}, Score: 0.5, Evidence: true}}
	out, err := ChooseAfterContext(context.Background(), d, Candidate{Features: []int{0, 1}}, [][]int{{9}, {5}, {0}}, screened, Config{}, 8)
	if err != nil {
		t.Fatal(err)
	}
	var chosen, rest [][]int
	for _, c := range out {
		if c.Chosen {
			chosen = append(chosen, c.Features)
		} else {
			rest = append(rest, c.Features)
		}
	}
	if want := [][]int{{0, 1}, {5}}; !slices.EqualFunc(chosen, want, slices.Equal) {
		t.Errorf("chosen %v, want %v", chosen, want)
	}
	if want := [][]int{{9}, {3, 4}}; !slices.EqualFunc(rest, want, slices.Equal) {
		t.Errorf("not chosen %v, want the other screened tuples %v", rest, want)
	}
	for _, tc := range []struct {
		name   string
		ctx    context.Context
		first  []int
		slots  int
		target error
	}{
		{"nil context", nil, []int{0, 1}, 8, ErrConfig},
		{"no slots", context.Background(), []int{0, 1}, 0, ErrConfig},
		{"feature outside the table", context.Background(), []int{0, cols}, 8, ErrShape},
		{"descending tuple", context.Background(), []int{1, 0}, 8, ErrShape},
	} {
		if _, err := ChooseAfterContext(tc.ctx, d, Candidate{Features: tc.first}, nil, nil, Config{}, tc.slots); !errors.Is(err, tc.target) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.target)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ChooseAfterContext(ctx, d, Candidate{Features: []int{0, 1}}, [][]int{{5}}, nil, Config{}, 8); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: error %v, want context.Canceled", err)
	}
}
