// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets"
	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/rulesearch"
	"github.com/hornets-go/hornets/train"
)

// formatSQL is rules' third output format: one CASE expression.
const formatSQL = "sql"

// rulesOptions are the inputs of hornetctl rules.
type rulesOptions struct {
	ModelPath string
	Data      dataOptions // Path "" for the training rows' evidence
	Top       int         // continuous models: features to print, 0 for all
	TopSet    bool        // --top was given: warned about on a categorical-route model
	Format    string
	Quiet     bool   // --quiet: no warnings on stderr
	Plot      string // --plot: support and precision per rule, PNG, SVG or PDF by extension; "" for none
	Out       string // --out: the rules' file; "" or "-" for stdout
}

func newRulesCmd(ios *iostreams, runF func(context.Context, *rulesOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *rulesOptions) error { return runRules(ctx, o, ios) }
	}
	flags := dataFlags()
	flags[0] = &cli.StringFlag{Name: "data", Category: "Data", Usage: "give the evidence on the labelled table in `FILE` (- for standard input) instead of the training rows"}
	flags = append(flags,
		&cli.StringFlag{Name: "model", Aliases: []string{"m"}, Category: "Data", Usage: "the model `FILE` written by train (required)"},
		&cli.IntFlag{Name: "top", Value: 10, Usage: "continuous-route models: print the `N` strongest features, 0 for all"},
		outputFormatFlag(formatText, formatJSON, formatSQL), outFlag("the rules"), quietFlag(),
		plotFlag("each rule's support and precision (with its 95% Wilson interval)"))
	return leaf(&cli.Command{
		Name:      "rules",
		Usage:     "print the rules that reproduce a model, with their evidence, or its feature effects",
		UsageText: "hornetctl rules --model model.json [--data labelled.csv] [--format text|json|sql] [--out FILE] [--top 10] [--plot FILE]",
		Description: "For a categorical-route model, prints the decision list that reproduces the network, in decision\n" +
			"order: the first rule whose literals all hold decides, the ELSE line decides the rest. Each rule shows\n" +
			"the rows it decides (support) and the share of them of its class (precision, with a 95% Wilson\n" +
			"interval); the last line gives the fidelity (the share of rows where the rules by hand give the\n" +
			"network's prediction) and the accuracy of the rules and of the network. The evidence is from the\n" +
			"training rows, or from the labelled --data file. --format json prints the rules for other programs,\n" +
			"--format sql one CASE expression over the original columns. For a continuous-route model, prints the\n" +
			"features ranked by how strongly they push toward a class. --plot draws each rule's support and precision\n" +
			"(categorical-route models only).",
		Flags: flags,
		Action: func(c *cli.Context) error {
			o := &rulesOptions{ModelPath: c.String("model"), Top: c.Int("top"), TopSet: c.IsSet("top"), Quiet: c.Bool("quiet"), Plot: c.String("plot"), Out: c.String("out")}
			var err error
			if err = noArgs(c); err != nil {
				return err
			}
			if err = checkPlotFlag(o.Plot); err != nil {
				return err
			}
			if err = requireFlags(c, "model"); err != nil {
				return err
			}
			if o.Top < 0 {
				return usagef("invalid --top %d: want >= 0 (0 for all)", o.Top)
			}
			if o.Format, err = readOutputFormat(c, formatText, formatJSON, formatSQL); err != nil {
				return err
			}
			if c.IsSet("data") {
				if o.Data, err = readDataFlags(c, ios.In); err != nil {
					return err
				}
			}
			return runF(c.Context, o)
		},
	})
}

// effectsReport is the JSON form of rules' output for a continuous-route
// model.
type effectsReport struct {
	Model    string         `json:"model"`
	Route    string         `json:"route"`
	Batches  map[string]int `json:"training_batches"`
	Features []featureJSON  `json:"features"`
}

// featureJSON is one feature of a continuous model: the class it pushes
// toward most, how strongly, and its signed effect on every class.
type featureJSON struct {
	Rank    int                `json:"rank"`
	Feature string             `json:"feature"`
	Class   string             `json:"class"`
	Effect  float64            `json:"effect"`
	Effects map[string]float64 `json:"effects"`
}

func runRules(ctx context.Context, o *rulesOptions, ios *iostreams) error {
	inputs := []flagPath{{"model", o.ModelPath}, {"data", o.Data.file()}}
	if err := checkOutput("out", o.Out, inputs...); err != nil {
		return err
	}
	if o.Plot != "" {
		if err := checkOutput("plot", o.Plot, append(inputs, flagPath{"out", o.Out})...); err != nil {
			return err
		}
	}
	b, err := loadBundle(ctx, o.ModelPath)
	if err != nil {
		return err
	}
	if b.Network.Route() == model.Continuous {
		if o.Plot != "" {
			return fmt.Errorf("%s: a continuous-route model has no rules to plot (--plot is for categorical-route models)", o.ModelPath)
		}
		if o.Format == formatSQL {
			return fmt.Errorf("%s: a continuous-route model has no rules to write as SQL (its feature effects: --format text or json)", o.ModelPath)
		}
		return writeOutput(o.Out, ios.Out, func(w io.Writer) error { return writeEffects(w, o, b) })
	}
	if o.TopSet && !o.Quiet {
		fmt.Fprintf(ios.Err, "hornetctl: warning: %s: --top ranks a continuous-route model's features; this model takes the categorical route, and its decision list is printed whole\n", oneLine(o.ModelPath))
	}
	rs, list, err := ruleSet(ctx, o, b, ios)
	if err != nil {
		return err
	}
	if o.Plot != "" {
		if err := saveRulesPlot(o, rs, list); err != nil {
			return err
		}
	}
	return writeOutput(o.Out, ios.Out, func(w io.Writer) error { return writeRules(w, o, b, rs) })
}

// writeRules prints the decision list rs of the categorical-route model b
// in o.Format.
func writeRules(w io.Writer, o *rulesOptions, b *train.Bundle, rs *hornets.RuleSet) error {
	switch o.Format {
	case formatJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rs)
	case formatSQL:
		_, err := io.WriteString(w, rs.SQL())
		return err
	}
	cat, cont := b.Network.TrainedBatches()
	on := "the training rows"
	switch {
	case o.Data.Path != "":
		on = o.Data.Path
	case b.Train.ValFraction > 0: // the evidence is that of the rows trained on, not of those held out
		on = fmt.Sprintf("the %d training rows the network was fitted on (--val-fraction %g held out the others)", rs.Rows, b.Train.ValFraction)
	}
	fmt.Fprintf(w, "categorical route (%d categorical and %d continuous training batches); decision list, evidence on %s:\n", cat, cont, on)
	_, err := io.WriteString(w, rs.String())
	return err
}

// ruleSet returns the model's decision list by name, with its evidence on
// the training rows or, with --data, on that labelled file.
func ruleSet(ctx context.Context, o *rulesOptions, b *train.Bundle, ios *iostreams) (*hornets.RuleSet, *rulesearch.List, error) {
	list, err := b.Network.Rules()
	if errors.Is(err, model.ErrNoRules) {
		return nil, nil, fmt.Errorf("%s: the model has no decision list (written by an older hornetctl? retrain it)", o.ModelPath)
	}
	if err != nil {
		return nil, nil, err
	}
	var sources []data.Source
	if b.Encoder != nil {
		if sources, err = b.Encoder.Sources(); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", o.ModelPath, err)
		}
	}
	if o.Data.Path != "" {
		ds, warns, err := loadForModel(ctx, o.Data, b, o.ModelPath, true)
		if err != nil {
			return nil, nil, err
		}
		printWarnings(warnings(ios, o.Quiet), o.Data.Path, warns)
		pred, err := b.Network.Predict(ds.X, ds.Rows)
		if err != nil {
			return nil, nil, rowError(o.Data.file(), err)
		}
		list.Evaluate(ds.X, ds.Rows, ds.Cols, pred, ds.Y)
	}
	return hornets.NewRuleSet(list, b.Classes, sources), list, nil
}

// saveRulesPlot draws the support and precision of every rule of rs, and
// of its default (whose evidence only list holds), to o.Plot.
func saveRulesPlot(o *rulesOptions, rs *hornets.RuleSet, list *rulesearch.List) error {
	var bars []evaluate.RuleBar
	for i, r := range rs.Rules {
		conds := make([]string, len(r.Literals))
		for j, l := range r.Literals {
			conds[j] = l.String()
		}
		bars = append(bars, evaluate.RuleBar{Label: fmt.Sprintf("%d. IF %s THEN %s", i+1, strings.Join(conds, " AND "), r.Class),
			Class: r.Class, Support: r.Support, Precision: r.Precision, PrecisionLow: r.PrecisionLow, PrecisionHigh: r.PrecisionHigh})
	}
	e := list.DefaultEvidence
	bars = append(bars, evaluate.RuleBar{Label: "ELSE " + rs.DefaultClass, Class: rs.DefaultClass,
		Support: e.Support, Precision: e.Precision, PrecisionLow: e.PrecisionLow, PrecisionHigh: e.PrecisionHigh})
	on := "the training rows"
	if o.Data.Path != "" {
		on = filepath.Base(o.Data.Path)
	}
	f, err := evaluate.RulesPlot(bars, fmt.Sprintf("%s: decision list on %s (%d rows), fidelity %.3f", filepath.Base(o.ModelPath), on, rs.Rows, rs.Fidelity))
	if err != nil {
		return err
	}
	return evaluate.SaveFigure(f, o.Plot)
}

// writeEffects prints a continuous-route model's features ranked by how
// strongly they push toward a class.
func writeEffects(w io.Writer, o *rulesOptions, b *train.Bundle) error {
	effects, err := b.Network.Effects()
	if err != nil {
		return fmt.Errorf("%s: %w", o.ModelPath, err)
	}
	cat, cont := b.Network.TrainedBatches()
	r := effectsReport{Model: o.ModelPath, Route: model.Continuous.String(), Batches: map[string]int{"categorical": cat, "continuous": cont}}
	for i, f := range effects {
		if o.Top > 0 && i == o.Top {
			break
		}
		fj := featureJSON{Rank: i + 1, Feature: f.Name, Class: b.Classes[f.Class], Effect: f.Effect, Effects: map[string]float64{}}
		for c, e := range f.Effects {
			fj.Effects[b.Classes[c]] = e
		}
		r.Features = append(r.Features, fj)
	}
	if o.Format == formatJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	fmt.Fprintf(w, "continuous route (%d categorical and %d continuous training batches); features by effect:\n", cat, cont)
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	fmt.Fprintln(tw, "rank\tfeature\ttoward\teffect")
	for _, f := range r.Features {
		fmt.Fprintf(tw, "%d.\t%s\t%s\t%.4f\n", f.Rank, f.Feature, hornets.QuoteClass(f.Class), f.Effect)
	}
	return tw.Flush()
}
