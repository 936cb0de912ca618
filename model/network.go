// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/model/internal/graph"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// Route names the sub-network a row is sent to.
type Route int

const (
	// Categorical is the CatInt route, taken by batches with at most two
	// distinct values.
	Categorical Route = iota
	// Continuous is the LinAtt route, taken by every other batch.
	Continuous
)

// String returns "categorical" or "continuous", and "Route(N)" for any
// other value.
func (r Route) String() string {
	switch r {
	case Categorical:
		return "categorical"
	case Continuous:
		return "continuous"
	}
	return fmt.Sprintf("Route(%d)", int(r))
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

// routeOf returns the route of a batch for n: RouteOf, or Continuous
// for every batch where Config.Linear is set.
func (n *Network) routeOf(batch []float64) Route {
	if n.cfg.Linear {
		return Continuous
	}
	return RouteOf(batch)
}

// EvalBatch is the largest row count of the evaluation graphs; a shorter
// chunk is padded by repeating its first row, which no other row sees.
// A network of many features evaluates fewer rows at a time (EvalRows).
const EvalBatch = 256

// EvalCells bounds the values of one evaluation chunk: a network of more
// than EvalCells / EvalBatch = 4,096 features evaluates EvalRows(features)
// rows at a time, so that a graph's input (and LinAtt's work tensors of the
// same shape) stays about 8 MiB however wide the table. Every row is
// computed on its own, so the chunk size changes no output.
const EvalCells = 1 << 20

// EvalRows returns the row count of the evaluation graphs of a network
// of features features: EvalBatch, or fewer (at least 8) where EvalBatch
// rows would hold more than EvalCells values.
func EvalRows(features int) int {
	return min(EvalBatch, max(8, EvalCells/max(features, 1)))
}

// Data is a training table: Rows rows of Features values, row-major, each
// with a class label in 0..Classes-1.
type Data struct {
	X              []float64
	Rows, Features int
	Y              []int
	Classes        int
	// Names[j] names feature j (f<j> when nil).
	Names []string
	// Blocks[j] is the input column feature j was encoded from: features
	// of one block (a one-hot column) are mutually exclusive, so no rule
	// holds two of them. nil: every feature is its own block.
	Blocks []int
}

// Network is a HorNets network: the CatInt and LinAtt routes, their
// parameters, the rule table and the preprocessing. New returns one that
// can predict at once; a Trainer trains it. It is safe for concurrent
// prediction (see the package documentation, "Concurrency").
type Network struct {
	cfg      Config
	act      activations.Func
	features int
	classes  int
	names    []string

	rules *rulesearch.Table
	list  *rulesearch.List // the decision list of the categorical route; nil until extracted
	cat   graph.CatParams
	lin   graph.LinParams // with the standardisation of LinAtt's input
	// trained counts each route's training batches; primary is the route
	// of the whole training table. Together they route predictions.
	trained [2]int
	primary Route

	rulesVersion atomic.Uint64 // bumped when a Trainer changes the rules
	evals        sync.Pool     // *evaluator
	singles      []int         // features New gave a single-feature tuple beside the strong ones (nil after Load)
	placed       int           // the tuples New placed in the rule table (0 after Load)
	search       *TupleSearch  // the rule search New ran, its coverage and joint test (nil if none, and after Load)
}

// New returns an initialised network for the training table d: it
// validates cfg, fits the standardisation, screens rule tuples on binary
// data and draws the initial weights from rng.
func New(cfg Config, d Data, rng *rand.Rand) (*Network, error) {
	return NewContext(context.Background(), cfg, d, rng)
}

// NewContext is New, stopped by ctx: the screening of rule tuples and the
// choice among them, which take seconds on wide tables, look at ctx as
// they go and return soon after it is done; NewContext then returns a nil
// network and an error wrapping ctx.Err(). Uncanceled, it returns what New
// does, bit for bit, and draws the same numbers from rng.
func NewContext(ctx context.Context, cfg Config, d Data, rng *rand.Rand) (*Network, error) {
	return newNetwork(ctx, cfg, d, nil, rng)
}

// newNetwork is NewContext, with the rule search s where it is not nil
// (NewFromSearch).
func newNetwork(ctx context.Context, cfg Config, d Data, s *TupleSearch, rng *rand.Rand) (*Network, error) {
	cfg = cfg.Resolved()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if rng == nil {
		return nil, fmt.Errorf("%w: nil *rand.Rand", ErrConfig)
	}
	if ctx == nil {
		return nil, fmt.Errorf("%w: nil context.Context (use context.Background())", ErrConfig)
	}
	n := &Network{cfg: cfg, act: cfg.activation(), features: d.Features, classes: d.Classes, names: slices.Clone(d.Names)}
	switch {
	case d.Features < 1:
		return nil, fmt.Errorf("%w: %d feature columns, want >= 1", ErrShape, d.Features)
	case d.Classes < 2 || d.Classes > MaxClasses:
		return nil, fmt.Errorf("%w: %d classes, want 2..%d", ErrShape, d.Classes, MaxClasses)
	case d.Rows < 1:
		return nil, fmt.Errorf("%w: no training rows", ErrShape)
	case d.Names != nil && len(d.Names) != d.Features:
		return nil, fmt.Errorf("%w: %d feature names for %d features", ErrShape, len(d.Names), d.Features)
	case d.Blocks != nil && len(d.Blocks) != d.Features:
		return nil, fmt.Errorf("%w: %d feature blocks for %d features", ErrShape, len(d.Blocks), d.Features)
	}
	if err := n.checkX(d.X, d.Rows); err != nil {
		return nil, err
	}
	if err := n.checkY(d.Y, d.Rows); err != nil {
		return nil, err
	}
	D, C, O := n.features, n.classes, cfg.Order
	mean, scale := graph.Standardization(d.X, d.Rows, D, !cfg.NoStandardize)
	n.primary = n.routeOf(d.X)

	var screened []rulesearch.Candidate // binary data only: CatInt trains on nothing else
	if s != nil && (n.primary != Categorical || cfg.Search.NoScreening) {
		return nil, fmt.Errorf("%w: a tuple search for a table that New does not search (not binary, or Search.NoScreening)", ErrConfig)
	}
	if n.primary == Categorical && !cfg.Search.NoScreening {
		if s == nil {
			var err error
			if s, err = searchTuples(ctx, cfg, d); err != nil {
				return nil, err
			}
		} else if err := s.matches(cfg, d); err != nil {
			return nil, err
		}
		n.search = s
		cfg.Rules, n.cfg.Rules = s.rules, s.rules // grown where the tuples with evidence did not fit
		screened, n.singles = s.use()
		placed := placedTuples(cfg, screened, n.singles)
		if k := cfg.Search.MaxTuples; k > 0 && k < len(placed) {
			screened, n.singles = firstTuples(placed[:k], n.singles)
			placed = placed[:k]
		}
		n.placed = len(placed)
	}
	R := cfg.Rules
	var err error
	if n.rules, err = rulesearch.NewTable(cfg.Search, R, O, D, d.Blocks, screened, n.singles, rng); err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}

	n.cat = graph.NewCatParams(rng, O, R, C)
	n.lin = graph.NewLinParams(rng, mean, scale, C)
	return n, nil
}

// ok reports ErrNotFitted for a zero or nil Network.
func (n *Network) ok() error {
	if n == nil || n.rules == nil {
		return ErrNotFitted
	}
	return nil
}

// Screening returns what the rule screening of New covered (exhaustive
// orders, beam, tuples scored); zero when screening did not run, and for a
// loaded network.
func (n *Network) Screening() rulesearch.Coverage {
	if n == nil || n.search == nil {
		return rulesearch.Coverage{}
	}
	return n.search.coverage
}

// Singles returns the features New gave a single-feature tuple of their
// own beside the strong screened tuples, best first: the evidence singles
// (rulesearch.EvidentSingles) or every feature that fit, with
// Search.Singles or where the joint test passed (JointTest). nil when
// there are none, and for a loaded network.
func (n *Network) Singles() []int {
	if n == nil {
		return nil
	}
	return slices.Clone(n.singles)
}

// PlacedTuples returns the number of feature tuples to which New gave
// runs of heads in the rule table: the strong screened tuples and the
// single-feature tuples beside them, at most Search.MaxTuples where that
// is set. 0 where screening did not run (the continuous route,
// NoScreening) or found no tuple with evidence, and for a loaded network.
func (n *Network) PlacedTuples() int {
	if n == nil {
		return 0
	}
	return n.placed
}

// JointTest returns the joint test of the features that neither a strong
// tuple nor an evidence single holds, which New ran to decide whether
// every feature gets a single-feature tuple (rulesearch.UncoveredJointTest;
// it did where the test passed). nil where it did not run (Singles,
// NoEvidenceSingles or NoJointSingles set, no tuple left free, the
// continuous route) and for a loaded network.
func (n *Network) JointTest() *rulesearch.JointTest {
	if n == nil || n.search == nil || n.search.joint == nil {
		return nil
	}
	t := *n.search.joint
	return &t
}

// Config returns the resolved configuration (the zero Config for a zero
// Network).
func (n *Network) Config() Config {
	if n == nil {
		return Config{}
	}
	return n.cfg
}

// Features returns the number of input columns (0 for a zero Network).
func (n *Network) Features() int {
	if n == nil {
		return 0
	}
	return n.features
}

// Classes returns the number of classes (0 for a zero Network).
func (n *Network) Classes() int {
	if n == nil {
		return 0
	}
	return n.classes
}

// TrainedBatches returns how many training batches took each route.
func (n *Network) TrainedBatches() (categorical, continuous int) {
	if n == nil {
		return 0, 0
	}
	return n.trained[Categorical], n.trained[Continuous]
}

// Route returns the route every row takes at prediction time: the route
// most training batches took (Categorical on a tie), before training the
// route of the training table (see the package documentation).
func (n *Network) Route() Route {
	if n == nil {
		return Categorical
	}
	cat, cont := n.trained[Categorical], n.trained[Continuous]
	switch {
	case cat == 0 && cont == 0:
		return n.primary
	case cont > cat:
		return Continuous
	}
	return Categorical
}

// featureNames names every feature (f<j> where the table had no names).
func (n *Network) featureNames() []string {
	if n.names != nil {
		return n.names
	}
	return defaultFeatureNames(n.features)
}

// defaultFeatureNames are the names of d features that have none: f0,
// f1, ...
func defaultFeatureNames(d int) []string {
	names := make([]string, d)
	for j := range names {
		names[j] = fmt.Sprintf("f%d", j)
	}
	return names
}

func (n *Network) checkX(x []float64, rows int) error {
	// Dividing rather than multiplying: rows·features may wrap around.
	if rows < 0 || n.features < 1 || len(x)%n.features != 0 || len(x)/n.features != rows {
		return fmt.Errorf("%w: %d values for %d rows of %d features", ErrShape, len(x), rows, n.features)
	}
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: row %d, feature %s is %v", ErrShape, i/n.features, n.featureNames()[i%n.features], v)
		}
	}
	return nil
}

func (n *Network) checkY(y []int, rows int) error {
	if len(y) != rows {
		return fmt.Errorf("%w: %d labels for %d rows", ErrShape, len(y), rows)
	}
	for i, c := range y {
		if c < 0 || c >= n.classes {
			return fmt.Errorf("%w: row %d has class %d, want 0..%d", ErrLabel, i, c, n.classes-1)
		}
	}
	return nil
}

// singleTuples returns the features that get a single-feature tuple of
// their own beside the strong screened tuples: with Config.Search.Singles
// every feature, else (unless NoEvidenceSingles) those with evidence of
// their own that no strong tuple contains.
//
// Where the evidence singles leave tuples free, the features that neither
// a strong tuple nor an evidence single holds are tested jointly given
// them (rulesearch.UncoveredJointTest; unless NoJointSingles): where they
// depend on the label together, every feature gets a tuple, as with
// Singles, and the test is returned.
func singleTuples(cfg Config, d Data, screened []rulesearch.Candidate) ([]int, *rulesearch.JointTest) {
	if (!cfg.Search.Singles && cfg.Search.NoEvidenceSingles) || len(screened) == 0 {
		return nil, nil
	}
	strong, free := rulesearch.StrongTuples(cfg.Search, cfg.Rules, screened)
	if free == 0 {
		return nil, nil
	}
	data := rulesearch.Data{X: d.X, Rows: d.Rows, Features: d.Features, Y: d.Y, Classes: d.Classes, Blocks: d.Blocks}
	if cfg.Search.Singles {
		return rulesearch.SinglesAdded(strong, rulesearch.RankSingles(data), free), nil
	}
	added := rulesearch.SinglesAdded(strong, rulesearch.EvidentSingles(data, strong, cfg.Search.ExtendedBIC), free)
	if cfg.Search.NoJointSingles || len(added) >= free {
		return added, nil
	}
	taken := slices.Clone(strong)
	for _, j := range added {
		taken = append(taken, []int{j})
	}
	test, ok := rulesearch.UncoveredJointTest(data, taken)
	if !ok {
		return added, nil
	}
	if test.Passed() {
		return rulesearch.SinglesAdded(strong, rulesearch.RankSingles(data), free), &test
	}
	return added, &test
}
