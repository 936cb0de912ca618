// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
)

func TestRouteOf(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		batch []float64
		want  Route
	}{
		{"empty", nil, Categorical},
		{"one value", []float64{3, 3, 3}, Categorical},
		{"binary", []float64{0, 1, 1, 0}, Categorical},
		{"two arbitrary values", []float64{-2, 5, 5, -2}, Categorical},
		{"three values", []float64{0, 1, 2}, Continuous},
		{"third value late", []float64{0, 1, 0, 1, 0, 0.5}, Continuous},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := RouteOf(tt.batch); got != tt.want {
				t.Errorf("RouteOf(%v)\ngot  %v\nwant %v", tt.batch, got, tt.want)
			}
		})
	}
}

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
			top := sc.screen(3, 2_000_000, 4)
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
	top := newScreener(x, rows, cols, 1, y, 2).screen(3, 2_000_000, 4)
	if !slices.Equal(top[0].Features, target) {
		t.Errorf("top tuple\ngot  %v\nwant %v", top[0].Features, target)
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		mod  func(*Config)
		ok   bool
	}{
		{"defaults", func(*Config) {}, true},
		{"relu", func(c *Config) { c.Activation = "ReLU" }, true},
		{"negative rules", func(c *Config) { c.Rules = -1 }, false},
		{"negative order", func(c *Config) { c.Order = -2 }, false},
		{"screen order above order", func(c *Config) { c.Order = 2; c.ScreenOrder = 3 }, false},
		{"unknown activation", func(c *Config) { c.Activation = "tanh" }, false},
		{"negative exp param", func(c *Config) { c.ExpParam = -1 }, false},
		{"samples above rules", func(c *Config) { c.Samples = 1000 }, false},
		{"dropout one", func(c *Config) { c.Dropout = 1 }, false},
		{"no dropout", func(c *Config) { c.Dropout = -1 }, true},
		{"refresh fraction above one", func(c *Config) { c.RefreshFraction = 2 }, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := DefaultConfig()
			tt.mod(&c)
			err := c.Resolved().Validate()
			if (err == nil) != tt.ok {
				t.Errorf("Validate()\ngot  %v\nwant ok=%v", err, tt.ok)
			}
		})
	}
}

func TestNewRuleSetEnumeratesSmallSpaces(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Rules, cfg.Order, cfg.Heads = 10, 2, 1
	rs := newRuleSet(cfg, 3, nil, nil, rand.New(rand.NewPCG(1, 1)))
	// C(3+2, 2) = 10 tuples over 3 features and 2 pseudovariables.
	seen := map[string]bool{}
	for r := range rs.numRules() {
		seen[tupleKey(rs.rule(r))] = true
	}
	if len(seen) != 10 {
		t.Errorf("distinct tuples\ngot  %d\nwant 10", len(seen))
	}
}

func TestRandomTuplesAreNotLexicographic(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Rules, cfg.Order, cfg.Heads = 64, 3, 1
	rs := newRuleSet(cfg, 100, nil, nil, rand.New(rand.NewPCG(1, 1)))
	withZero := 0
	for r := range rs.numRules() {
		tuple := rs.rule(r)
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
func TestScreenSkipsSameGroup(t *testing.T) {
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
	s := newScreener(x, rows, 4, 1, y, 2)
	s.groups = []int{0, 0, 0, 1}
	for _, ts := range s.screen(3, 1000, 20) {
		g := map[int]bool{}
		for _, c := range ts.Features {
			if g[s.groups[c]] {
				t.Errorf("tuple %v holds two features of one group", ts.Features)
			}
			g[s.groups[c]] = true
		}
	}
}

func TestRandomTuplesRespectGroups(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.Rules, cfg.Order, cfg.Heads = 200, 3, 1
	groups := []int{0, 0, 0, 1, 1, 2} // two one-hot blocks and a lone column
	rs := newRuleSet(cfg, 6, groups, nil, rand.New(rand.NewPCG(1, 1)))
	for r := range rs.numRules() {
		seen := map[int]bool{}
		for _, c := range rs.rule(r) {
			if c < 6 {
				if seen[groups[c]] {
					t.Fatalf("rule %v holds two features of group %d", rs.rule(r), groups[c])
				}
				seen[groups[c]] = true
			}
		}
	}
}

// Resolving a resolved config changes nothing: a loaded model keeps the
// settings it was trained with.
func TestResolvedIsIdempotent(t *testing.T) {
	t.Parallel()
	for _, c := range []Config{{}, {Dropout: -1, Pool: -1, RefreshEvery: -1}, {Activation: "ReLU", Order: 5, ExpParam: 3}} {
		once := c.Resolved()
		if twice := once.Resolved(); !reflect.DeepEqual(once, twice) {
			t.Errorf("Resolved twice\ngot  %+v\nwant %+v", twice, once)
		}
	}
}
