// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/modelfile"
	"github.com/hornets-go/hornets/train"
)

// Every size-like training field has an upper bound (issue 8, defect 3),
// and so do the learning rates, the output rate scale and the continuous
// L2 penalty: past theirs a fit ran to the end with no error and learned
// nothing (ContinuousL2 = 1e200 trained to a loss of 9.7e195).
func TestConfigBounds(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		edit func(*train.Config)
		want string // "" for valid
	}{
		{"largest valid", func(c *train.Config) {
			c.LearningRate, c.ContinuousLearningRate = train.MaxLearningRate, train.MaxLearningRate
			c.OutputRateScale, c.ContinuousL2 = train.MaxOutputRateScale, train.MaxContinuousL2
		}, ""},
		{"learning rate", func(c *train.Config) { c.LearningRate = 10.5 }, "learning rate = 10.5, want 0 < r <= 10"},
		{"learning rate 1e300", func(c *train.Config) { c.LearningRate = 1e300 }, "learning rate = 1e+300, want 0 < r <= 10"},
		{"learning rate +Inf", func(c *train.Config) { c.LearningRate = math.Inf(1) }, "learning rate = +Inf, want 0 < r <= 10"},
		{"continuous learning rate", func(c *train.Config) { c.ContinuousLearningRate = 11 }, "continuous learning rate = 11, want 0 < r <= 10"},
		{"output rate scale", func(c *train.Config) { c.OutputRateScale = 65537 }, "output rate scale = 65537, want 0 < s <= 65536"},
		{"continuous L2", func(c *train.Config) { c.ContinuousL2 = 1e200 }, "continuous L2 = 1e+200, want 0 < s <= 1e+06 (or no continuous L2)"},
		{"continuous L2 just above", func(c *train.Config) { c.ContinuousL2 = 1.000001e6 }, "continuous L2 = 1.000001e+06, want 0 < s <= 1e+06"},
		{"largest valid", func(c *train.Config) {
			c.BatchSize, c.Epochs, c.Patience, c.RefreshEvery = train.MaxBatchSize, train.EpochLimit, train.EpochLimit, train.EpochLimit
		}, ""},
		{"batch size", func(c *train.Config) { c.BatchSize = train.MaxBatchSize + 1 }, "batch size = 65537, want 1..65536"},
		{"epochs", func(c *train.Config) { c.Epochs = train.EpochLimit + 1 }, "epochs = 1000001, want 1..1000000"},
		{"patience", func(c *train.Config) { c.Patience = train.EpochLimit + 1 }, "patience = 1000001, want 1..1000000"},
		{"refresh every", func(c *train.Config) { c.RefreshEvery = train.EpochLimit + 1 }, "refresh every = 1000001, want 1..1000000"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := train.DefaultConfig()
			tt.edit(&c)
			err := c.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Validate\ngot  %v\nwant nil", err)
			case tt.want == "":
			case err == nil || !errors.Is(err, train.ErrConfig) || !strings.Contains(err.Error(), tt.want):
				t.Fatalf("Validate\ngot  %v\nwant an ErrConfig naming %q", err, tt.want)
			}
		})
	}
}

// Epochs and Patience left at zero take the route's defaults; set, they
// apply to both routes.
func TestRouteDefaults(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name                     string
		cfg                      train.Config
		route                    model.Route
		wantEpochs, wantPatience int
	}{
		{"categorical default", train.Config{}, model.Categorical, train.CategoricalEpochs, train.CategoricalPatience},
		{"continuous default", train.Config{}, model.Continuous, train.ContinuousEpochs, train.ContinuousPatience},
		{"set, categorical", train.Config{Epochs: 7, Patience: 3}, model.Categorical, 7, 3},
		{"set, continuous", train.Config{Epochs: 7, Patience: 3}, model.Continuous, 7, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.cfg.Resolved()
			if got, got2 := c.EpochsFor(tt.route), c.PatienceFor(tt.route); got != tt.wantEpochs || got2 != tt.wantPatience {
				t.Errorf("epochs, patience = %d, %d; want %d, %d", got, got2, tt.wantEpochs, tt.wantPatience)
			}
		})
	}
	// Fit runs the route's epochs: a binary table 1,000, a continuous one 300.
	for _, tt := range []struct {
		name  string
		value func(i int) float64
		want  int
	}{
		{"binary", func(i int) float64 { return float64(i % 2) }, train.CategoricalEpochs},
		{"continuous", func(i int) float64 { return float64(i%7) / 3 }, train.ContinuousEpochs},
	} {
		ds := &data.Dataset{Rows: 16, Cols: 2, X: make([]float64, 32), Features: []string{"a", "b"}, Y: make([]int, 16), Classes: []string{"n", "y"}}
		for i := range ds.X {
			ds.X[i] = tt.value(i * (i / 2))
		}
		for i := range ds.Y {
			ds.Y[i] = i % 2
		}
		res, err := train.Fit(context.Background(), ds, model.Config{Rules: 8}, train.Config{Seed: 1, NoEarlyStopping: true, NoLossTarget: true}, nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if res.Epochs != tt.want || res.Config.Epochs != tt.want {
			t.Errorf("%s table: %d epochs (Result.Config %d), want %d", tt.name, res.Epochs, res.Config.Epochs, tt.want)
		}
		// The result records the decay of its route and the output rate
		// scale of its 8 rules.
		wantDecay := 0
		if tt.want == train.CategoricalEpochs {
			wantDecay = train.DefaultDecayAfter
		}
		if c := res.Config; c.DecayAfter != wantDecay || c.NoDecay != (wantDecay == 0) || c.OutputRateScale != math.Sqrt(8) {
			t.Errorf("%s table: Result.Config DecayAfter %d, NoDecay %v, OutputRateScale %g; want %d, %v, √8",
				tt.name, c.DecayAfter, c.NoDecay, c.OutputRateScale, wantDecay, wantDecay == 0)
		}
	}
}

// The learning-rate decay and the output rate scale: route and rule-count
// defaults, the values set, and the switch.
func TestDecayAndOutputScaleDefaults(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name      string
		cfg       train.Config
		route     model.Route
		rules     int
		wantDecay int
		wantScale float64
	}{
		{"categorical default", train.Config{}, model.Categorical, 256, train.DefaultDecayAfter, 16},
		{"continuous default", train.Config{}, model.Continuous, 64, 0, 8},
		{"set", train.Config{DecayAfter: 5, OutputRateScale: 1}, model.Continuous, 256, 5, 1},
		{"off", train.Config{DecayAfter: 5, NoDecay: true}, model.Categorical, 1, 0, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.cfg.Resolved()
			if err := c.Validate(); err != nil {
				t.Fatal(err)
			}
			if d, s := c.DecayAfterFor(tt.route), c.OutputScaleFor(tt.rules); d != tt.wantDecay || s != tt.wantScale {
				t.Errorf("decay after %d, scale %g; want %d, %g", d, s, tt.wantDecay, tt.wantScale)
			}
		})
	}
	for _, bad := range []train.Config{{DecayAfter: -1}, {DecayAfter: train.EpochLimit + 1}, {OutputRateScale: -1}, {OutputRateScale: math.NaN()}, {OutputRateScale: math.Inf(1)}} {
		if err := bad.Resolved().Validate(); !errors.Is(err, train.ErrConfig) {
			t.Errorf("%+v: Validate = %v, want ErrConfig", bad, err)
		}
	}
}

// A class with fewer rows than folds is an error naming the smallest class
// and its row count (issue 8, defect 9), from CheckFolds and CrossValidate.
func TestCheckFolds(t *testing.T) {
	t.Parallel()
	// 10 rows: class "big" 7, "x" 3.
	ds := &data.Dataset{Rows: 10, Cols: 1, X: make([]float64, 10), Features: []string{"f"},
		Y: []int{0, 0, 0, 0, 0, 0, 0, 1, 1, 1}, Classes: []string{"big", "x"}}
	for i := range ds.X {
		ds.X[i] = float64(i % 2)
	}
	one := *ds
	one.Y = []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 1}
	for _, tt := range []struct {
		name string
		ds   *data.Dataset
		k    int
		want string // "" for valid
	}{
		{"k equal to the smallest class", ds, 3, ""},
		{"k above the smallest class", ds, 5, `class "x" has 3 rows, fewer than the 5 folds; use 3 folds or fewer`},
		{"one row", &one, 2, `class "x" has 1 row, fewer than the 2 folds; cross-validation needs at least 2 rows of every class`},
		{"k 1", ds, 1, "1 folds, want 2..1000"},
		{"k above the bound", ds, train.MaxFolds + 1, "1001 folds, want 2..1000"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := train.CheckFolds(tt.ds, tt.k)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("CheckFolds\ngot  %v\nwant nil", err)
				}
				return
			}
			if !errors.Is(err, train.ErrConfig) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("CheckFolds\ngot  %v\nwant an ErrConfig naming %q", err, tt.want)
			}
			_, cvErr := train.CrossValidate(context.Background(), tt.ds, tt.k, model.Config{}, train.Config{Epochs: 1}, nil)
			if cvErr == nil || cvErr.Error() != err.Error() {
				t.Fatalf("CrossValidate\ngot  %v\nwant %v", cvErr, err)
			}
		})
	}
	var fe *train.FoldsError
	if err := train.CheckFolds(ds, 5); !errors.As(err, &fe) || fe.Class != "x" || fe.Rows != 3 || fe.Folds != 5 {
		t.Fatalf("CheckFolds(5)\ngot  %#v\nwant a *FoldsError{x, 3, 5}", err)
	}
}

// All-zero class weights are refused (every loss 0: an untrained network),
// EstimateMemory of an invalid configuration is over any budget, and a
// bundle that LoadBundle would refuse is not written (a library audit,
// session 11).
func TestBundleAndWeightBounds(t *testing.T) {
	t.Parallel()
	if err := (train.Config{ClassWeights: []float64{0, 0}}).Resolved().Validate(); !errors.Is(err, train.ErrConfig) || !strings.Contains(err.Error(), "every class weight is 0") {
		t.Errorf("Validate with class weights {0, 0}: %v", err)
	}
	if got := train.EstimateMemory(model.Config{Order: -1 << 40}, 10, 10, 2, 4); got != math.MaxInt64 {
		t.Errorf("EstimateMemory of order -2^40 = %d, want math.MaxInt64", got)
	}
	s, err := data.NewSynth(data.SynthConfig{Gate: data.And, Features: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	res, err := train.Fit(context.Background(), s.Sample(64), model.Config{}, train.Config{Seed: 1, Epochs: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.json")
	err = (&train.Bundle{Network: res.Network, Classes: []string{"only"}}).Save(path)
	if err == nil || !strings.Contains(err.Error(), "1 class labels for a 2-class network") {
		t.Errorf("Save with one class label for two classes: %v", err)
	}
	if _, serr := os.Stat(path); !errors.Is(serr, os.ErrNotExist) {
		t.Errorf("a refused bundle left %s: %v", path, serr)
	}
	if err := (*train.Bundle)(nil).Save(path); !errors.Is(err, model.ErrNotFitted) {
		t.Errorf("nil Bundle.Save: %v", err)
	}
	if err := (&train.Bundle{Network: res.Network, Classes: []string{"0", "1"}}).Save(path); err != nil {
		t.Fatalf("Save: %v", err)
	}
	if _, err := train.LoadBundle(path); err != nil {
		t.Errorf("LoadBundle of a saved bundle: %v", err)
	}
}

// TestBundleFileVersion: every model is written as format version 8,
// closed by its checksum; the files the programs before it wrote (version
// 7 and 6 with a checksum; before them version 5 where the encoder codes a
// column's values, 5/7 as 0/1, else 4; no checksum) still load and
// predict as saved.
func TestBundleFileVersion(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		on, off string
		want    string
	}{{"5/7 codes", "7", "5", `"version":5`}, {"0/1 flags", "1", "0", `"version":4`}} { // want: the old file's version
		var b strings.Builder
		b.WriteString("a,b,y\n")
		for i := range 40 {
			v := func(bit int) string { return []string{tc.off, tc.on}[bit] }
			fmt.Fprintf(&b, "%s,%s,%d\n", v(i%2), v(i/2%2), i%2&(i/2%2))
		}
		tab, err := data.ReadCSV(strings.NewReader(b.String()), "t.csv")
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
		res, err := train.Fit(context.Background(), ds, model.Config{}, train.Config{Seed: 1, Epochs: 5}, nil)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "m.json")
		if err := (&train.Bundle{Network: res.Network, Encoder: enc, Classes: enc.Classes}).Save(path); err != nil {
			t.Fatal(err)
		}
		raw, _ := os.ReadFile(path)
		if !strings.HasPrefix(string(raw), `{"format":"hornets-go model","version":8,`) || !strings.Contains(string(raw), `,"checksum":"sha256:`) {
			t.Errorf("%s: the file starts %.120s and ends %q; want version 8 with a checksum", tc.name, raw, raw[max(0, len(raw)-90):])
		}
		cut := strings.LastIndex(string(raw), `,"checksum"`)
		old := filepath.Join(t.TempDir(), "old.json")
		if cut < 0 || os.WriteFile(old, []byte(strings.Replace(string(raw[:cut]), `"version":8`, tc.want, 1)+"}\n"), 0o644) != nil {
			t.Fatalf("%s: cannot make the old file", tc.name)
		}
		v6, err := modelfile.Reseal([]byte(strings.Replace(string(raw), `"version":8`, `"version":6`, 1)))
		old6 := filepath.Join(t.TempDir(), "v6.json")
		if err != nil || os.WriteFile(old6, v6, 0o644) != nil {
			t.Fatalf("%s: cannot make the version-6 file: %v", tc.name, err)
		}
		v7, err := modelfile.Reseal([]byte(strings.Replace(string(raw), `"version":8`, `"version":7`, 1)))
		old7 := filepath.Join(t.TempDir(), "v7.json")
		if err != nil || os.WriteFile(old7, v7, 0o644) != nil {
			t.Fatalf("%s: cannot make the version-7 file: %v", tc.name, err)
		}
		p1, err1 := res.Network.Predict(ds.X, ds.Rows)
		for _, file := range []string{path, old, old6, old7} {
			b2, err := train.LoadBundle(file)
			if err != nil {
				t.Fatalf("%s: LoadBundle(%s): %v", tc.name, filepath.Base(file), err)
			}
			p2, err2 := b2.Network.Predict(ds.X, ds.Rows)
			if err1 != nil || err2 != nil || !slices.Equal(p1, p2) {
				t.Errorf("%s: predictions before and after %s differ (%v, %v)", tc.name, filepath.Base(file), err1, err2)
			}
		}
	}
}

// TestFitNilContext: a nil context is a configuration error, not a panic
// (a library audit, session 22).
func TestFitNilContext(t *testing.T) {
	t.Parallel()
	ds := &data.Dataset{X: []float64{0, 1, 1, 0}, Rows: 4, Cols: 1, Y: []int{0, 1, 1, 0}, Classes: []string{"a", "b"}, Features: []string{"f"}}
	//lint:ignore SA1012 a nil context is what is tested
	if _, err := train.Fit(nil, ds, model.Config{}, train.Config{Seed: 1, Epochs: 2}, nil); !errors.Is(err, train.ErrConfig) || !strings.Contains(err.Error(), "nil context") { //nolint:staticcheck
		t.Errorf("Fit(nil, …): %v, want ErrConfig naming the nil context", err)
	}
	//lint:ignore SA1012 a nil context is what is tested
	if _, err := model.NewContext(nil, model.Config{}, model.Data{X: ds.X, Rows: 4, Features: 1, Y: ds.Y, Classes: 2}, rand.New(rand.NewPCG(1, 2))); !errors.Is(err, model.ErrConfig) { //nolint:staticcheck
		t.Errorf("model.NewContext(nil, …): %v, want ErrConfig", err)
	}
}
