// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"math/rand/v2"
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

func TestAffineForward(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	a := input(g, "a", []float64{
		1, 2, 3,
		-1, 0, 0.5,
	}, 2, 3)
	w := input(g, "w", []float64{
		1, 0,
		0, 1,
		2, -1,
	}, 3, 2)
	b := input(g, "b", []float64{0.5, -2}, 1, 2)
	y, err := Affine(a, w, b)
	if err != nil {
		t.Fatalf("Affine: %v", err)
	}
	got := runForward(t, y)
	want := []float64{
		1 + 6 + 0.5, 2 - 3 - 2,
		-1 + 1 + 0.5, 0 - 0.5 - 2,
	}
	if i, ok := allNear(got, want, 1e-15); !ok {
		t.Errorf("element %d:\ngot  %v\nwant %v", i, got, want)
	}
}

func TestAffineGrad(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		b, k, c int
	}{
		{name: "CatInt-like", b: 4, k: 7, c: 2},
		{name: "3 classes", b: 3, k: 5, c: 3},
		{name: "one row", b: 1, k: 4, c: 2},
		{name: "one input", b: 3, k: 1, c: 2},
		{name: "one class", b: 3, k: 4, c: 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 1))
			g := G.NewGraph()
			a := input(g, "a", uniform(rng, tt.b*tt.k, -1, 1), tt.b, tt.k)
			w := input(g, "w", uniform(rng, tt.k*tt.c, -1, 1), tt.k, tt.c)
			b := input(g, "b", uniform(rng, tt.c, -1, 1), 1, tt.c)
			y, err := Affine(a, w, b)
			if err != nil {
				t.Fatalf("Affine: %v", err)
			}
			newGradChecker(t, weightedSum(t, rng, y), a, w, b).check(t)
		})
	}
}

// The affine op feeding the cross-entropy and a masked softmax, as in
// CatInt, with gradients through all three ops.
func TestAffinePipelineGrad(t *testing.T) {
	t.Parallel()
	const nb, r, c = 5, 6, 2
	rng := rand.New(rand.NewPCG(1, 1))
	mask := make([]float64, nb*r)
	for i := range mask {
		if rng.IntN(4) != 0 {
			mask[i] = 1 / 0.75
		}
	}
	g := G.NewGraph()
	f := input(g, "F", uniform(rng, nb*r, -1, 1), nb, r)
	m := input(g, "mask", mask, nb, r)
	w := input(g, "W", uniform(rng, r*c, -1, 1), r, c)
	b := input(g, "b", uniform(rng, c, -1, 1), 1, c)
	y := input(g, "Y", oneHot(rng, nb, c), nb, c)
	att, err := MaskedSoftmaxRows(f, m)
	if err != nil {
		t.Fatalf("MaskedSoftmaxRows: %v", err)
	}
	logits, err := Affine(att, w, b)
	if err != nil {
		t.Fatalf("Affine: %v", err)
	}
	loss, err := SoftmaxCrossEntropy(logits, y, []float64{1, 2.5})
	if err != nil {
		t.Fatalf("SoftmaxCrossEntropy: %v", err)
	}
	newGradChecker(t, loss, f, w, b).check(t)
}

func TestAffineErrors(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	a := input(g, "a", make([]float64, 6), 2, 3)
	w := input(g, "w", make([]float64, 6), 3, 2)
	b := input(g, "b", make([]float64, 2), 1, 2)
	b2 := input(g, "b2", make([]float64, 4), 2, 2)
	v := input(g, "v", make([]float64, 2), 2)
	w32 := G.NewMatrix(g, G.Float32, G.WithShape(3, 2), G.WithName("w32"))
	for _, tt := range []struct {
		name    string
		a, w, b *G.Node
		wantErr error
	}{
		{name: "nil a", w: w, b: b, wantErr: ErrNilNode},
		{name: "nil b", a: a, w: w, wantErr: ErrNilNode},
		{name: "float32 w", a: a, w: w32, b: b, wantErr: ErrDtype},
		{name: "vector b", a: a, w: w, b: v, wantErr: ErrShape},
		{name: "b with two rows", a: a, w: w, b: b2, wantErr: ErrShape},
		{name: "inner sizes", a: a, w: a, b: b, wantErr: ErrShape},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Affine(tt.a, tt.w, tt.b); !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

func TestAffineDoErrors(t *testing.T) {
	t.Parallel()
	a := dense(make([]float64, 6), 2, 3)
	w := dense(make([]float64, 6), 3, 2)
	b := dense(make([]float64, 2), 1, 2)
	grad := dense(make([]float64, 4), 2, 2)
	for _, tt := range []struct {
		name    string
		op      G.Op
		inputs  []G.Value
		wantErr error
	}{
		{name: "arity", op: &affineOp{}, inputs: []G.Value{a, w}, wantErr: ErrArity},
		{name: "inner sizes", op: &affineOp{}, inputs: []G.Value{a, a, b}, wantErr: ErrShape},
		{name: "bias shape", op: &affineOp{}, inputs: []G.Value{a, w, grad}, wantErr: ErrShape},
		{name: "float32", op: &affineOp{}, inputs: []G.Value{a, w, tensor.New(tensor.Of(tensor.Float32), tensor.WithShape(1, 2))}, wantErr: ErrDtype},
		{name: "diff a/arity", op: &affineDiffOp{wrt: affineWrtA}, inputs: []G.Value{grad}, wantErr: ErrArity},
		{name: "diff a/shapes", op: &affineDiffOp{wrt: affineWrtA}, inputs: []G.Value{a, grad}, wantErr: ErrShape},
		{name: "diff w/shapes", op: &affineDiffOp{wrt: affineWrtW}, inputs: []G.Value{w, grad}, wantErr: ErrShape},
		{name: "diff b/arity", op: &affineDiffOp{wrt: affineWrtB}, inputs: []G.Value{a, grad}, wantErr: ErrArity},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.op.Do(tt.inputs...); !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

// The three gradient ops differ in hash and name; the forward op has no
// parameter.
func TestAffineHash(t *testing.T) {
	t.Parallel()
	ops := []*affineDiffOp{{wrt: affineWrtA}, {wrt: affineWrtW}, {wrt: affineWrtB}}
	for i, a := range ops {
		for _, b := range ops[i+1:] {
			if a.Hashcode() == b.Hashcode() || a.String() == b.String() {
				t.Errorf("%v and %v hash or print alike", a, b)
			}
		}
	}
	if (&affineOp{}).Hashcode() == ops[0].Hashcode() {
		t.Errorf("affine and its gradient hash alike")
	}
}

func TestAffineNoMutation(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	a := dense(uniform(rng, 12, -1, 1), 4, 3)
	w := dense(uniform(rng, 6, -1, 1), 3, 2)
	b := dense(uniform(rng, 2, -1, 1), 1, 2)
	g := dense(uniform(rng, 8, -1, 1), 4, 2)
	noMutation(t, &affineOp{}, a, w, b)
	noMutation(t, &affineDiffOp{wrt: affineWrtA}, w, g)
	noMutation(t, &affineDiffOp{wrt: affineWrtW}, a, g)
	noMutation(t, &affineDiffOp{wrt: affineWrtB}, g)
}
