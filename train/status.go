// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

// Status says why training stopped.
type Status int

const (
	// MaxEpochs: the epoch limit was reached.
	MaxEpochs Status = iota
	// Converged: the monitored loss reached the loss target.
	Converged
	// EarlyStopped: the monitored loss did not improve for Patience epochs.
	EarlyStopped
	// Canceled: the context was cancelled; the best model so far is kept.
	Canceled
)

// String names the status.
func (s Status) String() string {
	switch s {
	case MaxEpochs:
		return "max epochs reached"
	case Converged:
		return "loss target reached"
	case EarlyStopped:
		return "early stopped (no improvement)"
	case Canceled:
		return "canceled"
	}
	return "unknown"
}
