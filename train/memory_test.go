// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"math"
	"runtime"
	"testing"

	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// EstimateMemory grows with every size, never overflows, and puts the
// default configuration on a small table under 100 MiB at GOMAXPROCS 2
// (87 MiB: it counts the 512 rules New may grow the default 256 to; 65
// MiB at 256). The estimate counts evaluation graphs and workers by the
// processors, so the test sets GOMAXPROCS, and is not parallel: until
// session 56 it took the machine's, and failed on 4 CPUs or more (104 MiB
// at 4, 262 MiB at 8).
func TestEstimateMemory(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	def := model.Config{}
	base := train.EstimateMemory(def, 256, 64, 2, 16)
	if base <= 0 || base > 100<<20 {
		t.Fatalf("default estimate at GOMAXPROCS 2\ngot  %d bytes\nwant 0 < e <= 100 MiB", base)
	}
	for _, tt := range []struct {
		name                           string
		cfg                            model.Config
		rows, features, classes, batch int
	}{
		{"rules", model.Config{Rules: 4096}, 256, 64, 2, 16},
		{"fixed rules at 2048", model.Config{Rules: 2048, FixedRules: true}, 256, 64, 2, 16},
		{"order", model.Config{Order: 64}, 256, 64, 2, 16},
		{"rows", def, 100_000, 64, 2, 16},
		{"features", def, 256, 10_000, 2, 16},
		{"classes", def, 256, 64, 50, 16},
		{"batch", def, 256, 64, 2, 256},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := train.EstimateMemory(tt.cfg, tt.rows, tt.features, tt.classes, tt.batch); got <= base {
				t.Errorf("estimate\ngot  %d\nwant > %d (the default)", got, base)
			}
		})
	}
	if got := train.EstimateMemory(def, 256, 64, 2, 1<<30); got != train.EstimateMemory(def, 256, 64, 2, 256) {
		t.Errorf("a batch above the rows counts as the rows: got %d", got)
	}
	huge := train.EstimateMemory(model.Config{Rules: model.MaxRules, Order: model.MaxOrder}, math.MaxInt/2, math.MaxInt/2, 1<<20, 1<<20)
	if huge != math.MaxInt64 {
		t.Errorf("huge estimate\ngot  %d\nwant math.MaxInt64 (saturated)", huge)
	}
	if got := train.EstimateMemory(model.Config{Rules: model.MaxRules, Order: model.MaxOrder}, 65536, 10_000, 2, 65536); got < 256<<30 {
		t.Errorf("rules 65536 × batch 65536\ngot  %d bytes\nwant more than 256 GiB", got)
	}
}
