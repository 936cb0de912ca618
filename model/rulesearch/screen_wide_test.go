// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
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
	top, cov := Screen(Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y, Classes: 2}, cfg.ScreenOrder, cfg.ScreenBudget, cfg.Pool)
	t.Logf("%v in %v", cov, time.Since(start))
	if len(cov.Levels) < 2 || !cov.Levels[1].Exhaustive {
		t.Fatalf("pairs not scored exhaustively: %v", cov)
	}
	if len(top) == 0 || !slices.Equal(top[0].Features, s.Targets()) {
		t.Fatalf("top tuple %v, want the xor's %v", top[:min(1, len(top))], s.Targets())
	}
}
