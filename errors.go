// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package hornets

import "errors"

var (
	// ErrNotFitted reports a call that needs a fitted model on a
	// Classifier that is nil, zero, or whose Fit failed: call Fit, FitCSV
	// or Load first.
	ErrNotFitted = errors.New("hornets: classifier not fitted (call Fit or Load)")
	// ErrNoEncoder reports a model file without a CSV encoder (one trained
	// on LibSVM data or on a Dataset built in code): a Classifier cannot
	// read tables for it; use train.LoadBundle and the model package.
	ErrNoEncoder = errors.New("hornets: model has no CSV encoder")
	// ErrNilClassifier reports Fit or FitCSV called on a nil *Classifier,
	// which has nowhere to keep the fit: use &hornets.Classifier{}.
	ErrNilClassifier = errors.New("hornets: nil *Classifier (use &hornets.Classifier{})")
)
