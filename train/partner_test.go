// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// With 20 % of an and gate's labels flipped (16 features, seed 304: 33 of
// 128), the target pair splits its single's positive cell at p ≈ 0.006,
// which the extension test's Bonferroni factor over 15 partners and 2
// cells does not pass. Since session 32 the lone single's best pair
// takes its slots anyway, and the network reads the gate; with
// Search.ExtensionTest the single keeps them and the network calls every
// row of that cell positive (a quarter of the fresh rows wrong).
func TestLoneSinglePartnerNoisyGate(t *testing.T) {
	t.Parallel()
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.And, Features: 16, Seed: 304, LabelNoise: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	noisy, flipped := gen.SampleNoisy(128)
	if flipped != 33 {
		t.Fatalf("%d labels flipped, want the 33 of the draw this test describes", flipped)
	}
	fresh := gen.Sample(1000)
	tested := model.Config{}
	tested.Search.ExtensionTest = true
	for _, tt := range []struct {
		name        string
		cfg         model.Config
		least, most float64 // accuracy on clean fresh rows
	}{
		{"default", model.Config{}, 0.99, 1},
		{"extension test", tested, 0, 0.8},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := train.Fit(context.Background(), noisy, tt.cfg, train.Config{Seed: 304}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Route != model.Categorical {
				t.Errorf("route %v, want categorical", res.Route)
			}
			if acc := accuracy(t, res.Network, fresh); acc < tt.least || acc > tt.most {
				t.Errorf("accuracy on clean fresh rows %.3f, want %.2f to %.2f", acc, tt.least, tt.most)
			}
		})
	}
}
