// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"fmt"
	"math"
	"slices"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
)

// evaluator is one pair of compiled evaluation graphs at evalBatch rows,
// used by one prediction call at a time; a Network keeps a pool of them.
// Each route's graph is built on first use.
//
// The graphs are bound to weights of the evaluator's own, refreshed from
// the network's at every use: NewTapeMachine rewrites the engine fields of
// every tensor bound to its graph, and a run reads them, so graphs built
// and run by concurrent calls must not share tensors.
type evaluator struct {
	cat   *catGraph
	lin   *linGraph
	catW  catParams
	linW  linParams
	rules uint64 // the rulesVersion the cat graph's rules were set at
}

func (n *Network) getEvaluator() *evaluator {
	if e, ok := n.evals.Get().(*evaluator); ok {
		return e
	}
	return &evaluator{}
}

// graph returns the evaluator's graph of route r, building it if needed
// and bringing the rule indices up to date.
func (e *evaluator) graph(n *Network, r Route) (bind []float64, vm G.VM, logits, att *G.Node, err error) {
	if r == Continuous {
		if e.lin == nil {
			e.linW = linParams{A: cloneDense(n.lin.A), W: cloneDense(n.lin.W), B: cloneDense(n.lin.B)}
			if e.lin, err = buildLin(&e.linW, evalBatch, n.features, n.classes, n.act, n.cfg.Epsilon, nil, false); err != nil {
				return nil, nil, nil, nil, err
			}
		}
		copyWeights(e.linW.A, n.lin.A)
		copyWeights(e.linW.W, n.lin.W)
		copyWeights(e.linW.B, n.lin.B)
		return e.lin.x.Data().([]float64), e.lin.vm, e.lin.logits, nil, nil
	}
	version := n.rulesVersion.Load()
	if e.cat == nil {
		e.catW = catParams{M: cloneDense(n.cat.M), W: cloneDense(n.cat.W), B: cloneDense(n.cat.B)}
		if e.cat, err = buildCat(&e.catW, evalBatch, n.rules.Width(), n.cfg.Order, n.cfg.Rules, n.classes, n.act, nil, false); err != nil {
			return nil, nil, nil, nil, err
		}
		e.rules = version + 1 // force SetRules
	}
	if e.rules != version {
		if err = e.cat.comb.SetRules(n.rules.Idx); err != nil {
			return nil, nil, nil, nil, err
		}
		e.rules = version
	}
	copyWeights(e.catW.M, n.cat.M)
	copyWeights(e.catW.W, n.cat.W)
	copyWeights(e.catW.B, n.cat.B)
	return nil, e.cat.vm, e.cat.logits, e.cat.att, nil
}

// cloneDense returns a copy of a weight tensor.
func cloneDense(t *tensor.Dense) *tensor.Dense {
	return tensor.New(tensor.WithShape(t.Shape().Clone()...), tensor.WithBacking(slices.Clone(floats(t))))
}

// copyWeights copies the values of src into dst, of the same shape.
func copyWeights(dst, src *tensor.Dense) { copy(floats(dst), floats(src)) }

// forward runs the evaluation graphs over the rows of x, each row on the
// route RouteFor gives it, in chunks of at most evalBatch rows of one
// route. visit gets the chunk's row indices and its graph outputs (logits,
// and on CatInt the rule attention), row i of the outputs being row
// rows[i] of x.
func (n *Network) forward(x []float64, rows int, visit func(idx []int, route Route, logits, att []float64)) error {
	if err := n.ok(); err != nil {
		return err
	}
	if err := n.checkX(x, rows); err != nil {
		return err
	}
	D := n.features
	var byRoute [2][]int
	for i := range rows {
		r := n.RouteFor(x[i*D : (i+1)*D])
		byRoute[r] = append(byRoute[r], i)
	}
	e := n.getEvaluator()
	defer n.evals.Put(e)
	chunk := make([]float64, evalBatch*D)
	for route, all := range byRoute {
		route := Route(route)
		for start := 0; start < len(all); start += evalBatch {
			idx := all[start:min(start+evalBatch, len(all))]
			for i := range evalBatch {
				src := idx[0]
				if i < len(idx) {
					src = idx[i]
				}
				copy(chunk[i*D:(i+1)*D], x[src*D:(src+1)*D])
			}
			bind, vm, logits, att, err := e.graph(n, route)
			if err != nil {
				return err
			}
			if route == Categorical {
				e.cat.fillX(chunk, D)
			} else {
				n.standardize(bind, chunk)
			}
			vm.Reset()
			if err := vm.RunAll(); err != nil {
				return fmt.Errorf("model: %s forward pass: %w", route, err)
			}
			var a []float64
			if att != nil {
				a = att.Value().Data().([]float64)
			}
			visit(idx, route, logits.Value().Data().([]float64), a)
		}
	}
	return nil
}

// PredictProba returns the class probabilities of the rows of x (rows ×
// Features, row-major) as a rows × Classes row-major slice, and the route
// each row took. Each row's result depends on that row and the network
// only.
func (n *Network) PredictProba(x []float64, rows int) ([]float64, []Route, error) {
	if err := n.ok(); err != nil {
		return nil, nil, err
	}
	if err := n.checkX(x, rows); err != nil {
		return nil, nil, err
	}
	C := n.classes
	proba := make([]float64, rows*C)
	routes := make([]Route, rows)
	err := n.forward(x, rows, func(idx []int, route Route, logits, _ []float64) {
		for i, row := range idx {
			activations.Softmax(proba[row*C:(row+1)*C], logits[i*C:(i+1)*C])
			routes[row] = route
		}
	})
	if err != nil {
		return nil, nil, err
	}
	return proba, routes, nil
}

// Predict returns the most probable class of each row.
func (n *Network) Predict(x []float64, rows int) ([]int, error) {
	proba, _, err := n.PredictProba(x, rows)
	if err != nil {
		return nil, err
	}
	out := make([]int, rows)
	for i := range out {
		out[i] = activations.Argmax(proba[i*n.classes : (i+1)*n.classes])
	}
	return out, nil
}

// Loss returns the mean (unweighted) cross-entropy of the rows of x with
// labels y.
func (n *Network) Loss(x []float64, rows int, y []int) (float64, error) {
	if err := n.ok(); err != nil {
		return 0, err
	}
	if err := n.checkY(y, rows); err != nil {
		return 0, err
	}
	proba, _, err := n.PredictProba(x, rows)
	if err != nil {
		return 0, err
	}
	total := 0.0
	for i, c := range y {
		total -= math.Log(max(proba[i*n.classes+c], 1e-300))
	}
	return total / float64(max(rows, 1)), nil
}
