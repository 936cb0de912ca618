// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// threshold returns rows of one continuous feature x ~ U(0, 1) labelled
// x > cut.
func threshold(rows int, cut float64, seed uint64) *data.Dataset {
	rng := rand.New(rand.NewPCG(seed, 7))
	ds := &data.Dataset{X: make([]float64, rows), Rows: rows, Cols: 1, Y: make([]int, rows),
		Features: []string{"x"}, Classes: []string{"low", "high"}}
	for i := range rows {
		ds.X[i] = rng.Float64()
		if ds.X[i] > cut {
			ds.Y[i] = 1
		}
	}
	return ds
}

// The continuous route normalises each row to unit length, which leaves a
// one-feature row only its sign: without LinAtt's constant column the
// class boundary sits at the training mean, wherever the label's threshold
// is. With it, any threshold can be learned.
func TestContinuousRouteLearnsAnIntercept(t *testing.T) {
	t.Parallel()
	for _, cut := range []float64{0.2, 0.8} {
		for seed := uint64(1); seed <= 2; seed++ {
			res, err := train.Fit(context.Background(), threshold(400, cut, seed), model.Config{}, train.Config{Seed: seed}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Route != model.Continuous {
				t.Fatalf("route %v, want continuous", res.Route)
			}
			// A row normalised without the constant column keeps only the sign
			// of x − mean: the best such rule gets 0.7 of the rows right.
			if acc := accuracy(t, res.Network, threshold(2000, cut, seed+100)); acc < 0.9 {
				t.Errorf("x > %.1f, seed %d: held-out accuracy %.3f, want >= 0.9", cut, seed, acc)
			}
		}
	}
}

// wide returns n rows of d Gaussian features, the class carried by the
// first feature with noise.
func wide(n, d int, seed uint64) *data.Dataset {
	rng := rand.New(rand.NewPCG(seed, 11))
	ds := &data.Dataset{X: make([]float64, n*d), Rows: n, Cols: d, Y: make([]int, n), Classes: []string{"a", "b"}}
	for i := range n {
		for j := range d {
			ds.X[i*d+j] = rng.NormFloat64()
		}
		if ds.X[i*d]+0.5*rng.NormFloat64() > 0 {
			ds.Y[i] = 1
		}
	}
	return ds
}

// effectNorm is the summed size of the continuous route's feature effects.
func effectNorm(t *testing.T, net *model.Network) float64 {
	t.Helper()
	effects, err := net.Effects()
	if err != nil {
		t.Fatal(err)
	}
	if len(effects) != net.Features() {
		t.Fatalf("%d effects for %d features: the constant column must not be listed", len(effects), net.Features())
	}
	sum := 0.0
	for _, e := range effects {
		for _, v := range e.Effects {
			sum += math.Abs(v)
		}
	}
	return sum
}

// The L2 penalty of the continuous route shrinks its weights on a wide
// table, more as it grows, and switching it off restores the unpenalised
// fit.
func TestContinuousL2ShrinksWeights(t *testing.T) {
	t.Parallel()
	ds := wide(40, 300, 1)
	norm := func(cfg train.Config) float64 {
		cfg.Seed, cfg.Epochs = 3, 60
		res, err := train.Fit(context.Background(), ds, model.Config{}, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		return effectNorm(t, res.Network)
	}
	off, def, strong := norm(train.Config{NoContinuousL2: true}), norm(train.Config{}), norm(train.Config{ContinuousL2: 10})
	if !(strong < def && def < off) {
		t.Errorf("summed effects: no L2 %.4g, default %.4g, ×10 %.4g; want strictly decreasing", off, def, strong)
	}
}

// Balanced class weights are the default: the same model as asking for
// BalancedWeights explicitly, and not the model of equal weights.
func TestBalancedClassWeightsByDefault(t *testing.T) {
	t.Parallel()
	ds := threshold(200, 0.85, 5) // about 15 % "high"
	proba := func(cfg train.Config) []float64 {
		cfg.Seed, cfg.Epochs = 4, 20
		res, err := train.Fit(context.Background(), ds, model.Config{}, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, _, err := res.Network.PredictProba(ds.X, ds.Rows)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	def := proba(train.Config{})
	if explicit := proba(train.Config{ClassWeights: train.BalancedWeights(ds.Y, 2)}); !slices.Equal(def, explicit) {
		t.Error("the default differs from explicit balanced weights")
	}
	if slices.Equal(def, proba(train.Config{EqualClassWeights: true})) {
		t.Error("EqualClassWeights gives the same model as balanced weights")
	}
}
