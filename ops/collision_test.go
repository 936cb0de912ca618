// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	G "gorgonia.org/gorgonia"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/internal/nodehash"
)

// Gorgonia's AddNode merges a new node into an existing one of equal hash
// whose op hash, type, shape and number of children agree, without
// comparing children. Two inputs whose names collide make the second
// SoftmaxRows such a node: the builders must refuse it, not return the
// softmax of the first input.
func TestBuildersRefuseMergedNode(t *testing.T) {
	// Two names whose 2×3 float64 input nodes hash alike.
	const nameA, nameB = nodehash.CollidingA, nodehash.CollidingB
	act := activations.Func{Kind: activations.PolyClip, K: 4}
	tests := []struct {
		name  string
		build func(x *G.Node) (*G.Node, error)
	}{
		{"SoftmaxRows", SoftmaxRows},
		{"Activate", func(x *G.Node) (*G.Node, error) { return Activate(x, act) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := G.NewGraph()
			a := G.NewMatrix(g, G.Float64, G.WithShape(2, 3), G.WithName(nameA))
			b := G.NewMatrix(g, G.Float64, G.WithShape(2, 3), G.WithName(nameB))
			if a.Hashcode() != b.Hashcode() {
				t.Fatalf("%s and %s no longer collide: Gorgonia's node hash changed; find a new pair", nameA, nameB)
			}
			fa, err := tc.build(a)
			if err != nil {
				t.Fatal(err)
			}
			fb, err := tc.build(b)
			if !errors.Is(err, ErrHashCollision) || fb != nil {
				t.Errorf("second build = %v, %v; want nil, ErrHashCollision (Gorgonia returns the first node, %v)", fb, err, fa)
			}
		})
	}
}

// A merge can also happen while Grad builds the gradient, inside an op's
// SymDiff. Grad then returns a SymDiffError, which hides ErrHashCollision
// from errors.Is; GradError finds it again. The collision is forced: a
// softmaxRowsDiff node P over two inputs whose cached hashes are set to
// those of y = SoftmaxRows(x) and of y's gradient has the hash the
// softmax's own gradient node will have, so Gorgonia hands P back to
// SymDiff in its place.
func TestGradRefusesMergedNode(t *testing.T) {
	build := func(g *G.ExprGraph) (x, cost *G.Node) {
		x = G.NewMatrix(g, G.Float64, G.WithShape(4, 3), G.WithName("x"))
		target := G.NewMatrix(g, G.Float64, G.WithShape(4, 3), G.WithName("t"))
		y, err := SoftmaxRows(x)
		if err != nil {
			t.Fatal(err)
		}
		if cost, err = SoftmaxCrossEntropy(y, target, nil); err != nil {
			t.Fatal(err)
		}
		return x, cost
	}
	// The hashes of y and of its gradient, from the same graph built apart.
	scratch := G.NewGraph()
	x, cost := build(scratch)
	if _, err := G.Grad(cost, x); err != nil {
		t.Fatal(err)
	}
	var hy, hg uint32
	for _, n := range scratch.AllNodes() {
		switch {
		case n.Op() == nil:
		case n.Op().String() == "softmaxRows":
			hy = n.Hashcode()
		case strings.HasPrefix(n.Op().String(), "softmaxCEDiff"):
			hg = n.Hashcode()
		}
	}
	if hy == 0 || hg == 0 {
		t.Fatalf("no softmaxRows or softmaxCEDiff node in %v", scratch.AllNodes())
	}

	g := G.NewGraph()
	u := G.NewMatrix(g, G.Float64, G.WithShape(4, 3), G.WithName("u"))
	v := G.NewMatrix(g, G.Float64, G.WithShape(4, 3), G.WithName("v"))
	if err := errors.Join(nodehash.Set(u, hy), nodehash.Set(v, hg)); err != nil {
		t.Fatal(err)
	}
	if _, err := apply(&softmaxRowsDiffOp{}, u, v); err != nil {
		t.Fatal(err)
	}
	x, cost = build(g)
	_, err := G.Grad(cost, x)
	if err == nil {
		t.Fatal("Grad succeeded; want the forced merge refused")
	}
	t.Logf("Grad: %v", err)
	if errors.Is(err, ErrHashCollision) {
		t.Logf("errors.Is finds ErrHashCollision in Grad's error itself: GradError may be redundant")
	}
	if ge := GradError(err); !errors.Is(ge, ErrHashCollision) || ge.Error() != err.Error() {
		t.Errorf("GradError(%v) = %v; want the same message, unwrapping to ErrHashCollision", err, ge)
	}
}

func TestGradError(t *testing.T) {
	plain := errors.New("plain")
	wrapped := fmt.Errorf("a: %w", ErrShape)
	hidden := errors.New("gorgonia: .SymDiff() failed: " + ErrHashCollision.Error() + ": ...")
	tests := []struct {
		name string
		err  error
		want []error // found by errors.Is in the result
		same bool    // the result is err itself
	}{
		{"nil", nil, nil, true},
		{"no sentinel", plain, []error{plain}, true},
		{"already wrapped", wrapped, []error{ErrShape}, true},
		{"hidden in the message", hidden, []error{hidden, ErrHashCollision}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := GradError(tc.err)
			if tc.same && got != tc.err {
				t.Errorf("GradError(%v) = %v; want it unchanged", tc.err, got)
			}
			if tc.err != nil && got.Error() != tc.err.Error() {
				t.Errorf("message %q; want %q", got, tc.err)
			}
			for _, w := range tc.want {
				if !errors.Is(got, w) {
					t.Errorf("errors.Is(%v, %v) = false", got, w)
				}
			}
			if !tc.same && errors.Is(got, ErrShape) {
				t.Errorf("%v unwraps to ErrShape, which its message does not hold", got)
			}
		})
	}
}
