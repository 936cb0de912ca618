// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import G "gorgonia.org/gorgonia"

// solver is an optimiser over a route's parameters.
type solver interface {
	Step([]G.ValueGrad) error
}

func newSolver(lr float64) solver { return G.NewAdamSolver(G.WithLearnRate(lr)) }
