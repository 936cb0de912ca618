// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/modelfile"
	"math"
	"math/rand/v2"
)

// Every size-like field has an upper bound that Validate enforces, naming
// the field and the range (issue 8, defects 3 and 4).
func TestConfigBounds(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		edit func(*model.Config)
		want string // "" for valid
	}{
		{"largest valid", func(c *model.Config) {
			c.Rules, c.Order, c.ExpParam, c.Samples = model.MaxRules, model.MaxOrder, model.MaxExpParam, model.MaxRules
		}, ""},
		{"rules", func(c *model.Config) { c.Rules = model.MaxRules + 1 }, "rules = 65537, want 1..65536"},
		{"order", func(c *model.Config) { c.Order = model.MaxOrder + 1 }, "order = 65, want 1..64"},
		{"exp-param 1e9", func(c *model.Config) { c.ExpParam = 1_000_000_000 }, "exp-param = 1000000000, want 1..64"},
		{"samples above rules", func(c *model.Config) { c.Rules, c.Samples = 8, 9 }, "samples = 9, want 0..rules (8)"},
		{"heads", func(c *model.Config) { c.Search.Heads = 1025 }, "heads = 1025, want 1..1024"},
		{"pool", func(c *model.Config) { c.Search.Pool = 8193 }, "pool = 8193, want 1..8192"},
		{"screen order", func(c *model.Config) { c.Search.ScreenOrder = 9 }, "screen-order = 9, want 1..8"},
		{"screen budget", func(c *model.Config) { c.Search.ScreenBudget = 200_000_001 }, "screen-budget = 200000001, want 1..200000000"},
		{"error pair over tuples", func(c *model.Config) { c.Search.ErrorPairOverTuples = true }, ""},
		{"error pair over tuples, no error pair", func(c *model.Config) { c.Search.ErrorPairOverTuples, c.Search.NoErrorPair = true, true }, "error-pair-over-tuples needs the error pair, which no-error-pair switches off"},
		{"error pair over tuples, pair fallback", func(c *model.Config) { c.Search.ErrorPairOverTuples, c.Search.PairFallback = true, true }, "error-pair-over-tuples needs the error pair, which pair-fallback replaces"},
		{"error pair over tuples, rank by score", func(c *model.Config) { c.Search.ErrorPairOverTuples, c.Search.RankByScore = true, true }, "error-pair-over-tuples weighs the strong tuples by what they add to the pair, which rank-by-score does without"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := model.DefaultConfig()
			tt.edit(&c)
			err := c.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Validate\ngot  %v\nwant nil", err)
			case tt.want == "":
			case err == nil || !errors.Is(err, model.ErrConfig) || !strings.Contains(err.Error(), tt.want):
				t.Fatalf("Validate\ngot  %v\nwant an ErrConfig naming %q", err, tt.want)
			}
		})
	}
}

// reseal gives an edited model file a fresh checksum, so that Load gets
// past it to the check under test (modelfile.Reseal).
func reseal(t *testing.T, file string) string {
	t.Helper()
	b, err := modelfile.Reseal([]byte(file))
	if err != nil {
		t.Fatalf("reseal: %v", err)
	}
	return string(b)
}

// A model file edited to ask for an out-of-range exponent (or rule count)
// is refused on load, at once, instead of making predict take 31 s
// (issue 8, defect 4).
func TestLoadRefusesOutOfBoundsConfig(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := fit(t, xorData(t, 1, 32), 1, 2, 16).Save(&buf, nil); err != nil {
		t.Fatalf("Save: %v", err)
	}
	good := buf.String()
	firstScale := regexp.MustCompile(`"standardize_scale":\[[^,\]]+`).FindString(good)
	for _, tt := range []struct {
		name, old, new, want string
	}{
		{"exp_param 1000000", `"exp_param":1,`, `"exp_param":1000000,`, "exp-param = 1000000, want 1..64"},
		{"rules 1000000", `"rules":32,`, `"rules":1000000,`, "rules = 1000000, want 1..65536"},
		{"pool 1000000", `"pool":64,`, `"pool":1000000,`, "pool = 1000000, want 1..8192"},
		// A resealed scale of 0 loaded and predicted as if the feature were absent.
		{"standardize_scale 0", firstScale, `"standardize_scale":[0`, "standardize_scale of feature 1 is 0, want > 0"},
		{"standardize_scale negative", firstScale, `"standardize_scale":[-2`, "standardize_scale of feature 1 is -2, want > 0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			edited := strings.Replace(good, tt.old, tt.new, 1)
			if edited == good {
				t.Fatalf("no %s in the saved model:\n%.300s", tt.old, good)
			}
			edited = reseal(t, edited)
			_, _, err := model.Load(strings.NewReader(edited))
			if !errors.Is(err, model.ErrModelFile) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Load\ngot  %v\nwant an ErrModelFile naming %q", err, tt.want)
			}
		})
	}
}

// continuousFit returns a small table of Gaussian features and a network
// fitted to it on the continuous route.
func continuousFit(t *testing.T) (*data.Dataset, *model.Network) {
	t.Helper()
	ds := gaussData(3, 40, 4)
	net := fit(t, ds, 1, 2, 16)
	if net.Route() != model.Continuous {
		t.Fatalf("route %v; want continuous", net.Route())
	}
	return ds, net
}

// A row whose values overflow the continuous route's standardisation gets
// an error naming it, not NaN probabilities; the rows before it are fine.
func TestPredictOverflowNamesRow(t *testing.T) {
	t.Parallel()
	ds, net := continuousFit(t)
	x := append(slices.Clone(ds.Row(0)), ds.Row(1)...)
	x[4+2] = 1.7e308 // row 1, feature 2
	_, _, err := net.PredictProba(x, 2)
	var re *model.RowError
	if !errors.As(err, &re) || re.Row != 1 || !errors.Is(err, model.ErrOverflow) {
		t.Fatalf("PredictProba: %v; want a RowError for row 1 wrapping ErrOverflow", err)
	}
	if !strings.Contains(err.Error(), "= 1.7e+308") {
		t.Errorf("error %q does not name the value", err)
	}
	if _, _, err := net.PredictProba(x[:4], 1); err != nil {
		t.Errorf("PredictProba of row 0 alone: %v", err)
	}
}

// A continuous-route model whose weights overflow (an edited file: Load
// checks shapes, not magnitudes) gives Effects an ErrOverflow, as
// PredictProba does, not NaN effects that rules would print.
func TestEffectsOverflow(t *testing.T) {
	t.Parallel()
	_, net := continuousFit(t)
	if _, err := net.Effects(); err != nil {
		t.Fatalf("Effects of the fitted network: %v", err)
	}
	var buf bytes.Buffer
	if err := net.Save(&buf, nil); err != nil {
		t.Fatalf("Save: %v", err)
	}
	var file map[string]any
	if err := json.Unmarshal(buf.Bytes(), &file); err != nil {
		t.Fatal(err)
	}
	lin, ok := file["linatt"].(map[string]any)
	if !ok {
		t.Fatalf("no linatt object in the saved model")
	}
	w, ok := lin["W"].([]any)
	if !ok || len(w) == 0 {
		t.Fatalf("no linatt.W array in the saved model")
	}
	for i := range w {
		w[i] = math.Copysign(1e308, float64(i%2)-0.5)
	}
	delete(file, "checksum")
	edited, err := json.Marshal(file)
	if err != nil {
		t.Fatal(err)
	}
	bad, _, err := model.Load(strings.NewReader(reseal(t, string(edited))))
	if err != nil {
		t.Fatalf("Load of the edited model: %v", err)
	}
	if _, err := bad.Effects(); !errors.Is(err, model.ErrOverflow) || !strings.Contains(err.Error(), "parameters overflow") {
		t.Errorf("Effects: %v; want an ErrOverflow saying the parameters overflow", err)
	}
}

// Sizes and weights that would exhaust memory, wrap around or leave a
// network untrained are errors naming them (a library audit, session 11).
func TestDataAndTrainerBounds(t *testing.T) {
	t.Parallel()
	ds := gaussData(2, 32, 4)
	rng := rand.New(rand.NewPCG(1, 1))
	for _, tt := range []struct {
		name string
		d    model.Data
		want string
	}{
		{"classes", model.Data{X: ds.X, Rows: 32, Features: 4, Y: ds.Y, Classes: 1 << 40}, "1099511627776 classes, want 2..65536"},
		{"rows × features wraps", model.Data{X: make([]float64, 4), Rows: 4, Features: 1<<62 + 1, Y: make([]int, 4), Classes: 2}, "4 values for 4 rows"},
	} {
		if _, err := model.New(model.Config{Rules: 8}, tt.d, rng); !errors.Is(err, model.ErrShape) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: New: %v; want ErrShape naming %q", tt.name, err, tt.want)
		}
	}
	net := fit(t, ds, 1, 2, 16)
	if _, err := model.NewTrainer(net, model.MaxBatch+1, nil); !errors.Is(err, model.ErrConfig) {
		t.Errorf("NewTrainer with batch %d: %v; want ErrConfig", model.MaxBatch+1, err)
	}
	for _, w := range [][]float64{{0, 0}, {-1, 1}, {math.NaN(), 1}} {
		if _, err := model.NewTrainer(net, 16, w); !errors.Is(err, model.ErrConfig) {
			t.Errorf("NewTrainer with class weights %v: %v; want ErrConfig", w, err)
		}
		if _, err := net.WeightedLoss(ds.X, ds.Rows, ds.Y, w); !errors.Is(err, model.ErrConfig) {
			t.Errorf("WeightedLoss with class weights %v: %v; want ErrConfig", w, err)
		}
	}
}
