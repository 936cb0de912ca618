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
			rs := rulesearch.NewTable(rulesearch.Config{Heads: 1}.Resolved(), 8, 2, 40, nil, nil, rand.New(rand.NewPCG(1, 1)))
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
	rs := rulesearch.NewTable(rulesearch.Config{Heads: 1}.Resolved(), 8, 2, 40, nil, nil, rand.New(rand.NewPCG(1, 1)))
	rs.Scores[0] = 1
	err := protect(func() error { rs.Refresh(1, nil); return nil })
	if err == nil || !strings.Contains(err.Error(), "nil *rand.Rand") {
		t.Errorf("Refresh(1, nil)\ngot  %v\nwant a panic naming the nil *rand.Rand", err)
	}
}
