// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hornets-go/hornets/data"
)

// An xor hidden among 20,000 binary features (500 rows): its features
// carry no signal alone, so only the exhaustive pair scan (2·10⁸ pairs,
// within the default budget) finds it. Skipped with -short.
func TestScreenFindsXorAmong20000Features(t *testing.T) {
	if testing.Short() {
		t.Skip("scores 2·10⁸ pairs; skipped with -short")
	}
	s, ds := synth(t, data.Xor, 20_000, 1, 500)
	cfg := DefaultConfig()
	start := time.Now()
	top, cov := Screen(Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y, Classes: 2}, 2, cfg.ScreenBudget, cfg.Pool, false)
	t.Logf("%v; %v in all", cov, time.Since(start))
	if len(cov.Levels) >= 2 {
		t.Logf("%.3g pairs/s", float64(cov.Levels[1].Scored)/cov.Levels[1].Elapsed.Seconds())
	}
	if len(cov.Levels) < 2 || !cov.Levels[1].Exhaustive {
		t.Fatalf("pairs not scored exhaustively: %v", cov)
	}
	if len(top) == 0 || !slices.Equal(top[0].Features, s.Targets()) {
		t.Fatalf("top tuple %v, want the xor's %v", top[:min(1, len(top))], s.Targets())
	}
}

// parity draws rows of cols fair binary features labelled by the parity of
// the features of target.
func parity(rows, cols int, target []int, seed uint64) ([]float64, []int) {
	rng := rand.New(rand.NewPCG(seed, 17))
	x := make([]float64, rows*cols)
	y := make([]int, rows)
	for i := range rows {
		for j := range cols {
			x[i*cols+j] = float64(rng.IntN(2))
		}
		for _, f := range target {
			y[i] ^= int(x[i*cols+f])
		}
	}
	return x, y
}

// A four-way parity has no signal in any pair or triple; the exhaustive
// scan of every 4-tuple (C(48, 4) = 194,580) finds it, and says so.
func TestScreenFindsFourWayParity(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 3; seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		target := rng.Perm(48)[:4]
		slices.Sort(target)
		x, y := parity(512, 48, target, seed)
		cfg := DefaultConfig()
		top, cov := Screen(Data{X: x, Rows: 512, Features: 48, Y: y, Classes: 2}, 4, cfg.ScreenBudget, cfg.Pool, false)
		if cov.Exhaustive() != 4 {
			t.Errorf("seed %d: coverage %v, want exhaustive up to order 4", seed, cov)
		}
		if len(top) == 0 || !slices.Equal(top[0].Features, target) {
			t.Errorf("seed %d: top tuple %v, want %v", seed, top[:min(1, len(top))], target)
		}
	}
}

// Beyond the budget a three-way parity (no signal in any pair) is found
// only where a seed holds one of its pairs. With a budget of one work unit
// the order-3 level is a beam of 64 best pairs and as many random ones; the
// parity among 18, 20 or 24 features is found for every data seed 1..6,
// where the best pairs alone missed it in 6 of those 18 fits (measured
// with the random seeds switched off).
// With 14 features (91 pairs) every pair is a seed and the stated chance
// is 1.
func TestScreenRandomSeedsReachSilentTuples(t *testing.T) {
	t.Parallel()
	target := []int{2, 7, 11}
	for _, features := range []int{14, 18, 20, 24} {
		for seed := uint64(1); seed <= 6; seed++ {
			x, y := parity(256, features, target, seed)
			top, cov := Screen(Data{X: x, Rows: 256, Features: features, Y: y, Classes: 2}, 3, 1, 16, false)
			if len(cov.Levels) != 3 || cov.Levels[2].Exhaustive {
				t.Fatalf("%d features: coverage %v, want order 3 by a beam", features, cov)
			}
			l := cov.Levels[2]
			pairs := features * (features - 1) / 2
			if wantRandom := min(64, pairs-64); l.Seeds != 64 || l.RandomSeeds != wantRandom {
				t.Errorf("%d features: %d best and %d random seeds, want 64 and %d", features, l.Seeds, l.RandomSeeds, wantRandom)
			}
			p := l.SilentFindProbability(cov.Features)
			if (features == 14) != (p == 1) || p <= 0.5 {
				t.Errorf("%d features: stated chance %g", features, p)
			}
			if !strings.Contains(cov.String(), "random tuples of order 2") {
				t.Errorf("coverage text %q does not say what it covered", cov)
			}
			if len(top) == 0 || !slices.Equal(top[0].Features, target) {
				t.Errorf("%d features, seed %d: top tuple %v, want %v", features, seed, top[:min(1, len(top))], target)
			}
		}
	}
}

func TestRandomSeedsDistinct(t *testing.T) {
	t.Parallel()
	x, y := randomBinary(64, 12, 3)
	s := newScreener(x, 64, 12, 1, y, 3)
	s.blocks = []int{0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	best := []Candidate{{Features: []int{2, 4}}, {Features: []int{5, 6}}}
	a := s.randomSeeds(2, 40, best)
	b := s.randomSeeds(2, 40, best)
	if len(a) != 40 || !slices.EqualFunc(a, b, func(p, q Candidate) bool { return slices.Equal(p.Features, q.Features) }) {
		t.Fatalf("randomSeeds gave %d seeds, or differed between calls", len(a))
	}
	seen := map[string]bool{"[2 4]": true, "[5 6]": true}
	for _, c := range a {
		k := fmt.Sprint(c.Features)
		if seen[k] || !slices.IsSorted(c.Features) || c.Features[0] == c.Features[1] || s.blockClash(c.Features[:1], c.Features[1]) {
			t.Errorf("seed %v repeats, is unsorted or holds one block twice", c.Features)
		}
		seen[k] = true
	}
}
