// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
)

func TestSoftmaxRowsForward(t *testing.T) {
	t.Parallel()
	// Row 0 holds a logit far above the others: Gorgonia's SoftMax starts
	// every row's max from it and returns NaN for row 1.
	e := math.E
	g := G.NewGraph()
	x := input(g, "x", []float64{
		1000, 0,
		0, 1,
		0, math.Log(3),
	}, 3, 2)
	y, err := SoftmaxRows(x)
	if err != nil {
		t.Fatalf("SoftmaxRows: %v", err)
	}
	got := runForward(t, y)
	want := []float64{
		1, 0,
		1 / (1 + e), e / (1 + e),
		0.25, 0.75,
	}
	if i, ok := allNear(got, want, 1e-12); !ok {
		t.Errorf("element %d:\ngot  %v\nwant %v", i, got, want)
	}
}

func TestSoftmaxRowsGrad(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		b, c   int
		spread float64 // logits ~ U(-spread, spread)
	}{
		{name: "2 classes", b: 4, c: 2, spread: 3},
		{name: "5 classes", b: 3, c: 5, spread: 3},
		{name: "large logits", b: 3, c: 4, spread: 40},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 1))
			g := G.NewGraph()
			x := input(g, "x", uniform(rng, tt.b*tt.c, -tt.spread, tt.spread), tt.b, tt.c)
			y, err := SoftmaxRows(x)
			if err != nil {
				t.Fatalf("SoftmaxRows: %v", err)
			}
			newGradChecker(t, weightedSum(t, rng, y), x).check(t)
		})
	}
}

func TestSoftmaxRowsErrors(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	v := input(g, "v", []float64{1, 2}, 2)
	x32 := G.NewMatrix(g, G.Float32, G.WithShape(2, 2), G.WithName("x32"))
	for _, tt := range []struct {
		name    string
		x       *G.Node
		wantErr error
	}{
		{name: "nil", wantErr: ErrNilNode},
		{name: "vector", x: v, wantErr: ErrShape},
		{name: "float32", x: x32, wantErr: ErrDtype},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := SoftmaxRows(tt.x); !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

func TestSoftmaxRowsDoErrors(t *testing.T) {
	t.Parallel()
	x := dense([]float64{1, 2, 3, 4}, 2, 2)
	for _, tt := range []struct {
		name    string
		op      G.Op
		inputs  []G.Value
		wantErr error
	}{
		{name: "arity", op: &softmaxRowsOp{}, wantErr: ErrArity},
		{name: "rank 3", op: &softmaxRowsOp{}, inputs: []G.Value{dense(make([]float64, 8), 2, 2, 2)}, wantErr: ErrShape},
		{name: "float32", op: &softmaxRowsOp{}, inputs: []G.Value{tensor.New(tensor.Of(tensor.Float32), tensor.WithShape(2, 2))}, wantErr: ErrDtype},
		{name: "diff/grad shape", op: &softmaxRowsDiffOp{}, inputs: []G.Value{x, dense([]float64{1, 2}, 1, 2)}, wantErr: ErrShape},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.op.Do(tt.inputs...); !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

func TestSoftmaxRowsNoMutation(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	x := dense(uniform(rng, 12, -3, 3), 3, 4)
	g := dense(uniform(rng, 12, -1, 1), 3, 4)
	noMutation(t, &softmaxRowsOp{}, x)
	noMutation(t, &softmaxRowsDiffOp{}, x, g)
}

func TestMaskedSoftmaxRowsForward(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	x := input(g, "x", []float64{
		1, 2, 3,
		5, 5, 5,
	}, 2, 3)
	mask := input(g, "mask", []float64{
		2, 0, 0.5,
		0, 0, 0,
	}, 2, 3)
	y, err := MaskedSoftmaxRows(x, mask)
	if err != nil {
		t.Fatalf("MaskedSoftmaxRows: %v", err)
	}
	got := runForward(t, y)
	want := make([]float64, 6)
	activations.Softmax(want[:3], []float64{2, 0, 1.5})
	want[3], want[4], want[5] = 1.0/3, 1.0/3, 1.0/3
	if i, ok := allNear(got, want, 1e-15); !ok {
		t.Errorf("element %d:\ngot  %v\nwant %v", i, got, want)
	}
}

func TestMaskedSoftmaxRowsGrad(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		b, c int
		keep float64 // probability of a non-zero mask entry
	}{
		{name: "dropout 0.25", b: 4, c: 5, keep: 0.75},
		{name: "no dropout", b: 3, c: 4, keep: 1},
		{name: "mostly dropped", b: 4, c: 3, keep: 0.2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 1))
			mask := make([]float64, tt.b*tt.c)
			for i := range mask {
				if rng.Float64() < tt.keep {
					mask[i] = 1 / tt.keep
				}
			}
			clear(mask[:tt.c]) // a fully dropped row
			g := G.NewGraph()
			x := input(g, "x", uniform(rng, tt.b*tt.c, -3, 3), tt.b, tt.c)
			m := input(g, "mask", mask, tt.b, tt.c)
			y, err := MaskedSoftmaxRows(x, m)
			if err != nil {
				t.Fatalf("MaskedSoftmaxRows: %v", err)
			}
			newGradChecker(t, weightedSum(t, rng, y), x).check(t)
		})
	}
}

func TestMaskedSoftmaxRowsErrors(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	x := input(g, "x", make([]float64, 4), 2, 2)
	m := input(g, "m", make([]float64, 6), 2, 3)
	if _, err := MaskedSoftmaxRows(x, m); !errors.Is(err, ErrShape) {
		t.Errorf("shape mismatch:\ngot  %v\nwant %v", err, ErrShape)
	}
	if _, err := MaskedSoftmaxRows(x, nil); !errors.Is(err, ErrNilNode) {
		t.Errorf("nil mask:\ngot  %v\nwant %v", err, ErrNilNode)
	}
	xs := dense(make([]float64, 4), 2, 2)
	ms := dense(make([]float64, 6), 2, 3)
	if _, err := (&softmaxRowsOp{masked: true}).Do(xs, ms); !errors.Is(err, ErrShape) {
		t.Errorf("Do, shape mismatch:\ngot  %v\nwant %v", err, ErrShape)
	}
	if _, err := (&softmaxRowsOp{masked: true}).Do(xs); !errors.Is(err, ErrArity) {
		t.Errorf("Do, no mask:\ngot  %v\nwant %v", err, ErrArity)
	}
	if _, err := (&softmaxRowsDiffOp{masked: true}).Do(xs, ms, xs); !errors.Is(err, ErrShape) {
		t.Errorf("diff Do, shape mismatch:\ngot  %v\nwant %v", err, ErrShape)
	}
}

// The masked and plain softmaxes, and their gradients, never hash or print
// alike.
func TestSoftmaxRowsHash(t *testing.T) {
	t.Parallel()
	for _, pair := range [][2]G.Op{
		{&softmaxRowsOp{}, &softmaxRowsOp{masked: true}},
		{&softmaxRowsDiffOp{}, &softmaxRowsDiffOp{masked: true}},
		{&softmaxRowsOp{masked: true}, &softmaxRowsDiffOp{masked: true}},
	} {
		a, b := pair[0], pair[1]
		if a.Hashcode() == b.Hashcode() || a.String() == b.String() {
			t.Errorf("%v and %v hash or print alike", a, b)
		}
	}
}

func TestMaskedSoftmaxRowsNoMutation(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	x := dense(uniform(rng, 12, -3, 3), 3, 4)
	m := dense(uniform(rng, 12, 0, 2), 3, 4)
	g := dense(uniform(rng, 12, -1, 1), 3, 4)
	noMutation(t, &softmaxRowsOp{masked: true}, x, m)
	noMutation(t, &softmaxRowsDiffOp{masked: true}, x, m, g)
}
