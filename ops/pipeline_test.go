// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	G "gorgonia.org/gorgonia"
)

// TestPipelineGrad checks the ops composed the way the model uses them:
// X → CombAct → LinAttInput (attention a) → ·W → PolyClip → ·V →
// SoftmaxCrossEntropy, with gradients through Gorgonia's own MatMul into M,
// a, W and V.
func TestPipelineGrad(t *testing.T) {
	t.Parallel()
	const b, d, h, classes = 4, 6, 3, 3
	rng := rand.New(rand.NewPCG(1, 1))
	c := combActCase{order: 2, b: b, d: d, r: 5, act: polyClip1, inactive: []int{4}, mScale: 1.5}
	xv, mv, idx, active := c.draw(t, rng)
	comb, err := NewCombAct(c.order, c.r, c.act, false)
	if err != nil {
		t.Fatalf("NewCombAct: %v", err)
	}
	if err := comb.SetRules(idx); err != nil {
		t.Fatalf("SetRules: %v", err)
	}
	if err := comb.SetActive(active); err != nil {
		t.Fatalf("SetActive: %v", err)
	}

	g := G.NewGraph()
	x := input(g, "X", xv, b, d)
	m := input(g, "M", mv, c.order, c.r)
	a := input(g, "a", uniform(rng, c.r, -1, 1), 1, c.r)
	w := input(g, "W", uniform(rng, 2*c.r*h, -1, 1), 2*c.r, h)
	v := input(g, "V", uniform(rng, h*classes, -1, 1), h, classes)
	y := input(g, "target", oneHot(rng, b, classes), b, classes)
	must := func(n *G.Node, err error) *G.Node {
		t.Helper()
		if err != nil {
			t.Fatalf("building the graph: %v", err)
		}
		return n
	}
	f := must(comb.Apply(x, m))
	unit := must(LinAttInput(f, a, 1e-6, 0.5))
	hidden := must(PolyClip(must(G.Mul(unit, w)), 1))
	logits := must(G.Mul(hidden, v))
	loss := must(SoftmaxCrossEntropy(logits, y, []float64{1, 2, 0.5}))
	newGradChecker(t, loss, m, a, w, v).check(t)
}

// RunError must expose the op's sentinel inside a TapeMachine error, and
// leave other errors alone.
func TestRunError(t *testing.T) {
	t.Parallel()
	plain := fmt.Errorf("wrapped: %w", ErrIndex)
	for _, tt := range []struct {
		name string
		err  error
		want error
	}{
		{name: "nil", err: nil, want: nil},
		{name: "plain", err: plain, want: plain},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := RunError(tt.err); got != tt.want {
				t.Errorf("RunError:\ngot  %v\nwant %v", got, tt.want)
			}
			if tt.err != nil && !errors.Is(RunError(tt.err), ErrIndex) {
				t.Errorf("errors.Is(RunError(%v), ErrIndex) is false", tt.err)
			}
		})
	}

	// The TapeMachine case: a rule index beyond X's width is found when the
	// op runs, and the machine hides the sentinel behind its own type.
	t.Run("tape machine", func(t *testing.T) {
		comb, err := NewCombAct(2, 3, polyClip1, false)
		if err != nil {
			t.Fatal(err)
		}
		g := G.NewGraph()
		x := input(g, "X", make([]float64, 2*4), 2, 4)
		m := input(g, "M", make([]float64, 2*3), 2, 3)
		f, err := comb.Apply(x, m)
		if err != nil {
			t.Fatal(err)
		}
		if err := comb.SetRules([]int{0, 1, 2, 3, 1, 9}); err != nil { // 9 >= D = 4
			t.Fatal(err)
		}
		vm := G.NewTapeMachine(g)
		defer vm.Close()
		runErr := vm.RunAll()
		if runErr == nil {
			t.Fatalf("RunAll with rule index 9 of 4 columns gave no error (output %v)", f.Value())
		}
		if errors.Is(runErr, ErrIndex) {
			t.Logf("the machine's error already unwraps to ErrIndex: %v", runErr)
		}
		if !errors.Is(RunError(runErr), ErrIndex) {
			t.Errorf("errors.Is(RunError(err), ErrIndex) is false for %v (%T)", runErr, runErr)
		}
	})
}
