// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/hornets-go/hornets/model/rulesearch"
)

// TupleSearch is the rule search New runs on a binary training table:
// the screened and chosen tuples and the singles beside them, everything
// New decides about the rule table before drawing it, and the part of New
// that costs seconds on wide tables. It depends on the table and the
// configuration only, not on the random numbers, so networks of one table
// whose configurations differ in Search.MaxTuples alone share it:
// Network.TupleSearch returns the one New ran, NewFromSearch builds
// another network from it without searching again, bit for bit the
// network New would build. A TupleSearch is read-only and safe to share
// between goroutines.
type TupleSearch struct {
	cfg  Config // resolved, Search.MaxTuples 0
	data dataPrint
	// rules is the rule count the search placed its tuples for: cfg.Rules,
	// or more where they did not fit (see Config.FixedRules).
	rules int

	screened []rulesearch.Candidate
	coverage rulesearch.Coverage
	singles  []int
	joint    *rulesearch.JointTest
	// pair is the best pair screening scored, and pairScore its score,
	// where no tuple has evidence and that score is positive (the
	// candidate of Search.PairFallback); nil otherwise.
	pair      []int
	pairScore float64
	// errorPair is the pair that took the first rule slots by the
	// error-pair test (rulesearch.Config.NoErrorPair switches it off,
	// ErrorPairOverTuples lets it take them before strong tuples),
	// with the training rows its cells leave wrong and the test's
	// p-value; nil where none did.
	errorPair      []int
	errorPairWrong int
	errorPairP     float64
	// errorPairOver is the number of strong tuples that together left
	// more rows wrong than the error pair (0: no tuple had evidence).
	errorPairOver int
}

// dataPrint identifies a training table: its shape and a hash of its
// values, labels and blocks, so that NewFromSearch refuses a search run on
// another table.
type dataPrint struct {
	rows, features, classes int
	sum                     uint64
}

// castagnoli is the table of the second checksum of dataPrint.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func printOf(d Data) dataPrint {
	// Two CRC-32s, IEEE's and Castagnoli's, both in hardware where the
	// CPU has it: 80 MB in 15 ms here, where hash/maphash took 410 ms.
	ieee, cast := crc32.NewIEEE(), crc32.New(castagnoli)
	var buf [8 * 1024]byte
	n := 0 // bytes of buf filled
	flush := func() {
		ieee.Write(buf[:n])
		cast.Write(buf[:n])
		n = 0
	}
	word := func(w uint64) {
		if n == len(buf) {
			flush()
		}
		binary.LittleEndian.PutUint64(buf[n:], w)
		n += 8
	}
	for _, v := range d.X {
		word(math.Float64bits(v))
	}
	for _, c := range d.Y {
		word(uint64(c))
	}
	for _, b := range d.Blocks {
		word(uint64(b))
	}
	flush()
	return dataPrint{rows: d.Rows, features: d.Features, classes: d.Classes, sum: uint64(ieee.Sum32())<<32 | uint64(cast.Sum32())}
}

// searchKey is cfg as far as the search reads it: resolved, without
// Search.MaxTuples, which New applies to the search's result.
func searchKey(cfg Config) Config {
	cfg = cfg.Resolved()
	cfg.Search.MaxTuples = 0
	return cfg
}

// TupleSearch returns the rule search New ran for n; nil where none ran
// (the continuous route, Search.NoScreening) and for a loaded network.
func (n *Network) TupleSearch() *TupleSearch {
	if n == nil {
		return nil
	}
	return n.search
}

// NewFromSearch is NewContext with the rule search s of an earlier New on
// the same table (Network.TupleSearch): it returns, bit for bit, the
// network NewContext(ctx, cfg, d, rng) returns, and draws the same numbers
// from rng, without running the search again. cfg may differ from the
// configuration s was run with in Search.MaxTuples only; a search of
// another table or configuration, or for a table New does not search
// (not binary, or Search.NoScreening), is an ErrConfig error.
func NewFromSearch(ctx context.Context, cfg Config, d Data, s *TupleSearch, rng *rand.Rand) (*Network, error) {
	if s == nil {
		return nil, fmt.Errorf("%w: nil *TupleSearch (use NewContext)", ErrConfig)
	}
	return newNetwork(ctx, cfg, d, s, rng)
}

// use returns s's tuples for one network: copies, as NewTable keeps the
// candidates it pools.
func (s *TupleSearch) use() (screened []rulesearch.Candidate, singles []int) {
	return cloneCandidates(s.screened), slices.Clone(s.singles)
}

// matches reports, as an error, whether s was run on d with cfg.
func (s *TupleSearch) matches(cfg Config, d Data) error {
	if searchKey(cfg) != s.cfg {
		return fmt.Errorf("%w: the tuple search was run with another configuration than Search.MaxTuples", ErrConfig)
	}
	if printOf(d) != s.data {
		return fmt.Errorf("%w: the tuple search was run on another table (%d rows × %d features)", ErrConfig, s.data.rows, s.data.features)
	}
	return nil
}

// searchTuples screens d's feature tuples, chooses among them (Choose,
// unless Search.RankByScore) and picks the single-feature tuples beside
// them: everything New decides about the rule table before drawing it.
// Where the tuples with evidence need more runs of heads than cfg.Rules
// holds (overflows), it doubles the rule count, up to cfg.RulesCeiling()
// (none with FixedRules), and chooses again from the same screening.
func searchTuples(ctx context.Context, cfg Config, d Data) (*TupleSearch, error) {
	key, fingerprint := searchKey(cfg), printOf(d)
	data := rulesearch.Data{X: d.X, Rows: d.Rows, Features: d.Features, Y: d.Y, Classes: d.Classes, Blocks: d.Blocks}
	screened, coverage, err := rulesearch.ScreenContext(ctx, data, cfg.screenOrder(), cfg.Search.ScreenBudget, cfg.Search.Pool, cfg.Search.ExtendedBIC)
	if err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}
	for rules := cfg.Rules; ; rules *= 2 {
		s := &TupleSearch{cfg: key, data: fingerprint, screened: cloneCandidates(screened), coverage: coverage, rules: rules}
		at := cfg
		at.Rules = rules
		if err := s.place(ctx, at, d, data); err != nil {
			return nil, err
		}
		if rules >= cfg.RulesCeiling() || !s.overflows(at, data) {
			return s, nil
		}
	}
}

// place chooses among s's screened tuples for a rule table of cfg.Rules
// slots and picks the single-feature tuples beside them.
func (s *TupleSearch) place(ctx context.Context, cfg Config, d Data, data rulesearch.Data) error {
	var err error
	if len(s.screened) > 0 && !cfg.Search.RankByScore {
		if s.screened, err = rulesearch.ChooseContext(ctx, data, s.screened, cfg.Search, cfg.Rules); err != nil {
			return fmt.Errorf("model: %w", err)
		}
	}
	s.pair, s.pairScore = fallbackPair(cfg, data, s.screened, s.coverage)
	if !cfg.Search.PairFallback && !cfg.Search.NoErrorPair && cfg.Order >= 2 { // a rule of one literal holds no pair
		if err := s.takeErrorPair(ctx, cfg, data); err != nil {
			return err
		}
	}
	if cfg.Search.PairFallback && s.pair != nil {
		best := rulesearch.Candidate{Features: slices.Clone(s.pair), Score: s.pairScore, Chosen: true, Fallback: true}
		s.screened = append([]rulesearch.Candidate{best}, s.screened...)
	}
	s.singles, s.joint = singleTuples(cfg, d, s.screened)
	return nil
}

// overflows reports whether the tuples with evidence need more runs of
// cfg.Search.Heads than a rule table of cfg.Rules slots holds: the strong
// tuples fill every run, or they and the evidence singles (features with
// evidence of their own that no strong tuple holds; none with
// Search.NoEvidenceSingles) are more than the runs. The singles that
// Search.Singles or a passed joint test add fill free runs; they ask for
// none.
func (s *TupleSearch) overflows(cfg Config, data rulesearch.Data) bool {
	if len(s.screened) == 0 {
		return false
	}
	strong, free := rulesearch.StrongTuples(cfg.Search, cfg.Rules, s.screened)
	switch {
	case free == 0:
		return len(strong) > 0
	case cfg.Search.NoEvidenceSingles:
		return false
	}
	return len(rulesearch.SinglesAdded(strong, rulesearch.EvidentSingles(data, strong, cfg.Search.ExtendedBIC), free+1)) > free
}

// cloneCandidates returns a deep copy of cs: Choose and NewTable keep
// the candidates they are given.
func cloneCandidates(cs []rulesearch.Candidate) []rulesearch.Candidate {
	out := slices.Clone(cs)
	for i := range out {
		out[i].Features = slices.Clone(out[i].Features)
		out[i].Extension = slices.Clone(out[i].Extension)
		out[i].Partner = slices.Clone(out[i].Partner)
	}
	return out
}

// takeErrorPair gives the error pair the first rule slots where its test
// holds (see ErrorPairP): where no tuple has evidence, instead of random
// tuples; with Search.ErrorPairOverTuples also where tuples have
// evidence and it leaves fewer training rows wrong than the strong tuples
// together do (rulesearch.TuplesWrong: an additive logit over their
// value cells), before them, and Choose's boosting keeps those whose
// dependence with the label given the pair is significant
// (rulesearch.ChooseAfterContext).
func (s *TupleSearch) takeErrorPair(ctx context.Context, cfg Config, data rulesearch.Data) error {
	strong, _ := rulesearch.StrongTuples(cfg.Search, cfg.Rules, s.screened)
	if len(strong) > 0 && !cfg.Search.ErrorPairOverTuples {
		return nil
	}
	c, wrong, p, ok := rulesearch.FewestErrorsPair(data, ErrorPairPermutations, ErrorPairBudget, strong)
	if !ok || p > ErrorPairP {
		return nil
	}
	s.errorPair, s.errorPairWrong, s.errorPairP, s.errorPairOver = slices.Clone(c.Features), wrong, p, len(strong)
	if len(strong) == 0 {
		c.Chosen = true
		s.screened = append([]rulesearch.Candidate{c}, s.screened...)
		return nil
	}
	var err error
	if s.screened, err = rulesearch.ChooseAfterContext(ctx, data, c, strong, s.screened, cfg.Search, cfg.Rules); err != nil {
		return fmt.Errorf("model: %w", err)
	}
	return nil
}

// fallbackPair returns the best pair screening scored, and its score,
// where screened would give no tuple rule slots (no tuple with evidence:
// random tuples), that score is positive and the pair's features interact
// (rulesearch.PairInteraction at FallbackInteractionP); nil otherwise.
func fallbackPair(cfg Config, d rulesearch.Data, screened []rulesearch.Candidate, cov rulesearch.Coverage) ([]int, float64) {
	if strong, _ := rulesearch.StrongTuples(cfg.Search, cfg.Rules, screened); len(strong) > 0 {
		return nil, 0
	}
	for _, l := range cov.Levels {
		if l.Size != 2 || len(l.Best) != 2 || l.BestScore <= 0 {
			continue
		}
		if rulesearch.PairInteractionP(d, l.Best[0], l.Best[1]) < FallbackInteractionP {
			return slices.Clone(l.Best), l.BestScore
		}
	}
	return nil, 0
}

// The error-pair test (rulesearch.Config.NoErrorPair): where no tuple has
// evidence, the pair of fewest training rows wrong takes the rule slots of
// random tuples (with Search.ErrorPairOverTuples, also the first slots
// before strong tuples that together leave more rows wrong) where at most
// ErrorPairP of ErrorPairPermutations label permutations let some pair
// leave as few wrong (rulesearch.FewestErrorsPair). The test is skipped
// where its (permutations + 1) × pairs evaluations would exceed
// ErrorPairBudget (about 450 active features). Measured here on 128 rows
// while other jobs ran: 0.3 s for the 8,128 pairs of 128 features where
// the test holds (every permutation scans every pair; one that fails
// stops early), so the budget bounds the test at a few seconds.
const (
	ErrorPairPermutations = 200
	ErrorPairP            = 0.05
	ErrorPairBudget       = 2e7
)

// ErrorPair returns the pair that took the first rule slots by the
// error-pair test (see ErrorPairP), the training rows its value cells'
// majority classes leave wrong, the test's p-value, and the number of
// strong tuples that together left more rows wrong (0 where screening
// found no tuple with evidence and the pair took the slots of random
// tuples; more only with Search.ErrorPairOverTuples); nil
// and zeros where none did, and for a loaded network.
func (n *Network) ErrorPair() (pair []int, wrong int, p float64, strong int) {
	if n == nil || n.search == nil || n.search.errorPair == nil {
		return nil, 0, 0, 0
	}
	return slices.Clone(n.search.errorPair), n.search.errorPairWrong, n.search.errorPairP, n.search.errorPairOver
}

// FallbackInteractionP is the level at which the fallback pair's features
// must interact (rulesearch.PairInteraction) for Search.PairFallback to
// give it the slots of random tuples: the conventional 5 %. A best pair of
// two separate, additive effects is no better than random tuples at
// fitting the many weak effects of such a table (package rulesearch,
// session 29).
const FallbackInteractionP = 0.05

// PairCandidate returns the pair that Search.PairFallback would give the
// rule slots of random tuples, and its score: the best pair screening
// scored, where no tuple has evidence, its score is positive and its
// features interact; nil where there is none (a table with evidence, no
// such pair, no search run) and for a loaded network.
func (n *Network) PairCandidate() ([]int, float64) {
	if n == nil || n.search == nil || n.search.pair == nil {
		return nil, 0
	}
	return slices.Clone(n.search.pair), n.search.pairScore
}

// PairFallback returns the pair that took the rule slots of random tuples
// because screening found no tuple with evidence (Search.PairFallback),
// and its score; nil where none did, and for a loaded network.
func (n *Network) PairFallback() ([]int, float64) {
	if n == nil || n.search == nil {
		return nil, 0
	}
	for _, c := range n.search.screened {
		if c.Fallback {
			return slices.Clone(c.Features), c.Score
		}
	}
	return nil, 0
}
