// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Gate is the logic function that makes the label of a synthetic dataset.
type Gate int

const (
	And  Gate = iota // a ∧ b
	Or               // a ∨ b
	Not              // ¬a (one input)
	Xor              // a ⊕ b
	Xnor             // ¬(a ⊕ b)
	Xor3             // a ⊕ b ⊕ c: no feature or pair carries a signal
	Xor4             // a ⊕ b ⊕ c ⊕ d (a rule order of 4 expresses it)
)

var gateNames = [...]string{"and", "or", "not", "xor", "xnor", "xor3", "xor4"}

// String returns the gate's name as ParseGate accepts it.
func (g Gate) String() string {
	if g >= 0 && int(g) < len(gateNames) {
		return gateNames[g]
	}
	return fmt.Sprintf("Gate(%d)", int(g))
}

// ParseGate returns the gate named s (and, or, not, xor, xnor, xor3,
// xor4; case insensitive). The error for any other name lists the valid ones.
func ParseGate(s string) (Gate, error) {
	i := slices.Index(gateNames[:], strings.ToLower(strings.TrimSpace(s)))
	if i < 0 {
		return 0, fmt.Errorf("%w %q (valid: %s)", ErrUnknownGate, s, strings.Join(gateNames[:], ", "))
	}
	return Gate(i), nil
}

// Arity is the number of features the gate reads: 1 for not, 3 for xor3,
// 4 for xor4, else 2.
func (g Gate) Arity() int {
	switch g {
	case Not:
		return 1
	case Xor3:
		return 3
	case Xor4:
		return 4
	}
	return 2
}

// eval applies g to the bits of its target features, in their order.
func (g Gate) eval(x []int) int {
	switch g {
	case And:
		return x[0] & x[1]
	case Or:
		return x[0] | x[1]
	case Not:
		return 1 - x[0]
	case Xor:
		return x[0] ^ x[1]
	case Xnor:
		return 1 - (x[0] ^ x[1])
	}
	v := 0 // Xor3, Xor4
	for _, b := range x {
		v ^= b
	}
	return v
}

// Positions says which features carry the target.
type Positions int

const (
	// RandomPositions draws the target features from the seed, so that a
	// model cannot do well by favouring the first columns.
	RandomPositions Positions = iota
	// FirstPositions uses features 0 (and 1), as in the paper.
	FirstPositions
)

func (p Positions) String() string {
	switch p {
	case RandomPositions:
		return "random"
	case FirstPositions:
		return "first"
	}
	return fmt.Sprintf("Positions(%d)", int(p))
}

// Bounds of the synthetic tables, so that a generator cannot be asked for
// more memory than a small machine has: a table is held as float64 values
// before it is written.
const (
	// MaxSynthFeatures bounds SynthConfig.Features.
	MaxSynthFeatures = 100_000
	// MaxSynthCells bounds the rows × features of one Sample call (2^26
	// cells, 512 MiB of values); callers check it, Sample does not.
	MaxSynthCells = 1 << 26
)

// SynthConfig configures a logic-gate generator. Every field but Features has
// a usable zero value.
type SynthConfig struct {
	Gate      Gate      // the label function; the zero value is And
	Features  int       // number of binary features: Gate.Arity()..MaxSynthFeatures
	Seed      uint64    // seeds the target positions and the rows
	Positions Positions // where the targets sit; the zero value is RandomPositions
	// LabelNoise is the probability, in [0, 0.5), that SampleNoisy flips
	// a row's label to the other class; the zero value is clean labels.
	// Sample ignores it: test rows stay clean.
	LabelNoise float64
}

// The PCG streams of a Synth: the positions have their own, so that they do
// not depend on how many rows are sampled, and the label flips have their
// own, so that the rows do not depend on the noise rate.
const (
	rowStream    = 0x686f726e65747321 // "hornets!"
	targetStream = 0x7461726765747321 // "targets!"
	noiseStream  = 0x6e6f697379212121 // "noisy!!!"
)

// Synth generates the synthetic logic-gate datasets of the paper's section
// 4.1: Bernoulli(0.5) binary features, with a label that is a gate of one or
// two of them (or the parity of three or four: xor3, xor4, beyond the
// paper). A Synth is a seeded stream and is not safe for concurrent use.
type Synth struct {
	cfg     SynthConfig
	targets []int
	names   []string
	rng     *rand.Rand
	noise   *rand.Rand // the flips of SampleNoisy
}

// NewSynth returns a generator for cfg, with its target features already
// chosen. The error wraps ErrSynthConfig and names the bad field.
func NewSynth(cfg SynthConfig) (*Synth, error) {
	if cfg.Gate < 0 || int(cfg.Gate) >= len(gateNames) {
		return nil, fmt.Errorf("%w: Gate = %v, want one of %s", ErrSynthConfig, cfg.Gate, strings.Join(gateNames[:], ", "))
	}
	if cfg.Positions != RandomPositions && cfg.Positions != FirstPositions {
		return nil, fmt.Errorf("%w: Positions = %v, want RandomPositions or FirstPositions", ErrSynthConfig, cfg.Positions)
	}
	k := cfg.Gate.Arity()
	if cfg.Features < k {
		return nil, fmt.Errorf("%w: Features = %d, want ≥ %d for gate %v", ErrSynthConfig, cfg.Features, k, cfg.Gate)
	}
	if cfg.Features > MaxSynthFeatures {
		return nil, fmt.Errorf("%w: Features = %d, want at most %d", ErrSynthConfig, cfg.Features, MaxSynthFeatures)
	}
	if !(cfg.LabelNoise >= 0 && cfg.LabelNoise < 0.5) { // NaN fails too
		return nil, fmt.Errorf("%w: LabelNoise = %v, want 0 <= p < 0.5", ErrSynthConfig, cfg.LabelNoise)
	}
	s := &Synth{
		cfg:   cfg,
		names: make([]string, cfg.Features),
		rng:   rand.New(rand.NewPCG(cfg.Seed, rowStream)),
		noise: rand.New(rand.NewPCG(cfg.Seed, noiseStream)),
	}
	for j := range s.names {
		s.names[j] = "f" + strconv.Itoa(j)
	}
	if cfg.Positions == FirstPositions {
		s.targets = []int{0, 1, 2, 3}[:k]
		return s, nil
	}
	pick := rand.New(rand.NewPCG(cfg.Seed, targetStream))
	a := pick.IntN(cfg.Features)
	s.targets = []int{a}
	if k >= 2 {
		b := pick.IntN(cfg.Features - 1)
		if b >= a {
			b++
		}
		s.targets = append(s.targets, b)
	}
	for len(s.targets) < k {
		// The third and fourth targets: draws among the features not
		// yet taken (the first two are drawn as they always were, so
		// that the two-input gates keep their positions).
		c := pick.IntN(cfg.Features - len(s.targets))
		for _, t := range slices.Sorted(slices.Values(s.targets)) {
			if c >= t {
				c++
			}
		}
		s.targets = append(s.targets, c)
	}
	slices.Sort(s.targets)
	return s, nil
}

// Targets returns the features that carry the target, sorted ascending:
// Gate.Arity of them; none for a Synth not made by
// NewSynth (the zero Synth, or nil).
func (s *Synth) Targets() []int {
	if s == nil {
		return nil
	}
	return slices.Clone(s.targets)
}

// Describe returns the rule, like "label = xor(f17, f42)"; for a Synth not
// made by NewSynth, it says so.
func (s *Synth) Describe() string {
	if s == nil || len(s.targets) == 0 {
		return "no label rule (a Synth not made by NewSynth)"
	}
	args := make([]string, len(s.targets))
	for i, t := range s.targets {
		args[i] = s.names[t]
	}
	return fmt.Sprintf("label = %v(%s)", s.cfg.Gate, strings.Join(args, ", "))
}

// Sample draws rows new rows with clean labels (LabelNoise does not apply).
// Successive calls continue one seeded stream, so train :=
// s.SampleNoisy(128) and test := s.Sample(1000) are independent draws,
// and Sample(a) followed by Sample(b) gives the same rows as Sample(a+b).
// (Identical rows can still occur by chance when Features is small.) The
// features are named f0..f{n-1} and the classes are "0" and "1". Sample
// panics if rows is negative or s was not made by NewSynth (the zero Synth
// has no target features to label rows by).
func (s *Synth) Sample(rows int) *Dataset {
	if rows < 0 {
		panic(fmt.Sprintf("data: Sample(%d): negative row count", rows))
	}
	if s == nil || len(s.targets) == 0 {
		panic("data: Sample: a Synth not made by NewSynth (use NewSynth)")
	}
	n := s.cfg.Features
	d := &Dataset{
		X:        make([]float64, rows*n),
		Rows:     rows,
		Cols:     n,
		Y:        make([]int, rows),
		Features: slices.Clone(s.names),
		Classes:  []string{"0", "1"},
	}
	in := make([]int, len(s.targets))
	for i := range rows {
		x := d.X[i*n : (i+1)*n]
		var bits uint64
		for j := range x {
			if j%64 == 0 {
				bits = s.rng.Uint64()
			}
			x[j] = float64(bits & 1)
			bits >>= 1
		}
		for k, t := range s.targets {
			in[k] = int(x[t])
		}
		d.Y[i] = s.cfg.Gate.eval(in)
	}
	return d
}

// SampleNoisy draws rows new rows as Sample does (the same rows, from the
// same stream), then flips each label to the other class with probability
// LabelNoise, by a seeded stream of its own: training rows with noisy
// labels, to be scored on clean rows from Sample. It also returns how many
// labels it flipped. With LabelNoise 0 it is Sample. It panics as Sample
// does.
func (s *Synth) SampleNoisy(rows int) (d *Dataset, flipped int) {
	d = s.Sample(rows)
	if s.cfg.LabelNoise == 0 {
		return d, 0
	}
	for i, y := range d.Y {
		if s.noise.Float64() < s.cfg.LabelNoise {
			d.Y[i] = 1 - y
			flipped++
		}
	}
	return d, flipped
}
