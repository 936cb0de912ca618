// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/model/rulesearch"
)

// protect runs f and turns a panic into an error.
func protect(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// Every exported method of a zero or nil Table behaves as on an empty
// table: no slots, no rules, nothing refreshed, and Check reports
// ErrTable. Reflection makes sure no exported method is left out.
func TestZeroTable(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	covered := map[string]bool{}
	for _, recv := range []struct {
		name string
		rs   *rulesearch.Table
	}{{"zero", &rulesearch.Table{}}, {"nil", nil}} {
		rs := recv.rs
		for _, tt := range []struct {
			method string
			call   func() error
		}{
			{"Slots", func() error { return wantEqual(rs.Slots(), 0) }},
			{"Width", func() error { return wantEqual(rs.Width(), 0) }},
			{"Slot", func() error {
				if recv.rs == nil {
					return nil // a nil Table has no slot to index, as a nil slice
				}
				return wantEqual(len(rs.Slot(0)), 0)
			}},
			{"Clone", func() error {
				c := rs.Clone()
				if (c == nil) != (rs == nil) {
					return fmt.Errorf("Clone: got %v for %v", c, rs)
				}
				return wantEqual(c.Slots(), 0)
			}},
			{"Check", func() error {
				if err := rs.Check(0, 0, 0); !errors.Is(err, rulesearch.ErrTable) {
					return fmt.Errorf("Check: %v, want ErrTable", err)
				}
				return nil
			}},
			{"FeatureTuples", func() error { return wantEqual(len(rs.FeatureTuples(nil)), 0) }},
			{"RankedTuples", func() error { return wantEqual(len(rs.RankedTuples()), 0) }},
			{"Read", func() error { return wantEqual(len(rs.Read(nil, nil, 2, nil)), 0) }},
			{"Refresh", func() error { return wantEqual(len(rs.Refresh(0.25, rng)), 0) }},
		} {
			covered[tt.method] = true
			t.Run(recv.name+"/"+tt.method, func(t *testing.T) {
				if err := protect(tt.call); err != nil {
					t.Error(err)
				}
			})
		}
	}
	typ := reflect.TypeFor[*rulesearch.Table]()
	for i := range typ.NumMethod() {
		if m := typ.Method(i).Name; !covered[m] {
			t.Errorf("Table.%s is not covered by the zero-value table", m)
		}
	}
}

// wantEqual reports got != want.
func wantEqual(got, want any) error {
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("got  %v\nwant %v", got, want)
	}
	return nil
}

// Refresh replaces nothing for a fraction that is not positive or NaN,
// and no more than all but the best tuple for a huge one, where it sliced
// with a negative or overflowed bound.
func TestRefreshFraction(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		fraction float64
		want     int // slots replaced
	}{
		{"NaN", math.NaN(), 0},
		{"negative", -1, 0},
		{"zero", 0, 0},
		{"huge", 1e300, 7},
		{"+Inf", math.Inf(1), 7},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// Eight single-head tuples over 40 features, the first the only
			// one with a score: the other seven are weak.
			rs := mustTable(t, rulesearch.Config{Heads: 1}.Resolved(), 8, 2, 40, nil, nil, rand.New(rand.NewPCG(1, 1)))
			rs.Scores[0] = 1
			var got []int
			if err := protect(func() error { got = rs.Refresh(tt.fraction, rand.New(rand.NewPCG(2, 2))); return nil }); err != nil {
				t.Fatal(err)
			}
			if len(got) != tt.want {
				t.Errorf("Refresh(%v) replaced %v\ngot  %d slots\nwant %d", tt.fraction, got, len(got), tt.want)
			}
		})
	}
}

// A table without a pool that must draw a random tuple says that rng is
// nil, rather than dereferencing it.
func TestRefreshNilRand(t *testing.T) {
	t.Parallel()
	rs := mustTable(t, rulesearch.Config{Heads: 1}.Resolved(), 8, 2, 40, nil, nil, rand.New(rand.NewPCG(1, 1)))
	rs.Scores[0] = 1
	err := protect(func() error { rs.Refresh(1, nil); return nil })
	if err == nil || !strings.Contains(err.Error(), "nil *rand.Rand") {
		t.Errorf("Refresh(1, nil)\ngot  %v\nwant a panic naming the nil *rand.Rand", err)
	}
}

// mustTable returns NewTable's table, failing the test on an error.
func mustTable(t *testing.T, cfg rulesearch.Config, slots, order, features int, blocks []int, screened []rulesearch.Candidate, rng *rand.Rand) *rulesearch.Table {
	t.Helper()
	rs, err := rulesearch.NewTable(cfg, slots, order, features, blocks, screened, rng)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// NewTable refuses what it cannot build a table of with an error, where it
// divided by zero (a zero Heads or order, no slots), dereferenced a nil
// rng, indexed past short blocks or looped for ever (a negative feature
// count); a zero Config is the default search.
func TestNewTableErrors(t *testing.T) {
	t.Parallel()
	rng := func() *rand.Rand { return rand.New(rand.NewPCG(1, 1)) }
	def := rulesearch.DefaultConfig()
	cand := func(fs ...int) []rulesearch.Candidate {
		return []rulesearch.Candidate{{Features: fs, Score: 1, Evidence: true}}
	}
	for _, tt := range []struct {
		name     string
		cfg      rulesearch.Config
		slots    int
		order    int
		features int
		blocks   []int
		screened []rulesearch.Candidate
		rng      *rand.Rand
		want     error // nil: a table that passes Check
	}{
		{"zero config is the default", rulesearch.Config{}, 8, 2, 4, nil, nil, rng(), nil},
		{"invalid config", rulesearch.Config{Heads: -1}, 8, 2, 4, nil, nil, rng(), rulesearch.ErrConfig},
		{"NaN cutoff", rulesearch.Config{Cutoff: math.NaN()}, 8, 2, 4, nil, nil, rng(), rulesearch.ErrConfig},
		{"nil rng", def, 8, 2, 40, nil, nil, nil, rulesearch.ErrConfig},
		{"no slots", def, 0, 2, 4, nil, nil, rng(), rulesearch.ErrConfig},
		{"negative slots", def, -1, 2, 4, nil, nil, rng(), rulesearch.ErrConfig},
		{"order 0", def, 8, 0, 4, nil, nil, rng(), rulesearch.ErrConfig},
		{"negative features", def, 8, 2, -1, nil, nil, rng(), rulesearch.ErrShape},
		{"short blocks", def, 8, 2, 40, []int{0}, nil, rng(), rulesearch.ErrShape},
		{"screened feature out of range", def, 8, 2, 4, nil, cand(99), rng(), rulesearch.ErrShape},
		{"screened negative feature", def, 8, 2, 4, nil, cand(-1), rng(), rulesearch.ErrShape},
		{"screened tuple empty", def, 8, 2, 4, nil, cand(), rng(), rulesearch.ErrShape},
		{"screened tuple too long", def, 8, 2, 4, nil, cand(0, 1, 2), rng(), rulesearch.ErrShape},
		{"screened tuple not ascending", def, 8, 2, 4, nil, cand(2, 1), rng(), rulesearch.ErrShape},
		{"extension out of range", def, 8, 2, 4, nil,
			[]rulesearch.Candidate{{Features: []int{1}, Score: 1, Evidence: true, Extension: []int{1, 9}}}, rng(), rulesearch.ErrShape},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var rs *rulesearch.Table
			err := protect(func() (err error) {
				rs, err = rulesearch.NewTable(tt.cfg, tt.slots, tt.order, tt.features, tt.blocks, tt.screened, tt.rng)
				return err
			})
			switch {
			case tt.want == nil && err != nil:
				t.Fatalf("NewTable: %v", err)
			case tt.want == nil:
				if err := rs.Check(tt.slots, tt.order, tt.features); err != nil {
					t.Errorf("Check of the new table: %v", err)
				}
				want := mustTable(t, tt.cfg.Resolved(), tt.slots, tt.order, tt.features, tt.blocks, tt.screened, rng())
				if !reflect.DeepEqual(rs, want) {
					t.Errorf("table\ngot  %+v\nwant %+v (the resolved config's)", rs, want)
				}
			case !errors.Is(err, tt.want):
				t.Errorf("NewTable\ngot  %v\nwant %v", err, tt.want)
			}
		})
	}
}
