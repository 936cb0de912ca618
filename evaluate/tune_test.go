// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

func tuneGrid() []evaluate.Candidate {
	return []evaluate.Candidate{
		{Model: model.Config{Activation: "relu", Order: 2, Rules: 4}, Train: train.Config{Epochs: 5, LearningRate: 0.01}},
		{Model: model.Config{Activation: "polyclip", Order: 2, Rules: 16}, Train: train.Config{Epochs: 5, LearningRate: 0.05}},
		{Model: model.Config{Activation: "relu", Order: 3, Rules: 8}, Train: train.Config{Epochs: 5, LearningRate: 0.05}},
	}
}

// Tune scores every configuration on the same folds as CrossValidate with
// the tuning seed, sorts them best first, and does not depend on Jobs.
func TestTune(t *testing.T) {
	t.Parallel()
	tab := gateTable(t, data.Xor, 5, 48, 2)
	cfg := evaluate.TuneConfig{Grid: tuneGrid(), Folds: 3, Seed: 4, Jobs: 1}
	res, err := evaluate.Tune(context.Background(), tab, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Scores) != 3 || res.Nested != nil {
		t.Fatalf("got %+v", res)
	}
	for i, s := range res.Scores {
		if i > 0 && s.MacroF1Mean > res.Scores[i-1].MacroF1Mean {
			t.Errorf("not best first: %+v", res.Scores)
		}
		c := cfg.Grid[s.Index]
		c.Train.Seed = cfg.Seed
		cv, err := evaluate.CrossValidate(context.Background(), tab, evaluate.CVConfig{Folds: 3, Model: c.Model, Train: c.Train})
		if err != nil {
			t.Fatal(err)
		}
		if cv.MacroF1Mean != s.MacroF1Mean || cv.AccuracyMean != s.AccuracyMean || s.Order != c.Model.Order || s.Rules != c.Model.Rules {
			t.Errorf("configuration %d: %+v, CrossValidate gives macro-F1 %v", s.Index, s, cv.MacroF1Mean)
		}
	}
	cfg.Jobs = 2
	res2, err := evaluate.Tune(context.Background(), tab, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*evaluate.TuneResult{res, res2} {
		r.Seconds = 0
		for i := range r.Scores {
			r.Scores[i].Seconds = 0
		}
	}
	if !reflect.DeepEqual(res, res2) {
		t.Errorf("--jobs 2 differs:\n%+v\n%+v", res2, res)
	}
}

// With one configuration the nested estimate is the plain CV estimate:
// same outer folds, same seeds. With several, each outer fold's score is
// the chosen configuration's score on that fold in plain CV.
func TestTuneNested(t *testing.T) {
	t.Parallel()
	tab := gateTable(t, data.Xor, 5, 48, 2)
	ctx := context.Background()
	one := evaluate.TuneConfig{Grid: tuneGrid()[:1], Folds: 3, Repeats: 2, Seed: 9, Nested: true}
	res, err := evaluate.Tune(ctx, tab, one)
	if err != nil {
		t.Fatal(err)
	}
	if res.Nested == nil || len(res.Nested.Folds) != 6 {
		t.Fatalf("nested: %+v", res.Nested)
	}
	if got, want := res.Nested.MacroF1Mean, res.Scores[0].MacroF1Mean; got != want {
		t.Errorf("one configuration: nested macro-F1 %v, plain CV %v", got, want)
	}

	cfg := evaluate.TuneConfig{Grid: tuneGrid(), Folds: 3, Seed: 9, Nested: true}
	res, err = evaluate.Tune(ctx, tab, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Nested == nil || len(res.Nested.Folds) != 3 {
		t.Fatalf("nested: %+v", res.Nested)
	}
	for _, f := range res.Nested.Folds {
		if f.Chosen < 0 || f.Chosen >= 3 || f.InnerFolds != 3 {
			t.Fatalf("outer fold %+v", f)
		}
		c := cfg.Grid[f.Chosen]
		c.Train.Seed = cfg.Seed
		cv, err := evaluate.CrossValidate(ctx, tab, evaluate.CVConfig{Folds: 3, Model: c.Model, Train: c.Train})
		if err != nil {
			t.Fatal(err)
		}
		if u := cv.Folds[f.Fold-1]; u.MacroF1 != f.MacroF1 || u.Accuracy != f.Accuracy {
			t.Errorf("outer fold %d: nested %v, plain CV of configuration %d %v", f.Fold, f.MacroF1, f.Chosen, u.MacroF1)
		}
	}
}

// On a table of codes whose label is a1 = a2, Tune runs the encoding check
// on each training fold as cv does (once per fold, shared by the grid):
// the first configuration scores exactly what CrossValidate gives it, the
// codes one-hot, far above the numbers' chance level.
func TestTuneRunsTheEncodingCheck(t *testing.T) {
	t.Parallel()
	tab := &data.Table{Name: "codes.csv", Header: []string{"a0", "a1", "a2", "f", "y"}}
	rng := rand.New(rand.NewPCG(8, 8))
	for range 150 {
		a := [3]int{1 + rng.IntN(3), 1 + rng.IntN(3), 1 + rng.IntN(3)}
		tab.Rows = append(tab.Rows, []string{fmt.Sprint(a[0]), fmt.Sprint(a[1]), fmt.Sprint(a[2]), fmt.Sprint(rng.IntN(2)), fmt.Sprint(a[1] == a[2])})
	}
	// The tuple check is off in both configurations and in the plain CV:
	// it is not what this test is about, and its 30 inner fits a fit made
	// this test 71 CPU-seconds here (10 without it).
	noTupleCheck := train.Config{NoTupleCheck: true}
	grid := []evaluate.Candidate{{Train: noTupleCheck}, {Model: model.Config{Order: 2}, Train: noTupleCheck}}
	cfg := evaluate.TuneConfig{Grid: grid, Folds: 3, Seed: 2}
	res, err := evaluate.Tune(context.Background(), tab, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cv, err := evaluate.CrossValidate(context.Background(), tab, evaluate.CVConfig{Folds: 3, Train: train.Config{Seed: cfg.Seed, NoTupleCheck: true}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Scores {
		if s.Index == 0 && s.MacroF1Mean != cv.MacroF1Mean {
			t.Errorf("the first configuration: Tune %.4f, CrossValidate %.4f", s.MacroF1Mean, cv.MacroF1Mean)
		}
		if s.MacroF1Mean < 0.95 {
			t.Errorf("configuration %d: macro-F1 %.4f; want >= 0.95 with the codes one-hot", s.Index, s.MacroF1Mean)
		}
	}
}
