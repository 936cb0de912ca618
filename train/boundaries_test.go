// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/sirupsen/logrus"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// binaryRows returns rows of features 0/1 features drawn from a PCG
// seeded (seed, stream), each labelled 0 or 1 by label, which may draw
// from the same generator after the row.
func binaryRows(rows, features int, seed, stream uint64, label func(row []float64, rng *rand.Rand) int) *data.Dataset {
	rng := rand.New(rand.NewPCG(seed, stream))
	ds := &data.Dataset{Rows: rows, Cols: features, X: make([]float64, rows*features), Y: make([]int, rows), Classes: []string{"0", "1"}}
	for i := range rows {
		row := ds.X[i*features : (i+1)*features]
		for j := range row {
			row[j] = float64(rng.IntN(2))
		}
		ds.Y[i] = label(row, rng)
	}
	return ds
}

// rareAnd returns rows of binary features whose label is the conjunction
// of features 2, 5 and 7 (one row in eight), with 3 % of labels flipped.
func rareAnd(rows, features int, seed uint64) *data.Dataset {
	return binaryRows(rows, features, seed, 1, func(row []float64, rng *rand.Rand) int {
		y := 0
		if row[2] == 1 && row[5] == 1 && row[7] == 1 {
			y = 1
		}
		return flipped(y, 0.03, rng)
	})
}

// flipped returns the binary label y, flipped with probability p.
func flipped(y int, p float64, rng *rand.Rand) int {
	if rng.Float64() < p {
		return 1 - y
	}
	return y
}

// A categorical fit runs its boundary check where the balanced class
// weights are far from equal, and only there; the shift it chooses is in
// the network, and the decision list reproduces the shifted network.
func TestCategoricalBoundaryCheck(t *testing.T) {
	t.Parallel()
	xor, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		ds    *data.Dataset
		cfg   train.Config
		want  bool // a BoundaryCheck ran
		shift bool // and chose a weaker power than the weights'
	}{
		{"rare class", rareAnd(160, 12, 1), train.Config{Seed: 1}, true, false},
		{"rare class, shifted", rareAnd(200, 12, 4), train.Config{Seed: 1}, true, true},
		{"rare class, equal weights", rareAnd(160, 12, 1), train.Config{Seed: 1, EqualClassWeights: true}, false, false},
		{"balanced classes", xor.Sample(128), train.Config{Seed: 1}, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := train.Fit(context.Background(), tt.ds, model.Config{}, tt.cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Network.Route() != model.Categorical {
				t.Fatalf("route %v, want categorical", res.Network.Route())
			}
			b := res.Boundaries
			if (b != nil) != tt.want {
				t.Fatalf("boundary check %+v, want one: %v", b, tt.want)
			}
			if b != nil {
				if b.Folds != train.BoundaryFolds || b.ClassWeightPower != 1 && b.ClassWeightPower != 0.5 && b.ClassWeightPower != 0 ||
					(b.ClassWeightPower == 1) != (b.BiasShift == nil) {
					t.Errorf("boundary check %+v", b)
				}
				if (b.ClassWeightPower < 1) != tt.shift {
					t.Errorf("boundary check %+v, want a shift: %v", b, tt.shift)
				}
			}
			// The saved network predicts as the fitted one, shift and all.
			var buf bytes.Buffer
			if err := res.Network.Save(&buf, nil); err != nil {
				t.Fatal(err)
			}
			loaded, _, err := model.Load(&buf)
			if err != nil {
				t.Fatal(err)
			}
			want, _, err := res.Network.PredictProba(tt.ds.X, tt.ds.Rows)
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := loaded.PredictProba(tt.ds.X, tt.ds.Rows)
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("probability %d: %g after saving and loading, %g before", i, got[i], want[i])
				}
			}
			list, err := res.Network.Rules()
			if err != nil {
				t.Fatal(err)
			}
			if list.Fidelity < 0.95 {
				t.Errorf("decision list fidelity %.3f on the training rows", list.Fidelity)
			}
		})
	}
}

// cancelOn is a logrus hook that cancels a context when a message is
// logged.
type cancelOn struct {
	msg    string
	cancel context.CancelFunc
}

func (h cancelOn) Levels() []logrus.Level { return logrus.AllLevels }

func (h cancelOn) Fire(e *logrus.Entry) error {
	if e.Message == h.msg {
		h.cancel()
	}
	return nil
}

// Canceled while its inner folds train, a categorical fit returns the
// network as training left it, status Canceled, no boundary check and no
// error, as a canceled continuous check does.
func TestCategoricalBoundaryCheckCanceled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := logrus.New()
	log.SetOutput(io.Discard)
	log.AddHook(cancelOn{msg: "choosing the categorical decision boundaries by inner folds", cancel: cancel})
	res, err := train.Fit(ctx, rareAnd(160, 12, 1), model.Config{}, train.Config{Seed: 1}, &train.Options{Log: log})
	if err != nil {
		t.Fatal(err)
	}
	if ctx.Err() == nil {
		t.Fatal("the boundary check did not run: nothing canceled")
	}
	if res.Status != train.Canceled || res.Boundaries != nil {
		t.Errorf("status %v, boundary check %+v; want canceled, none", res.Status, res.Boundaries)
	}
	if _, err := res.Network.Rules(); err != nil {
		t.Errorf("rules of the canceled fit: %v", err)
	}
}
