// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"testing"
)

// TestBenchSyntheticListedTwice: an entry of --features, --gates or
// --activation that repeats an earlier one (up to case or leading zeros)
// is a usage error naming it. The cell was fitted twice with the same
// seeds and printed as two identical rows of the table (and two lines of
// the plot).
func TestBenchSyntheticListedTwice(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"gates", []string{"--gates", "xor,and,XOR"}, `invalid --gates entry "XOR": gate xor is listed twice`},
		{"features", []string{"--features", "3,03"}, `invalid --features entry "03": the count 3 is listed twice`},
		{"activation", []string{"--activation", "relu, Relu"}, `invalid --activation entry "Relu": activation relu is listed twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"bench", "synthetic", "--reps", "1", "--epochs", "1", "--quiet"}, tt.args...)
			wantUsage(t, runCLI(t, context.Background(), args...), tt.want)
		})
	}
}
