// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hornets-go/hornets"
)

// datasets is where the shared real tables live, beside the repository.
const datasets = "../../../shared/datasets"

// dataset returns the path of a shared dataset, skipping the test under
// -short or when it is absent (failing instead when CI is set: CI always
// has ../shared beside the clone).
func dataset(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("trains on real data")
	}
	path := filepath.Join(datasets, name)
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but dataset %s is missing: %v", path, err)
		}
		t.Skipf("dataset %s not found", path)
	}
	return path
}

// TestRealData trains and evaluates end to end on real tables, scoring on
// rows the model never saw: MONK's problem 1 from its training file to its
// test file (integer codes one-hot encoded with --categorical, seeds 1–2,
// or by the encoding check's choice with defaults, seed 1), whose
// concept (a1 = a2) or (a5 = 1) the rules must state; and the house
// votes (y/n/NA, gzip) and mushrooms by cross-validation.
func TestRealData(t *testing.T) {
	t.Run("monks1", func(t *testing.T) {
		trainPath, testPath := dataset(t, "monks1_train.csv.gz"), dataset(t, "monks1_test.csv.gz")
		// With --categorical '*' on seeds 1–2, and with defaults on seed 1:
		// since session 26 the encoding check one-hot encodes the codes.
		// (Seeds 1–5 and 1–3 until session 53, 1–3 and 1–2 until session
		// 56, each cut for CI's time: each run is a fit of 4–8 s; the
		// seeds cut passed too.)
		for run := range 3 {
			seed, flags := run+1, []string{"--categorical", "*"}
			if run >= 2 {
				seed, flags = run-1, nil
			}
			what := fmt.Sprintf("seed %d, flags %q", seed, flags)
			model := filepath.Join(t.TempDir(), "model.json")
			mustRun(t, append([]string{"train", "--data", trainPath, "--out", model, "--seed", fmt.Sprint(seed), "--quiet"}, flags...)...)
			r := mustRun(t, "eval", "--data", testPath, "--model", model, "--format", "json")
			var rep evalReport
			if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
				t.Fatalf("eval output is not JSON: %v", err)
			}
			if rep.Route != "categorical" || rep.Accuracy < 0.95 {
				t.Errorf("%s: route %s, accuracy %.4f; want categorical, >= 0.95", what, rep.Route, rep.Accuracy)
			}
			// The rules are the concept (a1 = a2) ∨ (a5 = 1) in one-hot
			// form, reproduce the network on the test file and are as
			// accurate by hand as the network.
			var rs hornets.RuleSet
			if err := json.Unmarshal([]byte(mustRun(t, "rules", "--model", model, "--data", testPath, "--format", "json").stdout), &rs); err != nil {
				t.Fatal(err)
			}
			var clauses []string
			for _, rule := range rs.Rules {
				var lits []string
				for _, l := range rule.Literals {
					lits = append(lits, fmt.Sprintf("%s%s", map[bool]string{true: "¬"}[l.Negated], l.Feature))
				}
				slices.Sort(lits)
				clauses = append(clauses, strings.Join(lits, " ∧ ")+" → "+rule.Class)
			}
			slices.Sort(clauses)
			concept := []string{"a1=1 ∧ a2=1 → 1", "a1=2 ∧ a2=2 → 1", "a1=3 ∧ a2=3 → 1", "a5=1 → 1"}
			if !slices.Equal(clauses, concept) || rs.DefaultClass != "0" {
				t.Errorf("%s: rules\ngot  %q, default %s\nwant %q, default 0", what, clauses, rs.DefaultClass, concept)
			}
			if rs.Fidelity < 0.99 || math.Abs(rs.Accuracy-rep.Accuracy) > 1e-12 {
				t.Errorf("%s: fidelity %.4f (want >= 0.99), accuracy by hand %.4f, network %.4f", what, rs.Fidelity, rs.Accuracy, rep.Accuracy)
			}
		}
	})
	for _, tt := range []struct {
		name, file string
		folds      string
		minMacroF1 float64
	}{
		// 3 folds since session 53 (5 until then, 0.956 at 5 folds; 0.959 at 3), for CI's time.
		{"house votes", "house_votes_84.csv.gz", "3", 0.93},
		{"mushroom", "mushroom.csv.gz", "2", 0.98},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := dataset(t, tt.file)
			r := mustRun(t, "cv", "--data", path, "--folds", tt.folds, "--seed", "1", "--format", "json")
			var rep struct {
				MeanMacroF1      float64 `json:"macro_f1_mean"`
				MeanRuleFidelity float64 `json:"rule_fidelity_mean"`
			}
			if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
				t.Fatalf("cv output is not JSON: %v\n%s", err, r.stdout)
			}
			if rep.MeanMacroF1 < tt.minMacroF1 {
				t.Errorf("cross-validated macro-F1 %.4f, want >= %.2f", rep.MeanMacroF1, tt.minMacroF1)
			}
			// The rules reproduce the network on the held-out rows. The
			// evidence singles (session 17) made house votes' network more
			// additive than a decision list over its tuples: held-out
			// fidelity 0.991 -> 0.966 (5 folds, seed 1) for macro-F1
			// 0.949 -> 0.956.
			if rep.MeanRuleFidelity < 0.95 {
				t.Errorf("held-out rule fidelity %.4f, want >= 0.95", rep.MeanRuleFidelity)
			}
			// No printed rule is mostly wrong about its own class on the
			// training rows.
			model := filepath.Join(t.TempDir(), "model.json")
			mustRun(t, "train", "--data", path, "--out", model, "--seed", "1", "--quiet")
			var rs hornets.RuleSet
			if err := json.Unmarshal([]byte(mustRun(t, "rules", "--model", model, "--format", "json").stdout), &rs); err != nil {
				t.Fatal(err)
			}
			for i, r := range rs.Rules {
				if r.Precision < 0.5 {
					t.Errorf("rule %d (%v → %s) has training precision %.3f, want >= 0.5", i+1, r.Literals, r.Class, r.Precision)
				}
			}
		})
	}
}
