// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/train"
)

// predictOptions are the inputs of hornetctl predict.
type predictOptions struct {
	Data      dataOptions
	ModelPath string
	OutPath   string // "" or "-" for stdout
	Proba     bool
	Explain   bool
	Format    string // csv or json
	Quiet     bool   // --quiet: no warnings on stderr
}

func newPredictCmd(ios *iostreams, runF func(context.Context, *predictOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *predictOptions) error { return runPredict(ctx, o, ios) }
	}
	flags := dataFlags()
	flags = append(flags,
		&cli.StringFlag{Name: "model", Aliases: []string{"m"}, Category: "Data", Usage: "the model `FILE` written by train (required)"},
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Category: "Output", Usage: "write the predictions to `FILE`, atomically", DefaultText: "stdout"},
		&cli.BoolFlag{Name: "proba", Category: "Output", Usage: "add one probability column per class, named p(<label>)", DisableDefaultText: true},
		outputFormatFlag(formatCSV, formatJSON),
		quietFlag(),
		&cli.BoolFlag{Name: "explain", Category: "Output", Usage: "add a column \"rule\": the number of the rule (as hornetctl rules prints them) that decides the row, or \"default\"", DisableDefaultText: true},
	)
	return leaf(&cli.Command{
		Name:      "predict",
		Usage:     "predict the label of every row of a table",
		UsageText: "hornetctl predict --data new.csv --model model.json [--proba] [--format csv|json] [--out predictions.csv]",
		Description: "Writes CSV: a header, then one line per input row, in input order. The column \"prediction\" holds the\n" +
			"predicted label as written in the training data; with --proba, columns \"p(<label>)\" follow, one per class\n" +
			"in the model's class order, e.g. prediction,p(democrat),p(republican). The label column of the input is\n" +
			"optional and ignored. Categories not seen in training are encoded as all zeros and reported on stderr.\n" +
			"With --explain (categorical-route models), a last column \"rule\" names the rule of the model's decision\n" +
			"list that decides the row: its number as hornetctl rules prints it, or \"default\". The prediction is the\n" +
			"network's; where the rules disagree with it (see the fidelity), the rule's class differs.\n" +
			"--format json writes a JSON array instead, one object per row and per line:\n" +
			"{\"prediction\": LABEL}, with \"proba\": {LABEL: P, ...} under --proba and \"rule\" under --explain.\n" +
			"--data-format sets the input format.",
		Flags: flags,
		Action: func(c *cli.Context) error {
			o := &predictOptions{ModelPath: c.String("model"), OutPath: c.String("out"), Proba: c.Bool("proba"), Explain: c.Bool("explain"), Quiet: c.Bool("quiet")}
			var err error
			if err = noArgs(c); err != nil {
				return err
			}
			if err = requireFlags(c, "data", "model"); err != nil {
				return err
			}
			if o.Format, err = readOutputFormat(c, formatCSV, formatJSON); err != nil {
				return err
			}
			if o.Data, err = readDataFlags(c, ios.In); err != nil {
				return err
			}
			return runF(c.Context, o)
		},
	})
}

func runPredict(ctx context.Context, o *predictOptions, ios *iostreams) error {
	if err := checkOutput("out", o.OutPath, flagPath{"model", o.ModelPath}, flagPath{"data", o.Data.file()}); err != nil {
		return err
	}
	b, err := loadBundle(ctx, o.ModelPath)
	if err != nil {
		return err
	}
	ds, warns, err := loadForModel(ctx, o.Data, b, o.ModelPath, false)
	if err != nil {
		return err
	}
	printWarnings(warnings(ios, o.Quiet), o.Data.Path, warns)
	p, routes, err := b.Network.PredictProba(ds.X, ds.Rows)
	if err != nil {
		return rowError(o.Data.file(), err)
	}
	warnOffRoute(warnings(ios, o.Quiet), o.Data.Path, ds, routes)
	var explain []string
	if o.Explain {
		list, err := b.Network.Rules()
		if err != nil {
			return fmt.Errorf("--explain: %s: %w", o.ModelPath, err)
		}
		explain = make([]string, ds.Rows)
		for i := range explain {
			explain[i] = "default"
			if _, r := list.Decide(ds.Row(i)); r >= 0 {
				explain[i] = strconv.Itoa(r + 1)
			}
		}
	}
	return writeOutputCtx(ctx, o.OutPath, ios.Out, func(w io.Writer) error {
		if o.Format == formatJSON {
			return writePredictionsJSON(w, b, p, o.Proba, explain)
		}
		return writePredictions(w, b, p, o.Proba, explain)
	})
}

// writePredictions writes the class probabilities p (rows × classes) of
// the model b as CSV, with the deciding rule of each row when explain is
// not nil.
func writePredictions(w io.Writer, b *train.Bundle, p []float64, proba bool, explain []string) error {
	C := len(b.Classes)
	cw := csv.NewWriter(w)
	rec := []string{"prediction"}
	if proba {
		for _, c := range b.Classes {
			rec = append(rec, "p("+c+")")
		}
	}
	if explain != nil {
		rec = append(rec, "rule")
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	for i, y := range argmaxRows(p, C) {
		rec = append(rec[:0], b.Classes[y])
		if proba {
			for _, v := range p[i*C : (i+1)*C] {
				rec = append(rec, strconv.FormatFloat(v, 'f', 6, 64))
			}
		}
		if explain != nil {
			rec = append(rec, explain[i])
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// predictionJSON is one row of predict --format json.
type predictionJSON struct {
	Prediction string             `json:"prediction"`
	Proba      map[string]float64 `json:"proba,omitempty"`
	Rule       string             `json:"rule,omitempty"`
}

// writePredictionsJSON writes what writePredictions writes as a JSON
// array of objects, one per row and per line.
func writePredictionsJSON(w io.Writer, b *train.Bundle, p []float64, proba bool, explain []string) error {
	C := len(b.Classes)
	if _, err := io.WriteString(w, "["); err != nil {
		return err
	}
	for i, y := range argmaxRows(p, C) {
		row := predictionJSON{Prediction: b.Classes[y]}
		if proba {
			row.Proba = make(map[string]float64, C)
			for k, v := range p[i*C : (i+1)*C] {
				row.Proba[b.Classes[k]] = v
			}
		}
		if explain != nil {
			row.Rule = explain[i]
		}
		line, err := json.Marshal(row)
		if err != nil {
			return err
		}
		sep := ",\n"
		if i == 0 {
			sep = "\n"
		}
		if _, err := fmt.Fprintf(w, "%s%s", sep, line); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, "\n]\n")
	return err
}
