// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// ErrCriticalDifference is returned by NemenyiCD for a number of models
// outside the tabulated range 2..10.
var ErrCriticalDifference = errors.New("evaluate: Nemenyi q_0.05 is tabulated for 2..10 models")

// AverageRanks returns each model's mean rank over the datasets of scores,
// a table with one row per dataset and one column per model, where a
// higher score is better: the best model of a row gets rank 1 and tied
// models share the mean of the ranks they span (Demšar 2006, section 3.2.2).
//
// AverageRanks panics if scores is empty or its rows differ in length.
func AverageRanks(scores [][]float64) []float64 {
	n, k := shape(scores)
	mean := make([]float64, k)
	idx := make([]int, k)
	for _, row := range scores {
		for j := range idx {
			idx[j] = j
		}
		sort.SliceStable(idx, func(a, b int) bool { return row[idx[a]] > row[idx[b]] })
		for lo := 0; lo < k; {
			hi := lo + 1
			for hi < k && row[idx[hi]] == row[idx[lo]] {
				hi++
			}
			// positions lo..hi-1 are tied: ranks lo+1..hi, mean (lo+1+hi)/2.
			r := float64(lo+1+hi) / 2
			for p := lo; p < hi; p++ {
				mean[idx[p]] += r
			}
			lo = hi
		}
	}
	for j := range mean {
		mean[j] /= float64(n)
	}
	return mean
}

func shape(scores [][]float64) (n, k int) {
	if len(scores) == 0 || len(scores[0]) == 0 {
		panic("evaluate: empty score table")
	}
	n, k = len(scores), len(scores[0])
	for _, row := range scores {
		if len(row) != k {
			panic("evaluate: score rows differ in length")
		}
	}
	return n, k
}

// Friedman is the Friedman test of k models over N datasets.
type Friedman struct {
	N, K         int
	AverageRanks []float64 // R_j, rank 1 best

	// ChiSquare is Friedman's statistic
	//	χ²_F = 12N/(k(k+1)) · (Σ_j R_j² − k(k+1)²/4),
	// χ² with k−1 degrees of freedom under the null hypothesis that all
	// models are equivalent; P is its upper-tail probability.
	ChiSquare, P float64

	// FF is Iman and Davenport's less conservative statistic
	//	F_F = (N−1)χ²_F / (N(k−1) − χ²_F),
	// F-distributed with k−1 and (k−1)(N−1) degrees of freedom; FP is its
	// upper-tail probability. It is +Inf (FP 0) when every dataset ranks
	// the models alike, and FFUndefined says so.
	FF, FP float64
	// FFUndefined is why F_F is undefined, or "": where every dataset
	// ranks the models alike, χ²_F is at its maximum N(k−1) and the
	// denominator of F_F is zero.
	FFUndefined string
}

// FriedmanTest runs the Friedman test on scores (datasets × models,
// higher is better).
//
// FriedmanTest panics if scores is empty or its rows differ in length.
func FriedmanTest(scores [][]float64) Friedman {
	n, _ := shape(scores)
	return FriedmanFromRanks(AverageRanks(scores), n)
}

// FriedmanFromRanks computes the Friedman and Iman–Davenport statistics
// from k models' average ranks over n datasets.
//
// FriedmanFromRanks panics if there are fewer than two models or n < 2.
func FriedmanFromRanks(ranks []float64, n int) Friedman {
	k := len(ranks)
	if k < 2 || n < 2 {
		panic("evaluate: the Friedman test needs at least two models and two datasets")
	}
	kf, nf := float64(k), float64(n)
	var ss float64
	for _, r := range ranks {
		ss += r * r
	}
	chi := 12 * nf / (kf * (kf + 1)) * (ss - kf*(kf+1)*(kf+1)/4)
	if chi < 0 { // rounding when all ranks are equal
		chi = 0
	}
	f := Friedman{N: n, K: k, AverageRanks: append([]float64(nil), ranks...), ChiSquare: chi}
	f.P = distuv.ChiSquared{K: kf - 1}.Survival(chi)
	// χ²_F at its maximum N(k−1), but for rounding in the sum of squares.
	if den := nf*(kf-1) - chi; den > 1e-9*nf*(kf-1) {
		f.FF = (nf - 1) * chi / den
		f.FP = distuv.F{D1: kf - 1, D2: (kf - 1) * (nf - 1)}.Survival(f.FF)
	} else {
		f.FF, f.FP = math.Inf(1), 0
		f.FFUndefined = fmt.Sprintf("every dataset ranks the models alike, so χ²_F is at its maximum N(k−1) = %d and the denominator of F_F is zero", n*(k-1))
	}
	return f
}

// nemenyiQ05 holds q_0.05 for k = 2..10 models: the Studentized range
// statistic divided by √2 (Demšar 2006, Table 5a).
var nemenyiQ05 = [...]float64{1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164}

// NemenyiCD returns the Nemenyi critical difference at α = 0.05 for k
// models over n datasets,
//
//	CD = q_α · √(k(k+1)/(6N)):
//
// two models whose average ranks differ by at least CD differ
// significantly. It returns ErrCriticalDifference for k outside 2..10.
func NemenyiCD(k, n int) (float64, error) {
	if k < 2 || k > 10 {
		return 0, fmt.Errorf("%w: got %d", ErrCriticalDifference, k)
	}
	if n < 1 {
		return 0, fmt.Errorf("evaluate: Nemenyi CD needs at least one dataset, got %d", n)
	}
	kf := float64(k)
	return nemenyiQ05[k-2] * math.Sqrt(kf*(kf+1)/(6*float64(n))), nil
}

// SignedRank is the Bayesian signed-rank test of Benavoli, Corani, Demšar
// and Zaffalon (2017, "Time for a change", JMLR 18, section 5.2): the
// differences z_1..z_n between two models' scores are modelled with a
// Dirichlet process whose prior puts a pseudo-observation of weight Prior
// at z_0 = 0.
// Each Monte Carlo sample draws weights w ~ Dir(Prior, 1, …, 1) over
// z_0..z_n and measures the mass of the pairwise means (Walsh averages)
//
//	θ_l = Σ w_i w_j [z_i + z_j < −2·rope],
//	θ_r = Σ w_i w_j [z_i + z_j > 2·rope],  θ_e = 1 − θ_l − θ_r;
//
// the probabilities are the shares of samples in which each of the three
// regions holds the most mass.
type SignedRank struct {
	// Rope is the half-width of the region of practical equivalence; zero
	// means 0.01.
	Rope float64
	// Prior is the weight of the pseudo-observation at 0; zero means 1
	// (it is then an exponential draw like the others, as in baycomp).
	Prior float64
	// Samples is the number of Monte Carlo samples; zero means 50000.
	Samples int
}

// SignedRankResult holds the posterior probabilities that the difference
// is below −rope (Left: the second model is practically better), within
// the rope, or above +rope (Right: the first model is practically better).
// They sum to 1.
type SignedRankResult struct {
	Left, Rope, Right float64
}

// Validate reports a field out of range: Rope or Prior negative or not
// finite, Samples negative (zero means the default in each).
func (s SignedRank) Validate() error {
	switch {
	case s.Rope < 0 || math.IsNaN(s.Rope) || math.IsInf(s.Rope, 0):
		return fmt.Errorf("evaluate: SignedRank.Rope %v, want a finite number >= 0", s.Rope)
	case s.Prior < 0 || math.IsNaN(s.Prior) || math.IsInf(s.Prior, 0):
		return fmt.Errorf("evaluate: SignedRank.Prior %v, want a finite number >= 0", s.Prior)
	case s.Samples < 0:
		return fmt.Errorf("evaluate: SignedRank.Samples %d, want >= 0", s.Samples)
	}
	return nil
}

// Test runs the test on diffs, the per-dataset (or per-fold) scores of a
// first model minus those of a second, drawing from rnd.
//
// Test panics if diffs is empty or holds a NaN or an infinity, if rnd is
// nil, or if s is not valid (Validate): a negative or infinite prior made
// the draws recurse without end, a NaN one loop for ever.
func (s SignedRank) Test(diffs []float64, rnd *rand.Rand) SignedRankResult {
	if len(diffs) == 0 || rnd == nil {
		panic("evaluate: SignedRank.Test needs differences and a random source")
	}
	if err := s.Validate(); err != nil {
		panic(err.Error())
	}
	if slices.ContainsFunc(diffs, func(d float64) bool { return math.IsNaN(d) || math.IsInf(d, 0) }) {
		panic("evaluate: SignedRank.Test: a difference is NaN or infinite")
	}
	rope, prior, samples := s.Rope, s.Prior, s.Samples
	if rope == 0 {
		rope = 0.01
	}
	if prior == 0 {
		prior = 1
	}
	if samples == 0 {
		samples = 50000
	}
	z := append([]float64{0}, diffs...)
	m := len(z)
	// region[i*m+j] is −1, 0 or +1 for the Walsh average of z_i and z_j.
	region := make([]int8, m*m)
	for i := range z {
		for j := range z {
			switch sum := z[i] + z[j]; {
			case sum < -2*rope:
				region[i*m+j] = -1
			case sum > 2*rope:
				region[i*m+j] = 1
			}
		}
	}
	w := make([]float64, m)
	var wins [3]float64
	for range samples {
		var total float64
		for i := range w {
			if i == 0 && prior != 1 {
				w[i] = gammaDraw(prior, rnd)
			} else {
				w[i] = rnd.ExpFloat64()
			}
			total += w[i]
		}
		var left, right float64
		for i := range z {
			var l, r float64
			for j, reg := range region[i*m : (i+1)*m] {
				switch reg {
				case -1:
					l += w[j]
				case 1:
					r += w[j]
				}
			}
			left += w[i] * l
			right += w[i] * r
		}
		t2 := total * total
		left, right = left/t2, right/t2
		mass := [3]float64{left, 1 - left - right, right}
		best := max(mass[0], mass[1], mass[2])
		var ties float64
		for _, v := range mass {
			if v == best {
				ties++
			}
		}
		for c, v := range mass {
			if v == best {
				wins[c] += 1 / ties
			}
		}
	}
	n := float64(samples)
	return SignedRankResult{Left: wins[0] / n, Rope: wins[1] / n, Right: wins[2] / n}
}

// gammaDraw draws from Gamma(alpha, 1) by Marsaglia and Tsang's method
// (boosted by U^(1/alpha) for alpha < 1). distuv.Gamma would do, but it
// draws from golang.org/x/exp/rand, and the test takes a math/rand/v2
// source like the rest of the repository.
func gammaDraw(alpha float64, rnd *rand.Rand) float64 {
	if alpha < 1 {
		return gammaDraw(alpha+1, rnd) * math.Pow(rnd.Float64(), 1/alpha)
	}
	d := alpha - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		x := rnd.NormFloat64()
		v := 1 + c*x
		if v <= 0 {
			continue
		}
		v = v * v * v
		u := rnd.Float64()
		if math.Log(u) < 0.5*x*x+d-d*v+d*math.Log(v) {
			return d * v
		}
	}
}

// MarshalJSON writes f with snake_case names; an undefined F_F (every
// dataset ranks the models alike), which JSON cannot hold, is written as
// null with its p-value, and iman_davenport_undefined says why.
func (f Friedman) MarshalJSON() ([]byte, error) {
	ff, fp, why := &f.FF, &f.FP, f.FFUndefined
	if why == "" && (math.IsInf(f.FF, 0) || math.IsNaN(f.FF)) { // a code-built Friedman
		why = "F_F is not finite"
	}
	if why != "" {
		ff, fp = nil, nil
	}
	return json.Marshal(struct {
		N            int       `json:"n"`
		K            int       `json:"k"`
		AverageRanks []float64 `json:"average_ranks"`
		ChiSquare    float64   `json:"chi_square"`
		P            float64   `json:"chi_square_p"`
		FF           *float64  `json:"iman_davenport_f"`
		FP           *float64  `json:"iman_davenport_p"`
		Undefined    string    `json:"iman_davenport_undefined,omitempty"`
	}{f.N, f.K, f.AverageRanks, f.ChiSquare, f.P, ff, fp, why})
}
