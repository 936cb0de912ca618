// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"fmt"

	"github.com/hornets-go/hornets/internal/defaults"
)

// Upper bounds that Validate enforces (see Config).
const (
	// MaxHeads bounds Heads: four heads already express xor.
	MaxHeads = 1024
	// MaxPool bounds Pool: screening keeps the best 4·Pool tuples of each
	// size on every goroutine (Pool 8,192 screens all triples of 200
	// features over 128 rows in 0.4 s, 65,536 in 4 s, against 0.05 s for
	// the default 64).
	MaxPool = 8192
	// MaxScreenOrder bounds ScreenOrder.
	MaxScreenOrder = 8
	// MaxScreenBudget bounds ScreenBudget, 25 times the default (2·10¹¹
	// word operations, a few minutes a tuple size on two cores): the time
	// of screening is about linear in it.
	MaxScreenBudget = 200_000_000
	// MaxClasses bounds Data.Classes (package model's MaxClasses): the
	// screener keeps a bitset of rows for each class, so a huge count
	// asked for memory the process could not have. Data with more
	// classes cannot be screened.
	MaxClasses = 1 << 16
	// MaxSlots and MaxOrder bound NewTable's slots and their order
	// (package model's MaxRules and MaxOrder).
	MaxSlots = 1 << 16
	MaxOrder = 64
)

// Config holds the settings of the rule search. The zero value of every
// field means its default, so Config{} is the default search and
// DefaultConfig() == Config{}.Resolved().
type Config struct {
	// Heads is the number of rule slots given to each screened feature
	// tuple. One rule per tuple cannot express xor (its softmax attention
	// is monotone in its own output); several heads with independent
	// weights can. Default 4; 1..MaxHeads.
	Heads int `json:"heads"`
	// Pool is the number of screened tuples kept: the strong ones get the
	// rule slots at the start, the rest wait for a refresh. Default 64;
	// 1..MaxPool.
	Pool int `json:"pool"`
	// NoScreening switches screening off: every tuple is drawn at random.
	NoScreening bool `json:"no_screening"`
	// PairFallback gives the best pair screening scored the rule slots
	// that random tuples would take where no tuple has evidence, if its
	// score is positive (its G statistic above its BIC penalty, though not
	// significant among all pairs) and its two features interact
	// (PairInteraction at 5 %; Candidate.Fallback). With 20 % of a gate's
	// 128 labels flipped the target pair is often the best pair without
	// the evidence of all pairs, and random tuples learn the flipped
	// labels; on tables of many weak additive effects random tuples
	// predict better, which is why it is not the default (package
	// documentation, session 29).
	PairFallback bool `json:"pair_fallback,omitempty"`
	// NoErrorPair switches the error pair off. By default, where no tuple
	// has evidence and PairFallback is unset, the pair whose value cells'
	// majority classes leave the fewest training rows wrong takes the
	// rule slots of random tuples, where a permutation test of that
	// minimum over all pairs holds at 5 % (FewestErrorsPair; the model
	// package runs it within a budget of pair evaluations): under label
	// noise around a fixed concept the likelihood of a pair's rule depends
	// on the rows it leaves wrong, and the test asks whether any pair
	// leaves so few wrong by chance (package documentation, session 36).
	NoErrorPair bool `json:"no_error_pair,omitempty"`
	// ErrorPairOverTuples lets the error pair take the first rule slots
	// where tuples have evidence too: where it leaves fewer training rows
	// wrong than the strong tuples together (TuplesWrong) and its
	// permutation test holds, the strong tuples keep their slots only
	// where they add significantly to it (ChooseAfterContext). It suits a
	// table whose labels are one noisy function of two features (20 %
	// flipped gate labels: fits below 0.97 36 → 29 of 700), not one of
	// several weak effects, where a real feature's chance partner passes
	// the test (breast cancer: 5 of 12 half splits worse, one by 0.14),
	// which is why it is not the default (package documentation, session
	// 37). It needs the error pair (not NoErrorPair, PairFallback or
	// RankByScore).
	ErrorPairOverTuples bool `json:"error_pair_over_tuples,omitempty"`
	// Cutoff: at the start, only screened tuples scoring at least Cutoff
	// times the best tuple's score get rule slots; when there are fewer of
	// them than slots allow, they get more heads each instead of slots of
	// noise tuples. Default 0.2; 0 < Cutoff <= 1.
	Cutoff float64 `json:"cutoff"`
	// ScreenOrder is the largest tuple size scored by screening. Default
	// MaxScreenOrder, so that the rule order decides (at most the rule
	// order is used: with the default Order 3, triples); 1..MaxScreenOrder.
	ScreenOrder int `json:"screen_order"`
	// ScreenBudget caps the work of screening one tuple size, in WorkUnits
	// (a thousand AND+popcounts of 64 rows): a size whose exhaustive scan
	// costs more is searched by a beam that extends as many of the best
	// smaller tuples by one feature as the budget pays for. Sizes above
	// two get a sixteenth of it, and a beam of at most 4·Pool seeds: at
	// the rule order 5 on 64 features the full budget scanned 7.6 million
	// 5-tuples in 3 s, three times the training. A tuple of k
	// features over N rows and C classes costs about
	// (min(2^(k−1), N)−1)·C·ceil(N/64) + 2·min(2^(k−1), N)·C word
	// operations. Default 8,000,000 (8·10⁹ operations, about 4 s a size on
	// two cores, measured): every pair of 25,000 features over 500 rows
	// (20,000: 2·10⁸ pairs), of 36,000 over 128 rows, every triple of
	// 1,200 features over 128 rows, every 4-tuple of 240 over 128 rows or
	// 190 over 512; 1..MaxScreenBudget.
	ScreenBudget int `json:"screen_budget"`
	// ExtendedBIC charges every screened tuple of k of the D features
	// 2·ln C(D, k) more (the extended BIC) and takes a positive score as
	// evidence, instead of the default Benjamini–Hochberg test of each
	// tuple size: as robust to label noise, but it drops weak single
	// effects (see the package documentation for the measurements).
	// Default off.
	ExtendedBIC bool `json:"extended_bic,omitempty"`
	// MainEffects gives every screened single feature with evidence a run
	// of heads beside the strong tuples, even where a stronger tuple
	// contains it: main effects beside the interactions, for tables of
	// many weak single effects (spect_train +0.03 and +0.01 macro-F1 on
	// seeds 101 and 202) at a cost under heavy label noise (a noise feature
	// with chance evidence gets slots). Default off; see the package
	// documentation for the measurements.
	MainEffects bool `json:"main_effects,omitempty"`
	// Singles gives every feature a single-feature tuple of its own in
	// the tuples the strong ones leave free (the features ranked by the G
	// statistic of their own two cells, as many as fit; see RankSingles
	// and SinglesAdded): a main effect for every feature, as a logistic
	// regression has, beside the interactions. It repairs tables whose
	// signal is spread over many weak single effects further than the
	// default evidence singles (NoEvidenceSingles) and hurts a few
	// interactions under label noise (a rule slot for every noise
	// feature), and no inner check measured so far chooses it both well
	// and cheaply (see the package documentation), so it is a flag.
	// Default off.
	Singles bool `json:"singles,omitempty"`
	// NoEvidenceSingles switches off the default evidence singles: where
	// the strong tuples leave tuples free, every feature that no strong
	// tuple holds and whose own dependence with the label has evidence
	// among such features (EvidentSingles) gets a single-feature tuple,
	// best first: the main effects the interactions leave unexplained.
	// Chosen on seeds 101 and 202: house votes, spect_train and additive
	// tables gain a little, noisy gates lose a little (a noise feature
	// with chance evidence gets a tuple); see the package documentation
	// for the measurements. Singles takes precedence.
	NoEvidenceSingles bool `json:"no_evidence_singles,omitempty"`
	// NoJointSingles switches off the default joint test of the features
	// that neither a strong tuple nor an evidence single holds
	// (UncoveredJointTest): where they depend on the label together at
	// EvidenceFDR, though no one of them does at a multiple-testing
	// level, every feature gets a single-feature tuple, as with Singles.
	// Chosen on seeds 101 and 202: additive tables gain where many weak
	// effects drive the label, the other tables and the gates are
	// unchanged or nearly; see the package documentation (session 18).
	NoJointSingles bool `json:"no_joint_singles,omitempty"`
	// RankByScore gives the rule slots to the strong tuples in the order
	// of their own scores instead of by what each adds to those chosen
	// before it (Choose), as hornetctl did up to session 12. Default off.
	RankByScore bool `json:"rank_by_score,omitempty"`
	// MaxTuples, where above 0, gives runs of heads to only the first
	// MaxTuples of the tuples the search would place (the strong tuples,
	// then the single-feature ones) and keeps no other tuple in the pool
	// that refreshes draw from. Training's tuple check (train.TupleCheck)
	// sets it to 1 where inner fits predict better with the best tuple
	// alone. Default 0: all; 0 or more.
	MaxTuples int `json:"max_tuples,omitempty"`
	// ExtensionTest gives the slots of a table whose strong tuples are
	// all single features to the strongest single's best pair only where
	// that pair passes the extension test (Candidate.Extension: its added
	// feature splits one of the single's value cells with evidence), as
	// up to session 31. By default, where the single is the only strong
	// tuple, the single's Partner takes them: among the pairs screening
	// dropped for it, the one that leaves the fewest training rows wrong,
	// where the best-scoring of them leaves fewer than the single does
	// (session 36; session 32's Partner was the best-scoring pair itself,
	// where it reversed a cell, and came after the Extension; see the
	// package documentation).
	ExtensionTest bool `json:"extension_test,omitempty"`
	// RefreshFraction is the largest share of the tuples replaced at one
	// refresh. Default 0.25; 0 < f <= 1.
	RefreshFraction float64 `json:"refresh_fraction"`
}

// DefaultConfig returns the defaults spelled out; it equals
// Config{}.Resolved().
func DefaultConfig() Config { return Config{}.Resolved() }

// Resolved returns c with every zero field replaced by its default.
func (c Config) Resolved() Config {
	defaults.IfZero(&c.Heads, 4)
	defaults.IfZero(&c.Pool, 64)
	defaults.IfZero(&c.Cutoff, 0.2)
	defaults.IfZero(&c.ScreenOrder, MaxScreenOrder)
	defaults.IfZero(&c.ScreenBudget, 8_000_000)
	defaults.IfZero(&c.RefreshFraction, 0.25)
	return c
}

// Validate reports the first impossible value of a resolved configuration,
// naming the field, the value and the valid range.
func (c Config) Validate() error {
	switch {
	case c.Heads < 1 || c.Heads > MaxHeads:
		return fmt.Errorf("%w: heads = %d, want 1..%d", ErrConfig, c.Heads, MaxHeads)
	case c.Pool < 1 || c.Pool > MaxPool:
		return fmt.Errorf("%w: pool = %d, want 1..%d", ErrConfig, c.Pool, MaxPool)
	case !(c.Cutoff > 0 && c.Cutoff <= 1):
		return fmt.Errorf("%w: cutoff = %g, want 0 < c <= 1", ErrConfig, c.Cutoff)
	case c.ScreenOrder < 1 || c.ScreenOrder > MaxScreenOrder:
		return fmt.Errorf("%w: screen-order = %d, want 1..%d", ErrConfig, c.ScreenOrder, MaxScreenOrder)
	case c.ScreenBudget < 1 || c.ScreenBudget > MaxScreenBudget:
		return fmt.Errorf("%w: screen-budget = %d, want 1..%d", ErrConfig, c.ScreenBudget, MaxScreenBudget)
	case c.MaxTuples < 0:
		return fmt.Errorf("%w: max-tuples = %d, want 0 or more", ErrConfig, c.MaxTuples)
	case !(c.RefreshFraction > 0 && c.RefreshFraction <= 1):
		return fmt.Errorf("%w: refresh-fraction = %g, want 0 < f <= 1", ErrConfig, c.RefreshFraction)
	case c.ErrorPairOverTuples && c.NoErrorPair:
		return fmt.Errorf("%w: error-pair-over-tuples needs the error pair, which no-error-pair switches off", ErrConfig)
	case c.ErrorPairOverTuples && c.PairFallback:
		return fmt.Errorf("%w: error-pair-over-tuples needs the error pair, which pair-fallback replaces", ErrConfig)
	case c.ErrorPairOverTuples && c.RankByScore:
		return fmt.Errorf("%w: error-pair-over-tuples weighs the strong tuples by what they add to the pair, which rank-by-score does without", ErrConfig)
	}
	return nil
}
