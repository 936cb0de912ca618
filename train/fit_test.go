// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/modelfile"
	"github.com/hornets-go/hornets/model/rulesearch"
	"github.com/hornets-go/hornets/train"
)

func synth(t testing.TB, gate data.Gate, features int, seed uint64) (*data.Synth, *data.Dataset, *data.Dataset) {
	t.Helper()
	s, err := data.NewSynth(data.SynthConfig{Gate: gate, Features: features, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return s, s.Sample(128), s.Sample(1000)
}

func rules(t testing.TB, net *model.Network, top int) []model.Interaction {
	t.Helper()
	rs, err := net.Interactions(top)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// evaluatedRules returns the network's decision list evaluated on ds
// against the network's predictions (List.Fidelity) and ds's labels.
func evaluatedRules(t testing.TB, net *model.Network, ds *data.Dataset) *rulesearch.List {
	t.Helper()
	list, err := net.Rules()
	if err != nil {
		t.Fatal(err)
	}
	pred, err := net.Predict(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	list.Evaluate(ds.X, ds.Rows, ds.Cols, pred, ds.Y)
	return list
}

func accuracy(t testing.TB, net *model.Network, ds *data.Dataset) float64 {
	t.Helper()
	pred, err := net.Predict(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	m, err := train.Evaluate(ds.Y, pred, ds.Classes)
	if err != nil {
		t.Fatal(err)
	}
	return m.Accuracy
}

// Held-out accuracy and rule retrieval on gates at random positions.
func TestFitGates(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		gate     data.Gate
		features int
		seed     uint64
	}{
		{data.Xor, 32, 11}, {data.Xnor, 64, 12}, {data.And, 64, 13}, {data.Or, 32, 14}, {data.Not, 64, 15},
	} {
		t.Run(tt.gate.String(), func(t *testing.T) {
			t.Parallel()
			s, tr, te := synth(t, tt.gate, tt.features, tt.seed)
			res, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Seed: tt.seed}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if acc := accuracy(t, res.Network, te); acc < 0.97 {
				t.Errorf("%s: held-out accuracy\ngot  %.3f\nwant >= 0.97", s.Describe(), acc)
			}
			top := rules(t, res.Network, 1)
			if len(top) == 0 || !slices.Equal(top[0].FeatureSet(), s.Targets()) {
				t.Errorf("%s: top rule\ngot  %v\nwant the features %v", s.Describe(), top, s.Targets())
			}
			if res.Route != model.Categorical {
				t.Errorf("route\ngot  %v\nwant categorical", res.Route)
			}
		})
	}
}

func TestFitIsDeterministic(t *testing.T) {
	t.Parallel()
	_, tr, _ := synth(t, data.Xor, 16, 3)
	var out [2]bytes.Buffer
	for i := range out {
		res, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Seed: 5, Epochs: 40}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := res.Network.Save(&out[i], nil); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(out[0].Bytes(), out[1].Bytes()) {
		t.Error("two fits with the same seed saved different models")
	}
	res, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Seed: 6, Epochs: 40}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var other bytes.Buffer
	if err := res.Network.Save(&other, nil); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(out[0].Bytes(), other.Bytes()) {
		t.Error("a different seed gave the same model")
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	t.Parallel()
	_, tr, te := synth(t, data.Xnor, 24, 9)
	res, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Seed: 9, Epochs: 30}, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/m.json"
	if err := res.Network.SaveFile(path, map[string]string{"note": "kept"}); err != nil {
		t.Fatal(err)
	}
	loaded, meta, err := model.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(meta) != `{"note":"kept"}` {
		t.Errorf("metadata\ngot  %s\nwant {\"note\":\"kept\"}", meta)
	}
	p1, _, err := res.Network.PredictProba(te.X, te.Rows)
	if err != nil {
		t.Fatal(err)
	}
	p2, _, err := loaded.PredictProba(te.X, te.Rows)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p1, p2) {
		t.Error("loaded model predicts different probabilities")
	}
	if a, b := rules(t, res.Network, 3), rules(t, loaded, 3); len(a) != len(b) || a[0].String() != b[0].String() {
		t.Errorf("rules\ngot  %v\nwant %v", b, a)
	}
}

// edited replaces the first old in a model file by new and reseals the
// file (modelfile.Reseal), so that Load gets past the checksum to the
// check under test.
func edited(t *testing.T, file, old, new string) string {
	t.Helper()
	out := strings.Replace(file, old, new, 1)
	if out == file {
		t.Fatalf("no %s in the model file", old)
	}
	b, err := modelfile.Reseal([]byte(out))
	if err != nil {
		t.Fatalf("reseal: %v", err)
	}
	return string(b)
}

func TestLoadRejectsBadFiles(t *testing.T) {
	t.Parallel()
	_, tr, _ := synth(t, data.And, 8, 2)
	res, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Seed: 2, Epochs: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var good bytes.Buffer
	if err := res.Network.Save(&good, nil); err != nil {
		t.Fatal(err)
	}
	g := good.String()
	for _, tt := range []struct{ name, content, want string }{
		{"empty", "", "empty file"},
		{"truncated", g[:len(g)/2], "truncated or corrupt"},
		{"binary", "\x00\x01\x02\xff", "not a hornets-go model"},
		{"foreign json", `{"name":"other"}`, "not a hornets-go model"},
		{"foreign format", `{"format":"pytorch","version":1}`, `format "pytorch"`},
		{"newer version", edited(t, g, `"version":8`, `"version":99`), "newer"},
		{"older version", edited(t, g, `"version":8`, `"version":1`), "retrain the model"},
		{"bad shape", edited(t, g, `"B":[`, `"B":[1,`), "values, want"},
		{"bad rule index", edited(t, g, `"idx":[`, `"idx":[999999,`), "rule"},
		{"unknown field", edited(t, g, `"format"`, `"extra":1,"format"`), "unknown field"},
		{"a weight changed", strings.Replace(g, `"B":[`, `"B":[1`, 1), "checksum mismatch"},
		{"checksum cut off", g[:strings.LastIndex(g, `,"checksum"`)] + "}\n", "without its checksum"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := model.Load(strings.NewReader(tt.content))
			if err == nil || !errors.Is(err, model.ErrModelFile) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load error\ngot  %v\nwant ErrModelFile containing %q", err, tt.want)
			}
		})
	}
	if _, _, err := model.LoadFile(t.TempDir()); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("LoadFile(dir)\ngot  %v\nwant a directory error", err)
	}
	if _, _, err := model.LoadFile("/nonexistent/m.json"); !errors.Is(err, os.ErrNotExist) || !errors.Is(err, model.ErrModelFile) {
		t.Errorf("LoadFile(missing)\ngot  %v\nwant an error wrapping both os.ErrNotExist and model.ErrModelFile", err)
	}
}

func TestFitCancel(t *testing.T) {
	t.Parallel()
	_, tr, _ := synth(t, data.Xor, 16, 4)
	ctx, cancel := context.WithCancel(context.Background())
	rec := train.RecorderFunc(func(s train.EpochStats) error {
		if s.Epoch == 3 {
			cancel()
		}
		return nil
	})
	res, err := train.Fit(ctx, tr, model.Config{}, train.Config{Seed: 1, NoEarlyStopping: true, NoLossTarget: true}, &train.Options{Recorder: rec})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != train.Canceled || res.Epochs != 3 {
		t.Errorf("status, epochs\ngot  %v, %d\nwant %v, 3", res.Status, res.Epochs, train.Canceled)
	}
}

// The largest learning rate Validate allows trains to finite weights that
// save (TestWeightsOverflowGuard checks the guard against overflowing ones).
func TestFitWeightsOverflow(t *testing.T) {
	t.Parallel()
	_, tr, _ := synth(t, data.And, 4, 1)
	res, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Seed: 1, Epochs: 5, LearningRate: train.MaxLearningRate}, nil)
	if err != nil {
		t.Fatalf("Fit with learning rate %v (large, finite weights): %v", train.MaxLearningRate, err)
	}
	if err := res.Network.Save(io.Discard, nil); err != nil {
		t.Errorf("Save after learning rate %v: %v", train.MaxLearningRate, err)
	}
}

func TestFitRejectsBadConfig(t *testing.T) {
	t.Parallel()
	_, tr, _ := synth(t, data.Xor, 8, 1)
	for _, tt := range []struct {
		name string
		m    model.Config
		c    train.Config
		want error
	}{
		{"negative lr", model.Config{}, train.Config{LearningRate: -1}, train.ErrConfig},
		{"negative batch", model.Config{}, train.Config{BatchSize: -4}, train.ErrConfig},
		{"negative epochs", model.Config{}, train.Config{Epochs: -1}, train.ErrConfig},
		{"negative patience", model.Config{}, train.Config{Patience: -1}, train.ErrConfig},
		{"val fraction one", model.Config{}, train.Config{ValFraction: 1}, train.ErrConfig},
		{"class weights length", model.Config{}, train.Config{ClassWeights: []float64{1}}, train.ErrConfig},
		{"negative rules", model.Config{Rules: -1}, train.Config{}, model.ErrConfig},
		{"order zero after resolve is default, negative is not", model.Config{Order: -1}, train.Config{}, model.ErrConfig},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := train.Fit(context.Background(), tr, tt.m, tt.c, nil)
			if !errors.Is(err, tt.want) {
				t.Errorf("Fit error\ngot  %v\nwant %v", err, tt.want)
			}
		})
	}
}

// sharedDataset reads and encodes a table of ../shared/datasets; the test
// is skipped where it is absent, and fails there when CI is set.
func sharedDataset(t *testing.T, name string) *data.Dataset {
	t.Helper()
	path := "../../shared/datasets/" + name
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but the shared dataset is missing: %v", err)
		}
		t.Skip("dataset not present:", err)
	}
	tab, err := data.ReadCSVFile(path)
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
	return ds
}

// The continuous route on a real table: 5-fold stratified accuracy.
func TestCrossValidateBreastCancer(t *testing.T) {
	if testing.Short() {
		t.Skip("5 fits on 569 rows")
	}
	t.Parallel()
	ds := sharedDataset(t, "sklearn_breast_cancer.csv.gz")
	res, err := train.CrossValidate(context.Background(), ds, 5, model.Config{}, train.Config{Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.MeanAcc < 0.95 {
		t.Errorf("5-fold accuracy\ngot  %.4f\nwant >= 0.95", res.MeanAcc)
	}
	t.Logf("breast cancer 5-fold accuracy %.4f ± %.4f, macro-F1 %.4f", res.MeanAcc, res.StdAcc, res.MeanMacroF1)
}

func TestEvaluate(t *testing.T) {
	t.Parallel()
	m, err := train.Evaluate([]int{0, 0, 1, 1, 2}, []int{0, 1, 1, 1, 0}, []string{"a", "b", "c"})
	if err != nil {
		t.Fatal(err)
	}
	if m.Accuracy != 0.6 {
		t.Errorf("accuracy\ngot  %v\nwant 0.6", m.Accuracy)
	}
	// F1: a = 2·(1/2·1/2)/(1) = 0.5, b = 2·(2/3·1)/(5/3) = 0.8, c = 0.
	if want := (0.5 + 0.8 + 0) / 3; m.MacroF1 < want-1e-12 || m.MacroF1 > want+1e-12 {
		t.Errorf("macro-F1\ngot  %v\nwant %v", m.MacroF1, want)
	}
	if m.Confusion[2][0] != 1 || m.PerClass[1].Support != 2 {
		t.Errorf("confusion %v per-class %+v", m.Confusion, m.PerClass)
	}
}

func TestBalancedWeights(t *testing.T) {
	t.Parallel()
	got := train.BalancedWeights([]int{0, 0, 0, 1, 2, 2}, 4)
	want := []float64{6.0 / 12, 6.0 / 4, 6.0 / 8, 0}
	if !slices.Equal(got, want) {
		t.Errorf("BalancedWeights\ngot  %v\nwant %v", got, want)
	}
}

// Folds fitted in parallel give the same result as one at a time.
func TestCrossValidateParallelMatchesSequential(t *testing.T) {
	t.Parallel()
	_, tr, _ := synth(t, data.Xnor, 12, 8)
	cfg := train.Config{Seed: 4, Epochs: 15}
	par, err := train.CrossValidate(context.Background(), tr, 4, model.Config{}, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	seq, err := train.CrossValidate(context.Background(), tr, 4, model.Config{}, cfg,
		&train.Options{Recorder: train.RecorderFunc(func(train.EpochStats) error { return nil })})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(par, seq) {
		t.Errorf("parallel\ngot  %+v\nwant %+v", par, seq)
	}
}

// A caller's hook (a HookFunc) runs after every epoch, sees its stats and
// can stop the loop.
func TestHookFuncStops(t *testing.T) {
	t.Parallel()
	_, ds, _ := synth(t, data.Xor, 8, 3)
	var seen []int
	stop := train.HookFunc(func(l *train.Loop, st *train.EpochStats) error {
		seen = append(seen, st.Epoch)
		if st.Epoch == 3 {
			l.Stop(train.EarlyStopped)
		}
		return nil
	})
	res, err := train.Fit(context.Background(), ds, model.Config{}, train.Config{Seed: 1, NoEarlyStopping: true},
		&train.Options{Hooks: []train.Hook{stop}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Epochs != 3 || res.Status != train.EarlyStopped || !slices.Equal(seen, []int{1, 2, 3}) {
		t.Errorf("epochs %d, status %v, hook saw %v; want 3 epochs, early stopped, [1 2 3]", res.Epochs, res.Status, seen)
	}
}

// A nil hook, nil HookFunc or nil RecorderFunc is a configuration error before any
// training, not a nil call after the first epoch.
func TestFitRejectsNilHooks(t *testing.T) {
	t.Parallel()
	_, tr, _ := synth(t, data.And, 4, 1)
	for name, opts := range map[string]*train.Options{
		"nil hook":         {Hooks: []train.Hook{nil}},
		"nil HookFunc":     {Hooks: []train.Hook{train.HookFunc(nil)}},
		"nil RecorderFunc": {Recorder: train.RecorderFunc(nil)},
	} {
		if _, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Seed: 1, Epochs: 2}, opts); !errors.Is(err, train.ErrConfig) {
			t.Errorf("%s: Fit: %v; want ErrConfig", name, err)
		}
	}
}

// A table naming a class twice was trained on, and its model then could
// not be saved: Fit refuses it before training.
func TestFitRejectsDuplicateClasses(t *testing.T) {
	t.Parallel()
	_, tr, _ := synth(t, data.And, 4, 1)
	dup := *tr
	dup.Classes = []string{"x", "x"}
	if _, err := train.Fit(context.Background(), &dup, model.Config{}, train.Config{Seed: 1, Epochs: 2}, nil); !errors.Is(err, data.ErrDataset) {
		t.Errorf("Fit: %v; want data.ErrDataset", err)
	}
}

// The functions that take labels without an error result panic with a
// message naming the function and the bad value, as documented, where they
// failed with a bare index out of range, division by zero, slice bound or
// nil dereference.
func TestLabelFunctionPanics(t *testing.T) {
	t.Parallel()
	y := []int{0, 1, 0, 1}
	rng := func() *rand.Rand { return rand.New(rand.NewPCG(1, 1)) }
	for _, tt := range []struct {
		name string
		call func()
		want string
	}{
		{"StratifiedFolds k 0", func() { train.StratifiedFolds(y, 2, 0, rng()) }, "train: StratifiedFolds: 0 folds, want at least 1"},
		{"StratifiedFolds nil rng", func() { train.StratifiedFolds(y, 2, 2, nil) }, "train: StratifiedFolds: nil *rand.Rand"},
		{"StratifiedFolds label", func() { train.StratifiedFolds([]int{0, 9}, 2, 2, rng()) }, "train: StratifiedFolds: row 1 has label 9, want 0..1"},
		{"StratifiedFolds no classes", func() { train.StratifiedFolds(y, 0, 2, rng()) }, "train: StratifiedFolds: row 0 has label 0, want 0..-1"},
		{"StratifiedSplit NaN", func() { train.StratifiedSplit(y, 2, math.NaN(), rng()) }, "train: StratifiedSplit: fraction NaN, want 0 <= fraction < 1"},
		{"StratifiedSplit 1", func() { train.StratifiedSplit(y, 2, 1, rng()) }, "train: StratifiedSplit: fraction 1, want 0 <= fraction < 1"},
		{"StratifiedSplit negative", func() { train.StratifiedSplit(y, 2, -1, rng()) }, "train: StratifiedSplit: fraction -1, want 0 <= fraction < 1"},
		{"StratifiedSplit nil rng", func() { train.StratifiedSplit(y, 2, 0.5, nil) }, "train: StratifiedSplit: nil *rand.Rand"},
		{"StratifiedSplit label", func() { train.StratifiedSplit([]int{-1}, 2, 0.5, rng()) }, "train: StratifiedSplit: row 0 has label -1, want 0..1"},
		{"BalancedWeights label", func() { train.BalancedWeights([]int{0, 5}, 2) }, "train: BalancedWeights: row 1 has label 5, want 0..1"},
		{"BalancedWeights negative classes", func() { train.BalancedWeights([]int{0}, -1) }, "train: BalancedWeights: row 0 has label 0, want 0..-2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := func() (v any) {
				defer func() { v = recover() }()
				tt.call()
				return nil
			}()
			if got != tt.want {
				t.Errorf("panic\ngot  %v\nwant %s", got, tt.want)
			}
		})
	}
	// No labels and no classes is not an error: nothing to count.
	if w := train.BalancedWeights(nil, -1); len(w) != 0 {
		t.Errorf("BalancedWeights(nil, -1)\ngot  %v\nwant none", w)
	}
}
