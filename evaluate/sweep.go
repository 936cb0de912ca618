// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/hornets-go/hornets/internal/procs"
	"github.com/hornets-go/hornets/train"
)

// Unit is one fit of a sweep: its place in the work list and the fields
// that name it. A command fills the fields that it has: cross-validation
// and tuning name a dataset, a configuration, a repeat and a fold; the
// real-data benchmark adds the model; the synthetic benchmark names the
// positions, activation, gate, features and repetition.
type Unit struct {
	Index         int    // in the work list, from 0
	Dataset       string // cv, tune, bench real
	Configuration int    // tune: index in the grid; bench real: 0 HorNets, 1 logistic regression
	Model         string // bench real: ModelHorNets or ModelLogReg
	Repeat, Fold  int    // from 0
	Positions     string // bench synthetic
	Activation    string // bench synthetic
	Gate          string // bench synthetic
	Features, Rep int    // bench synthetic; Rep from 0
	// Seed is the seed the unit trains with (and, in the synthetic
	// benchmark, draws its rows with). It depends only on the sweep's seed
	// and the unit's place, never on how the work list is sliced.
	Seed uint64
}

// UnitResult is the score of one finished unit: what the command's table
// is computed from.
type UnitResult struct {
	Rows     int     `json:"rows,omitempty"` // held-out (or fresh) rows scored
	MacroF1  float64 `json:"macro_f1"`
	Accuracy float64 `json:"accuracy"`
	Seconds  float64 `json:"seconds"` // the unit's own time: encoding, fitting and scoring
	// RuleFidelity is the share of the scored rows where the decision
	// list, applied by hand, gives the network's prediction; nil when the
	// network has no rules, or for the logistic baseline.
	RuleFidelity *float64 `json:"rule_fidelity,omitempty"`
	// Unseen counts held-out cells of a category the training fold's
	// encoder never saw.
	Unseen int `json:"unseen_categories,omitempty"`
	// Hit says whether the top interaction is exactly the generator's
	// target features (bench synthetic only).
	Hit *bool `json:"top_interaction_hit,omitempty"`
}

// MaxUnits bounds the fits of one sweep (a million: cv's largest
// --repeats 1000 × --folds 1000), so that its work list, results and a
// merge of its shard files stay within memory.
const MaxUnits = 1 << 20

// newSweep returns a sweep of n units (to be filled in), or an error for
// a work list longer than MaxUnits.
func newSweep(n int) (*Sweep, error) {
	if n < 0 || n > MaxUnits {
		return nil, fmt.Errorf("%w: %d fits in one sweep, want at most %d", train.ErrConfig, n, MaxUnits)
	}
	return &Sweep{Units: make([]Unit, n)}, nil
}

// Validate reports a result that no fit produces: a score or fidelity
// outside 0..1 (or NaN), a negative row count, time or count of unseen
// categories. A merge of shard files refuses such a record.
func (r UnitResult) Validate() error {
	in01 := func(v float64) bool { return v >= 0 && v <= 1 }
	switch {
	case !in01(r.MacroF1) || !in01(r.Accuracy):
		return fmt.Errorf("macro-F1 %v and accuracy %v, want 0..1", r.MacroF1, r.Accuracy)
	case r.RuleFidelity != nil && !in01(*r.RuleFidelity):
		return fmt.Errorf("rule fidelity %v, want 0..1", *r.RuleFidelity)
	case r.Rows < 0 || r.Unseen < 0:
		return fmt.Errorf("%d rows and %d unseen categories, want 0 or more", r.Rows, r.Unseen)
	case !(r.Seconds >= 0) || math.IsInf(r.Seconds, 1):
		return fmt.Errorf("%v seconds, want a finite time of 0 or more", r.Seconds)
	}
	return nil
}

// Sweep is a work list of units and how to run one of them. Every unit's
// result depends only on the unit (its data and its seed), so any subset
// of the units can be run in any order, on any number of workers or
// machines, and the results reduced to the same table.
type Sweep struct {
	Units []Unit
	run   func(ctx context.Context, u Unit) (UnitResult, error)
}

// ShardUnits returns the units of shard i of n (from 0): those whose
// index is i modulo n. Round robin spreads the costly configurations and
// datasets over the shards. The shards of one n are disjoint and cover
// the work list. It panics if n < 1.
func ShardUnits(units []Unit, i, n int) []Unit {
	if n < 1 {
		panic(fmt.Sprintf("evaluate: ShardUnits: %d shards, want at least 1", n))
	}
	var out []Unit
	for _, u := range units {
		if u.Index%n == i {
			out = append(out, u)
		}
	}
	return out
}

// Run runs units (a subset of s.Units) on jobs workers (0: procs.Workers())
// and calls done, from one goroutine at a time, with each unit as it
// finishes. It stops at the first error of a unit or of done and returns
// it (the lowest unit's error when several fail at once); units that
// finished before are reported, the others are abandoned. Done sees the
// units in the order they finish, which depends on the timing; what the
// units compute does not. A Sweep not made by this package (the zero
// Sweep, or nil), a nil ctx, a nil done, or a unit that is not one of
// s.Units is an error wrapping train.ErrConfig, and nothing runs.
func (s *Sweep) Run(ctx context.Context, units []Unit, jobs int, done func(Unit, UnitResult) error) error {
	switch {
	case s == nil || s.run == nil:
		return fmt.Errorf("%w: a Sweep not made by CVSweep, TuneSweep, BenchRealSweep or SyntheticSweep", train.ErrConfig)
	case ctx == nil:
		return fmt.Errorf("%w: Sweep.Run: nil context.Context (use context.Background())", train.ErrConfig)
	case done == nil:
		return fmt.Errorf("%w: Sweep.Run: nil done", train.ErrConfig)
	}
	for _, u := range units {
		if u.Index < 0 || u.Index >= len(s.Units) || s.Units[u.Index] != u {
			return fmt.Errorf("%w: unit %d is not one of the sweep's %d", train.ErrConfig, u.Index, len(s.Units))
		}
	}
	if jobs <= 0 {
		jobs = procs.Workers()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type finished struct {
		k   int
		res UnitResult
		err error
	}
	next, out := make(chan int), make(chan finished)
	var wg sync.WaitGroup
	for range min(jobs, len(units)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				if err := ctx.Err(); err != nil {
					out <- finished{k, UnitResult{}, err}
					continue
				}
				res, err := s.runUnit(ctx, units[k])
				out <- finished{k, res, err}
			}
		}()
	}
	go func() {
		defer close(next)
		for k := range units {
			select {
			case next <- k:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()
	var first error
	firstAt, reported := len(units), 0
	for f := range out {
		err := f.err
		if err == nil && first == nil {
			err = done(units[f.k], f.res)
		}
		if err == nil {
			reported++
			continue
		}
		cancel()
		// Prefer a real error to the cancellations it causes, then the
		// lowest unit's.
		realErr := !errors.Is(err, context.Canceled)
		firstReal := first != nil && !errors.Is(first, context.Canceled)
		if first == nil || realErr && !firstReal || realErr == firstReal && f.k < firstAt {
			first, firstAt = err, f.k
		}
	}
	if first == nil && reported < len(units) { // cancelled before some units were handed out
		return ctx.Err()
	}
	return first
}

// runUnit runs u, turning a panic into an error that names the unit: a
// panic on a worker goroutine would end the caller's process with no
// chance to recover it (bench real and tune with --class-weight none
// did, up to session 55, where train gave a one-line internal error).
func (s *Sweep) runUnit(ctx context.Context, u Unit) (res UnitResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = UnitResult{}, fmt.Errorf("evaluate: unit %d (%s): internal error: %s (this is a bug in hornets-go; please report it)", u.Index, u.describe(), strings.ReplaceAll(fmt.Sprint(r), "\n", " "))
		}
	}()
	return s.run(ctx, u)
}

// describe names u by the fields its sweep sets.
func (u Unit) describe() string {
	if u.Gate != "" {
		return fmt.Sprintf("gate %s, %d features, %s, rep %d", u.Gate, u.Features, u.Activation, u.Rep)
	}
	d := fmt.Sprintf("dataset %s, repeat %d, fold %d", u.Dataset, u.Repeat, u.Fold)
	if u.Model != "" {
		d += ", model " + u.Model
	}
	return d
}

// results runs every unit of s and returns the results in unit order.
func (s *Sweep) results(ctx context.Context, jobs int) ([]UnitResult, error) {
	out := make([]UnitResult, len(s.Units))
	err := s.Run(ctx, s.Units, jobs, func(u Unit, r UnitResult) error {
		out[u.Index] = r
		return nil
	})
	return out, err
}
