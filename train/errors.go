// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import "errors"

var (
	// ErrConfig reports an impossible training hyper-parameter.
	ErrConfig = errors.New("train: invalid configuration")
	// ErrData reports training data that cannot be used.
	ErrData = errors.New("train: unusable data")
	// ErrDiverged reports a training run that diverged: a loss that became
	// NaN or infinite, or weights that overflowed.
	ErrDiverged = errors.New("train: diverged")
)
