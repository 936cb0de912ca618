// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"context"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Settings of Choose's boosting (see Choose).
const (
	// chooseFitSteps is the number of Newton steps on a tuple's cells
	// once it is taken: enough that a second tuple explaining the same
	// rows has little gain left.
	chooseFitSteps = 3
	// chooseL2 is the L2 penalty on each cell's logit change (one row's
	// worth of curvature), which keeps cells of a few rows from
	// dominating the gain.
	chooseL2 = 1.0
	// chooseWork bounds the work of Choose, about candidates² × (rows +
	// cells) × classes multiply-adds (a few seconds): past it Choose
	// weighs fewer candidates (candidateLimit).
	chooseWork = 2e9
)

// Choose decides which tuples get the rule slots by what each adds to the
// tuples chosen before it, not by its own score alone. Ranked by their own
// G statistic, the strong tuples of a table with many classes or many
// single effects are variations of one strong feature: soybean's 64
// strong tuples (19 classes) were all triples around two leaf features,
// and the features that tell its three largest classes apart got no slot
// (training accuracy 0.85, against a logistic regression's 0.93 on
// held-out rows).
//
// Choose fills the runs of heads by forward stagewise fitting of an
// additive multinomial logit over the candidates' value cells: starting
// from the class prior, it takes the candidate whose cells' Newton step
// would lower the training log loss most (the gain Σ_cell,class g²/(h +
// chooseL2) of the gradients g and curvatures h summed over the cell's
// rows) and fits its cells' logits (chooseFitSteps Newton steps) before
// looking for the next. A tuple that explains the same rows as one taken
// before it has little gain left, and one nested in it is never taken; a
// feature that separates two classes the others confuse gains much. The
// candidates are the screened tuples with evidence and a positive score
// (at most half of them) and the single features with evidence (their
// own screen, with cfg.ExtendedBIC), at most 4 per run of heads and as
// many as chooseWork allows (candidateLimit: about 390 on a table of 683
// rows and 19 classes, 100 on 100,000 rows and 2 classes). The gain is
// not priced by the tuple's cells: every candidate has evidence already,
// and a price charges a tuple again for cells whose split the fit so far
// explains (on MONK's-1 the triples (a1 = v, a2 = v, a5 = 1) then lost to
// the pair without a5 and to the single a1 = 3, and the printed rules
// grew from the concept's four to six). Choose takes as many tuples as
// the cutoff rule of NewTable gives slots to (fewer only if the
// candidates run out), then more, up to one per run of heads, only while
// the new tuple's dependence with the label given the fit so far is
// significant after a Bonferroni correction over the tuples of its size
// (Pearson's statistic of its cells' observed against fitted class
// counts, on (cells − 1)(classes − 1) degrees of freedom, times C(D, k),
// below EvidenceFDR): a real effect that the cutoff left out joins, a
// chance tuple does not.
//
// Where NewTable would give slots to at most one tuple, or to single
// features only (the extension rules of NewTable apply there), Choose
// returns screened unchanged. Otherwise it returns the chosen tuples,
// marked Chosen, in the order they were chosen, followed by the other
// candidates of screened. The result depends on nothing but its
// arguments. The error wraps ErrConfig for an invalid cfg or a slot
// count below 1 and ErrShape for a table that does not match itself.
func Choose(d Data, screened []Candidate, cfg Config, slots int) ([]Candidate, error) {
	return ChooseContext(context.Background(), d, screened, cfg, slots)
}

// ChooseContext is Choose, stopped by ctx: it looks at ctx before each
// tuple it takes and returns, once ctx is done, a nil slice and an error
// wrapping ctx.Err(). Uncanceled, it returns what Choose does. A nil ctx
// is an ErrConfig error.
func ChooseContext(ctx context.Context, d Data, screened []Candidate, cfg Config, slots int) ([]Candidate, error) {
	cfg, err := chooseArgs(ctx, "ChooseContext", cfg, slots)
	if err != nil {
		return nil, err
	}
	switch {
	case d.Rows < 0 || d.Features < 0 || d.Classes < 0 || d.Classes > MaxClasses || len(d.X) != d.Rows*d.Features || len(d.Y) != d.Rows:
		return nil, fmt.Errorf("%w: %d × %d table with %d values and %d labels", ErrShape, d.Rows, d.Features, len(d.X), len(d.Y))
	case slices.ContainsFunc(d.Y, func(c int) bool { return c < 0 || c >= d.Classes }):
		return nil, fmt.Errorf("%w: a label outside 0..%d", ErrShape, d.Classes-1)
	}
	for _, c := range screened {
		if !validTuple(c.Features, MaxScreenOrder, d.Features) {
			return nil, fmt.Errorf("%w: screened tuple %v, want 1..%d ascending features below %d", ErrShape, c.Features, MaxScreenOrder, d.Features)
		}
	}
	tuples := (slots + cfg.Heads - 1) / cfg.Heads
	strong, _, _, _ := strongTuples(cfg, screened, tuples)
	if len(strong) <= 1 || !slices.ContainsFunc(strong, func(t []int) bool { return len(t) != 1 }) || d.Rows == 0 {
		return screened, nil
	}

	maxSize := 1
	for _, c := range screened {
		maxSize = max(maxSize, len(c.Features))
	}
	cands, err := chooseCandidates(ctx, d, screened, cfg, min(4*tuples, candidateLimit(d.Rows, d.Classes, maxSize)))
	if err != nil {
		return nil, err
	}
	b := newBooster(d, cands)
	b.ctx = ctx
	order := b.run(nil, len(strong), tuples, significance(d, cands))
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("rulesearch: choosing tuples canceled: %w", err)
	}
	return chosenFirst(cands, order, screened), nil
}

// chooseArgs checks the arguments Choose and ChooseAfterContext share
// and returns cfg resolved: a nil ctx (named by caller), an invalid cfg
// or fewer than one slot is an ErrConfig error.
func chooseArgs(ctx context.Context, caller string, cfg Config, slots int) (Config, error) {
	if ctx == nil {
		return cfg, fmt.Errorf("%w: %s: nil context.Context (use context.Background())", ErrConfig, caller)
	}
	cfg = cfg.Resolved()
	if err := cfg.Validate(); err != nil {
		return cfg, err
	}
	if slots < 1 {
		return cfg, fmt.Errorf("%w: %d slots, want 1 or more", ErrConfig, slots)
	}
	return cfg, nil
}

// significance is Choose's test of a candidate's dependence with the
// label given the fit so far: Pearson's statistic of its cells' observed
// against fitted class counts on (cells − 1)(classes − 1) degrees of
// freedom, times the C(D, k) tuples of its size, below EvidenceFDR.
func significance(d Data, cands []Candidate) func(k int, pearson float64, cells int) bool {
	return func(k int, pearson float64, cells int) bool {
		df := float64((cells - 1) * (d.Classes - 1))
		return df >= 1 && distuv.ChiSquared{K: df}.Survival(pearson)*binom(d.Features, len(cands[k].Features)) < EvidenceFDR
	}
}

// chosenFirst returns the candidates taken, in order, marked Chosen and
// without an Extension, followed by the other candidates of
// screened, not Chosen.
func chosenFirst(cands []Candidate, order []int, screened []Candidate) []Candidate {
	out := make([]Candidate, 0, len(screened)+len(order))
	for _, k := range order {
		c := cands[k]
		c.Features = slices.Clone(c.Features)
		c.Extension, c.Chosen = nil, true
		out = append(out, c)
	}
	for _, c := range screened {
		if !slices.ContainsFunc(out, func(o Candidate) bool { return slices.Equal(o.Features, c.Features) }) {
			c.Chosen = false
			out = append(out, c)
		}
	}
	return out
}

// ChooseAfterContext gives first the first rule slots and lets Choose's
// boosting weigh the strong tuples after it: it fits first's cells, then
// takes strong tuples best gain first while each one's dependence with the
// label given the fit so far is significant (Choose's test: after a
// Bonferroni correction over the tuples of its size, below EvidenceFDR),
// up to the slots' runs of heads. A strong tuple nested in one taken is
// not taken. It returns first and the strong tuples taken, marked Chosen,
// followed by every other candidate of screened, not Chosen. strong holds
// the tuples NewTable would give slots to (StrongTuples); a tuple of
// screened with the same features lends its score and evidence. The
// error wraps ErrConfig or ErrShape as Choose's does, or ctx.Err() once
// ctx is done.
func ChooseAfterContext(ctx context.Context, d Data, first Candidate, strong [][]int, screened []Candidate, cfg Config, slots int) ([]Candidate, error) {
	cfg, err := chooseArgs(ctx, "ChooseAfterContext", cfg, slots)
	if err != nil {
		return nil, err
	}
	if !d.screenable() {
		return nil, fmt.Errorf("%w: a %d × %d table with %d values and %d labels that cannot be screened", ErrShape, d.Rows, d.Features, len(d.X), len(d.Y))
	}
	for _, t := range append([][]int{first.Features}, strong...) {
		if !validTuple(t, MaxScreenOrder, d.Features) {
			return nil, fmt.Errorf("%w: tuple %v, want 1..%d ascending features below %d", ErrShape, t, MaxScreenOrder, d.Features)
		}
	}
	cands := []Candidate{first}
	for _, t := range strong {
		if slices.ContainsFunc(cands, func(c Candidate) bool { return slices.Equal(c.Features, t) }) {
			continue
		}
		c := Candidate{Features: t, Evidence: true}
		if k := slices.IndexFunc(screened, func(o Candidate) bool { return slices.Equal(o.Features, t) }); k >= 0 {
			c = screened[k]
		}
		cands = append(cands, c)
	}
	b := newBooster(d, cands)
	b.ctx = ctx
	order := b.run([]int{0}, 1, (slots+cfg.Heads-1)/cfg.Heads, significance(d, cands))
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("rulesearch: choosing tuples canceled: %w", err)
	}
	return chosenFirst(cands, order, screened), nil
}

// chooseCandidates returns at most limit candidates: the screened tuples
// with evidence and a positive score, at most half of them, then the best
// single features with evidence (screened on their own, with
// cfg.ExtendedBIC), each tuple once. The error wraps ctx.Err().
func chooseCandidates(ctx context.Context, d Data, screened []Candidate, cfg Config, limit int) ([]Candidate, error) {
	var cands []Candidate
	add := func(c Candidate) {
		if c.Evidence && c.Score > 0 && len(cands) < limit &&
			!slices.ContainsFunc(cands, func(o Candidate) bool { return slices.Equal(o.Features, c.Features) }) {
			cands = append(cands, c)
		}
	}
	for _, c := range screened {
		if len(cands) == limit/2 {
			break
		}
		add(c)
	}
	singles, _, err := ScreenContext(ctx, d, 1, cfg.ScreenBudget, limit, cfg.ExtendedBIC)
	if err != nil {
		return nil, err
	}
	for _, c := range singles {
		add(c)
	}
	return cands, nil
}

// candidateLimit returns how many candidates Choose weighs so that its
// work, about candidates² × (rows + 2^maxSize) × classes, stays within
// chooseWork: each of at most as many rounds as candidates scans them all.
func candidateLimit(rows, classes, maxSize int) int {
	perPair := float64(rows+1<<maxSize) * float64(max(classes, 1))
	return max(8, int(math.Sqrt(chooseWork/perPair)))
}

// booster fits the additive logit of Choose over a fixed set of rows.
type booster struct {
	rows, classes int
	y             []int
	cells         [][]uint8       // cells[k][i]: row i's value cell of candidate k
	width         []int           // width[k]: candidate k's number of cells, 2^features
	features      [][]int         // features[k]: candidate k's tuple
	logit, p      []float64       // rows × classes
	grad, curv    []float64       // rows × classes: p − y and p(1 − p)
	g, h          []float64       // scratch: cells × classes sums of grad and curv (or p)
	ctx           context.Context // stops run; nil: never
}

func newBooster(d Data, cands []Candidate) *booster {
	high := math.Inf(-1)
	for _, v := range d.X {
		high = max(high, v)
	}
	n, c := d.Rows, d.Classes
	b := &booster{rows: n, classes: c, y: d.Y, cells: make([][]uint8, len(cands)), width: make([]int, len(cands)),
		features: make([][]int, len(cands))}
	for k, t := range cands {
		b.features[k] = t.Features
		cell := make([]uint8, n)
		for i := range n {
			x := d.X[i*d.Features : (i+1)*d.Features]
			var v uint8
			for j, f := range t.Features {
				if x[f] == high {
					v |= 1 << j
				}
			}
			cell[i] = v
		}
		b.cells[k] = cell
		b.width[k] = 1 << len(t.Features)
	}
	counts := make([]float64, c)
	for _, y := range b.y {
		counts[y]++
	}
	b.logit = make([]float64, n*c)
	for i := range n {
		for k := range c {
			b.logit[i*c+k] = math.Log((counts[k] + 0.5) / (float64(n) + 0.5*float64(c)))
		}
	}
	b.p = make([]float64, n*c)
	b.grad = make([]float64, n*c)
	b.curv = make([]float64, n*c)
	b.g = make([]float64, (1<<MaxScreenOrder)*c)
	b.h = make([]float64, (1<<MaxScreenOrder)*c)
	return b
}

// run takes the candidates first, in their order, then candidates best
// gain first, and returns them in the order taken: want in all, then more
// while the best new candidate's dependence with the label given the fit
// so far passes significant, up to most. Each candidate taken gets
// chooseFitSteps Newton steps on its cells before the next is looked
// for. Once b.ctx is done it returns the candidates taken so far.
func (b *booster) run(first []int, want, most int, significant func(k int, pearson float64, cells int) bool) []int {
	var order []int
	taken := make([]bool, len(b.cells))
	for len(order) < most {
		if b.ctx != nil && b.ctx.Err() != nil {
			break
		}
		b.gradients()
		best, bestGain := -1, -1.0
		if len(order) < len(first) {
			best = first[len(order)]
		} else {
			for k := range b.cells {
				if taken[k] || slices.ContainsFunc(order, func(t int) bool { return nested(b.features[k], b.features[t]) }) {
					continue
				}
				if gain := b.gain(k); gain > bestGain {
					best, bestGain = k, gain
				}
			}
			if best < 0 {
				break
			}
			if len(order) >= want {
				if pearson, cells := b.pearson(best); !significant(best, pearson, cells) {
					break
				}
			}
		}
		taken[best] = true
		order = append(order, best)
		for step := range chooseFitSteps {
			if step > 0 {
				b.gradients()
			}
			b.gain(best)
			b.step(best)
		}
	}
	return order
}

// gradients sets p, grad and curv from the logits.
func (b *booster) gradients() {
	c := b.classes
	for i := range b.rows {
		l, p := b.logit[i*c:(i+1)*c], b.p[i*c:(i+1)*c]
		m := slices.Max(l)
		var s float64
		for k, v := range l {
			p[k] = math.Exp(v - m)
			s += p[k]
		}
		for k := range p {
			p[k] /= s
			g := p[k]
			if k == b.y[i] {
				g--
			}
			b.grad[i*c+k] = g
			b.curv[i*c+k] = p[k] * (1 - p[k])
		}
	}
}

// cellSums fills g and h with the per-cell, per-class sums of grad and
// of second (curv or p) over candidate k's cells and returns the number of
// entries used.
func (b *booster) cellSums(k int, second []float64) int {
	c := b.classes
	n := b.width[k] * c
	clear(b.g[:n])
	clear(b.h[:n])
	for i, v := range b.cells[k] {
		lo := int(v) * c
		g, h := b.g[lo:lo+c], b.h[lo:lo+c]
		for j := range g {
			g[j] += b.grad[i*c+j]
			h[j] += second[i*c+j]
		}
	}
	return n
}

// gain fills g and h with candidate k's gradient and curvature sums and
// returns the loss reduction of a Newton step on its cells.
func (b *booster) gain(k int) float64 {
	n := b.cellSums(k, b.curv)
	var gain float64
	for j, g := range b.g[:n] {
		gain += g * g / (b.h[j] + chooseL2)
	}
	return gain
}

// pearson returns Pearson's statistic of candidate k's cells given the
// fit, Σ_cell,class (observed − expected)² / expected (the gradient sum
// is expected − observed), and its number of non-empty cells.
func (b *booster) pearson(k int) (float64, int) {
	c := b.classes
	b.cellSums(k, b.p)
	var stat float64
	var cells int
	for v := range b.width[k] {
		var rows float64
		for j := range c {
			if e := b.h[v*c+j]; e > 0 {
				stat += b.g[v*c+j] * b.g[v*c+j] / e
				rows += e
			}
		}
		if rows > 0 {
			cells++
		}
	}
	return stat, cells
}

// step moves candidate k's cell logits by the Newton step in g and h
// (filled by gain(k)).
func (b *booster) step(k int) {
	c := b.classes
	for i, v := range b.cells[k] {
		for j := range c {
			b.logit[i*c+j] -= b.g[int(v)*c+j] / (b.h[int(v)*c+j] + chooseL2)
		}
	}
}
