// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// maxTupleFeatures is the number of features of a tuple that Extract
// draws literals from; the rest are ignored, so a tuple gives at most
// 3^5 − 1 = 242 candidate conjunctions.
const maxTupleFeatures = 5

// z95 is the standard normal quantile of the 95% two-sided interval,
// Φ⁻¹(0.975) = √2·erf⁻¹(0.95) ≈ 1.96 (gonum's distuv would pull
// golang.org/x/exp into go.mod for this one number).
var z95 = math.Sqrt2 * math.Erfinv(0.95)

// Evidence is what the rows a rule decides say about it.
type Evidence struct {
	// Support is the number of rows the rule decides: the rows where it
	// is the first rule of the list whose literals all hold (for the
	// default, the rows where no rule holds).
	Support int `json:"support"`
	// Correct is the number of those rows whose reference class (the
	// label, or the network's prediction when there are no labels; see
	// List.Labelled) is the rule's class.
	Correct int `json:"correct"`
	// Precision is Correct/Support; PrecisionLow and PrecisionHigh bound
	// its 95% Wilson score interval. With Support 0 they are 0, 0 and 1:
	// no evidence, the whole unit interval.
	Precision     float64 `json:"precision"`
	PrecisionLow  float64 `json:"precision_low"`
	PrecisionHigh float64 `json:"precision_high"`
}

// set fills e from the counts.
func (e *Evidence) set(support, correct int) {
	e.Support, e.Correct = support, correct
	if support == 0 {
		e.Precision, e.PrecisionLow, e.PrecisionHigh = 0, 0, 1
		return
	}
	e.Precision = float64(correct) / float64(support)
	e.PrecisionLow, e.PrecisionHigh = wilson(correct, support, z95)
}

// wilson returns the Wilson score interval of k successes in n > 0 trials
// at the normal quantile z:
//
//	(p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n),  p̂ = k/n.
func wilson(k, n int, z float64) (lo, hi float64) {
	p, fn := float64(k)/float64(n), float64(n)
	z2 := z * z
	d := 1 + z2/fn
	centre := (p + z2/(2*fn)) / d
	half := z / d * math.Sqrt(p*(1-p)/fn+z2/(4*fn*fn))
	lo, hi = max(0, centre-half), min(1, centre+half)
	// At k = 0 and k = n the exact bounds are 0 and 1; rounding would
	// leave 1e-17 and 0.9999999999999999.
	if k == 0 {
		lo = 0
	}
	if k == n {
		hi = 1
	}
	return lo, hi
}

// DecisionRule is one rule of a decision list: when all its literals hold
// (and no earlier rule's do), the row is of Class.
type DecisionRule struct {
	// Literals, ascending by feature, at most one per feature. A literal
	// holds when its column is 1, or 0 when Negated; a value that is
	// neither 0 nor 1 satisfies neither.
	Literals []Literal `json:"literals"`
	Class    int       `json:"class"`
	Evidence
}

// holds reports whether every literal of r holds on row; a literal on a
// feature the row does not have does not hold.
func (r *DecisionRule) holds(row []float64) bool {
	for _, l := range r.Literals {
		want := 1.0
		if l.Negated {
			want = 0
		}
		if l.Feature < 0 || l.Feature >= len(row) || row[l.Feature] != want {
			return false
		}
	}
	return true
}

// List is an ordered decision list: the first rule whose literals all hold
// decides a row's class, and Default decides the rows no rule holds on.
// The evidence fields describe the rows of the last Evaluate (Extract
// evaluates the list on its own rows, against the network).
type List struct {
	Rules           []DecisionRule `json:"rules"`
	Default         int            `json:"default"`
	DefaultEvidence Evidence       `json:"default_evidence"`
	// Rows is the number of rows evaluated.
	Rows int `json:"rows"`
	// Labelled reports whether the evidence was computed against labels.
	// When false, each Correct and Precision and Accuracy are computed
	// against the network's predictions (Accuracy equals Fidelity) and
	// NetworkAccuracy is 0.
	Labelled bool `json:"labelled"`
	// Fidelity is the share of rows where the list's class equals the
	// network's prediction.
	Fidelity float64 `json:"fidelity"`
	// Accuracy is the share of rows where the list's class equals the
	// label.
	Accuracy float64 `json:"accuracy"`
	// NetworkAccuracy is the share of rows where the network's prediction
	// equals the label.
	NetworkAccuracy float64 `json:"network_accuracy"`
}

// Decide returns the class of one row (its Features values) and the index
// of the deciding rule, -1 for the default. A literal on a feature past the
// end of row does not hold. A nil list decides as an empty one: class 0
// (the zero Default), rule -1.
func (l *List) Decide(row []float64) (class, rule int) {
	if l == nil {
		return 0, -1
	}
	for i := range l.Rules {
		if l.Rules[i].holds(row) {
			return l.Rules[i].Class, i
		}
	}
	return l.Default, -1
}

// Evaluate recomputes the evidence of the list on rows x (rows × features,
// row-major) with the network's predictions pred and the labels y: each
// rule's and the default's Support, Correct and precision interval
// (against y), Fidelity (against pred), Accuracy and NetworkAccuracy. y
// may be nil; then the reference class is pred (see Labelled). The rules
// are not changed. Evaluate panics if the lengths do not match or a
// literal's feature is not below features. A nil list has nowhere to
// keep evidence: Evaluate checks the lengths and records nothing.
func (l *List) Evaluate(x []float64, rows, features int, pred, y []int) {
	if rows < 0 || features < 0 || len(x) != rows*features || len(pred) != rows || (y != nil && len(y) != rows) {
		panic("rulesearch: Evaluate: mismatched lengths")
	}
	if l == nil {
		return
	}
	for _, r := range l.Rules {
		for _, lit := range r.Literals {
			if lit.Feature < 0 || lit.Feature >= features {
				panic("rulesearch: Evaluate: literal feature out of range")
			}
		}
	}
	l.Labelled = y != nil
	ref := y
	if ref == nil {
		ref = pred
	}
	support := make([]int, len(l.Rules)+1) // the default last
	correct := make([]int, len(l.Rules)+1)
	agree, right, netRight := 0, 0, 0
	for i := range rows {
		c, r := l.Decide(x[i*features : (i+1)*features])
		if r < 0 {
			r = len(l.Rules)
		}
		support[r]++
		if c == ref[i] {
			correct[r]++
			right++
		}
		if c == pred[i] {
			agree++
		}
		if pred[i] == ref[i] {
			netRight++
		}
	}
	for i := range l.Rules {
		l.Rules[i].set(support[i], correct[i])
	}
	l.DefaultEvidence.set(support[len(l.Rules)], correct[len(l.Rules)])
	l.Rows = rows
	l.Fidelity, l.Accuracy, l.NetworkAccuracy = share(agree, rows), share(right, rows), share(netRight, rows)
	if !l.Labelled {
		l.NetworkAccuracy = 0
	}
}

// share returns k/n, 0 when n is 0.
func share(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(k) / float64(n)
}

// String renders the list with class ids; see Text. A nil list renders
// as "".
func (l *List) String() string { return l.Text(nil, nil) }

// Text renders the list RIPPER-style, one rule a line and then the
// default and the summary, e.g.
//
//	IF f3 = 0 AND f7 = 1 THEN 1   support 34  precision 1.00 [0.90, 1.00]
//	ELSE 0                        support 67  precision 1.00 [0.95, 1.00]
//	fidelity 1.000: the rules give the network's prediction on 128 of 128 rows; accuracy by hand 1.000, network 1.000
//
// classes[c] names class c (its number when missing); literal renders a
// literal (nil: "name = 1", or "name = 0" when negated). A nil list
// renders as "".
func (l *List) Text(classes []string, literal func(Literal) string) string {
	if l == nil {
		return ""
	}
	if literal == nil {
		literal = func(lit Literal) string {
			if lit.Negated {
				return lit.Name + " = 0"
			}
			return lit.Name + " = 1"
		}
	}
	className := func(c int) string {
		if c >= 0 && c < len(classes) {
			return classes[c]
		}
		return strconv.Itoa(c)
	}
	heads := make([]string, len(l.Rules)+1)
	for i, r := range l.Rules {
		conds := make([]string, len(r.Literals))
		for j, lit := range r.Literals {
			conds[j] = literal(lit)
		}
		heads[i] = "IF " + strings.Join(conds, " AND ") + " THEN " + className(r.Class)
	}
	heads[len(l.Rules)] = "ELSE " + className(l.Default)
	width := 0
	for _, h := range heads {
		width = max(width, len([]rune(h)))
	}
	var b strings.Builder
	for i, h := range heads {
		e := &l.DefaultEvidence
		if i < len(l.Rules) {
			e = &l.Rules[i].Evidence
		}
		fmt.Fprintf(&b, "%s%s   support %d  precision %.2f [%.2f, %.2f]\n",
			h, strings.Repeat(" ", width-len([]rune(h))), e.Support, e.Precision, e.PrecisionLow, e.PrecisionHigh)
	}
	agree := int(math.Round(l.Fidelity * float64(l.Rows)))
	fmt.Fprintf(&b, "fidelity %.3f: the rules give the network's prediction on %d of %d rows", l.Fidelity, agree, l.Rows)
	if l.Labelled {
		fmt.Fprintf(&b, "; accuracy by hand %.3f, network %.3f\n", l.Accuracy, l.NetworkAccuracy)
	} else {
		b.WriteString(" (no labels: precision is against the network)\n")
	}
	return b.String()
}

// Extract builds a decision list that reproduces pred, the network's
// predicted class (0..classes-1) of each of the binary rows x (rows ×
// features, row-major, values 0 or 1; any other value satisfies no
// literal), using only literals on the features of the given tuples (the
// network's feature tuples, best first). Tuple entries not below features
// (a rule slot's pseudovariables) are ignored, and so is any feature of a
// tuple after its fifth. names[j] names feature j (f<j> when missing).
// The list is evaluated on the rows against pred (Labelled is false);
// call Evaluate with labels for accuracies. See the package documentation
// for the algorithm. Extract panics if the lengths do not match, classes
// is not positive, or a prediction or tuple entry is out of range.
func Extract(x []float64, rows, features int, pred []int, classes int, tuples [][]int, names []string) *List {
	if rows < 0 || features < 0 || len(x) != rows*features || len(pred) != rows || classes < 1 {
		panic("rulesearch: Extract: mismatched lengths")
	}
	for _, c := range pred {
		if c < 0 || c >= classes {
			panic("rulesearch: Extract: prediction out of range")
		}
	}
	e := newExtractor(x, rows, features, pred, classes, tuples)
	var best []rule
	bestD, bestAgree := -1, -1
	// A default the network never predicts gets no exception rules and
	// no row from the default, so every such class covers and prunes
	// alike, both ways: only the first can win (ties go to the earlier),
	// and the others are skipped. A table of many classes, most never
	// predicted, no longer tries each.
	predicted := make([]bool, classes)
	for _, c := range pred {
		predicted[c] = true
	}
	triedUnpredicted := false
	for d := range classes {
		if !predicted[d] {
			if triedUnpredicted {
				continue
			}
			triedUnpredicted = true
		}
		for _, exceptionsFirst := range []bool{true, false} {
			if !predicted[d] && !exceptionsFirst {
				continue
			}
			rules, agree := e.prune(e.cover(d, exceptionsFirst), d)
			if bestD < 0 || agree > bestAgree ||
				agree == bestAgree && literals(rules) < literals(best) ||
				agree == bestAgree && literals(rules) == literals(best) && len(rules) < len(best) {
				best, bestD, bestAgree = rules, d, agree
			}
		}
	}
	l := &List{Default: bestD, Rules: make([]DecisionRule, len(best))}
	for i, r := range best {
		lits := make([]Literal, len(r.lits))
		for j, id := range r.lits {
			f := e.feature[id/2]
			lits[j] = Literal{Feature: f, Name: featureName(names, f), Negated: id%2 == 1}
		}
		l.Rules[i] = DecisionRule{Literals: lits, Class: r.class}
	}
	l.Evaluate(x, rows, features, pred, nil)
	return l
}

// rule is a decision rule during extraction: literal ids (2·k for
// feature[k] = 1, 2·k+1 for feature[k] = 0), ascending, and a class.
type rule struct {
	lits  []int
	class int
}

func literals(rules []rule) int {
	n := 0
	for _, r := range rules {
		n += len(r.lits)
	}
	return n
}

// candidate is a conjunction drawn from a tuple's value cells.
type candidate struct {
	lits  []int
	cover []uint64 // rows where every literal holds
}

// extractor holds the rows as bitsets: one per literal, one per predicted
// class.
type extractor struct {
	rows, words int
	feature     []int      // feature[k]: the k-th feature used by a tuple
	lit         [][]uint64 // lit[id]: rows where literal id holds
	pred        [][]uint64 // pred[c]: rows the network predicts as c
	predOf      []int      // predOf[i]: the class the network predicts for row i
	counts      []int      // scratch of majority: a count per class, zero between calls
	all         []uint64
	cands       []candidate // fewest literals first, then tuple order
	scratch     []uint64
}

func newExtractor(x []float64, rows, features int, pred []int, classes int, tuples [][]int) *extractor {
	w := (rows + 63) / 64
	e := &extractor{rows: rows, words: w, scratch: make([]uint64, w)}
	e.all = make([]uint64, w)
	for i := range rows {
		e.all[i/64] |= 1 << (i % 64)
	}
	e.predOf, e.counts = pred, make([]int, classes)
	e.pred = make([][]uint64, classes)
	for c := range e.pred {
		e.pred[c] = make([]uint64, w)
	}
	for i, c := range pred {
		e.pred[c][i/64] |= 1 << (i % 64)
	}

	// The features of each tuple, deduplicated, at most maxTupleFeatures.
	index := map[int]int{} // feature → k; looked up only, never ranged over
	fs := make([][]int, len(tuples))
	for t, tuple := range tuples {
		for _, f := range tuple {
			if f < 0 {
				panic("rulesearch: Extract: negative tuple entry")
			}
			k, ok := index[f]
			if f >= features || len(fs[t]) == maxTupleFeatures || ok && slices.Contains(fs[t], k) {
				continue
			}
			if !ok {
				k = len(e.feature)
				index[f] = k
				e.feature = append(e.feature, f)
			}
			fs[t] = append(fs[t], k)
		}
	}
	e.lit = make([][]uint64, 2*len(e.feature))
	for id := range e.lit {
		e.lit[id] = make([]uint64, w)
	}
	for i := range rows {
		row := x[i*features : (i+1)*features]
		for k, f := range e.feature {
			switch row[f] {
			case 1:
				e.lit[2*k][i/64] |= 1 << (i % 64)
			case 0:
				e.lit[2*k+1][i/64] |= 1 << (i % 64)
			}
		}
	}

	// Every non-empty partial assignment of each tuple: digit j of code
	// (base 3) is 0 for feature j absent, 1 for = 1, 2 for = 0.
	type keyed struct {
		candidate
		tuple, code int
	}
	var all []keyed
	for t, ks := range fs {
		n := 1
		for range ks {
			n *= 3
		}
		for code := 1; code < n; code++ {
			var lits []int
			for j, v := 0, code; j < len(ks); j, v = j+1, v/3 {
				switch v % 3 {
				case 1:
					lits = append(lits, 2*ks[j])
				case 2:
					lits = append(lits, 2*ks[j]+1)
				}
			}
			slices.SortFunc(lits, func(a, b int) int { return e.feature[a/2] - e.feature[b/2] })
			all = append(all, keyed{candidate{lits: lits}, t, code})
		}
	}
	slices.SortStableFunc(all, func(a, b keyed) int { return len(a.lits) - len(b.lits) })
	// A conjunction met again (in a later tuple, or as the same rows) is
	// dropped: it would only lose every tie to its first occurrence.
	seenLits, seenCover := map[string]bool{}, map[string]bool{}
	for _, c := range all {
		k := fmt.Sprint(c.lits)
		if seenLits[k] {
			continue
		}
		seenLits[k] = true
		c.cover = slices.Clone(e.all)
		for _, id := range c.lits {
			and(c.cover, c.cover, e.lit[id])
		}
		ck := bitsKey(make([]byte, 8*w), c.cover)
		if count(c.cover) == 0 || seenCover[ck] {
			continue
		}
		seenCover[ck] = true
		e.cands = append(e.cands, c.candidate)
	}
	return e
}

func and(dst, a, b []uint64) {
	for i := range dst {
		dst[i] = a[i] & b[i]
	}
}

func count(a []uint64) int {
	n := 0
	for _, v := range a {
		n += bits.OnesCount64(v)
	}
	return n
}

// count3 returns |a ∧ b ∧ c|. (Where c would be every row, countAnd
// does: the predictions, covers and undecided rows are all within it.)
func count3(a, b, c []uint64) int {
	n := 0
	for i := range a {
		n += bits.OnesCount64(a[i] & b[i] & c[i])
	}
	return n
}

// cover builds a decision list with default d by sequential covering
// against the predictions: see the package documentation. When no pure
// rule for a class other than d covers an undecided row, it tries an
// exception (a pure rule for d) before an impure rule if exceptionsFirst,
// after it if not.
func (e *extractor) cover(d int, exceptionsFirst bool) []rule {
	undecided := slices.Clone(e.all)
	var rules []rule
	for {
		rest := count(undecided) - countAnd(undecided, e.pred[d])
		if rest == 0 {
			return rules
		}
		best, class := e.pure(undecided, d, false)
		for _, exception := range []bool{exceptionsFirst, !exceptionsFirst} {
			if best >= 0 {
				break
			}
			if exception {
				best, class = e.pure(undecided, d, true)
			} else {
				best, class = e.gain(undecided, d)
			}
		}
		if best < 0 {
			return rules
		}
		rules = append(rules, rule{lits: e.cands[best].lits, class: class})
		for i, v := range e.cands[best].cover {
			undecided[i] &^= v
		}
	}
}

// pure returns the candidate covering the most undecided rows, all of
// them predicted as one class c (c == d when exception, else c ≠ d), and
// c; -1 when there is none. Ties go to the earlier candidate.
func (e *extractor) pure(undecided []uint64, d int, exception bool) (best, class int) {
	best, most := -1, 0
	for i, c := range e.cands {
		n := countAnd(c.cover, undecided)
		if n <= most {
			continue
		}
		// Only the class of any one of the rows can hold them all.
		k := e.predOf[firstAnd(c.cover, undecided)]
		if (k == d) != exception {
			continue
		}
		if count3(c.cover, undecided, e.pred[k]) == n {
			best, class, most = i, k, n
		}
	}
	return best, class
}

// firstAnd returns the first row set in both a and b, which must share one.
func firstAnd(a, b []uint64) int {
	for i := range a {
		if v := a[i] & b[i]; v != 0 {
			return 64*i + bits.TrailingZeros64(v)
		}
	}
	panic("rulesearch: firstAnd: no row in common")
}

// majority returns the class predicted for more than half of the n rows
// set in both a and b, and how many of them it holds; -1 where there is
// none. With few classes it counts each class's rows by popcount; with
// many it reads the rows one by one (a class count per class would cost
// classes × words a call).
func (e *extractor) majority(a, b []uint64, n int) (class, rows int) {
	if len(e.pred)*len(a) <= n+len(a) {
		for k := range e.pred {
			if nk := count3(a, b, e.pred[k]); 2*nk > n {
				return k, nk
			}
		}
		return -1, 0
	}
	class = -1
	for i := range a {
		for v := a[i] & b[i]; v != 0; v &= v - 1 {
			k := e.predOf[64*i+bits.TrailingZeros64(v)]
			if e.counts[k]++; 2*e.counts[k] > n {
				class = k
			}
		}
	}
	if class >= 0 {
		rows = e.counts[class]
	}
	for i := range a { // reset the counts touched
		for v := a[i] & b[i]; v != 0; v &= v - 1 {
			e.counts[e.predOf[64*i+bits.TrailingZeros64(v)]] = 0
		}
	}
	return class, rows
}

// gain returns the candidate and class c ≠ d that most raise the rows
// agreeing with the network, |covered ∧ pred c| − |covered ∧ pred d| over
// the undecided rows, among those whose covered rows are mostly predicted
// as c; -1 when no candidate raises the agreement.
func (e *extractor) gain(undecided []uint64, d int) (best, class int) {
	best, most := -1, 0
	for i, c := range e.cands {
		n := countAnd(c.cover, undecided)
		if n == 0 {
			continue
		}
		// Only a class holding most of the rows can qualify.
		k, nk := e.majority(c.cover, undecided, n)
		if k < 0 || k == d {
			continue
		}
		if nd := count3(c.cover, undecided, e.pred[d]); nk-nd > most {
			best, class, most = i, k, nk-nd
		}
	}
	return best, class
}

// agreement returns the number of rows where the list (rules, default d)
// agrees with the predictions, and whether every rule agrees with them on
// at least half the rows it decides.
func (e *extractor) agreement(rules []rule, d int) (agree int, ok bool) {
	undecided, covered := slices.Clone(e.all), e.scratch
	ok = true
	for _, r := range rules {
		copy(covered, undecided)
		for _, id := range r.lits {
			and(covered, covered, e.lit[id])
		}
		n, right := count(covered), countAnd(covered, e.pred[r.class])
		if 2*right < n {
			ok = false
		}
		agree += right
		for i, v := range covered {
			undecided[i] &^= v
		}
	}
	return agree + countAnd(undecided, e.pred[d]), ok
}

// prune drops whole rules and single literals (never a rule's last) while
// the agreement with the predictions does not fall and no rule comes to
// contradict most of the rows it decides; it returns the pruned rules and
// their agreement.
func (e *extractor) prune(rules []rule, d int) ([]rule, int) {
	agree, _ := e.agreement(rules, d)
	try := func(next []rule) bool {
		a, ok := e.agreement(next, d)
		if ok && a >= agree {
			agree = a
			return true
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(rules); i++ {
			if try(slices.Delete(slices.Clone(rules), i, i+1)) {
				rules = slices.Delete(rules, i, i+1)
				i--
				changed = true
				continue
			}
			for j := 0; j < len(rules[i].lits) && len(rules[i].lits) > 1; j++ {
				next := slices.Clone(rules)
				next[i].lits = slices.Delete(slices.Clone(rules[i].lits), j, j+1)
				if try(next) {
					rules = next
					j--
					changed = true
				}
			}
		}
	}
	return rules, agree
}

// Clone returns a deep copy of l (nil for nil).
func (l *List) Clone() *List {
	if l == nil {
		return nil
	}
	c := *l
	c.Rules = make([]DecisionRule, len(l.Rules))
	for i, r := range l.Rules {
		r.Literals = slices.Clone(r.Literals)
		c.Rules[i] = r
	}
	return &c
}

// Check reports, wrapping ErrTable, a list that does not fit a network of
// the given features and classes (a corrupt model file): a literal's
// feature or a class out of range, a rule without literals, evidence that
// is not a count or a share; and a nil list.
func (l *List) Check(features, classes int) error {
	if l == nil {
		return fmt.Errorf("%w: no decision list", ErrTable)
	}
	unit := func(v float64) bool { return v >= 0 && v <= 1 }
	if l.Default < 0 || l.Default >= classes || l.Rows < 0 || !unit(l.Fidelity) || !unit(l.Accuracy) || !unit(l.NetworkAccuracy) {
		return fmt.Errorf("%w: decision list default class %d, %d rows, fidelity %g", ErrTable, l.Default, l.Rows, l.Fidelity)
	}
	for i, r := range l.Rules {
		if r.Class < 0 || r.Class >= classes || len(r.Literals) == 0 {
			return fmt.Errorf("%w: decision rule %d has class %d and %d literals", ErrTable, i+1, r.Class, len(r.Literals))
		}
		for _, lit := range r.Literals {
			if lit.Feature < 0 || lit.Feature >= features {
				return fmt.Errorf("%w: decision rule %d has feature %d of %d", ErrTable, i+1, lit.Feature, features)
			}
		}
	}
	evidence := []Evidence{l.DefaultEvidence}
	for _, r := range l.Rules {
		evidence = append(evidence, r.Evidence)
	}
	for _, e := range evidence {
		if e.Support < 0 || e.Correct < 0 || e.Correct > e.Support || !unit(e.Precision) || !unit(e.PrecisionLow) || !unit(e.PrecisionHigh) {
			return fmt.Errorf("%w: decision list evidence %+v", ErrTable, e)
		}
	}
	return nil
}

// DropContradicted removes, one at a time and weakest first, the rules
// that decide no row of x or whose stated class most of the rows they
// decide contradict (labelled precision below 0.5), re-evaluating the list
// on (x, pred, y) after each removal, and leaves it evaluated there. Such
// a rule only copies the network's mistakes on a few training rows; the
// rows it decided fall to the later rules, which may lower the fidelity:
// the list says so. y must not be nil. On a nil list DropContradicted
// does nothing.
func (l *List) DropContradicted(x []float64, rows, features int, pred, y []int) {
	if l == nil {
		return
	}
	for {
		l.Evaluate(x, rows, features, pred, y)
		worst := -1
		for i, r := range l.Rules {
			if (r.Support == 0 || r.Precision < 0.5) && (worst < 0 || r.Precision < l.Rules[worst].Precision) {
				worst = i
			}
		}
		if worst < 0 {
			return
		}
		l.Rules = slices.Delete(l.Rules, worst, worst+1)
	}
}
