// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
)

// gaussTrainer returns a trainer of a network (initial weights from seed)
// over the table ds of gaussData after epochs epochs of Adam.
func gaussTrainer(t *testing.T, ds *data.Dataset, seed uint64, epochs int) *model.Trainer {
	t.Helper()
	h := newHandTrainer(t, model.Config{}, ds, seed)
	h.epochs(t, epochs)
	return h.tr
}

// TestContinuousOptimumUnique checks that the optimum of the penalised
// continuous loss does not depend on where L-BFGS starts (two networks
// with different initial weights), that it is no worse than the start and
// stationary, and that looking for it leaves the network unchanged.
func TestContinuousOptimumUnique(t *testing.T) {
	ds := gaussData(3, 50, 6)
	const l2 = 0.01
	var opts [2]model.ContinuousOptimum
	for i, seed := range []uint64{1, 2} {
		tr := gaussTrainer(t, ds, seed, 0)
		before, _, err := tr.Network().PredictProba(ds.X, ds.Rows)
		if err != nil {
			t.Fatal(err)
		}
		if opts[i], err = tr.ContinuousOptimum(context.Background(), ds.X, ds.Rows, ds.Y, l2, 1000); err != nil {
			t.Fatalf("seed %d: ContinuousOptimum: %v", seed, err)
		}
		after, _, _ := tr.Network().PredictProba(ds.X, ds.Rows)
		if !slices.Equal(before, after) {
			t.Errorf("seed %d: ContinuousOptimum changed the network's predictions", seed)
		}
		o := opts[i]
		if !(o.Loss < o.StartLoss) || o.GradNorm > 1e-6 || o.Evaluations < 2 {
			t.Errorf("seed %d: loss %g from %g, gradient %g after %d evaluations (%s); want a lower, stationary loss",
				seed, o.Loss, o.StartLoss, o.GradNorm, o.Evaluations, o.Status)
		}
	}
	for i := range opts[0].W {
		if math.Abs(opts[0].W[i]-opts[1].W[i]) > 1e-5 {
			t.Fatalf("W[%d] = %g from one start, %g from another", i, opts[0].W[i], opts[1].W[i])
		}
	}
	for i := range opts[0].B {
		if math.Abs(opts[0].B[i]-opts[1].B[i]) > 1e-5 {
			t.Fatalf("B[%d] = %g from one start, %g from another", i, opts[0].B[i], opts[1].B[i])
		}
	}
}

// logOddsOf returns the network's log-odds of class 1 for every row of a
// two-class table.
func logOddsOf(t *testing.T, net *model.Network, ds *data.Dataset) []float64 {
	t.Helper()
	p, _, err := net.PredictProba(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float64, ds.Rows)
	for i := range out {
		out[i] = math.Log(p[2*i+1] / p[2*i])
	}
	return out
}

// TestBlendContinuous checks that half of the optimum averages the logits
// of the network and of the optimum (the log-odds of every row), and the
// refusals.
func TestBlendContinuous(t *testing.T) {
	ds := gaussData(4, 40, 5)
	tr := gaussTrainer(t, ds, 1, 3) // Adam moved the biases from 0

	net := tr.Network()
	opt, err := tr.ContinuousOptimum(context.Background(), ds.X, ds.Rows, ds.Y, 0.01, 1000)
	if err != nil {
		t.Fatal(err)
	}
	logOdds := func() []float64 { return logOddsOf(t, net, ds) }
	start := logOdds()
	if err := tr.BlendContinuous(opt, 1); err != nil {
		t.Fatal(err)
	}
	atOpt := logOdds()
	fromOpt := model.ContinuousOptimum{W: slices.Clone(opt.W), B: slices.Clone(opt.B)}
	tr2 := gaussTrainer(t, ds, 1, 3) // the start's weights again
	if err := tr2.BlendContinuous(fromOpt, 0.5); err != nil {
		t.Fatal(err)
	}
	net = tr2.Network()
	half := logOdds()
	for i := range half {
		if want := (start[i] + atOpt[i]) / 2; math.Abs(half[i]-want) > 1e-9 {
			t.Fatalf("row %d: log-odds %g at the half blend, want the mean of %g and %g", i, half[i], start[i], atOpt[i])
		}
	}

	for _, f := range []float64{-0.1, 1.5, math.NaN()} {
		if err := tr.BlendContinuous(opt, f); !errors.Is(err, model.ErrConfig) {
			t.Errorf("BlendContinuous(f = %g) = %v, want ErrConfig", f, err)
		}
	}
	if err := tr.BlendContinuous(model.ContinuousOptimum{W: opt.W[1:], B: opt.B}, 0.5); !errors.Is(err, model.ErrShape) {
		t.Errorf("BlendContinuous of a short W = %v, want ErrShape", err)
	}
	nanW := slices.Clone(opt.W)
	nanW[0] = math.NaN()
	if err := tr.BlendContinuous(model.ContinuousOptimum{W: nanW, B: opt.B}, 0.5); !errors.Is(err, model.ErrDiverged) {
		t.Errorf("BlendContinuous of a NaN weight = %v, want ErrDiverged", err)
	}
	for name, call := range map[string]func() error{
		"negative L2": func() error {
			_, err := tr.ContinuousOptimum(context.Background(), ds.X, ds.Rows, ds.Y, -1, 10)
			return err
		},
		"NaN L2": func() error {
			_, err := tr.ContinuousOptimum(context.Background(), ds.X, ds.Rows, ds.Y, math.NaN(), 10)
			return err
		},
		"no budget": func() error {
			_, err := tr.ContinuousOptimum(context.Background(), ds.X, ds.Rows, ds.Y, 0.01, 0)
			return err
		},
		"nil context": func() error {
			var ctx context.Context // nil: refused, not a panic
			_, err := tr.ContinuousOptimum(ctx, ds.X, ds.Rows, ds.Y, 0.01, 10)
			return err
		},
	} {
		if err := call(); !errors.Is(err, model.ErrConfig) {
			t.Errorf("%s: %v, want ErrConfig", name, err)
		}
	}
	if _, err := tr.ContinuousOptimum(context.Background(), ds.X, ds.Rows, ds.Y[1:], 0.01, 10); !errors.Is(err, model.ErrShape) {
		t.Errorf("labels of another length: %v, want ErrShape", err)
	}
}

// TestContinuousInputGivesTheLogits checks ContinuousInput's layout: with
// the output layer at an optimum, each row's input times W plus B is the
// network's log-odds, on a table longer than one OptimumBatch (a tail
// chunk), and rows computed apart give the same input.
func TestContinuousInputGivesTheLogits(t *testing.T) {
	ds := gaussData(5, model.OptimumBatch+37, 4)
	tr := gaussTrainer(t, ds, 1, 1)
	opt, err := tr.ContinuousOptimum(context.Background(), ds.X, ds.Rows, ds.Y, 0.01, 200)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.BlendContinuous(opt, 1); err != nil {
		t.Fatal(err)
	}
	in, err := tr.ContinuousInput(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	D := ds.Cols
	width := 2 * (D + 1)
	if len(in) != ds.Rows*width {
		t.Fatalf("%d input values, want %d × %d", len(in), ds.Rows, width)
	}
	p, _, err := tr.Network().PredictProba(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ds.Rows {
		z := [2]float64{opt.B[0], opt.B[1]}
		for j, v := range in[i*width : (i+1)*width] {
			z[0] += v * opt.W[2*j]
			z[1] += v * opt.W[2*j+1]
		}
		if got, want := z[1]-z[0], math.Log(p[2*i+1]/p[2*i]); math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
			t.Fatalf("row %d: input·W + B gives log-odds %g, the network %g", i, got, want)
		}
	}
	last := ds.Rows - 1
	one, err := tr.ContinuousInput(ds.X[last*D:], 1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(one, in[last*width:]) {
		t.Errorf("the last row's input alone differs from its input among the others")
	}
}

// halvesSetup returns the table, trainer and the network's probabilities
// before any search of TestContinuousOptimumValuesHalf and
// TestContinuousOptimumFrom.
func halvesSetup(t *testing.T) (*data.Dataset, *model.Trainer, []float64) {
	t.Helper()
	ds := gaussData(6, 60, 5)
	tr := gaussTrainer(t, ds, 1, 2)
	before, _, err := tr.Network().PredictProba(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	return ds, tr, before
}

// TestContinuousOptimumValuesHalf checks the optimum over the values half:
// the direction's weights are zero, the rest stationary, its loss no lower
// than the optimum over both halves (which can set the direction's weights
// to zero too), and the network is left unchanged.
func TestContinuousOptimumValuesHalf(t *testing.T) {
	ds, tr, before := halvesSetup(t)
	const l2 = 0.01
	vals, err := tr.ContinuousOptimumOver(context.Background(), model.ValuesHalf, ds.X, ds.Rows, ds.Y, l2, 1000)
	if err != nil {
		t.Fatal(err)
	}
	both, err := tr.ContinuousOptimumOver(context.Background(), model.BothHalves, ds.X, ds.Rows, ds.Y, l2, 1000)
	if err != nil {
		t.Fatal(err)
	}
	after, _, _ := tr.Network().PredictProba(ds.X, ds.Rows)
	if !slices.Equal(before, after) {
		t.Errorf("ContinuousOptimumOver changed the network's predictions")
	}
	L, C := ds.Cols+1, 2
	for k, w := range vals.W[:L*C] {
		if w != 0 {
			t.Fatalf("values half: direction weight %d = %g, want 0", k, w)
		}
	}
	if slices.Equal(vals.W[L*C:], make([]float64, L*C)) {
		t.Errorf("values half: every value weight is 0")
	}
	if !(vals.Loss < vals.StartLoss) || vals.GradNorm > 1e-6 {
		t.Errorf("values half: loss %g from %g, gradient %g (%s); want a lower, stationary loss", vals.Loss, vals.StartLoss, vals.GradNorm, vals.Status)
	}
	if !(both.Loss < vals.Loss) {
		t.Errorf("penalised loss %g over both halves, %g over the values half; want the first lower", both.Loss, vals.Loss)
	}
	if _, err := tr.ContinuousOptimumOver(context.Background(), model.ContinuousHalves(7), ds.X, ds.Rows, ds.Y, l2, 10); !errors.Is(err, model.ErrConfig) {
		t.Errorf("unknown halves: %v, want ErrConfig", err)
	}
	if got := model.ValuesHalf.String() + "," + model.BothHalves.String(); got != "values,both" {
		t.Errorf("names %q", got)
	}
}

// TestContinuousOptimumFrom: started at the optimum, L-BFGS stops at
// once and returns it, with the loss at the network's weights reported
// beside; started at a point near it, it reaches the optimum
// ContinuousOptimumOver finds from the network's weights, the same logits
// up to the biases' common shift; the network is left unchanged; a start
// of another shape or with a non-finite value is refused.
func TestContinuousOptimumFrom(t *testing.T) {
	ds, tr, before := halvesSetup(t)
	const l2 = 0.01
	ctx := context.Background()
	ref, err := tr.ContinuousOptimumOver(ctx, model.BothHalves, ds.X, ds.Rows, ds.Y, l2, 1000)
	if err != nil {
		t.Fatal(err)
	}
	again, err := tr.ContinuousOptimumFrom(ctx, model.BothHalves, ref, ds.X, ds.Rows, ds.Y, l2, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if ref.NetworkLoss != ref.StartLoss || again.NetworkLoss != ref.StartLoss {
		t.Errorf("loss at the network's weights %.15g (from them), %.15g (from the optimum); want both %.15g", ref.NetworkLoss, again.NetworkLoss, ref.StartLoss)
	}
	if again.Evaluations > 2 || again.StartLoss != ref.Loss || again.Loss > ref.Loss {
		t.Errorf("from the optimum: %d evaluations, start loss %.15g, loss %.15g; want at most 2, %.15g and no higher",
			again.Evaluations, again.StartLoss, again.Loss, ref.Loss)
	}
	near := model.ContinuousOptimum{W: slices.Clone(ref.W), B: slices.Clone(ref.B)}
	for i := range near.W {
		near.W[i] *= 1.1
	}
	for i := range near.B {
		near.B[i] += 0.3 // a common shift and a little more
	}
	near.B[0] += 0.1
	got, err := tr.ContinuousOptimumFrom(ctx, model.BothHalves, near, ds.X, ds.Rows, ds.Y, l2, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if !(got.Loss < got.StartLoss) || math.Abs(got.Loss-ref.Loss) > 1e-9*ref.Loss || got.GradNorm > 1e-6 {
		t.Errorf("from near the optimum: loss %.15g from %.15g, gradient %g (%s); want %.15g", got.Loss, got.StartLoss, got.GradNorm, got.Status, ref.Loss)
	}
	for i := range got.W {
		if math.Abs(got.W[i]-ref.W[i]) > 1e-4*(1+math.Abs(ref.W[i])) {
			t.Fatalf("weight %d: %g from near the optimum, %g from the network's weights", i, got.W[i], ref.W[i])
		}
	}
	shift := got.B[0] - ref.B[0]
	for c := range got.B {
		if math.Abs(got.B[c]-ref.B[c]-shift) > 1e-4 {
			t.Errorf("bias %d: %g against %g, beyond the common shift %g", c, got.B[c], ref.B[c], shift)
		}
	}
	after, _, _ := tr.Network().PredictProba(ds.X, ds.Rows)
	if !slices.Equal(before, after) {
		t.Errorf("ContinuousOptimumFrom changed the network's predictions")
	}
	for _, tc := range []struct {
		name  string
		start model.ContinuousOptimum
		want  error
	}{
		{"short", model.ContinuousOptimum{W: ref.W[1:], B: ref.B}, model.ErrShape},
		{"no biases", model.ContinuousOptimum{W: ref.W}, model.ErrShape},
		{"NaN", model.ContinuousOptimum{W: append([]float64{math.NaN()}, ref.W[1:]...), B: ref.B}, model.ErrDiverged},
		{"Inf", model.ContinuousOptimum{W: ref.W, B: append([]float64{math.Inf(1)}, ref.B[1:]...)}, model.ErrDiverged},
	} {
		if _, err := tr.ContinuousOptimumFrom(ctx, model.BothHalves, tc.start, ds.X, ds.Rows, ds.Y, l2, 10); !errors.Is(err, tc.want) {
			t.Errorf("%s start: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// WeightedLoss weighs each row's cross-entropy by its class's weight:
// ones give Loss, and the weighted mean is computed from the probabilities.
func TestWeightedLoss(t *testing.T) {
	ds := gaussData(8, 30, 3)
	net := gaussTrainer(t, ds, 1, 2).Network()
	plain, err := net.Loss(ds.X, ds.Rows, ds.Y)
	if err != nil {
		t.Fatal(err)
	}
	if ones, err := net.WeightedLoss(ds.X, ds.Rows, ds.Y, []float64{1, 1}); err != nil || ones != plain {
		t.Errorf("weights 1: %g, %v; want Loss's %g", ones, err, plain)
	}
	p, _, err := net.PredictProba(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	w := []float64{0.5, 3}
	want := 0.0
	for i, c := range ds.Y {
		want -= w[c] * math.Log(p[2*i+c])
	}
	want /= float64(ds.Rows)
	if got, err := net.WeightedLoss(ds.X, ds.Rows, ds.Y, w); err != nil || math.Abs(got-want) > 1e-12*want {
		t.Errorf("weights %v: %g, %v; want %g", w, got, err, want)
	}
	if _, err := net.WeightedLoss(ds.X, ds.Rows, ds.Y, []float64{1}); !errors.Is(err, model.ErrConfig) {
		t.Errorf("one weight for two classes: %v, want ErrConfig", err)
	}
}

// TestShiftContinuousBias: shifting the output bias by (0, d) adds d to
// every row's log-odds of class 1, and the refusals.
func TestShiftContinuousBias(t *testing.T) {
	ds := gaussData(4, 40, 5)
	tr := gaussTrainer(t, ds, 1, 3)
	net := tr.Network()
	logOdds := func() []float64 { return logOddsOf(t, net, ds) }
	before := logOdds()
	if err := tr.ShiftContinuousBias([]float64{0.25, -0.5}); err != nil {
		t.Fatal(err)
	}
	for i, v := range logOdds() {
		if math.Abs(v-(before[i]-0.75)) > 1e-9 {
			t.Fatalf("row %d: log-odds %g after the shift, want %g", i, v, before[i]-0.75)
		}
	}
	if err := tr.ShiftContinuousBias([]float64{1}); !errors.Is(err, model.ErrShape) {
		t.Errorf("one shift for two classes: %v, want ErrShape", err)
	}
	if err := tr.ShiftContinuousBias([]float64{0.5, math.Inf(1)}); !errors.Is(err, model.ErrConfig) {
		t.Errorf("an infinite shift: %v, want ErrConfig", err)
	}
	for i, v := range logOdds() {
		if math.Abs(v-(before[i]-0.75)) > 1e-9 {
			t.Fatalf("row %d: log-odds %g after a refused shift, want %g (unchanged)", i, v, before[i]-0.75)
		}
	}
}
