// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// Table is the CatInt rule table: R slots of Order column indices each,
// over Features real columns followed by Order pseudovariable columns
// (constant-one columns). Consecutive runs of Heads slots share one tuple:
// they are that tuple's heads.
//
// The zero Table (and a nil *Table) is empty: it has no slots, reads no
// rules and refreshes nothing, and Check reports it. The other methods
// expect a table made by NewTable, or one that passes Check.
type Table struct {
	Order    int   `json:"order"`
	Features int   `json:"features"`
	Idx      []int `json:"idx"` // R·Order, each slot's indices ascending
	// Heads is the number of consecutive slots sharing one tuple.
	Heads int `json:"heads"`
	// Pool holds the screened tuples not yet placed, best first.
	Pool [][]int `json:"pool"`
	// Blocks[j] is the input column feature j was encoded from (its
	// one-hot block); no tuple holds two features of one block. Empty: no
	// blocks.
	Blocks []int `json:"blocks,omitempty"`
	// Scores is each slot's contribution score from the last scoring pass.
	Scores []float64 `json:"scores"`
	// MeanAttention is each slot's mean softmax attention over the rows
	// of the last scoring pass: the paper's score, kept for reference (it
	// does not rank the true rule first; the contribution score does).
	MeanAttention []float64 `json:"mean_attention"`
	// Screened says that the slots hold screened tuples with evidence:
	// Refresh then draws only from the pool, never a random tuple (see
	// Refresh).
	Screened bool `json:"screened,omitempty"`
}

// Slots returns the number of rule slots R (0 for the zero Table).
func (rs *Table) Slots() int {
	if rs == nil || rs.Order < 1 {
		return 0
	}
	return len(rs.Idx) / rs.Order
}

// Width returns the number of columns a slot indexes: the features and
// then Order pseudovariables (0 for a nil Table).
func (rs *Table) Width() int {
	if rs == nil {
		return 0
	}
	return rs.Features + rs.Order
}

// Slot returns the column indices of slot r (not a copy). Like indexing a
// slice, it panics if r is not in [0, Slots()).
func (rs *Table) Slot(r int) []int { return rs.Idx[r*rs.Order : (r+1)*rs.Order] }

// Clone returns a deep copy (nil for nil).
func (rs *Table) Clone() *Table {
	if rs == nil {
		return nil
	}
	c := *rs
	c.Idx = slices.Clone(rs.Idx)
	c.Pool = make([][]int, len(rs.Pool))
	for i, t := range rs.Pool {
		c.Pool[i] = slices.Clone(t)
	}
	c.Blocks = slices.Clone(rs.Blocks)
	c.Scores = slices.Clone(rs.Scores)
	c.MeanAttention = slices.Clone(rs.MeanAttention)
	return &c
}

// Check reports, wrapping ErrTable, a table that does not fit a network
// of the given slots, order and features: wrong lengths, an index out of
// range, a slot or pool tuple whose columns are not strictly ascending
// (the table builds them so, and nested and the rule grouping rely on it;
// a repeated pool feature would become an invalid slot at the next
// refresh), a bad block, a score that is not finite.
func (rs *Table) Check(slots, order, features int) error {
	switch {
	case rs == nil:
		return fmt.Errorf("%w: no rule table", ErrTable)
	case rs.Order != order || rs.Features != features || rs.Heads < 1 || rs.Heads > slots:
		return fmt.Errorf("%w: table is for order %d, %d features, %d heads; network has order %d, %d features, %d slots",
			ErrTable, rs.Order, rs.Features, rs.Heads, order, features, slots)
	case len(rs.Idx) != slots*order || len(rs.Scores) != slots || len(rs.MeanAttention) != slots:
		return fmt.Errorf("%w: %d indices, %d scores and %d mean attentions; want %d, %d and %d",
			ErrTable, len(rs.Idx), len(rs.Scores), len(rs.MeanAttention), slots*order, slots, slots)
	case len(rs.Blocks) != 0 && len(rs.Blocks) != features:
		return fmt.Errorf("%w: %d blocks for %d features", ErrTable, len(rs.Blocks), features)
	}
	for r := range slots {
		t := rs.Slot(r)
		for j, c := range t {
			if c < 0 || c >= features+order || j > 0 && c <= t[j-1] {
				return fmt.Errorf("%w: slot %d has an invalid column index %d", ErrTable, r, c)
			}
		}
	}
	for _, t := range rs.Pool {
		if len(t) == 0 || len(t) > order {
			return fmt.Errorf("%w: pool tuple of %d features, want 1..%d", ErrTable, len(t), order)
		}
		for j, c := range t {
			if c < 0 || c >= features || j > 0 && c <= t[j-1] {
				return fmt.Errorf("%w: pool tuple %v has an invalid feature index %d", ErrTable, t, c)
			}
		}
	}
	for i := range slots {
		if v, a := rs.Scores[i], rs.MeanAttention[i]; math.IsNaN(v) || math.IsInf(v, 0) || math.IsNaN(a) || math.IsInf(a, 0) {
			return fmt.Errorf("%w: slot %d has a non-finite score", ErrTable, i)
		}
	}
	return nil
}

// padTuple writes the features of t and then pseudovariables into dst.
func (rs *Table) padTuple(dst, t []int) {
	copy(dst, t)
	for j := len(t); j < rs.Order; j++ {
		dst[j] = rs.Features + (j - len(t))
	}
}

// randomTuple draws Order distinct columns (features and pseudovariables)
// uniformly, sorted, never two features of one block.
func (rs *Table) randomTuple(dst []int, rng *rand.Rand) {
	w := rs.Width()
	for i := range dst {
	again:
		v := rng.IntN(w)
		if slices.Contains(dst[:i], v) || rs.conflict(append(dst[:i:i], v)) {
			goto again
		}
		dst[i] = v
	}
	slices.Sort(dst)
}

// conflict reports whether tuple t holds two features of one block.
func (rs *Table) conflict(t []int) bool {
	if len(rs.Blocks) == 0 {
		return false
	}
	for i, u := range t {
		for _, v := range t[:i] {
			if u < rs.Features && v < rs.Features && rs.Blocks[u] == rs.Blocks[v] {
				return true
			}
		}
	}
	return false
}

// NewTable fills slots rule slots, Heads slots a tuple, with the strong
// screened tuples (within Cutoff of the best score and not nested in a
// stronger one; where they are all single features, the strongest gives
// way to its Extension, or else, where it is the only one, to its Partner
// unless cfg.ExtensionTest) and,
// with cfg.MainEffects, the screened single features with evidence,
// then, where singles is not nil, a single-feature tuple for each of its
// features (best first, as RankSingles orders them) that has none yet,
// while tuples are left (cycling when there are fewer tuples than fit),
// or random
// tuples when screening found no tuple with evidence (every tuple, when
// they all fit). Only tuples with evidence (Candidate.Evidence) get
// slots; those not placed stay in the pool that Refresh draws from. The
// zero fields of cfg take their defaults (Config{} is the default search);
// blocks may be nil. The error wraps ErrConfig for an invalid cfg, a nil
// rng, or slots or order below 1 or above MaxSlots and MaxOrder, and
// ErrShape for a negative feature count, blocks that are not one per
// feature, or a screened tuple (or extension) that is not 1..order
// ascending features below features, or a feature of singles that is
// not below features.
func NewTable(cfg Config, slots, order, features int, blocks []int, screened []Candidate, singles []int, rng *rand.Rand) (*Table, error) {
	cfg = cfg.Resolved()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	switch {
	case rng == nil:
		return nil, fmt.Errorf("%w: nil *rand.Rand", ErrConfig)
	case slots < 1 || order < 1 || slots > MaxSlots || order > MaxOrder:
		return nil, fmt.Errorf("%w: %d slots of order %d, want 1..%d slots of order 1..%d", ErrConfig, slots, order, MaxSlots, MaxOrder)
	case features < 0:
		return nil, fmt.Errorf("%w: %d features", ErrShape, features)
	case len(blocks) != 0 && len(blocks) != features:
		return nil, fmt.Errorf("%w: %d blocks for %d features", ErrShape, len(blocks), features)
	}
	for _, c := range screened {
		if !validTuple(c.Features, order, features) || c.Extension != nil && !validTuple(c.Extension, order, features) ||
			c.Partner != nil && !validTuple(c.Partner, order, features) {
			return nil, fmt.Errorf("%w: screened tuple %v (extension %v, partner %v), want 1..%d ascending features below %d",
				ErrShape, c.Features, c.Extension, c.Partner, order, features)
		}
	}
	if slices.ContainsFunc(singles, func(j int) bool { return j < 0 || j >= features }) {
		return nil, fmt.Errorf("%w: single features %v, want features below %d", ErrShape, singles, features)
	}
	rs := &Table{Order: order, Features: features, Heads: min(cfg.Heads, slots), Blocks: slices.Clone(blocks)}
	rs.Idx = make([]int, slots*order)
	rs.Scores = make([]float64, slots)
	rs.MeanAttention = make([]float64, slots)
	tuples := rs.tuples()

	strong, pool := layout(cfg, screened, tuples)
	rs.Pool = pool
	if len(strong) > 0 {
		strong = withSingles(strong, singles, tuples)
	}
	var all [][]int
	if len(strong) == 0 && binom(rs.Width(), order) <= float64(tuples) {
		all = slices.DeleteFunc(enumerateTuples(rs.Width(), order), rs.conflict)
	}
	rs.Screened = len(strong) > 0
	tuple := make([]int, order)
	for k := range tuples {
		switch {
		case len(strong) > 0:
			rs.padTuple(tuple, strong[k%len(strong)])
		case len(all) > 0:
			copy(tuple, all[k%len(all)])
		default:
			rs.randomTuple(tuple, rng)
		}
		lo, hi := rs.heads(k)
		for r := lo; r < hi; r++ {
			copy(rs.Slot(r), tuple)
		}
	}
	return rs, nil
}

// StrongTuples returns the tuples that NewTable gives slots to before any
// single-feature tuples, in its order (see NewTable), for slots rule
// slots, and how many of the table's tuples (slots over Heads, rounded
// up) they leave free for the singles of Config.Singles; nil and 0 where
// none has evidence (random tuples) or cfg or slots are invalid.
func StrongTuples(cfg Config, slots int, screened []Candidate) (strong [][]int, free int) {
	cfg = cfg.Resolved()
	if cfg.Validate() != nil || slots < 1 {
		return nil, 0
	}
	heads := min(cfg.Heads, slots)
	tuples := (slots + heads - 1) / heads
	if strong, _ = layout(cfg, screened, tuples); len(strong) == 0 {
		return nil, 0
	}
	return strong, tuples - len(strong)
}

// layout returns the strong tuples of NewTable before its singles, and the
// pool: strongTuples' with a lone single's extension in its place and, with
// cfg.MainEffects, the main effects appended.
func layout(cfg Config, screened []Candidate, tuples int) (strong, pool [][]int) {
	strong, pool, firstExtension, firstPartner := strongTuples(cfg, screened, tuples)
	// Single features alone express no interaction: when every strong
	// tuple is a single, the strongest one's pair takes its slots.
	onlySingles := !slices.ContainsFunc(strong, func(t []int) bool { return len(t) != 1 })
	switch {
	case len(strong) == 1 && firstPartner != nil && !cfg.ExtensionTest:
		// A lone single expresses one main effect and no interaction:
		// its pair that corrects the most of its training rows takes
		// its slots (the Partner), before a pair that only passed the
		// extension test, which may correct none. Beside other singles
		// it keeps them (two target singles of an or gate express it
		// already).
		strong[0] = firstPartner
	case onlySingles && firstExtension != nil:
		// Beside other singles, or with ExtensionTest: the best pair
		// that passed the extension test (only singles have one).
		strong[0] = firstExtension
	}
	if cfg.MainEffects && len(strong) > 0 {
		strong = withMainEffects(strong, screened, tuples)
	}
	return strong, pool
}

// strongTuples splits screened into the strong tuples that get rule
// slots (at most tuples of them, best first), the pool that waits for a
// refresh, and the first strong tuple's Extension and Partner. Where
// Choose marked
// some candidates Chosen, the strong tuples are exactly those, in their
// order; otherwise they are the tuples with evidence scoring at least
// cfg.Cutoff times the best score and not nested in a stronger one. The
// pool holds every other tuple with evidence not nested in a strong one.
func strongTuples(cfg Config, screened []Candidate, tuples int) (strong, pool [][]int, firstExtension, firstPartner []int) {
	chosen := slices.ContainsFunc(screened, func(c Candidate) bool { return c.Chosen })
	for _, t := range screened {
		nestedInStrong := slices.ContainsFunc(strong, func(u []int) bool { return nested(t.Features, u) })
		var isStrong bool
		if chosen {
			isStrong = t.Chosen && len(strong) < tuples
		} else {
			isStrong = len(strong) < tuples && t.Score > 0 && t.Evidence && t.Score >= cfg.Cutoff*screened[0].Score && !nestedInStrong
		}
		switch {
		case isStrong:
			if len(strong) == 0 && !chosen {
				firstExtension, firstPartner = t.Extension, t.Partner
			}
			strong = append(strong, t.Features)
		case !nestedInStrong && t.Evidence && !t.Chosen:
			pool = append(pool, t.Features)
		}
	}
	return strong, pool, firstExtension, firstPartner
}

// validTuple reports whether t holds 1..order strictly ascending features
// below features.
func validTuple(t []int, order, features int) bool {
	if len(t) == 0 || len(t) > order {
		return false
	}
	for j, c := range t {
		if c < 0 || c >= features || j > 0 && c <= t[j-1] {
			return false
		}
	}
	return true
}

// withMainEffects returns strong with every screened single feature that
// has evidence and a positive score appended, unless strong holds it
// already, while there are tuples left for them: a main effect beside the
// interactions that contain it.
func withMainEffects(strong [][]int, screened []Candidate, tuples int) [][]int {
	for _, t := range screened {
		if len(strong) >= tuples {
			break
		}
		if len(t.Features) == 1 && t.Evidence && t.Score > 0 &&
			!slices.ContainsFunc(strong, func(u []int) bool { return slices.Equal(u, t.Features) }) {
			strong = append(strong, t.Features)
		}
	}
	return strong
}

// withSingles returns strong with a single-feature tuple appended for
// each feature of singles, in its order, that strong does not hold as a
// single already, while there are tuples left for them.
func withSingles(strong [][]int, singles []int, tuples int) [][]int {
	for _, j := range singles {
		if len(strong) >= tuples {
			break
		}
		if !slices.ContainsFunc(strong, func(u []int) bool { return len(u) == 1 && u[0] == j }) {
			strong = append(strong, []int{j})
		}
	}
	return strong
}

// tupleFeatures returns the feature columns of tuple k.
func (rs *Table) tupleFeatures(k int) []int {
	lo, _ := rs.heads(k)
	return rs.slotFeatures(lo)
}

// slotFeatures returns the feature columns of slot r, pseudovariables
// dropped (nil for a slot of pseudovariables only, a bias).
func (rs *Table) slotFeatures(r int) []int {
	var fs []int
	for _, c := range rs.Slot(r) {
		if c < rs.Features {
			fs = append(fs, c)
		}
	}
	return fs
}

// dropNested removes from the pool every tuple that contains, or is
// contained in, a tuple of the table other than skip: a rule of the larger
// tuple expresses the smaller one already, so the pair (f, g) next to the
// single (f) adds redundant heads, not a new interaction.
func (rs *Table) dropNested(skip int) {
	rs.Pool = slices.DeleteFunc(rs.Pool, func(t []int) bool {
		for k := range rs.tuples() {
			if k == skip {
				continue
			}
			if fs := rs.tupleFeatures(k); len(fs) > 0 && nested(t, fs) {
				return true
			}
		}
		return false
	})
}

func (rs *Table) nextFromPool() []int {
	t := rs.Pool[0]
	rs.Pool = rs.Pool[1:]
	return t
}

// nested reports whether one sorted tuple is a subset of the other.
func nested(a, b []int) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	for _, v := range a {
		if _, ok := slices.BinarySearch(b, v); !ok {
			return false
		}
	}
	return true
}

// tuples returns the number of tuples, each held by a run of Heads slots
// (0 when Heads is not positive: the zero Table).
func (rs *Table) tuples() int {
	if rs.Slots() == 0 || rs.Heads < 1 {
		return 0
	}
	return (rs.Slots() + rs.Heads - 1) / rs.Heads
}

// heads returns the slot range [lo, hi) of tuple k's heads.
func (rs *Table) heads(k int) (lo, hi int) {
	return k * rs.Heads, min((k+1)*rs.Heads, rs.Slots())
}

func enumerateTuples(n, k int) [][]int {
	var out [][]int
	t := make([]int, k)
	var rec func(pos, start int)
	rec = func(pos, start int) {
		if pos == k {
			out = append(out, slices.Clone(t))
			return
		}
		for j := start; j <= n-(k-pos); j++ {
			t[pos] = j
			rec(pos+1, j+1)
		}
	}
	rec(0, 0)
	return out
}

// Refresh replaces weak tuples by fresh ones and returns the replaced
// slots, ascending. A tuple is weak when its score (the sum of its heads'
// Scores, over every group of heads that holds it) is below a tenth of
// the best tuple's; at most
// ceil(fraction·tuples) of the weakest are replaced, and the best tuple is
// always kept. A replaced tuple's heads take the next tuple of the pool,
// or a random tuple once the pool is empty; their scores are reset. A
// screened table (Screened) takes no random tuple: screening has already
// judged the tuples it scored, and a tuple without evidence only gives the
// rules room to fit noise (with 15 % of the labels flipped, random tuples
// drawn late in training took ReLU networks from 1.000 to 0.95 accuracy on
// clean rows); its weak tuples are kept once the pool is spent. A fraction
// that is not positive (or NaN) replaces nothing, and one above 1 counts
// as 1. Refresh panics if it has to draw a random tuple and rng is nil.
func (rs *Table) Refresh(fraction float64, rng *rand.Rand) []int {
	tuples := rs.tuples()
	if tuples < 2 {
		return nil
	}
	if len(rs.Pool) == 0 && binom(rs.Width(), rs.Order) <= float64(tuples) {
		return nil // every tuple is already in the table
	}
	score := rs.tupleTotals()
	best := max(0, slices.Max(score))
	order := make([]int, tuples)
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool { return score[order[a]] < score[order[b]] })
	limit := math.Ceil(fraction * float64(tuples))
	if !(limit >= 1) {
		return nil
	}
	var replaced []int
	tuple := make([]int, rs.Order)
	for _, k := range order[:int(min(limit, float64(tuples-1)))] {
		if score[k] >= 0.1*best {
			break
		}
		rs.dropNested(k)
		if len(rs.Pool) > 0 {
			rs.padTuple(tuple, rs.nextFromPool())
		} else if rs.Screened {
			break
		} else {
			if rng == nil {
				panic("rulesearch: Table.Refresh: nil *rand.Rand, needed for a random tuple")
			}
			rs.randomTuple(tuple, rng)
		}
		lo, hi := rs.heads(k)
		for r := lo; r < hi; r++ {
			copy(rs.Slot(r), tuple)
			rs.Scores[r], rs.MeanAttention[r] = 0, 0
			replaced = append(replaced, r)
		}
	}
	slices.Sort(replaced)
	return replaced
}

// tupleTotals returns each tuple group's score for Refresh: the summed
// Scores of the heads of every group that holds the same tuple. When
// fewer strong tuples than groups fill the table, each sits in several
// groups, and one copy can score low while the others carry the rule; it
// is still the strong tuple, and replacing it would give its slots to the
// next pool tuple, often chance evidence that a fast output layer uses to
// fit flipped labels (or, 32 features, 10 % of the labels flipped: the
// pool pair (f7, f25) took four slots beside or(f11, f29) and ruled three
// noisy rows, accuracy 0.941 on clean rows; scored by tuple, 1.000).
func (rs *Table) tupleTotals() []float64 {
	tuples := rs.tuples()
	score := make([]float64, tuples)
	keys := make([]string, tuples)
	total := make(map[string]float64, tuples)
	for k := range tuples {
		lo, hi := rs.heads(k)
		for r := lo; r < hi; r++ {
			score[k] += rs.Scores[r]
		}
		keys[k] = tupleKey(rs.Slot(lo))
		total[keys[k]] += score[k]
	}
	for k := range score {
		score[k] = total[keys[k]]
	}
	return score
}

// RankedTuples returns the distinct feature tuples of the table
// (pseudovariables dropped, tuples of none left out), by the summed Scores
// of their heads, best first; ties keep slot order.
func (rs *Table) RankedTuples() [][]int {
	type ranked struct {
		features []int
		score    float64
	}
	var out []*ranked
	index := map[string]*ranked{}
	for r := range rs.Slots() {
		fs := rs.slotFeatures(r)
		if len(fs) == 0 {
			continue
		}
		key := tupleKey(fs)
		t, ok := index[key]
		if !ok {
			t = &ranked{features: fs}
			index[key] = t
			out = append(out, t)
		}
		if s := rs.Scores[r]; s > 0 {
			t.score += s
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].score > out[b].score })
	tuples := make([][]int, len(out))
	for i, t := range out {
		tuples[i] = t.features
	}
	return tuples
}
