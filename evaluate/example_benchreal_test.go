// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// A table published with its own test split (as MONK's and SPECT are) is
// benchmarked on it: each model is fitted on the whole training table and
// scored on the test table, once per repeat, instead of cross-validated.
func ExampleBenchRealSweep_fixedSplit() {
	read := func(name, text string) *data.Table {
		t, err := data.ReadCSV(strings.NewReader(text), name)
		if err != nil {
			log.Fatal(err)
		}
		return t
	}
	// The label is "a and b"; c is noise.
	tr := read("and_train.csv", "a,b,c,label\n0,0,1,0\n0,1,0,0\n1,0,1,0\n1,1,0,1\n0,0,0,0\n0,1,1,0\n1,0,0,0\n1,1,1,1\n1,1,0,1\n0,1,0,0\n")
	te := read("and_test.csv", "a,b,c,label\n1,1,1,1\n0,1,1,0\n1,0,0,0\n0,0,1,0\n")
	sw, shapes, cfg, err := evaluate.BenchRealSweep([]evaluate.BenchTable{{Name: "and", Table: tr, Test: te}},
		evaluate.BenchRealConfig{Repeats: 2, Seed: 1, Model: model.Config{}, Train: train.Config{Epochs: 50}})
	if err != nil {
		log.Fatal(err)
	}
	results := make([]evaluate.UnitResult, len(sw.Units))
	if err := sw.Run(context.Background(), sw.Units, 1, func(u evaluate.Unit, r evaluate.UnitResult) error {
		results[u.Index] = r
		return nil
	}); err != nil {
		log.Fatal(err)
	}
	rep, err := evaluate.BenchRealReduce(shapes, cfg, results, nil, evaluate.ModelLogReg)
	if err != nil {
		log.Fatal(err)
	}
	d := rep.Datasets[0]
	fmt.Printf("%s: %d training rows, scored on %s (%d rows); fixed split %v, %d units\n", d.Dataset, d.Rows, d.Test, d.TestRows, rep.FixedSplit, len(sw.Units))
	for _, m := range d.Models {
		fmt.Printf("%s: %d scores (one per repeat)\n", m.Model, len(m.Folds))
	}
	// Output:
	// and: 10 training rows, scored on and_test.csv (4 rows); fixed split true, 4 units
	// hornets: 2 scores (one per repeat)
	// logreg: 2 scores (one per repeat)
}
