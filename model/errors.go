// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"errors"

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
	// ErrDiverged reports an optimisation whose result is not finite.
	ErrDiverged = errors.New("model: optimisation diverged")
)
