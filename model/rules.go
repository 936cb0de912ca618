// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/hornets-go/hornets/activations"
)

// ruleSet is the CatInt rule table: R slots of Order column indices each,
// over Features real columns followed by Order pseudovariable columns.
type ruleSet struct {
	Order    int   `json:"order"`
	Features int   `json:"features"`
	Idx      []int `json:"idx"` // R*Order, each rule's indices sorted
	// Heads is the number of consecutive slots that form a group sharing
	// one tuple.
	Heads int `json:"heads"`
	// Pool holds the screened tuples not yet placed, best first.
	Pool [][]int `json:"pool"`
	// Groups[j] is the input column feature j was encoded from (see
	// Network.SetFeatureGroups); random tuples never hold two features of
	// one group. Empty: no groups.
	Groups []int `json:"groups,omitempty"`
	// Scores is each slot's contribution score from the last scoring pass.
	Scores []float64 `json:"scores"`
	// AttentionSum and AttentionRows accumulate each slot's softmax
	// attention over the training rows it has seen since its tuple was
	// set: AttentionSum[r]/AttentionRows[r] is the paper's mean-attention
	// score, kept for reference (it does not rank the true rule first; the
	// contribution score does).
	AttentionSum  []float64 `json:"attention_sum"`
	AttentionRows []float64 `json:"attention_rows"`
}

func (rs *ruleSet) numRules() int { return len(rs.Idx) / rs.Order }
func (rs *ruleSet) width() int    { return rs.Features + rs.Order }

func (rs *ruleSet) rule(r int) []int { return rs.Idx[r*rs.Order : (r+1)*rs.Order] }

// padTuple writes the features of t and then pseudovariables into dst.
func (rs *ruleSet) padTuple(dst, t []int) {
	copy(dst, t)
	for j := len(t); j < rs.Order; j++ {
		dst[j] = rs.Features + (j - len(t))
	}
}

// randomTuple draws Order distinct columns (features and pseudovariables)
// uniformly, sorted, never two features of one group.
func (rs *ruleSet) randomTuple(dst []int, rng *rand.Rand) {
	w := rs.width()
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

// conflict reports whether tuple t holds two features of one group.
func (rs *ruleSet) conflict(t []int) bool {
	if len(rs.Groups) == 0 {
		return false
	}
	for i, u := range t {
		for _, v := range t[:i] {
			if u < rs.Features && v < rs.Features && rs.Groups[u] == rs.Groups[v] {
				return true
			}
		}
	}
	return false
}

// newRuleSet fills R slots group by group, Heads slots a group, every slot
// of a group holding the same tuple: the strong screened tuples, or random
// tuples when screening found nothing (all tuples, when they fit). The
// screened tuples not placed stay in the pool that the refresh strategy
// draws from.
func newRuleSet(cfg Config, features int, featureGroups []int, screened []tupleScore, rng *rand.Rand) *ruleSet {
	rs := &ruleSet{Order: cfg.Order, Features: features, Heads: min(cfg.Heads, cfg.Rules), Groups: featureGroups}
	R := cfg.Rules
	rs.Idx = make([]int, R*cfg.Order)
	rs.Scores = make([]float64, R)
	rs.AttentionSum = make([]float64, R)
	rs.AttentionRows = make([]float64, R)
	groups := rs.numGroups()

	// The strong tuples, those within Cutoff of the best score and not
	// nested in a stronger one, get the groups, cycling when there are
	// fewer of them than groups; the rest wait in the pool.
	var strong [][]int
	for _, t := range screened {
		nestedInStrong := slices.ContainsFunc(strong, func(u []int) bool { return nested(t.Features, u) })
		switch {
		case len(strong) < groups && t.Score > 0 && t.Score >= cfg.Cutoff*screened[0].Score && !nestedInStrong:
			strong = append(strong, t.Features)
		case !nestedInStrong:
			rs.Pool = append(rs.Pool, t.Features)
		}
	}
	var all [][]int
	if len(strong) == 0 && binom(rs.width(), cfg.Order) <= float64(groups) {
		all = slices.DeleteFunc(enumerateTuples(rs.width(), cfg.Order), rs.conflict)
	}
	tuple := make([]int, cfg.Order)
	for g := range groups {
		switch {
		case len(strong) > 0:
			rs.padTuple(tuple, strong[g%len(strong)])
		case all != nil:
			copy(tuple, all[g%len(all)])
		default:
			rs.randomTuple(tuple, rng)
		}
		lo, hi := rs.group(g)
		for r := lo; r < hi; r++ {
			copy(rs.rule(r), tuple)
		}
	}
	return rs
}

// groupFeatures returns the feature columns of group g's tuple.
func (rs *ruleSet) groupFeatures(g int) []int {
	lo, _ := rs.group(g)
	var fs []int
	for _, c := range rs.rule(lo) {
		if c < rs.Features {
			fs = append(fs, c)
		}
	}
	return fs
}

// dropNested removes from the pool every tuple that contains, or is
// contained in, the tuple of a group below limit other than skip: a rule
// of the larger tuple expresses the smaller one already, so the pair
// (f, g) next to the single (f) adds a redundant group, not a new
// interaction.
func (rs *ruleSet) dropNested(limit int, skip ...int) {
	rs.Pool = slices.DeleteFunc(rs.Pool, func(t []int) bool {
		for g := range limit {
			if slices.Contains(skip, g) {
				continue
			}
			if fs := rs.groupFeatures(g); len(fs) > 0 && nested(t, fs) {
				return true
			}
		}
		return false
	})
}

func (rs *ruleSet) nextFromPool() []int {
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

func (rs *ruleSet) numGroups() int { return (rs.numRules() + rs.Heads - 1) / rs.Heads }

// group returns the slot range [lo, hi) of group g.
func (rs *ruleSet) group(g int) (lo, hi int) {
	return g * rs.Heads, min((g+1)*rs.Heads, rs.numRules())
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

// refresh replaces weak groups by fresh tuples and returns the replaced
// slots. A group is weak when its score (the sum of its heads' scores) is
// below a tenth of the best group's; at most ceil(fraction·groups) of the
// weakest are replaced, and the best group is always kept. A replaced group
// takes the next tuple of the screening pool, or a random tuple once the
// pool is empty.
func (rs *ruleSet) refresh(fraction float64, rng *rand.Rand) []int {
	groups := rs.numGroups()
	if groups < 2 {
		return nil
	}
	if len(rs.Pool) == 0 && binom(rs.width(), rs.Order) <= float64(groups) {
		return nil // every tuple is already in the set
	}
	score := make([]float64, groups)
	best := 0.0
	for g := range groups {
		lo, hi := rs.group(g)
		for r := lo; r < hi; r++ {
			score[g] += rs.Scores[r]
		}
		best = max(best, score[g])
	}
	order := make([]int, groups)
	for g := range order {
		order[g] = g
	}
	sort.SliceStable(order, func(a, b int) bool { return score[order[a]] < score[order[b]] })
	limit := int(math.Ceil(fraction * float64(groups)))
	var replaced []int
	tuple := make([]int, rs.Order)
	for _, g := range order[:min(limit, groups-1)] {
		if score[g] >= 0.1*best {
			break
		}
		rs.dropNested(groups, g)
		if len(rs.Pool) > 0 {
			rs.padTuple(tuple, rs.nextFromPool())
		} else {
			rs.randomTuple(tuple, rng)
		}
		lo, hi := rs.group(g)
		for r := lo; r < hi; r++ {
			copy(rs.rule(r), tuple)
			rs.Scores[r], rs.AttentionSum[r], rs.AttentionRows[r] = 0, 0, 0
			replaced = append(replaced, r)
		}
	}
	slices.Sort(replaced)
	return replaced
}

// Literal is one feature of a rule, possibly negated.
type Literal struct {
	Feature int    `json:"feature"`
	Name    string `json:"name"`
	Negated bool   `json:"negated"`
}

// Rule is a readable clause: the features of one rule tuple (the heads that
// share the tuple merged), pseudovariables dropped, each literal signed by
// the hard polyClip of its weight in the highest-scored head.
type Rule struct {
	Literals []Literal `json:"literals"`
	// Score is the rule's share of the total contribution score of all
	// rules (the scores of all rules sum to 1).
	Score float64 `json:"score"`
	// MeanAttention is the mean softmax attention of the rule's heads
	// over the training rows (summed over heads): the paper's score.
	MeanAttention float64 `json:"mean_attention"`
	// Class is the class whose logit the rule's best head raises most.
	Class int `json:"class"`
	// Slots are the rule slots (heads) merged into this rule.
	Slots []int `json:"slots"`
}

// String renders the clause as "f3 ∧ ¬f17"; a rule whose literals all read
// as absent prints as "⊤".
func (r Rule) String() string {
	if len(r.Literals) == 0 {
		return "⊤"
	}
	parts := make([]string, len(r.Literals))
	for i, l := range r.Literals {
		if l.Negated {
			parts[i] = "¬" + l.Name
		} else {
			parts[i] = l.Name
		}
	}
	return strings.Join(parts, " ∧ ")
}

// FeatureSet returns the rule's feature indices, ascending.
func (r Rule) FeatureSet() []int {
	out := make([]int, len(r.Literals))
	for i, l := range r.Literals {
		out[i] = l.Feature
	}
	slices.Sort(out)
	return out
}

// readRules merges the slots that share a feature tuple and returns the
// rules best first. m is the Order × R factor matrix and w the R × classes
// output matrix, both row-major.
func (rs *ruleSet) readRules(m, w []float64, classes int, names []string) []Rule {
	R := rs.numRules()
	type group struct {
		features  []int
		score     float64
		best      int
		slots     []int
		attention float64
	}
	groups := map[string]*group{}
	var order []string
	total := 0.0
	for r := range R {
		var fs []int
		for _, c := range rs.rule(r) {
			if c < rs.Features {
				fs = append(fs, c)
			}
		}
		if len(fs) == 0 {
			continue // a rule of pseudovariables only is a bias
		}
		key := tupleKey(fs)
		g, ok := groups[key]
		if !ok {
			g = &group{features: fs, best: r}
			groups[key] = g
			order = append(order, key)
		}
		s := rs.Scores[r]
		if math.IsNaN(s) || s < 0 {
			s = 0
		}
		g.score += s
		total += s
		if rs.Scores[g.best] < s {
			g.best = r
		}
		g.slots = append(g.slots, r)
		if rs.AttentionRows[r] > 0 {
			g.attention += rs.AttentionSum[r] / rs.AttentionRows[r]
		}
	}
	hard := activations.Func{Kind: activations.PolyClip, K: 0}
	out := make([]Rule, 0, len(order))
	for _, key := range order {
		g := groups[key]
		rule := Rule{Slots: g.slots, MeanAttention: g.attention}
		if total > 0 {
			rule.Score = g.score / total
		}
		// A feature of the tuple is a literal when some head gives it a
		// weight of at least half that head's largest feature weight (the
		// hard polyClip, k = 0, of the relative weight is not 0); its sign
		// is read from the best head.
		used := map[int]bool{}
		for _, r := range g.slots {
			tuple := rs.rule(r)
			scale := 0.0
			for j, c := range tuple {
				if c < rs.Features {
					scale = max(scale, math.Abs(m[j*R+r]))
				}
			}
			for j, c := range tuple {
				if c < rs.Features && scale > 0 && hard.Hard(m[j*R+r]/scale) != 0 {
					used[c] = true
				}
			}
		}
		for j, c := range rs.rule(g.best) {
			if c >= rs.Features || !used[c] {
				continue
			}
			name := fmt.Sprintf("f%d", c)
			if c < len(names) {
				name = names[c]
			}
			rule.Literals = append(rule.Literals, Literal{Feature: c, Name: name, Negated: m[j*R+g.best] < 0})
		}
		rule.Class = argmax(centred(w[g.best*classes : (g.best+1)*classes]))
		out = append(out, rule)
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Score > out[b].Score })
	return out
}

func centred(w []float64) []float64 {
	mean := 0.0
	for _, v := range w {
		mean += v
	}
	mean /= float64(len(w))
	out := make([]float64, len(w))
	for i, v := range w {
		out[i] = v - mean
	}
	return out
}
