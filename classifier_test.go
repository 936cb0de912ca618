// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package hornets_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sirupsen/logrus"
	logtest "github.com/sirupsen/logrus/hooks/test"

	"github.com/hornets-go/hornets"
	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// trainConfig is short training, enough for xor over 8 features.
var trainConfig = train.Config{Seed: 1, Epochs: 40}

// xorTable returns rows of xor over 8 binary features plus a categorical
// column "colour" (red or blue, noise), as a CSV table named name.
func xorTable(t *testing.T, rows int, seed uint64, name string) *data.Table {
	t.Helper()
	tab, err := makeXorTable(rows, seed, name)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func makeXorTable(rows int, seed uint64, name string) (*data.Table, error) {
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 8, Seed: seed})
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := data.WriteCSV(&b, gen.Sample(rows)); err != nil {
		return nil, err
	}
	tab, err := data.ReadCSV(&b, name)
	if err != nil {
		return nil, err
	}
	tab.Header = append(tab.Header, "colour")
	for i := range tab.Rows {
		tab.Rows[i] = append(tab.Rows[i], []string{"red", "blue"}[i%2])
	}
	return tab, nil
}

// fitted is a classifier fitted once on xorTable(128, 1) with label column
// "label" (not the last column), shared by the tests that only read it.
// Those tests do not run in parallel: concurrent prediction has its own
// test, TestConcurrentPredict.
var fitted = sync.OnceValues(func() (*hornets.Classifier, error) {
	tab, err := makeXorTable(128, 1, "train.csv")
	if err != nil {
		return nil, err
	}
	clf := &hornets.Classifier{Train: trainConfig, Encoding: data.EncoderOptions{Label: "label"}}
	return clf, clf.Fit(context.Background(), tab)
})

func fittedClassifier(t *testing.T) *hornets.Classifier {
	t.Helper()
	clf, err := fitted()
	if err != nil {
		t.Fatal(err)
	}
	return clf
}

func TestNotFitted(t *testing.T) {
	t.Parallel()
	tab := xorTable(t, 8, 2, "test.csv")
	failed := &hornets.Classifier{Train: trainConfig}
	if err := failed.Fit(context.Background(), &data.Table{Name: "empty.csv"}); err == nil {
		t.Fatal("Fit on an empty table: no error")
	}
	methods := []struct {
		name string
		call func(c *hornets.Classifier) error
	}{
		{"Check", func(c *hornets.Classifier) error { _, err := c.Check(tab); return err }},
		{"Check(nil)", func(c *hornets.Classifier) error { _, err := c.Check(nil); return err }},
		{"PredictProba", func(c *hornets.Classifier) error { _, err := c.PredictProba(tab); return err }},
		{"PredictProba(nil)", func(c *hornets.Classifier) error { _, err := c.PredictProba(nil); return err }},
		{"Predict", func(c *hornets.Classifier) error { _, err := c.Predict(tab); return err }},
		{"PredictProbaCSV", func(c *hornets.Classifier) error { _, err := c.PredictProbaCSV("test.csv"); return err }},
		{"PredictCSV", func(c *hornets.Classifier) error { _, err := c.PredictCSV("test.csv"); return err }},
		{"Score", func(c *hornets.Classifier) error { _, err := c.Score(tab); return err }},
		{"Rules", func(c *hornets.Classifier) error { _, err := c.Rules(); return err }},
		{"RulesOn", func(c *hornets.Classifier) error { _, err := c.RulesOn(tab); return err }},
		{"Save", func(c *hornets.Classifier) error { return c.Save(filepath.Join(t.TempDir(), "model.json")) }},
		{"Network().Rules", func(c *hornets.Classifier) error {
			if _, err := c.Network().Rules(); !errors.Is(err, model.ErrNotFitted) {
				t.Errorf("Network().Rules: got %v, want model.ErrNotFitted", err)
			}
			return hornets.ErrNotFitted
		}},
		{"Classes", func(c *hornets.Classifier) error {
			if got := c.Classes(); got != nil {
				t.Errorf("Classes: got %q, want nil", got)
			}
			return hornets.ErrNotFitted
		}},
	}
	for _, v := range []struct {
		name string
		clf  *hornets.Classifier
	}{
		{"nil", nil},
		{"zero", &hornets.Classifier{}},
		{"failed fit", failed},
	} {
		for _, m := range methods {
			t.Run(v.name+"/"+m.name, func(t *testing.T) {
				if err := m.call(v.clf); !errors.Is(err, hornets.ErrNotFitted) {
					t.Errorf("got  %v\nwant %v", err, hornets.ErrNotFitted)
				}
			})
		}
	}
	var nilClf *hornets.Classifier
	if err := nilClf.Fit(context.Background(), tab); err == nil {
		t.Error("Fit on a nil *Classifier: no error")
	}
	if err := nilClf.FitCSV(context.Background(), "train.csv"); err == nil {
		t.Error("FitCSV on a nil *Classifier: no error")
	}
	if err := (&hornets.Classifier{}).Fit(context.Background(), nil); err == nil {
		t.Error("Fit(nil table): no error")
	}
}

// The classifier predicts exactly as train.Fit with the same seed on the
// table encoded by data.FitEncoder.
func TestFitMatchesTrainFit(t *testing.T) {
	clf := fittedClassifier(t)
	tab := xorTable(t, 128, 1, "train.csv")
	enc, err := data.FitEncoder(tab, data.EncoderOptions{Label: "label"})
	if err != nil {
		t.Fatal(err)
	}
	ds, _, err := enc.Transform(tab)
	if err != nil {
		t.Fatal(err)
	}
	res, err := train.Fit(context.Background(), ds, model.Config{}, trainConfig, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := res.Network.PredictProba(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	got, err := clf.PredictProba(tab)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(slices.Concat(got...), want) {
		t.Errorf("probabilities differ from train.Fit's\ngot  %.4g\nwant %.4g", got[:2], want[:4])
	}
	if c := clf.Classes(); !slices.Equal(c, enc.Classes) {
		t.Errorf("Classes\ngot  %q\nwant %q", c, enc.Classes)
	}
	m, err := clf.Score(tab)
	if err != nil {
		t.Fatal(err)
	}
	if m.Accuracy < 0.95 {
		t.Errorf("training accuracy %.3f, want ≥ 0.95", m.Accuracy)
	}
	rules, err := clf.Rules()
	if err != nil {
		t.Fatal(err)
	}
	netRules, err := res.Network.Rules()
	if err != nil {
		t.Fatal(err)
	}
	if len(rules.Rules) != len(netRules.Rules) || rules.DefaultClass != enc.Classes[netRules.Default] || rules.Fidelity != netRules.Fidelity {
		t.Errorf("Rules\ngot  %v\nwant %v", rules, netRules)
	}
	for i, r := range netRules.Rules {
		if rules.Rules[i].Class != enc.Classes[r.Class] || len(rules.Rules[i].Literals) != len(r.Literals) {
			t.Errorf("rule %d\ngot  %+v\nwant %+v", i+1, rules.Rules[i], r)
		}
	}
}

// Save then Load gives bit-identical probabilities, the same classes,
// rules and configurations.
func TestSaveLoad(t *testing.T) {
	clf := fittedClassifier(t)
	loaded := saveAndLoad(t, clf)
	tab := xorTable(t, 200, 7, "test.csv")
	want, err := clf.PredictProba(tab)
	if err != nil {
		t.Fatal(err)
	}
	got, err := loaded.PredictProba(tab)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		for k := range want[i] {
			if math.Float64bits(got[i][k]) != math.Float64bits(want[i][k]) {
				t.Fatalf("row %d class %d\ngot  %v\nwant %v", i, k, got[i][k], want[i][k])
			}
		}
	}
	if !slices.Equal(loaded.Classes(), clf.Classes()) {
		t.Errorf("Classes\ngot  %q\nwant %q", loaded.Classes(), clf.Classes())
	}
	r1, err := clf.Rules()
	if err != nil {
		t.Fatal(err)
	}
	r2, err := loaded.Rules()
	if err != nil {
		t.Fatal(err)
	}
	if r1.String() != r2.String() || r1.SQL() != r2.SQL() {
		t.Errorf("Rules\ngot  %v\nwant %v", r2, r1)
	}
	if loaded.Train.Seed != trainConfig.Seed || loaded.Train.Epochs != trainConfig.Epochs || loaded.Encoding.Label != "label" {
		t.Errorf("loaded fields: Train %+v, Encoding %+v", loaded.Train, loaded.Encoding)
	}
	if loaded.Model != clf.Network().Config() {
		t.Errorf("Model\ngot  %+v\nwant %+v", loaded.Model, clf.Network().Config())
	}
}

// A prediction table is read as hornetctl predict reads it: columns by
// name in any order, extra columns ignored, the label column optional
// (and ignored, whatever it holds).
func TestPredictTableShapes(t *testing.T) {
	clf := fittedClassifier(t)
	base := xorTable(t, 50, 3, "test.csv")
	want, err := clf.PredictProba(base)
	if err != nil {
		t.Fatal(err)
	}
	wantNames, err := clf.Predict(base)
	if err != nil {
		t.Fatal(err)
	}
	// reshape returns base with the columns cols (by name) in that order.
	reshape := func(cols []string, label string) *data.Table {
		out := &data.Table{Name: "reshaped.csv", Header: cols}
		for _, row := range base.Rows {
			var r []string
			for _, c := range cols {
				switch j := slices.Index(base.Header, c); {
				case c == "label" && label != "":
					r = append(r, label)
				case j >= 0:
					r = append(r, row[j])
				default:
					r = append(r, "extra")
				}
			}
			out.Rows = append(out.Rows, r)
		}
		return out
	}
	reversed := slices.Clone(base.Header)
	slices.Reverse(reversed)
	noLabel := slices.DeleteFunc(slices.Clone(reversed), func(c string) bool { return c == "label" })
	for _, tt := range []struct {
		name string
		tab  *data.Table
	}{
		{"reversed columns", reshape(reversed, "")},
		{"no label column", reshape(noLabel, "")},
		{"extra column", reshape(append(slices.Clone(noLabel), "notes"), "")},
		{"unknown labels", reshape(reversed, "maybe")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := clf.PredictProba(tt.tab)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("probabilities differ\ngot  %.4g\nwant %.4g", got[:2], want[:2])
			}
			names, err := clf.Predict(tt.tab)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(names, wantNames) {
				t.Errorf("Predict\ngot  %q\nwant %q", names, wantNames)
			}
		})
	}
	// Score needs the label column, and known labels.
	if _, err := clf.Score(reshape(noLabel, "")); !errors.Is(err, data.ErrNoColumn) {
		t.Errorf("Score without a label column\ngot  %v\nwant %v", err, data.ErrNoColumn)
	}
	if _, err := clf.Score(reshape(reversed, "maybe")); !errors.Is(err, data.ErrUnknownLabel) {
		t.Errorf("Score with unknown labels\ngot  %v\nwant %v", err, data.ErrUnknownLabel)
	}
	// A table without rows has no score and no rule evidence (not 0).
	empty := &data.Table{Name: "empty.csv", Header: base.Header}
	if _, err := clf.Score(empty); !errors.Is(err, data.ErrNoRows) || !strings.Contains(err.Error(), "empty.csv") {
		t.Errorf("Score of a table without rows\ngot  %v\nwant %v naming empty.csv", err, data.ErrNoRows)
	}
	if _, err := clf.RulesOn(empty); !errors.Is(err, data.ErrNoRows) {
		t.Errorf("RulesOn a table without rows\ngot  %v\nwant %v", err, data.ErrNoRows)
	}
	// A missing feature column is an error naming the table and column.
	missing := reshape(slices.DeleteFunc(slices.Clone(noLabel), func(c string) bool { return c == "f3" }), "")
	_, err = clf.PredictProba(missing)
	if !errors.Is(err, data.ErrNoColumn) || !strings.Contains(err.Error(), `reshaped.csv: column "f3"`) {
		t.Errorf("missing feature column\ngot  %v\nwant %v naming reshaped.csv and f3", err, data.ErrNoColumn)
	}
}

// Unseen categories are not errors: Check returns them, and the
// prediction methods log them.
func TestWarnings(t *testing.T) {
	logger, hook := logtest.NewNullLogger()
	clf := *fittedClassifier(t) // a copy sharing the fitted model, with its own Log
	clf.Log = logger
	tab := xorTable(t, 10, 4, "new.csv")
	for i := range 3 {
		tab.Rows[i][len(tab.Header)-1] = "green"
	}
	warns, err := clf.Check(tab)
	if err != nil {
		t.Fatal(err)
	}
	want := []data.Warning{{Column: "colour", Value: "green", Count: 3}}
	if !slices.Equal(warns, want) {
		t.Errorf("Check\ngot  %v\nwant %v", warns, want)
	}
	hook.Reset()
	if _, err := clf.PredictProba(tab); err != nil {
		t.Fatal(err)
	}
	entries := hook.AllEntries()
	if len(entries) != 1 || entries[0].Level != logrus.WarnLevel || entries[0].Data["value"] != "green" || entries[0].Data["rows"] != 3 {
		t.Errorf("log entries: %+v, want one warning for colour=green, 3 rows", entries)
	}
}

// Errors name the file that is missing.
func TestMissingFiles(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		name string
		call func(path string) error
	}{
		{"FitCSV", func(p string) error { return (&hornets.Classifier{}).FitCSV(context.Background(), p) }},
		{"Load", func(p string) error { _, err := hornets.Load(p); return err }},
		{"Save", func(p string) error { return fittedClassifier(t).Save(p) }},
		{"PredictProbaCSV", func(p string) error { _, err := fittedClassifier(t).PredictProbaCSV(p); return err }},
		{"PredictCSV", func(p string) error { _, err := fittedClassifier(t).PredictCSV(p); return err }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "no-such-dir", "file")
			err := tt.call(path)
			if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), path) {
				t.Errorf("got  %v\nwant an os.ErrNotExist error naming %s", err, path)
			}
		})
	}
}

// A model file without a CSV encoder cannot be loaded as a Classifier.
func TestLoadWithoutEncoder(t *testing.T) {
	clf := fittedClassifier(t)
	path := filepath.Join(t.TempDir(), "model.json")
	b := &train.Bundle{Network: clf.Network(), Train: clf.Train, Classes: clf.Classes()}
	if err := b.Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := hornets.Load(path); !errors.Is(err, hornets.ErrNoEncoder) || !strings.Contains(err.Error(), path) {
		t.Errorf("got  %v\nwant %v naming %s", err, hornets.ErrNoEncoder, path)
	}
}

// A cancelled Fit is an error wrapping context.Canceled and leaves the
// classifier as it was.
func TestFitCanceled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	clf := &hornets.Classifier{Train: trainConfig}
	err := clf.Fit(ctx, xorTable(t, 64, 5, "train.csv"))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got  %v\nwant %v", err, context.Canceled)
	}
	if _, err := clf.Predict(xorTable(t, 4, 5, "test.csv")); !errors.Is(err, hornets.ErrNotFitted) {
		t.Errorf("after a cancelled Fit\ngot  %v\nwant %v", err, hornets.ErrNotFitted)
	}
}

// A classifier fitted with Encoding.Binarise saves its thresholds: the
// loaded one predicts alike and refits with the same Binarise.
func TestBinariseSaveLoad(t *testing.T) {
	t.Parallel()
	tab := &data.Table{Name: "mix.csv", Header: []string{"a", "b", "age", "y"}}
	for i := range 64 {
		a, age := i%2, 20+(i*37)%60
		y := "no"
		if a == 1 && age > 50 {
			y = "yes"
		}
		tab.Rows = append(tab.Rows, []string{fmt.Sprint(a), fmt.Sprint(i / 2 % 2), fmt.Sprint(age), y})
	}
	back := fitSaveLoad(t, tab, data.EncoderOptions{Binarise: []string{"age"}}, model.Categorical)
	if !slices.Equal(back.Encoding.Binarise, []string{"age"}) {
		t.Errorf("after Load: Binarise %v, want [age]", back.Encoding.Binarise)
	}
}

// fitSaveLoad fits a classifier with enc on tab, checks that it takes
// route, saves and loads it, checks that the loaded one predicts tab's
// rows with the same probabilities, and returns it.
func fitSaveLoad(t *testing.T, tab *data.Table, enc data.EncoderOptions, route model.Route) *hornets.Classifier {
	t.Helper()
	clf := &hornets.Classifier{Train: trainConfig, Encoding: enc}
	if err := clf.Fit(context.Background(), tab); err != nil {
		t.Fatal(err)
	}
	if clf.Network().Route() != route {
		t.Errorf("route %v, want %v", clf.Network().Route(), route)
	}
	back := saveAndLoad(t, clf)
	p1, err1 := clf.PredictProba(tab)
	p2, err2 := back.PredictProba(tab)
	if err1 != nil || err2 != nil || !reflect.DeepEqual(p1, p2) {
		t.Errorf("after Load: errors %v, %v; same probabilities %v", err1, err2, reflect.DeepEqual(p1, p2))
	}
	return back
}

// A classifier fitted with Encoding.Steps saves each column's value and
// thresholds: the loaded one takes the continuous route, predicts alike
// and refits with the same Steps.
func TestStepsSaveLoad(t *testing.T) {
	t.Parallel()
	tab := &data.Table{Name: "band.csv", Header: []string{"x", "age", "y"}}
	for i := range 80 {
		x, age := float64(i%7)/3, 20+(i*37)%60
		y := "no"
		if age > 35 && age < 65 || x > 1.9 {
			y = "yes"
		}
		tab.Rows = append(tab.Rows, []string{fmt.Sprint(x), fmt.Sprint(age), y})
	}
	back := fitSaveLoad(t, tab, data.EncoderOptions{Steps: []string{"age"}}, model.Continuous)
	if !slices.Equal(back.Encoding.Steps, []string{"age"}) {
		t.Errorf("after Load: Steps %v, want [age]", back.Encoding.Steps)
	}
}

// A classifier fitted with Encoding.NoBinarise on flags beside one
// continuous column (which would be binarised by default) keeps the
// option through Save and Load, so that a refit of the loaded one keeps
// the column a number and trains the same model; it was lost, and the
// refit binarised the column and took the categorical route (a library
// audit, session 42).
func TestNoBinariseSaveLoad(t *testing.T) {
	t.Parallel()
	tab := &data.Table{Name: "flags.csv", Header: []string{"a", "b", "c", "d", "e", "age", "y"}}
	for i := range 80 {
		a, age := i%2, 20+(i*37)%60
		y := "no"
		if a == 1 || age > 60 {
			y = "yes"
		}
		tab.Rows = append(tab.Rows, []string{fmt.Sprint(a), fmt.Sprint(i / 2 % 2), fmt.Sprint(i / 3 % 2), fmt.Sprint(i / 5 % 2), fmt.Sprint(i / 7 % 2), fmt.Sprint(age), y})
	}
	clf := &hornets.Classifier{Train: trainConfig, Encoding: data.EncoderOptions{NoBinarise: true}}
	if err := clf.Fit(context.Background(), tab); err != nil {
		t.Fatal(err)
	}
	back := saveAndLoad(t, clf)
	if !back.Encoding.NoBinarise || len(back.Encoding.Binarise) != 0 {
		t.Fatalf("after Load: Encoding %+v; want NoBinarise and no Binarise", back.Encoding)
	}
	if err := back.Fit(context.Background(), tab); err != nil {
		t.Fatal(err)
	}
	p1, err1 := clf.PredictProba(tab)
	p2, err2 := back.PredictProba(tab)
	if err1 != nil || err2 != nil || !reflect.DeepEqual(p1, p2) || back.Network().Route() != clf.Network().Route() {
		t.Errorf("refit after Load: errors %v, %v; same probabilities %v; routes %v and %v", err1, err2, reflect.DeepEqual(p1, p2),
			clf.Network().Route(), back.Network().Route())
	}
	auto := &hornets.Classifier{Train: trainConfig}
	if err := auto.Fit(context.Background(), tab); err != nil {
		t.Fatal(err)
	}
	if back := saveAndLoad(t, auto); back.Encoding.NoBinarise || !slices.Equal(back.Encoding.Binarise, []string{"age"}) {
		t.Errorf("fitted by default, after Load: Encoding %+v; want age binarised, NoBinarise unset", back.Encoding)
	}
}

// A Fit that fails for a reason other than cancellation leaves the
// classifier not fitted, as ErrNotFitted says, rather than predicting with
// the model before it; a nil context is an error, not a panic (a library
// audit, session 22).
func TestFailedRefit(t *testing.T) {
	t.Parallel()
	clf := &hornets.Classifier{Train: trainConfig}
	if err := clf.Fit(context.Background(), xorTable(t, 64, 7, "train.csv")); err != nil {
		t.Fatal(err)
	}
	one := &data.Table{Name: "one.csv", Header: []string{"a", "label"}, Rows: [][]string{{"1", "x"}, {"0", "x"}}}
	if err := clf.Fit(context.Background(), one); !errors.Is(err, data.ErrSingleClass) {
		t.Fatalf("Fit on a single class: %v, want ErrSingleClass", err)
	}
	if _, err := clf.Predict(xorTable(t, 4, 7, "test.csv")); !errors.Is(err, hornets.ErrNotFitted) {
		t.Errorf("after a failed refit: %v, want ErrNotFitted", err)
	}
	//lint:ignore SA1012 a nil context is what is tested
	if err := clf.Fit(nil, xorTable(t, 64, 7, "train.csv")); err == nil || !strings.Contains(err.Error(), "nil context") { //nolint:staticcheck
		t.Errorf("Fit(nil, …): %v, want an error naming the nil context", err)
	}
}

// Concurrent predictions on a freshly loaded classifier (whose evaluation
// graphs are built on first use) equal sequential ones.
//
// Run it with -race: Gorgonia's NewTapeMachine writes the engine of the
// network's shared parameter tensors (setEngine) when a goroutine builds
// its own evaluation graph, a race this test once reported; graph
// building is now serialised (model/internal/graph), and `go test -race
// -run TestConcurrentPredict .` reports none (session 42).
func TestConcurrentPredict(t *testing.T) {
	path := filepath.Join(t.TempDir(), "model.json")
	if err := fittedClassifier(t).Save(path); err != nil {
		t.Fatal(err)
	}
	tab := xorTable(t, 300, 6, "test.csv")
	want, err := fittedClassifier(t).PredictProba(tab)
	if err != nil {
		t.Fatal(err)
	}
	clf, err := hornets.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	const workers = 8
	got := make([][][]float64, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { got[w], errs[w] = clf.PredictProba(tab) })
	}
	wg.Wait()
	for w := range workers {
		if errs[w] != nil {
			t.Fatalf("worker %d: %v", w, errs[w])
		}
		if !slices.EqualFunc(got[w], want, slices.Equal) {
			t.Errorf("worker %d: probabilities differ from a sequential prediction", w)
		}
	}
}

// PredictProbaCSV and PredictCSV read a file and predict exactly as
// PredictProba and Predict do on the table read from it.
func TestPredictCSV(t *testing.T) {
	clf := fittedClassifier(t)
	tab := xorTable(t, 30, 5, "test.csv")
	var b strings.Builder
	b.WriteString(strings.Join(tab.Header, ",") + "\n")
	for _, row := range tab.Rows {
		b.WriteString(strings.Join(row, ",") + "\n")
	}
	path := filepath.Join(t.TempDir(), "test.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := clf.PredictProba(tab)
	if err != nil {
		t.Fatal(err)
	}
	got, err := clf.PredictProbaCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("PredictProbaCSV\ngot  %v\nwant %v", got, want)
	}
	wantNames, err := clf.Predict(tab)
	if err != nil {
		t.Fatal(err)
	}
	gotNames, err := clf.PredictCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(gotNames, wantNames) {
		t.Errorf("PredictCSV\ngot  %q\nwant %q", gotNames, wantNames)
	}
}

// A loaded classifier refit on a table of the other route trains as a
// fresh one: Load read back the first route's epochs, patience, decay and
// output rate scale, which a continuous refit then used (1,000 epochs and
// patience 100 where a fresh fit has 300 and 30).
func TestLoadRefitsOtherRoute(t *testing.T) {
	t.Parallel()
	cfg := train.Config{Seed: 3}
	labelled := data.EncoderOptions{Label: "label"}
	first := &hornets.Classifier{Train: cfg, Encoding: labelled}
	if err := first.Fit(context.Background(), xorTable(t, 64, 4, "xor.csv")); err != nil {
		t.Fatal(err)
	}
	if first.Network().Route() != model.Categorical {
		t.Fatalf("the xor table took route %v, want categorical", first.Network().Route())
	}
	loaded := saveAndLoad(t, first)
	if got := loaded.Train; got.Epochs != 0 || got.Patience != 0 || got.DecayAfter != 0 || got.NoDecay || got.OutputRateScale != 0 {
		t.Errorf("loaded Train keeps the categorical route's settings: %+v", got)
	}

	var b strings.Builder
	b.WriteString("x1,x2,x3,label\n")
	for i := range 60 {
		x1, x2, x3 := math.Sin(float64(i)), math.Cos(float64(3*i)), float64(i%7)/7
		fmt.Fprintf(&b, "%.4f,%.4f,%.4f,%s\n", x1, x2, x3, map[bool]string{true: "a", false: "b"}[x1+x2 > 0])
	}
	cont, err := data.ReadCSV(strings.NewReader(b.String()), "cont.csv")
	if err != nil {
		t.Fatal(err)
	}
	fresh := &hornets.Classifier{Train: cfg, Encoding: labelled}
	for _, c := range []*hornets.Classifier{loaded, fresh} {
		if err := c.Fit(context.Background(), cont); err != nil {
			t.Fatal(err)
		}
	}
	if fresh.Network().Route() != model.Continuous {
		t.Fatalf("the numeric table took route %v, want continuous", fresh.Network().Route())
	}
	p1, err1 := loaded.PredictProba(cont)
	p2, err2 := fresh.PredictProba(cont)
	if err1 != nil || err2 != nil || !reflect.DeepEqual(p1, p2) {
		t.Errorf("refit of the loaded classifier differs from a fresh fit (errors %v, %v)", err1, err2)
	}
}

// Codes the encoding check one-hot encodes (three values, labelled a1 =
// a2) are named in the loaded classifier's Encoding.Categorical, so that a
// refit encodes them alike and fits the same model.
func TestEncodingCheckSaveLoad(t *testing.T) {
	t.Parallel()
	tab := &data.Table{Name: "codes.csv", Header: []string{"a0", "a1", "a2", "f", "y"}}
	rng := rand.New(rand.NewPCG(5, 5))
	for range 180 {
		a := [3]int{1 + rng.IntN(3), 1 + rng.IntN(3), 1 + rng.IntN(3)}
		tab.Rows = append(tab.Rows, []string{fmt.Sprint(a[0]), fmt.Sprint(a[1]), fmt.Sprint(a[2]), fmt.Sprint(rng.IntN(2)), fmt.Sprint(a[1] == a[2])})
	}
	// The tuple check's 30 inner fits a fit are not what this test is
	// about; they were most of its 12 s.
	cfg := trainConfig
	cfg.NoTupleCheck = true
	clf := &hornets.Classifier{Train: cfg}
	if err := clf.Fit(context.Background(), tab); err != nil {
		t.Fatal(err)
	}
	back := saveAndLoad(t, clf)
	if want := []string{"a0", "a1", "a2"}; !slices.Equal(back.Encoding.Categorical, want) || len(back.Encoding.Binarise) > 0 {
		t.Fatalf("loaded Encoding %+v: want Categorical %q and no Binarise", back.Encoding, want)
	}
	if err := back.Fit(context.Background(), tab); err != nil {
		t.Fatal(err)
	}
	p1, err1 := clf.PredictProba(tab)
	p2, err2 := back.PredictProba(tab)
	if err1 != nil || err2 != nil || !reflect.DeepEqual(p1, p2) {
		t.Errorf("refit after Load: errors %v, %v; same probabilities %v", err1, err2, reflect.DeepEqual(p1, p2))
	}
}

// saveAndLoad saves clf to a temporary file and loads it back.
func saveAndLoad(t *testing.T, clf *hornets.Classifier) *hornets.Classifier {
	t.Helper()
	path := filepath.Join(t.TempDir(), "model.json")
	if err := clf.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := hornets.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return back
}
