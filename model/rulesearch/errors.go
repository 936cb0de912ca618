// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import "errors"

var (
	// ErrConfig reports an impossible search setting.
	ErrConfig = errors.New("rulesearch: invalid configuration")
	// ErrTable reports a rule table whose shape or indices are
	// inconsistent (a corrupt model file).
	ErrTable = errors.New("rulesearch: invalid rule table")
	// ErrShape reports arguments whose lengths or counts do not fit
	// together: a class count below 1, weights that are not one row per
	// slot or feature, a tuple with a feature out of range.
	ErrShape = errors.New("rulesearch: input shape mismatch")
)
