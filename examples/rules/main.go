// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Command rules reads what a saved model learned: its best rules, for a
// model trained mostly on the categorical route, or its features ranked by
// attention, for a continuous one. Without -model it first trains a quick
// model on a synthetic xor and saves it to a temporary file.
//
//	go run ./examples/rules [-model model.json] [-top 5]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hornets-go/hornets"
	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "rules:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("rules", flag.ContinueOnError)
	path := fs.String("model", "", "a model file written by hornetctl train or Bundle.Save (default: train one)")
	top := fs.Int("top", 5, "number of features to print for a continuous-route model")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *path == "" {
		dir, err := os.MkdirTemp("", "hornets-rules-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		*path = filepath.Join(dir, "model.json")
		if err := trainXor(*path, out); err != nil {
			return err
		}
	}

	b, err := train.LoadBundle(*path)
	if err != nil {
		return err
	}
	cat, cont := b.Network.TrainedBatches()
	if cat >= cont {
		fmt.Fprintf(out, "rules (%d of %d training batches categorical), in decision order:\n", cat, cat+cont)
		rules, err := b.Network.Rules()
		if err != nil {
			return err
		}
		// The encoder names each literal by its original column, as
		// hornetctl rules does (`V4 = n`, `age > 52.5`); a model trained
		// on a Dataset built in code has none, and its features read
		// `f3 = 1`.
		var sources []data.Source
		if b.Encoder != nil {
			if sources, err = b.Encoder.Sources(); err != nil {
				return fmt.Errorf("%s: %w", *path, err)
			}
		}
		fmt.Fprint(out, hornets.NewRuleSet(rules, b.Classes, sources))
		return nil
	}
	fmt.Fprintf(out, "feature effects (%d of %d training batches continuous):\n", cont, cat+cont)
	features, err := b.Network.Effects()
	if err != nil {
		return err
	}
	for i, f := range features {
		if i == *top {
			break
		}
		fmt.Fprintf(out, "%d. %-12s → %s  effect %.3f\n", i+1, f.Name, b.Classes[f.Class], f.Effect)
	}
	return nil
}

// trainXor trains a model on xor of two of 16 features and saves it to path.
func trainXor(path string, out io.Writer) error {
	gen, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 16, Seed: 3})
	if err != nil {
		return err
	}
	ds := gen.Sample(128)
	cfg := train.Config{Seed: 3}
	res, err := train.Fit(context.Background(), ds, model.DefaultConfig(), cfg, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "trained on %s: %s after %d epochs\n", gen.Describe(), res.Status, res.Epochs)
	// No encoder: the Dataset was built in code.
	return (&train.Bundle{Network: res.Network, Train: res.Config, Classes: ds.Classes}).Save(path)
}
