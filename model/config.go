// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"fmt"
	"math"
	"strings"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/internal/defaults"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// Config holds the architecture of the network and its rule search. The
// zero value of every field means its default, so Config{} is the default
// network and DefaultConfig() == Config{}.Resolved(); switches that turn
// something off are explicit booleans. Training schedules (epochs, rule
// refresh) belong to package train.
type Config struct {
	// Rules is the number of rule slots R of the CatInt route: the width of
	// the combAct layer. Default 256, the paper's own setting (measured: 5×2-fold
	// macro-F1 on tic-tac-toe 0.918 at 128, 0.942 at 256); 1..MaxRules (65,536).
	// Unless FixedRules, New doubles it, up to GrownRules (512), where
	// the tuples with evidence need more runs of heads than it holds (see
	// RulesCeiling); the network's Config holds the count it took.
	Rules int `json:"rules"`
	// FixedRules keeps Rules as given: New does not grow the rule table
	// where the tuples with evidence (the chosen screened tuples and the
	// evidence singles) need more runs of Search.Heads than Rules holds.
	// By default it grows, doubling at most up to GrownRules: on tables of
	// many classes (soybean, 19; letters, 26) each class needs features
	// of its own, and the strong tuples and single features with evidence
	// outnumber the 64 runs of 256 slots (model/doc.go, session 43).
	FixedRules bool `json:"fixed_rules,omitempty"`
	// Order is the number of literals of a rule, pseudovariables included;
	// Order pseudovariables (constant-one columns) are appended to the
	// features, so a rule of Order 5 can express any interaction of 1 to 5
	// features plus a bias. Default 3; 1..MaxOrder (64).
	Order int `json:"order"`
	// ExpParam is the polyClip exponent parameter k: the polynomial has
	// degree 2k+1. Default 1; 1..MaxExpParam (64). (k = 0, plain clipping
	// to [-1, 1], is the activation "clip".)
	ExpParam int `json:"exp_param"`
	// Activation is "polyclip" (default), "clip" (polyClip with k = 0) or
	// "relu" (the paper's HorNets-ReLU).
	Activation string `json:"activation"`
	// Samples is the number of rules active in one training step (the
	// paper's comb_samples, Monte-Carlo sampling of the rule set); inactive
	// rules output 0 and get no gradient. Default 0: all rules; at most
	// Rules.
	Samples int `json:"samples"`
	// Dropout is the drop probability of the rule outputs in training.
	// Default 0.1; 0 < p < 1. NoDropout switches it off.
	Dropout   float64 `json:"dropout"`
	NoDropout bool    `json:"no_dropout"`
	// Epsilon is the floor of the row norm in LinAtt's normalisation.
	// Default 1e-12.
	Epsilon float64 `json:"epsilon"`
	// NoStandardize switches off the column standardisation (training mean
	// and standard deviation) applied before the LinAtt route.
	NoStandardize bool `json:"no_standardize"`
	// Search holds the rule-search settings: screening, heads, the pool.
	Search rulesearch.Config `json:"search"`
	// Linear sends every batch to the LinAtt route, binary ones too: the
	// router's cardinality bound drops from the paper's two distinct
	// values to none, so a table of 0/1 flags gets the linear model, a
	// weight on each feature, instead of CatInt's rules (and no rule
	// search). train's route check sets it where held-out rows say the
	// linear route predicts better: a label spread over many weak single
	// effects, which rules over a few tuples do not add up.
	Linear bool `json:"linear,omitempty"`
}

// Upper bounds that Validate enforces, so that neither a flag nor an
// edited model file can ask for unbounded memory or time (the rule-by-batch
// buffers grow with Rules; polyClip's cost is linear in ExpParam, a fit at
// k = 64 taking about twice as long as at k = 1). Within them, the memory a
// fit needs is estimated by train.EstimateMemory.
const (
	MaxRules = 1 << 16
	// GrownRules bounds the growth of Rules (see FixedRules): New doubles
	// Rules while the result is at most GrownRules.
	GrownRules  = 1 << 9
	MaxOrder    = 64
	MaxExpParam = 64
	// MaxClasses bounds Data.Classes: the screening's and the output
	// layer's buffers grow with it.
	MaxClasses = 1 << 16
	// MaxBatch bounds NewTrainer's batch size (train.MaxBatchSize too).
	MaxBatch = 1 << 16
)

// DefaultConfig returns the defaults spelled out; it equals
// Config{}.Resolved().
func DefaultConfig() Config { return Config{}.Resolved() }

// Resolved returns c with every zero field replaced by its default and the
// activation name lower-cased.
func (c Config) Resolved() Config {
	defaults.IfZero(&c.Rules, 256)
	defaults.IfZero(&c.Order, 3)
	defaults.IfZero(&c.ExpParam, 1)
	defaults.IfZero(&c.Activation, "polyclip")
	c.Activation = strings.ToLower(c.Activation)
	defaults.IfZero(&c.Dropout, 0.1)
	defaults.IfZero(&c.Epsilon, 1e-12)
	c.Search = c.Search.Resolved()
	return c
}

// Validate reports the first impossible value in a resolved configuration,
// naming the field, the value and the valid range.
func (c Config) Validate() error {
	switch {
	case c.Rules < 1 || c.Rules > MaxRules:
		return fmt.Errorf("%w: rules = %d, want 1..%d", ErrConfig, c.Rules, MaxRules)
	case c.Order < 1 || c.Order > MaxOrder:
		return fmt.Errorf("%w: order = %d, want 1..%d", ErrConfig, c.Order, MaxOrder)
	case c.ExpParam < 1 || c.ExpParam > MaxExpParam:
		return fmt.Errorf("%w: exp-param = %d, want 1..%d (activation \"clip\" is k = 0)", ErrConfig, c.ExpParam, MaxExpParam)
	case c.Samples < 0 || c.Samples > c.Rules:
		return fmt.Errorf("%w: samples = %d, want 0..rules (%d)", ErrConfig, c.Samples, c.Rules)
	case !(c.Dropout > 0 && c.Dropout < 1):
		return fmt.Errorf("%w: dropout = %g, want 0 < p < 1 (or no dropout)", ErrConfig, c.Dropout)
	case !(c.Epsilon > 0) || math.IsInf(c.Epsilon, 0):
		return fmt.Errorf("%w: epsilon = %g, want > 0", ErrConfig, c.Epsilon)
	}
	if _, err := activations.Parse(c.Activation, c.ExpParam); err != nil {
		return fmt.Errorf("%w: %w", ErrConfig, err)
	}
	if err := c.Search.Validate(); err != nil {
		var msg = strings.TrimPrefix(err.Error(), rulesearch.ErrConfig.Error()+": ")
		return fmt.Errorf("%w: %s", ErrConfig, msg)
	}
	return nil
}

// RulesCeiling returns the largest rule count New may give a network of
// the resolved configuration c: Rules doubled while the result is at most
// GrownRules (512 at the default 256), or Rules itself with FixedRules
// or from GrownRules/2 up. train.EstimateMemory counts this many.
func (c Config) RulesCeiling() int {
	r := c.Rules
	for !c.FixedRules && r >= 1 && 2*r <= GrownRules {
		r *= 2
	}
	return r
}

// dropProbability is the dropout probability, 0 for none.
func (c Config) dropProbability() float64 {
	if c.NoDropout {
		return 0
	}
	return c.Dropout
}

// screenOrder is the largest tuple size screened: Search.ScreenOrder, at
// most Order.
func (c Config) screenOrder() int { return min(c.Search.ScreenOrder, c.Order) }

// activation returns the parsed activation of a validated config.
func (c Config) activation() activations.Func {
	f, _ := activations.Parse(c.Activation, c.ExpParam)
	return f
}
