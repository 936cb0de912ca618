// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// changedRows compares two predictions of the rows labelled y: gained
// counts the rows where they differ and after is right, lost those where
// they differ and before is right.
func changedRows(before, after, y []int) (gained, lost int) {
	for i, c := range y {
		switch {
		case before[i] == after[i]:
		case after[i] == c:
			gained++
		case before[i] == c:
			lost++
		}
	}
	return gained, lost
}

// gainsHold reports whether the rows gained outnumber those lost by a
// one-sided sign test at 5 %: the chance of gained or more of gained +
// lost fair coin flips is below 0.05. The inner checks of the encoding,
// the decision boundaries and the rule tuples take a change only then.
func gainsHold(gained, lost int) bool {
	sign := distuv.Binomial{N: float64(gained + lost), P: 0.5}
	return gained > 0 && sign.Survival(float64(gained)-1) < 0.05
}

// weightedGainsHold is gainsHold for the rows that the predictions before
// and after of the rows labelled y differ on, where the class weights w
// of the fits (nil: equal) are far from equal (farFromEqual): each such
// row then counts its class's weight, and the weighted gain must pass the
// one-sided sign test at 5 % by its normal approximation (under the null
// each changed row gains or loses its weight with probability 1/2: mean
// 0, variance the sum of the squared weights). A fit with balanced weights
// is after balanced accuracy, not accuracy: on a table with 57 positive
// rows of 300 a fit that finds them makes more rows wrong among the
// negatives than it makes right among the positives (21 gained, 34 lost),
// and the plain sign test kept the fit that predicts no positive at all.
// With weights near equal it is gainsHold, exactly.
func weightedGainsHold(before, after, y []int, w []float64) bool {
	gain, variance, weighted := weightedChange(before, after, y, w)
	if !weighted {
		return gainsHold(changedRows(before, after, y))
	}
	return gain > z95OneSided*math.Sqrt(variance) // false where nothing changed: 0 > 0
}

// weightedChange sums over the rows labelled y that the predictions
// before and after differ on: each row after gets right adds its weight,
// each row before gets right subtracts it (gain), and variance adds its
// square. A row's weight is its class's in w where the weights are far
// from equal (weighted; farFromEqual), else 1.
func weightedChange(before, after, y []int, w []float64) (gain, variance float64, weighted bool) {
	weighted = w != nil && farFromEqual(w)
	for i, c := range y {
		v := 1.0
		if weighted {
			v = w[c]
		}
		switch {
		case before[i] == after[i]:
		case after[i] == c:
			gain += v
			variance += v * v
		case before[i] == c:
			gain -= v
			variance += v * v
		}
	}
	return gain, variance, weighted
}

// weightedLeans reports whether the predictions after get more of the
// rows labelled y that they change right than before does, each such row
// weighed as weightedGainsHold weighs it (its class's weight in w where
// the weights are far from equal, else 1): the direction of that test,
// without its significance.
func weightedLeans(before, after, y []int, w []float64) bool {
	gain, _, _ := weightedChange(before, after, y, w)
	return gain > 0
}

// z95OneSided is the standard normal quantile Φ⁻¹(0.95) of a one-sided
// test at 5 %.
var z95OneSided = distuv.UnitNormal.Quantile(0.95)

// wrongRows counts the predictions pred of the rows labelled y that are
// wrong.
func wrongRows(pred, y []int) int {
	wrong := 0
	for i, c := range y {
		if pred[i] != c {
			wrong++
		}
	}
	return wrong
}

// withinOneSE reports whether the simpler of two setups is to be kept by
// the one-standard-error rule of cross-validation (Hastie, Tibshirani and
// Friedman, The Elements of Statistical Learning, 7.10): the rows the
// other setup's held-out predictions get right beyond the simpler one's,
// lost − gained of n, are no more than one standard error of that paired
// difference (each row's difference −1, 0 or +1, its standard error
// estimated from the n rows). Where the predictions never differ, the
// simpler setup is kept.
func withinOneSE(gained, lost, n int) bool {
	if n < 2 {
		return lost <= gained
	}
	N := float64(n)
	mean := float64(lost-gained) / N
	variance := (float64(gained+lost) - N*mean*mean) / (N - 1)
	return mean <= math.Sqrt(variance/N)
}
