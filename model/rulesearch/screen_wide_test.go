// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"math/rand/v2"
	"slices"
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
