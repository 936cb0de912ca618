// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"context"
	"fmt"
	"math"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/model/internal/graph"
)

// evaluator holds compiled evaluation graphs at EvalRows(features) rows,
// used by one prediction call at a time, and the chunk it copies rows
// into; a Network keeps a pool of them. Each route's graph is built on
// first use.
type evaluator struct {
	cat   *graph.Cat
	lin   *graph.Lin
	chunk []float64
}

// run runs the graph of route r over the rows of chunk (EvalRows rows),
// returning the logits and, on CatInt, the rule attention.
func (e *evaluator) run(n *Network, r Route, chunk []float64) (logits, att []float64, err error) {
	if r == Continuous {
		if e.lin == nil {
			if e.lin, err = graph.NewLin(&n.lin, EvalRows(n.features), n.features, n.classes, n.act, n.cfg.Epsilon, nil, false); err != nil {
				return nil, nil, err
			}
		}
		logits, err = e.lin.Forward(chunk)
	} else {
		if e.cat == nil {
			if e.cat, err = graph.NewCat(&n.cat, EvalRows(n.features), n.features, n.cfg.Order, n.cfg.Rules, n.classes, n.act, nil, false); err != nil {
				return nil, nil, err
			}
		}
		if err = e.cat.UseRules(n.rules.Idx, n.rulesVersion.Load()); err != nil {
			return nil, nil, err
		}
		logits, att, err = e.cat.Forward(chunk)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("model: %s forward pass: %w", r, err)
	}
	return logits, att, nil
}

// forward runs the evaluation graph of the network's route over the rows
// of x in chunks of EvalRows rows, the last one padded by repeating its
// first row (the graphs compute every row on its own). visit gets the
// chunk's first row, its row count and its outputs: the logits and, on
// CatInt, the rule attention. e is the evaluator to use; nil takes one
// from the pool (a Trainer keeps its own: the pool drops its graphs at
// every garbage collection, and rebuilding them each refresh piled up).
// It looks at ctx before each chunk and returns an error wrapping
// ctx.Err() once it is done.
// The caller has checked n (ok) and x (checkX).
func (n *Network) forward(ctx context.Context, e *evaluator, x []float64, rows int, visit func(start, count int, route Route, logits, att []float64)) error {
	D, route := n.features, n.Route()
	if e == nil {
		e, _ = n.evals.Get().(*evaluator)
		if e == nil {
			e = &evaluator{}
		}
		defer n.evals.Put(e)
	}
	E := EvalRows(D)
	if len(e.chunk) != E*D {
		e.chunk = make([]float64, E*D)
	}
	chunk := e.chunk
	for start := 0; start < rows; start += E {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("model: canceled after %d of %d rows: %w", start, rows, err)
		}
		count := min(E, rows-start)
		copy(chunk, x[start*D:(start+count)*D])
		for i := count; i < E; i++ {
			copy(chunk[i*D:(i+1)*D], x[start*D:(start+1)*D])
		}
		logits, att, err := e.run(n, route, chunk)
		if err != nil {
			return err
		}
		if err := n.checkLogits(x, start, count, logits); err != nil {
			return err
		}
		visit(start, count, route, logits, att)
	}
	return nil
}

// checkLogits reports the first of count rows from start whose logits are
// not finite, as a *RowError wrapping ErrOverflow: its values (x, rows ×
// Features) overflow the network.
func (n *Network) checkLogits(x []float64, start, count int, logits []float64) error {
	C, D := n.classes, n.features
	for i := range count {
		for _, v := range logits[i*C : (i+1)*C] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				row := x[(start+i)*D : (start+i+1)*D]
				j, far := 0, 0.0 // the value farthest out, in training spreads
				for k, f := range row {
					z := f
					if k < len(n.lin.Mean) && k < len(n.lin.Scale) {
						z = (f - n.lin.Mean[k]) * n.lin.Scale[k]
					}
					if a := math.Abs(z); a > far || math.IsNaN(a) {
						j, far = k, a
					}
				}
				if far < 1e150 { // the squares of such values, and their sums, are finite
					return &RowError{Row: start + i, Err: fmt.Errorf("%w: the output is not finite though the row's values are within %.3g spreads of the training rows: the model's parameters overflow (a corrupt or edited model file?)",
						ErrOverflow, far)}
				}
				return &RowError{Row: start + i, Err: fmt.Errorf("%w: the output is not finite; its value %s = %g is too far outside the training rows' range",
					ErrOverflow, n.featureNames()[j], row[j])}
			}
		}
	}
	return nil
}

// PredictProba returns the class probabilities of the rows of x (rows ×
// Features, row-major) as a rows × Classes row-major slice, and the route
// each row took. Each row's result depends on that row and the network
// only.
func (n *Network) PredictProba(x []float64, rows int) ([]float64, []Route, error) {
	return n.predictProba(nil, x, rows)
}

func (n *Network) predictProba(e *evaluator, x []float64, rows int) ([]float64, []Route, error) {
	if err := n.ok(); err != nil {
		return nil, nil, err
	}
	if err := n.checkX(x, rows); err != nil {
		return nil, nil, err
	}
	C := n.classes
	proba := make([]float64, rows*C)
	routes := make([]Route, rows)
	err := n.forward(context.Background(), e, x, rows, func(start, count int, route Route, logits, _ []float64) {
		for i := range count {
			activations.Softmax(proba[(start+i)*C:(start+i+1)*C], logits[i*C:(i+1)*C])
			routes[start+i] = route
		}
	})
	if err != nil {
		return nil, nil, err
	}
	return proba, routes, nil
}

// Predict returns the most probable class of each row.
func (n *Network) Predict(x []float64, rows int) ([]int, error) { return n.predict(nil, x, rows) }

func (n *Network) predict(e *evaluator, x []float64, rows int) ([]int, error) {
	proba, _, err := n.predictProba(e, x, rows)
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
	return n.WeightedLoss(x, rows, y, nil)
}

// WeightedLoss returns the mean over the rows of x of the cross-entropy
// with labels y, each row's weighted by its class's entry of classWeights
// (nil: all ones), as training weighs it.
func (n *Network) WeightedLoss(x []float64, rows int, y []int, classWeights []float64) (float64, error) {
	if err := n.ok(); err != nil {
		return 0, err
	}
	if err := n.checkY(y, rows); err != nil {
		return 0, err
	}
	if err := checkClassWeights(classWeights, n.classes); err != nil {
		return 0, err
	}
	proba, _, err := n.PredictProba(x, rows)
	if err != nil {
		return 0, err
	}
	total := 0.0
	for i, c := range y {
		w := 1.0
		if classWeights != nil {
			w = classWeights[c]
		}
		total -= w * math.Log(max(proba[i*n.classes+c], 1e-300))
	}
	return total / float64(max(rows, 1)), nil
}
