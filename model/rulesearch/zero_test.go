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
			{"Read", func() error {
				rules, err := rs.Read(nil, nil, 2, nil)
				if err != nil {
					return err
				}
				return wantEqual(len(rules), 0)
			}},
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
	rs, err := rulesearch.NewTable(cfg, slots, order, features, blocks, screened, nil, rng)
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
		{"slots past MaxSlots", def, 1 << 40, 2, 4, nil, nil, rng(), rulesearch.ErrConfig},
		{"order past MaxOrder", def, 8, 1 << 40, 4, nil, nil, rng(), rulesearch.ErrConfig},
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
				rs, err = rulesearch.NewTable(tt.cfg, tt.slots, tt.order, tt.features, tt.blocks, tt.screened, nil, tt.rng)
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

// NewScorer, Effects and Table.Read refuse a class count below 1 and
// weights of the wrong length with ErrShape, where they divided by zero
// or indexed past the weights.
func TestShapeErrors(t *testing.T) {
	t.Parallel()
	table := mustTable(t, rulesearch.DefaultConfig(), 8, 2, 4, nil, nil, rand.New(rand.NewPCG(1, 1)))
	m, w := make([]float64, 2*8), make([]float64, 8*2) // order × slots, slots × classes
	for _, tt := range []struct {
		name string
		call func() error
		want error
	}{
		{"NewScorer valid", func() error { _, err := rulesearch.NewScorer(w, 2); return err }, nil},
		{"NewScorer no weights", func() error { _, err := rulesearch.NewScorer(nil, 2); return err }, nil},
		{"NewScorer 0 classes", func() error { _, err := rulesearch.NewScorer(w, 0); return err }, rulesearch.ErrShape},
		{"NewScorer 0 classes, no weights", func() error { _, err := rulesearch.NewScorer(nil, 0); return err }, rulesearch.ErrShape},
		{"NewScorer negative classes", func() error { _, err := rulesearch.NewScorer(w, -1); return err }, rulesearch.ErrShape},
		{"NewScorer ragged weights", func() error { _, err := rulesearch.NewScorer(w[:3], 2); return err }, rulesearch.ErrShape},
		{"Effects valid", func() error { _, err := rulesearch.Effects([]float64{1, 2}, []float64{1, 2, 3, 4}, 2, nil); return err }, nil},
		{"Effects 0 classes", func() error { _, err := rulesearch.Effects([]float64{1}, nil, 0, nil); return err }, rulesearch.ErrShape},
		{"Effects 0 classes, no features", func() error { _, err := rulesearch.Effects(nil, nil, 0, nil); return err }, rulesearch.ErrShape},
		{"Effects negative classes", func() error { _, err := rulesearch.Effects([]float64{1}, []float64{1, 2}, -1, nil); return err }, rulesearch.ErrShape},
		{"Effects short weights", func() error { _, err := rulesearch.Effects([]float64{1}, nil, 2, nil); return err }, rulesearch.ErrShape},
		{"Read valid", func() error { _, err := table.Read(m, w, 2, nil); return err }, nil},
		{"Read 0 classes", func() error { _, err := table.Read(m, w, 0, nil); return err }, rulesearch.ErrShape},
		{"Read no weights", func() error { _, err := table.Read(nil, nil, 2, nil); return err }, rulesearch.ErrShape},
		{"Read short factors", func() error { _, err := table.Read(m[:3], w, 2, nil); return err }, rulesearch.ErrShape},
		{"Read short output weights", func() error { _, err := table.Read(m, w[:8], 2, nil); return err }, rulesearch.ErrShape},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := protect(tt.call); !errors.Is(err, tt.want) {
				t.Errorf("got  %v\nwant %v", err, tt.want)
			}
		})
	}
}

// Scorer.Add and Store, which have no error result, panic with a message
// that names the mismatch, not a bare index out of range or nil
// dereference.
func TestScorerPanics(t *testing.T) {
	t.Parallel()
	scorer := func() *rulesearch.Scorer {
		s, err := rulesearch.NewScorer([]float64{1, 2, 3, 4}, 2) // two slots
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, tt := range []struct {
		name string
		call func()
	}{
		{"Add short attention", func() { scorer().Add([]float64{1}, 1) }},
		{"Add negative rows", func() { scorer().Add(nil, -1) }},
		{"Store nil table", func() { s := scorer(); s.Add([]float64{1, 2}, 1); s.Store(nil) }},
		{"Store zero table", func() { s := scorer(); s.Add([]float64{1, 2}, 1); s.Store(&rulesearch.Table{}) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := protect(func() error { tt.call(); return nil })
			if err == nil || !strings.Contains(err.Error(), "rulesearch: Scorer.") {
				t.Errorf("got  %v\nwant a panic from rulesearch: Scorer", err)
			}
		})
	}
}

// Screen returns nothing for arguments it cannot screen, where a label out
// of range indexed past its class table, a negative maxSize or a huge
// one made an impossible slice, and a huge keep or a huge class count
// (session 42's library audit: 2^40, every label in range) ran out of
// memory.
func TestScreenInvalid(t *testing.T) {
	t.Parallel()
	d := rulesearch.Data{X: []float64{1, 0, 0, 1, 1, 1, 0, 0}, Rows: 4, Features: 2, Y: []int{0, 1, 1, 0}, Classes: 2}
	with := func(y ...int) rulesearch.Data { c := d; c.Y = y; return c }
	for _, tt := range []struct {
		name          string
		d             rulesearch.Data
		maxSize, keep int
		want          bool // some candidates
	}{
		{"valid", d, 2, 4, true},
		{"huge maxSize", d, math.MaxInt, 4, true},
		{"huge keep", d, 2, 1 << 40, true},
		{"label too large", with(0, 1, 5, 0), 2, 4, false},
		{"negative label", with(0, -1, 1, 0), 2, 4, false},
		{"maxSize 0", d, 0, 4, false},
		{"negative maxSize", d, -1, 4, false},
		{"keep 0", d, 2, 0, false},
		{"classes past MaxClasses", func() rulesearch.Data { c := d; c.Classes = 1 << 40; return c }(), 2, 4, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []rulesearch.Candidate
			if err := protect(func() error { got, _ = rulesearch.Screen(tt.d, tt.maxSize, 1000, tt.keep, false); return nil }); err != nil {
				t.Fatal(err)
			}
			if (len(got) > 0) != tt.want {
				t.Errorf("candidates\ngot  %v\nwant some: %v", got, tt.want)
			}
		})
	}
}

// A nil List is reported by Check and cloned as nil, where both
// dereferenced it.
func TestNilList(t *testing.T) {
	t.Parallel()
	var l *rulesearch.List
	if err := protect(func() error { return l.Check(2, 2) }); !errors.Is(err, rulesearch.ErrTable) {
		t.Errorf("Check\ngot  %v\nwant %v", err, rulesearch.ErrTable)
	}
	if err := protect(func() error { return wantEqual(l.Clone(), l) }); err != nil {
		t.Errorf("Clone: %v", err)
	}
}
