// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// BenchmarkCrossValidateFold times one fold of a 5-fold cross-validation
// of a gate table (encoding per fold, fit with the default settings,
// scoring): one job, so ns/op is 5 folds and the fold metric one.
func BenchmarkCrossValidateFold(b *testing.B) {
	for _, size := range []struct{ rows, features int }{{100, 16}, {200, 64}} {
		b.Run(fmt.Sprintf("rows=%d,features=%d", size.rows, size.features), func(b *testing.B) {
			tab := gateTable(b, data.Xor, size.features, size.rows, 1)
			cfg := evaluate.CVConfig{Folds: 5, Jobs: 1, Train: train.Config{Seed: 1}}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := evaluate.CrossValidate(context.Background(), tab, cfg); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Seconds())/float64(b.N)/5, "s/fold")
		})
	}
}

// BenchmarkCrossValidateFoldReal is BenchmarkCrossValidateFold on real
// tables of ../shared/datasets (skipped where they are missing): binary
// (spect_train, 80 × 22), categorical with missing votes (house_votes_84,
// 435 × 16, one-hot encoded per fold) and continuous (sonar, 208 × 60).
func BenchmarkCrossValidateFoldReal(b *testing.B) {
	for _, name := range []string{"spect_train", "house_votes_84", "sonar"} {
		b.Run(name, func(b *testing.B) {
			path := filepath.Join("..", "..", "shared", "datasets", name+".csv.gz")
			if _, err := os.Stat(path); err != nil {
				b.Skipf("%s missing: %v", path, err)
			}
			tab, err := data.ReadCSVFile(path)
			if err != nil {
				b.Fatal(err)
			}
			cfg := evaluate.CVConfig{Folds: 5, Jobs: 1, Train: train.Config{Seed: 1}}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := evaluate.CrossValidate(context.Background(), tab, cfg); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Seconds())/float64(b.N)/5, "s/fold")
		})
	}
}

// BenchmarkSyntheticUnit times one cell repetition of bench synthetic: a
// fit on 128 rows of xor and scoring on 1000 fresh rows.
func BenchmarkSyntheticUnit(b *testing.B) {
	for _, features := range []int{8, 64} {
		b.Run(fmt.Sprintf("features=%d", features), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, err := evaluate.SyntheticFit(context.Background(), data.SynthConfig{Gate: data.Xor, Features: features, Seed: 1},
					128, 1000, model.Config{}, train.Config{Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
