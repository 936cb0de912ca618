// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/hornets-go/hornets/model"
)

// wideBinary returns rows rows of cols random binary features and two
// classes: New screens its 2·10⁸ pairs (20,000 features, 64 rows) in about
// 2.5 s on two cores.
func wideBinary(rows, cols int) model.Data {
	rng := rand.New(rand.NewPCG(3, 3))
	d := model.Data{X: make([]float64, rows*cols), Rows: rows, Features: cols, Y: make([]int, rows), Classes: 2}
	for i := range d.X {
		d.X[i] = float64(rng.IntN(2))
	}
	for i := range d.Y {
		d.Y[i] = rng.IntN(2)
	}
	return d
}

// A canceled context stops NewContext within milliseconds, before the
// call or while it screens: no network, an error wrapping
// context.Canceled.
func TestNewContextCanceled(t *testing.T) {
	t.Parallel()
	d := wideBinary(64, 20_000)
	for _, tt := range []struct {
		name  string
		after time.Duration // cancel after this long; negative: before the call
	}{
		{"before the call", -1},
		{"while screening", 50 * time.Millisecond},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.after < 0 {
				cancel()
			} else {
				time.AfterFunc(tt.after, cancel)
			}
			start := time.Now()
			net, err := model.NewContext(ctx, model.Config{}, d, rand.New(rand.NewPCG(1, 1)))
			elapsed := time.Since(start)
			if !errors.Is(err, context.Canceled) || net != nil {
				t.Errorf("NewContext: network %v, error %v; want none and context.Canceled", net != nil, err)
			}
			if limit := max(tt.after, 0) + 500*time.Millisecond; elapsed > limit {
				t.Errorf("NewContext returned %v after the call, want < %v", elapsed, limit)
			}
		})
	}
}

// A live context changes nothing: NewContext builds the network New
// builds, bit for bit.
func TestNewContextUncanceledSameAsNew(t *testing.T) {
	t.Parallel()
	ds := xorData(t, 4, 256)
	d := model.Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y, Classes: len(ds.Classes)}
	save := func(net *model.Network, err error) []byte {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := net.Save(&b, nil); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	want := save(model.New(model.Config{}, d, rand.New(rand.NewPCG(1, 1))))
	got := save(model.NewContext(ctx, model.Config{}, d, rand.New(rand.NewPCG(1, 1))))
	if !bytes.Equal(got, want) {
		t.Error("NewContext with a live context saved another network than New")
	}
}

// ScoreContext with a canceled context returns an error wrapping
// context.Canceled and leaves the scores of the last pass as they were.
func TestScoreContextCanceled(t *testing.T) {
	t.Parallel()
	ds := xorData(t, 4, 600)
	net, err := model.New(model.Config{}, model.Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y, Classes: len(ds.Classes)}, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := model.NewTrainer(net, 16, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Score(ds.X, ds.Rows); err != nil {
		t.Fatal(err)
	}
	want, err := net.Interactions(0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// Other rows would score otherwise: the first 300 only.
	if err := tr.ScoreContext(ctx, ds.X[:300*ds.Cols], 300); !errors.Is(err, context.Canceled) {
		t.Fatalf("ScoreContext, canceled: %v; want context.Canceled", err)
	}
	got, err := net.Interactions(0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("scores after a canceled ScoreContext\ngot  %v\nwant %v", got, want)
	}
}
