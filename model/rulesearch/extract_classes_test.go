// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// manyClasses is a table of rows binary features whose "network" predicts
// one of classes classes from the first eight features (their value as a
// binary number, modulo classes), with tuples over those features.
func manyClasses(rows, features, classes int) (x []float64, pred []int, tuples [][]int) {
	x = binaryRows(rows, features, 3)
	pred = predict(x, rows, features, func(r []float64) int {
		v := 0
		for j := range 8 {
			v = 2*v + int(r[j])
		}
		return v % classes
	})
	rng := rand.New(rand.NewPCG(4, 4))
	for range 16 {
		tuples = append(tuples, rng.Perm(8)[:3])
	}
	return x, pred, tuples
}

func BenchmarkExtractClasses(b *testing.B) {
	for _, classes := range []int{2, 16, 64, 256} {
		x, pred, tuples := manyClasses(1000, 20, classes)
		b.Run(fmt.Sprintf("1000x20/classes=%d", classes), func(b *testing.B) {
			for range b.N {
				Extract(x, 1000, 20, pred, classes, tuples, nil)
			}
		})
	}
}

// pureByScan and gainByScan are pure and gain as they were, scanning every
// class for each candidate: the reference the faster ones must match.
func (e *extractor) pureByScan(undecided []uint64, d int, exception bool) (best, class int) {
	best, most := -1, 0
	for i, c := range e.cands {
		n := countAnd(c.cover, undecided)
		if n <= most {
			continue
		}
		for k := range e.pred {
			if (k == d) != exception {
				continue
			}
			if count3(c.cover, undecided, e.pred[k]) == n {
				best, class, most = i, k, n
				break
			}
		}
	}
	return best, class
}

func (e *extractor) gainByScan(undecided []uint64, d int) (best, class int) {
	best, most := -1, 0
	for i, c := range e.cands {
		n := countAnd(c.cover, undecided)
		if n == 0 {
			continue
		}
		nd := count3(c.cover, undecided, e.pred[d])
		for k := range e.pred {
			if k == d {
				continue
			}
			nk := count3(c.cover, undecided, e.pred[k])
			if 2*nk > n && nk-nd > most {
				best, class, most = i, k, nk-nd
			}
		}
	}
	return best, class
}

// pure and gain find the class of a candidate's rows without scanning
// every class (BenchmarkExtractClasses, 256 classes: 18× faster); they
// choose exactly what the scans chose, on tables of 2 to 300 classes,
// both ways of finding a majority, and random sets of undecided rows.
func TestPureGainMatchScan(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 7))
	for _, tt := range []struct{ rows, classes int }{{40, 2}, {200, 3}, {300, 16}, {700, 64}, {1000, 300}, {130, 300}} {
		x, pred, tuples := manyClasses(tt.rows, 12, tt.classes)
		// Skew the predictions so that some classes hold most rows.
		for i := range pred {
			if rng.IntN(3) == 0 {
				pred[i] = min(pred[i], 1)
			}
		}
		e := newExtractor(x, tt.rows, 12, pred, tt.classes, tuples)
		for trial := range 60 {
			undecided := slices.Clone(e.all)
			for i := range undecided {
				undecided[i] &= rng.Uint64() | rng.Uint64() // about three rows in four
			}
			d := rng.IntN(tt.classes)
			if trial%3 == 0 {
				d = pred[rng.IntN(tt.rows)]
			}
			for _, exception := range []bool{false, true} {
				b1, c1 := e.pure(undecided, d, exception)
				b2, c2 := e.pureByScan(undecided, d, exception)
				if b1 != b2 || b1 >= 0 && c1 != c2 {
					t.Fatalf("%d rows, %d classes, default %d, exception %v: pure (%d, %d), scan (%d, %d)", tt.rows, tt.classes, d, exception, b1, c1, b2, c2)
				}
			}
			b1, c1 := e.gain(undecided, d)
			b2, c2 := e.gainByScan(undecided, d)
			if b1 != b2 || b1 >= 0 && c1 != c2 {
				t.Fatalf("%d rows, %d classes, default %d: gain (%d, %d), scan (%d, %d)", tt.rows, tt.classes, d, b1, c1, b2, c2)
			}
			for i, v := range e.counts {
				if v != 0 {
					t.Fatalf("count of class %d left at %d", i, v)
				}
			}
		}
	}
}

// extractEveryDefault is Extract as it was: every class as the default,
// both ways.
func extractEveryDefault(x []float64, rows, features int, pred []int, classes int, tuples [][]int) (d int, rules []rule) {
	e := newExtractor(x, rows, features, pred, classes, tuples)
	bestD, bestAgree := -1, -1
	for d := range classes {
		for _, exceptionsFirst := range []bool{true, false} {
			r, agree := e.prune(e.cover(d, exceptionsFirst), d)
			if bestD < 0 || agree > bestAgree ||
				agree == bestAgree && literals(r) < literals(rules) ||
				agree == bestAgree && literals(r) == literals(rules) && len(r) < len(rules) {
				rules, bestD, bestAgree = r, d, agree
			}
		}
	}
	return bestD, rules
}

// Extract tries one class the network never predicts, not each: the list
// is the one trying every class gave, on tables where most classes are
// never predicted, some, or none.
func TestExtractSkipsUnpredictedDefaults(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ rows, classes int }{{60, 2}, {200, 5}, {300, 40}, {500, 300}} {
		for seed := range uint64(4) {
			x := binaryRows(tt.rows, 10, seed)
			// The network predicts a few classes out of many, from a
			// noisy rule over the first four features.
			pred := predict(x, tt.rows, 10, func(r []float64) int {
				return (int(r[0]) + 2*int(r[1]*r[2]) + 3*int(r[3])) * (tt.classes / 7) % tt.classes
			})
			rng := rand.New(rand.NewPCG(seed, 9))
			for i := range pred {
				if rng.IntN(10) == 0 {
					pred[i] = rng.IntN(tt.classes)
				}
			}
			tuples := [][]int{{0, 1}, {1, 2, 3}, {3, 4}, {0, 5}, {2, 6, 7}}
			l := Extract(x, tt.rows, 10, pred, tt.classes, tuples, nil)
			d, rules := extractEveryDefault(x, tt.rows, 10, pred, tt.classes, tuples)
			got := make([]rule, len(l.Rules))
			e := newExtractor(x, tt.rows, 10, pred, tt.classes, tuples)
			for i, r := range l.Rules {
				for _, lit := range r.Literals {
					k := slices.Index(e.feature, lit.Feature)
					got[i].lits = append(got[i].lits, 2*k+b2i(lit.Negated))
				}
				got[i].class = r.Class
			}
			if l.Default != d || fmt.Sprint(got) != fmt.Sprint(rules) {
				t.Errorf("%d rows, %d classes, seed %d: default %d rules %v; every default gives %d %v", tt.rows, tt.classes, seed, l.Default, got, d, rules)
			}
		}
	}
}
