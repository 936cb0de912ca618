// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"testing"
)

// TestBenchSpeedListedTwice: an entry of --orders or --rules that repeats
// an earlier one (up to leading zeros or spaces) is a usage error naming
// it, as in bench synthetic. The point was timed once and the repeat
// folded away silently, so the table had fewer rows than the list asked
// for.
func TestBenchSpeedListedTwice(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"orders", []string{"--rules", "", "--orders", "2,2,3"}, `invalid --orders entry "2": the order 2 is listed twice; give each order once`},
		{"orders leading zero", []string{"--rules", "", "--orders", "3, 2,03"}, `invalid --orders entry "03": the order 3 is listed twice; give each order once`},
		{"rules", []string{"--orders", "", "--rules", "4,8,4"}, `invalid --rules entry "4": the rule count 4 is listed twice; give each rule count once`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"bench", "speed", "--features", "8", "--rows", "32", "--reps", "1", "--epochs", "1", "--quiet"}, tt.args...)
			wantUsage(t, runCLI(t, context.Background(), args...), tt.want)
		})
	}
}
