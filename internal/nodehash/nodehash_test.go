// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package nodehash_test

import (
	"testing"

	G "gorgonia.org/gorgonia"

	"github.com/hornets-go/hornets/internal/nodehash"
)

func TestCollidingNames(t *testing.T) {
	g := G.NewGraph()
	a := G.NewMatrix(g, G.Float64, G.WithShape(2, 3), G.WithName(nodehash.CollidingA))
	b := G.NewMatrix(g, G.Float64, G.WithShape(2, 3), G.WithName(nodehash.CollidingB))
	if a.Hashcode() != b.Hashcode() {
		t.Fatalf("%s and %s hash to %#x and %#x: Gorgonia's node hash changed; find a new pair",
			nodehash.CollidingA, nodehash.CollidingB, a.Hashcode(), b.Hashcode())
	}
}

func TestSet(t *testing.T) {
	g := G.NewGraph()
	x := G.NewMatrix(g, G.Float64, G.WithShape(2, 3), G.WithName("x"))
	y := G.NewMatrix(g, G.Float64, G.WithShape(2, 3), G.WithName("y"))
	if x.Hashcode() == y.Hashcode() {
		t.Fatalf("x and y hash alike (%#x) before Set", x.Hashcode())
	}
	if err := nodehash.Set(y, x.Hashcode()); err != nil {
		t.Fatal(err)
	}
	if x.Hashcode() != y.Hashcode() {
		t.Errorf("after Set y's hash is %#x; want x's %#x", y.Hashcode(), x.Hashcode())
	}
}
