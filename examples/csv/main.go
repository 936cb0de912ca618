// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Command csv trains HorNets on a CSV file and scores it on another, through
// the estimator of the root package: fit, save, load, score. Without
// -train it first writes a synthetic xor pair to a temporary directory.
//
//	go run ./examples/csv [-train train.csv [-test test.csv]] [-seed 1]
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hornets-go/hornets"
	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/train"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "csv:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("csv", flag.ContinueOnError)
	trainPath := fs.String("train", "", "training CSV, label last (default: a generated xor table)")
	testPath := fs.String("test", "", "test CSV with the same columns (default: the generated test table, or -train)")
	seed := fs.Uint64("seed", 1, "seed of the generator and of training")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "hornets-csv-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if *trainPath == "" {
		*trainPath, *testPath = filepath.Join(dir, "train.csv"), filepath.Join(dir, "test.csv")
		if err := writeXor(*seed, *trainPath, *testPath); err != nil {
			return err
		}
	} else if *testPath == "" {
		*testPath = *trainPath
	}

	// The classifier fits the encoder (column kinds, categories, classes)
	// and the network on the training table.
	clf := &hornets.Classifier{Train: train.Config{Seed: *seed}}
	if err := clf.FitCSV(context.Background(), *trainPath); err != nil {
		return err
	}
	net := clf.Network()
	fmt.Fprintf(out, "trained on %s: %d features; %s route\n", filepath.Base(*trainPath), net.Features(), net.Route())

	// A model file holds the network, the encoder and the class labels.
	path := filepath.Join(dir, "model.json")
	if err := clf.Save(path); err != nil {
		return err
	}
	loaded, err := hornets.Load(path)
	if err != nil {
		return err
	}

	// The test table is encoded exactly as the training table was.
	test, err := data.ReadCSVFile(*testPath)
	if err != nil {
		return err
	}
	m, err := loaded.Score(test)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: %d rows, accuracy %.3f, macro-F1 %.3f\n", filepath.Base(*testPath), m.Rows, m.Accuracy, m.MacroF1)
	return nil
}

// writeXor writes 128 training rows, then 500 test rows, of xor over 32 features.
func writeXor(seed uint64, paths ...string) error {
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 32, Seed: seed})
	for i := 0; err == nil && i < len(paths); i++ {
		var b bytes.Buffer
		if err = data.WriteCSV(&b, gen.Sample([]int{128, 500}[i])); err == nil {
			err = os.WriteFile(paths[i], b.Bytes(), 0o644)
		}
	}
	return err
}
