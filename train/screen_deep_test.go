// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/rulesearch"
	"github.com/hornets-go/hornets/train"
)

// parityData draws rows of cols fair binary features labelled by the
// parity of the features of target, from one stream (training and fresh
// rows are successive draws).
func parityData(rng *rand.Rand, rows, cols int, target []int) *data.Dataset {
	ds := &data.Dataset{X: make([]float64, rows*cols), Rows: rows, Cols: cols, Y: make([]int, rows), Classes: []string{"0", "1"}}
	ds.Features = make([]string, cols)
	for j := range cols {
		ds.Features[j] = "f" + string(rune('0'+j/10)) + string(rune('0'+j%10))
	}
	for i := range rows {
		for j := range cols {
			ds.X[i*cols+j] = float64(rng.IntN(2))
		}
		for _, f := range target {
			ds.Y[i] ^= int(ds.X[i*cols+f])
		}
	}
	return ds
}

// A four-way parity among 48 binary features (512 training rows): no pair
// or triple carries signal, so only the exhaustive 4-tuple screen that
// --order 4 allows finds it; the network then learns it on fresh rows.
func TestFitFourWayParityWithOrder4(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{1, 2} {
		rng := rand.New(rand.NewPCG(seed, 99))
		target := rng.Perm(48)[:4]
		slices.Sort(target)
		tr, te := parityData(rng, 512, 48, target), parityData(rng, 2000, 48, target)
		res, err := train.Fit(context.Background(), tr, model.Config{Order: 4}, train.Config{Seed: seed}, nil)
		if err != nil {
			t.Fatal(err)
		}
		acc := accuracy(t, res.Network, te)
		t.Logf("seed %d: fresh-row accuracy %.4f; %v", seed, acc, res.Network.Screening())
		if acc < 0.99 {
			t.Errorf("seed %d: fresh-row accuracy %.3f, want >= 0.99 (target %v)", seed, acc, target)
		}
		top := rules(t, res.Network, 1)
		if len(top) == 0 || !slices.Equal(top[0].FeatureSet(), target) {
			t.Errorf("seed %d: top rule %v, want the parity's features %v", seed, top, target)
		}
	}
}

// The same seed gives the same model bytes whatever GOMAXPROCS, with the
// screen run on every goroutine: exhaustively, and by the beam (a small
// screening budget).
func TestFitIndependentOfGOMAXPROCS(t *testing.T) {
	// Not parallel: it sets GOMAXPROCS for the process.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	s, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 300, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	tr := s.Sample(128)
	for _, budget := range []int{0, 100} {
		var first []byte
		for _, procs := range []int{1, 2, 4} {
			runtime.GOMAXPROCS(procs)
			res, err := train.Fit(context.Background(), tr, model.Config{Search: rulesearch.Config{ScreenBudget: budget}},
				train.Config{Seed: 3, Epochs: 15}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if cov := res.Network.Screening(); procs == 1 {
				t.Logf("budget %d: %v", budget, cov)
				if exhaustive := budget == 0; (cov.Exhaustive() == 3) != exhaustive {
					t.Errorf("budget %d: coverage %v, want exhaustive up to order 3: %v", budget, cov, exhaustive)
				}
			}
			var buf bytes.Buffer
			if err := res.Network.Save(&buf, nil); err != nil {
				t.Fatal(err)
			}
			if procs == 1 {
				first = buf.Bytes()
			} else if !bytes.Equal(buf.Bytes(), first) {
				t.Errorf("screen budget %d: GOMAXPROCS=%d saved another model than GOMAXPROCS=1", budget, procs)
			}
		}
	}
}
