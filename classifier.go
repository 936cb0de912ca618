// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package hornets

import (
	"context"
	"fmt"
	"slices"

	"github.com/sirupsen/logrus"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/rulesearch"
	"github.com/hornets-go/hornets/train"
)

// Classifier is a HorNets classifier of tables: it fits an encoder and a
// network on a labelled table, predicts class names and probabilities for
// new tables, lists the rules it learnt, and saves itself to a model file
// that hornetctl also reads.
//
// Set the exported fields before Fit; their zero values are the defaults.
// Fit and Load replace the fitted model. After that, the prediction
// methods only read the classifier and are safe for concurrent use; Fit
// must not run concurrently with them.
type Classifier struct {
	// Model configures the network; the zero value is the default.
	Model model.Config
	// Train configures training (seed, epochs, early stopping, ...); the
	// zero value is the default.
	Train train.Config
	// Encoding says how Fit encodes the training table: the label column
	// (default: the last one) and numeric columns to treat as categorical.
	Encoding data.EncoderOptions
	// Log receives the training log and the data warnings of prediction
	// (unseen categories, level Warn); nil discards.
	Log logrus.FieldLogger

	fitted *train.Bundle // nil until Fit or Load succeeds
}

// Fit fits the encoder on t, then trains the network on the encoded
// table, replacing any earlier fit. If ctx is cancelled during training,
// Fit returns an error wrapping ctx.Err() and the classifier keeps its
// earlier state; any other error leaves it not fitted (ErrNotFitted), so
// that a failed refit never predicts with the model before it. Data
// errors are *data.ParseError values naming the table, line and column (a
// nil t is one wrapping data.ErrEmpty). A nil c is ErrNilClassifier, a nil
// ctx an error wrapping train.ErrConfig.
func (c *Classifier) Fit(ctx context.Context, t *data.Table) error {
	if c == nil {
		return ErrNilClassifier
	}
	if ctx == nil {
		return fmt.Errorf("hornets: Fit: %w: nil context.Context (use context.Background())", train.ErrConfig)
	}
	err := c.fit(ctx, t)
	if err != nil && ctx.Err() == nil {
		c.fitted = nil
	}
	return err
}

// fit is Fit, which clears the earlier fit where fit fails for a reason
// other than cancellation.
func (c *Classifier) fit(ctx context.Context, t *data.Table) error {
	opts, _, err := train.ChooseEncoding(ctx, t, c.Encoding, c.Model, c.Train, c.Log) // as hornetctl train
	if err != nil {
		return err
	}
	enc, err := data.FitEncoder(t, opts) // a nil t is data.ErrEmpty
	if err != nil {
		return err
	}
	ds, _, err := enc.Transform(t) // the encoder has seen every category: no warnings
	if err != nil {
		return err
	}
	name := t.Name
	if name == "" {
		name = "table"
	}
	res, err := train.Fit(ctx, ds, c.Model, c.Train, &train.Options{Log: c.Log})
	if err != nil {
		return fmt.Errorf("hornets: fitting %s: %w", name, err)
	}
	if res.Status == train.Canceled {
		return fmt.Errorf("hornets: fitting %s: %w", name, context.Cause(ctx))
	}
	c.fitted = &train.Bundle{Network: res.Network, Encoder: enc, Train: res.Config, Classes: enc.Classes}
	return nil
}

// FitCSV reads the CSV file at path (plain or gzip) and calls Fit.
func (c *Classifier) FitCSV(ctx context.Context, path string) error {
	if c == nil {
		return ErrNilClassifier
	}
	t, err := data.ReadCSVFile(path)
	if err != nil {
		return err
	}
	return c.Fit(ctx, t)
}

// model returns the fitted bundle, or ErrNotFitted.
func (c *Classifier) model() (*train.Bundle, error) {
	if c == nil || c.fitted == nil {
		return nil, ErrNotFitted
	}
	return c.fitted, nil
}

// encode encodes t for the fitted model, as hornetctl does: columns are
// found by name in any order, extra columns are ignored, and the label
// column is required if labelled and ignored otherwise.
func (c *Classifier) encode(t *data.Table, labelled bool) (*train.Bundle, *data.Dataset, []data.Warning, error) {
	b, err := c.model()
	if err != nil {
		return nil, nil, nil, err
	}
	transform := b.Encoder.TransformUnlabelled // a nil t is data.ErrEmpty
	if labelled {
		transform = b.Encoder.Transform
	}
	ds, warns, err := transform(t)
	if err != nil {
		return nil, nil, nil, err
	}
	if c.Log != nil {
		for _, w := range warns {
			c.Log.WithFields(logrus.Fields{"table": t.Name, "column": w.Column, "value": w.Value, "rows": w.Count}).
				Warn("category not seen in training, encoded as all zeros")
		}
	}
	return b, ds, warns, nil
}

// encodeRows is encode of a labelled table for a measure over its rows:
// a table without rows is an error (data.ErrNoRows), not a score of 0.
func (c *Classifier) encodeRows(t *data.Table) (*train.Bundle, *data.Dataset, []data.Warning, error) {
	b, ds, warns, err := c.encode(t, true)
	if err == nil && ds.Rows == 0 {
		err = &data.ParseError{File: t.Name, Err: data.ErrNoRows}
	}
	return b, ds, warns, err
}

// Check encodes t as the prediction methods do and returns its data
// warnings: categories not seen in training, which are encoded as all zeros
// (the prediction methods only log them). The error is what PredictProba
// would return for t, e.g. a missing feature column.
func (c *Classifier) Check(t *data.Table) ([]data.Warning, error) {
	_, _, warns, err := c.encode(t, false)
	return warns, err
}

// Classes returns the class names in the order of the probability columns,
// or nil if the classifier is not fitted.
func (c *Classifier) Classes() []string {
	b, err := c.model()
	if err != nil {
		return nil
	}
	return slices.Clone(b.Classes)
}

// Network returns the fitted network, or nil (whose methods report
// model.ErrNotFitted) if the classifier is not fitted.
func (c *Classifier) Network() *model.Network {
	b, err := c.model()
	if err != nil {
		return nil
	}
	return b.Network
}

// PredictProba returns the class probabilities of every row of t: one
// slice per row, columns in Classes() order. t needs every feature column
// of the training table, in any order; its label column is optional and
// ignored. Each row's probabilities depend on that row and the model only.
// Categories not seen in training are encoded as all zeros and logged;
// Check returns them. A nil t is a *data.ParseError wrapping data.ErrEmpty.
func (c *Classifier) PredictProba(t *data.Table) ([][]float64, error) {
	b, ds, _, err := c.encode(t, false)
	if err != nil {
		return nil, err
	}
	p, _, err := b.Network.PredictProba(ds.X, ds.Rows)
	if err != nil {
		return nil, err
	}
	C := len(b.Classes)
	out := make([][]float64, ds.Rows)
	for i := range out {
		out[i] = p[i*C : (i+1)*C : (i+1)*C]
	}
	return out, nil
}

// PredictProbaCSV reads the CSV file at path (plain or gzip) and returns
// PredictProba of its table: the file is encoded with the classifier's own
// encoder, so it needs the training table's feature columns, in any order.
func (c *Classifier) PredictProbaCSV(path string) ([][]float64, error) {
	t, err := c.readCSV(path)
	if err != nil {
		return nil, err
	}
	return c.PredictProba(t)
}

// PredictCSV reads the CSV file at path and returns Predict of its table;
// see PredictProbaCSV.
func (c *Classifier) PredictCSV(path string) ([]string, error) {
	t, err := c.readCSV(path)
	if err != nil {
		return nil, err
	}
	return c.Predict(t)
}

// readCSV reads a table to predict, once the classifier is known to be
// fitted (an unfitted one reports ErrNotFitted, not a file error).
func (c *Classifier) readCSV(path string) (*data.Table, error) {
	if _, err := c.model(); err != nil {
		return nil, err
	}
	return data.ReadCSVFile(path)
}

// Predict returns the most probable class name of every row of t; see
// PredictProba for what t must hold.
func (c *Classifier) Predict(t *data.Table) ([]string, error) {
	b, ds, _, err := c.encode(t, false)
	if err != nil {
		return nil, err
	}
	y, err := b.Network.Predict(ds.X, ds.Rows)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(y))
	for i, k := range y {
		out[i] = b.Classes[k]
	}
	return out, nil
}

// Score predicts the labelled table t and compares the predictions with
// its labels (accuracy, macro-F1, per class), as hornetctl eval does. t
// needs the label column, named as in training; a label that is not a
// training class is an error.
func (c *Classifier) Score(t *data.Table) (train.Metrics, error) {
	b, ds, _, err := c.encodeRows(t)
	if err != nil {
		return train.Metrics{}, err
	}
	y, err := b.Network.Predict(ds.X, ds.Rows)
	if err != nil {
		return train.Metrics{}, err
	}
	return train.Evaluate(ds.Y, y, b.Classes)
}

// Rules returns the decision list that reproduces the network, by class
// and feature name, with its evidence on the training rows (see RuleSet).
// A model that predicts with the continuous route has no rules
// (model.ErrNoRules): read it through Network().Effects().
func (c *Classifier) Rules() (*RuleSet, error) {
	b, err := c.model()
	if err != nil {
		return nil, err
	}
	list, err := b.Network.Rules()
	if err != nil {
		return nil, err
	}
	return newRuleSet(list, b)
}

// RulesOn returns the rules with their evidence on the labelled table t
// instead of the training rows: the fidelity to the network, the accuracy
// by hand and each rule's support and precision there.
func (c *Classifier) RulesOn(t *data.Table) (*RuleSet, error) {
	b, ds, _, err := c.encodeRows(t)
	if err != nil {
		return nil, err
	}
	list, err := b.Network.Rules()
	if err != nil {
		return nil, err
	}
	pred, err := b.Network.Predict(ds.X, ds.Rows)
	if err != nil {
		return nil, err
	}
	list.Evaluate(ds.X, ds.Rows, ds.Cols, pred, ds.Y)
	return newRuleSet(list, b)
}

// newRuleSet names a list with the bundle's classes and encoder.
func newRuleSet(list *rulesearch.List, b *train.Bundle) (*RuleSet, error) {
	var sources []data.Source
	if b.Encoder != nil {
		var err error
		if sources, err = b.Encoder.Sources(); err != nil {
			return nil, err
		}
	}
	return NewRuleSet(list, b.Classes, sources), nil
}

// Save writes the fitted model (network, encoder, classes and training
// configuration) to path atomically. The file is the one hornetctl train
// writes: hornetctl predict, eval and rules read it, and so do Load and
// train.LoadBundle.
func (c *Classifier) Save(path string) error {
	b, err := c.model()
	if err != nil {
		return err
	}
	return b.Save(path)
}

// Load reads a model file written by Save or by hornetctl train. The
// returned classifier predicts exactly as the saved one did; its Model and
// Train fields hold the saved configurations, Encoding.Label the label
// column, Encoding.Binarise the binarised columns and Encoding.Categorical
// the columns of numbers one-hot encoded (data.Encoder.CodedColumns: by
// Encoding.Categorical or by the encoding check) and Encoding.NoBinarise
// as it was fitted, so that Fit retrains alike. The training settings that
// Fit fills in per route (epochs, patience, learning-rate decay, output
// rate scale) read back as 0, "the route's own", where they hold the
// route's default (train.Config.RouteNeutral), so that a refit on a table
// of the other route trains as a fresh Classifier would.
// Errors name the file; a file without a CSV encoder is ErrNoEncoder.
func Load(path string) (*Classifier, error) {
	b, err := train.LoadBundle(path)
	if err != nil {
		return nil, err
	}
	if b.Encoder == nil {
		return nil, fmt.Errorf("%s: %w (trained on LibSVM data?): read it with train.LoadBundle", path, ErrNoEncoder)
	}
	return &Classifier{
		Model: b.Network.Config(),
		Train: b.Train.RouteNeutral(b.Network.Route(), b.Network.Config().Rules),
		Encoding: data.EncoderOptions{Label: b.Encoder.Label, Binarise: b.Encoder.BinnedColumns(), Steps: b.Encoder.SteppedColumns(),
			Categorical: b.Encoder.CodedColumns(), NoBinarise: b.Encoder.NoBinarise},
		fitted: b,
	}, nil
}
