// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/model/rulesearch"
)

// New gives the rule slots of a many-class binary table to the tuples
// rulesearch.Choose picks, and with Search.RankByScore to the strongest
// by their own score: eight classes of unequal size, each with a marker
// feature, six runs of heads. The chosen tuples hold more of the markers.
func TestNewChoosesRuleTuplesJointly(t *testing.T) {
	t.Parallel()
	const rows, classes, noise = 600, 8, 24
	rng := rand.New(rand.NewPCG(5, 11))
	var weighted []int // class c appears classes − c times: the first classes are the largest
	for c := range classes {
		weighted = append(weighted, slices.Repeat([]int{c}, classes-c)...)
	}
	cols := classes + noise
	x, y := make([]float64, rows*cols), make([]int, rows)
	for i := range rows {
		y[i] = weighted[rng.IntN(len(weighted))]
		for j := range cols {
			// marker j is on in 90 % of class j's rows and 10 % of the others
			on := rng.Float64() < 0.5
			if j < classes {
				on = (j == y[i]) != (rng.Float64() < 0.1)
			}
			if on {
				x[i*cols+j] = 1
			}
		}
	}
	markers := func(rankByScore bool) int {
		cfg := DefaultConfig()
		cfg.Rules, cfg.FixedRules = 24, true // six runs of heads: fewer than the tuples with evidence
		cfg.Search.RankByScore = rankByScore
		n, err := New(cfg, Data{X: x, Rows: rows, Features: cols, Y: y, Classes: classes}, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		var fs []int
		for _, tuple := range n.rules.RankedTuples() {
			fs = append(fs, slices.DeleteFunc(slices.Clone(tuple), func(f int) bool { return f >= classes })...)
		}
		slices.Sort(fs)
		return len(slices.Compact(fs))
	}
	chosen, byScore := markers(false), markers(true)
	if chosen <= byScore || chosen < classes-1 {
		t.Errorf("rule tuples hold %d of the %d markers (%d ranked by score), want all or all but one, and more", chosen, classes, byScore)
	}
}

// With Search.Singles, New gives every feature a single-feature tuple in
// the tuples the screened ones leave free, those with effects first; by
// default (evidence singles) none here, as the strong tuples hold every
// effect; with NoEvidenceSingles the table holds the screened tuples only.
func TestNewSingles(t *testing.T) {
	t.Parallel()
	const rows, cols, effects = 300, 40, 6
	x, y := weakMajority(rand.New(rand.NewPCG(3, 4)), rows, cols, effects, nil)
	singleTuples := func(singles, noEvidence bool) []int {
		cfg := DefaultConfig()
		cfg.Search.Singles, cfg.Search.NoEvidenceSingles = singles, noEvidence
		n, err := New(cfg, Data{X: x, Rows: rows, Features: cols, Y: y, Classes: 2}, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if n.Config().Search.Singles != singles {
			t.Errorf("Config().Search.Singles = %v, want %v", n.Config().Search.Singles, singles)
		}
		return singleFeatureTuples(n)
	}
	without, evident, with := singleTuples(false, true), singleTuples(false, false), singleTuples(true, false)
	if len(with) != cols {
		t.Errorf("with Singles: %d features have a single-feature tuple, want all %d", len(with), cols)
	}
	if len(without) >= effects {
		t.Errorf("without Singles and evidence singles: %d single-feature tuples %v, want fewer than the %d effects (the screened ones)", len(without), without, effects)
	}
	if len(evident) != 0 {
		t.Errorf("default: single-feature tuples %v, want none: the strong triples hold every effect", evident)
	}
}

// By default, New gives a single-feature tuple to each feature with
// evidence of its own that no strong tuple holds (a xor pair decides half
// the labels, weak single effects the rest), as many as the free tuples
// allow; with NoEvidenceSingles it gives none.
func TestNewEvidenceSingles(t *testing.T) {
	t.Parallel()
	const rows, cols, effects = 800, 40, 8
	x, y := weakMajority(rand.New(rand.NewChaCha8([32]byte{17})), rows, cols, effects, func(rng *rand.Rand, row []float64, label int) int {
		if rng.IntN(2) == 1 {
			return int(row[cols-2]) ^ int(row[cols-1])
		}
		return label
	})
	d := Data{X: x, Rows: rows, Features: cols, Y: y, Classes: 2}
	singles := func(noEvidence bool) []int {
		cfg := DefaultConfig()
		cfg.Search.NoEvidenceSingles = noEvidence
		n, err := New(cfg, d, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		out := singleFeatureTuples(n)
		if !slices.Equal(n.Singles(), out) {
			t.Errorf("Singles() = %v, want the single-feature tuples %v", n.Singles(), out)
		}
		return out
	}
	cfg := DefaultConfig()
	sd := rulesearch.Data{X: x, Rows: rows, Features: cols, Y: y, Classes: 2}
	screened, _ := rulesearch.Screen(sd, cfg.screenOrder(), cfg.Search.ScreenBudget, cfg.Search.Pool, false)
	screened, err := rulesearch.Choose(sd, screened, cfg.Search, cfg.Rules)
	if err != nil {
		t.Fatal(err)
	}
	strong, free := rulesearch.StrongTuples(cfg.Search, cfg.Rules, screened)
	want := rulesearch.SinglesAdded(strong, rulesearch.EvidentSingles(sd, strong, false), free)
	if len(want) == 0 || !slices.ContainsFunc(want, func(j int) bool { return j < effects }) {
		t.Fatalf("strong tuples %v leave %v to evidence singles, want an effect among them: the table does not test what it should", strong, want)
	}
	got, none := singles(false), singles(true)
	t.Logf("strong tuples %v, evidence singles %v", strong, got)
	if !slices.Equal(got, want) {
		t.Errorf("default: single-feature tuples for %v, want the evident features no strong tuple holds %v (strong %v)", got, want, strong)
	}
	if slices.ContainsFunc(got, func(j int) bool { return j >= effects }) {
		t.Errorf("default: single-feature tuples for %v, want effects (features below %d) only", got, effects)
	}
	if len(none) != 0 {
		t.Errorf("NoEvidenceSingles: single-feature tuples for %v, want none", none)
	}
}

// weakMajority returns rows × cols random binary rows labelled 1 where a
// noisy majority of the first effects features is on (weak single
// effects, no interaction); relabel, if not nil, may replace each row's
// label, drawing from rng after it.
func weakMajority(rng *rand.Rand, rows, cols, effects int, relabel func(rng *rand.Rand, row []float64, label int) int) ([]float64, []int) {
	x, y := make([]float64, rows*cols), make([]int, rows)
	for i := range rows {
		votes := 0
		for j := range cols {
			if rng.IntN(2) == 1 {
				x[i*cols+j] = 1
				if j < effects {
					votes++
				}
			}
		}
		if 2*votes+rng.IntN(3)-1 > effects {
			y[i] = 1
		}
		if relabel != nil {
			y[i] = relabel(rng, x[i*cols:(i+1)*cols], y[i])
		}
	}
	return x, y
}

// singleFeatureTuples returns the features that have a rule tuple of their
// own in n's table (pseudovariables aside), in slot order, each once.
func singleFeatureTuples(n *Network) []int {
	var out []int
	for k := range n.rules.Slots() / n.rules.Heads {
		f := slices.DeleteFunc(slices.Clone(n.rules.Slot(k*n.rules.Heads)), func(c int) bool { return c >= n.features })
		if len(f) == 1 && !slices.Contains(out, f[0]) {
			out = append(out, f[0])
		}
	}
	return out
}

// TestNewJointSingles: where the features that no strong tuple or
// evidence single holds depend on the label together (a logistic label
// over fifteen weak effects among twenty flags, 300 rows), New gives
// every feature a single-feature tuple, as Singles does, and reports the
// test; with NoJointSingles it keeps the evidence singles and runs no
// test; on a noisy not gate over 64 flags the test runs and does not
// pass.
func TestNewJointSingles(t *testing.T) {
	t.Parallel()
	build := func(d Data, joint bool) *Network {
		t.Helper()
		cfg := DefaultConfig()
		cfg.Search.NoJointSingles = !joint
		n, err := New(cfg, d, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range n.Singles() {
			if !slices.Contains(singleFeatureTuples(n), j) {
				t.Errorf("Singles() = %v, but %d has no single-feature tuple (%v)", n.Singles(), j, singleFeatureTuples(n))
			}
		}
		return n
	}
	const rows, cols = 300, 20
	x, y := make([]float64, rows*cols), make([]int, rows)
	lrng := rand.New(rand.NewChaCha8([32]byte{18}))
	for i := range rows {
		z := 0.0
		for j := range cols {
			x[i*cols+j] = float64(lrng.IntN(2))
			if j < 15 { // fifteen weak effects of alternating sign
				z += 0.8 * float64(1-2*(j%2)) * (x[i*cols+j] - 0.5)
			}
		}
		if lrng.Float64() < 1/(1+math.Exp(-z)) {
			y[i] = 1
		}
	}
	d := Data{X: x, Rows: rows, Features: cols, Y: y, Classes: 2}
	n := build(d, true)
	test := n.JointTest()
	if test == nil || !test.Passed() {
		t.Fatalf("weak majority: joint test %+v, want a pass: the table does not test what it should", test)
	}
	cfg := DefaultConfig()
	all := cfg
	all.Search.Singles = true
	want, err := New(all, d, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(n.Singles(), want.Singles()) || len(n.Singles()) < cols/2 {
		t.Errorf("weak majority: singles %v, want Singles' %v", n.Singles(), want.Singles())
	}
	off := build(d, false)
	if off.JointTest() != nil || len(off.Singles()) >= len(n.Singles()) {
		t.Errorf("NoJointSingles: test %+v, singles %v; want no test and fewer singles than %v", off.JointTest(), off.Singles(), n.Singles())
	}

	// A not gate over 64 flags, a fifth of its labels flipped.
	rng := rand.New(rand.NewChaCha8([32]byte{19}))
	const gateRows, gateCols = 128, 64
	gx, gy := make([]float64, gateRows*gateCols), make([]int, gateRows)
	for i := range gateRows {
		for j := range gateCols {
			gx[i*gateCols+j] = float64(rng.IntN(2))
		}
		gy[i] = 1 - int(gx[i*gateCols+5])
		if rng.Float64() < 0.2 {
			gy[i] = 1 - gy[i]
		}
	}
	g := build(Data{X: gx, Rows: gateRows, Features: gateCols, Y: gy, Classes: 2}, true)
	if test := g.JointTest(); test == nil || test.Passed() {
		t.Errorf("noisy not gate: joint test %+v, want one run that does not pass", test)
	}
	if s := g.Singles(); len(s) > 2 {
		t.Errorf("noisy not gate: singles %v, want at most a chance evidence single or two", s)
	}
}

// Search.MaxTuples gives the rule table's runs of heads to the first
// tuples the search places and to nothing else: a table of two real
// pairs, (f0, f1) or (f2, f3), places several; with MaxTuples 1 every run of
// heads holds the first, PlacedTuples says 1 and the pool that refreshes
// draw from is empty.
func TestMaxTuples(t *testing.T) {
	t.Parallel()
	d := twoPairs(1, 300, 10)
	placed := func(most int) (*Network, [][]int) {
		cfg := DefaultConfig()
		cfg.Search.MaxTuples = most
		n, err := New(cfg, d, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		var distinct [][]int
		for _, tuple := range n.rules.RankedTuples() {
			if !slices.ContainsFunc(distinct, func(u []int) bool { return slices.Equal(u, tuple) }) {
				distinct = append(distinct, tuple)
			}
		}
		return n, distinct
	}
	all, tuples := placed(0)
	if all.PlacedTuples() < 2 || len(tuples) != all.PlacedTuples() {
		t.Fatalf("%d placed tuples, the table holds %v: want two or more, each in the table", all.PlacedTuples(), tuples)
	}
	first, alone := placed(1)
	if first.PlacedTuples() != 1 || len(alone) != 1 || !slices.Equal(alone[0], tuples[0]) {
		t.Errorf("MaxTuples 1: %d placed, tuples %v; want the first, %v, alone", first.PlacedTuples(), alone, tuples[0])
	}
	if pool := first.rules.Pool; len(pool) != 0 {
		t.Errorf("MaxTuples 1 leaves %d tuples in the pool, want none", len(pool))
	}
	bad := DefaultConfig()
	bad.Search.MaxTuples = -1
	if _, err := New(bad, d, rand.New(rand.NewPCG(1, 2))); err == nil {
		t.Error("MaxTuples -1 accepted")
	}
}
