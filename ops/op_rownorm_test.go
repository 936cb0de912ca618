// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

func TestRowL2NormalizeForward(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	x := input(g, "x", []float64{
		3, 4,
		0, 0,
		1e-13, 0,
		-1, 0,
	}, 4, 2)
	y, err := RowL2Normalize(x, 1e-12)
	if err != nil {
		t.Fatalf("RowL2Normalize: %v", err)
	}
	got := runForward(t, y)
	want := []float64{
		0.6, 0.8,
		0, 0,
		0.1, 0, // norm below eps: divided by eps
		-1, 0,
	}
	if i, ok := allNear(got, want, 1e-12); !ok {
		t.Errorf("element %d:\ngot  %v\nwant %v", i, got, want)
	}
}

func TestRowL2NormalizeGrad(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		eps   float64
		small map[int]float64 // row → norm to scale it to
	}{
		{name: "normal rows", eps: 1e-12},
		{name: "rows below eps", eps: 0.5, small: map[int]float64{1: 0.2, 3: 0}},
		{name: "row just above eps", eps: 0.5, small: map[int]float64{2: 0.5001}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			const b, d = 4, 5
			rng := rand.New(rand.NewPCG(1, 1))
			xv := uniform(rng, b*d, -1, 1)
			for i := range b {
				row := xv[i*d : i*d+d]
				var n float64
				for _, v := range row {
					n += v * v
				}
				n = math.Sqrt(n)
				target, ok := tt.small[i]
				if !ok {
					if n < tt.eps+1e-3 {
						t.Fatalf("row %d has norm %v, too close to eps %v", i, n, tt.eps)
					}
					continue
				}
				for j := range row {
					row[j] *= target / n
				}
			}
			g := G.NewGraph()
			x := input(g, "x", xv, b, d)
			y, err := RowL2Normalize(x, tt.eps)
			if err != nil {
				t.Fatalf("RowL2Normalize: %v", err)
			}
			newGradChecker(t, weightedSum(t, rng, y), x).check(t)
		})
	}
}

func TestRowL2NormalizeErrors(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	x := input(g, "x", []float64{1, 2, 3, 4}, 2, 2)
	v := input(g, "v", []float64{1, 2}, 2)
	x32 := G.NewMatrix(g, G.Float32, G.WithShape(2, 2), G.WithName("x32"))
	for _, tt := range []struct {
		name    string
		x       *G.Node
		eps     float64
		wantErr error
	}{
		{name: "eps 0", x: x, eps: 0, wantErr: ErrParam},
		{name: "eps negative", x: x, eps: -1e-12, wantErr: ErrParam},
		{name: "eps NaN", x: x, eps: math.NaN(), wantErr: ErrParam},
		{name: "eps +Inf", x: x, eps: math.Inf(1), wantErr: ErrParam},
		{name: "nil", eps: 1e-12, wantErr: ErrNilNode},
		{name: "vector", x: v, eps: 1e-12, wantErr: ErrShape},
		{name: "float32", x: x32, eps: 1e-12, wantErr: ErrDtype},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := RowL2Normalize(tt.x, tt.eps); !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

func TestRowL2NormalizeDoErrors(t *testing.T) {
	t.Parallel()
	op := &rowNormOp{eps: 1e-12}
	x := dense([]float64{1, 2, 3, 4}, 2, 2)
	for _, tt := range []struct {
		name    string
		op      G.Op
		inputs  []G.Value
		wantErr error
	}{
		{name: "arity", op: op, inputs: []G.Value{x, x}, wantErr: ErrArity},
		{name: "vector", op: op, inputs: []G.Value{dense([]float64{1, 2}, 2)}, wantErr: ErrShape},
		{name: "float32", op: op, inputs: []G.Value{tensor.New(tensor.Of(tensor.Float32), tensor.WithShape(2, 2))}, wantErr: ErrDtype},
		{name: "diff/grad shape", op: &rowNormDiffOp{eps: op.eps}, inputs: []G.Value{x, dense([]float64{1, 2}, 1, 2)}, wantErr: ErrShape},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.op.Do(tt.inputs...); !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

func TestRowL2NormalizeHash(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	x := input(g, "x", []float64{1, 2, 3, 4}, 2, 2)
	a, err := RowL2Normalize(x, 1e-12)
	if err != nil {
		t.Fatalf("RowL2Normalize: %v", err)
	}
	b, err := RowL2Normalize(x, 1e-6)
	if err != nil {
		t.Fatalf("RowL2Normalize: %v", err)
	}
	if a == b {
		t.Errorf("eps=1e-12 and eps=1e-6 were merged into one node")
	}
}

func TestRowL2NormalizeNoMutation(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	x := dense(uniform(rng, 12, -1, 1), 3, 4)
	g := dense(uniform(rng, 12, -1, 1), 3, 4)
	op := &rowNormOp{eps: 1e-12}
	noMutation(t, op, x)
	noMutation(t, &rowNormDiffOp{eps: op.eps}, x, g)
}
