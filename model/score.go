// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"math"
	"slices"
	"strings"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// score computes each slot's contribution score and mean attention over
// the categorical rows of x: the attention A[b,r] a rule receives,
// weighted by its class-centred output weights W̃[r,c] = W[r,c] −
// mean_c W[r,c], measured by how much it varies over the rows,
//
//	score_r = Σ_c std_b( A[b,r] · W̃[r,c] ).
//
// A rule whose attention is the same for every row only shifts the bias
// and scores 0; the mean attention alone (the paper's measure) does not
// put the true rule first, this does.
func (n *Network) score(e *evaluator, x []float64, rows int) error {
	R, C := n.cfg.Rules, n.classes
	sum := make([]float64, R*C)
	sq := make([]float64, R*C)
	attSum := make([]float64, R)
	count := 0
	W := n.cat.W.Data().([]float64)
	wc := make([]float64, R*C)
	for r := range R {
		mean := 0.0
		for c := range C {
			mean += W[r*C+c]
		}
		mean /= float64(C)
		for c := range C {
			wc[r*C+c] = W[r*C+c] - mean
		}
	}
	err := n.forward(e, x, rows, func(_, cnt int, route Route, _, att []float64) {
		if route != Categorical {
			return
		}
		for i := range cnt {
			for r, v := range att[i*R : (i+1)*R] {
				attSum[r] += v
				for c := range C {
					t := v * wc[r*C+c]
					sum[r*C+c] += t
					sq[r*C+c] += t * t
				}
			}
		}
		count += cnt
	})
	if err != nil || count == 0 {
		return err
	}
	for r := range R {
		s := 0.0
		for c := range C {
			m := sum[r*C+c] / float64(count)
			v := sq[r*C+c]/float64(count) - m*m
			s += math.Sqrt(max(v, 0))
		}
		n.rules.Scores[r] = s
		n.rules.MeanAttention[r] = attSum[r] / float64(count)
	}
	return nil
}

// Interaction is one feature tuple of the categorical route read as a
// clause, with its contribution score; see rulesearch.Interaction.
type Interaction = rulesearch.Interaction

// Literal is one feature of a clause, possibly negated.
type Literal = rulesearch.Literal

// MinInteractionScore is the smallest score share an interaction needs
// to be listed by Interactions.
const MinInteractionScore = 0.001

// Interactions returns the feature tuples the network uses, best first by
// contribution score, the heads of a tuple merged, at most top of them
// (top <= 0 means all), leaving out those whose score share is below
// MinInteractionScore. Scores are those of the trainer's last scoring
// pass. They say which combinations matter; Rules says what the network
// decides.
func (n *Network) Interactions(top int) ([]Interaction, error) {
	if err := n.ok(); err != nil {
		return nil, err
	}
	names := make([]string, n.features)
	for j := range names {
		names[j] = n.featureName(j)
	}
	rules := n.rules.Read(n.cat.M.Data().([]float64), n.cat.W.Data().([]float64), n.classes, names)
	rules = slices.DeleteFunc(rules, func(r Interaction) bool { return r.Score < MinInteractionScore })
	if top > 0 && len(rules) > top {
		rules = rules[:top]
	}
	return rules, nil
}

// FeatureEffect is one input feature of the continuous route (LinAtt)
// with its signed effect on each class.
type FeatureEffect struct {
	Feature int    `json:"-"`
	Name    string `json:"feature"`
	// Effects[c] is act(a_j)·(W[j,c] − mean_k W[j,k]): how much the
	// feature, on its standardised and row-normalised scale, raises class
	// c's logit against the mean of the classes. They sum to zero.
	Effects []float64 `json:"effects"`
	// Class is the class the feature pushes toward most, and Effect that
	// push (the largest of Effects, ≥ 0).
	Class  int     `json:"class"`
	Effect float64 `json:"effect"`
}

// Effects returns the features of the continuous route ranked by Effect,
// strongest first: which features push toward which class, and how
// strongly.
func (n *Network) Effects() ([]FeatureEffect, error) {
	if err := n.ok(); err != nil {
		return nil, err
	}
	A := n.lin.A.Float64s()
	W := n.lin.W.Float64s()
	C := n.classes
	out := make([]FeatureEffect, n.features)
	for j := range out {
		a := n.act.Apply(A[j])
		mean := 0.0
		for c := range C {
			mean += W[j*C+c] / float64(C)
		}
		e := make([]float64, C)
		for c := range C {
			e[c] = a * (W[j*C+c] - mean)
		}
		best := activations.Argmax(e)
		out[j] = FeatureEffect{Feature: j, Name: n.featureName(j), Effects: e, Class: best, Effect: e[best]}
	}
	slices.SortStableFunc(out, func(a, b FeatureEffect) int {
		switch {
		case a.Effect > b.Effect:
			return -1
		case a.Effect < b.Effect:
			return 1
		}
		return 0
	})
	return out, nil
}

// Tuples returns the distinct feature tuples the rule slots hold, in slot
// order, by feature name, pseudovariables dropped: what the rule search
// chose, before any training says which of them matter.
func (n *Network) Tuples() ([][]string, error) {
	if err := n.ok(); err != nil {
		return nil, err
	}
	var out [][]string
	seen := map[string]bool{}
	for r := range n.rules.Slots() {
		var names []string
		for _, c := range n.rules.Slot(r) {
			if c < n.features {
				names = append(names, n.featureName(c))
			}
		}
		key := strings.Join(names, "\x00")
		if len(names) > 0 && !seen[key] {
			seen[key] = true
			out = append(out, names)
		}
	}
	return out, nil
}

// Rules returns the decision list that reproduces the network's
// categorical route (see rulesearch.List), extracted from the training
// rows at the end of training with its evidence on them; a copy. It is
// ErrNoRules for a network that predicts with the continuous route or was
// never through Trainer.ExtractRules (see Effects for the former).
func (n *Network) Rules() (*rulesearch.List, error) {
	if err := n.ok(); err != nil {
		return nil, err
	}
	if n.list == nil || n.Route() != Categorical {
		return nil, ErrNoRules
	}
	return n.list.Clone(), nil
}
