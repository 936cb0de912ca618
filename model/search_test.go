// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/hornets-go/hornets/model"
)

// trained returns net's file after a few training steps and a refresh of
// its rule slots, all drawn from a generator seeded with seed.
func trained(t *testing.T, net *model.Network, d model.Data, seed uint64) []byte {
	t.Helper()
	tr, err := model.NewTrainer(net, 16, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	for b := 0; b+16 <= 64; b += 16 {
		if _, _, err := tr.Step(d.X[b*d.Features:(b+16)*d.Features], d.Y[b:b+16], rng); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tr.Refresh(rng); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := net.Save(&buf, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestNewFromSearch checks that a network built from an earlier network's
// rule search is, bit for bit, the one New builds with the same
// configuration, Search.MaxTuples included, trained and refreshed alike,
// and that a search of another table or configuration is refused.
func TestNewFromSearch(t *testing.T) {
	t.Parallel()
	d := model.TwoPairs(1, 300, 10)
	base := model.DefaultConfig()
	first, err := model.New(base, d, rand.New(rand.NewPCG(7, 1)))
	if err != nil {
		t.Fatal(err)
	}
	search := first.TupleSearch()
	if search == nil || first.PlacedTuples() < 2 {
		t.Fatalf("search %v, %d placed tuples: want a search placing two or more", search, first.PlacedTuples())
	}
	for _, most := range []int{0, 1, 2} {
		cfg := base
		cfg.Search.MaxTuples = most
		want, err := model.New(cfg, d, rand.New(rand.NewPCG(7, 1)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := model.NewFromSearch(context.Background(), cfg, d, search, rand.New(rand.NewPCG(7, 1)))
		if err != nil {
			t.Fatalf("MaxTuples %d: %v", most, err)
		}
		if got.PlacedTuples() != want.PlacedTuples() || got.TupleSearch() != search {
			t.Errorf("MaxTuples %d: %d placed tuples, want %d; search not kept", most, got.PlacedTuples(), want.PlacedTuples())
		}
		if !bytes.Equal(trained(t, got, d, 5), trained(t, want, d, 5)) {
			t.Errorf("MaxTuples %d: the network built from the search differs from New's after training", most)
		}
	}
	// Training the networks above did not change the search.
	again, err := model.NewFromSearch(context.Background(), base, d, search, rand.New(rand.NewPCG(7, 1)))
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := model.New(base, d, rand.New(rand.NewPCG(7, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(trained(t, again, d, 9), trained(t, fresh, d, 9)) {
		t.Error("a search reused after training built a network that differs from New's")
	}

	flipped := d
	flipped.Y = append([]int(nil), d.Y...)
	flipped.Y[0] = 1 - flipped.Y[0]
	otherOrder := base
	otherOrder.Order = 2
	noScreening := base
	noScreening.Search.NoScreening = true
	continuous := d
	continuous.X = append([]float64(nil), d.X...)
	continuous.X[0] = 0.5
	for _, tc := range []struct {
		name string
		cfg  model.Config
		d    model.Data
		s    *model.TupleSearch
	}{
		{"another table's labels", base, flipped, search},
		{"another table's rows", base, model.TwoPairs(2, 300, 10), search},
		{"another order", otherOrder, d, search},
		{"no search", base, d, nil},
		{"screening off", noScreening, d, search},
		{"a continuous table", base, continuous, search},
	} {
		if _, err := model.NewFromSearch(context.Background(), tc.cfg, tc.d, tc.s, rand.New(rand.NewPCG(7, 1))); !errors.Is(err, model.ErrConfig) {
			t.Errorf("%s: error %v, want ErrConfig", tc.name, err)
		}
	}
}

// Rules of one literal hold no pair: with Order 1 the error pair is not
// taken (it was, and New refused its own rule table), while the same xor
// table screened for singles only under rules of order 3 takes it.
func TestErrorPairNeedsOrderTwo(t *testing.T) {
	t.Parallel()
	ds := xorData(t, 1, 128)
	d := model.Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y, Classes: len(ds.Classes)}
	for _, tc := range []struct {
		order    int
		wantPair bool
	}{{1, false}, {3, true}} {
		cfg := model.DefaultConfig()
		cfg.Order, cfg.Search.ScreenOrder = tc.order, 1
		net, err := model.New(cfg, d, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatalf("order %d: %v", tc.order, err)
		}
		pair, _, p, _ := net.ErrorPair()
		if got := pair != nil; got != tc.wantPair {
			t.Errorf("order %d: error pair %v (p = %g); want one: %v", tc.order, pair, p, tc.wantPair)
		}
	}
}

// markerData returns a table of classes classes in which each of the
// features 0/1 columns marks one class (feature j is mostly 1 on rows of
// class j mod classes and mostly 0 elsewhere): every feature has evidence
// of its own.
func markerData(seed uint64, rows, classes, features int) model.Data {
	rng := rand.New(rand.NewPCG(seed, 7))
	d := model.Data{X: make([]float64, rows*features), Rows: rows, Features: features, Y: make([]int, rows), Classes: classes}
	for i := range rows {
		c := i % classes
		d.Y[i] = c
		for j := range features {
			p := 0.1
			if j%classes == c {
				p = 0.9
			}
			if rng.Float64() < p {
				d.X[i*features+j] = 1
			}
		}
	}
	return d
}

// TestRulesGrowWithEvidence checks that New doubles the rule count where
// the tuples with evidence need more runs of heads than Rules holds, no
// further than GrownRules, and not at all with FixedRules or where they
// fit (the 160 markers, each with evidence, fill every run of 256 slots).
func TestRulesGrowWithEvidence(t *testing.T) {
	t.Parallel()
	many := markerData(1, 480, 8, 160)
	xor := xorData(t, 1, 128)
	few := model.Data{X: xor.X, Rows: xor.Rows, Features: xor.Cols, Y: xor.Y, Classes: len(xor.Classes)}
	for _, tc := range []struct {
		name  string
		d     model.Data
		rules int
		fixed bool
		want  int
	}{
		{"160 markers of 8 classes", many, 0, false, 512},
		{"160 markers, fixed", many, 0, true, 256},
		{"160 markers from 512", many, 512, false, 512},
		{"160 markers from 1024", many, 1024, false, 1024},
		{"160 markers from 100", many, 100, false, 400},
		{"xor", few, 0, false, 256},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := model.Config{Rules: tc.rules, FixedRules: tc.fixed}
			cfg.Search.ScreenOrder = 1 // single features: the markers; seconds fewer than triples
			net, err := model.New(cfg, tc.d, rand.New(rand.NewPCG(1, 2)))
			if err != nil {
				t.Fatal(err)
			}
			if got := net.Config().Rules; got != tc.want {
				t.Errorf("rules %d; want %d", got, tc.want)
			}
			if got, ceiling := net.Config().Rules, cfg.Resolved().RulesCeiling(); got > ceiling {
				t.Errorf("rules %d above RulesCeiling %d", got, ceiling)
			}
		})
	}
}

func TestRulesCeiling(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cfg  model.Config
		want int
	}{
		{model.Config{}, 512},
		{model.Config{FixedRules: true}, 256},
		{model.Config{Rules: 100}, 400},
		{model.Config{Rules: 257}, 257},
		{model.Config{Rules: 4096}, 4096},
	} {
		if got := tc.cfg.Resolved().RulesCeiling(); got != tc.want {
			t.Errorf("%+v: RulesCeiling %d; want %d", tc.cfg, got, tc.want)
		}
	}
}
