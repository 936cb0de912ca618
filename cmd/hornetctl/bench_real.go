// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot/vg"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/train"
)

func init() { benchSubcommands = append(benchSubcommands, newBenchRealCmd) }

// Model names of bench real's own two models.
const (
	modelHorNets = "hornets"
	modelLogReg  = "logreg"
)

// benchRealOptions are the inputs of hornetctl bench real.
type benchRealOptions struct {
	Files     []string // CSV tables, the label in the last column
	Folds     int
	Repeats   int
	Baselines string // per-fold scores of other models, or ""
	Compare   string // the model HorNets is compared with by the Bayesian test
	Format    string // markdown or json
	Plot      string // the critical-difference diagram, PNG or SVG by extension, or ""
	Fit       fitOptions
	Quiet     bool // --quiet: no progress lines on stderr
}

func newBenchRealCmd(ios *iostreams) *cli.Command {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "data", Category: "Data", Usage: "a `DIR` (every *.csv and *.csv.gz in it) or comma-separated CSV files; the label is the last column"},
		&cli.IntFlag{Name: "folds", Aliases: []string{"k"}, Category: "Data", Value: 5, Usage: fmt.Sprintf("stratified folds `K`, 2..%d", train.MaxFolds)},
		&cli.IntFlag{Name: "repeats", Category: "Data", Value: 1, Usage: "repetitions `R` of the k-fold split, each with fresh folds, 1..100"},
		&cli.StringFlag{Name: "baselines", Category: "Data", Usage: "CSV `FILE` of other models' per-fold scores: dataset,repeat,fold,model,macro_f1 (repeat and fold from 0; dataset is the file name without .csv/.csv.gz)"},
		&cli.StringFlag{Name: "compare", Category: "Output", Value: modelLogReg, Usage: "`MODEL` that the Bayesian signed-rank test compares HorNets with"},
		&cli.StringFlag{Name: "format", Category: "Output", Value: formatMarkdown, Usage: "report `FORMAT`: markdown or json"},
		&cli.StringFlag{Name: "plot", Category: "Output", Usage: "write the critical-difference diagram to `FILE` (.png or .svg)"},
		quietFlag(),
	}
	flags = append(flags, fitFlags()...)
	return leaf(&cli.Command{
		Name:      "real",
		Usage:     "HorNets against the built-in logistic regression (and --baselines) on real tables, with Friedman, Nemenyi and Bayesian tests",
		UsageText: "hornetctl bench real --data DIR_OR_FILES [--folds 5] [--repeats 1] [--seed 0] [--baselines FILE] [--format markdown|json] [model flags]",
		Description: "Repeated stratified k-fold cross-validation of HorNets and of standardised L2 logistic regression on the\n" +
			"same folds (repeat r uses folds drawn with seed (--seed, r); HorNets on fold f of repeat r trains with seed\n" +
			"--seed + r·K + f). The CSV encoder is fitted on each training fold only. One row per dataset and model:\n" +
			"macro-F1 mean ± std over all folds, accuracy, seconds. With two or more models: average ranks of the\n" +
			"per-dataset mean macro-F1, the Friedman and Iman–Davenport tests, the Nemenyi critical difference\n" +
			"(α = 0.05) and the Bayesian signed-rank test (rope 0.01) of HorNets minus --compare over the datasets.",
		Flags: flags,
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			if err := requireFlags(c, "data"); err != nil {
				return err
			}
			o := &benchRealOptions{Folds: c.Int("folds"), Repeats: c.Int("repeats"), Baselines: c.String("baselines"), Compare: c.String("compare"), Plot: c.String("plot"), Quiet: c.Bool("quiet")}
			if ext := strings.ToLower(filepath.Ext(o.Plot)); o.Plot != "" && ext != ".png" && ext != ".svg" {
				return usagef("invalid --plot %s: want a .png or .svg file", o.Plot)
			}
			if o.Folds < 2 || o.Folds > train.MaxFolds {
				return usagef("invalid --folds %d: want 2..%d", o.Folds, train.MaxFolds)
			}
			if o.Repeats < 1 || o.Repeats > 100 {
				return usagef("invalid --repeats %d: want 1..100", o.Repeats)
			}
			var err error
			if o.Format, err = readOutputFormat(c, formatMarkdown, formatJSON); err != nil {
				return err
			}
			if o.Files, err = benchFiles(c.String("data")); err != nil {
				return err
			}
			if o.Fit, err = readFitFlags(c); err != nil {
				return err
			}
			if o.Plot != "" {
				inputs := []flagPath{{"baselines", o.Baselines}}
				for _, f := range o.Files {
					inputs = append(inputs, flagPath{"data", f})
				}
				if err := checkOutput("plot", o.Plot, inputs...); err != nil {
					return err
				}
			}
			return runBenchReal(c.Context, o, ios)
		},
	})
}

// benchFiles expands --data: a directory gives its *.csv and *.csv.gz
// files in name order, anything else is a comma-separated list of files.
func benchFiles(arg string) ([]string, error) {
	if st, err := os.Stat(arg); err == nil && st.IsDir() {
		entries, err := os.ReadDir(arg)
		if err != nil {
			return nil, err
		}
		var out []string
		for _, e := range entries {
			if !e.IsDir() && (strings.HasSuffix(e.Name(), ".csv") || strings.HasSuffix(e.Name(), ".csv.gz")) {
				out = append(out, filepath.Join(arg, e.Name()))
			}
		}
		if len(out) == 0 {
			return nil, usagef("invalid --data %s: no *.csv or *.csv.gz files in the directory", arg)
		}
		return out, nil
	}
	var out []string
	for _, f := range strings.Split(arg, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, usagef("invalid --data %q: no files", arg)
	}
	return out, nil
}

// datasetName is a file's name without its directory and .csv/.csv.gz.
func datasetName(path string) string {
	base := filepath.Base(path)
	base = strings.TrimSuffix(base, ".gz")
	return strings.TrimSuffix(base, ".csv")
}

// foldScore is one model's score on one fold.
type foldScore struct {
	Repeat   int     `json:"repeat"`
	Fold     int     `json:"fold"`
	MacroF1  float64 `json:"macro_f1"`
	Accuracy float64 `json:"accuracy,omitempty"`
	Seconds  float64 `json:"seconds,omitempty"`
}

// modelScores is one model's result on one dataset.
type modelScores struct {
	Model       string      `json:"model"`
	MacroF1Mean float64     `json:"macro_f1_mean"`
	MacroF1Std  float64     `json:"macro_f1_std"`
	AccMean     float64     `json:"accuracy_mean,omitempty"`
	Seconds     float64     `json:"seconds,omitempty"` // fitting and predicting, all folds
	External    bool        `json:"external,omitempty"`
	Folds       []foldScore `json:"folds"`
}

type datasetResult struct {
	Dataset string        `json:"dataset"`
	Rows    int           `json:"rows"`
	Cols    int           `json:"cols"` // feature columns of the file
	Encoded int           `json:"encoded_cols"`
	Classes int           `json:"classes"`
	Models  []modelScores `json:"models"`
}

type benchStats struct {
	Models       []string                   `json:"models"`
	Datasets     []string                   `json:"datasets"` // those every model has scores for
	AverageRanks []float64                  `json:"average_ranks,omitempty"`
	Friedman     *evaluate.Friedman         `json:"friedman,omitempty"`
	NemenyiCD    float64                    `json:"nemenyi_cd,omitempty"`
	Bayes        *evaluate.SignedRankResult `json:"bayes_signed_rank,omitempty"`
	Compare      string                     `json:"compare,omitempty"`
	Notes        []string                   `json:"notes,omitempty"`
}

type benchReport struct {
	Folds    int             `json:"folds"`
	Repeats  int             `json:"repeats"`
	Seed     uint64          `json:"seed"`
	Datasets []datasetResult `json:"datasets"`
	Stats    benchStats      `json:"stats"`
}

func runBenchReal(ctx context.Context, o *benchRealOptions, ios *iostreams) error {
	var external map[string]map[string][]foldScore
	if o.Baselines != "" {
		var err error
		if external, err = readBaselines(o.Baselines); err != nil {
			return err
		}
	}
	rep := &benchReport{Folds: o.Folds, Repeats: o.Repeats, Seed: o.Fit.Train.Seed}
	for _, file := range o.Files {
		res, err := benchDataset(ctx, o, file)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return &interrupted{fmt.Sprintf("bench real interrupted: %v", err)}
			}
			return err
		}
		for model, folds := range external[res.Dataset] {
			if model == modelHorNets || model == modelLogReg {
				return usagef("invalid --baselines %s: model name %q is taken by bench real's own model", o.Baselines, model)
			}
			f1 := make([]float64, len(folds))
			for i, s := range folds {
				f1[i] = s.MacroF1
			}
			m, sd := stat.MeanStdDev(f1, nil)
			if len(f1) < 2 {
				sd = 0
			}
			res.Models = append(res.Models, modelScores{Model: model, MacroF1Mean: m, MacroF1Std: sd, External: true, Folds: folds})
		}
		slices.SortStableFunc(res.Models[2:], func(a, b modelScores) int { return strings.Compare(a.Model, b.Model) })
		rep.Datasets = append(rep.Datasets, *res)
		fmt.Fprintf(warnings(ios, o.Quiet), "bench real: %s done\n", res.Dataset)
	}
	rep.Stats = benchStatistics(rep.Datasets, o.Compare, o.Fit.Train.Seed)
	if o.Plot != "" {
		if err := writeCDPlot(o.Plot, rep.Stats); err != nil {
			return err
		}
		if rep.Stats.AverageRanks == nil {
			fmt.Fprintf(warnings(ios, o.Quiet), "bench real: no ranks to plot; %s not written\n", o.Plot)
		}
	}
	if o.Format == formatJSON {
		enc := json.NewEncoder(ios.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return writeBenchMarkdown(ios.Out, rep)
}

// subTable returns the given rows of t.
func subTable(t *data.Table, rows []int) *data.Table {
	s := &data.Table{Name: t.Name, Header: t.Header, Rows: make([][]string, len(rows))}
	for k, i := range rows {
		s.Rows[k] = t.Rows[i]
		if i < len(t.Lines) {
			s.Lines = append(s.Lines, t.Lines[i])
		}
	}
	return s
}

// benchDataset cross-validates HorNets and the logistic baseline on one
// file, on the same folds.
func benchDataset(ctx context.Context, o *benchRealOptions, file string) (*datasetResult, error) {
	tab, err := withContext(ctx, "reading "+file, func() (*data.Table, error) { return data.ReadCSVFile(file) })
	if err != nil {
		return nil, inputError(err)
	}
	// The encoder fitted on the whole file gives only the labels (to draw
	// stratified folds) and the shape; every fold fits its own.
	whole, err := data.FitEncoder(tab, data.EncoderOptions{})
	if err != nil {
		return nil, err
	}
	all, _, err := whole.Transform(tab)
	if err != nil {
		return nil, err
	}
	if err := train.CheckFolds(all, o.Folds); err != nil {
		return nil, usagef("%s: %s", file, configMessage(err))
	}
	if o.Fit.OrderSet && o.Fit.Model.Order > all.Cols {
		return nil, usagef("invalid --order %d: larger than the %d feature columns of %s", o.Fit.Model.Order, all.Cols, file)
	}
	res := &datasetResult{Dataset: datasetName(file), Rows: all.Rows, Cols: len(tab.Header) - 1, Encoded: all.Cols, Classes: len(all.Classes)}
	hn, lr := modelScores{Model: modelHorNets}, modelScores{Model: modelLogReg}
	seed := o.Fit.Train.Seed
	for r := range o.Repeats {
		folds := train.StratifiedFolds(all.Y, len(all.Classes), o.Folds, rand.New(rand.NewPCG(seed, uint64(r))))
		for f := range o.Folds {
			var tr, te []int
			for i, g := range folds {
				if g == f {
					te = append(te, i)
				} else {
					tr = append(tr, i)
				}
			}
			enc, err := data.FitEncoder(subTable(tab, tr), data.EncoderOptions{})
			if err != nil {
				return nil, fmt.Errorf("%s: repeat %d fold %d: %w", file, r, f, err)
			}
			if !slices.Equal(enc.Classes, all.Classes) {
				return nil, fmt.Errorf("%s: repeat %d fold %d: the training rows lack a class", file, r, f)
			}
			trainDS, _, err := enc.Transform(subTable(tab, tr))
			if err != nil {
				return nil, err
			}
			testDS, _, err := enc.Transform(subTable(tab, te)) // unseen categories: warnings, dropped
			if err != nil {
				return nil, err
			}

			start := time.Now()
			cfg := o.Fit.Train
			cfg.Seed = seed + uint64(r*o.Folds+f)
			if o.Fit.Balanced {
				cfg.ClassWeights = train.BalancedWeights(trainDS.Y, len(trainDS.Classes))
			}
			fit, err := train.Fit(ctx, trainDS, o.Fit.Model, cfg, nil)
			if err != nil {
				return nil, configError(fmt.Errorf("%s: repeat %d fold %d: %w", file, r, f, err))
			}
			if fit.Status == train.Canceled {
				return nil, context.Canceled
			}
			pred, err := fit.Network.Predict(testDS.X, testDS.Rows)
			if err != nil {
				return nil, err
			}
			if err := addFold(&hn, r, f, testDS, pred, time.Since(start)); err != nil {
				return nil, err
			}

			start = time.Now()
			var m evaluate.LogisticRegression
			if err := m.Fit(trainDS.X, trainDS.Rows, trainDS.Cols, trainDS.Y, len(all.Classes)); err != nil {
				return nil, fmt.Errorf("%s: repeat %d fold %d: %w", file, r, f, err)
			}
			if pred, err = m.Predict(testDS.X, testDS.Rows); err != nil {
				return nil, err
			}
			if err := addFold(&lr, r, f, testDS, pred, time.Since(start)); err != nil {
				return nil, err
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	for _, m := range []*modelScores{&hn, &lr} {
		var f1, acc []float64
		for _, s := range m.Folds {
			f1, acc = append(f1, s.MacroF1), append(acc, s.Accuracy)
		}
		m.MacroF1Mean, m.MacroF1Std = stat.MeanStdDev(f1, nil)
		m.AccMean = stat.Mean(acc, nil)
	}
	res.Models = []modelScores{hn, lr}
	return res, nil
}

func addFold(m *modelScores, r, f int, test *data.Dataset, pred []int, took time.Duration) error {
	met, err := train.Evaluate(test.Y, pred, test.Classes)
	if err != nil {
		return err
	}
	m.Folds = append(m.Folds, foldScore{Repeat: r, Fold: f, MacroF1: met.MacroF1, Accuracy: met.Accuracy, Seconds: took.Seconds()})
	m.Seconds += took.Seconds()
	return nil
}

// readBaselines reads dataset,repeat,fold,model,macro_f1 rows (a header
// row naming these columns is optional) into dataset → model → folds.
func readBaselines(path string) (map[string]map[string][]foldScore, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, pathError(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = 5
	out := map[string]map[string][]foldScore{}
	for line := 1; ; line++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, usagef("invalid --baselines %s: %v", path, err)
		}
		if line == 1 && strings.EqualFold(strings.TrimSpace(rec[0]), "dataset") {
			continue
		}
		rep, err1 := strconv.Atoi(strings.TrimSpace(rec[1]))
		fold, err2 := strconv.Atoi(strings.TrimSpace(rec[2]))
		f1, err3 := strconv.ParseFloat(strings.TrimSpace(rec[4]), 64)
		if err := errors.Join(err1, err2, err3); err != nil || f1 < 0 || f1 > 1 || math.IsNaN(f1) {
			return nil, usagef("invalid --baselines %s: line %d: want dataset,repeat,fold,model,macro_f1 with integer repeat and fold and 0 <= macro_f1 <= 1", path, line)
		}
		ds, model := datasetName(strings.TrimSpace(rec[0])), strings.TrimSpace(rec[3])
		if out[ds] == nil {
			out[ds] = map[string][]foldScore{}
		}
		out[ds][model] = append(out[ds][model], foldScore{Repeat: rep, Fold: fold, MacroF1: f1})
	}
	return out, nil
}

// benchStatistics compares the models on the datasets that every model has
// scores for, by their mean macro-F1 there.
func benchStatistics(results []datasetResult, compare string, seed uint64) benchStats {
	var st benchStats
	have := map[string]int{}
	for _, d := range results {
		for _, m := range d.Models {
			have[m.Model]++
		}
	}
	for m := range have {
		st.Models = append(st.Models, m)
	}
	sort.Strings(st.Models)
	// HorNets first, then the baseline, then the others by name.
	slices.SortStableFunc(st.Models, func(a, b string) int { return modelOrder(a) - modelOrder(b) })
	var table [][]float64
	for _, d := range results {
		row := make([]float64, len(st.Models))
		complete := true
		for j, name := range st.Models {
			k := slices.IndexFunc(d.Models, func(m modelScores) bool { return m.Model == name })
			if k < 0 {
				complete = false
				break
			}
			row[j] = d.Models[k].MacroF1Mean
		}
		if complete {
			st.Datasets = append(st.Datasets, d.Dataset)
			table = append(table, row)
		}
	}
	if len(st.Datasets) < len(results) {
		st.Notes = append(st.Notes, fmt.Sprintf("%d of %d datasets lack some model's scores and are left out of the tests", len(results)-len(st.Datasets), len(results)))
	}
	n, k := len(table), len(st.Models)
	if k < 2 || n < 2 {
		st.Notes = append(st.Notes, fmt.Sprintf("the tests need at least two models and two datasets (have %d and %d)", k, n))
		return st
	}
	st.AverageRanks = evaluate.AverageRanks(table)
	f := evaluate.FriedmanFromRanks(st.AverageRanks, n)
	st.Friedman = &f
	if cd, err := evaluate.NemenyiCD(k, n); err == nil {
		st.NemenyiCD = cd
	} else {
		st.Notes = append(st.Notes, err.Error())
	}
	c := slices.Index(st.Models, compare)
	h := slices.Index(st.Models, modelHorNets)
	if c < 0 || c == h {
		st.Notes = append(st.Notes, fmt.Sprintf("--compare %q is not another model here; no Bayesian test", compare))
		return st
	}
	diffs := make([]float64, n)
	for i, row := range table {
		diffs[i] = row[h] - row[c]
	}
	b := evaluate.SignedRank{}.Test(diffs, rand.New(rand.NewPCG(seed, 0x6261796573)))
	st.Bayes, st.Compare = &b, compare
	return st
}

// writeCDPlot writes the critical-difference diagram of st to path, PNG
// or SVG by its extension; without ranks (fewer than two models or
// datasets) it writes nothing.
func writeCDPlot(path string, st benchStats) error {
	if st.AverageRanks == nil {
		return nil
	}
	p, err := evaluate.CDDiagram(st.Models, st.AverageRanks, st.NemenyiCD)
	if err != nil {
		return err
	}
	p.Title.Text = fmt.Sprintf("average macro-F1 ranks over %d datasets; Nemenyi CD at α = 0.05", len(st.Datasets))
	h := vg.Inch + vg.Length((len(st.Models)+1)/2)*0.35*vg.Inch
	wt, err := p.WriterTo(7*vg.Inch, h, strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), "."))
	if err != nil {
		return err
	}
	return writeOutput(path, nil, func(w io.Writer) error {
		_, err := wt.WriteTo(w)
		return err
	})
}

func modelOrder(m string) int {
	switch m {
	case modelHorNets:
		return 0
	case modelLogReg:
		return 1
	}
	return 2
}

func writeBenchMarkdown(w io.Writer, rep *benchReport) error {
	fmt.Fprintf(w, "%d×%d-fold stratified CV (seed %d); macro-F1 mean ± std over folds\n\n", rep.Repeats, rep.Folds, rep.Seed)
	fmt.Fprintln(w, "| dataset | rows × cols | classes | model | macro-F1 | accuracy | seconds |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, d := range rep.Datasets {
		for _, m := range d.Models {
			acc, secs := fmt.Sprintf("%.3f", m.AccMean), fmt.Sprintf("%.1f", m.Seconds)
			if m.External {
				acc, secs = "–", "–"
			}
			fmt.Fprintf(w, "| %s | %d × %d | %d | %s | %.3f ± %.3f | %s | %s |\n", d.Dataset, d.Rows, d.Cols, d.Classes, m.Model, m.MacroF1Mean, m.MacroF1Std, acc, secs)
		}
	}
	st := rep.Stats
	fmt.Fprintln(w)
	if st.Friedman != nil {
		n, k := st.Friedman.N, st.Friedman.K
		var ranks []string
		for j, m := range st.Models {
			ranks = append(ranks, fmt.Sprintf("%s %.3f", m, st.AverageRanks[j]))
		}
		fmt.Fprintf(w, "- average ranks over %d datasets (1 best): %s\n", n, strings.Join(ranks, ", "))
		fmt.Fprintf(w, "- Friedman χ²_F = %.3f (df %d, p = %.4f); Iman–Davenport F_F = %.3f (df %d, %d, p = %.4f)\n",
			st.Friedman.ChiSquare, k-1, st.Friedman.P, st.Friedman.FF, k-1, (k-1)*(n-1), st.Friedman.FP)
		if st.NemenyiCD > 0 {
			fmt.Fprintf(w, "- Nemenyi critical difference (α = 0.05, k = %d, N = %d): CD = %.3f\n", k, n, st.NemenyiCD)
		}
	}
	if st.Bayes != nil {
		fmt.Fprintf(w, "- Bayesian signed-rank test, %s − %s per dataset, rope 0.01: P(%s better) = %.3f, P(rope) = %.3f, P(%s better) = %.3f\n",
			modelHorNets, st.Compare, st.Compare, st.Bayes.Left, st.Bayes.Rope, modelHorNets, st.Bayes.Right)
	}
	for _, note := range st.Notes {
		fmt.Fprintf(w, "- note: %s\n", note)
	}
	return nil
}
