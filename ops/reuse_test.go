// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// reuseCase is one op of the package with valid inputs. newOp returns a
// fresh instance, ready to run (a CombAct gradient's forward op has run).
type reuseCase struct {
	name   string
	newOp  func(t *testing.T) G.Op
	inputs []G.Value
}

func reuseCases(t *testing.T) []reuseCase {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 1))
	const b, d, r, o, c = 4, 7, 5, 2, 3
	x := dense(uniform(rng, b*d, -1, 1), b, d)
	m := dense(uniform(rng, o*r, -1.5, 1.5), o, r)
	gr := dense(uniform(rng, b*r, -1, 1), b, r)
	mask := dense(uniform(rng, b*r, 0, 2), b, r)
	a := dense(uniform(rng, b*r, 0, 1), b, r)
	w := dense(uniform(rng, r*c, -1, 1), r, c)
	bias := dense(uniform(rng, c, -1, 1), 1, c)
	gc := dense(uniform(rng, b*c, -1, 1), b, c)
	y := dense(oneHot(rng, b, c), b, c)
	att := dense(uniform(rng, d, -1, 1), 1, d)
	g2 := dense(uniform(rng, b*2*d, -1, 1), b, 2*d)
	comb, err := NewCombAct(o, r, polyClip1, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := comb.SetRules(randomRules(rng, r, o, d)); err != nil {
		t.Fatal(err)
	}
	if err := comb.SetActive([]bool{true, true, false, true, true}); err != nil {
		t.Fatal(err)
	}
	combDiff := func(wrtX bool) func(t *testing.T) G.Op {
		return func(t *testing.T) G.Op {
			fwd := &combActOp{c: comb}
			if _, err := fwd.Do(x, m); err != nil {
				t.Fatal(err)
			}
			return &combActDiffOp{fwd: fwd, wrtX: wrtX}
		}
	}
	op := func(f func() G.Op) func(*testing.T) G.Op { return func(*testing.T) G.Op { return f() } }
	return []reuseCase{
		{"combAct", op(func() G.Op { return &combActOp{c: comb} }), []G.Value{x, m}},
		{"combActDiff/M", combDiff(false), []G.Value{x, m, gr}},
		{"combActDiff/X", combDiff(true), []G.Value{x, m, gr}},
		{"softmaxRows", op(func() G.Op { return &softmaxRowsOp{} }), []G.Value{gr}},
		{"softmaxRows/masked", op(func() G.Op { return &softmaxRowsOp{masked: true} }), []G.Value{gr, mask}},
		{"softmaxRowsDiff", op(func() G.Op { return &softmaxRowsDiffOp{} }), []G.Value{a, gr}},
		{"softmaxRowsDiff/masked", op(func() G.Op { return &softmaxRowsDiffOp{masked: true} }), []G.Value{a, mask, gr}},
		{"affine", op(func() G.Op { return &affineOp{} }), []G.Value{a, w, bias}},
		{"affineDiff/a", op(func() G.Op { return &affineDiffOp{wrt: affineWrtA} }), []G.Value{w, gc}},
		{"affineDiff/w", op(func() G.Op { return &affineDiffOp{wrt: affineWrtW} }), []G.Value{a, gc}},
		{"affineDiff/b", op(func() G.Op { return &affineDiffOp{wrt: affineWrtB} }), []G.Value{gc}},
		{"softmaxCE", op(func() G.Op { return &softmaxCEOp{w: []float64{1, 2, 0.5}} }), []G.Value{gc, y}},
		{"softmaxCEDiff", op(func() G.Op { return &softmaxCEDiffOp{softmaxCEOp: &softmaxCEOp{w: []float64{1, 2, 0.5}}} }), []G.Value{gc, y, G.NewF64(0.7)}},
		{"activate", op(func() G.Op { return &activateOp{f: polyClip1} }), []G.Value{x}},
		{"activate/scalar", op(func() G.Op { return &activateOp{f: polyClip1} }), []G.Value{G.NewF64(0.5)}},
		{"activateDiff", op(func() G.Op { return &activateDiffOp{f: polyClip1} }), []G.Value{x, x}},
		{"linAttInput", op(func() G.Op { return &linAttInputOp{eps: 1e-12, s: 0.3} }), []G.Value{x, att}},
		{"linAttInputDiff/x", op(func() G.Op { return &linAttInputDiffOp{eps: 1e-12, s: 0.3} }), []G.Value{x, att, g2}},
		{"linAttInputDiff/att", op(func() G.Op { return &linAttInputDiffOp{eps: 1e-12, s: 0.3, wrtAtt: true} }), []G.Value{x, att, g2}},
	}
}

// values copies a value's elements.
func values(t *testing.T, v G.Value) []float64 { return slices.Clone(float64s(t, v)) }

// Every op reuses its output: a second Do returns the same value with the
// same (correct) elements as a fresh instance, and allocates nothing.
func TestOpsReuseOutput(t *testing.T) {
	for _, tt := range reuseCases(t) {
		t.Run(tt.name, func(t *testing.T) {
			op := tt.newOp(t)
			v1, err := op.Do(tt.inputs...)
			if err != nil {
				t.Fatalf("Do: %v", err)
			}
			want := values(t, v1)
			v2, err := op.Do(tt.inputs...)
			if err != nil {
				t.Fatalf("second Do: %v", err)
			}
			if v1 != v2 {
				t.Errorf("second Do returned a new value")
			}
			if got := values(t, v2); !slices.Equal(got, want) {
				t.Errorf("second Do:\ngot  %v\nwant %v", got, want)
			}
			fresh, err := tt.newOp(t).Do(tt.inputs...)
			if err != nil {
				t.Fatalf("fresh Do: %v", err)
			}
			if got := values(t, fresh); !slices.Equal(got, want) {
				t.Errorf("fresh instance:\ngot  %v\nwant %v", got, want)
			}
			allocs := testing.AllocsPerRun(20, func() {
				if _, err := op.Do(tt.inputs...); err != nil {
					t.Fatal(err)
				}
			})
			if allocs != 0 {
				t.Errorf("Do: %v allocations per call; want 0", allocs)
			}
		})
	}
}

// UsePreallocDo overwrites every element of a preallocated output of the
// right shape and returns it, and refuses one of another shape.
func TestOpsUsePreallocDo(t *testing.T) {
	for _, tt := range reuseCases(t) {
		t.Run(tt.name, func(t *testing.T) {
			op := tt.newOp(t)
			v, err := op.Do(tt.inputs...)
			if err != nil {
				t.Fatalf("Do: %v", err)
			}
			want := values(t, v)
			pd, ok := op.(G.UsePreallocDoer)
			if !ok {
				t.Fatalf("%v does not implement UsePreallocDoer", op)
			}
			var p, bad G.Value
			if _, scalar := v.(*G.F64); scalar {
				p, bad = G.NewF64(math.NaN()), dense([]float64{0, 0}, 1, 2)
			} else {
				s := v.(*tensor.Dense).Shape()
				nan := make([]float64, s.TotalSize())
				for i := range nan {
					nan[i] = math.NaN()
				}
				p = dense(nan, s...)
				bad = dense(make([]float64, s.TotalSize()+1), s.TotalSize()+1)
			}
			got, err := pd.UsePreallocDo(p, tt.inputs...)
			if err != nil {
				t.Fatalf("UsePreallocDo: %v", err)
			}
			if got != p {
				t.Errorf("UsePreallocDo did not return the preallocated value")
			}
			if g := values(t, got); !slices.Equal(g, want) {
				t.Errorf("UsePreallocDo:\ngot  %v\nwant %v", g, want)
			}
			if _, err := pd.UsePreallocDo(bad, tt.inputs...); !errors.Is(err, ErrShape) {
				t.Errorf("wrong shape:\ngot  %v\nwant %v", err, ErrShape)
			}
		})
	}
}

// The CombAct gradient reads the forward pass's z, and recomputes it when
// the rules, the activity mask or the inputs changed since.
func TestCombActCachedZ(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	const b, d, r, o = 3, 6, 4, 2
	comb, err := NewCombAct(o, r, polyClip1, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := comb.SetRules(randomRules(rng, r, o, d)); err != nil {
		t.Fatal(err)
	}
	x := dense(uniform(rng, b*d, -1, 1), b, d)
	x2 := dense(uniform(rng, b*d, -1, 1), b, d)
	m := dense(uniform(rng, o*r, -1.5, 1.5), o, r)
	g := dense(uniform(rng, b*r, -1, 1), b, r)
	// reference: a fresh forward op, so the gradient computes its own z.
	reference := func(x G.Value) []float64 {
		v, err := (&combActDiffOp{fwd: &combActOp{c: comb}}).Do(x, m, g)
		if err != nil {
			t.Fatal(err)
		}
		return values(t, v)
	}
	fwd := &combActOp{c: comb}
	diff := &combActDiffOp{fwd: fwd}
	check := func(what string, x G.Value) {
		t.Helper()
		v, err := diff.Do(x, m, g)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := values(t, v), reference(x); !slices.Equal(got, want) {
			t.Errorf("%s:\ngot  %v\nwant %v", what, got, want)
		}
	}
	if _, err := fwd.Do(x, m); err != nil {
		t.Fatal(err)
	}
	check("after forward", x)
	if err := comb.SetActive([]bool{true, false, true, false}); err != nil {
		t.Fatal(err)
	}
	check("after SetActive", x)
	if err := comb.SetRules(randomRules(rng, r, o, d)); err != nil {
		t.Fatal(err)
	}
	check("after SetRules", x)
	if _, err := fwd.Do(x, m); err != nil {
		t.Fatal(err)
	}
	check("other X", x2)
}
