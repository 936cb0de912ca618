// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gorgonia.org/tensor"
)

// ScoreRules scores every rule by its contribution to the decision on the
// rows of x that take the categorical route: the attention A[b,r] that a
// rule receives, weighted by its class-centred output weights W̃[r,c] =
// W[r,c] − mean_c W[r,c], and measured by how much it varies over the rows,
//
//	score_r = Σ_c std_b( A[b,r] · W̃[r,c] ).
//
// A rule whose attention is the same for every row only shifts the bias
// and scores 0; the mean attention alone (the paper's measure) does not put
// the true rule first, this does. Rows on the continuous route are skipped;
// if none is categorical the scores are left as they were.
func (n *Network) ScoreRules(x []float64, rows int) error {
	R, C := n.cfg.Rules, n.classes
	sum := make([]float64, R*C)
	sq := make([]float64, R*C)
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
	err := n.forward(x, rows, func(_, cnt int, route Route, _, att []float64) {
		if route != Categorical {
			return
		}
		for i := range cnt {
			a := att[i*R : (i+1)*R]
			for r, v := range a {
				for c := range C {
					t := v * wc[r*C+c]
					sum[r*C+c] += t
					sq[r*C+c] += t * t
				}
			}
		}
		count += cnt
	})
	if err != nil {
		return err
	}
	if count == 0 {
		return nil
	}
	for r := range R {
		s := 0.0
		for c := range C {
			m := sum[r*C+c] / float64(count)
			v := sq[r*C+c]/float64(count) - m*m
			s += math.Sqrt(max(v, 0))
		}
		n.rules.Scores[r] = s
	}
	return nil
}

// RefreshRules replaces the lowest-scored share of the random rules with
// fresh random tuples (call ScoreRules first). Each replaced rule gets new
// factor weights and zero output weights, so the swap does not disturb the
// current predictions. It returns the number of rules replaced.
func (n *Network) RefreshRules(rng *rand.Rand) (int, error) {
	if !n.inited {
		return 0, ErrNotFitted
	}
	replaced := n.rules.refresh(n.cfg.RefreshFraction, rng)
	if len(replaced) == 0 {
		return 0, nil
	}
	R, C, O := n.cfg.Rules, n.classes, n.cfg.Order
	M := n.cat.M.Data().([]float64)
	W := n.cat.W.Data().([]float64)
	for _, r := range replaced {
		for j := range O {
			M[j*R+r] = 2*rng.Float64() - 1
		}
		for c := range C {
			W[r*C+c] = 0
		}
	}
	for _, cg := range []*catGraph{n.catTrain, n.catEval} {
		if cg != nil {
			if err := cg.comb.SetRules(n.rules.Idx); err != nil {
				return 0, err
			}
		}
	}
	return len(replaced), nil
}

// MinRuleScore is the smallest score share a rule needs to be listed by
// Rules.
const MinRuleScore = 0.001

// Rules returns the rules best first, the heads of a tuple merged, at most
// top of them (top <= 0 means all), leaving out rules whose score share is
// below MinRuleScore. Scores are those of the last ScoreRules.
func (n *Network) Rules(top int) []Rule {
	if !n.inited {
		return nil
	}
	names := n.names
	if names == nil {
		names = make([]string, n.features)
		for j := range names {
			names[j] = fmt.Sprintf("f%d", j)
		}
	}
	rules := n.rules.readRules(n.cat.M.Data().([]float64), n.cat.W.Data().([]float64), n.classes, names)
	// Rules the network does not use (freshly refreshed ones, dead heads)
	// are not listed.
	rules = slices.DeleteFunc(rules, func(r Rule) bool { return r.Score < MinRuleScore })
	if top > 0 && len(rules) > top {
		rules = rules[:top]
	}
	return rules
}

// FeatureAttention is one input feature with its learned LinAtt attention.
type FeatureAttention struct {
	Feature   int     `json:"feature"`
	Name      string  `json:"name"`
	Attention float64 `json:"attention"` // act(a_j)
	// Weight is the attention times the norm of the feature's output
	// weights: how strongly the feature moves the logits.
	Weight float64 `json:"weight"`
}

// Attention returns the input features ranked by their LinAtt weight,
// strongest first.
func (n *Network) Attention() []FeatureAttention {
	if !n.inited {
		return nil
	}
	A := n.lin.A.Data().([]float64)
	W := n.lin.W.Data().([]float64)
	C := n.classes
	out := make([]FeatureAttention, n.features)
	for j := range out {
		a := n.act.Apply(A[j])
		norm := 0.0
		for c := range C {
			norm += W[j*C+c] * W[j*C+c]
		}
		out[j] = FeatureAttention{Feature: j, Name: n.featureName(j), Attention: a, Weight: math.Abs(a) * math.Sqrt(norm)}
	}
	slices.SortStableFunc(out, func(a, b FeatureAttention) int {
		switch {
		case a.Weight > b.Weight:
			return -1
		case a.Weight < b.Weight:
			return 1
		}
		return 0
	})
	return out
}

// Snapshot is a copy of the trainable state, for keeping the best model
// seen during training.
type Snapshot struct {
	tensors [][]float64
	idx     []int
	scores  []float64
	attSum  []float64
	attRows []float64
}

func (n *Network) tensors() []*tensor.Dense {
	return []*tensor.Dense{n.cat.M, n.cat.W, n.cat.B, n.lin.A, n.lin.W, n.lin.B}
}

// Snapshot copies the weights and the rule set.
func (n *Network) Snapshot() *Snapshot {
	s := &Snapshot{idx: slices.Clone(n.rules.Idx), scores: slices.Clone(n.rules.Scores),
		attSum: slices.Clone(n.rules.AttentionSum), attRows: slices.Clone(n.rules.AttentionRows)}
	for _, t := range n.tensors() {
		s.tensors = append(s.tensors, slices.Clone(t.Data().([]float64)))
	}
	return s
}

// Restore writes a snapshot back (in place: compiled graphs stay valid).
func (n *Network) Restore(s *Snapshot) error {
	for i, t := range n.tensors() {
		copy(t.Data().([]float64), s.tensors[i])
	}
	copy(n.rules.Idx, s.idx)
	copy(n.rules.Scores, s.scores)
	copy(n.rules.AttentionSum, s.attSum)
	copy(n.rules.AttentionRows, s.attRows)
	for _, cg := range []*catGraph{n.catTrain, n.catEval} {
		if cg != nil {
			if err := cg.comb.SetRules(n.rules.Idx); err != nil {
				return err
			}
		}
	}
	return nil
}
