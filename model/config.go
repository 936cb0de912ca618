// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"fmt"
	"math"
	"strings"

	"github.com/hornets-go/hornets/activations"
)

// Config holds every hyper-parameter of the network. The zero value of a
// field means "use the default" where its comment says so; DefaultConfig
// returns the defaults spelled out. Call Validate (New does) before use.
type Config struct {
	// Rules is the number of rule slots R of the CatInt route: the width of
	// the combAct layer. Default 128.
	Rules int `json:"rules"`
	// Order is the number of literals of a rule, pseudovariables included;
	// Order pseudovariables (constant-one columns) are appended to the
	// features, so a rule of Order 5 can express any interaction of 1 to 5
	// features plus a bias. Default 3.
	Order int `json:"order"`
	// ExpParam is the polyClip exponent parameter k ≥ 1: the polynomial
	// has degree 2k+1. Default 1. (k = 0, plain clipping to [-1, 1], is the
	// activation "clip".)
	ExpParam int `json:"exp_param"`
	// Activation is "polyclip" (default), "clip" (polyClip with k = 0) or
	// "relu" (the paper's HorNets-ReLU).
	Activation string `json:"activation"`
	// Heads is the number of rule slots given to each screened feature tuple.
	// One rule per tuple cannot express xor (its softmax attention is
	// monotone in its own output), several heads with independent weights
	// can. Default 4.
	Heads int `json:"heads"`
	// Pool is the number of screened tuples kept: the best ceil(Rules/Heads)
	// fill the rule groups at the start, the rest wait for the refresh
	// strategy. Groups left over when the pool is short hold random tuples.
	// Default 64; negative disables screening (all tuples random).
	Pool int `json:"pool"`
	// Cutoff: at the start, only screened tuples scoring at least Cutoff
	// times the best tuple's score get rule groups; when there are fewer of
	// them than groups they get several groups each (more heads) instead
	// of groups of noise tuples. Default 0.2; 0 < Cutoff <= 1.
	Cutoff float64 `json:"cutoff"`
	// ScreenOrder is the largest tuple size scored by the screening search
	// (see the package documentation); at most Order. Default 3, or Order
	// when that is smaller.
	ScreenOrder int `json:"screen_order"`
	// ScreenBudget caps the number of tuples of one size scored
	// exhaustively; above it the search extends the best smaller tuples by
	// one feature (a beam search). Default 20,000,000: every pair of up to
	// 6,300 features, every triple of up to 490 (about 1 s and 3 s).
	ScreenBudget int `json:"screen_budget"`
	// Samples is the number of rules active in one training step (the
	// paper's comb_samples, Monte-Carlo sampling of the rule set); inactive
	// rules output 0 and get no gradient. 0 (default) means all rules.
	Samples int `json:"samples"`
	// Dropout is the drop probability applied to the rule outputs in
	// training. Default 0.1; negative means none.
	Dropout float64 `json:"dropout"`
	// RefreshEvery is the number of epochs between rule refreshes: the
	// lowest-scored random rules are replaced by fresh tuples. Default 10;
	// negative disables refreshing.
	RefreshEvery int `json:"refresh_every"`
	// RefreshFraction is the share of the random (non-screened) rules
	// replaced at each refresh. Default 0.25.
	RefreshFraction float64 `json:"refresh_fraction"`
	// Epsilon is the floor of the row norm in LinAtt's normalisation.
	// Default 1e-12.
	Epsilon float64 `json:"epsilon"`
	// Standardize controls the column standardisation (training mean and
	// standard deviation) applied before the LinAtt route. Default true;
	// set NoStandardize to switch it off.
	NoStandardize bool `json:"no_standardize"`
}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config {
	return Config{
		Rules:           128,
		Order:           3,
		ExpParam:        1,
		Activation:      "polyclip",
		Heads:           4,
		Pool:            64,
		ScreenOrder:     3,
		Cutoff:          0.2,
		ScreenBudget:    20_000_000,
		Dropout:         0.1,
		RefreshEvery:    10,
		RefreshFraction: 0.25,
		Epsilon:         1e-12,
	}
}

// Resolved returns c with every zero field replaced by its default.
func (c Config) Resolved() Config {
	d := DefaultConfig()
	if c.Rules == 0 {
		c.Rules = d.Rules
	}
	if c.Order == 0 {
		c.Order = d.Order
	}
	if c.ExpParam == 0 {
		c.ExpParam = d.ExpParam
	}
	if c.Activation == "" {
		c.Activation = d.Activation
	}
	c.Activation = strings.ToLower(c.Activation)
	if c.Heads == 0 {
		c.Heads = d.Heads
	}
	if c.Pool == 0 {
		c.Pool = d.Pool
	} else if c.Pool < 0 {
		c.Pool = -1
	}
	if c.ScreenOrder == 0 {
		c.ScreenOrder = min(d.ScreenOrder, c.Order)
	}
	if c.Cutoff == 0 {
		c.Cutoff = d.Cutoff
	}
	if c.ScreenBudget == 0 {
		c.ScreenBudget = d.ScreenBudget
	}
	if c.Dropout == 0 {
		c.Dropout = d.Dropout
	} else if c.Dropout < 0 {
		c.Dropout = -1 // stays "none" when resolved again (a loaded model)
	}
	if c.RefreshEvery == 0 {
		c.RefreshEvery = d.RefreshEvery
	}
	if c.RefreshFraction == 0 {
		c.RefreshFraction = d.RefreshFraction
	}
	if c.Epsilon == 0 {
		c.Epsilon = d.Epsilon
	}
	return c
}

// Validate reports the first impossible value in a resolved configuration,
// naming the field, the value and the valid range.
func (c Config) Validate() error {
	switch {
	case c.Rules < 1:
		return fmt.Errorf("%w: rules = %d, want >= 1", ErrConfig, c.Rules)
	case c.Order < 1:
		return fmt.Errorf("%w: order = %d, want >= 1", ErrConfig, c.Order)
	case c.ExpParam < 1:
		return fmt.Errorf("%w: exp-param = %d, want >= 1 (activation \"clip\" is k = 0)", ErrConfig, c.ExpParam)
	case c.Heads < 1:
		return fmt.Errorf("%w: heads = %d, want >= 1", ErrConfig, c.Heads)
	case c.ScreenOrder < 0 || c.ScreenOrder > c.Order:
		return fmt.Errorf("%w: screen-order = %d, want 0..order (%d)", ErrConfig, c.ScreenOrder, c.Order)
	case c.ScreenOrder > 8:
		return fmt.Errorf("%w: screen-order = %d, want <= 8", ErrConfig, c.ScreenOrder)
	case !(c.Cutoff > 0 && c.Cutoff <= 1):
		return fmt.Errorf("%w: cutoff = %g, want 0 < c <= 1", ErrConfig, c.Cutoff)
	case c.ScreenBudget < 0:
		return fmt.Errorf("%w: screen-budget = %d, want >= 0", ErrConfig, c.ScreenBudget)
	case c.Samples < 0 || c.Samples > c.Rules:
		return fmt.Errorf("%w: samples = %d, want 0..rules (%d)", ErrConfig, c.Samples, c.Rules)
	case !(c.Dropout < 1) || math.IsNaN(c.Dropout):
		return fmt.Errorf("%w: dropout = %g, want p < 1 (negative: none)", ErrConfig, c.Dropout)
	case !(c.RefreshFraction > 0 && c.RefreshFraction <= 1):
		return fmt.Errorf("%w: refresh-fraction = %g, want 0 < f <= 1", ErrConfig, c.RefreshFraction)
	case !(c.Epsilon > 0):
		return fmt.Errorf("%w: epsilon = %g, want > 0", ErrConfig, c.Epsilon)
	}
	if _, err := activations.Parse(c.Activation, c.ExpParam); err != nil {
		return fmt.Errorf("%w: %v", ErrConfig, err)
	}
	return nil
}

// dropProbability is the dropout probability, 0 for none.
func (c Config) dropProbability() float64 { return max(c.Dropout, 0) }

// activation returns the parsed activation of a validated config.
func (c Config) activation() activations.Func {
	f, _ := activations.Parse(c.Activation, c.ExpParam)
	return f
}
