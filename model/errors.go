// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"errors"
	"fmt"

	"github.com/hornets-go/hornets/model/modelfile"
)

var (
	// ErrConfig reports an impossible hyper-parameter.
	ErrConfig = errors.New("model: invalid configuration")
	// ErrShape reports input whose shape does not match the network.
	ErrShape = errors.New("model: input shape mismatch")
	// ErrLabel reports a class label outside 0..classes-1.
	ErrLabel = errors.New("model: label out of range")
	// ErrNotFitted reports a call on a zero or unloaded Network or
	// Trainer: build networks with New or Load, trainers with NewTrainer.
	ErrNotFitted = errors.New("model: network not built (use New or Load)")
	// ErrNoRules reports a network without a decision list: it predicts
	// with the continuous route, or its rules were never extracted.
	ErrNoRules = errors.New("model: no decision list (a continuous-route network, or rules never extracted)")
	// ErrModelFile reports a model file that cannot be read: truncated,
	// corrupt, foreign, or from another format version (the same error
	// as modelfile.ErrBadFile).
	ErrModelFile = modelfile.ErrBadFile
	// ErrOverflow reports a row whose values are so far outside the
	// training rows' range that the network's output for it overflows
	// float64 (the continuous route standardises values and sums their
	// squares): a data error naming the row rather than NaN probabilities.
	ErrOverflow = errors.New("model: values too large for the network")
	// ErrDiverged reports an optimisation whose result is not finite.
	ErrDiverged = errors.New("model: optimisation diverged")
)

// RowError is an error about one row of the input a method was given.
type RowError struct {
	Row int // 0-based index of the row in x
	Err error
}

func (e *RowError) Error() string { return fmt.Sprintf("row %d: %v", e.Row, e.Err) }
func (e *RowError) Unwrap() error { return e.Err }
