// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"reflect"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/rulesearch"
	"github.com/hornets-go/hornets/train"
)

// parse runs one command's flag parsing alone: runF captures the options
// instead of running the command.
func parse(t *testing.T, cmd *cli.Command, args ...string) int {
	t.Helper()
	var out, errb bytes.Buffer
	app := &cli.App{Name: "hornetctl", Writer: &out, ErrWriter: &errb, ExitErrHandler: func(*cli.Context, error) {}, Commands: []*cli.Command{cmd}}
	err := app.RunContext(context.Background(), append([]string{"hornetctl", cmd.Name}, args...))
	return exitCode(err)
}

func TestNewCmdTrain(t *testing.T) {
	exp := 0 // flags not given leave the library defaults to Resolved
	for _, tt := range []struct {
		name string
		args []string
		want trainOptions
	}{
		{
			name: "defaults are the zero values",
			args: []string{"--data", "d.csv", "--out", "m.json"},
			want: trainOptions{Data: dataOptions{Path: "d.csv", Format: "csv"}, ModelPath: "m.json", Format: "text", Fit: fitOptions{Model: model.Config{ExpParam: exp}}},
		},
		{
			name: "model flags",
			args: []string{"--data", "d.csv", "-o", "m.json", "--rules", "32", "--order", "2", "--heads", "4", "--screen-order", "1", "--samples", "8",
				"--exp-param", "2", "--activation", "PolyClip", "--dropout", "0.2"},
			want: trainOptions{Data: dataOptions{Path: "d.csv", Format: "csv"}, ModelPath: "m.json", Format: "text", Fit: fitOptions{OrderSet: true,
				Model: model.Config{Rules: 32, FixedRules: true, Order: 2, Samples: 8, ExpParam: 2, Activation: "PolyClip", Dropout: 0.2,
					Search: rulesearch.Config{Heads: 4, ScreenOrder: 1}}}},
		},
		{
			name: "zero means off",
			args: []string{"--data", "d.csv", "--out", "m.json", "--pool", "0", "--dropout", "0", "--patience", "0", "--refresh-every", "0",
				"--continuous-l2", "0", "--class-weight", "none", "--lr-decay-after", "0"},
			want: trainOptions{Data: dataOptions{Path: "d.csv", Format: "csv"}, ModelPath: "m.json", Format: "text",
				Fit: fitOptions{Model: model.Config{ExpParam: exp, NoDropout: true, Search: rulesearch.Config{NoScreening: true}},
					Train: train.Config{NoEarlyStopping: true, NoRefresh: true, NoContinuousL2: true, EqualClassWeights: true, NoDecay: true}}},
		},
		{
			name: "training flags",
			args: []string{"--data", "d.svm", "--data-format", "LibSVM", "--out", "m.json", "--format", "JSON", "--lr", "0.01", "--continuous-lr", "0.001", "--batch-size", "8",
				"--epochs", "50", "--patience", "5", "--val-fraction", "0.25", "--seed", "42", "--verbose", "--continuous-l2", "4", "--extended-bic",
				"--lr-decay-after", "7", "--output-lr-scale", "2.5", "--continuous-fit", "Optimum"},
			want: trainOptions{Data: dataOptions{Path: "d.svm", Format: "libsvm"}, ModelPath: "m.json", Format: "json", Verbosity: verbose,
				Fit: fitOptions{Model: model.Config{ExpParam: exp, Search: rulesearch.Config{ExtendedBIC: true}},
					Train: train.Config{LearningRate: 0.01, ContinuousLearningRate: 0.001, ContinuousL2: 4, BatchSize: 8, Epochs: 50, Patience: 5, ValFraction: 0.25, Seed: 42,
						DecayAfter: 7, OutputRateScale: 2.5, ContinuousFit: train.FitOptimum}}},
		},
		{
			name: "label and quiet",
			args: []string{"--data", "d.csv", "--label", "class", "--data-format", "csv", "--out", "m.json", "-q"},
			want: trainOptions{Data: dataOptions{Path: "d.csv", Format: "csv", Label: "class"}, ModelPath: "m.json", Format: "text", Verbosity: quiet,
				Fit: fitOptions{Model: model.Config{ExpParam: exp}}},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got *trainOptions
			cmd := newTrainCmd(&iostreams{}, func(_ context.Context, o *trainOptions) error { got = o; return nil })
			if code := parse(t, cmd, tt.args...); code != 0 {
				t.Fatalf("exit code %d", code)
			}
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("options\ngot  %+v\nwant %+v", *got, tt.want)
			}
		})
	}
}

func TestNewCmdOthers(t *testing.T) {
	t.Run("eval", func(t *testing.T) {
		var got *evalOptions
		cmd := newEvalCmd(&iostreams{}, func(_ context.Context, o *evalOptions) error { got = o; return nil })
		if code := parse(t, cmd, "--data", "t.svm", "--data-format", "libsvm", "-m", "m.json", "--format", "JSON"); code != 0 {
			t.Fatalf("exit code %d", code)
		}
		want := evalOptions{Data: dataOptions{Path: "t.svm", Format: "libsvm"}, ModelPath: "m.json", Format: "json"}
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("got  %+v\nwant %+v", *got, want)
		}
	})
	t.Run("predict", func(t *testing.T) {
		var got *predictOptions
		cmd := newPredictCmd(&iostreams{}, func(_ context.Context, o *predictOptions) error { got = o; return nil })
		if code := parse(t, cmd, "--data", "t.csv", "--model", "m.json", "--proba", "--out", "p.csv"); code != 0 {
			t.Fatalf("exit code %d", code)
		}
		want := predictOptions{Data: dataOptions{Path: "t.csv", Format: "csv"}, ModelPath: "m.json", OutPath: "p.csv", Proba: true, Format: "csv"}
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("got  %+v\nwant %+v", *got, want)
		}
	})
	t.Run("rules", func(t *testing.T) {
		var got *rulesOptions
		cmd := newRulesCmd(&iostreams{}, func(_ context.Context, o *rulesOptions) error { got = o; return nil })
		if code := parse(t, cmd, "--model", "m.json"); code != 0 {
			t.Fatalf("exit code %d", code)
		}
		want := rulesOptions{ModelPath: "m.json", Top: 10, Format: "text"}
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("got  %+v\nwant %+v", *got, want)
		}
		if code := parse(t, cmd, "--model", "m.json", "--data", "t.csv", "--format", "SQL"); code != 0 {
			t.Fatalf("exit code %d", code)
		}
		want = rulesOptions{ModelPath: "m.json", Data: dataOptions{Path: "t.csv", Format: "csv"}, Top: 10, Format: "sql"}
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("got  %+v\nwant %+v", *got, want)
		}
	})
	t.Run("cv", func(t *testing.T) {
		var got *cvOptions
		cmd := newCVCmd(&iostreams{}, func(_ context.Context, o *cvOptions) error { got = o; return nil })
		if code := parse(t, cmd, "--data", "d.csv", "-k", "3", "--epochs", "7", "--format", "json", "--categorical", "a1,a2", "--categorical", "a5"); code != 0 {
			t.Fatalf("exit code %d", code)
		}
		want := cvOptions{Data: dataOptions{Path: "d.csv", Format: "csv", Categorical: []string{"a1", "a2", "a5"}}, Folds: 3, Repeats: 1, Format: "json",
			Fit: fitOptions{Train: train.Config{Epochs: 7}}}
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("got  %+v\nwant %+v", *got, want)
		}
	})
	t.Run("synth", func(t *testing.T) {
		var got *synthOptions
		cmd := newSynthCmd(&iostreams{}, func(_ context.Context, o *synthOptions) error { got = o; return nil })
		if code := parse(t, cmd, "--gate", "AND", "--features", "10", "--positions", "first", "--test-out", "t.csv"); code != 0 {
			t.Fatalf("exit code %d", code)
		}
		if got.Config.Features != 10 || got.Config.Seed != 7 || got.Rows != 128 || got.TestRows != 1000 || got.TestOut != "t.csv" || got.Out != "" {
			t.Errorf("got %+v", *got)
		}
	})
}
