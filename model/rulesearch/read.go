// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/hornets-go/hornets/activations"
)

// Literal is one feature of a rule, possibly negated.
type Literal struct {
	Feature int    `json:"feature"`
	Name    string `json:"name"`
	Negated bool   `json:"negated"`
}

// Interaction is one feature tuple of the network read as a clause: the
// features of one rule tuple (the heads that
// share the tuple merged), pseudovariables dropped, each literal signed by
// the hard polyClip of its weight in the highest-scored head.
type Interaction struct {
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
func (r Interaction) String() string {
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
func (r Interaction) FeatureSet() []int {
	out := make([]int, len(r.Literals))
	for i, l := range r.Literals {
		out[i] = l.Feature
	}
	slices.Sort(out)
	return out
}

// Read merges the slots that share a feature tuple and returns the rules
// best first. m is the Order × R factor matrix and w the R × classes
// output matrix, both row-major; names[j] names feature j (f<j> when
// missing). The error wraps ErrShape when classes is below 1 or m or w
// has another length.
func (rs *Table) Read(m, w []float64, classes int, names []string) ([]Interaction, error) {
	R, O := rs.Slots(), 0
	if R > 0 {
		O = rs.Order
	}
	if classes < 1 || len(m) != O*R || len(w) != R*classes {
		return nil, fmt.Errorf("%w: %d factor and %d output weights for %d slots and %d classes", ErrShape, len(m), len(w), R, classes)
	}
	type merged struct {
		features  []int
		score     float64
		best      int
		slots     []int
		attention float64
	}
	groups := map[string]*merged{}
	var order []string
	total := 0.0
	for r := range R {
		fs := rs.slotFeatures(r)
		if len(fs) == 0 {
			continue // a rule of pseudovariables only is a bias
		}
		key := tupleKey(fs)
		g, ok := groups[key]
		if !ok {
			g = &merged{features: fs, best: r}
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
		g.attention += rs.MeanAttention[r]
	}
	hard := activations.Func{Kind: activations.PolyClip, K: 0}
	out := make([]Interaction, 0, len(order))
	for _, key := range order {
		g := groups[key]
		rule := Interaction{Slots: g.slots, MeanAttention: g.attention}
		if total > 0 {
			rule.Score = g.score / total
		}
		// A feature of the tuple is a literal when some head gives it a
		// weight of at least half that head's largest feature weight (the
		// hard polyClip, k = 0, of the relative weight is not 0); its sign
		// is read from the best head.
		used := map[int]bool{}
		for _, r := range g.slots {
			tuple := rs.Slot(r)
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
		for j, c := range rs.Slot(g.best) {
			if c >= rs.Features || !used[c] {
				continue
			}
			rule.Literals = append(rule.Literals, Literal{Feature: c, Name: featureName(names, c), Negated: m[j*R+g.best] < 0})
		}
		rule.Class = activations.Argmax(centred(w[g.best*classes : (g.best+1)*classes]))
		out = append(out, rule)
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Score > out[b].Score })
	return out, nil
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
