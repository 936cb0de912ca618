// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/train"
)

// writeAdditiveFlagsCSV writes rows of 20 0/1 flags whose label is drawn
// from a logistic model over 15 of them, each weighing ±0.4 to 1.2: weak
// single effects that add up.
func writeAdditiveFlagsCSV(t *testing.T, path string, rows int, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	beta := make([]float64, 20)
	for _, j := range rng.Perm(20)[:15] {
		beta[j] = (0.4 + 0.8*rng.Float64()) * float64(1-2*rng.IntN(2))
	}
	var b strings.Builder
	for j := range beta {
		fmt.Fprintf(&b, "f%d,", j)
	}
	b.WriteString("label\n")
	for range rows {
		z := 0.0
		for j := range beta {
			v := rng.IntN(2)
			z += beta[j] * float64(2*v-1)
			fmt.Fprintf(&b, "%d,", v)
		}
		fmt.Fprintf(&b, "%v\n", rng.Float64() < 1/(1+math.Exp(-z)))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The default route check (since session 39) sends a table of weak
// additive effects to the linear route: train's JSON summary has
// route_check with shared true, and rules prints the features by effect; --no-route-check keeps the rules, has no route_check and is
// saved in the model's training settings.
func TestRouteCheckDefault(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "additive.csv")
	writeAdditiveFlagsCSV(t, csv, 200, 10)
	type summary struct {
		Route      string            `json:"route"`
		RouteCheck *train.RouteCheck `json:"route_check"`
	}
	m := filepath.Join(dir, "m.json")
	r := mustRun(t, "train", "--data", csv, "--out", m, "--seed", "1", "-q", "--format", "json")
	var sum summary
	if err := json.Unmarshal([]byte(r.stdout), &sum); err != nil {
		t.Fatalf("summary %q: %v", r.stdout, err)
	}
	if c := sum.RouteCheck; sum.Route != "continuous" || c == nil || !c.Shared || !c.Linear || c.Gained <= c.Lost || c.ScreenGained <= c.ScreenLost {
		t.Fatalf("train: summary %s: want the continuous route by the shared route check", r.stdout)
	}
	// The screen that passed is named: the configured penalty or one of
	// its multiples (PenaltyScales), over every column (20 flags are
	// fewer than a sparse screen needs).
	if c := sum.RouteCheck; !slices.Contains(append([]float64{1}, train.PenaltyScales()...), c.ScreenL2Scale) || c.ScreenKeep != 0 {
		t.Errorf("train: summary %s: want the screen's penalty multiple (screen_l2_scale: 1 or a PenaltyScales value) over every column (no screen_keep)", r.stdout)
	}
	if r := mustRun(t, "rules", "--model", m); !strings.Contains(r.stdout, "features by effect") {
		t.Errorf("rules of the linear route's model: %q, want the features by effect", r.stdout)
	}
	rules := filepath.Join(dir, "rules.json")
	r = mustRun(t, "train", "--data", csv, "--out", rules, "--seed", "1", "--no-route-check", "-q", "--format", "json")
	sum = summary{}
	if err := json.Unmarshal([]byte(r.stdout), &sum); err != nil {
		t.Fatalf("summary %q: %v", r.stdout, err)
	}
	if sum.Route != "categorical" || sum.RouteCheck != nil {
		t.Errorf("train --no-route-check: summary %s: want the categorical route and no route check", r.stdout)
	}
	if bundle, err := train.LoadBundle(rules); err != nil {
		t.Fatal(err)
	} else if !bundle.Train.NoRouteCheck {
		t.Errorf("train --no-route-check saved no_route_check %v", bundle.Train.NoRouteCheck)
	}
}

// train's text summary says where a route check sent the table to the
// linear route, and nothing where none ran or the rules stayed.
func TestRoutesNote(t *testing.T) {
	for _, tt := range []struct {
		check *train.RouteCheck
		want  string
	}{
		{nil, ""},
		{&train.RouteCheck{Folds: 5, Repeats: 3, Gained: 10, Lost: 30, Shared: true}, ""},
		{&train.RouteCheck{Folds: 5, Repeats: 3, Linear: true, Gained: 85, Lost: 31, Shared: true}, " (a table of 0/1 features on the linear route, by inner 3×5-fold held-out predictions: 85 gained, 31 lost)"},
		{&train.RouteCheck{Folds: 5, Repeats: 2, Linear: true, Gained: 40, Lost: 12}, " (a table of 0/1 features on the linear route, by inner 2×5-fold held-out predictions: 40 gained, 12 lost)"},
	} {
		if got := routesNote(&train.Result{Routes: tt.check}); got != tt.want {
			t.Errorf("routesNote(%+v) = %q, want %q", tt.check, got, tt.want)
		}
	}
}
