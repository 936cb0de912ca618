// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/hornets-go/hornets/model/rulesearch"
)

// score sets each slot's contribution score and mean attention over the
// categorical rows of x (see rulesearch.Scorer); canceled, it returns an
// error wrapping ctx.Err() and leaves them as they were.
func (n *Network) score(ctx context.Context, e *evaluator, x []float64, rows int) error {
	if err := n.checkX(x, rows); err != nil {
		return err
	}
	s, err := rulesearch.NewScorer(n.cat.W.Float64s(), n.classes)
	if err != nil {
		return fmt.Errorf("model: %w", err)
	}
	err = n.forward(ctx, e, x, rows, func(_, count int, route Route, _, att []float64) {
		if route == Categorical {
			s.Add(att, count)
		}
	})
	if err != nil {
		return err
	}
	s.Store(n.rules)
	return nil
}

// Interaction is one feature tuple of the categorical route read as a
// clause, with its contribution score; see rulesearch.Interaction.
type Interaction = rulesearch.Interaction

// Literal is one feature of a clause, possibly negated.
type Literal = rulesearch.Literal

// FeatureEffect is one feature of the continuous route with its signed
// effect on each class; see rulesearch.FeatureEffect.
type FeatureEffect = rulesearch.FeatureEffect

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
	rules, err := n.rules.Read(n.cat.M.Float64s(), n.cat.W.Float64s(), n.classes, n.featureNames())
	if err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}
	rules = slices.DeleteFunc(rules, func(r Interaction) bool { return r.Score < MinInteractionScore })
	if top > 0 && len(rules) > top {
		rules = rules[:top]
	}
	return rules, nil
}

// Effects returns the features of the continuous route ranked by Effect,
// strongest first: which features push toward which class, and how
// strongly.
func (n *Network) Effects() ([]FeatureEffect, error) {
	if err := n.ok(); err != nil {
		return nil, err
	}
	// The features only: LinAtt's last input is its constant column. W
	// weighs a row's direction Z/‖Z‖ (rows 0..L-1) and its values Z/√L
	// (rows L..2L-1); for a row of typical size, ‖Z‖ ≈ √L, a feature's
	// weight on its standardised value is the sum of the two, over √L.
	att := slices.Clone(n.lin.A.Float64s()[:n.features])
	n.act.ApplyAll(att, att)
	D, C, L, w := n.features, n.classes, n.features+1, n.lin.W.Float64s()
	sum := make([]float64, D*C)
	for k := range sum {
		sum[k] = w[k] + w[L*C+k]
	}
	effects, err := rulesearch.Effects(att, sum, C, n.featureNames())
	if err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}
	for _, f := range effects {
		for _, e := range f.Effects {
			if math.IsNaN(e) || math.IsInf(e, 0) {
				return nil, fmt.Errorf("%w: the effect of feature %s is not finite: the model's parameters overflow (a corrupt or edited model file?)", ErrOverflow, f.Name)
			}
		}
	}
	return effects, nil
}

// Tuples returns the distinct feature tuples the rule slots hold, in slot
// order, by feature name, pseudovariables dropped: what the rule search
// chose, before any training says which of them matter.
func (n *Network) Tuples() ([][]string, error) {
	if err := n.ok(); err != nil {
		return nil, err
	}
	return n.rules.FeatureTuples(n.featureNames()), nil
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
