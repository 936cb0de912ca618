// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// threshold returns rows of one continuous feature x ~ U(0, 1) labelled
// x > cut.
func threshold(rows int, cut float64, seed uint64) *data.Dataset {
	rng := rand.New(rand.NewPCG(seed, 7))
	ds := &data.Dataset{X: make([]float64, rows), Rows: rows, Cols: 1, Y: make([]int, rows),
		Features: []string{"x"}, Classes: []string{"low", "high"}}
	for i := range rows {
		ds.X[i] = rng.Float64()
		if ds.X[i] > cut {
			ds.Y[i] = 1
		}
	}
	return ds
}

// The continuous route normalises each row to unit length, which leaves a
// one-feature row only its sign: without LinAtt's constant column the
// class boundary sits at the training mean, wherever the label's threshold
// is. With it, any threshold can be learned.
func TestContinuousRouteLearnsAnIntercept(t *testing.T) {
	t.Parallel()
	for _, cut := range []float64{0.2, 0.8} {
		for seed := uint64(1); seed <= 2; seed++ {
			res, err := train.Fit(context.Background(), threshold(400, cut, seed), model.Config{}, train.Config{Seed: seed}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Route != model.Continuous {
				t.Fatalf("route %v, want continuous", res.Route)
			}
			// A row normalised without the constant column keeps only the sign
			// of x − mean: the best such rule gets 0.7 of the rows right.
			if acc := accuracy(t, res.Network, threshold(2000, cut, seed+100)); acc < 0.9 {
				t.Errorf("x > %.1f, seed %d: held-out accuracy %.3f, want >= 0.9", cut, seed, acc)
			}
		}
	}
}

// wide returns n rows of d Gaussian features, the class carried by the
// first feature with noise.
func wide(n, d int, seed uint64) *data.Dataset {
	rng := rand.New(rand.NewPCG(seed, 11))
	ds := &data.Dataset{X: make([]float64, n*d), Rows: n, Cols: d, Y: make([]int, n), Classes: []string{"a", "b"}}
	for i := range n {
		for j := range d {
			ds.X[i*d+j] = rng.NormFloat64()
		}
		if ds.X[i*d]+0.5*rng.NormFloat64() > 0 {
			ds.Y[i] = 1
		}
	}
	return ds
}

// effectNorm is the summed size of the continuous route's feature effects.
func effectNorm(t *testing.T, net *model.Network) float64 {
	t.Helper()
	effects, err := net.Effects()
	if err != nil {
		t.Fatal(err)
	}
	if len(effects) != net.Features() {
		t.Fatalf("%d effects for %d features: the constant column must not be listed", len(effects), net.Features())
	}
	sum := 0.0
	for _, e := range effects {
		for _, v := range e.Effects {
			sum += math.Abs(v)
		}
	}
	return sum
}

// The L2 penalty of the continuous route shrinks its weights on a wide
// table, more as it grows, and switching it off restores the unpenalised
// fit.
func TestContinuousL2ShrinksWeights(t *testing.T) {
	t.Parallel()
	ds := wide(40, 300, 1)
	norm := func(cfg train.Config) float64 {
		cfg.Seed, cfg.Epochs = 3, 60
		res, err := train.Fit(context.Background(), ds, model.Config{}, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		return effectNorm(t, res.Network)
	}
	// Adam's weights, as the optimum exists only under the penalty.
	off := norm(train.Config{NoContinuousL2: true})
	def := norm(train.Config{ContinuousFit: train.FitAdam})
	strong := norm(train.Config{ContinuousL2: 10, ContinuousFit: train.FitAdam})
	if !(strong < def && def < off) {
		t.Errorf("summed effects: no L2 %.4g, default %.4g, ×10 %.4g; want strictly decreasing", off, def, strong)
	}
	if o1, o10 := norm(train.Config{ContinuousFit: train.FitOptimum}), norm(train.Config{ContinuousL2: 10, ContinuousFit: train.FitOptimum}); !(o10 < o1) {
		t.Errorf("summed effects of the optimum: default L2 %.4g, ×10 %.4g; want smaller under the stronger prior", o1, o10)
	}
}

// fitProba fits ds with the default model and cfg, and returns the result
// and its class probabilities of ds's rows.
func fitProba(t *testing.T, ds *data.Dataset, cfg train.Config) (*train.Result, []float64) {
	t.Helper()
	res, err := train.Fit(context.Background(), ds, model.Config{}, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := res.Network.PredictProba(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	return res, p
}

// Balanced class weights are the default: the same model as asking for
// BalancedWeights explicitly, but for the default's bias shift (the class
// weights' power, HalvesCheck.ClassWeightPower, which weights set by the
// caller do not get), and not the model of equal weights.
func TestBalancedClassWeightsByDefault(t *testing.T) {
	t.Parallel()
	ds := threshold(200, 0.85, 5) // about 15 % "high"
	proba := func(cfg train.Config) []float64 {
		cfg.Seed, cfg.Epochs = 4, 20
		_, p := fitProba(t, ds, cfg)
		return p
	}
	res, _ := fitProba(t, ds, train.Config{Seed: 4, Epochs: 20})
	if h := res.Halves; h != nil && h.BiasShift != nil {
		back := make([]float64, len(h.BiasShift))
		for c, d := range h.BiasShift {
			back[c] = -d
		}
		tr, err := model.NewTrainer(res.Network, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.ShiftContinuousBias(back); err != nil {
			t.Fatal(err)
		}
	}
	def, _, err := res.Network.PredictProba(ds.X, ds.Rows)
	if err != nil {
		t.Fatal(err)
	}
	if explicit := proba(train.Config{ClassWeights: train.BalancedWeights(ds.Y, 2)}); !slices.Equal(def, explicit) {
		t.Error("the default differs from explicit balanced weights")
	}
	if slices.Equal(def, proba(train.Config{EqualClassWeights: true})) {
		t.Error("EqualClassWeights gives the same model as balanced weights")
	}
}

// ContinuousFit: the average's log-odds are the mean of Adam's and the
// optimum's on every row (the output layers are averaged); the optimum
// does not depend on the seed, Adam's fit does; the defaults and refusals.
func TestContinuousFit(t *testing.T) {
	t.Parallel()
	ds := wide(40, 300, 2) // more features than rows, as the gene-expression tables
	logOdds := func(cfg train.Config) []float64 {
		res, err := train.Fit(context.Background(), ds, model.Config{}, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := cmp.Or(cfg.ContinuousFit, train.FitSelect); res.Config.ContinuousFit != want {
			t.Errorf("Result.Config.ContinuousFit %q, want %q", res.Config.ContinuousFit, want)
		}
		p, _, err := res.Network.PredictProba(ds.X, ds.Rows)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]float64, ds.Rows)
		for i := range out {
			out[i] = math.Log(p[2*i+1] / p[2*i])
		}
		return out
	}
	adam := logOdds(train.Config{Seed: 3, ContinuousFit: train.FitAdam})
	optimum := logOdds(train.Config{Seed: 3, ContinuousFit: train.FitOptimum})
	average := logOdds(train.Config{Seed: 3, ContinuousFit: train.FitAverage})
	optimum4 := logOdds(train.Config{Seed: 4, ContinuousFit: train.FitOptimum})
	adam4 := logOdds(train.Config{Seed: 4, ContinuousFit: train.FitAdam})
	optimumMoved, adamMoved := 0.0, 0.0
	for i := range average {
		if want := (adam[i] + optimum[i]) / 2; math.Abs(average[i]-want) > 1e-6 {
			t.Fatalf("row %d: log-odds %g, want the mean of Adam's %g and the optimum's %g", i, average[i], adam[i], optimum[i])
		}
		optimumMoved = max(optimumMoved, math.Abs(optimum[i]-optimum4[i]))
		adamMoved = max(adamMoved, math.Abs(adam[i]-adam4[i]))
	}
	// The optimum depends on the seed only through the attention, which
	// Adam trains (and which barely moves from its start).
	if !(optimumMoved < adamMoved/20) {
		t.Errorf("log-odds differ between seeds by up to %g (optimum) and %g (Adam); want the optimum's 20 times less", optimumMoved, adamMoved)
	}
	t.Logf("largest change of a row's log-odds between seeds 3 and 4: optimum %.3g, Adam %.3g", optimumMoved, adamMoved)

	for _, tt := range []struct {
		cfg  train.Config
		want train.ContinuousFit
	}{{train.Config{}, train.FitSelect}, {train.Config{NoContinuousL2: true}, train.FitAdam}, {train.Config{ContinuousFit: train.FitOptimum}, train.FitOptimum}} {
		if got := tt.cfg.Resolved().ContinuousFit; got != tt.want {
			t.Errorf("%+v resolves to %q, want %q", tt.cfg, got, tt.want)
		}
	}
	for _, bad := range []train.Config{{ContinuousFit: "mean"}, {NoContinuousL2: true, ContinuousFit: train.FitOptimum}, {NoContinuousL2: true, ContinuousFit: train.FitAverage}, {NoContinuousL2: true, ContinuousFit: train.FitSelect}} {
		if err := bad.Resolved().Validate(); !errors.Is(err, train.ErrConfig) {
			t.Errorf("%+v: Validate = %v, want ErrConfig", bad, err)
		}
	}
}

// linearOrDirection returns n rows of d Gaussian features labelled either
// by a noisy linear function of three of them ("linear": the rows'
// direction, half of LinAtt's input, only adds variance), or by the
// direction alone ("direction": each row scaled by a random log-normal
// factor, the label x0/‖x‖ > 0.2, which no linear model of the values
// finds), or by one feature under heavy noise ("weak": x0 plus 1.5 times
// a standard normal, so that many rows per feature are needed before the
// configured penalty is strong enough).
func linearOrDirection(kind string, n, d int, seed uint64) *data.Dataset {
	rng := rand.New(rand.NewPCG(seed, 9))
	ds := &data.Dataset{X: make([]float64, n*d), Rows: n, Cols: d, Y: make([]int, n), Classes: []string{"a", "b"}}
	for j := range d {
		ds.Features = append(ds.Features, fmt.Sprintf("x%d", j))
	}
	for i := range n {
		x := ds.X[i*d : (i+1)*d]
		norm := 0.0
		for j := range x {
			x[j] = rng.NormFloat64()
			norm += x[j] * x[j]
		}
		s := x[0] + 0.8*x[1] - 0.6*x[2] + 0.8*rng.NormFloat64()
		switch kind {
		case "weak":
			s = x[0] + 1.5*rng.NormFloat64()
		case "direction":
			s = x[0]/math.Sqrt(norm) - 0.2
			r := math.Exp(1.5 * rng.NormFloat64())
			for j := range x {
				x[j] *= r
			}
		}
		if s > 0 {
			ds.Y[i] = 1
		}
	}
	return ds
}

// FitSelect (the default) keeps the rows' direction where inner
// cross-validation finds it predicts (the output layer is then FitAverage's,
// up to the optimum's tolerance) and drops it where it only adds variance: the model is then
// linear in the values, so a row's log-odds at the midpoint of two rows are
// the mean of theirs. Too few rows for the inner folds keep FitAverage.
func TestFitSelect(t *testing.T) {
	t.Parallel()
	proba := func(ds *data.Dataset, cfg train.Config) (*train.Result, []float64) { return fitProba(t, ds, cfg) }
	atConfigured := 0
	for _, seed := range []uint64{1, 2, 3, 4} {
		ds := linearOrDirection("direction", 120, 8, seed)
		res, p := proba(ds, train.Config{Seed: seed})
		h := res.Halves
		if h == nil || h.Chosen != model.BothHalves || !(h.BothLoss < h.ValuesLoss) || h.Folds != train.HalvesFolds {
			t.Fatalf("direction, seed %d: %+v, want both halves chosen by a lower held-out loss", seed, h)
		}
		// At another penalty the optimum differs from FitAverage's,
		// which takes it at the configured one.
		if h.L2Scale != 1 {
			t.Logf("direction, seed %d: both halves at %g times the penalty", seed, h.L2Scale)
			continue
		}
		atConfigured++
		// The same optimum, which FitSelect's graph search starts at the
		// inner solver's optimum over all rows and FitAverage's at Adam's
		// weights: the same model up to the search's tolerance.
		// Both searches stop at the gradient threshold; the one from the
		// inner solver's optimum reaches a loss as low.
		avgRes, avg := proba(ds, train.Config{Seed: seed, ContinuousFit: train.FitAverage})
		worst := 0.0
		for i := range p {
			worst = max(worst, math.Abs(p[i]-avg[i]))
		}
		if len(p) != len(avg) || worst > 1e-5 {
			t.Errorf("direction, seed %d: both halves chosen, but the probabilities differ from FitAverage's by up to %g", seed, worst)
		}
		if res.Optimum == nil || avgRes.Optimum == nil || res.Optimum.Loss > avgRes.Optimum.Loss*(1+1e-12) {
			t.Errorf("direction, seed %d: optimum %+v, FitAverage's %+v; want a loss as low", seed, res.Optimum, avgRes.Optimum)
		}
		t.Logf("direction, seed %d: probabilities within %.2g of FitAverage's; optimum loss %.15g against %.15g", seed, worst, res.Optimum.Loss, avgRes.Optimum.Loss)
	}
	if atConfigured == 0 {
		t.Error("direction: no seed chose both halves at the configured penalty; the comparison with FitAverage did not run")
	}
	for _, seed := range []uint64{2, 3} {
		ds := linearOrDirection("linear", 300, 8, seed)
		res, _ := proba(ds, train.Config{Seed: seed})
		h := res.Halves
		if h == nil || h.Chosen != model.ValuesHalf || !(h.ValuesLoss < h.BothLoss-train.HalvesMargin*h.StdErr) || !(h.StdErr > 0) {
			t.Fatalf("linear, seed %d: %+v, want the values half chosen by a held-out loss lower by a margin", seed, h)
		}
		// The network is then affine in x: check on midpoints of rows.
		D := ds.Cols
		mid := make([]float64, 3*D)
		for i := 0; i+1 < 40; i += 2 {
			a, b := ds.X[i*D:(i+1)*D], ds.X[(i+1)*D:(i+2)*D]
			copy(mid, a)
			copy(mid[D:], b)
			for j := range D {
				mid[2*D+j] = (a[j] + b[j]) / 2
			}
			p, _, err := res.Network.PredictProba(mid, 3)
			if err != nil {
				t.Fatal(err)
			}
			lo := func(k int) float64 { return math.Log(p[2*k+1] / p[2*k]) }
			if got, want := lo(2), (lo(0)+lo(1))/2; math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
				t.Fatalf("linear, seed %d: log-odds %g at the midpoint of rows %d and %d, want their mean %g: the direction is still weighed", seed, got, i, i+1, want)
			}
		}
	}
	small, err := train.Fit(context.Background(), linearOrDirection("linear", 2*train.HalvesFolds-1, 3, 1), model.Config{}, train.Config{Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if small.Halves != nil || small.Optimum == nil {
		t.Errorf("%d rows: halves %+v, optimum %v; want no inner cross-validation and FitAverage", 2*train.HalvesFolds-1, small.Halves, small.Optimum)
	}
}

// With Config.Stack (session 54) FitSelect's output layer is a stack of
// its dense candidates' fits (no sparse fit is chosen on 8 columns):
// weights on the simplex, each at least StackLeast, whose combined
// held-out loss is at most the chosen fit's, and no graph search after it
// (Optimum nil); the fit chosen is the one chosen without it, which
// the search then finishes.
func TestFitSelectStack(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"linear", "direction", "weak"} {
		ds := linearOrDirection(kind, 200, 8, 3)
		res, p := fitProba(t, ds, train.Config{Seed: 3, Stack: true})
		h := res.Halves
		if h == nil || len(h.Stack) == 0 || res.Optimum != nil {
			t.Fatalf("%s: halves %+v, optimum %+v; want a stack and no search", kind, h, res.Optimum)
		}
		sum := 0.0
		for _, m := range h.Stack {
			if m.Weight < train.StackLeast || m.Weight > 1 || !slices.Contains(append(train.PenaltyScales(), 1), m.L2Scale) ||
				(m.Halves != model.BothHalves.String() && m.Halves != model.ValuesHalf.String()) {
				t.Errorf("%s: stack member %+v", kind, m)
			}
			sum += m.Weight
		}
		if math.Abs(sum-1) > 1e-12 || !(h.StackLoss <= h.ChosenLoss*(1+1e-3)) {
			t.Errorf("%s: stack %+v, weights summing to %g, held-out loss %g against the chosen fit's %g; want 1 and at most", kind, h.Stack, sum, h.StackLoss, h.ChosenLoss)
		}
		one, q := fitProba(t, ds, train.Config{Seed: 3})
		if one.Halves == nil || one.Halves.Stack != nil || one.Optimum == nil {
			t.Errorf("%s, without the stack: halves %+v, optimum %+v; want the one fit chosen, finished by the search", kind, one.Halves, one.Optimum)
		}
		if one.Halves.Chosen != h.Chosen || one.Halves.L2Scale != h.L2Scale || one.Halves.ChosenLoss != h.ChosenLoss {
			t.Errorf("%s: the stack changed the fit chosen: %+v against %+v", kind, h, one.Halves)
		}
		diff := 0.0
		for i := range p {
			diff = max(diff, math.Abs(p[i]-q[i]))
		}
		t.Logf("%s: stack %s (held-out loss %.4f, chosen %.4f); probabilities differ from the one fit's by up to %.3g", kind, fmt.Sprint(h.Stack), h.StackLoss, h.ChosenLoss, diff)
	}
}

// Where a stronger penalty predicts held-out rows better (50 rows, 40
// features of which one carries a weak signal), FitSelect
// chooses a multiple of it, by a held-out loss lower than the configured
// penalty's by the margin, and the output layer is the optimum at that
// penalty: the graph's search from it stops at its first evaluation, with
// a gradient within the threshold of the scaled penalty, over the values
// half and (since session 51, where the search starts at the inner
// solver's optimum over all rows) over both halves alike.
func TestFitSelectStrongerPenalty(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{1, 2} {
		ds := linearOrDirection("weak", 50, 40, seed)
		res, _ := fitProba(t, ds, train.Config{Seed: seed})
		h := res.Halves
		if h == nil || !slices.Contains(train.PenaltyScales(), h.L2Scale) || !(h.ChosenLoss < h.BothLoss) {
			t.Fatalf("seed %d: %+v, want a stronger penalty chosen by a lower held-out loss", seed, h)
		}
		if opt := res.Optimum; opt == nil || opt.Evaluations != 1 {
			t.Errorf("seed %d: optimum %+v (%v half), want the search to confirm the inner solver's optimum at once", seed, opt, h.Chosen)
		}
		// A weaker penalty than the configured one predicts worse here, so
		// the walk down the weaker ones stops at the first (session 48).
		if !slices.Equal(h.WeakerScales, []float64{0.25}) {
			t.Errorf("seed %d: weaker penalties cross-validated %v, want only 1/4", seed, h.WeakerScales)
		}
	}
}

// Canceling while the optimum is searched for (here: at the end of the
// last epoch) keeps Adam's weights and reports the run as canceled.
func TestContinuousOptimumCanceled(t *testing.T) {
	t.Parallel()
	ds := wide(40, 50, 5)
	fit := func(ctx context.Context, cfg train.Config, hooks ...train.Hook) *train.Result {
		cfg.Seed, cfg.Epochs, cfg.NoEarlyStopping = 6, 5, true
		res, err := train.Fit(ctx, ds, model.Config{}, cfg, &train.Options{Hooks: hooks})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelLast := train.HookFunc(func(_ *train.Loop, st *train.EpochStats) error {
		if st.Epoch == 5 {
			cancel()
		}
		return nil
	})
	canceled := fit(ctx, train.Config{}, cancelLast)
	adam := fit(context.Background(), train.Config{ContinuousFit: train.FitAdam})
	average := fit(context.Background(), train.Config{})
	if canceled.Status != train.Canceled || canceled.Epochs != 5 {
		t.Errorf("status %v after %d epochs, want canceled after 5", canceled.Status, canceled.Epochs)
	}
	proba := func(r *train.Result) []float64 {
		p, _, err := r.Network.PredictProba(ds.X, ds.Rows)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if !slices.Equal(proba(canceled), proba(adam)) {
		t.Error("the canceled run does not predict as Adam's weights do")
	}
	if slices.Equal(proba(average), proba(adam)) {
		t.Error("the uncanceled average predicts as Adam's weights do: the test cannot tell them apart")
	}
}

// TestFitSelectIndependentOfGOMAXPROCS: FitSelect's inner fits run on
// several goroutines at once; the same seed gives the same check and the
// same model bytes whatever GOMAXPROCS, where the inner fits are over the
// rows' span (fewer rows than columns) and over the columns.
func TestFitSelectIndependentOfGOMAXPROCS(t *testing.T) {
	// Not parallel: it sets GOMAXPROCS for the process.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for name, ds := range map[string]*data.Dataset{"span": wide(40, 60, 8), "columns": linearOrDirection("weak", 60, 10, 3)} {
		var first []byte
		var check train.HalvesCheck
		for _, procs := range []int{1, 2, 4} {
			runtime.GOMAXPROCS(procs)
			res, err := train.Fit(context.Background(), ds, model.Config{}, train.Config{Seed: 4, Epochs: 20}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Halves == nil {
				t.Fatalf("%s: no inner cross-validation", name)
			}
			var buf bytes.Buffer
			if err := res.Network.Save(&buf, nil); err != nil {
				t.Fatal(err)
			}
			if procs == 1 {
				first, check = buf.Bytes(), *res.Halves
				t.Logf("%s: %+v", name, check)
				continue
			}
			if !reflect.DeepEqual(*res.Halves, check) {
				t.Errorf("%s: GOMAXPROCS=%d: check %+v, GOMAXPROCS=1 %+v", name, procs, *res.Halves, check)
			}
			if !bytes.Equal(buf.Bytes(), first) {
				t.Errorf("%s: GOMAXPROCS=%d saved another model than GOMAXPROCS=1", name, procs)
			}
		}
	}
}

// rareClass returns n rows of 8 Gaussian features, about one in twenty of
// class "rare", whose first three features are shifted by 2: a rare class
// that is well separated.
func rareClass(n int, seed uint64) *data.Dataset {
	rng := rand.New(rand.NewPCG(seed, 21))
	ds := &data.Dataset{X: make([]float64, n*8), Rows: n, Cols: 8, Y: make([]int, n), Classes: []string{"common", "rare"}}
	for i := range n {
		if rng.Float64() < 0.05 || i < 6 {
			ds.Y[i] = 1
		}
		for j := range 8 {
			ds.X[i*8+j] = rng.NormFloat64()
			if j < 3 && ds.Y[i] == 1 {
				ds.X[i*8+j] += 2
			}
		}
	}
	return ds
}

// TestClassWeightPower: where a rare class is well separated, the output
// layer takes the decision boundaries of weaker class weights (the
// balanced weights' call too many rows rare, and cost macro-F1 on fresh
// rows), and fresh rows' macro-F1 is higher than with the balanced
// boundaries; with class weights set by the caller, or equal, nothing
// moves.
func TestClassWeightPower(t *testing.T) {
	t.Parallel()
	fresh := rareClass(4000, 99)
	macroF1 := func(net *model.Network) float64 {
		pred, err := net.Predict(fresh.X, fresh.Rows)
		if err != nil {
			t.Fatal(err)
		}
		m, err := train.Evaluate(fresh.Y, pred, fresh.Classes)
		if err != nil {
			t.Fatal(err)
		}
		return m.MacroF1
	}
	shifted, better := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		ds := rareClass(800, seed)
		res, err := train.Fit(context.Background(), ds, model.Config{}, train.Config{Seed: seed}, nil)
		if err != nil {
			t.Fatal(err)
		}
		h := res.Halves
		if h == nil || h.ClassWeightPower == 1 {
			t.Logf("seed %d: class-weight power 1", seed)
			continue
		}
		shifted++
		// The same fit without the shift: the bias moved back.
		back := make([]float64, len(h.BiasShift))
		for c, d := range h.BiasShift {
			back[c] = -d
		}
		f1 := macroF1(res.Network)
		tr, err := model.NewTrainer(res.Network, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.ShiftContinuousBias(back); err != nil {
			t.Fatal(err)
		}
		unshifted := macroF1(res.Network)
		t.Logf("seed %d: power %g, fresh macro-F1 %.3f (balanced boundaries %.3f)", seed, h.ClassWeightPower, f1, unshifted)
		if f1 > unshifted {
			better++
		}
	}
	if shifted < 2 || better < shifted {
		t.Errorf("%d of 3 fits moved their boundaries, %d of them to a higher fresh macro-F1; want at least 2, all better", shifted, better)
	}
	for name, cfg := range map[string]train.Config{"weights set": {Seed: 1, ClassWeights: []float64{1, 3}}, "equal weights": {Seed: 1, EqualClassWeights: true}} {
		res, err := train.Fit(context.Background(), rareClass(400, 1), model.Config{}, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if h := res.Halves; h == nil || h.ClassWeightPower != 1 || h.BiasShift != nil {
			t.Errorf("%s: check %+v, want power 1 and no shift", name, h)
		}
	}
}

// collinear returns n rows of 100 columns that share five latent factors,
// as the wavelengths of a spectrum do: column j is Σ_f a_jf z_f plus a
// little noise, the fifth factor's loadings thirty times smaller than the
// others'. The label is the sign of that fifth factor: a direction of
// small variance, which a strong L2 penalty on the standardised columns
// shrinks away. The loadings are drawn from loadSeed, the rows from seed.
func collinear(n int, loadSeed, seed uint64) *data.Dataset {
	const d, k = 100, 5
	lr := rand.New(rand.NewPCG(loadSeed, 47))
	a := make([]float64, d*k)
	for j := range d {
		for f := range k {
			a[j*k+f] = lr.NormFloat64()
			if f == k-1 {
				a[j*k+f] *= 0.03
			}
		}
	}
	rng := rand.New(rand.NewPCG(seed, 48))
	ds := &data.Dataset{X: make([]float64, n*d), Rows: n, Cols: d, Y: make([]int, n), Classes: []string{"a", "b"}}
	for j := range d {
		ds.Features = append(ds.Features, fmt.Sprintf("w%d", j))
	}
	z := make([]float64, k)
	for i := range n {
		for f := range z {
			z[f] = rng.NormFloat64()
		}
		for j := range d {
			v := 0.01 * rng.NormFloat64()
			for f := range k {
				v += a[j*k+f] * z[f]
			}
			ds.X[i*d+j] = v
		}
		if z[k-1] > 0 {
			ds.Y[i] = 1
		}
	}
	return ds
}

// TestFitSelectWeakerPenalty: on collinear columns whose label lies in a
// direction of small variance, FitSelect's inner check takes a penalty
// weaker than the configured one (session 47), and fresh rows are
// predicted better than at the configured penalty (FitAverage).
func TestFitSelectWeakerPenalty(t *testing.T) {
	t.Parallel()
	fresh := collinear(2000, 1, 99)
	accuracy := func(net *model.Network) float64 {
		pred, err := net.Predict(fresh.X, fresh.Rows)
		if err != nil {
			t.Fatal(err)
		}
		right := 0
		for i, p := range pred {
			if p == fresh.Y[i] {
				right++
			}
		}
		return float64(right) / float64(fresh.Rows)
	}
	for _, seed := range []uint64{1, 2} {
		ds := collinear(150, 1, seed)
		sel, err := train.Fit(context.Background(), ds, model.Config{}, train.Config{Seed: seed}, nil)
		if err != nil {
			t.Fatal(err)
		}
		avg, err := train.Fit(context.Background(), ds, model.Config{}, train.Config{Seed: seed, ContinuousFit: train.FitAverage}, nil)
		if err != nil {
			t.Fatal(err)
		}
		h := sel.Halves
		if h == nil || !(h.L2Scale < 1) || !slices.Contains(train.PenaltyScales(), h.L2Scale) {
			t.Fatalf("seed %d: %+v, want a weaker penalty chosen", seed, h)
		}
		// The walk down the weaker penalties reached the one chosen, each
		// step from the one before it (1/4 first).
		if n := len(h.WeakerScales); n == 0 || h.WeakerScales[0] != 0.25 || !slices.Contains(h.WeakerScales, h.L2Scale) ||
			!slices.IsSortedFunc(h.WeakerScales, func(a, b float64) int { return cmp.Compare(b, a) }) {
			t.Errorf("seed %d: weaker penalties cross-validated %v, chosen %g: want a walk from 1/4 down to it", seed, h.WeakerScales, h.L2Scale)
		}
		a, b := accuracy(sel.Network), accuracy(avg.Network)
		t.Logf("seed %d: %g times the penalty, fresh accuracy %.3f against %.3f at the configured one", seed, h.L2Scale, a, b)
		if !(a > b+0.02) {
			t.Errorf("seed %d: fresh accuracy %.3f with the weaker penalty, %.3f at the configured one: want higher by 0.02", seed, a, b)
		}
	}
}
