// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/model/internal/graph"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// Trainer holds the training-only state of a Network: the compiled
// training graphs of both routes at one batch size (each built on its
// route's first batch), the dropout mask and the Monte-Carlo rule sample.
// It writes the network's parameters in place, so the network predicts
// with the current weights between steps. Not safe for concurrent use.
type Trainer struct {
	net          *Network
	batch        int
	classWeights []float64
	cat          *graph.Cat
	lin          *graph.Lin
	eval         evaluator // for Score and ExtractRules, kept across refreshes
}

// NewTrainer returns a trainer of net for batches of batch rows, with
// optional per-class loss weights (nil means all ones).
func NewTrainer(net *Network, batch int, classWeights []float64) (*Trainer, error) {
	if err := net.ok(); err != nil {
		return nil, err
	}
	if batch < 1 || batch > MaxBatch {
		return nil, fmt.Errorf("%w: batch size %d, want 1..%d", ErrConfig, batch, MaxBatch)
	}
	if err := checkClassWeights(classWeights, net.classes); err != nil {
		return nil, err
	}
	return &Trainer{net: net, batch: batch, classWeights: slices.Clone(classWeights)}, nil
}

func (t *Trainer) ok() error {
	if t == nil || t.net == nil {
		return fmt.Errorf("%w: zero Trainer (use NewTrainer)", ErrNotFitted)
	}
	return nil
}

// Network returns the network being trained (nil for a zero Trainer).
func (t *Trainer) Network() *Network {
	if t == nil {
		return nil
	}
	return t.net
}

// Batch returns the batch size (0 for a zero Trainer).
func (t *Trainer) Batch() int {
	if t == nil {
		return 0
	}
	return t.batch
}

// catGraph and linGraph return the route's training graph, built on
// first use (t.cat and t.lin stay nil when building fails).
func (t *Trainer) catGraph() (err error) {
	if n := t.net; t.cat == nil {
		t.cat, err = graph.NewCat(&n.cat, t.batch, n.features, n.cfg.Order, n.cfg.Rules, n.classes, n.act, t.classWeights, true)
	}
	return err
}

func (t *Trainer) linGraph() (err error) {
	if n := t.net; t.lin == nil {
		t.lin, err = graph.NewLin(&n.lin, t.batch, n.features, n.classes, n.act, n.cfg.Epsilon, t.classWeights, true)
	}
	return err
}

// Step runs the forward and backward pass of one training batch (x: Batch
// × Features, y: Batch labels) on the route the router picks for the
// batch (RouteOf), leaving the gradients in the route's parameters for an
// optimiser step over ValueGrads(route). It returns the route and the
// batch loss. rng draws the dropout mask and the Monte-Carlo rule sample.
func (t *Trainer) Step(x []float64, y []int, rng *rand.Rand) (Route, float64, error) {
	if err := t.ok(); err != nil {
		return 0, 0, err
	}
	n := t.net
	if rng == nil {
		return 0, 0, fmt.Errorf("%w: nil *rand.Rand", ErrConfig)
	}
	if err := n.checkX(x, t.batch); err != nil {
		return 0, 0, err
	}
	if err := n.checkY(y, t.batch); err != nil {
		return 0, 0, err
	}
	return t.step(n.routeOf(x), graph.Contiguous(x, n.features), y, rng)
}

// step runs the training step of Step on the route given, over the batch
// of rows that row returns (checked by the caller).
func (t *Trainer) step(route Route, row graph.Row, y []int, rng *rand.Rand) (Route, float64, error) {
	n := t.net
	var (
		loss float64
		err  error
	)
	if route == Categorical {
		if err = t.catGraph(); err != nil {
			return route, 0, err
		}
		if err = t.cat.UseRules(n.rules.Idx, n.rulesVersion.Load()); err != nil {
			return route, 0, err
		}
		loss, err = t.cat.StepRows(row, y, n.cfg.Samples, n.cfg.dropProbability(), rng)
	} else {
		if err = t.linGraph(); err != nil {
			return route, 0, err
		}
		loss, err = t.lin.StepRows(row, y)
	}
	if err != nil {
		return route, 0, fmt.Errorf("model: %s training step: %w", route, err)
	}
	n.trained[route]++
	return route, loss, nil
}

// Rows is a table of training rows checked once for StepRows: every value
// finite, and each row's distinct values noted (RouteOf), so that the
// route of a batch of its rows is known without reading the batch. It
// reads the table's values where they lie: they must not change while
// it is used.
type Rows struct {
	x        []float64
	rows     int
	features int
	// vals[i]: row i's first two distinct values; n[i] how many distinct
	// values it has, 3 standing for more than two.
	vals [][2]float64
	n    []uint8
}

// Rows checks x, rows × Features values, for StepRows.
func (t *Trainer) Rows(x []float64, rows int) (*Rows, error) {
	if err := t.ok(); err != nil {
		return nil, err
	}
	n := t.net
	if err := n.checkX(x, rows); err != nil {
		return nil, err
	}
	r := &Rows{x: x, rows: rows, features: n.features, vals: make([][2]float64, rows), n: make([]uint8, rows)}
	for i := range rows {
		r.vals[i], r.n[i] = distinct2(x[i*n.features : (i+1)*n.features])
	}
	return r, nil
}

// distinct2 returns the first two distinct values of row (by ==; row
// holds no NaN) and how many it has, 3 for more than two.
func distinct2(row []float64) (vals [2]float64, n uint8) {
	if len(row) == 0 {
		return vals, 0
	}
	a, b, haveB := row[0], 0.0, false
	for _, v := range row[1:] {
		if v == a || (haveB && v == b) {
			continue
		}
		if haveB {
			return [2]float64{a, b}, 3
		}
		b, haveB = v, true
	}
	if haveB {
		return [2]float64{a, b}, 2
	}
	return [2]float64{a, 0}, 1
}

// route returns RouteOf of the rows idx of r laid one after the other:
// Categorical when together they hold at most two distinct values. No
// value is NaN, so == is an equivalence and the distinct values of the
// batch are those of its rows together.
func (r *Rows) route(idx []int) Route {
	var set [2]float64
	m := 0
	for _, i := range idx {
		if r.n[i] > 2 {
			return Continuous
		}
		for _, v := range r.vals[i][:r.n[i]] {
			if (m > 0 && v == set[0]) || (m > 1 && v == set[1]) {
				continue
			}
			if m == 2 {
				return Continuous
			}
			set[m] = v
			m++
		}
	}
	return Categorical
}

// StepRows is Step on the batch of the rows idx (Batch of them, in that
// order) of r, with labels y: the same route, loss, gradients and draws
// from rng as Step on those rows copied one after the other, without the
// copy and without reading the batch for its route or its values.
func (t *Trainer) StepRows(r *Rows, idx []int, y []int, rng *rand.Rand) (Route, float64, error) {
	if err := t.ok(); err != nil {
		return 0, 0, err
	}
	n := t.net
	if rng == nil {
		return 0, 0, fmt.Errorf("%w: nil *rand.Rand", ErrConfig)
	}
	if r == nil || r.features != n.features {
		return 0, 0, fmt.Errorf("%w: StepRows: rows not made by this trainer's Rows", ErrShape)
	}
	if len(idx) != t.batch {
		return 0, 0, fmt.Errorf("%w: %d row indices for a batch of %d", ErrShape, len(idx), t.batch)
	}
	for _, i := range idx {
		if i < 0 || i >= r.rows {
			return 0, 0, fmt.Errorf("%w: row %d of %d", ErrShape, i, r.rows)
		}
	}
	if err := n.checkY(y, t.batch); err != nil {
		return 0, 0, err
	}
	D, route := r.features, Continuous
	if !n.cfg.Linear {
		route = r.route(idx)
	}
	return t.step(route, func(i int) []float64 { j := idx[i]; return r.x[j*D : (j+1)*D] }, y, rng)
}

// ValueGrads returns the parameters of a route with their gradients, in a
// fixed order, for an optimiser: M, W, b on the categorical route; A, W, b
// on the continuous one.
func (t *Trainer) ValueGrads(r Route) ([]G.ValueGrad, error) {
	if err := t.ok(); err != nil {
		return nil, err
	}
	switch r {
	case Categorical:
		if err := t.catGraph(); err != nil {
			return nil, err
		}
		return t.cat.ValueGrads(), nil
	case Continuous:
		if err := t.linGraph(); err != nil {
			return nil, err
		}
		return t.lin.ValueGrads(), nil
	}
	return nil, fmt.Errorf("%w: route %d", ErrConfig, r)
}

// Score scores every rule slot on the rows of x that take the categorical
// route (see the package documentation, "Rule scores"), and records each
// slot's mean attention over them. If no row is categorical the scores are
// left as they were.
func (t *Trainer) Score(x []float64, rows int) error {
	return t.ScoreContext(context.Background(), x, rows)
}

// ScoreContext is Score, stopped by ctx: it looks at ctx before each chunk
// of EvalRows rows and, once ctx is done, returns an error wrapping
// ctx.Err() and leaves the scores as they were. A nil ctx is an ErrConfig
// error.
func (t *Trainer) ScoreContext(ctx context.Context, x []float64, rows int) error {
	if err := t.ok(); err != nil {
		return err
	}
	if ctx == nil {
		return fmt.Errorf("%w: ScoreContext: nil context.Context (use context.Background())", ErrConfig)
	}
	return t.net.score(ctx, &t.eval, x, rows)
}

// ExtractRules builds the network's decision list from the rows of x
// (its training rows) and their labels y: rulesearch.Extract over the
// network's own predictions, with literals from its tuples ranked by
// contribution score (call Score first); rules that decide no row or
// whose class most of their rows' labels contradict are dropped (they
// would only copy the network's mistakes), and the list keeps its
// evidence on those rows.
// A network that predicts with the continuous route gets no list.
func (t *Trainer) ExtractRules(x []float64, rows int, y []int) error {
	if err := t.ok(); err != nil {
		return err
	}
	n := t.net
	if err := n.checkY(y, rows); err != nil {
		return err
	}
	n.list = nil
	if n.Route() != Categorical {
		return nil
	}
	pred, err := n.predict(&t.eval, x, rows)
	if err != nil {
		return err
	}
	tuples := n.rules.RankedTuples()
	list := rulesearch.Extract(x, rows, n.features, pred, n.classes, tuples, n.featureNames())
	list.DropContradicted(x, rows, n.features, pred, y)
	n.list = list
	return nil
}

// Refresh replaces the weak rule tuples (call Score first; see
// rulesearch.Table.Refresh). Each replaced slot gets new factor weights
// and zero output weights, so it adds nothing to the logits until training
// gives it weight; the attention softmax does renormalise over the new
// slots, so predictions move a little (on xor, seeds 1 and 2: at most
// 0.011 in probability). The compiled graphs take the new rules without
// recompiling. It returns the number of slots replaced.
func (t *Trainer) Refresh(rng *rand.Rand) (int, error) {
	if err := t.ok(); err != nil {
		return 0, err
	}
	if rng == nil {
		return 0, fmt.Errorf("%w: nil *rand.Rand", ErrConfig)
	}
	n := t.net
	replaced := n.rules.Refresh(n.cfg.Search.RefreshFraction, rng)
	if len(replaced) == 0 {
		return 0, nil
	}
	n.cat.ResetSlots(replaced, rng)
	n.rulesVersion.Add(1) // every graph takes the new rules at its next run
	return len(replaced), nil
}

// Snapshot is a copy of the trainable state of a network: its weights
// and rule table, for keeping the best model seen during training.
type Snapshot struct {
	tensors [][]float64
	rules   *rulesearch.Table
}

// Snapshot copies the network's weights and rule table.
func (t *Trainer) Snapshot() (*Snapshot, error) {
	if err := t.ok(); err != nil {
		return nil, err
	}
	s := &Snapshot{rules: t.net.rules.Clone()}
	for _, d := range t.net.tensors() {
		s.tensors = append(s.tensors, slices.Clone(d.Data().([]float64)))
	}
	return s, nil
}

// Restore writes a snapshot of this trainer's network back, in place:
// the compiled graphs stay valid and use the restored rules.
func (t *Trainer) Restore(s *Snapshot) error {
	if err := t.ok(); err != nil {
		return err
	}
	ts := t.net.tensors()
	if s == nil || len(s.tensors) != len(ts) {
		return fmt.Errorf("%w: snapshot of another network", ErrShape)
	}
	for i, d := range ts {
		if len(s.tensors[i]) != d.Shape().TotalSize() {
			return fmt.Errorf("%w: snapshot of another network", ErrShape)
		}
	}
	for i, d := range ts {
		copy(d.Data().([]float64), s.tensors[i])
	}
	t.net.rules = s.rules.Clone()
	t.net.rulesVersion.Add(1)
	return nil
}

func (n *Network) tensors() []*tensor.Dense {
	return []*tensor.Dense{n.cat.M, n.cat.W, n.cat.B, n.lin.A, n.lin.W, n.lin.B}
}

// checkClassWeights checks weights for classes classes (nil: every row
// weighs 1): finite, not negative, and not all zero, which would make every
// loss 0 and leave a network untrained.
func checkClassWeights(weights []float64, classes int) error {
	if weights == nil {
		return nil
	}
	if len(weights) != classes {
		return fmt.Errorf("%w: %d class weights for %d classes", ErrConfig, len(weights), classes)
	}
	sum := 0.0
	for c, w := range weights {
		if !(w >= 0) || math.IsInf(w, 0) {
			return fmt.Errorf("%w: class weight %d = %g, want a finite value >= 0", ErrConfig, c, w)
		}
		sum += w
	}
	if !(sum > 0) {
		return fmt.Errorf("%w: every class weight is 0; want at least one positive", ErrConfig)
	}
	return nil
}
