// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/evaluate"
)

// mergeOptions are the inputs of hornetctl merge.
type mergeOptions struct {
	Dir    string
	Format string // text, json or csv; text is Markdown for the bench commands
	Out    string
	Plot   string // --plot: the bench commands' plot, or ""
}

func newMergeCmd(ios *iostreams, runF func(context.Context, *mergeOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *mergeOptions) error { return runMerge(o, ios) }
	}
	return leaf(&cli.Command{
		Name:      "merge",
		Usage:     "combine the shard files of a sweep (cv, tune, bench synthetic, bench real --shard I/N) into its table",
		UsageText: "hornetctl merge DIR [--format text|json|csv] [--out FILE] [--plot FILE]",
		Description: "Reads DIR/shard-I-of-N.jsonl, written by --shard I/N --results DIR, and the sweep's spec beside them\n" +
			"(sweep-FINGERPRINT.json), and prints exactly the table the unsharded command prints (the seconds are the\n" +
			"units' fitting times summed). A unit missing from the files is an error (exit 1) naming the shard to rerun;\n" +
			"a unit found twice, or files of different sweeps (another fingerprint), are errors too. --format text is\n" +
			"the command's own (text for cv and tune, Markdown for bench); json and csv as the command has them.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Category: "Output", Value: formatText, Usage: "table `FORMAT`: text, json or csv (as the sweep's command offers)"},
			outFlag("the table"),
			plotFlag("the plot of a bench sweep (synthetic: macro-F1 against features; real: the critical-difference diagram)"),
		},
		Action: func(c *cli.Context) error {
			o := &mergeOptions{Format: c.String("format"), Out: c.String("out"), Plot: c.String("plot")}
			// The flags may follow DIR, where urfave/cli no longer parses them.
			args := c.Args().Slice()
			for k := 0; k < len(args); k++ {
				name, value, hasValue := strings.Cut(strings.TrimLeft(args[k], "-"), "=")
				switch {
				case !strings.HasPrefix(args[k], "-") || args[k] == "-":
					if o.Dir != "" {
						return usagef("merge: want one argument, the results directory DIR, not %q too (see 'hornetctl merge --help')", args[k])
					}
					o.Dir = args[k]
					continue
				case name != "format" && name != "out" && name != "o" && name != "plot":
					return usagef("merge: unknown flag %s (see 'hornetctl merge --help')", args[k])
				case !hasValue && k+1 == len(args):
					return usagef("merge: flag %s needs a value", args[k])
				case !hasValue:
					k++
					value = args[k]
				}
				switch name {
				case "format":
					o.Format = value
				case "plot":
					o.Plot = value
				default:
					o.Out = value
				}
			}
			if o.Dir == "" {
				return usagef("merge: want one argument, the results directory DIR (see 'hornetctl merge --help')")
			}
			if o.Dir == "-" {
				return usagef("merge: invalid DIR -: the shard files are read from a directory, not standard input")
			}
			o.Format = strings.ToLower(o.Format)
			if err := oneOf("format", o.Format, formatText, formatMarkdown, formatJSON, formatCSVOut); err != nil {
				return err
			}
			if err := checkOutput("out", o.Out); err != nil {
				return err
			}
			if err := checkPlotFlag(o.Plot); err != nil {
				return err
			}
			if o.Plot != "" {
				if err := checkOutput("plot", o.Plot, flagPath{"out", o.Out}); err != nil {
					return err
				}
			}
			return runF(c.Context, o)
		},
	})
}

// shardFile is one results file of a merge.
type shardFile struct {
	name         string // base name
	index, count int
	content      *resultsFileContent
}

func runMerge(o *mergeOptions, ios *iostreams) error {
	entries, err := os.ReadDir(o.Dir)
	if err != nil {
		return pathError(err)
	}
	var files []shardFile
	counts := map[int]bool{}
	for _, e := range entries {
		i, n, ok := parseShardFileName(e.Name())
		if !ok {
			continue
		}
		path := filepath.Join(o.Dir, e.Name())
		if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
			// Skipped, it made merge ask for a rerun of the shard, which
			// cannot append to it.
			return fmt.Errorf("%s: not a regular file, though named as a shard file; move it away", path)
		}
		content, err := readResultsFile(path)
		if err != nil {
			return err
		}
		files = append(files, shardFile{e.Name(), i, n, content})
		counts[n] = true
	}
	if len(files) == 0 {
		return fmt.Errorf("%s: no shard files (shard-I-of-N.jsonl); write them with --shard I/N --results %s", o.Dir, o.Dir)
	}
	if len(counts) > 1 {
		var ns []string
		for n := range counts {
			ns = append(ns, fmt.Sprint(n))
		}
		sort.Strings(ns)
		return fmt.Errorf("%s holds the shards of runs split %s ways: keep one set of shard files", o.Dir, strings.Join(ns, " and "))
	}
	n := files[0].count
	// One sweep only.
	fp, from := "", ""
	for _, f := range files {
		for k, rec := range f.content.records {
			if fp == "" {
				fp, from = rec.Sweep, fmt.Sprintf("%s line %d", f.name, f.content.lines[k])
			} else if rec.Sweep != fp {
				return fmt.Errorf("refusing to merge units of different sweeps: %s is from sweep %s, %s line %d from sweep %s (other data or flags); keep one sweep's files in %s",
					from, fp, f.name, f.content.lines[k], rec.Sweep, o.Dir)
			}
		}
	}
	if fp == "" {
		// A sweep whose every cell was skipped (a gate reading more
		// features than there are) has no units, and its shards write
		// empty files: merge prints its empty table, as the unsharded run
		// does.
		if fp = soleEmptySweep(o.Dir); fp == "" {
			return fmt.Errorf("%s: the shard files hold no finished unit yet", o.Dir)
		}
	}
	spec, err := readSpec(o.Dir, fp)
	if err != nil {
		return err
	}
	// The outputs must not replace what is being merged.
	inputs := []flagPath{{"results", filepath.Join(o.Dir, specFileName(fp))}}
	for _, f := range files {
		inputs = append(inputs, flagPath{"results", filepath.Join(o.Dir, f.name)})
	}
	for _, out := range []flagPath{{"out", o.Out}, {"plot", o.Plot}} {
		if out.path != "" {
			if err := checkOutput(out.flag, out.path, inputs...); err != nil {
				return err
			}
		}
	}
	units, err := specUnits(spec)
	if err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(o.Dir, specFileName(fp)), err)
	}
	// Every unit once, in the file of its shard.
	results := make([]evaluate.UnitResult, spec.Units)
	where := make([]string, spec.Units)
	var dups []string
	for _, f := range files {
		for k, rec := range f.content.records {
			at := fmt.Sprintf("%s line %d", f.name, f.content.lines[k])
			switch {
			case rec.Unit < 0 || rec.Unit >= spec.Units || rec.Units != spec.Units || rec.Command != spec.Command:
				return fmt.Errorf("%s: unit %d is not one of the %d units of this %s sweep", at, rec.Unit, spec.Units, spec.Command)
			case rec.Unit%n != f.index:
				return fmt.Errorf("%s: unit %d belongs to shard %d/%d, not %d/%d", at, rec.Unit, rec.Unit%n, n, f.index, n)
			}
			if err := checkRecordUnit(rec, units[rec.Unit]); err != nil {
				return fmt.Errorf("%s: %w", at, err)
			}
			if where[rec.Unit] != "" {
				dups = append(dups, fmt.Sprintf("unit %d in %s and %s", rec.Unit, where[rec.Unit], at))
				continue
			}
			results[rec.Unit], where[rec.Unit] = rec.UnitResult, at
		}
	}
	if len(dups) > 0 {
		return fmt.Errorf("%d duplicate units (%s): two runs of one shard wrote to the same file; delete it and rerun that shard",
			len(dups), strings.Join(firstFew(dups, 3), "; "))
	}
	missing := map[int][]int{} // shard → units
	for u, w := range where {
		if w == "" {
			missing[u%n] = append(missing[u%n], u)
		}
	}
	if len(missing) > 0 {
		var shards []int
		for s := range missing {
			shards = append(shards, s)
		}
		slices.Sort(shards)
		var parts []string
		total := 0
		for _, s := range shards {
			total += len(missing[s])
			var us []string
			for _, u := range missing[s] {
				us = append(us, fmt.Sprint(u))
			}
			unit := "units"
			if len(us) == 1 {
				unit = "unit"
			}
			parts = append(parts, fmt.Sprintf("--shard %d/%d (shard-%d-of-%d, %s %s)", s, n, s, n, unit, strings.Join(firstFew(us, 5), ", ")))
		}
		return fmt.Errorf("%d of %d units missing: rerun %s with --results %s (it resumes)", total, spec.Units, strings.Join(parts, "; "), o.Dir)
	}
	res, err := reduceSweep(spec, results)
	if err != nil {
		return err
	}
	if o.Plot != "" && spec.Command != cmdBenchSynthetic && spec.Command != cmdBenchReal {
		return usagef("--plot: merge draws the plots of bench synthetic and bench real, not of a %s sweep", spec.Command)
	}
	if err := writeOutput(o.Out, ios.Out, func(w io.Writer) error { return writeSweepTable(w, ios.Err, spec, res, o.Format) }); err != nil || o.Plot == "" {
		return err
	}
	switch r := res.(type) {
	case *evaluate.SyntheticResult:
		p, err := evaluate.SyntheticPlot(r)
		if err != nil {
			return err
		}
		return evaluate.SavePlot(p, o.Plot)
	case *evaluate.BenchReport:
		if r.Stats.AverageRanks == nil {
			fmt.Fprintf(ios.Err, "hornetctl merge: no ranks to plot; %s not written\n", o.Plot)
		}
		return writeCDPlot(o.Plot, r.Stats)
	}
	return usagef("--plot: merge draws the plots of bench synthetic and bench real, not of a %s sweep", spec.Command)
}

// firstFew returns the first k of s, and "…" when there are more.
func firstFew(s []string, k int) []string {
	if len(s) <= k {
		return s
	}
	return append(slices.Clone(s[:k]), "…")
}

// soleEmptySweep returns the fingerprint of the one sweep spec in dir when
// that sweep has no units, else "".
func soleEmptySweep(dir string) string {
	specs, err := filepath.Glob(filepath.Join(dir, specFileName("*")))
	if err != nil || len(specs) != 1 {
		return ""
	}
	fp := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(specs[0]), "sweep-"), ".json")
	if spec, err := readSpec(dir, fp); err != nil || spec.Units != 0 {
		return ""
	}
	return fp
}

// readSpec reads the spec of sweep fp from dir and checks it against fp.
func readSpec(dir, fp string) (*sweepSpec, error) {
	path := filepath.Join(dir, specFileName(fp))
	raw, err := readBounded(path, maxResultsBytes, notOurs)
	if err != nil {
		return nil, fmt.Errorf("the sweep's spec: %w (it is written beside the shard files by every shard)", err)
	}
	raw = bytes.TrimSpace(raw)
	sum := sha256.Sum256(raw)
	if hex.EncodeToString(sum[:16]) != fp {
		return nil, fmt.Errorf("%s: does not match its fingerprint %s (edited?)", path, fp)
	}
	var spec sweepSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if spec.Version != sweepSpecVersion {
		return nil, fmt.Errorf("%s: a sweep spec of version %d; this hornetctl reads version %d", path, spec.Version, sweepSpecVersion)
	}
	if spec.Units < 0 || spec.Units > evaluate.MaxUnits {
		return nil, fmt.Errorf("%s: a sweep of %d units; a sweep has 0 to %d", path, spec.Units, evaluate.MaxUnits)
	}
	return &spec, nil
}

// reduceSweep computes the table of the sweep from the results of all its
// units, in unit order: the same reducer as the unsharded command's.
func reduceSweep(spec *sweepSpec, results []evaluate.UnitResult) (any, error) {
	switch {
	case spec.Command == cmdCV && spec.CV != nil:
		return evaluate.CVReduce(spec.CV.Folds, spec.CV.Repeats, spec.CV.Seed, results)
	case spec.Command == cmdTune && spec.Tune != nil:
		return evaluate.TuneReduce(spec.Tune.Candidates, spec.Tune.Folds, spec.Tune.Repeats, spec.Tune.Seed, results)
	case spec.Command == cmdBenchSynthetic && spec.Synthetic != nil:
		return evaluate.SyntheticReduce(*spec.Synthetic, results)
	case spec.Command == cmdBenchReal && spec.Real != nil:
		return evaluate.BenchRealReduce(spec.Real.Datasets, spec.Real.Config, results, spec.Real.Baselines, spec.Real.Compare)
	}
	return nil, fmt.Errorf("a sweep of unknown command %q", spec.Command)
}

// writeSweepTable prints res, the reduced table of spec, in format, with
// the writer the command itself uses.
func writeSweepTable(w, warn io.Writer, spec *sweepSpec, res any, format string) error {
	bad := func(valid ...string) error {
		return usagef("invalid --format %s: a %s sweep prints %s", format, spec.Command, strings.Join(valid, " or "))
	}
	switch r := res.(type) {
	case *evaluate.CVResult:
		if format != formatText && format != formatJSON {
			return bad(formatText, formatJSON)
		}
		return writeCVResult(w, format, spec.CV.Data.Path, r)
	case *evaluate.TuneResult:
		if format == formatMarkdown {
			return bad(formatText, formatCSVOut, formatJSON)
		}
		return writeTuneResult(w, warn, format, spec.Tune.Data.Path, spec.Tune.Grid, r, spec.Tune.Skipped)
	case *evaluate.SyntheticResult:
		switch format {
		case formatText, formatMarkdown:
			format = formatMarkdown
		case formatCSVOut:
		default:
			return bad(formatText, formatCSVOut)
		}
		return writeSyntheticResult(w, format, r)
	case *evaluate.BenchReport:
		switch format {
		case formatText, formatMarkdown:
			format = formatMarkdown
		case formatJSON:
		default:
			return bad(formatText, formatJSON)
		}
		return writeBenchRealResult(w, format, r)
	}
	return fmt.Errorf("no table for a %s sweep", spec.Command)
}
