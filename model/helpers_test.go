// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Shared fixtures of the external model tests: small tables for each
// route and a helper that trains on them with package train.

// xorData returns rows rows of an xor gate over 8 binary features.
func xorData(t testing.TB, seed uint64, rows int) *data.Dataset {
	t.Helper()
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 8, Seed: seed})
	if err != nil {
		t.Fatalf("NewSynth: %v", err)
	}
	return gen.Sample(rows)
}

// gaussData returns rows rows of features standard normal features with
// the label 1 when a fixed linear form of them is positive.
func gaussData(seed uint64, rows, features int) *data.Dataset {
	rng := rand.New(rand.NewPCG(seed, 3))
	w := make([]float64, features)
	for j := range w {
		w[j] = rng.NormFloat64()
	}
	ds := &data.Dataset{X: make([]float64, rows*features), Rows: rows, Cols: features, Y: make([]int, rows),
		Classes: []string{"neg", "pos"}}
	for i := range rows {
		s := 0.0
		for j := range features {
			v := rng.NormFloat64()
			ds.X[i*features+j] = v
			s += w[j] * v
		}
		if s > 0 {
			ds.Y[i] = 1
		}
	}
	return ds
}

// mixedData returns an xor table in which a quarter of the rows hold a
// 0.5 (an imputed NA) in one column, so that with small batches some
// training batches are binary and some are not.
func mixedData(t testing.TB, seed uint64, rows int) *data.Dataset {
	t.Helper()
	ds := xorData(t, seed, rows)
	rng := rand.New(rand.NewPCG(seed, 5))
	for i := range rows {
		if rng.IntN(4) == 0 {
			ds.X[i*ds.Cols+rng.IntN(ds.Cols)] = 0.5
		}
	}
	return ds
}

// smallModel is a quick-to-train architecture for the tests.
var smallModel = model.Config{Rules: 32}

// fit trains a network on ds with package train.
func fit(t testing.TB, ds *data.Dataset, seed uint64, epochs, batch int) *model.Network {
	t.Helper()
	res, err := train.Fit(context.Background(), ds, smallModel, train.Config{Seed: seed, Epochs: epochs, BatchSize: batch}, nil)
	if err != nil {
		t.Fatalf("train.Fit: %v", err)
	}
	return res.Network
}

// reload returns a copy of net written by Save and read back by Load: a
// network with an empty evaluation pool.
func reload(t testing.TB, net *model.Network) *model.Network {
	t.Helper()
	var buf bytes.Buffer
	if err := net.Save(&buf, nil); err != nil {
		t.Fatalf("Save: %v", err)
	}
	got, _, err := model.Load(&buf)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return got
}

// predictAlone returns the probabilities of each row of x predicted on
// its own (rows = 1).
func predictAlone(t testing.TB, net *model.Network, x []float64, rows int) []float64 {
	t.Helper()
	D, C := net.Features(), net.Classes()
	out := make([]float64, 0, rows*C)
	for i := range rows {
		p, _, err := net.PredictProba(slices.Clone(x[i*D:(i+1)*D]), 1)
		if err != nil {
			t.Fatalf("PredictProba(row %d): %v", i, err)
		}
		out = append(out, p...)
	}
	return out
}
