// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// TestRateAndPenaltyBounds checks the upper bounds of the learning rates,
// the output rate scale and the continuous L2 penalty: past them a fit ran
// to the end with no error and learned nothing (ContinuousL2 = 1e200
// trained to a loss of 9.7e195).
func TestRateAndPenaltyBounds(t *testing.T) {
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

// TestFitRefusesHugePenalty: a library user's Fit refuses the penalty
// before any work, with an ErrConfig error.
func TestFitRefusesHugePenalty(t *testing.T) {
	t.Parallel()
	_, tr, _ := synth(t, data.And, 4, 1)
	res, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Seed: 1, Epochs: 2, ContinuousL2: 1e200}, nil)
	if res != nil || !errors.Is(err, train.ErrConfig) || !strings.Contains(err.Error(), "continuous L2 = 1e+200") {
		t.Fatalf("Fit with ContinuousL2 1e200: %v, %v; want an ErrConfig naming the penalty", res, err)
	}
}

// A model file records how it was trained: one written before the bounds
// (trained with a learning rate of 20, say) still loads and predicts, while
// a refit with its settings is refused. A NaN rate in a file is still
// refused.
func TestStoredSettingsAboveBoundsLoad(t *testing.T) {
	t.Parallel()
	_, tr, _ := synth(t, data.And, 8, 3)
	res, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Seed: 3, Epochs: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := dir + "/m.json"
	if err := (&train.Bundle{Network: res.Network, Train: res.Config, Classes: tr.Classes}).Save(path); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, value string
		loads       bool
	}{
		{"learning rate 20", `"learning_rate":20`, true},
		{"learning rate 1e300", `"learning_rate":1e300`, true},
		{"learning rate negative", `"learning_rate":-1`, false},
	} {
		file := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".json")
		if err := os.WriteFile(file, []byte(edited(t, string(raw), `"learning_rate":0.05`, tt.value)), 0o644); err != nil {
			t.Fatal(err)
		}
		b, err := train.LoadBundle(file)
		switch {
		case tt.loads && err != nil:
			t.Errorf("%s: LoadBundle: %v", tt.name, err)
		case !tt.loads && !errors.Is(err, model.ErrModelFile):
			t.Errorf("%s: LoadBundle: %v; want ErrModelFile", tt.name, err)
		case tt.loads && !errors.Is(b.Train.Resolved().Validate(), train.ErrConfig):
			t.Errorf("%s: the loaded settings pass Validate; a refit with them should not", tt.name)
		}
	}
}
