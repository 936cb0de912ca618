// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"errors"
	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/train"
	"math"
	"strings"
)

// TestShardUnits: the shards of every N are disjoint and cover the work
// list, and each holds the units whose index is its own modulo N.
func TestShardUnits(t *testing.T) {
	sw, _, err := evaluate.SyntheticSweep(evaluate.SyntheticConfig{Reps: 3, Features: []int{2, 8}, Activations: []string{"relu"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(sw.Units) != 5*2*3 { // five gates at 2 and 8 features, 3 repetitions
		t.Fatalf("%d units, want 30", len(sw.Units))
	}
	for _, n := range []int{1, 2, 3, 4, 7, 26, 27, 40} {
		seen := make([]int, len(sw.Units))
		for i := range n {
			for _, u := range evaluate.ShardUnits(sw.Units, i, n) {
				if u.Index%n != i {
					t.Errorf("N=%d: unit %d in shard %d", n, u.Index, i)
				}
				seen[u.Index]++
			}
		}
		for u, c := range seen {
			if c != 1 {
				t.Errorf("N=%d: unit %d in %d shards", n, u, c)
			}
		}
	}
	for i, u := range sw.Units {
		if u.Index != i || u.Seed != uint64(u.Rep) || u.Rep != i%3 {
			t.Errorf("unit %d: %+v", i, u)
		}
	}
}

// TestSweepShardsReduceAsWhole: the units run in shards, in any order and
// on any number of workers, reduce to CrossValidate's result (timings
// apart).
func TestSweepShardsReduceAsWhole(t *testing.T) {
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	ds := gen.Sample(40)
	cfg := evaluate.CVConfig{Folds: 2, Repeats: 2, Train: train.Config{Epochs: 10, Seed: 5}, Jobs: 2}
	whole, err := evaluate.CrossValidateDataset(context.Background(), ds, cfg)
	if err != nil {
		t.Fatal(err)
	}
	sw, rcfg, err := evaluate.CVSweepDataset(ds, cfg)
	if err != nil {
		t.Fatal(err)
	}
	results := make([]evaluate.UnitResult, len(sw.Units))
	var mu sync.Mutex
	for i := range 3 {
		units := evaluate.ShardUnits(sw.Units, i, 3)
		slices.Reverse(units)
		err := sw.Run(context.Background(), units, 1+i%2, func(u evaluate.Unit, r evaluate.UnitResult) error {
			mu.Lock()
			defer mu.Unlock()
			results[u.Index] = r
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := evaluate.CVReduce(rcfg.Folds, rcfg.Repeats, rcfg.Train.Seed, results)
	if err != nil {
		t.Fatal(err)
	}
	got.Seconds, whole.Seconds = 0, 0
	for i := range got.Folds {
		got.Folds[i].Seconds, whole.Folds[i].Seconds = 0, 0
	}
	if got.MacroF1Mean != whole.MacroF1Mean || got.AccuracyStd != whole.AccuracyStd || !slices.EqualFunc(got.Folds, whole.Folds,
		func(a, b evaluate.FoldResult) bool {
			return a.MacroF1 == b.MacroF1 && a.Accuracy == b.Accuracy && a.Rows == b.Rows
		}) {
		t.Errorf("sharded %+v\nwhole   %+v", got, whole)
	}
	if _, err := evaluate.CVReduce(2, 2, 5, results[:3]); err == nil {
		t.Errorf("CVReduce of 3 results for 4 units: no error")
	}
}

// Validate refuses the results no fit produces, and passes the edges.
func TestUnitResultValidate(t *testing.T) {
	t.Parallel()
	one, over := 1.0, 1.5
	for _, tt := range []struct {
		name string
		r    evaluate.UnitResult
		want string // "" for valid
	}{
		{"edges", evaluate.UnitResult{MacroF1: 0, Accuracy: 1, RuleFidelity: &one}, ""},
		{"negative macro-F1", evaluate.UnitResult{MacroF1: -5, Accuracy: 0.5}, "macro-F1 -5"},
		{"NaN accuracy", evaluate.UnitResult{MacroF1: 0.5, Accuracy: math.NaN()}, "accuracy NaN"},
		{"fidelity above 1", evaluate.UnitResult{RuleFidelity: &over}, "rule fidelity 1.5"},
		{"negative rows", evaluate.UnitResult{Rows: -8}, "-8 rows"},
		{"infinite time", evaluate.UnitResult{Seconds: math.Inf(1)}, "+Inf seconds"},
	} {
		err := tt.r.Validate()
		if (err == nil) != (tt.want == "") || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Validate() = %v, want %q", tt.name, err, tt.want)
		}
	}
}

// A sweep longer than MaxUnits is refused before its work list is made.
func TestSweepBound(t *testing.T) {
	t.Parallel()
	_, _, err := evaluate.SyntheticSweep(evaluate.SyntheticConfig{Reps: evaluate.MaxRepeats + 1})
	if !errors.Is(err, train.ErrConfig) || !strings.Contains(err.Error(), "1001 repetitions, want 1..1000") {
		t.Errorf("SyntheticSweep with 1001 repetitions: %v", err)
	}
	features := make([]int, 2000)
	for i := range features {
		features[i] = 8
	}
	_, _, err = evaluate.SyntheticSweep(evaluate.SyntheticConfig{Reps: 1000, Features: features})
	if !errors.Is(err, train.ErrConfig) || !strings.Contains(err.Error(), "fits in one sweep, want at most 1048576") {
		t.Errorf("SyntheticSweep of 2e7 fits: %v", err)
	}
}

// Run refuses, with train.ErrConfig and before any unit runs, a Sweep not
// made by the package, a nil done, and units that are not the sweep's:
// the zero Sweep called a nil function on a worker goroutine, which no
// recover in the caller can catch, and a nil done was called as well.
func TestSweepRunRefuses(t *testing.T) {
	t.Parallel()
	sw, _, err := evaluate.SyntheticSweep(evaluate.SyntheticConfig{Reps: 1, Features: []int{2}, Gates: []data.Gate{data.Xor}, Activations: []string{"relu"}})
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	count := func(evaluate.Unit, evaluate.UnitResult) error { ran++; return nil }
	foreign := sw.Units[0]
	foreign.Seed++
	var nilSweep *evaluate.Sweep
	for _, tt := range []struct {
		name string
		call func() error
	}{
		{"nil sweep", func() error { return nilSweep.Run(context.Background(), nil, 1, count) }},
		{"zero sweep", func() error {
			return (&evaluate.Sweep{Units: sw.Units}).Run(context.Background(), sw.Units, 1, count)
		}},
		{"nil done", func() error { return sw.Run(context.Background(), sw.Units, 1, nil) }},
		{"unit index out of range", func() error {
			return sw.Run(context.Background(), []evaluate.Unit{{Index: len(sw.Units)}}, 1, count)
		}},
		{"negative unit index", func() error { return sw.Run(context.Background(), []evaluate.Unit{{Index: -1}}, 1, count) }},
		{"foreign unit", func() error { return sw.Run(context.Background(), []evaluate.Unit{foreign}, 1, count) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.call(); !errors.Is(err, train.ErrConfig) {
				t.Errorf("got  %v\nwant %v", err, train.ErrConfig)
			}
		})
	}
	if ran != 0 {
		t.Errorf("%d units ran, want none", ran)
	}
}

// ShardUnits and Split panic, as documented, with a message naming the bad
// count, where ShardUnits divided by zero and Split made a negative slice.
func TestShardSplitPanics(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		call func()
		want string
	}{
		{"ShardUnits 0 shards", func() { evaluate.ShardUnits([]evaluate.Unit{{}}, 0, 0) }, "evaluate: ShardUnits: 0 shards, want at least 1"},
		{"ShardUnits 0 shards, no units", func() { evaluate.ShardUnits(nil, 0, 0) }, "evaluate: ShardUnits: 0 shards, want at least 1"},
		{"Split negative repeats", func() { evaluate.Split([]int{0, 1}, 2, 2, -1, 1) }, "evaluate: Split: -1 repeats, want 0 or more"},
		{"Split 0 folds", func() { evaluate.Split([]int{0, 1}, 2, 0, 1, 1) }, "train: StratifiedFolds: 0 folds, want at least 1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := func() (v any) {
				defer func() { v = recover() }()
				tt.call()
				return nil
			}()
			if got != tt.want {
				t.Errorf("panic\ngot  %v\nwant %s", got, tt.want)
			}
		})
	}
}
