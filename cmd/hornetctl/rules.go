// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// rulesOptions are the inputs of hornetctl rules.
type rulesOptions struct {
	ModelPath string
	Top       int // 0 for all
	Format    string
}

func newRulesCmd(ios *iostreams, runF func(context.Context, *rulesOptions) error) *cli.Command {
	if runF == nil {
		runF = func(ctx context.Context, o *rulesOptions) error { return runRules(ctx, o, ios) }
	}
	return leaf(&cli.Command{
		Name:      "rules",
		Usage:     "print the rules a model learned, or its feature attention",
		UsageText: "hornetctl rules --model model.json [--top 10] [--format text|json]",
		Description: "For a model whose training batches mostly took the categorical route, prints its rules best first,\n" +
			"like \"1. f3 ∧ ¬f17  score 0.412  → 1\": the literals, the rule's share of the total contribution score,\n" +
			"and the class it raises most. For a continuous-route model, prints the features ranked by their\n" +
			"attention weight instead.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "model", Aliases: []string{"m"}, Usage: "the model `FILE` written by train (required)"},
			&cli.IntFlag{Name: "top", Value: 10, Usage: "print the best `N` rules or features, 0 for all"},
			outputFormatFlag(),
		},
		Action: func(c *cli.Context) error {
			o := &rulesOptions{ModelPath: c.String("model"), Top: c.Int("top")}
			var err error
			if err = noArgs(c); err != nil {
				return err
			}
			if err = requireFlags(c, "model"); err != nil {
				return err
			}
			if o.Top < 0 {
				return usagef("invalid --top %d: want >= 0 (0 for all)", o.Top)
			}
			if o.Format, err = readOutputFormat(c); err != nil {
				return err
			}
			return runF(c.Context, o)
		},
	})
}

// rulesReport is the JSON form of rules' output: Rules for a categorical
// model, Features for a continuous one.
type rulesReport struct {
	Model   string         `json:"model"`
	Route   string         `json:"route"`
	Batches map[string]int `json:"training_batches"`
	Rules   []ruleJSON     `json:"rules,omitempty"`
	// Features are the continuous route's features ranked by effect,
	// strongest first.
	Features []featureJSON `json:"features,omitempty"`
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

type ruleJSON struct {
	Rank     int             `json:"rank"`
	Rule     string          `json:"rule"`
	Score    float64         `json:"score"`
	Class    string          `json:"class"`
	Literals []model.Literal `json:"literals"`
}

func runRules(_ context.Context, o *rulesOptions, ios *iostreams) error {
	b, err := train.LoadBundle(o.ModelPath)
	if err != nil {
		return err
	}
	r, err := rulesOf(b, o.Top)
	if err != nil {
		return err
	}
	r.Model = o.ModelPath
	if o.Format == formatJSON {
		enc := json.NewEncoder(ios.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return writeRulesText(ios.Out, r)
}

// rulesOf reads the rules (or the attention ranking) of a model, at most
// top of them (0 for all).
func rulesOf(b *train.Bundle, top int) (*rulesReport, error) {
	cat, cont := b.Network.TrainedBatches()
	r := &rulesReport{Batches: map[string]int{"categorical": cat, "continuous": cont}}
	if cat >= cont {
		r.Route = model.Categorical.String()
		r.Rules = []ruleJSON{}
		rules, err := b.Network.Rules(top)
		if err != nil {
			return nil, err
		}
		for i, rule := range rules {
			r.Rules = append(r.Rules, ruleJSON{Rank: i + 1, Rule: rule.String(), Score: rule.Score, Class: b.Classes[rule.Class], Literals: rule.Literals})
		}
		return r, nil
	}
	r.Route = model.Continuous.String()
	effects, err := b.Network.Effects()
	if err != nil {
		return nil, err
	}
	for i, f := range effects {
		if top > 0 && i == top {
			break
		}
		fj := featureJSON{Rank: i + 1, Feature: f.Name, Class: b.Classes[f.Class], Effect: f.Effect, Effects: map[string]float64{}}
		for c, e := range f.Effects {
			fj.Effects[b.Classes[c]] = e
		}
		r.Features = append(r.Features, fj)
	}
	return r, nil
}

func writeRulesText(w io.Writer, r *rulesReport) error {
	fmt.Fprintf(w, "%s route (%d categorical and %d continuous training batches)\n", r.Route, r.Batches["categorical"], r.Batches["continuous"])
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	if r.Route == model.Categorical.String() {
		for _, rule := range r.Rules {
			fmt.Fprintf(tw, "%d. %s\tscore %.3f\t→ %s\n", rule.Rank, rule.Rule, rule.Score, rule.Class)
		}
		return tw.Flush()
	}
	fmt.Fprintln(tw, "rank\tfeature\ttoward\teffect")
	for _, f := range r.Features {
		fmt.Fprintf(tw, "%d.\t%s\t%s\t%.4f\n", f.Rank, f.Feature, f.Class, f.Effect)
	}
	return tw.Flush()
}
