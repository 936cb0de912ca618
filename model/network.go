// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/sirupsen/logrus"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/activations"
)

// Route names the sub-network a batch is sent to.
type Route int

const (
	// Categorical is the CatInt route, taken by batches with at most two
	// distinct values.
	Categorical Route = iota
	// Continuous is the LinAtt route, taken by every other batch.
	Continuous
)

// String returns "categorical" or "continuous".
func (r Route) String() string {
	if r == Categorical {
		return "categorical"
	}
	return "continuous"
}

// RouteOf returns the route of a batch: Categorical when its values hold
// at most two distinct numbers, Continuous otherwise (the paper's
// catRouter, |X| ≤ 2).
func RouteOf(batch []float64) Route {
	if len(batch) == 0 {
		return Categorical
	}
	a, b, haveB := batch[0], 0.0, false
	for _, v := range batch[1:] {
		if v == a || (haveB && v == b) {
			continue
		}
		if haveB {
			return Continuous
		}
		b, haveB = v, true
	}
	return Categorical
}

// evalBatch is the fixed batch size of the evaluation graphs; the last
// chunk of a prediction is padded by repeating its own rows, which leaves
// its route unchanged.
const evalBatch = 256

// Network is a HorNets network: the CatInt and LinAtt routes, their
// parameters, the rule set and the data-dependent preprocessing. Create it
// with New, fit the data-dependent state with Init, and call Compile
// before training.
type Network struct {
	cfg      Config
	act      activations.Func
	features int
	classes  int
	names    []string

	rules    *ruleSet
	cat      catParams
	lin      linParams
	mean     []float64 // LinAtt standardisation, per feature
	scale    []float64 // 1/std, per feature
	inited   bool
	routeUse [2]int // training batches per route

	catTrain, catEval *catGraph
	linTrain, linEval *linGraph
	active            []bool
	log               logrus.FieldLogger
	groups            []int
}

// SetFeatureGroups tells the rule search which features come from one
// input column (a one-hot block): groups[j] is feature j's column. Such
// features are mutually exclusive, so a tuple holding two of them would
// read as a contradiction (V4=n ∧ V4=y); the screening never forms one.
// Call it before Init; nil clears the groups.
func (n *Network) SetFeatureGroups(groups []int) error {
	if groups != nil && len(groups) != n.features {
		return fmt.Errorf("%w: %d feature groups for %d features", ErrShape, len(groups), n.features)
	}
	n.groups = slices.Clone(groups)
	return nil
}

// New returns an uninitialised network for features input columns (named
// by names, which may be nil) and classes classes. The configuration is
// resolved and validated here.
func New(cfg Config, features int, names []string, classes int, log logrus.FieldLogger) (*Network, error) {
	cfg = cfg.Resolved()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if features < 1 {
		return nil, fmt.Errorf("%w: %d feature columns, want >= 1", ErrShape, features)
	}
	if classes < 2 {
		return nil, fmt.Errorf("%w: %d classes, want >= 2", ErrShape, classes)
	}
	if names != nil && len(names) != features {
		return nil, fmt.Errorf("%w: %d feature names for %d features", ErrShape, len(names), features)
	}
	if log == nil {
		l := logrus.New()
		l.Out = io.Discard
		log = l
	}
	return &Network{cfg: cfg, act: cfg.activation(), features: features, classes: classes, names: slices.Clone(names), log: log}, nil
}

// Config returns the resolved configuration.
func (n *Network) Config() Config { return n.cfg }

// Features returns the number of input columns.
func (n *Network) Features() int { return n.features }

// Classes returns the number of classes.
func (n *Network) Classes() int { return n.classes }

// RouteUse returns how many training batches took each route.
func (n *Network) RouteUse() (categorical, continuous int) { return n.routeUse[0], n.routeUse[1] }

// Init fits the data-dependent state on the training rows x (rows ×
// Features, row-major) with labels y: the LinAtt standardisation, the
// screening search and the rule set, and the initial weights. All
// randomness comes from rng.
func (n *Network) Init(x []float64, rows int, y []int, rng *rand.Rand) error {
	if err := n.checkX(x, rows); err != nil {
		return err
	}
	if len(y) != rows {
		return fmt.Errorf("%w: %d labels for %d rows", ErrShape, len(y), rows)
	}
	for i, c := range y {
		if c < 0 || c >= n.classes {
			return fmt.Errorf("%w: row %d has class %d, want 0..%d", ErrShape, i, c, n.classes-1)
		}
	}
	D, C, R, O := n.features, n.classes, n.cfg.Rules, n.cfg.Order

	// LinAtt standardisation.
	n.mean = make([]float64, D)
	n.scale = make([]float64, D)
	for j := range D {
		n.scale[j] = 1
	}
	if !n.cfg.NoStandardize && rows > 0 {
		for i := range rows {
			for j, v := range x[i*D : (i+1)*D] {
				n.mean[j] += v
			}
		}
		for j := range D {
			n.mean[j] /= float64(rows)
		}
		vr := make([]float64, D)
		for i := range rows {
			for j, v := range x[i*D : (i+1)*D] {
				d := v - n.mean[j]
				vr[j] += d * d
			}
		}
		for j := range D {
			if sd := math.Sqrt(vr[j] / float64(rows)); sd > 1e-12 {
				n.scale[j] = 1 / sd
			}
		}
	}

	// Screening on binary data only: the CatInt route never sees anything else.
	var screened []tupleScore
	if RouteOf(x) == Categorical && n.cfg.Pool > 0 && rows > 0 {
		high := x[0]
		for _, v := range x {
			high = max(high, v)
		}
		s := newScreener(x, rows, D, high, y, C)
		s.groups = n.groups
		screened = s.screen(n.cfg.ScreenOrder, n.cfg.ScreenBudget, n.cfg.Pool)
		for i, t := range screened {
			n.log.WithFields(logrus.Fields{"rank": i + 1, "features": n.tupleNames(t.Features), "score": fmt.Sprintf("%.4g", t.Score)}).Debug("screened tuple")
		}
	}
	n.rules = newRuleSet(n.cfg, D, n.groups, screened, rng)

	// Weights.
	n.cat.M = tensor.New(tensor.WithShape(O, R), tensor.WithBacking(uniform(rng, O*R, 1)))
	n.cat.W = tensor.New(tensor.WithShape(R, C), tensor.WithBacking(uniform(rng, R*C, math.Sqrt(6/float64(R+C)))))
	n.cat.B = tensor.New(tensor.WithShape(1, C), tensor.WithBacking(make([]float64, C)))
	ones := make([]float64, D)
	for j := range ones {
		ones[j] = 1
	}
	n.lin.A = tensor.New(tensor.WithShape(1, D), tensor.WithBacking(ones))
	n.lin.W = tensor.New(tensor.WithShape(D, C), tensor.WithBacking(uniform(rng, D*C, math.Sqrt(6/float64(D+C)))))
	n.lin.B = tensor.New(tensor.WithShape(1, C), tensor.WithBacking(make([]float64, C)))
	n.inited = true
	n.catTrain, n.catEval, n.linTrain, n.linEval = nil, nil, nil, nil
	return nil
}

func uniform(rng *rand.Rand, n int, a float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = (2*rng.Float64() - 1) * a
	}
	return out
}

func (n *Network) tupleNames(t []int) []string {
	out := make([]string, len(t))
	for i, c := range t {
		out[i] = n.featureName(c)
	}
	return out
}

func (n *Network) featureName(c int) string {
	if c < len(n.names) {
		return n.names[c]
	}
	if c >= n.features {
		return fmt.Sprintf("p%d", c-n.features)
	}
	return fmt.Sprintf("f%d", c)
}

func (n *Network) checkX(x []float64, rows int) error {
	if rows < 0 || len(x) != rows*n.features {
		return fmt.Errorf("%w: %d values for %d rows of %d features", ErrShape, len(x), rows, n.features)
	}
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: row %d, feature %s is %v", ErrShape, i/n.features, n.featureName(i%n.features), v)
		}
	}
	return nil
}

// Compile builds the training graphs of both routes at the given batch
// size, with optional per-class loss weights (nil means all ones). Both
// routes are compiled once; the router picks one per batch.
func (n *Network) Compile(batch int, classWeights []float64) error {
	if !n.inited {
		return ErrNotFitted
	}
	if batch < 1 {
		return fmt.Errorf("%w: batch size %d, want >= 1", ErrConfig, batch)
	}
	if classWeights != nil && len(classWeights) != n.classes {
		return fmt.Errorf("%w: %d class weights for %d classes", ErrConfig, len(classWeights), n.classes)
	}
	var err error
	if n.catTrain, err = buildCat(&n.cat, batch, n.rules.width(), n.cfg.Order, n.cfg.Rules, n.classes, n.act, classWeights, true); err != nil {
		return err
	}
	if err = n.catTrain.comb.SetRules(n.rules.Idx); err != nil {
		return err
	}
	if n.linTrain, err = buildLin(&n.lin, batch, n.features, n.classes, n.act, n.cfg.Epsilon, classWeights, true); err != nil {
		return err
	}
	n.active = make([]bool, n.cfg.Rules)
	return nil
}

func (n *Network) ensureEval() error {
	if !n.inited {
		return ErrNotFitted
	}
	if n.catEval != nil {
		return nil
	}
	var err error
	if n.catEval, err = buildCat(&n.cat, evalBatch, n.rules.width(), n.cfg.Order, n.cfg.Rules, n.classes, n.act, nil, false); err != nil {
		return err
	}
	if err = n.catEval.comb.SetRules(n.rules.Idx); err != nil {
		return err
	}
	n.linEval, err = buildLin(&n.lin, evalBatch, n.features, n.classes, n.act, n.cfg.Epsilon, nil, false)
	return err
}

// TrainStep runs the forward and backward pass of one training batch (x:
// batch × Features, y: batch labels) on the route the router picks,
// leaving the gradients in the route's parameters for an optimiser step
// (see ValueGrads). It returns the route and the batch loss. rng draws the
// dropout mask and the Monte-Carlo rule sample.
func (n *Network) TrainStep(x []float64, y []int, rng *rand.Rand) (Route, float64, error) {
	if n.catTrain == nil {
		return 0, 0, fmt.Errorf("%w: call Compile before TrainStep", ErrNotFitted)
	}
	B := n.catTrain.batch
	if len(x) != B*n.features || len(y) != B {
		return 0, 0, fmt.Errorf("%w: batch of %d values and %d labels, want %d×%d and %d", ErrShape, len(x), len(y), B, n.features, B)
	}
	route := RouteOf(x)
	var (
		yT   *tensor.Dense
		vm   G.VM
		loss *G.Node
	)
	if route == Categorical {
		cg := n.catTrain
		cg.fillX(x, n.features)
		if n.cfg.Samples > 0 && n.cfg.Samples < n.cfg.Rules {
			clear(n.active)
			for _, r := range rng.Perm(n.cfg.Rules)[:n.cfg.Samples] {
				n.active[r] = true
			}
			if err := cg.comb.SetActive(n.active); err != nil {
				return route, 0, err
			}
		}
		mask := cg.mask.Data().([]float64)
		p := n.cfg.dropProbability()
		keep := 1 - p
		for i := range mask {
			if p > 0 && rng.Float64() < p {
				mask[i] = 0
			} else {
				mask[i] = 1 / keep
			}
		}
		yT, vm, loss = cg.y, cg.vm, cg.loss
	} else {
		lg := n.linTrain
		n.standardize(lg.x.Data().([]float64), x)
		yT, vm, loss = lg.y, lg.vm, lg.loss
	}
	oneHot(yT.Data().([]float64), y, n.classes)
	vm.Reset()
	if err := vm.RunAll(); err != nil {
		return route, 0, fmt.Errorf("model: %s training step: %w", route, err)
	}
	n.routeUse[route]++
	if route == Categorical {
		att := n.catTrain.att.Value().Data().([]float64)
		R := n.cfg.Rules
		for i := range B {
			for r, v := range att[i*R : (i+1)*R] {
				n.rules.AttentionSum[r] += v
			}
		}
		for r := range R {
			n.rules.AttentionRows[r] += float64(B)
		}
	}
	return route, scalar(loss), nil
}

// ValueGrads returns the parameters of a route with their gradients, in a
// fixed order, for an optimiser.
func (n *Network) ValueGrads(r Route) []G.ValueGrad {
	if r == Categorical {
		return G.NodesToValueGrads(n.catTrain.params)
	}
	return G.NodesToValueGrads(n.linTrain.params)
}

func scalar(node *G.Node) float64 {
	switch v := node.Value().Data().(type) {
	case float64:
		return v
	case []float64:
		return v[0]
	}
	return math.NaN()
}

func oneHot(dst []float64, y []int, classes int) {
	clear(dst)
	for i, c := range y {
		dst[i*classes+c] = 1
	}
}

func (n *Network) standardize(dst, x []float64) {
	D := n.features
	for i := range len(x) / D {
		for j := range D {
			dst[i*D+j] = (x[i*D+j] - n.mean[j]) * n.scale[j]
		}
	}
}

// forward runs the evaluation graph of the route of each chunk of rows and
// calls visit with the chunk's first row, its real row count, route and
// graph outputs (logits, and for CatInt the rule attention).
func (n *Network) forward(x []float64, rows int, visit func(start, count int, route Route, logits, att []float64)) error {
	if err := n.checkX(x, rows); err != nil {
		return err
	}
	if err := n.ensureEval(); err != nil {
		return err
	}
	D := n.features
	chunk := make([]float64, evalBatch*D)
	for start := 0; start < rows; start += evalBatch {
		count := min(evalBatch, rows-start)
		part := x[start*D : (start+count)*D]
		route := RouteOf(part)
		for i := range evalBatch {
			src := start + i%count
			copy(chunk[i*D:(i+1)*D], x[src*D:(src+1)*D])
		}
		var (
			vm     G.VM
			logits *G.Node
			att    []float64
		)
		if route == Categorical {
			n.catEval.fillX(chunk, D)
			vm, logits = n.catEval.vm, n.catEval.logits
		} else {
			n.standardize(n.linEval.x.Data().([]float64), chunk)
			vm, logits = n.linEval.vm, n.linEval.logits
		}
		vm.Reset()
		if err := vm.RunAll(); err != nil {
			return fmt.Errorf("model: %s forward pass: %w", route, err)
		}
		if route == Categorical {
			att = n.catEval.att.Value().Data().([]float64)
		}
		visit(start, count, route, logits.Value().Data().([]float64), att)
	}
	return nil
}

// PredictProba returns the class probabilities of rows rows of x (row-major,
// rows × Classes) and the route each row took.
func (n *Network) PredictProba(x []float64, rows int) ([]float64, []Route, error) {
	C := n.classes
	proba := make([]float64, rows*C)
	routes := make([]Route, rows)
	err := n.forward(x, rows, func(start, count int, route Route, logits, _ []float64) {
		for i := range count {
			softmax(proba[(start+i)*C:(start+i+1)*C], logits[i*C:(i+1)*C])
			routes[start+i] = route
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
		out[i] = argmax(proba[i*n.classes : (i+1)*n.classes])
	}
	return out, nil
}

// Loss returns the mean (unweighted) cross-entropy of rows of x with labels y.
func (n *Network) Loss(x []float64, rows int, y []int) (float64, error) {
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

func softmax(dst, z []float64) {
	m := z[0]
	for _, v := range z {
		m = max(m, v)
	}
	s := 0.0
	for i, v := range z {
		dst[i] = math.Exp(v - m)
		s += dst[i]
	}
	for i := range dst {
		dst[i] /= s
	}
}

func argmax(p []float64) int {
	best := 0
	for i, v := range p {
		if v > p[best] {
			best = i
		}
	}
	return best
}
