// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Command gates reruns the honest synthetic benchmark: for each gate and
// width, fit on 128 rows whose target features sit at random positions,
// score on 1000 fresh rows from the same generator, and check whether the
// top rule names exactly the target features. It prints a Markdown table.
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
	fmt.Fprintln(out, "| gate | features | mean accuracy | min accuracy | top rule = targets | mean fit s |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|")
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
			minAcc, hits := 1.0, 0
			for seed := first; seed <= last; seed++ {
				acc, hit, sec, err := trial(g, n, seed, model.Config{Activation: *activation})
				if err != nil {
					return err
				}
				sumAcc, sumSec, minAcc = sumAcc+acc, sumSec+sec, min(minAcc, acc)
				if hit {
					hits++
				}
			}
			k := float64(last - first + 1)
			fmt.Fprintf(out, "| %s | %d | %.3f | %.3f | %d/%d | %.2f |\n", g, n, sumAcc/k, minAcc, hits, int(k), sumSec/k)
		}
	}
	return nil
}

// trial fits one model and scores it on fresh rows.
func trial(g data.Gate, features int, seed uint64, cfg model.Config) (acc float64, hit bool, seconds float64, err error) {
	gen, err := data.NewSynth(data.SynthConfig{Gate: g, Features: features, Seed: seed})
	if err != nil {
		return 0, false, 0, err
	}
	trainRows, testRows := gen.Sample(128), gen.Sample(1000)
	start := time.Now()
	res, err := train.Fit(context.Background(), trainRows, cfg, train.Config{Seed: seed}, nil)
	if err != nil {
		return 0, false, 0, err
	}
	seconds = time.Since(start).Seconds()
	pred, err := res.Network.Predict(testRows.X, testRows.Rows)
	if err != nil {
		return 0, false, 0, err
	}
	m, err := train.Evaluate(testRows.Y, pred, testRows.Classes)
	if err != nil {
		return 0, false, 0, err
	}
	top, err := res.Network.Rules(1)
	if err != nil {
		return 0, false, 0, err
	}
	hit = len(top) > 0 && slices.Equal(top[0].FeatureSet(), gen.Targets())
	return m.Accuracy, hit, seconds, nil
}
