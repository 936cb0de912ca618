// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Command xor trains HorNets on a synthetic xor of two features hidden at
// random positions among many, then prints the held-out accuracy and the
// rules the network uses.
//
//	go run ./examples/xor [-features 64] [-seed 7]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "xor:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("xor", flag.ContinueOnError)
	features := fs.Int("features", 64, "number of binary features")
	seed := fs.Uint64("seed", 7, "seed of the generator and of training")
	if err := fs.Parse(args); err != nil {
		return err
	}

	// 128 training rows and 1000 fresh test rows from the same generator.
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: *features, Seed: *seed})
	if err != nil {
		return err
	}
	trainRows, testRows := gen.Sample(128), gen.Sample(1000)
	fmt.Fprintf(out, "data: %s, %d features, %d training rows, %d test rows\n", gen.Describe(), *features, trainRows.Rows, testRows.Rows)

	res, err := train.Fit(context.Background(), trainRows, model.DefaultConfig(), train.Config{Seed: *seed}, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "trained: %s after %d epochs in %.2fs (%s route)\n", res.Status, res.Epochs, res.Duration.Seconds(), res.Route)

	pred, err := res.Network.Predict(testRows.X, testRows.Rows)
	if err != nil {
		return err
	}
	m, err := train.Evaluate(testRows.Y, pred, testRows.Classes)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "held-out accuracy: %.3f\n", m.Accuracy)
	// The decision list that reproduces the network, with its evidence on
	// the training rows; then its fidelity on the fresh rows.
	rules, err := res.Network.Rules()
	if err != nil {
		return err
	}
	fmt.Fprint(out, rules.Text(trainRows.Classes, nil))
	rules.Evaluate(testRows.X, testRows.Rows, testRows.Cols, pred, testRows.Y)
	fmt.Fprintf(out, "on the %d test rows: fidelity %.3f, accuracy by hand %.3f\n", testRows.Rows, rules.Fidelity, rules.Accuracy)
	return nil
}
