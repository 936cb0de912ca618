// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import "errors"

var (
	// ErrConfig reports an impossible hyper-parameter.
	ErrConfig = errors.New("model: invalid configuration")
	// ErrShape reports input whose width does not match the network.
	ErrShape = errors.New("model: input shape mismatch")
	// ErrNotFitted reports a call that needs Init first.
	ErrNotFitted = errors.New("model: network not initialised")
	// ErrModelFile reports a model file that cannot be read: truncated,
	// corrupt, foreign or from a newer version.
	ErrModelFile = errors.New("model: bad model file")
)
