// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/train"
)

// gateTable is a CSV-like table of rows from the gate generator: columns
// f0.., then the label y ("no"/"yes").
func gateTable(t testing.TB, g data.Gate, features, rows int, seed uint64) *data.Table {
	t.Helper()
	gen, err := data.NewSynth(data.SynthConfig{Gate: g, Features: features, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	ds := gen.Sample(rows)
	tab := &data.Table{Name: "gates.csv"}
	for j := range features {
		tab.Header = append(tab.Header, "f"+strconv.Itoa(j))
	}
	tab.Header = append(tab.Header, "y")
	for i := range rows {
		row := make([]string, 0, features+1)
		for _, v := range ds.Row(i) {
			row = append(row, strconv.FormatFloat(v, 'g', -1, 64))
		}
		row = append(row, []string{"no", "yes"}[ds.Y[i]])
		tab.Rows = append(tab.Rows, row)
		tab.Lines = append(tab.Lines, i+2)
	}
	return tab
}

func zeroSeconds(r *evaluate.CVResult) {
	r.Seconds = 0
	for i := range r.Folds {
		r.Folds[i].Seconds = 0
	}
}

// The result does not depend on the number of workers, and has repeats ×
// folds units in repeat-major order.
func TestCrossValidateJobs(t *testing.T) {
	t.Parallel()
	tab := gateTable(t, data.Xor, 6, 60, 3)
	cfg := evaluate.CVConfig{Folds: 3, Repeats: 2, Train: train.Config{Seed: 7, Epochs: 10}}
	var got []*evaluate.CVResult
	for _, jobs := range []int{1, 2} {
		cfg.Jobs = jobs
		res, err := evaluate.CrossValidate(context.Background(), tab, cfg)
		if err != nil {
			t.Fatal(err)
		}
		zeroSeconds(res)
		got = append(got, res)
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Errorf("--jobs 2\ngot  %+v\nwant %+v", got[1], got[0])
	}
	res := got[0]
	if len(res.Folds) != 6 || res.K != 3 || res.Repeats != 2 {
		t.Fatalf("units: %d folds, k %d, repeats %d; want 6, 3, 2", len(res.Folds), res.K, res.Repeats)
	}
	rows := 0
	for u, f := range res.Folds {
		if f.Repeat != u/3+1 || f.Fold != u%3+1 {
			t.Errorf("unit %d is (repeat %d, fold %d), want (%d, %d)", u, f.Repeat, f.Fold, u/3+1, u%3+1)
		}
		rows += f.Rows
	}
	if rows != 2*60 {
		t.Errorf("held-out rows over all units\ngot  %d\nwant %d", rows, 120)
	}
	// Two repeats are two different splits.
	if reflect.DeepEqual(res.Folds[:3], res.Folds[3:]) {
		t.Errorf("repeat 2 repeats repeat 1: %+v", res.Folds)
	}
}

// On a numeric table, one repeat is train.CrossValidate of the encoded
// table: same folds, same seeds.
func TestCrossValidateMatchesTrain(t *testing.T) {
	t.Parallel()
	tab := gateTable(t, data.And, 5, 50, 2)
	cfg := evaluate.CVConfig{Folds: 5, Jobs: 2, Train: train.Config{Seed: 3, Epochs: 10}}
	res, err := evaluate.CrossValidate(context.Background(), tab, cfg)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := data.FitEncoder(tab, data.EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ds, _, err := enc.Transform(tab)
	if err != nil {
		t.Fatal(err)
	}
	want, err := train.CrossValidate(context.Background(), ds, 5, cfg.Model, cfg.Train, nil)
	if err != nil {
		t.Fatal(err)
	}
	for f, m := range want.Folds {
		if g := res.Folds[f]; g.MacroF1 != m.MacroF1 || g.Accuracy != m.Accuracy || g.Rows != m.Rows {
			t.Errorf("fold %d\ngot  %+v\nwant %+v", f+1, g, m)
		}
	}
	if res.MacroF1Mean != want.MeanMacroF1 {
		t.Errorf("macro-F1 mean\ngot  %v\nwant %v", res.MacroF1Mean, want.MeanMacroF1)
	}
}

// The encoder is fitted on the training fold only: a category held by one
// row is unknown to the encoder of the unit that holds that row out, and
// known to every other.
func TestCrossValidateEncoderPerFold(t *testing.T) {
	t.Parallel()
	tab := gateTable(t, data.Or, 4, 40, 5)
	tab.Header = slices.Insert(tab.Header, 0, "colour")
	for i := range tab.Rows {
		c := []string{"red", "blue"}[i%2]
		if i == 17 {
			c = "green" // the only green row
		}
		tab.Rows[i] = slices.Insert(tab.Rows[i], 0, c)
	}
	cfg := evaluate.CVConfig{Folds: 4, Repeats: 2, Train: train.Config{Seed: 1, Epochs: 5}}
	res, err := evaluate.CrossValidate(context.Background(), tab, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ys := make([]int, len(tab.Rows))
	for i, row := range tab.Rows {
		if row[len(row)-1] == "yes" {
			ys[i] = 1
		}
	}
	split := evaluate.Split(ys, 2, 4, 2, 1)
	for _, f := range res.Folds {
		want := 0
		if split[f.Repeat-1][17] == f.Fold-1 {
			want = 1
		}
		if f.Unseen != want {
			t.Errorf("repeat %d fold %d: unseen categories\ngot  %d\nwant %d", f.Repeat, f.Fold, f.Unseen, want)
		}
	}
}

func TestCrossValidateErrors(t *testing.T) {
	t.Parallel()
	tab := gateTable(t, data.And, 3, 12, 1)
	for i := range tab.Rows {
		tab.Rows[i][3] = "no"
	}
	tab.Rows[0][3], tab.Rows[1][3] = "yes", "yes" // 2 rows of class yes
	_, err := evaluate.CrossValidate(context.Background(), tab, evaluate.CVConfig{Folds: 3, Train: train.Config{Epochs: 1}})
	var fe *train.FoldsError
	if !errors.As(err, &fe) || fe.Class != "yes" || fe.Rows != 2 {
		t.Errorf("3 folds, 2 rows of a class\ngot  %v\nwant a *train.FoldsError naming class yes", err)
	}
	_, err = evaluate.CrossValidate(context.Background(), tab, evaluate.CVConfig{Folds: 2, Repeats: -1})
	if !errors.Is(err, train.ErrConfig) {
		t.Errorf("-1 repeats\ngot  %v\nwant train.ErrConfig", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = evaluate.CrossValidate(ctx, tab, evaluate.CVConfig{Folds: 2, Train: train.Config{Epochs: 1}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled\ngot  %v\nwant context.Canceled", err)
	}
}

// A column whose only non-missing cell is a word is categorical on the
// whole table, as train types it. Every repeat has a fold whose training
// rows miss the word; its encoder keeps the whole table's kind, so the
// held-out row holding the word is an unseen category, not a cell that
// does not parse.
func TestCrossValidateKeepsWholeTableKinds(t *testing.T) {
	t.Parallel()
	tab := gateTable(t, data.Or, 3, 40, 7)
	tab.Header = slices.Insert(tab.Header, 0, "note")
	for i := range tab.Rows {
		c := "?"
		if i == 11 {
			c = "t"
		}
		tab.Rows[i] = slices.Insert(tab.Rows[i], 0, c)
	}
	cfg := evaluate.CVConfig{Folds: 4, Repeats: 2, Train: train.Config{Seed: 1, Epochs: 5}}
	res, err := evaluate.CrossValidate(context.Background(), tab, cfg)
	if err != nil {
		t.Fatalf("CrossValidate: %v", err)
	}
	unseen := 0
	for _, f := range res.Folds {
		unseen += f.Unseen
	}
	if unseen != cfg.Repeats { // the word's row is held out once a repeat
		t.Errorf("unseen categories over the folds: got %d, want %d", unseen, cfg.Repeats)
	}
}
