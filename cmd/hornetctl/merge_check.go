// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/train"
)

// specUnits returns the work list that spec describes, without its data:
// each unit's key fields (dataset, configuration, model, repeat, fold; the
// cell and repetition of bench synthetic) and seed, in unit order. A spec
// whose settings are out of range (negative folds, say), or whose unit
// count is not the one its settings make, is an error: a forged or edited
// spec, resealed with a new fingerprint.
func specUnits(spec *sweepSpec) ([]evaluate.Unit, error) {
	var units []evaluate.Unit
	var err error
	switch {
	case spec.Command == cmdCV && spec.CV != nil:
		units, err = foldUnits(spec.CV.Data.Path, 1, spec.CV.Folds, spec.CV.Repeats, spec.CV.Seed, spec.Units)
	case spec.Command == cmdTune && spec.Tune != nil:
		if len(spec.Tune.Candidates) == 0 {
			return nil, fmt.Errorf("a tune sweep of no configurations")
		}
		units, err = foldUnits(spec.Tune.Data.Path, len(spec.Tune.Candidates), spec.Tune.Folds, spec.Tune.Repeats, spec.Tune.Seed, spec.Units)
	case spec.Command == cmdBenchSynthetic && spec.Synthetic != nil:
		var sw *evaluate.Sweep
		if sw, _, err = evaluate.SyntheticSweep(*spec.Synthetic); err == nil {
			units = sw.Units
		}
	case spec.Command == cmdBenchReal && spec.Real != nil:
		units, err = realUnits(spec.Real, spec.Units)
	default:
		return nil, fmt.Errorf("a sweep of unknown command %q", spec.Command)
	}
	if err != nil {
		return nil, err
	}
	if len(units) != spec.Units {
		return nil, fmt.Errorf("its settings make %d units, not the %d it claims", len(units), spec.Units)
	}
	return units, nil
}

// checkSplit checks the folds and repeats of a spec.
func checkSplit(folds, repeats int) error {
	switch {
	case folds < 2 || folds > train.MaxFolds:
		return fmt.Errorf("%d folds, want 2..%d", folds, train.MaxFolds)
	case repeats < 1 || repeats > evaluate.MaxRepeats:
		return fmt.Errorf("%d repeats, want 1..%d", repeats, evaluate.MaxRepeats)
	}
	return nil
}

// foldUnits is the work list of cv (configs 1) and tune: unit (c, r, f)
// has index (c·repeats + r)·folds + f, as evaluate.CVSweep and TuneSweep
// number them. claimed bounds the list before it is made.
func foldUnits(dataset string, configs, folds, repeats int, seed uint64, claimed int) ([]evaluate.Unit, error) {
	if err := checkSplit(folds, repeats); err != nil {
		return nil, err
	}
	per := folds * repeats
	if configs > claimed/per+1 { // the product cannot overflow past here
		return nil, fmt.Errorf("its settings make %d × %d units, not the %d it claims", configs, per, claimed)
	}
	units := make([]evaluate.Unit, configs*per)
	for u := range units {
		c, r, f := u/per, u%per/folds, u%folds
		units[u] = evaluate.Unit{Index: u, Dataset: dataset, Configuration: c, Repeat: r, Fold: f, Seed: evaluate.UnitSeed(seed, r, f, folds)}
	}
	return units, nil
}

// realUnits is the work list of bench real, as evaluate.BenchRealSweep
// numbers it, after checking the settings and baselines of s.
func realUnits(s *realSpec, claimed int) ([]evaluate.Unit, error) {
	cfg := s.Config
	k := cfg.Folds
	switch {
	case cfg.FixedSplit && k != 1:
		return nil, fmt.Errorf("%d folds with fixed train/test splits, want 1", k)
	case cfg.FixedSplit:
		if err := checkSplit(2, cfg.Repeats); err != nil {
			return nil, err
		}
	default:
		if err := checkSplit(k, cfg.Repeats); err != nil {
			return nil, err
		}
	}
	if len(s.Datasets) == 0 {
		return nil, fmt.Errorf("a bench real sweep of no datasets")
	}
	for ds, models := range s.Baselines {
		for model, folds := range models {
			for _, f := range folds {
				if f.Repeat < 0 || f.Fold < 0 || !(f.MacroF1 >= 0 && f.MacroF1 <= 1) {
					return nil, fmt.Errorf("baseline %q of %q: repeat %d, fold %d, macro-F1 %g; want repeat and fold >= 0 and 0 <= macro-F1 <= 1",
						model, ds, f.Repeat, f.Fold, f.MacroF1)
				}
			}
		}
	}
	models := []string{evaluate.ModelHorNets, evaluate.ModelLogReg}
	per := k * cfg.Repeats
	if len(s.Datasets) > claimed/(per*len(models))+1 {
		return nil, fmt.Errorf("its settings make %d × %d units, not the %d it claims", len(s.Datasets), per*len(models), claimed)
	}
	units := make([]evaluate.Unit, len(s.Datasets)*len(models)*per)
	for u := range units {
		d, m, r, f := u/(len(models)*per), u/per%len(models), u%per/k, u%k
		units[u] = evaluate.Unit{Index: u, Dataset: s.Datasets[d].Dataset, Configuration: m, Model: models[m], Repeat: r, Fold: f,
			Seed: evaluate.UnitSeed(cfg.Seed, r, f, k)}
	}
	return units, nil
}

// checkRecordUnit refuses a record whose key fields or seed are not those
// of the unit its index names (a record edited and kept under the
// sweep's fingerprint, which seals the spec, not the records).
func checkRecordUnit(rec unitRecord, u evaluate.Unit) error {
	want := newRecord(rec.Command, rec.Sweep, rec.Units, u, rec.UnitResult)
	if reflect.DeepEqual(recordKey(rec), recordKey(want)) {
		return nil
	}
	return fmt.Errorf("unit %d is recorded as %s, but unit %d of this sweep is %s (edited?)", rec.Unit, describeKey(rec), u.Index, describeKey(want))
}

// recordKey is r without its result: the fields that name its unit.
func recordKey(r unitRecord) unitRecord {
	r.UnitResult = evaluate.UnitResult{}
	return r
}

// describeKey lists the key fields of r that are set, for a message.
func describeKey(r unitRecord) string {
	var parts []string
	add := func(name string, v any) { parts = append(parts, fmt.Sprintf("%s %v", name, v)) }
	if r.Dataset != "" {
		add("dataset", printable(r.Dataset))
	}
	for _, f := range []struct {
		name string
		v    *int
	}{{"configuration", r.Configuration}, {"repeat", r.Repeat}, {"fold", r.Fold}, {"features", r.Features}, {"rep", r.Rep}} {
		if f.v != nil {
			add(f.name, *f.v)
		}
	}
	for _, f := range []struct{ name, v string }{{"model", r.Model}, {"positions", r.Positions}, {"activation", r.Activation}, {"gate", r.Gate}} {
		if f.v != "" {
			add(f.name, printable(f.v))
		}
	}
	add("seed", r.Seed)
	return strings.Join(parts, ", ")
}
