// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/hornets-go/hornets/model/rulesearch"
)

// Every exported method of a nil *List and a nil *Scorer gives its
// documented zero result instead of panicking with a nil dereference (all
// but Clone and Check did): a nil list decides class 0 by rule -1, renders
// as "", records no evidence and drops nothing, and Check reports ErrTable;
// a nil scorer adds nothing and stores nothing. Reflection makes sure no
// exported method is left out.
func TestNilReceivers(t *testing.T) {
	t.Parallel()
	var (
		l *rulesearch.List
		s *rulesearch.Scorer
	)
	x, pred, y := []float64{1, 0, 0, 1}, []int{0, 1}, []int{0, 0}
	rs := &rulesearch.Table{Scores: []float64{7}, MeanAttention: []float64{8}}
	covered := map[string]bool{}
	for _, tt := range []struct {
		typ, method string
		call        func() error
	}{
		{"List", "Decide", func() error {
			class, rule := l.Decide([]float64{1, 0})
			return wantEqual([2]int{class, rule}, [2]int{0, -1})
		}},
		{"List", "Evaluate", func() error { l.Evaluate(x, 2, 2, pred, y); return nil }},
		{"List", "DropContradicted", func() error { l.DropContradicted(x, 2, 2, pred, y); return nil }},
		{"List", "String", func() error { return wantEqual(l.String(), "") }},
		{"List", "Text", func() error { return wantEqual(l.Text([]string{"no", "yes"}, nil), "") }},
		{"List", "Clone", func() error {
			if c := l.Clone(); c != nil {
				return fmt.Errorf("Clone: got %v, want nil", c)
			}
			return nil
		}},
		{"List", "Check", func() error {
			if err := l.Check(2, 2); !errors.Is(err, rulesearch.ErrTable) {
				return fmt.Errorf("Check: %v, want ErrTable", err)
			}
			return nil
		}},
		{"Scorer", "Add", func() error { s.Add([]float64{0.5, 0.25}, 2); return nil }},
		{"Scorer", "Store", func() error {
			s.Store(rs)
			s.Store(nil)
			return wantEqual([]float64{rs.Scores[0], rs.MeanAttention[0]}, []float64{7, 8})
		}},
	} {
		covered[tt.typ+"."+tt.method] = true
		t.Run(tt.typ+"/"+tt.method, func(t *testing.T) {
			if err := protect(tt.call); err != nil {
				t.Error(err)
			}
		})
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[*rulesearch.List](), reflect.TypeFor[*rulesearch.Scorer]()} {
		for i := range typ.NumMethod() {
			if m := typ.Elem().Name() + "." + typ.Method(i).Name; !covered[m] {
				t.Errorf("%s is not covered by the nil-receiver test", m)
			}
		}
	}
}
