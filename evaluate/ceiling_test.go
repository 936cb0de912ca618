// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"math"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
)

// What the rows of `bench synthetic --label-noise P` allow any learner
// (issue 10, goal 4): the accuracy on the clean fresh rows of the Bayes
// predictor that knows the generator (its prior over the label function
// and the flip rate P) and sees the noisy training rows. No learner does
// better on average over the generator's draws, and one that does not
// know the family of gates has less to go on.

// gatePrior is a prior over label functions: truth tables of a pair of
// features (bit 2i+j of a table is the label at a = i, b = j), and of a
// single feature (not a, or a), each family equally likely as a whole
// (pairs 4/5, singles 1/5, as the benchmark's gates: four pair gates and
// not), uniform over positions and over its tables.
type gatePrior struct {
	name    string
	pairs   []int  // truth tables of two features
	singles []bool // true: the label is a; false: not a
}

var (
	// The generator's own family: and, or, xor and xnor of two features,
	// not of one.
	benchGates = gatePrior{"the benchmark's gates", []int{0b1000, 0b1110, 0b0110, 0b1001}, []bool{false}}
	// Every function of two features that reads both, and either literal
	// of one: a learner that does not know the gates' family.
	anyPairFunction = gatePrior{"any function of one or two features", []int{
		0b0001, 0b0010, 0b0100, 0b1000, 0b0111, 0b1011, 0b1101, 0b1110, 0b0110, 0b1001}, []bool{false, true}}
)

type gateHypothesis struct {
	a, b  int // b < 0: a single feature
	table int // a pair's truth table; for a single, 1: the label is a
	logW  float64
}

func (h gateHypothesis) label(row []float64) int {
	i := int(row[h.a])
	if h.b < 0 {
		return i ^ h.table ^ 1
	}
	return h.table >> (2*i + int(row[h.b])) & 1
}

// bayesGateAccuracy returns the accuracy on test of the Bayes predictor
// under prior and the flip rate noise, given the training rows tr: each
// label function is weighted by its prior times noise^k (1 − noise)^(n−k)
// for its k disagreements with the n training labels, and each test row
// takes the class of larger posterior predictive probability.
func bayesGateAccuracy(prior gatePrior, noise float64, tr, test *data.Dataset) float64 {
	D := tr.Cols
	logOdds := math.Log(noise / (1 - noise))
	var hs []gateHypothesis
	// add weighs h, which disagrees with k training labels.
	add := func(h gateHypothesis, k int, logPrior float64) {
		h.logW = logPrior
		if k > 0 {
			h.logW += float64(k) * logOdds // −Inf without noise
		}
		hs = append(hs, h)
	}
	pairPrior := math.Log(0.8 / float64(D*(D-1)/2*len(prior.pairs)))
	singlePrior := math.Log(0.2 / float64(D*len(prior.singles)))
	for a := range D {
		var single [2][2]int // [a's value][class]
		for r := range tr.Rows {
			single[int(tr.X[r*D+a])][tr.Y[r]]++
		}
		for _, on := range prior.singles {
			h := gateHypothesis{a: a, b: -1}
			if on {
				h.table = 1
			}
			k := 0
			for i, n := range single {
				k += n[1-(i^h.table^1)] // the rows whose label is not h's
			}
			add(h, k, singlePrior)
		}
		for b := a + 1; b < D; b++ {
			var cells [4][2]int // [2·a's value + b's][class]
			for r := range tr.Rows {
				cells[2*int(tr.X[r*D+a])+int(tr.X[r*D+b])][tr.Y[r]]++
			}
			for _, t := range prior.pairs {
				k := 0
				for c, n := range cells {
					k += n[1-(t>>c&1)]
				}
				add(gateHypothesis{a: a, b: b, table: t}, k, pairPrior)
			}
		}
	}
	most := math.Inf(-1)
	for _, h := range hs {
		most = max(most, h.logW)
	}
	// The functions weighing at least e^-40 of the best, and their
	// weights relative to it.
	var kept []gateHypothesis
	var weights []float64
	for _, h := range hs {
		if h.logW-most >= -40 {
			kept = append(kept, h)
			weights = append(weights, math.Exp(h.logW-most))
		}
	}
	right := 0
	for r := range test.Rows {
		row := test.Row(r)
		var p1, total float64
		for i, h := range kept {
			w := weights[i]
			total += w
			if h.label(row) == 1 {
				p1 += w * (1 - noise)
			} else {
				p1 += w * noise
			}
		}
		pred := 0
		if p1 > total/2 {
			pred = 1
		}
		if pred == test.Y[r] {
			right++
		}
	}
	return float64(right) / float64(test.Rows)
}

// belowCeiling counts the draws of `bench synthetic --gates and,or --reps
// 10 --seed seed --label-noise noise` (3–128 features, the benchmark's
// rows) on which the Bayes predictor's accuracy is below 0.97.
func belowCeiling(t *testing.T, prior gatePrior, noise float64, seed uint64) (below, draws int) {
	t.Helper()
	for _, gate := range []data.Gate{data.And, data.Or} {
		for _, features := range []int{3, 4, 8, 16, 32, 64, 128} {
			for rep := range uint64(10) {
				gen, err := data.NewSynth(data.SynthConfig{Gate: gate, Features: features, Seed: seed + rep, LabelNoise: noise})
				if err != nil {
					t.Fatal(err)
				}
				tr, _ := gen.SampleNoisy(evaluate.DefaultSyntheticTrainRows)
				test := gen.Sample(evaluate.DefaultSyntheticTestRows)
				if bayesGateAccuracy(prior, noise, tr, test) < 0.97 {
					below++
				}
				draws++
			}
		}
	}
	return below, draws
}

// With 20 % of 128 training labels flipped, goal 4 (every and/or fit at
// least 0.97 on clean fresh rows) is beyond the rows on some seeds: the
// Bayes predictor, even knowing the generator's family of gates, falls
// below 0.97 on 5 of the 140 draws of seed 303 (6 without the family). At
// 15 % it does not on the seeds the documentation measures HorNets on.
func TestBayesGateCeiling(t *testing.T) {
	if testing.Short() {
		t.Skip("about 7 s: 840 draws of up to 128 features")
	}
	t.Parallel()
	for _, tc := range []struct {
		prior      gatePrior
		noise      float64
		seed       uint64
		lo, hi     int // fits below 0.97, inclusive bounds
		whatItSays string
	}{
		{benchGates, 0.2, 303, 1, 140, "some draws are beyond any learner"},
		{anyPairFunction, 0.2, 303, 1, 140, "some draws are beyond any learner"},
		{benchGates, 0.15, 202, 0, 0, "every draw is within reach"},
		{benchGates, 0.15, 303, 0, 0, "every draw is within reach"},
		{anyPairFunction, 0.15, 404, 0, 0, "every draw is within reach without the family"},
		{benchGates, 0, 1, 0, 0, "clean labels: every draw is learned"},
	} {
		below, draws := belowCeiling(t, tc.prior, tc.noise, tc.seed)
		t.Logf("%s, %.0f %% label noise, seed %d: %d of %d draws below 0.97", tc.prior.name, 100*tc.noise, tc.seed, below, draws)
		if below < tc.lo || below > tc.hi {
			t.Errorf("%s, %.0f %% label noise, seed %d: %d of %d draws below 0.97, want %d..%d (%s)",
				tc.prior.name, 100*tc.noise, tc.seed, below, draws, tc.lo, tc.hi, tc.whatItSays)
		}
	}
}
