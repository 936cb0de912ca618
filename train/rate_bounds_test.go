// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

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
