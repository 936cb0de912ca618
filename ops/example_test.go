// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops_test

import (
	"fmt"
	"log"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/ops"
)

// ExampleCombAct builds F = combAct(X, M) with two rules of order 2 and
// polyClip (k=1), runs it, then switches rule 1 off and runs the same
// compiled machine again.
func ExampleCombAct() {
	act := activations.Func{Kind: activations.PolyClip, K: 1}
	comb, err := ops.NewCombAct(2, 2, act, false)
	if err != nil {
		log.Fatal(err)
	}
	// Rule 0 combines columns 0 and 2 of X, rule 1 columns 3 and 1.
	if err := comb.SetRules([]int{0, 2, 3, 1}); err != nil {
		log.Fatal(err)
	}

	g := G.NewGraph()
	x := G.NewMatrix(g, G.Float64, G.WithShape(3, 4), G.WithName("X"),
		G.WithValue(tensor.New(tensor.WithShape(3, 4), tensor.WithBacking([]float64{
			0.2, 0.4, 0.6, 0.8,
			1.0, -0.5, 0.0, 8.0,
			-0.4, 0.1, 0.2, 0.0,
		}))))
	m := G.NewMatrix(g, G.Float64, G.WithShape(2, 2), G.WithName("M"),
		G.WithValue(tensor.New(tensor.WithShape(2, 2), tensor.WithBacking([]float64{
			0.5, 0.25, // weights of each rule's first column
			-0.5, 1, // weights of each rule's second column
		}))))
	f, err := comb.Apply(x, m)
	if err != nil {
		log.Fatal(err)
	}

	vm := G.NewTapeMachine(g)
	defer vm.Close()
	show := func() {
		vm.Reset()
		if err := vm.RunAll(); err != nil {
			log.Fatal(err)
		}
		out := f.Value().Data().([]float64)
		for b := 0; b < 3; b++ {
			fmt.Printf("%.4g\n", out[2*b:2*b+2])
		}
	}
	show()
	if err := comb.SetActive([]bool{true, false}); err != nil {
		log.Fatal(err)
	}
	fmt.Println("rule 1 off:")
	show()
	// Output:
	// [-0.008 0.216]
	// [0.125 1]
	// [-0.027 0.001]
	// rule 1 off:
	// [-0.008 0]
	// [0.125 0]
	// [-0.027 0]
}
