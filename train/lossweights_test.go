// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// The class weights of the loss: balanced, but their square root on the
// categorical route where every one lies within (1/2, 2); the balanced
// weights themselves on the continuous route, far from equal, or with
// FullBalance; as set, or nil for equal weights.
func TestLossWeights(t *testing.T) {
	t.Parallel()
	labels := func(counts ...int) []int {
		var y []int
		for c, n := range counts {
			for range n {
				y = append(y, c)
			}
		}
		return y
	}
	near := labels(30, 70)   // balanced 5/3 and 5/7
	far := labels(20, 80)    // balanced 5/2 and 5/8: the boundary check's tables
	three := labels(2, 3, 5) // 5/3, 10/9, 2/3
	for _, tt := range []struct {
		name  string
		cfg   train.Config
		y     []int
		C     int
		route model.Route
		want  []float64
	}{
		{"near equal, categorical", train.Config{}, near, 2, model.Categorical, []float64{math.Sqrt(5.0 / 3), math.Sqrt(5.0 / 7)}},
		{"near equal, three classes", train.Config{}, three, 3, model.Categorical, []float64{math.Sqrt(5.0 / 3), math.Sqrt(10.0 / 9), math.Sqrt(2.0 / 3)}},
		{"near equal, full balance", train.Config{FullBalance: true}, near, 2, model.Categorical, []float64{5.0 / 3, 5.0 / 7}},
		{"near equal, continuous", train.Config{}, near, 2, model.Continuous, []float64{5.0 / 3, 5.0 / 7}},
		{"far from equal, categorical", train.Config{}, far, 2, model.Categorical, []float64{5.0 / 2, 5.0 / 8}},
		{"equal classes", train.Config{}, labels(4, 4), 2, model.Categorical, []float64{1, 1}},
		{"a class without rows", train.Config{}, labels(4, 4), 3, model.Categorical, []float64{2.0 / 3, 2.0 / 3, 0}},
		{"equal weights", train.Config{EqualClassWeights: true}, near, 2, model.Categorical, nil},
		{"weights set", train.Config{ClassWeights: []float64{1, 3}}, near, 2, model.Categorical, []float64{1, 3}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := train.LossWeights(tt.cfg, tt.y, tt.C, tt.route)
			if !slices.EqualFunc(got, tt.want, func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }) || (got == nil) != (tt.want == nil) {
				t.Errorf("LossWeights = %v, want %v", got, tt.want)
			}
		})
	}
	// The weights set are copied: the loss cannot change the caller's.
	set := []float64{1, 3}
	train.LossWeights(train.Config{ClassWeights: set}, near, 2, model.Categorical)[0] = 7
	if set[0] != 1 {
		t.Errorf("LossWeights returned the caller's slice")
	}
}

// FullBalance applies to the balanced weights only.
func TestFullBalanceValidate(t *testing.T) {
	t.Parallel()
	for _, cfg := range []train.Config{
		{FullBalance: true, EqualClassWeights: true},
		{FullBalance: true, ClassWeights: []float64{1, 2}},
	} {
		if err := cfg.Resolved().Validate(); !errors.Is(err, train.ErrConfig) {
			t.Errorf("%+v: Validate = %v, want ErrConfig", cfg, err)
		}
	}
	if err := (train.Config{FullBalance: true}).Resolved().Validate(); err != nil {
		t.Errorf("FullBalance alone: %v", err)
	}
}

// TupleSignTest is a rule of the tuple check: not beside NoTupleCheck.
func TestTupleSignTestValidate(t *testing.T) {
	t.Parallel()
	if err := (train.Config{TupleSignTest: true, NoTupleCheck: true}).Resolved().Validate(); !errors.Is(err, train.ErrConfig) {
		t.Errorf("TupleSignTest beside NoTupleCheck: Validate = %v, want ErrConfig", err)
	}
	if err := (train.Config{TupleSignTest: true}).Resolved().Validate(); err != nil {
		t.Errorf("TupleSignTest alone: %v", err)
	}
}

// An or gate over 8 features, 15 % of its 128 training labels flipped:
// the cell where both targets are 1 holds 24 positive rows and 10
// negative ones, and 91 of the 128 rows are positive. Balanced weights
// (1.73 against 0.70) weigh its 10 negatives more than its 24 positives,
// and the network reads the cell, a quarter of the rows, as negative; the
// default weights, their square root, read it right. Result.ClassWeights
// reports the loss's weights.
func TestNearBalancedWeightsNoisyCell(t *testing.T) {
	t.Parallel()
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.Or, Features: 8, Seed: 312, LabelNoise: 0.15})
	if err != nil {
		t.Fatal(err)
	}
	noisy, _ := gen.SampleNoisy(128)
	fresh := gen.Sample(1000)
	balanced := train.BalancedWeights(noisy.Y, 2)
	for _, tt := range []struct {
		name        string
		cfg         train.Config
		weights     []float64
		least, most float64 // accuracy on clean fresh rows
	}{
		{"default", train.Config{Seed: 312}, []float64{math.Sqrt(balanced[0]), math.Sqrt(balanced[1])}, 0.99, 1},
		{"full balance", train.Config{Seed: 312, FullBalance: true}, balanced, 0, 0.8},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := train.Fit(context.Background(), noisy, model.Config{}, tt.cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Route != model.Categorical || !slices.EqualFunc(res.ClassWeights, tt.weights, func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }) {
				t.Errorf("route %v, class weights %v, want categorical and %v", res.Route, res.ClassWeights, tt.weights)
			}
			if acc := accuracy(t, res.Network, fresh); acc < tt.least || acc > tt.most {
				t.Errorf("accuracy on clean fresh rows %.3f, want %.2f to %.2f", acc, tt.least, tt.most)
			}
		})
	}
}
