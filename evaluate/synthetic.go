// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/internal/procs"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Defaults of SyntheticConfig's row counts: each fit trains on
// DefaultSyntheticTrainRows rows and is scored on DefaultSyntheticTestRows
// fresh ones, and both samples count toward data.MaxSynthCells.
const (
	DefaultSyntheticTrainRows = 128
	DefaultSyntheticTestRows  = 1000
)

// SyntheticConfig configures Synthetic, the paper's Table 2. The zero value
// of each field is its default.
type SyntheticConfig struct {
	Reps        int              // repetitions per cell, each with its own seed; 0 means 30
	Features    []int            // feature counts; nil means 3, 4, 8, 16, 32, 64, 128
	Gates       []data.Gate      // nil means and, or, not, xor, xnor
	Positions   []data.Positions // nil means random only (the honest setting)
	Activations []string         // nil means polyclip and relu (HorNets-PolyClip and HorNets-ReLU)
	TrainRows   int              // rows each model is fitted on; 0 means 128
	TestRows    int              // fresh rows each model is scored on; 0 means 1000
	// LabelNoise is the probability, in [0, 0.5), that a training row's
	// label is flipped to the other class; the fresh rows that score the
	// model stay clean. 0 means clean training labels.
	LabelNoise float64 `json:",omitempty"`
	// Seed: repetition i draws its table and trains with seed Seed+i.
	Seed uint64
	// Jobs is the most fits at a time; 0 means procs.Workers()
	// (GOMAXPROCS as the program was given it). It never changes the
	// result but for the timings.
	Jobs  int
	Model model.Config // Activation is set per cell
	Train train.Config // Seed is set per repetition
}

// DefaultSyntheticFeatures are the feature counts of the paper's Table 2.
var DefaultSyntheticFeatures = []int{3, 4, 8, 16, 32, 64, 128}

func (c SyntheticConfig) resolved() (SyntheticConfig, error) {
	if c.Reps == 0 {
		c.Reps = 30
	}
	if c.Features == nil {
		c.Features = DefaultSyntheticFeatures
	}
	if c.Gates == nil {
		c.Gates = []data.Gate{data.And, data.Or, data.Not, data.Xor, data.Xnor}
	}
	if c.Positions == nil {
		c.Positions = []data.Positions{data.RandomPositions}
	}
	if c.Activations == nil {
		c.Activations = []string{"polyclip", "relu"}
	}
	if c.TrainRows == 0 {
		c.TrainRows = DefaultSyntheticTrainRows
	}
	if c.TestRows == 0 {
		c.TestRows = DefaultSyntheticTestRows
	}
	if c.Jobs == 0 {
		c.Jobs = procs.Workers()
	}
	switch {
	case c.Reps < 1 || c.Reps > MaxRepeats:
		return c, fmt.Errorf("%w: %d repetitions, want 1..%d", train.ErrConfig, c.Reps, MaxRepeats)
	case c.Jobs < 1:
		return c, fmt.Errorf("%w: %d jobs, want 1 or more (0: all cores)", train.ErrConfig, c.Jobs)
	case c.TrainRows < 2 || c.TestRows < 1:
		return c, fmt.Errorf("%w: %d training and %d test rows, want >= 2 and >= 1", train.ErrConfig, c.TrainRows, c.TestRows)
	case !(c.LabelNoise >= 0 && c.LabelNoise < 0.5): // NaN fails too
		return c, fmt.Errorf("%w: label noise %v, want 0 <= p < 0.5", train.ErrConfig, c.LabelNoise)
	}
	rows := max(c.TrainRows, c.TestRows)
	for _, f := range c.Features {
		switch {
		case f < 1 || f > data.MaxSynthFeatures:
			return c, fmt.Errorf("%w: %d features, want 1..%d", train.ErrConfig, f, data.MaxSynthFeatures)
		case rows > data.MaxSynthCells/f:
			return c, fmt.Errorf("%w: %d features, want at most %d: each sample of %d training or %d test rows × features must be at most %d cells",
				train.ErrConfig, f, data.MaxSynthCells/rows, c.TrainRows, c.TestRows, data.MaxSynthCells)
		}
	}
	return c, nil
}

// SyntheticRow is one cell of the table: the scores of Reps models of one
// activation, each fitted on its own TrainRows rows of one gate at one
// width, and scored on TestRows fresh rows of the same generator.
type SyntheticRow struct {
	Positions  string `json:"positions"`
	Activation string `json:"activation"`
	Gate       string `json:"gate"`
	Features   int    `json:"features"`
	Reps       int    `json:"reps"`
	// AccuracyMean and AccuracyMin are the mean and the lowest accuracy
	// on the fresh rows.
	AccuracyMean float64 `json:"accuracy_mean"`
	AccuracyMin  float64 `json:"accuracy_min"`
	// MacroF1Mean and MacroF1Std are the mean and sample standard
	// deviation of the macro-F1 on the fresh rows.
	MacroF1Mean float64 `json:"macro_f1_mean"`
	MacroF1Std  float64 `json:"macro_f1_std"`
	// HitRate is the share of models whose top interaction is exactly the
	// generator's target features.
	HitRate float64 `json:"top_interaction_hit_rate"`
	// FidelityMean is the mean share of fresh rows where the model's
	// decision list, applied by hand, gives the network's prediction,
	// over the models with rules (NaN where none has: every model took
	// the linear route of train's route check).
	FidelityMean float64 `json:"rule_fidelity_mean"`
	FitSeconds   float64 `json:"fit_seconds_mean"`
}

// SyntheticResult is the outcome of Synthetic.
type SyntheticResult struct {
	Rows []SyntheticRow `json:"rows"` // positions, activation, gate, features order
	// Skipped names the cells left out because the gate reads more
	// features than there are (xor at 1 feature).
	Skipped []string `json:"skipped,omitempty"`
	// LabelNoise is the share of training labels flipped in expectation
	// (SyntheticConfig.LabelNoise).
	LabelNoise float64 `json:"label_noise,omitempty"`
	Seconds    float64 `json:"seconds"` // wall clock
}

// SyntheticUnit is the score of one model: one repetition of one cell.
type SyntheticUnit struct {
	// Fidelity is NaN, and Hit false, for a model on the linear route
	// (no rules).
	MacroF1, Accuracy, Fidelity, Seconds float64
	Hit                                  bool
}

// SyntheticFit fits one model on trainRows rows of the gate generator gcfg,
// their labels flipped with probability gcfg.LabelNoise, and scores it on
// testRows fresh rows with clean labels: the unit of Synthetic. A
// negative row count, or more than data.MaxSynthCells cells, is an error
// wrapping train.ErrConfig.
func SyntheticFit(ctx context.Context, gcfg data.SynthConfig, trainRows, testRows int, mcfg model.Config, tcfg train.Config) (SyntheticUnit, error) {
	var u SyntheticUnit
	gen, err := data.NewSynth(gcfg)
	if err != nil {
		return u, err
	}
	if min(trainRows, testRows) < 0 || max(trainRows, testRows) > data.MaxSynthCells/gcfg.Features {
		return u, fmt.Errorf("%w: %d training and %d test rows of %d features, want 0 or more and rows × features <= %d",
			train.ErrConfig, trainRows, testRows, gcfg.Features, data.MaxSynthCells)
	}
	tr, _ := gen.SampleNoisy(trainRows)
	te := gen.Sample(testRows)
	start := time.Now()
	res, err := train.Fit(ctx, tr, mcfg, tcfg, nil)
	if err != nil {
		return u, err
	}
	if res.Status == train.Canceled {
		return u, context.Canceled
	}
	u.Seconds = time.Since(start).Seconds()
	pred, err := res.Network.Predict(te.X, te.Rows)
	if err != nil {
		return u, err
	}
	m, err := train.Evaluate(te.Y, pred, te.Classes)
	if err != nil {
		return u, err
	}
	u.MacroF1, u.Accuracy = m.MacroF1, m.Accuracy
	if res.Network.Route() != model.Categorical {
		// The linear route (train's route check): no rule names the
		// targets, and there are no rules to reproduce the network.
		u.Fidelity = math.NaN()
		return u, nil
	}
	top, err := res.Network.Interactions(1)
	if err != nil {
		return u, err
	}
	u.Hit = len(top) > 0 && slices.Equal(top[0].FeatureSet(), gen.Targets())
	rules, err := res.Network.Rules()
	if err != nil {
		return u, fmt.Errorf("no rules: %w", err)
	}
	rules.Evaluate(te.X, te.Rows, te.Cols, pred, te.Y)
	u.Fidelity = rules.Fidelity
	return u, nil
}

// Synthetic reruns the paper's logic-gate benchmark (its Table 2): for each
// positions setting, activation, gate and feature count, Reps models
// (repetition i with seed Seed+i for the generator and the training), each
// scored on fresh rows. Fits run on Jobs workers.
func Synthetic(ctx context.Context, cfg SyntheticConfig) (*SyntheticResult, error) {
	start := time.Now()
	sw, cfg, err := SyntheticSweep(cfg)
	if err != nil {
		return nil, err
	}
	results, err := sw.results(ctx, cfg.Jobs)
	if err != nil {
		return nil, err
	}
	res, err := SyntheticReduce(cfg, results)
	if err != nil {
		return nil, err
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// syntheticCell is one row of the table.
type syntheticCell struct {
	pos  data.Positions
	act  string
	gate data.Gate
	feat int
}

// cells returns the cells of the resolved cfg in table order, and the
// names of those skipped because the gate reads more features than there
// are.
func (cfg SyntheticConfig) cells() (cells []syntheticCell, skipped []string) {
	for _, p := range cfg.Positions {
		for _, a := range cfg.Activations {
			for _, g := range cfg.Gates {
				for _, f := range cfg.Features {
					if _, err := data.NewSynth(data.SynthConfig{Gate: g, Features: f, Positions: p}); err != nil {
						skipped = append(skipped, fmt.Sprintf("%v %d features (%s, %s)", g, f, p, a))
						continue
					}
					cells = append(cells, syntheticCell{p, a, g, f})
				}
			}
		}
	}
	return cells, skipped
}

// SyntheticSweep is the work list of Synthetic: unit (cell c, repetition
// i) has index c·Reps + i, the cells in table order (positions,
// activation, gate, features), and draws its rows and trains with seed
// Seed+i. Run its units (all, or a shard) and pass the results, in unit
// order, to SyntheticReduce. It returns cfg resolved.
func SyntheticSweep(cfg SyntheticConfig) (*Sweep, SyntheticConfig, error) {
	cfg, err := cfg.resolved()
	if err != nil {
		return nil, cfg, err
	}
	cells, _ := cfg.cells()
	sw, err := newSweep(len(cells) * cfg.Reps)
	if err != nil {
		return nil, cfg, err
	}
	for u := range sw.Units {
		c, rep := cells[u/cfg.Reps], u%cfg.Reps
		sw.Units[u] = Unit{Index: u, Positions: c.pos.String(), Activation: c.act, Gate: c.gate.String(), Features: c.feat,
			Rep: rep, Seed: cfg.Seed + uint64(rep)}
	}
	sw.run = func(ctx context.Context, u Unit) (UnitResult, error) {
		c := cells[u.Index/cfg.Reps]
		mc, tc := cfg.Model, cfg.Train
		mc.Activation, tc.Seed = c.act, u.Seed
		su, err := SyntheticFit(ctx, data.SynthConfig{Gate: c.gate, Features: c.feat, Seed: u.Seed, Positions: c.pos, LabelNoise: cfg.LabelNoise},
			cfg.TrainRows, cfg.TestRows, mc, tc)
		if err != nil {
			return UnitResult{}, fmt.Errorf("%v, %d features, %s, %s, repetition %d: %w", c.gate, c.feat, c.pos, c.act, u.Rep+1, err)
		}
		hit := su.Hit
		ur := UnitResult{Rows: cfg.TestRows, MacroF1: su.MacroF1, Accuracy: su.Accuracy, Seconds: su.Seconds, Hit: &hit}
		if fid := su.Fidelity; !math.IsNaN(fid) {
			ur.RuleFidelity = &fid
		}
		return ur, nil
	}
	return sw, cfg, nil
}

// SyntheticReduce computes the table of Synthetic for the resolved cfg
// (as SyntheticSweep returns it) from the results of its units, in unit
// order. Its Seconds is the sum of the units' fit seconds; Synthetic
// replaces it by the wall clock.
func SyntheticReduce(cfg SyntheticConfig, results []UnitResult) (*SyntheticResult, error) {
	cells, skipped := cfg.cells()
	if cfg.Reps < 1 || len(results) != len(cells)*cfg.Reps {
		return nil, fmt.Errorf("%w: %d results for %d cells × %d repetitions", train.ErrData, len(results), len(cells), cfg.Reps)
	}
	res := &SyntheticResult{Skipped: skipped, LabelNoise: cfg.LabelNoise}
	for i, c := range cells {
		us := results[i*cfg.Reps : (i+1)*cfg.Reps]
		f1s, accs, secs := make([]float64, len(us)), make([]float64, len(us)), make([]float64, len(us))
		var fids []float64 // of the models with rules (not those on the linear route)
		hits := 0
		for k, u := range us {
			if u.Hit == nil {
				return nil, fmt.Errorf("%w: the result of %v %d features (%s, %s) repetition %d lacks the hit",
					train.ErrData, c.gate, c.feat, c.pos, c.act, k+1)
			}
			if u.RuleFidelity != nil {
				fids = append(fids, *u.RuleFidelity)
			}
			f1s[k], accs[k], secs[k] = u.MacroF1, u.Accuracy, u.Seconds
			if *u.Hit {
				hits++
			}
			res.Seconds += u.Seconds
		}
		row := SyntheticRow{Positions: c.pos.String(), Activation: c.act, Gate: c.gate.String(), Features: c.feat, Reps: len(us),
			HitRate: float64(hits) / float64(len(us)), FidelityMean: math.NaN(), FitSeconds: stat.Mean(secs, nil)}
		if len(fids) > 0 {
			row.FidelityMean = stat.Mean(fids, nil)
		}
		row.MacroF1Mean, row.MacroF1Std = meanStd(f1s)
		row.AccuracyMean, row.AccuracyMin = stat.Mean(accs, nil), slices.Min(accs)
		res.Rows = append(res.Rows, row)
	}
	return res, nil
}

// WriteMarkdown writes the table as Markdown, one row per cell. A nil r
// or w is an error wrapping train.ErrConfig.
func (r *SyntheticResult) WriteMarkdown(w io.Writer) error {
	if err := checkWrite("SyntheticResult.WriteMarkdown", r == nil, w); err != nil {
		return err
	}
	if r.LabelNoise > 0 {
		fmt.Fprintf(w, "Training labels flipped with probability %g; the fresh rows are clean.\n\n", r.LabelNoise)
	}
	fmt.Fprintln(w, "| positions | activation | gate | features | reps | macro-F1 (mean ± std) | accuracy (mean, min) | top interaction = targets | rule fidelity | fit s |")
	fmt.Fprintln(w, "|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
	for _, row := range r.Rows {
		fidelity := "—"
		if !math.IsNaN(row.FidelityMean) {
			fidelity = fmt.Sprintf("%.3f", row.FidelityMean)
		}
		if _, err := fmt.Fprintf(w, "| %s | %s | %s | %d | %d | %.3f ± %.3f | %.3f, %.3f | %.2f | %s | %.2f |\n", row.Positions, row.Activation, row.Gate,
			row.Features, row.Reps, row.MacroF1Mean, row.MacroF1Std, row.AccuracyMean, row.AccuracyMin, row.HitRate, fidelity, row.FitSeconds); err != nil {
			return err
		}
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(w, "\nskipped: %s: the gate reads more features than there are\n", s)
	}
	return nil
}

// WriteCSV writes the table as CSV with a header line. A nil r or w is an
// error wrapping train.ErrConfig.
func (r *SyntheticResult) WriteCSV(w io.Writer) error {
	if err := checkWrite("SyntheticResult.WriteCSV", r == nil, w); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.Write([]string{"positions", "activation", "gate", "features", "reps", "macro_f1_mean", "macro_f1_std", "top_interaction_hit_rate", "rule_fidelity_mean", "accuracy_mean", "accuracy_min", "label_noise", "fit_seconds_mean"})
	f := func(v float64) string {
		if math.IsNaN(v) {
			return ""
		}
		return strconv.FormatFloat(v, 'f', 4, 64)
	}
	for _, row := range r.Rows {
		cw.Write([]string{row.Positions, row.Activation, row.Gate, strconv.Itoa(row.Features), strconv.Itoa(row.Reps),
			f(row.MacroF1Mean), f(row.MacroF1Std), f(row.HitRate), f(row.FidelityMean),
			f(row.AccuracyMean), f(row.AccuracyMin), f(r.LabelNoise), f(row.FitSeconds)})
	}
	cw.Flush()
	return cw.Error()
}
