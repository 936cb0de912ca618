// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"strings"
	"testing"
)

// TestBenchTableBounds checks that bench synthetic and bench speed refuse
// a table they cannot draw up front, saying the actual bound and what
// counts toward it: the 1000 fresh test rows count toward the cells of a
// synthetic table, and the default --orders (and the --rules sweep's
// order) toward the features a speed table needs.
func TestBenchTableBounds(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"synthetic features past the cells", []string{"bench", "synthetic", "--features", "8,67109"},
			`invalid --features entry "67109": want a count 1..67108: each fit is scored on 1000 fresh rows, and rows × features must be at most 67108864 cells`},
		{"speed features below the default orders", []string{"bench", "speed", "--features", "2"},
			"invalid --features 2: the default --orders 2,4,8,16 reach order 16, and a rule of order K reads K features; give --features 16 or more, or --orders of at most 2"},
		{"speed order above the features", []string{"bench", "speed", "--features", "2", "--orders", "1,4"},
			`invalid --orders entry "4": want a whole number 1..2 (a rule of order K reads K features, and --features is 2)`},
		{"speed rules sweep above the features", []string{"bench", "speed", "--features", "2", "--orders", "1,2"},
			`invalid --features 2: the --rules sweep fits at order 3, and a rule of order K reads K features; give --features 3 or more, or --rules ""`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, context.Background(), tt.args...)
			if got := strings.TrimSuffix(r.stderr, "\n"); r.code != exitUsage || got != "hornetctl: "+tt.want {
				t.Errorf("got  exit %d, %q\nwant exit %d, %q", r.code, got, exitUsage, "hornetctl: "+tt.want)
			}
		})
	}
}
