// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/train"
)

func csvTable(t *testing.T, name, text string) *data.Table {
	t.Helper()
	tab, err := data.ReadCSV(strings.NewReader(text), name)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestBenchRealSweepFixedSplit: tables with test tables give one unit per
// model and repeat, fold 0, HorNets seeded as fold 0 of one fold; the
// shapes name the test tables.
func TestBenchRealSweepFixedSplit(t *testing.T) {
	tr := csvTable(t, "a_train.csv", "x,y,label\n0,0,n\n0,1,p\n1,0,p\n1,1,n\n0,0,n\n1,1,p\n")
	te := csvTable(t, "a_test.csv", "x,y,label\n1,0,p\n0,0,n\n1,1,n\n")
	sw, shapes, cfg, err := BenchRealSweep([]BenchTable{{Name: "a", Table: tr, Test: te}}, BenchRealConfig{Repeats: 3, Seed: 11, Categorical: []string{"*"}})
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.FixedSplit || cfg.Folds != 1 || cfg.Repeats != 3 {
		t.Errorf("config: fixed %v, %d folds, %d repeats; want true, 1, 3", cfg.FixedSplit, cfg.Folds, cfg.Repeats)
	}
	if len(sw.Units) != 2*3 {
		t.Fatalf("%d units, want 6 (2 models × 3 repeats)", len(sw.Units))
	}
	for _, u := range sw.Units {
		if u.Fold != 0 || u.Seed != UnitSeed(11, u.Repeat, 0, 1) {
			t.Errorf("unit %d: fold %d seed %d, want fold 0 seed %d", u.Index, u.Fold, u.Seed, UnitSeed(11, u.Repeat, 0, 1))
		}
	}
	// --categorical "*" one-hot encodes both 0/1 columns: 2 columns each.
	if s := shapes[0]; s.Test != "a_test.csv" || s.TestRows != 3 || s.Rows != 6 || s.Encoded != 4 {
		t.Errorf("shape %+v, want test a_test.csv of 3 rows, 6 training rows, 4 encoded columns", s)
	}
}

func TestBenchRealSweepFixedSplitRefuses(t *testing.T) {
	tr := csvTable(t, "a_train.csv", "x,label\n0,n\n1,p\n0,n\n1,p\n0,n\n1,p\n")
	te := csvTable(t, "a_test.csv", "x,label\n0,n\n1,p\n")
	unseen := csvTable(t, "b_test.csv", "x,label\n0,n\n1,q\n")
	for _, tt := range []struct {
		name   string
		tables []BenchTable
		cfg    BenchRealConfig
		want   error
		text   string
	}{
		{"some tables without a test table", []BenchTable{{"a", tr, te}, {"b", tr, nil}}, BenchRealConfig{}, train.ErrConfig, "1 of 2 tables"},
		{"folds with a fixed split", []BenchTable{{"a", tr, te}}, BenchRealConfig{Folds: 5}, train.ErrConfig, "5 folds with fixed train/test splits"},
		{"negative folds with a fixed split", []BenchTable{{"a", tr, te}}, BenchRealConfig{Folds: -1}, train.ErrConfig, "-1 folds with fixed train/test splits"},
		{"a test label the training table lacks", []BenchTable{{"a", tr, unseen}}, BenchRealConfig{}, nil, `b_test.csv:3: column "label": "q" is not a training class`},
		{"a categorical name that is no column", []BenchTable{{"a", tr, te}}, BenchRealConfig{Categorical: []string{"z"}}, nil, `column "z"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, err := BenchRealSweep(tt.tables, tt.cfg)
			if err == nil || tt.want != nil && !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.text) {
				t.Errorf("error %v, want %v containing %q", err, tt.want, tt.text)
			}
		})
	}
}

// TestBenchRealKeepsWholeTableKinds: a column whose only non-missing cell
// is a word keeps the whole table's categorical kind in the folds whose
// training rows miss it, so no unit fails to parse its held-out rows.
func TestBenchRealKeepsWholeTableKinds(t *testing.T) {
	var b strings.Builder
	b.WriteString("note,x,z,label\n")
	for i := range 20 {
		note := "?"
		if i == 5 {
			note = "t"
		}
		x, z := i%2, i/2%2
		b.WriteString(note + "," + string(rune('0'+x)) + "," + string(rune('0'+z)) + "," + []string{"n", "p"}[x^z] + "\n")
	}
	tab := csvTable(t, "lone_word.csv", b.String())
	sw, _, _, err := BenchRealSweep([]BenchTable{{Name: "lone_word", Table: tab}}, BenchRealConfig{Folds: 4, Repeats: 1, Seed: 3, Train: train.Config{Epochs: 5}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sw.results(context.Background(), 2)
	if err != nil {
		t.Fatalf("bench real units: %v", err)
	}
	if len(res) != len(sw.Units) {
		t.Errorf("%d results for %d units", len(res), len(sw.Units))
	}
}
