// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Command gates reruns the honest synthetic benchmark: for each gate and
// width, fit on 128 rows whose target features sit at random positions,
// score on 1000 fresh rows from the same generator, check whether the top
// interaction names exactly the target features, and whether the printed
// rules are the gate's minimal form (only target features, as few rules as
// the gate needs, right on every fresh row) and reproduce the network there
// (fidelity). It prints a Markdown table.
//
//	go run ./examples/gates [-gates and,or,not,xor,xnor] [-features 8,32,64,128] [-seeds 1-5] [-activation relu]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gates:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("gates", flag.ContinueOnError)
	gates := fs.String("gates", "and,or,not,xor,xnor", "comma-separated gates")
	widths := fs.String("features", "8,32,64,128", "comma-separated feature counts")
	seeds := fs.String("seeds", "1-5", "seed range first-last")
	activation := fs.String("activation", "polyclip", "polyclip or relu (the paper's HorNets-ReLU)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var first, last uint64
	if _, err := fmt.Sscanf(*seeds, "%d-%d", &first, &last); err != nil || last < first {
		return fmt.Errorf("bad -seeds %q, want first-last", *seeds)
	}
	fmt.Fprintln(out, "| gate | features | mean accuracy | min accuracy | top interaction = targets | rules = concept | min rule fidelity | mean fit s |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|")
	for _, name := range strings.Split(*gates, ",") {
		g, err := data.ParseGate(name)
		if err != nil {
			return err
		}
		for _, w := range strings.Split(*widths, ",") {
			n, err := strconv.Atoi(w)
			if err != nil {
				return fmt.Errorf("bad -features entry %q", w)
			}
			var sumAcc, sumSec float64
			minAcc, minFid, hits, concepts := 1.0, 1.0, 0, 0
			for seed := first; seed <= last; seed++ {
				r, err := trial(g, n, seed, model.Config{Activation: *activation})
				if err != nil {
					return err
				}
				sumAcc, sumSec, minAcc, minFid = sumAcc+r.acc, sumSec+r.seconds, min(minAcc, r.acc), min(minFid, r.fidelity)
				hits += b2i(r.hit)
				concepts += b2i(r.concept)
			}
			k := int(last - first + 1)
			fmt.Fprintf(out, "| %s | %d | %.3f | %.3f | %d/%d | %d/%d | %.3f | %.2f |\n",
				g, n, sumAcc/float64(k), minAcc, hits, k, concepts, k, minFid, sumSec/float64(k))
		}
	}
	return nil
}

type result struct {
	acc, fidelity, seconds float64
	hit, concept           bool
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// minimalRules is the number of rules of each gate's minimal decision
// list (and: a ∧ b → 1, else 0; xor: two clauses and a default).
var minimalRules = map[data.Gate]int{data.And: 1, data.Or: 1, data.Not: 1, data.Xor: 2, data.Xnor: 2}

// trial fits one model and scores it, and its rules, on fresh rows.
func trial(g data.Gate, features int, seed uint64, cfg model.Config) (r result, err error) {
	gen, err := data.NewSynth(data.SynthConfig{Gate: g, Features: features, Seed: seed})
	if err != nil {
		return r, err
	}
	trainRows, testRows := gen.Sample(128), gen.Sample(1000)
	start := time.Now()
	res, err := train.Fit(context.Background(), trainRows, cfg, train.Config{Seed: seed}, nil)
	if err != nil {
		return r, err
	}
	r.seconds = time.Since(start).Seconds()
	pred, err := res.Network.Predict(testRows.X, testRows.Rows)
	if err != nil {
		return r, err
	}
	m, err := train.Evaluate(testRows.Y, pred, testRows.Classes)
	if err != nil {
		return r, err
	}
	r.acc = m.Accuracy
	top, err := res.Network.Interactions(1)
	if err != nil {
		return r, err
	}
	r.hit = len(top) > 0 && slices.Equal(top[0].FeatureSet(), gen.Targets())
	rules, err := res.Network.Rules()
	if err != nil {
		return r, err
	}
	rules.Evaluate(testRows.X, testRows.Rows, testRows.Cols, pred, testRows.Y)
	r.fidelity = rules.Fidelity
	r.concept = rules.Accuracy == 1 && len(rules.Rules) <= minimalRules[g]
	for _, rule := range rules.Rules {
		for _, l := range rule.Literals {
			r.concept = r.concept && slices.Contains(gen.Targets(), l.Feature)
		}
	}
	return r, nil
}
