// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
)

// synth draws rows from the honest generator (random target positions).
func synth(t *testing.T, gate data.Gate, features int, seed uint64, rows int) (*data.Synth, *data.Dataset) {
	t.Helper()
	s, err := data.NewSynth(data.SynthConfig{Gate: gate, Features: features, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return s, s.Sample(rows)
}

// The screening search must put the gate's true features first, wherever
// they are; for not, the single feature must outrank every pair holding it.
func TestScreenFindsTargets(t *testing.T) {
	t.Parallel()
	for _, gate := range []data.Gate{data.And, data.Or, data.Not, data.Xor, data.Xnor} {
		for seed := uint64(1); seed <= 5; seed++ {
			s, ds := synth(t, gate, 128, seed, 128)
			sc := newScreener(ds.X, ds.Rows, ds.Cols, 1, ds.Y, 2)
			top, _ := sc.screen(3, 2_000_000, 4)
			if !slices.Equal(top[0].Features, s.Targets()) {
				t.Errorf("%v seed %d: top tuple\ngot  %v (score %.4g)\nwant %v", gate, seed, top[0].Features, top[0].Score, s.Targets())
			}
		}
	}
}

// A three-way parity has no signal in any pair; exhaustive triples find it.
func TestScreenFindsThreeWayParity(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 7))
	const rows, cols = 256, 24
	x := make([]float64, rows*cols)
	y := make([]int, rows)
	for i := range x {
		x[i] = float64(rng.IntN(2))
	}
	target := []int{3, 11, 19}
	for i := range rows {
		y[i] = int(x[i*cols+3]+x[i*cols+11]+x[i*cols+19]) % 2
	}
	top, _ := newScreener(x, rows, cols, 1, y, 2).screen(3, 2_000_000, 4)
	if !slices.Equal(top[0].Features, target) {
		t.Errorf("top tuple\ngot  %v\nwant %v", top[0].Features, target)
	}
}

func TestNewTableEnumeratesSmallSpaces(t *testing.T) {
	t.Parallel()
	rs := mustTable(t, Config{Heads: 1}.Resolved(), 10, 2, 3, nil, nil, rand.New(rand.NewPCG(1, 1)))
	// C(3+2, 2) = 10 tuples over 3 features and 2 pseudovariables.
	seen := map[string]bool{}
	for r := range rs.Slots() {
		seen[tupleKey(rs.Slot(r))] = true
	}
	if len(seen) != 10 {
		t.Errorf("distinct tuples\ngot  %d\nwant 10", len(seen))
	}
}

func TestRandomTuplesAreNotLexicographic(t *testing.T) {
	t.Parallel()
	rs := mustTable(t, Config{Heads: 1}.Resolved(), 64, 3, 100, nil, nil, rand.New(rand.NewPCG(1, 1)))
	withZero := 0
	for r := range rs.Slots() {
		tuple := rs.Slot(r)
		if slices.Contains(tuple, 0) {
			withZero++
		}
		for j := 1; j < len(tuple); j++ {
			if tuple[j] <= tuple[j-1] {
				t.Fatalf("rule %d = %v: not sorted and distinct", r, tuple)
			}
		}
	}
	if withZero > 16 {
		t.Errorf("%d of 64 random rules contain feature 0; lexicographic order would put it in all", withZero)
	}
}

// Features of one one-hot block are never screened together.
func TestScreenSkipsSameBlock(t *testing.T) {
	t.Parallel()
	// Columns 0,1,2 are one-hot codes of one input; column 3 is noise.
	rows := 60
	x := make([]float64, rows*4)
	y := make([]int, rows)
	rng := rand.New(rand.NewPCG(2, 2))
	for i := range rows {
		v := i % 3
		x[i*4+v] = 1
		x[i*4+3] = float64(rng.IntN(2))
		if v == 1 {
			y[i] = 1
		}
	}
	blocks := []int{0, 0, 0, 1}
	top, _ := Screen(Data{X: x, Rows: rows, Features: 4, Y: y, Classes: 2, Blocks: blocks}, 3, 1000, 20, false)
	if len(top) == 0 {
		t.Fatal("no tuple screened")
	}
	for _, ts := range top {
		seen := map[int]bool{}
		for _, c := range ts.Features {
			if seen[blocks[c]] {
				t.Errorf("tuple %v holds two features of one block", ts.Features)
			}
			seen[blocks[c]] = true
		}
	}
}

func TestRandomTuplesRespectBlocks(t *testing.T) {
	t.Parallel()
	blocks := []int{0, 0, 0, 1, 1, 2} // two one-hot blocks and a lone column
	rs := mustTable(t, Config{Heads: 1}.Resolved(), 200, 3, 6, blocks, nil, rand.New(rand.NewPCG(1, 1)))
	for r := range rs.Slots() {
		seen := map[int]bool{}
		for _, c := range rs.Slot(r) {
			if c < 6 {
				if seen[blocks[c]] {
					t.Fatalf("rule %v holds two features of block %d", rs.Slot(r), blocks[c])
				}
				seen[blocks[c]] = true
			}
		}
	}
}

// Check accepts the tables NewTable and Refresh build and refuses what a
// corrupt model file could hold, including pool tuples that a refresh
// would turn into invalid slots.
func TestTableCheck(t *testing.T) {
	t.Parallel()
	const slots, order, features = 8, 3, 10
	rng := rand.New(rand.NewPCG(1, 2))
	good := mustTable(t, DefaultConfig(), slots, order, features, nil, []Candidate{{Features: []int{1, 4}, Score: 9}, {Features: []int{2}, Score: 5}, {Features: []int{3, 7}, Score: 1}}, rng)
	good.Pool = [][]int{{0, 5}, {6}}
	if err := good.Check(slots, order, features); err != nil {
		t.Fatalf("a new table: %v", err)
	}
	good.Refresh(1, rng)
	if err := good.Check(slots, order, features); err != nil {
		t.Fatalf("after a refresh: %v", err)
	}
	for _, tt := range []struct {
		name  string
		spoil func(rs *Table)
	}{
		{"index out of range", func(rs *Table) { rs.Slot(0)[0] = features + order }},
		{"negative index", func(rs *Table) { rs.Slot(1)[0] = -1 }},
		{"repeated column", func(rs *Table) { s := rs.Slot(2); s[1] = s[0] }},
		{"descending columns", func(rs *Table) { s := rs.Slot(3); s[0], s[1] = s[1], s[0] }},
		{"pool feature repeated", func(rs *Table) { rs.Pool = [][]int{{2, 2}} }},
		{"pool out of order", func(rs *Table) { rs.Pool = [][]int{{5, 1}} }},
		{"pool pseudovariable", func(rs *Table) { rs.Pool = [][]int{{features}} }},
		{"pool tuple too long", func(rs *Table) { rs.Pool = [][]int{{0, 1, 2, 3}} }},
		{"non-finite score", func(rs *Table) { rs.Scores[0] = math.NaN() }},
		{"short index", func(rs *Table) { rs.Idx = rs.Idx[:1] }},
	} {
		rs := good.Clone()
		tt.spoil(rs)
		if err := rs.Check(slots, order, features); !errors.Is(err, ErrTable) {
			t.Errorf("%s: Check = %v, want ErrTable", tt.name, err)
		}
	}
}

// With MainEffects a screened single feature with evidence gets slots of
// its own beside the stronger pair that contains it; by default the pair
// alone holds the slots, and a single without evidence never gets any.
func TestNewTableMainEffects(t *testing.T) {
	t.Parallel()
	screened := []Candidate{
		{Features: []int{1, 4}, Score: 30, Evidence: true},
		{Features: []int{4}, Score: 12, Evidence: true},
		{Features: []int{1}, Score: 3, Evidence: true},
		{Features: []int{6}, Score: 2},
	}
	for _, tc := range []struct {
		mainEffects bool
		want        [][]int
	}{
		{false, [][]int{{1, 4}}},
		{true, [][]int{{1, 4}, {4}, {1}}},
	} {
		cfg := DefaultConfig()
		cfg.MainEffects = tc.mainEffects
		table := mustTable(t, cfg, 64, 3, 8, nil, screened, rand.New(rand.NewPCG(1, 2)))
		var got [][]int
		for k := range table.tuples() {
			fs := table.tupleFeatures(k)
			if !slices.ContainsFunc(got, func(u []int) bool { return slices.Equal(u, fs) }) {
				got = append(got, fs)
			}
		}
		if !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("MainEffects %v: tuples with slots %v, want %v", tc.mainEffects, got, tc.want)
		}
	}
}

// Refresh scores a tuple over every group of heads that holds it: a weak
// copy of the strong tuple stays, and the weak tuple of its own goes.
func TestRefreshScoresTuplesNotCopies(t *testing.T) {
	t.Parallel()
	rs := &Table{Order: 2, Features: 4, Heads: 1, Screened: true,
		Idx:           []int{0, 1, 0, 1, 2, 3}, // slots: (f0, f1) twice, then (f2, f3)
		Scores:        []float64{10, 0.5, 0.5},
		MeanAttention: make([]float64, 3),
		Pool:          [][]int{{1, 2}},
	}
	replaced := rs.Refresh(1, rand.New(rand.NewPCG(1, 1)))
	if !slices.Equal(replaced, []int{2}) {
		t.Errorf("replaced slots %v, want [2] (the weak tuple, not the weak copy of the strong one)", replaced)
	}
	if want := []int{0, 1, 0, 1, 1, 2}; !slices.Equal(rs.Idx, want) {
		t.Errorf("slots %v, want %v", rs.Idx, want)
	}
}

// mustTable returns NewTable's table, failing the test on an error.
func mustTable(t *testing.T, cfg Config, slots, order, features int, blocks []int, screened []Candidate, rng *rand.Rand) *Table {
	t.Helper()
	rs, err := NewTable(cfg, slots, order, features, blocks, screened, nil, rng)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}
