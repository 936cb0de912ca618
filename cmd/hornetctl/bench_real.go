// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/urfave/cli/v2"
	"gonum.org/v1/plot/vg"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/train"
)

func init() { benchSubcommands = append(benchSubcommands, newBenchRealCmd) }

// benchRealOptions are the inputs of hornetctl bench real.
type benchRealOptions struct {
	Files []string // CSV tables, the label in the last column
	Tests []string // --test: each table's own test table (a fixed split), or nil
	// Categorical names the feature columns one-hot encoded in every
	// table (--categorical; "*" every one).
	Categorical []string
	// Binarise names the numeric columns coded as thresholds in every
	// table (--binarise; "*" every one).
	Binarise []string
	// NoBinarise keeps every numeric column a number (--no-binarise).
	NoBinarise bool
	// Steps names the numeric columns coded as their value beside
	// thresholds in every table (--steps; "*" every one).
	Steps     []string
	Folds     int
	Repeats   int
	Baselines string // per-fold scores of other models, or ""
	Compare   string // the model HorNets is compared with by the Bayesian test
	Format    string // markdown or json
	Plot      string // the critical-difference diagram, PNG or SVG by extension, or ""
	Out       string // --out: the report's file; "" or "-" for stdout
	Fit       fitOptions
	Quiet     bool         // --quiet: no progress on stderr
	Jobs      int          // --jobs: units fitted at a time; 0 means every core
	Shard     shardOptions // --shard, --results, --resume
}

func newBenchRealCmd(ios *iostreams) *cli.Command {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "data", Category: "Data", Usage: "a `DIR` (every *.csv and *.csv.gz in it) or comma-separated CSV files; the label is the last column"},
		&cli.StringFlag{Name: "test", Category: "Data", Usage: "the tables' own test tables (fixed splits, such as MONK's and SPECT): a `DIR` or comma-separated CSV files, one per --data table in the same order (a DIR's files in name order); each model is fitted on the whole --data table and scored on its test table, --repeats times (no folds)"},
		categoricalFlag(),
	}
	flags = append(flags, binariseFlags()...)
	flags = append(flags,
		&cli.IntFlag{Name: "folds", Aliases: []string{"k"}, Category: "Data", Value: 5, Usage: fmt.Sprintf("stratified folds `K`, 2..%d", train.MaxFolds)},
		&cli.IntFlag{Name: "repeats", Category: "Data", Value: 1, Usage: fmt.Sprintf("repetitions `R` of the k-fold split, each with fresh folds, 1..%d", evaluate.MaxRepeats)},
		&cli.StringFlag{Name: "baselines", Category: "Data", Usage: "CSV `FILE` of other models' per-fold scores: dataset,repeat,fold,model,macro_f1 (repeat and fold from 0; dataset is the file name without .csv/.csv.gz)"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "fit `N` units at a time (default 0: one per core); the table does not depend on it"},
		&cli.StringFlag{Name: "compare", Category: "Output", Value: evaluate.ModelLogReg, Usage: "`MODEL` that the Bayesian signed-rank test compares HorNets with"},
		&cli.StringFlag{Name: "format", Category: "Output", Value: formatMarkdown, Usage: "report `FORMAT`: markdown or json"},
		outFlag("the report"),
		&cli.StringFlag{Name: "plot", Category: "Output", Usage: "write the critical-difference diagram to `FILE` (.png, .svg or .pdf)"},
		quietFlag(),
	)
	flags = append(flags, fitFlags()...)
	flags = append(flags, shardFlags()...)
	return leaf(&cli.Command{
		Name:      "real",
		Usage:     "HorNets against the built-in logistic regression (and --baselines) on real tables, with Friedman, Nemenyi and Bayesian tests",
		UsageText: "hornetctl bench real --data DIR_OR_FILES [--folds 5 | --test DIR_OR_FILES] [--repeats 1] [--seed 0] [--categorical NAMES] [--binarise NAMES] [--baselines FILE] [--format markdown|json] [--out FILE] [model flags]",
		Description: "Repeated stratified k-fold cross-validation of HorNets and of standardised L2 logistic regression on the\n" +
			"same folds (repeat r uses folds drawn with seed (--seed, r); HorNets on fold f of repeat r trains with seed\n" +
			"--seed + r·K + f). The CSV encoder is fitted on each training fold only (each column keeping\n" +
			"its kind on the whole table). One row per dataset and model:\n" +
			"macro-F1 mean ± std over all folds, accuracy, seconds. With two or more models: average ranks of the\n" +
			"per-dataset mean macro-F1, the Friedman and Iman–Davenport tests, the Nemenyi critical difference\n" +
			"(α = 0.05) and the Bayesian signed-rank test (rope 0.01) of HorNets minus --compare over the datasets.\n" +
			"--shard I/N --results DIR runs only the units (dataset, model, repeat, fold) whose index is I mod N,\n" +
			"appending each to DIR/shard-I-of-N.jsonl; hornetctl merge DIR prints the report.\n" +
			"With --test, the split is the tables' own: each model is fitted on the whole --data table and scored on\n" +
			"its --test table, once per repeat (HorNets with seed --seed + r; the logistic regression has no seed and\n" +
			"scores the same in every repeat). --categorical one-hot encodes the named columns of every table (* for\n" +
			"all), as train does: for integer codes such as MONK's.",
		Flags: flags,
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			if err := requireFlags(c, "data"); err != nil {
				return err
			}
			o := &benchRealOptions{Folds: c.Int("folds"), Repeats: c.Int("repeats"), Baselines: c.String("baselines"), Compare: c.String("compare"), Plot: c.String("plot"), Out: c.String("out"), Quiet: c.Bool("quiet"), Jobs: c.Int("jobs")}
			if err := checkSplitFlags(o.Folds, o.Repeats, o.Jobs); err != nil {
				return err
			}
			if err := checkPlotFlag(o.Plot); err != nil {
				return err
			}
			var err error
			if o.Format, err = readOutputFormat(c, formatMarkdown, formatJSON); err != nil {
				return err
			}
			if err := notStdin("baselines", o.Baselines, "the baselines are read"); err != nil {
				return err
			}
			if o.Files, err = benchFiles("data", c.String("data")); err != nil {
				return err
			}
			if err := uniqueDatasets(o.Files); err != nil {
				return err
			}
			if o.Plot != "" && len(o.Files) < 2 {
				return usagef("invalid --plot %s: a critical-difference diagram ranks the models over two or more tables; --data gives %d", o.Plot, len(o.Files))
			}
			if c.IsSet("test") {
				if c.IsSet("folds") {
					return usagef("--folds does not apply with --test: the split is the tables' own")
				}
				if o.Tests, err = benchFiles("test", c.String("test")); err != nil {
					return err
				}
				if len(o.Tests) != len(o.Files) {
					return usagef("invalid --test: %d test tables for %d --data tables; give one for each, in the same order", len(o.Tests), len(o.Files))
				}
				for i, f := range o.Tests {
					if filepath.Clean(f) == filepath.Clean(o.Files[i]) {
						return usagef("invalid --test %s: it is its own --data table; a fixed split needs a separate test table", f)
					}
				}
				o.Folds = 0
			}
			o.Categorical = categoricalNames(c)
			o.Binarise = columnNames(c, "binarise")
			if o.NoBinarise = c.Bool("no-binarise"); o.NoBinarise && len(o.Binarise) > 0 {
				return usagef("--no-binarise and --binarise exclude each other")
			}
			if c.IsSet("steps") {
				if o.Steps = columnNames(c, "steps"); o.NoBinarise {
					return usagef("--no-binarise and --steps exclude each other")
				}
			}
			if o.Fit, err = readFitFlags(c); err != nil {
				return err
			}
			if o.Shard, err = readShardFlags(c); err != nil {
				return err
			}
			if err := noShardReport(o.Shard, o.Out, o.Plot); err != nil {
				return err
			}
			inputs := []flagPath{{"baselines", o.Baselines}}
			for _, f := range o.Files {
				inputs = append(inputs, flagPath{"data", f})
			}
			for _, f := range o.Tests {
				inputs = append(inputs, flagPath{"test", f})
			}
			if err := checkOutput("out", o.Out, inputs...); err != nil {
				return err
			}
			if o.Plot != "" {
				if err := checkOutput("plot", o.Plot, append(inputs, flagPath{"out", o.Out})...); err != nil {
					return err
				}
			}
			return runBenchReal(c.Context, o, ios)
		},
	})
}

// benchFiles expands the value of --flag (data or test): a directory
// gives its *.csv and *.csv.gz files in name order, anything else is a
// comma-separated list of files.
func benchFiles(flag, arg string) ([]string, error) {
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
			return nil, usagef("invalid --%s %s: no *.csv or *.csv.gz files in the directory", flag, arg)
		}
		return out, nil
	}
	var out []string
	for _, f := range strings.Split(arg, ",") {
		if f = strings.TrimSpace(f); f != "" {
			if err := notStdin(flag, f, "bench real reads each table"); err != nil {
				return nil, err
			}
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, usagef("invalid --%s %q: no files", flag, arg)
	}
	return out, nil
}

// uniqueDatasets refuses two files that name the same dataset (the same
// file twice, or a.csv beside a.csv.gz): the statistical tests would count
// one table as two, and --baselines could not tell them apart.
func uniqueDatasets(files []string) error {
	seen := map[string]string{}
	for _, f := range files {
		name := datasetName(f)
		if prev, dup := seen[name]; dup {
			return usagef("invalid --data: %s and %s are both dataset %q; give each table once", prev, f, name)
		}
		seen[name] = f
	}
	return nil
}

// datasetName is a file's name without its directory and .csv/.csv.gz.
func datasetName(path string) string {
	base := filepath.Base(path)
	base = strings.TrimSuffix(base, ".gz")
	return strings.TrimSuffix(base, ".csv")
}

func runBenchReal(ctx context.Context, o *benchRealOptions, ios *iostreams) error {
	var external map[string]map[string][]evaluate.FoldScore
	if o.Baselines != "" {
		b, err := readBaselines(o.Baselines)
		if err != nil {
			return err
		}
		var names []string
		for _, f := range o.Files {
			names = append(names, datasetName(f))
		}
		folds := o.Folds
		if o.Tests != nil {
			folds = 1 // a fixed split: fold 0 of each repeat
		}
		external = b.forRun(o.Baselines, names, o.Repeats, folds, warnings(ios, o.Quiet))
	}
	var tables []evaluate.BenchTable
	var files, tests []fileSpec
	inputs := []flagPath{{"baselines", o.Baselines}}
	for i, file := range o.Files {
		tab, err := withContext(ctx, "reading "+file, func() (*data.Table, error) { return data.ReadCSVFile(file) })
		if err != nil {
			return inputError(err)
		}
		bt := evaluate.BenchTable{Name: datasetName(file), Table: tab}
		files = append(files, fileSpec{Path: file, SHA256: tableHash(tab)})
		inputs = append(inputs, flagPath{"data", file})
		if o.Tests != nil {
			test := o.Tests[i]
			if bt.Test, err = withContext(ctx, "reading "+test, func() (*data.Table, error) { return data.ReadCSVFile(test) }); err != nil {
				return inputError(err)
			}
			tests = append(tests, fileSpec{Path: test, SHA256: tableHash(bt.Test)})
			inputs = append(inputs, flagPath{"test", test})
		}
		tables = append(tables, bt)
	}
	for _, f := range []flagPath{{"out", o.Out}, {"plot", o.Plot}} { // --results must not be them
		if !stdout(f.path) {
			inputs = append(inputs, f)
		}
	}
	sw, shapes, cfg, err := evaluate.BenchRealSweep(tables, evaluate.BenchRealConfig{Folds: o.Folds, Repeats: o.Repeats,
		Seed: o.Fit.Train.Seed, Jobs: o.Jobs, Model: o.Fit.Model, Train: o.Fit.Train, Categorical: o.Categorical, Binarise: o.Binarise, NoBinarise: o.NoBinarise, Steps: o.Steps})
	var fe *train.FoldsError
	switch {
	case errors.As(err, &fe) && fe.Table != "":
		return foldsUsage(fe, fe.Table)
	case errors.As(err, &fe):
		return usagef("%v", err)
	case err != nil:
		return configError(err)
	}
	for i, sh := range shapes {
		if o.Fit.OrderSet && o.Fit.Model.Order > sh.Encoded {
			return usagef("invalid --order %d: larger than the %d feature columns of %s", o.Fit.Model.Order, sh.Encoded, o.Files[i])
		}
	}
	specCfg := cfg
	specCfg.Jobs = 0
	spec := &sweepSpec{Command: cmdBenchReal, Real: &realSpec{Files: files, Tests: tests, Datasets: shapes, Config: specCfg, Baselines: external, Compare: o.Compare}}
	results, err := runSweep(ctx, o.Shard, sweepRun{Spec: spec, Sweep: sw, Jobs: cfg.Jobs, Inputs: inputs}, ios, warnings(ios, o.Quiet), !o.Quiet)
	if err != nil || results == nil {
		return err
	}
	rep, err := evaluate.BenchRealReduce(shapes, cfg, results, external, o.Compare)
	if err != nil {
		return configError(err)
	}
	if o.Plot != "" {
		if err := writeCDPlot(o.Plot, rep.Stats); err != nil {
			return err
		}
		if rep.Stats.AverageRanks == nil {
			fmt.Fprintf(warnings(ios, o.Quiet), "bench real: no ranks to plot; %s not written\n", o.Plot)
		}
	}
	// Buffered and flushed: a write error (a full disk) fails the run.
	return writeOutput(o.Out, ios.Out, func(w io.Writer) error { return writeBenchRealResult(w, o.Format, rep) })
}

// writeBenchRealResult prints the report of bench real as Markdown or JSON.
func writeBenchRealResult(w io.Writer, format string, rep *evaluate.BenchReport) error {
	if format == formatJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return writeBenchMarkdown(w, rep)
}

// maxBaselinesBytes bounds a --baselines file: millions of fold scores.
const maxBaselinesBytes = 256 << 20

// baselines are the rows of a --baselines file.
type baselines struct {
	scores map[string]map[string][]evaluate.FoldScore // dataset → model → folds
	lines  map[string]map[string][]int                // the line of each fold score
}

// readBaselines reads dataset,repeat,fold,model,macro_f1 rows (a header
// row naming these columns is optional) into dataset → model → folds.
func readBaselines(path string) (*baselines, error) {
	raw, err := readBounded(path, maxBaselinesBytes, "a --baselines file holds one line per dataset, model and fold")
	if err != nil {
		return nil, fmt.Errorf("--baselines: %w", err)
	}
	raw = trimBOM(raw)
	r := csv.NewReader(bytes.NewReader(raw))
	r.FieldsPerRecord = 5
	out := &baselines{scores: map[string]map[string][]evaluate.FoldScore{}, lines: map[string]map[string][]int{}}
	type baselineKey struct {
		dataset, model string
		repeat, fold   int
	}
	seen := map[baselineKey]int{} // → its line
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
		if err := errors.Join(err1, err2, err3); err != nil || rep < 0 || fold < 0 || f1 < 0 || f1 > 1 || math.IsNaN(f1) {
			return nil, usagef("invalid --baselines %s: line %d: want dataset,repeat,fold,model,macro_f1 with integer repeat and fold >= 0 and 0 <= macro_f1 <= 1", path, line)
		}
		ds, model := datasetName(strings.TrimSpace(rec[0])), strings.TrimSpace(rec[3])
		if model == evaluate.ModelHorNets || model == evaluate.ModelLogReg {
			return nil, usagef("invalid --baselines %s: line %d: model name %q is taken by bench real's own model", path, line, model)
		}
		// The folds may be another tool's (another protocol), but one fold
		// scored twice would count twice in the mean and the tests.
		key := baselineKey{ds, model, rep, fold}
		if first, dup := seen[key]; dup {
			return nil, usagef("invalid --baselines %s: line %d: %s, repeat %d, fold %d of model %s again (first on line %d)", path, line, ds, rep, fold, model, first)
		}
		seen[key] = line
		if out.scores[ds] == nil {
			out.scores[ds], out.lines[ds] = map[string][]evaluate.FoldScore{}, map[string][]int{}
		}
		out.scores[ds][model] = append(out.scores[ds][model], evaluate.FoldScore{Repeat: rep, Fold: fold, MacroF1: f1})
		out.lines[ds][model] = append(out.lines[ds][model], line)
	}
	return out, nil
}

// forRun returns the scores of b for the datasets of this run. The rows of
// another dataset are left out with a warning on warn naming it and its
// first line of path, once per dataset; a model scored on folds outside
// this run's repeats × folds is kept (its folds may be another tool's) with
// a warning, once per dataset and model, that its mean is over its own.
func (b *baselines) forRun(path string, datasets []string, repeats, folds int, warn io.Writer) map[string]map[string][]evaluate.FoldScore {
	out := map[string]map[string][]evaluate.FoldScore{}
	type note struct {
		line int
		msg  string
	}
	var notes []note
	for ds, models := range b.scores {
		first := math.MaxInt
		for _, lines := range b.lines[ds] {
			first = min(first, lines[0])
		}
		if !slices.Contains(datasets, ds) {
			notes = append(notes, note{first, fmt.Sprintf("dataset %s is not one of this run's --data tables; its rows are left out", printable(ds))})
			continue
		}
		out[ds] = models
		for model, scores := range models {
			k := slices.IndexFunc(scores, func(s evaluate.FoldScore) bool { return s.Repeat >= repeats || s.Fold >= folds })
			switch {
			case k >= 0:
				notes = append(notes, note{b.lines[ds][model][k], fmt.Sprintf("model %s on %s has repeat %d, fold %d, outside this run's %d × %d folds; its mean is over its own %d folds",
					printable(model), printable(ds), scores[k].Repeat, scores[k].Fold, repeats, folds, len(scores))})
			case len(scores) < repeats*folds:
				notes = append(notes, note{b.lines[ds][model][0], fmt.Sprintf("model %s on %s has %d of this run's %d × %d folds; its mean is over those %d",
					printable(model), printable(ds), len(scores), repeats, folds, len(scores))})
			}
		}
	}
	slices.SortFunc(notes, func(a, b note) int { return a.line - b.line })
	for _, n := range notes {
		fmt.Fprintf(warn, "bench real: warning: --baselines %s line %d: %s\n", oneLine(path), n.line, n.msg)
	}
	return out
}

// printable returns a name (a model or dataset) for the report: one
// holding a control character is written Go-quoted without the outer
// quotes, as the encoder writes feature names ("a\x1bb" becomes `a\x1bb`),
// so that it cannot reach the terminal.
func printable(name string) string {
	if !strings.ContainsFunc(name, unicode.IsControl) {
		return name
	}
	q := strconv.Quote(name)
	return q[1 : len(q)-1]
}

// writeCDPlot writes the critical-difference diagram of st to path, PNG
// or SVG by its extension; without ranks (fewer than two models or
// datasets) it writes nothing.
func writeCDPlot(path string, st evaluate.BenchStats) error {
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

func writeBenchMarkdown(w io.Writer, rep *evaluate.BenchReport) error {
	if rep.FixedSplit {
		fmt.Fprintf(w, "fixed train/test splits, %d repeats (seed %d); macro-F1 on each test table, mean ± std over repeats\n\n", rep.Repeats, rep.Seed)
	} else {
		fmt.Fprintf(w, "%d×%d-fold stratified CV (seed %d); macro-F1 mean ± std over folds\n\n", rep.Repeats, rep.Folds, rep.Seed)
	}
	fmt.Fprintln(w, "| dataset | rows × cols | classes | model | macro-F1 | accuracy | seconds |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, d := range rep.Datasets {
		name := printable(d.Dataset)
		if d.Test != "" {
			name = fmt.Sprintf("%s → %s (%d rows)", name, printable(datasetName(d.Test)), d.TestRows)
		}
		for _, m := range d.Models {
			acc, secs := fmt.Sprintf("%.3f", m.AccMean), fmt.Sprintf("%.1f", m.Seconds)
			if m.External {
				acc, secs = "–", "–"
			}
			fmt.Fprintf(w, "| %s | %d × %d | %d | %s | %.3f ± %.3f | %s | %s |\n", name, d.Rows, d.Cols, d.Classes, printable(m.Model), m.MacroF1Mean, m.MacroF1Std, acc, secs)
		}
	}
	st := rep.Stats
	fmt.Fprintln(w)
	if st.Friedman != nil {
		n, k := st.Friedman.N, st.Friedman.K
		var ranks []string
		for j, m := range st.Models {
			ranks = append(ranks, fmt.Sprintf("%s %.3f", printable(m), st.AverageRanks[j]))
		}
		fmt.Fprintf(w, "- average ranks over %d datasets (1 best): %s\n", n, strings.Join(ranks, ", "))
		fmt.Fprintf(w, "- Friedman χ²_F = %.3f (df %d, p = %.4f); %s\n", st.Friedman.ChiSquare, k-1, st.Friedman.P, imanDavenport(st.Friedman))
		if st.NemenyiCD > 0 {
			fmt.Fprintf(w, "- Nemenyi critical difference (α = 0.05, k = %d, N = %d): CD = %.3f\n", k, n, st.NemenyiCD)
		}
	}
	if st.Bayes != nil {
		fmt.Fprintf(w, "- Bayesian signed-rank test, %s − %s per dataset, rope 0.01: P(%s better) = %.3f, P(rope) = %.3f, P(%s better) = %.3f\n",
			evaluate.ModelHorNets, printable(st.Compare), printable(st.Compare), st.Bayes.Left, st.Bayes.Rope, evaluate.ModelHorNets, st.Bayes.Right)
	}
	for _, note := range st.Notes {
		fmt.Fprintf(w, "- note: %s\n", printable(note))
	}
	return nil
}

// imanDavenport describes the Iman–Davenport statistic of f: its value,
// degrees of freedom and p-value, or why it is undefined (never +Inf).
func imanDavenport(f *evaluate.Friedman) string {
	n, k := f.N, f.K
	switch {
	case f.FFUndefined != "":
		return "Iman–Davenport F_F undefined: " + f.FFUndefined
	case math.IsInf(f.FF, 0) || math.IsNaN(f.FF):
		return "Iman–Davenport F_F undefined: it is not finite"
	}
	return fmt.Sprintf("Iman–Davenport F_F = %.3f (df %d, %d, p = %.4f)", f.FF, k-1, (k-1)*(n-1), f.FP)
}
