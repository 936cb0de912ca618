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

func TestSoftmaxCrossEntropyForward(t *testing.T) {
	t.Parallel()
	ln := math.Log
	for _, tt := range []struct {
		name    string
		logits  []float64
		target  []float64
		c       int
		weights []float64
		want    float64
	}{
		{
			// p[0] = (0.25, 0.75), p[1] = (2/3, 1/3)
			name:   "2 classes",
			logits: []float64{0, ln(3), ln(2), 0},
			target: []float64{0, 1, 1, 0},
			c:      2,
			want:   -(ln(0.75) + ln(2.0/3)) / 2,
		},
		{
			name:    "2 classes/weighted",
			logits:  []float64{0, ln(3), ln(2), 0},
			target:  []float64{0, 1, 1, 0},
			c:       2,
			weights: []float64{2, 1},
			want:    -(1*ln(0.75) + 2*ln(2.0/3)) / 2,
		},
		{
			name:   "3 classes/soft target",
			logits: []float64{0, 0, 0},
			target: []float64{0.5, 0.5, 0},
			c:      3,
			want:   ln(3),
		},
		{
			// log p = −1000 exactly; a naive log(softmax) gives +Inf.
			name:   "large logit",
			logits: []float64{1000, 0},
			target: []float64{0, 1},
			c:      2,
			want:   1000,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := len(tt.logits) / tt.c
			g := G.NewGraph()
			l := input(g, "logits", tt.logits, b, tt.c)
			y := input(g, "target", tt.target, b, tt.c)
			loss, err := SoftmaxCrossEntropy(l, y, tt.weights)
			if err != nil {
				t.Fatalf("SoftmaxCrossEntropy: %v", err)
			}
			if !loss.IsScalar() || len(loss.Shape()) != 0 {
				t.Errorf("loss node: got type %v shape %v; want a scalar", loss.Type(), loss.Shape())
			}
			got := runForward(t, loss)[0]
			if !near(got, tt.want, 1e-12) {
				t.Errorf("loss:\ngot  %.15g\nwant %.15g", got, tt.want)
			}
		})
	}
}

// oneHot returns b random one-hot rows of c classes.
func oneHot(rng *rand.Rand, b, c int) []float64 {
	t := make([]float64, b*c)
	for i := range b {
		t[i*c+rng.IntN(c)] = 1
	}
	return t
}

func TestSoftmaxCrossEntropyGrad(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		c       int
		weights []float64
		soft    bool    // soft targets instead of one-hot
		scale   float64 // if non-zero, cost = scale · loss
	}{
		{name: "2 classes", c: 2},
		{name: "2 classes/weighted", c: 2, weights: []float64{0.3, 1.7}},
		{name: "3 classes", c: 3},
		{name: "3 classes/weighted", c: 3, weights: []float64{1, 0.5, 2.5}},
		{name: "3 classes/weighted/soft", c: 3, weights: []float64{1, 0.5, 2.5}, soft: true},
		{name: "3 classes/scaled cost", c: 3, weights: []float64{1, 0.5, 2.5}, scale: 2.5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			const b = 5
			rng := rand.New(rand.NewPCG(1, 1))
			target := oneHot(rng, b, tt.c)
			if tt.soft {
				target = uniform(rng, b*tt.c, 0, 1)
			}
			g := G.NewGraph()
			l := input(g, "logits", uniform(rng, b*tt.c, -3, 3), b, tt.c)
			y := input(g, "target", target, b, tt.c)
			cost, err := SoftmaxCrossEntropy(l, y, tt.weights)
			if err != nil {
				t.Fatalf("SoftmaxCrossEntropy: %v", err)
			}
			if tt.scale != 0 {
				if cost, err = G.Mul(cost, G.NewConstant(tt.scale)); err != nil {
					t.Fatalf("Mul: %v", err)
				}
			}
			newGradChecker(t, cost, l).check(t)
		})
	}
}

func TestSoftmaxCrossEntropyErrors(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	l := input(g, "logits", make([]float64, 6), 3, 2)
	y := input(g, "target", make([]float64, 6), 3, 2)
	y3 := input(g, "target3", make([]float64, 9), 3, 3)
	v := input(g, "v", make([]float64, 3), 3)
	l32 := G.NewMatrix(g, G.Float32, G.WithShape(3, 2), G.WithName("l32"))
	for _, tt := range []struct {
		name      string
		logits, y *G.Node
		weights   []float64
		wantErr   error
	}{
		{name: "nil logits", y: y, wantErr: ErrNilNode},
		{name: "nil target", logits: l, wantErr: ErrNilNode},
		{name: "float32 logits", logits: l32, y: y, wantErr: ErrDtype},
		{name: "target vector", logits: l, y: v, wantErr: ErrShape},
		{name: "shape mismatch", logits: l, y: y3, wantErr: ErrShape},
		{name: "too many weights", logits: l, y: y, weights: []float64{1, 1, 1}, wantErr: ErrShape},
		{name: "empty weights", logits: l, y: y, weights: []float64{}, wantErr: ErrShape},
		{name: "negative weight", logits: l, y: y, weights: []float64{1, -1}, wantErr: ErrParam},
		{name: "NaN weight", logits: l, y: y, weights: []float64{1, math.NaN()}, wantErr: ErrParam},
		{name: "Inf weight", logits: l, y: y, weights: []float64{math.Inf(1), 1}, wantErr: ErrParam},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := SoftmaxCrossEntropy(tt.logits, tt.y, tt.weights); !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

func TestSoftmaxCrossEntropyDoErrors(t *testing.T) {
	t.Parallel()
	l := dense([]float64{1, 2, 3, 4}, 2, 2)
	y := dense([]float64{1, 0, 0, 1}, 2, 2)
	three := &softmaxCEOp{w: []float64{1, 2, 3}}
	for _, tt := range []struct {
		name    string
		op      G.Op
		inputs  []G.Value
		wantErr error
	}{
		{name: "arity", op: &softmaxCEOp{}, inputs: []G.Value{l}, wantErr: ErrArity},
		{name: "weights for 3 classes, 2 given", op: three, inputs: []G.Value{l, y}, wantErr: ErrShape},
		{name: "shape mismatch", op: &softmaxCEOp{}, inputs: []G.Value{l, dense([]float64{1, 0}, 1, 2)}, wantErr: ErrShape},
		{name: "empty batch", op: &softmaxCEOp{}, inputs: []G.Value{dense(nil, 0, 2), dense(nil, 0, 2)}, wantErr: ErrShape},
		{name: "float32 target", op: &softmaxCEOp{}, inputs: []G.Value{l, tensor.New(tensor.Of(tensor.Float32), tensor.WithShape(2, 2))}, wantErr: ErrDtype},
		{name: "diff/weights for 3 classes", op: &softmaxCEDiffOp{softmaxCEOp: three}, inputs: []G.Value{l, y, G.NewF64(1)}, wantErr: ErrShape},
		{name: "diff/grad not scalar", op: &softmaxCEDiffOp{softmaxCEOp: &softmaxCEOp{}}, inputs: []G.Value{l, y, l}, wantErr: ErrShape},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.op.Do(tt.inputs...); !errors.Is(err, tt.wantErr) {
				t.Errorf("error:\ngot  %v\nwant %v", err, tt.wantErr)
			}
		})
	}
}

func TestSoftmaxCrossEntropyHash(t *testing.T) {
	t.Parallel()
	g := G.NewGraph()
	l := input(g, "logits", []float64{1, 2, 3, 4}, 2, 2)
	y := input(g, "target", []float64{1, 0, 0, 1}, 2, 2)
	for _, tt := range []struct {
		name     string
		a, b     []float64
		wantSame bool
	}{
		{name: "different weights", a: []float64{1, 2}, b: []float64{1, 3}},
		{name: "nil vs weights", a: nil, b: []float64{1, 3}},
		{name: "equal weights", a: []float64{1, 2}, b: []float64{1, 2}, wantSame: true},
		{name: "both nil", wantSame: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			na, err := SoftmaxCrossEntropy(l, y, tt.a)
			if err != nil {
				t.Fatalf("SoftmaxCrossEntropy: %v", err)
			}
			nb, err := SoftmaxCrossEntropy(l, y, tt.b)
			if err != nil {
				t.Fatalf("SoftmaxCrossEntropy: %v", err)
			}
			if got := na == nb; got != tt.wantSame {
				t.Errorf("same node:\ngot  %v\nwant %v", got, tt.wantSame)
			}
		})
	}
}

func TestSoftmaxCrossEntropyNoMutation(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	l := dense(uniform(rng, 12, -3, 3), 4, 3)
	y := dense(oneHot(rng, 4, 3), 4, 3)
	op := &softmaxCEOp{w: []float64{1, 2, 0.5}}
	noMutation(t, op, l, y)
	noMutation(t, &softmaxCEDiffOp{softmaxCEOp: op}, l, y, G.NewF64(0.7))
}
