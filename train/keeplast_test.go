// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// On the categorical route the best epoch is chosen by the mean of its
// batch losses under dropout, which label noise makes noisy: in `or` over
// 64 features with 20 % of the labels flipped (seed 3) a lucky epoch 55
// stands for a network that merged cells (fresh-row accuracy 0.49), and
// no later epoch mean beats it. Training keeps the network it ended with,
// whose loss over the training rows is lower, and that network reads the
// gate right. A clean gate, whose best epoch is the last or whose restored
// network is the better one, is trained as before.
func TestKeepsTheLastNetworkWhenItFitsBetter(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name      string
		gate      data.Gate
		noise     float64
		wantFinal bool
	}{
		{"or, 64 features, 20 % noise", data.Or, 0.2, true},
		{"xor, 64 features, clean", data.Xor, 0, false},
	} {
		gen, err := data.NewSynth(data.SynthConfig{Gate: tt.gate, Features: 64, Seed: 3, LabelNoise: tt.noise})
		if err != nil {
			t.Fatal(err)
		}
		trainSet, _ := gen.SampleNoisy(128)
		fresh := gen.Sample(1000)
		res, err := train.Fit(context.Background(), trainSet, model.Config{}, train.Config{Seed: 3}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Route != model.Categorical {
			t.Fatalf("%s: route %v", tt.name, res.Route)
		}
		kept := res.BestEpoch == res.Epochs && res.Status == train.EarlyStopped
		if kept != tt.wantFinal || (res.LastKept != nil) != tt.wantFinal {
			t.Errorf("%s: %v after %d epochs, network of epoch %d, %+v; want the last epoch's kept: %v", tt.name, res.Status, res.Epochs, res.BestEpoch, res.LastKept, tt.wantFinal)
		}
		if k := res.LastKept; k != nil && !(k.LastLoss < k.BestEpochLoss && k.BestEpoch < res.Epochs) {
			t.Errorf("%s: %+v: want a lower loss for the last network and an earlier best epoch", tt.name, k)
		}
		if acc := accuracy(t, res.Network, fresh); acc < 0.99 {
			t.Errorf("%s: fresh-row accuracy %.3f, want >= 0.99", tt.name, acc)
		}
	}
}
