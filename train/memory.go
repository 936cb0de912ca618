// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"math"
	"runtime"
	"unsafe"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/internal/procs"
	"github.com/hornets-go/hornets/internal/ridge"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// EstimateMemory returns an estimate, in bytes, of the peak memory of
// training (with Fit) a network of configuration cfg (resolved here) on rows × features
// values with classes classes, in batches of batch rows (at most rows), and
// of predicting with it. It counts, in 8-byte values, with W = features +
// Order (the CatInt width), R = cfg.RulesCeiling() (the rules New may
// grow to), O = Order, C = classes, B = batch, E = model.EvalRows(features)
// (the evaluation graphs' rows: 256, fewer past 4,096 features) and
// w = ⌈rows/64⌉ (words of a row bitset):
//
//	parameters P = O·R + R·C + 2·features·C + 3·features + 2·C
//	              × 6 (values, gradients, two Adam moments, two best-model snapshots)
//	data          2·rows·features (the table and one copy: a fold, a split)
//	              + rows·(C+2) (labels, predictions, probabilities)
//	training      B·(W + 4·C) + 8·B·R (CatInt: X, mask, combAct output,
//	              pre-activations and their gradient, softmax and its
//	              gradient, output gradient) + 12·B·features (LinAtt:
//	              the direction and the values of each row) + T (the
//	              rule softmax's table of exponentials, T = the words of
//	              an activations.ExpTable, 8,192)
//	evaluation    V·(max(E·W + 4·E·R, 8·E·features) + T) (one route predicts), V =
//	              min(GOMAXPROCS, 4) + 1 graphs: the network's pool keeps
//	              one per processor, and the collector may drop and rebuild
//	              them (GOMAXPROCS itself, not procs.Workers: a sync.Pool
//	              keeps one private item per P, and hornetctl doubles the
//	              Ps)
//	optimum       42·2·features·C (the continuous optimum's L-BFGS: 15
//	              pairs of history and about a dozen work vectors over W)
//	              + 12·min(rows, 256)·features (its graph of
//	              model.OptimumBatch rows)
//	halves        2·rows·features + (4 + H)·rows·min(rows, 2·features)
//	              + H·42·min(rows, 2·features)·C
//	              + H·ridge.NewtonValues(rows, min(rows, 2·features), C),
//	              H = halvesWorkers() (FitSelect's inner cross-validation:
//	              LinAtt's input; for each half the Gram matrix with its
//	              factor and the rows' coordinates; H inner folds' copies,
//	              and L-BFGS over their weights or Newton's method's
//	              Hessian, at once)
//	boundaries    H·(P + data + training + E·W + 4·E·R + T + rule table +
//	              screening) (the categorical route's BoundaryCheck: H
//	              inner networks trained at once, each with one evaluation
//	              graph); a fit takes one route, so optimum + halves and
//	              boundaries count as the larger of the two
//	rule table    2·R·O (indices, a snapshot's copy)
//	screening     2·features·w + 4·Pool·(ScreenOrder + 8) (row bitsets
//	              of the features and of the rule extraction; the best tuples)
//	              + rulesearch.ParityMemory/8 (the parity searches' tables
//	              and candidates)
//
// and returns twice that sum (the Go collector lets the heap grow to twice
// the live data by default, GOGC=100) plus 16 MiB for the runtime and the
// compiled graphs. The estimate is meant as an upper bound within a factor
// of about two (see the test that measures it); an invalid configuration
// (which Validate refuses) estimates math.MaxInt64, over any budget. It saturates at
// math.MaxInt64 instead of overflowing.
func EstimateMemory(cfg model.Config, rows, features, classes, batch int) int64 {
	cfg = cfg.Resolved()
	if cfg.Validate() != nil { // negative or absurd sizes: no bound to give
		return math.MaxInt64
	}
	rows, features, classes = max(rows, 1), max(features, 1), max(classes, 2)
	batch = min(max(batch, 1), rows)
	f := func(v int) float64 { return float64(v) }
	R, O, D, C, B, N := f(cfg.RulesCeiling()), f(cfg.Order), f(features), f(classes), f(batch), f(rows)
	W := D + O
	E := f(model.EvalRows(features))
	words := math.Ceil(N / 64)

	params := (O*R + R*C + 2*D*C + 3*D + 2*C) * 6
	data := 2*N*D + N*(C+2)
	T := f(int(unsafe.Sizeof(activations.ExpTable{}) / 8))
	training := B*(W+4*C) + 8*B*R + 12*B*D + T
	V := f(min(runtime.GOMAXPROCS(0), 4) + 1)
	eval := V * (max(E*W+4*E*R, 8*E*D) + T)
	optimum := 42*2*D*C + 12*min(N, model.OptimumBatch)*D
	H := f(halvesWorkers())
	halves := 2*N*D + (4+H)*N*min(N, 2*D) + H*42*min(N, 2*D)*C +
		H*f(ridge.NewtonValues(rows, min(rows, 2*features), classes))
	table := 2 * R * O
	screening := 2*D*words + 4*f(cfg.Search.Pool)*(f(cfg.Search.ScreenOrder)+8) +
		rulesearch.ParityMemory(features, min(cfg.Search.ScreenOrder, cfg.Order), procs.Workers())/8
	boundaries := H * (params + data + training + E*W + 4*E*R + T + table + screening)
	live := 8 * (params + data + training + eval + max(optimum+halves, boundaries) + table + screening)
	total := 2*live + 16<<20
	if total >= math.MaxInt64 || math.IsNaN(total) {
		return math.MaxInt64
	}
	return int64(total)
}
