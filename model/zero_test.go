// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/model"
)

// protect runs f and turns a panic into an error.
func protect(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// Every exported method of a nil or zero Network or Trainer, and every
// function taking one, returns an error wrapping ErrNotFitted, or the
// zero values when it has no error result, and never panics. Reflection
// makes sure no exported method is left out.
func TestZeroValues(t *testing.T) {
	t.Parallel()
	x := make([]float64, 8)
	y := []int{0}
	rng := rand.New(rand.NewPCG(1, 1))
	covered := map[string]bool{}

	for _, recv := range []struct {
		name string
		net  *model.Network
		tr   *model.Trainer
	}{
		{"nil", nil, nil},
		{"zero", &model.Network{}, &model.Trainer{}},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "model.json")
		net, tr := recv.net, recv.tr
		for _, tt := range []struct {
			name string
			// accessor: a method without an error result. call checks that
			// the results are zero values and returns the method's error.
			accessor bool
			call     func(t *testing.T) error
		}{
			{"Network.Config", true, func(t *testing.T) error { wantZero(t, net.Config()); return nil }},
			{"Network.Screening", true, func(t *testing.T) error { wantZero(t, net.Screening()); return nil }},
			{"Network.Singles", true, func(t *testing.T) error { wantZero(t, net.Singles()); return nil }},
			{"Network.JointTest", true, func(t *testing.T) error { wantZero(t, net.JointTest()); return nil }},
			{"Network.PlacedTuples", true, func(t *testing.T) error { wantZero(t, net.PlacedTuples()); return nil }},
			{"Network.TupleSearch", true, func(t *testing.T) error { wantZero(t, net.TupleSearch()); return nil }},
			{"Network.PairFallback", true, func(t *testing.T) error {
				pair, score := net.PairFallback()
				wantZero(t, pair, score)
				return nil
			}},
			{"Network.ErrorPair", true, func(t *testing.T) error {
				pair, wrong, p, strong := net.ErrorPair()
				wantZero(t, pair, wrong, p, strong)
				return nil
			}},
			{"Network.PairCandidate", true, func(t *testing.T) error {
				pair, score := net.PairCandidate()
				wantZero(t, pair, score)
				return nil
			}},
			{"Network.Features", true, func(t *testing.T) error { wantZero(t, net.Features()); return nil }},
			{"Network.Classes", true, func(t *testing.T) error { wantZero(t, net.Classes()); return nil }},
			{"Network.TrainedBatches", true, func(t *testing.T) error {
				cat, cont := net.TrainedBatches()
				wantZero(t, cat, cont)
				return nil
			}},
			{"Network.Route", true, func(t *testing.T) error { wantZero(t, net.Route()); return nil }},
			{"Network.PredictProba", false, func(t *testing.T) error {
				p, r, err := net.PredictProba(x, 1)
				wantZero(t, p, r)
				return err
			}},
			{"Network.Predict", false, func(t *testing.T) error {
				p, err := net.Predict(x, 1)
				wantZero(t, p)
				return err
			}},
			{"Network.Loss", false, func(t *testing.T) error {
				l, err := net.Loss(x, 1, y)
				wantZero(t, l)
				return err
			}},
			{"Network.WeightedLoss", false, func(t *testing.T) error {
				l, err := net.WeightedLoss(x, 1, y, nil)
				wantZero(t, l)
				return err
			}},
			{"Network.Interactions", false, func(t *testing.T) error {
				r, err := net.Interactions(0)
				wantZero(t, r)
				return err
			}},
			{"Network.Rules", false, func(t *testing.T) error {
				r, err := net.Rules()
				wantZero(t, r)
				return err
			}},
			{"Network.Effects", false, func(t *testing.T) error {
				a, err := net.Effects()
				wantZero(t, a)
				return err
			}},
			{"Network.Tuples", false, func(t *testing.T) error {
				tu, err := net.Tuples()
				wantZero(t, tu)
				return err
			}},
			{"Network.Save", false, func(t *testing.T) error {
				var buf bytes.Buffer
				err := net.Save(&buf, nil)
				if buf.Len() > 0 {
					t.Errorf("Save wrote %d bytes", buf.Len())
				}
				return err
			}},
			{"Network.SaveFile", false, func(t *testing.T) error {
				err := net.SaveFile(path, nil)
				if entries, _ := os.ReadDir(dir); len(entries) > 0 {
					t.Errorf("SaveFile left %d files behind", len(entries))
				}
				return err
			}},
			{"NewTrainer", false, func(t *testing.T) error {
				tr, err := model.NewTrainer(net, 4, nil)
				wantZero(t, tr)
				return err
			}},
			{"Trainer.Network", true, func(t *testing.T) error { wantZero(t, tr.Network()); return nil }},
			{"Trainer.Batch", true, func(t *testing.T) error { wantZero(t, tr.Batch()); return nil }},
			{"Trainer.Step", false, func(t *testing.T) error {
				r, l, err := tr.Step(x, y, rng)
				wantZero(t, r, l)
				return err
			}},
			{"Trainer.Rows", false, func(t *testing.T) error {
				r, err := tr.Rows(x, 1)
				wantZero(t, r)
				return err
			}},
			{"Trainer.StepRows", false, func(t *testing.T) error {
				r, l, err := tr.StepRows(nil, []int{0}, y, rng)
				wantZero(t, r, l)
				return err
			}},
			{"Trainer.ValueGrads", false, func(t *testing.T) error {
				vg, err := tr.ValueGrads(model.Categorical)
				wantZero(t, vg)
				return err
			}},
			{"Trainer.Score", false, func(t *testing.T) error { return tr.Score(x, 1) }},
			{"Trainer.ScoreContext", false, func(t *testing.T) error { return tr.ScoreContext(context.Background(), x, 1) }},
			{"Trainer.ExtractRules", false, func(t *testing.T) error { return tr.ExtractRules(x, 1, y) }},
			{"Trainer.Refresh", false, func(t *testing.T) error {
				n, err := tr.Refresh(rng)
				wantZero(t, n)
				return err
			}},
			{"Trainer.Snapshot", false, func(t *testing.T) error {
				s, err := tr.Snapshot()
				wantZero(t, s)
				return err
			}},
			{"Trainer.Restore", false, func(t *testing.T) error { return tr.Restore(&model.Snapshot{}) }},
			{"Trainer.ContinuousOptimum", false, func(t *testing.T) error {
				_, err := tr.ContinuousOptimum(context.Background(), x, 1, y, 1, 10)
				return err
			}},
			{"Trainer.ContinuousOptimumOver", false, func(t *testing.T) error {
				_, err := tr.ContinuousOptimumOver(context.Background(), model.ValuesHalf, x, 1, y, 1, 10)
				return err
			}},
			{"Trainer.ContinuousOptimumFrom", false, func(t *testing.T) error {
				_, err := tr.ContinuousOptimumFrom(context.Background(), model.BothHalves, model.ContinuousOptimum{}, x, 1, y, 1, 10)
				return err
			}},
			{"Trainer.ContinuousInput", false, func(t *testing.T) error {
				_, err := tr.ContinuousInput(x, 1)
				return err
			}},
			{"Trainer.BlendContinuous", false, func(t *testing.T) error { return tr.BlendContinuous(model.ContinuousOptimum{}, 0.5) }},
			{"Trainer.ShiftContinuousBias", false, func(t *testing.T) error { return tr.ShiftContinuousBias([]float64{0, 0}) }},
			{"Trainer.ShiftCategoricalBias", false, func(t *testing.T) error { return tr.ShiftCategoricalBias([]float64{0, 0}) }},
		} {
			covered[tt.name] = true
			t.Run(recv.name+"/"+tt.name, func(t *testing.T) {
				err := protect(func() error { return tt.call(t) })
				switch {
				case tt.accessor && err != nil:
					t.Errorf("%s on a %s receiver\ngot  %v\nwant zero values, no panic", tt.name, recv.name, err)
				case !tt.accessor && !errors.Is(err, model.ErrNotFitted):
					t.Errorf("%s on a %s receiver\ngot  %v\nwant an error wrapping %v", tt.name, recv.name, err, model.ErrNotFitted)
				}
			})
		}
	}

	// Every exported method must be in the table.
	for _, typ := range []reflect.Type{reflect.TypeFor[*model.Network](), reflect.TypeFor[*model.Trainer](), reflect.TypeFor[*model.Snapshot]()} {
		for m := range typ.Methods() {
			if name := typ.Elem().Name() + "." + m.Name; !covered[name] {
				t.Errorf("%s is not covered by the zero-value table", name)
			}
		}
	}
}

// wantZero reports each result that is not its type's zero value.
func wantZero(t *testing.T, results ...any) {
	t.Helper()
	for i, r := range results {
		if v := reflect.ValueOf(r); v.IsValid() && !v.IsZero() {
			t.Errorf("result %d\ngot  %v\nwant the zero value", i, r)
		}
	}
}

// A built network and trainer refuse bad input with the right sentinel:
// labels out of range, mismatched lengths, non-finite values, nil random
// sources, foreign snapshots.
func TestInputChecks(t *testing.T) {
	t.Parallel()
	ds := xorData(t, 1, 32)
	d := model.Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y, Classes: 2}
	net, err := model.New(smallModel, d, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	const batch = 4
	tr, err := model.NewTrainer(net, batch, nil)
	if err != nil {
		t.Fatalf("NewTrainer: %v", err)
	}
	other, err := model.New(model.Config{Rules: 16}, d, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	otherTr, err := model.NewTrainer(other, batch, nil)
	if err != nil {
		t.Fatalf("NewTrainer: %v", err)
	}
	foreign, err := otherTr.Snapshot()
	if err != nil {
		t.Fatalf("Snapshot: %v", err)
	}
	D := ds.Cols
	xb := slices.Clone(ds.X[:batch*D])
	yb := slices.Clone(ds.Y[:batch])
	rng := rand.New(rand.NewPCG(2, 2))
	withY := func(i, c int) []int { y := slices.Clone(yb); y[i] = c; return y }
	nan := slices.Clone(xb)
	nan[5] = math.NaN()
	inf := slices.Clone(xb)
	inf[0] = math.Inf(-1)

	for _, tt := range []struct {
		name string
		call func() error
		want error // nil: any error
	}{
		{"Step label -1", func() error { _, _, err := tr.Step(xb, withY(0, -1), rng); return err }, model.ErrLabel},
		{"Step label = classes", func() error { _, _, err := tr.Step(xb, withY(3, 2), rng); return err }, model.ErrLabel},
		{"Step too few labels", func() error { _, _, err := tr.Step(xb, yb[:batch-1], rng); return err }, model.ErrShape},
		{"Step too many labels", func() error { _, _, err := tr.Step(xb, append(slices.Clone(yb), 0), rng); return err }, model.ErrShape},
		{"Step narrow batch", func() error { _, _, err := tr.Step(xb[:len(xb)-1], yb, rng); return err }, model.ErrShape},
		{"Step wide batch", func() error { _, _, err := tr.Step(append(slices.Clone(xb), 0), yb, rng); return err }, model.ErrShape},
		{"Step one row too many", func() error { _, _, err := tr.Step(ds.X[:(batch+1)*D], yb, rng); return err }, model.ErrShape},
		{"Step NaN", func() error { _, _, err := tr.Step(nan, yb, rng); return err }, model.ErrShape},
		{"Step Inf", func() error { _, _, err := tr.Step(inf, yb, rng); return err }, model.ErrShape},
		{"Step nil rng", func() error { _, _, err := tr.Step(xb, yb, nil); return err }, model.ErrConfig},
		{"Refresh nil rng", func() error { _, err := tr.Refresh(nil); return err }, model.ErrConfig},
		{"Restore nil snapshot", func() error { return tr.Restore(nil) }, model.ErrShape},
		{"Restore zero snapshot", func() error { return tr.Restore(&model.Snapshot{}) }, model.ErrShape},
		{"Restore foreign snapshot", func() error { return tr.Restore(foreign) }, model.ErrShape},
		{"Score ragged x", func() error { return tr.Score(xb[:len(xb)-1], batch) }, model.ErrShape},
		{"Loss label -1", func() error { _, err := net.Loss(xb, batch, withY(1, -1)); return err }, model.ErrLabel},
		{"Loss label = classes", func() error { _, err := net.Loss(xb, batch, withY(2, 2)); return err }, model.ErrLabel},
		{"Loss too few labels", func() error { _, err := net.Loss(xb, batch, yb[:1]); return err }, model.ErrShape},
		{"Loss too many labels", func() error { _, err := net.Loss(xb, batch, append(slices.Clone(yb), 1)); return err }, model.ErrShape},
		{"Loss NaN", func() error { _, err := net.Loss(nan, batch, yb); return err }, model.ErrShape},
		{"PredictProba ragged x", func() error { _, _, err := net.PredictProba(xb[:len(xb)-1], batch); return err }, model.ErrShape},
		{"PredictProba negative rows", func() error { _, _, err := net.PredictProba(nil, -1); return err }, model.ErrShape},
		{"Predict negative rows", func() error { _, err := net.Predict(nil, -1); return err }, model.ErrShape},
		// rows·features wraps around to 0 = len(x).
		{"PredictProba overflowing rows", func() error { _, _, err := net.PredictProba(nil, 1<<61); return err }, model.ErrShape},
		{"Score overflowing rows", func() error { return tr.Score(nil, 1<<61) }, model.ErrShape},
		{"Loss negative rows", func() error { _, err := net.Loss(nil, -1, nil); return err }, model.ErrShape},
		{"PredictProba Inf", func() error { _, _, err := net.PredictProba(inf, batch); return err }, model.ErrShape},
		{"Predict NaN", func() error { _, err := net.Predict(nan, batch); return err }, model.ErrShape},
		{"NewTrainer batch 0", func() error { _, err := model.NewTrainer(net, 0, nil); return err }, model.ErrConfig},
		{"NewTrainer class weights", func() error { _, err := model.NewTrainer(net, 4, []float64{1}); return err }, model.ErrConfig},
		{"NewTrainer negative class weight", func() error { _, err := model.NewTrainer(net, 4, []float64{1, -1}); return err }, model.ErrConfig},
		{"NewTrainer NaN class weight", func() error { _, err := model.NewTrainer(net, 4, []float64{math.NaN(), 1}); return err }, model.ErrConfig},
		{"New nil rng", func() error { _, err := model.New(smallModel, d, nil); return err }, model.ErrConfig},
		{"New label = classes", func() error {
			bad := d
			bad.Y = withY(0, 2)
			bad.Rows, bad.X = batch, xb
			_, err := model.New(smallModel, bad, rand.New(rand.NewPCG(1, 1)))
			return err
		}, model.ErrLabel},
		{"New too few labels", func() error {
			bad := d
			bad.Y = d.Y[:3]
			_, err := model.New(smallModel, bad, rand.New(rand.NewPCG(1, 1)))
			return err
		}, model.ErrShape},
	} {
		t.Run(tt.name, func(t *testing.T) {
			catBefore, contBefore := net.TrainedBatches()
			err := protect(tt.call)
			if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
				t.Errorf("%s\ngot  %v\nwant an error wrapping %v", tt.name, err, tt.want)
			}
			if cat, cont := net.TrainedBatches(); cat != catBefore || cont != contBefore {
				t.Errorf("%s: a refused call counted a trained batch\ngot  %d, %d\nwant %d, %d", tt.name, cat, cont, catBefore, contBefore)
			}
		})
	}

	// And the same calls with good input work.
	if _, loss, err := tr.Step(xb, yb, rng); err != nil || math.IsNaN(loss) {
		t.Errorf("Step with good input: loss %v, error %v", loss, err)
	}
}
