// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets"
	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Output formats of --format.
const (
	formatText = "text"
	formatJSON = "json"
)

// outputFormatFlag is --format for commands that print a report: valid
// lists the output formats, the first being the default (text and json
// when none is given).
func outputFormatFlag(valid ...string) cli.Flag {
	if len(valid) == 0 {
		valid = []string{formatText, formatJSON}
	}
	list := strings.Join(valid[:len(valid)-1], ", ") + " or " + valid[len(valid)-1]
	return &cli.StringFlag{Name: "format", Category: "Output", Value: valid[0], Usage: "output `FORMAT`: " + list}
}

// readOutputFormat reads --format, one of valid (text or json when none
// is given), pointing a user who meant the input format to --data-format.
func readOutputFormat(c *cli.Context, valid ...string) (string, error) {
	if len(valid) == 0 {
		valid = []string{formatText, formatJSON}
	}
	f := strings.ToLower(c.String("format"))
	if (f == formatCSV || f == formatLibSVM) && !slices.Contains(valid, f) {
		return f, usagef("invalid --format %q: --format sets the output format (%s); the input format is --data-format %s", f, strings.Join(valid, " or "), f)
	}
	return f, oneOf("format", f, valid...)
}

// evalOptions are the inputs of hornetctl eval.
type evalOptions struct {
	Data      dataOptions
	ModelPath string
	Format    string // text or json
	Out       string // --out: the report's file; "" or "-" for stdout
	Quiet     bool   // --quiet: no warnings on stderr
}

func newEvalCmd(ios *iostreams, runF func(context.Context, *evalOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *evalOptions) error { return runEval(ctx, o, ios) }
	}
	flags := dataFlags()
	flags = append(flags,
		&cli.StringFlag{Name: "model", Aliases: []string{"m"}, Category: "Data", Usage: "the model `FILE` written by train (required)"},
		outputFormatFlag(), outFlag("the report"), quietFlag())
	return leaf(&cli.Command{
		Name:      "eval",
		Usage:     "score a model on a labelled table",
		UsageText: "hornetctl eval --data test.csv --model model.json [--format text|json] [--out FILE] [--label NAME] [--data-format csv|libsvm]",
		Description: "Prints the rows, accuracy, macro-F1, per-class precision, recall, F1 and support, the confusion matrix\n" +
			"(rows: true class, columns: predicted) and the route the rows took. The label column is required;\n" +
			"a label the model was not trained on is an error. " + fmt.Sprintf("The confusion matrix is printed for at most %d classes;\n", train.MaxConfusionClasses) +
			"past that (its size grows with classes²) it is left out of the text, and the JSON holds its non-zero\n" +
			`cells as "confusion_cells": [{"true": i, "predicted": j, "count": n}, ...] (indices into "classes")` + "\n" +
			`in place of "confusion", the classes × classes matrix.`,
		Flags: flags,
		Action: func(c *cli.Context) error {
			o := &evalOptions{ModelPath: c.String("model"), Out: c.String("out"), Quiet: c.Bool("quiet")}
			var err error
			if err = noArgs(c); err != nil {
				return err
			}
			if err = requireFlags(c, "data", "model"); err != nil {
				return err
			}
			if o.Format, err = readOutputFormat(c); err != nil {
				return err
			}
			if o.Data, err = readDataFlags(c, ios.In); err != nil {
				return err
			}
			return runF(c.Context, o)
		},
	})
}

// evalReport is the JSON form of eval's output.
type evalReport struct {
	Data    string   `json:"data"`
	Model   string   `json:"model"`
	Classes []string `json:"classes"`
	train.Metrics
	// Route is "categorical", "continuous" or "mixed".
	Route     string         `json:"route"`
	RouteRows map[string]int `json:"route_rows"`
}

func runEval(ctx context.Context, o *evalOptions, ios *iostreams) error {
	if err := checkOutput("out", o.Out, flagPath{"model", o.ModelPath}, flagPath{"data", o.Data.file()}); err != nil {
		return err
	}
	b, err := loadBundle(ctx, o.ModelPath)
	if err != nil {
		return err
	}
	ds, warns, err := loadForModel(ctx, o.Data, b, o.ModelPath, true)
	if err != nil {
		return err
	}
	printWarnings(warnings(ios, o.Quiet), o.Data.Path, warns)
	proba, routes, err := b.Network.PredictProba(ds.X, ds.Rows)
	if err != nil {
		return rowError(o.Data.file(), err)
	}
	warnOffRoute(warnings(ios, o.Quiet), o.Data.Path, ds, routes)
	m, err := train.Evaluate(ds.Y, argmaxRows(proba, len(b.Classes)), b.Classes)
	if err != nil {
		return err
	}
	if err := checkInterrupted(ctx, "eval"); err != nil { // a score of the rows read is not what was asked
		return err
	}
	route, counts := routeSummary(routes)
	r := evalReport{Data: o.Data.Path, Model: o.ModelPath, Classes: b.Classes, Metrics: m, Route: route, RouteRows: counts}
	return writeOutput(o.Out, ios.Out, func(w io.Writer) error {
		if o.Format == formatJSON {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(r)
		}
		return writeEvalText(w, &r)
	})
}

func writeEvalText(w io.Writer, r *evalReport) error {
	fmt.Fprintf(w, "data:     %s (%d rows)\n", r.Data, r.Rows)
	fmt.Fprintf(w, "model:    %s\n", r.Model)
	fmt.Fprintf(w, "route:    %s", r.Route)
	if r.Route == "mixed" {
		fmt.Fprintf(w, " (%d rows categorical, %d continuous)", r.RouteRows["categorical"], r.RouteRows["continuous"])
	}
	fmt.Fprintf(w, "\naccuracy: %.4f\nmacro-F1: %.4f\n\n", r.Accuracy, r.MacroF1)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "class\tprecision\trecall\tF1\tsupport")
	for _, c := range r.PerClass {
		fmt.Fprintf(tw, "%s\t%.4f\t%.4f\t%.4f\t%d\n", hornets.QuoteClass(c.Class), c.Precision, c.Recall, c.F1, c.Support)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	return writeConfusion(w, r)
}

// writeConfusion writes the confusion matrix of r, or, past
// train.MaxConfusionClasses classes (when Evaluate keeps only its
// non-zero cells), one line saying it was left out and why.
func writeConfusion(w io.Writer, r *evalReport) error {
	if r.Confusion == nil {
		_, err := fmt.Fprintf(w, "\nconfusion matrix left out: %d classes, more than %d (it would have %d × %d cells); --format json lists its non-zero cells\n",
			len(r.Classes), train.MaxConfusionClasses, len(r.Classes), len(r.Classes))
		return err
	}
	fmt.Fprintln(w, "\nconfusion matrix (rows: true class, columns: predicted)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t")
	for _, c := range r.Classes {
		fmt.Fprintf(tw, "%s\t", hornets.QuoteClass(c))
	}
	fmt.Fprintln(tw)
	for i, row := range r.Confusion {
		fmt.Fprintf(tw, "%s\t", hornets.QuoteClass(r.Classes[i]))
		for _, n := range row {
			fmt.Fprintf(tw, "%d\t", n)
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

// argmaxRows returns the most probable class of each row of proba (rows ×
// classes).
func argmaxRows(proba []float64, classes int) []int {
	out := make([]int, len(proba)/classes)
	for i := range out {
		out[i] = activations.Argmax(proba[i*classes : (i+1)*classes])
	}
	return out
}

// routeSummary names the route rows took: "categorical", "continuous" or
// "mixed", with the row count of each route.
func routeSummary(routes []model.Route) (string, map[string]int) {
	counts := map[string]int{model.Categorical.String(): 0, model.Continuous.String(): 0}
	for _, r := range routes {
		counts[r.String()]++
	}
	switch {
	case counts["continuous"] == 0:
		return model.Categorical.String(), counts
	case counts["categorical"] == 0:
		return model.Continuous.String(), counts
	}
	return "mixed", counts
}
