// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRateAndPenaltyFlagBounds checks that train, cv and tune refuse a
// learning rate, output rate scale or L2 penalty past train.Config's
// bounds as a usage error naming the flag, before any work: --continuous-l2
// 1e200 used to train to a loss of 9.7e195 and exit 0.
func TestRateAndPenaltyFlagBounds(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	train := func(flags ...string) []string {
		return append([]string{"train", "--data", fx("train.csv"), "--out", filepath.Join(dir, "m.json")}, flags...)
	}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"continuous-l2", train("--continuous-l2", "1e200"), "invalid --continuous-l2 1e+200: want 0 <= s <= 1e+06 (0 for none)"},
		{"continuous-l2 Inf", train("--continuous-l2", "Inf"), "invalid --continuous-l2 +Inf: want 0 <= s <= 1e+06 (0 for none)"},
		{"continuous-l2 negative", train("--continuous-l2", "-1"), "invalid --continuous-l2 -1: want 0 <= s <= 1e+06 (0 for none)"},
		{"lr", train("--lr", "11"), "invalid --lr 11: learning rate = 11, want 0 < r <= 10"},
		{"error-pair-over-tuples with no-error-pair", train("--error-pair-over-tuples", "--no-error-pair"), "invalid --error-pair-over-tuples true: error-pair-over-tuples needs the error pair, which no-error-pair switches off"},
		{"error-pair-over-tuples with pair-fallback", train("--error-pair-over-tuples", "--pair-fallback"), "invalid --error-pair-over-tuples true: error-pair-over-tuples needs the error pair, which pair-fallback replaces"},
		{"continuous-lr", train("--continuous-lr", "1e300"), "invalid --continuous-lr 1e+300: continuous learning rate = 1e+300, want 0 < r <= 10"},
		{"output-lr-scale", train("--output-lr-scale", "1e9"), "invalid --output-lr-scale 1e+09: output rate scale = 1e+09, want 0 < s <= 65536"},
		{"cv continuous-l2", []string{"cv", "--data", fx("train.csv"), "--continuous-l2", "1e7"}, "invalid --continuous-l2 1e+07: want 0 <= s <= 1e+06 (0 for none)"},
		{"tune continuous-lr", []string{"tune", "--data", fx("train.csv"), "--continuous-lr", "100"}, "invalid --continuous-lr 100: continuous learning rate = 100, want 0 < r <= 10"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			r := runCLI(t, context.Background(), tt.args...)
			if got := strings.TrimSuffix(r.stderr, "\n"); r.code != exitUsage || got != "hornetctl: "+tt.want {
				t.Errorf("got  exit %d, %q\nwant exit %d, %q", r.code, got, exitUsage, "hornetctl: "+tt.want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v; a bound must be checked before any work", d)
			}
		})
	}
	// The largest valid values pass.
	mustRun(t, train("--epochs", "2", "--lr", "10", "--continuous-lr", "10", "--output-lr-scale", "65536", "--continuous-l2", "1e6")...)
}
