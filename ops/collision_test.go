// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"testing"

	G "gorgonia.org/gorgonia"

	"github.com/hornets-go/hornets/activations"
)

// Gorgonia's AddNode merges a new node into an existing one of equal hash
// whose op hash, type, shape and number of children agree, without
// comparing children. Two inputs whose names collide make the second
// SoftmaxRows such a node: the builders must refuse it, not return the
// softmax of the first input.
func TestBuildersRefuseMergedNode(t *testing.T) {
	// Two names whose 2×3 float64 input nodes hash alike (found by a
	// birthday search; model/internal/graph's tests use the same pair).
	const nameA, nameB = "x7297b718afb9c284", "x63770ce1052d9125"
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
