// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/train"
)

func TestSynthetic(t *testing.T) {
	t.Parallel()
	cfg := evaluate.SyntheticConfig{Reps: 2, Features: []int{1, 8}, Gates: []data.Gate{data.And},
		Activations: []string{"polyclip"}, Positions: []data.Positions{data.FirstPositions, data.RandomPositions}, Seed: 1}
	res, err := evaluate.Synthetic(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 2 || len(res.Skipped) != 2 {
		t.Fatalf("%d rows and %d skipped, want 2 and 2 (and reads 2 features): %+v", len(res.Rows), len(res.Skipped), res)
	}
	var md bytes.Buffer
	if err := res.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"| positions | activation | gate | features |", "| first | polyclip | and | 8 | 2 | 1.000 ± 0.000 | 1.00 | 1.000 |", "| random | polyclip | and | 8 |"} {
		if !strings.Contains(md.String(), w) {
			t.Errorf("Markdown lacks %q:\n%s", w, md.String())
		}
	}
	var c bytes.Buffer
	if err := res.WriteCSV(&c); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&c).ReadAll()
	if err != nil || len(recs) != 3 || recs[0][5] != "macro_f1_mean" || recs[1][5] != "1.0000" {
		t.Errorf("CSV: %v\n%q", err, recs)
	}
	// The result does not depend on the workers.
	cfg.Jobs, cfg.Positions = 1, []data.Positions{data.RandomPositions}
	one, err := evaluate.Synthetic(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := one.Rows[0], res.Rows[1]; got.MacroF1Mean != want.MacroF1Mean || got.FidelityMean != want.FidelityMean || got.HitRate != want.HitRate {
		t.Errorf("one job\ngot  %+v\nwant %+v", got, want)
	}
	if _, err := evaluate.Synthetic(context.Background(), evaluate.SyntheticConfig{Reps: -1}); !errors.Is(err, train.ErrConfig) {
		t.Errorf("-1 repetitions\ngot  %v\nwant train.ErrConfig", err)
	}
}
