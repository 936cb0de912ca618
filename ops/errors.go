// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

import (
	"errors"
	"strings"
)

// Errors returned by the builders, the setters of [CombAct] and the ops' Do
// methods. They are always wrapped with a message that names the op, the
// operand and the offending value; test for them with errors.Is. Errors from
// Do reach the caller through the machine's RunAll, which wraps them again.
var (
	// ErrNilNode is returned when a builder is given a nil node.
	ErrNilNode = errors.New("ops: nil node")

	// ErrDtype is returned for an operand that is not float64.
	ErrDtype = errors.New("ops: unsupported dtype; want float64")

	// ErrShape is returned for an operand of the wrong rank or size, or for
	// operands whose sizes do not agree.
	ErrShape = errors.New("ops: bad shape")

	// ErrArity is returned by Do when it gets the wrong number of inputs.
	ErrArity = errors.New("ops: wrong number of inputs")

	// ErrParam is returned for an invalid op parameter: an unknown
	// activation, a negative exponent, a non-positive eps, a bad class
	// weight, or a CombAct order or rule count below 1.
	ErrParam = errors.New("ops: invalid parameter")

	// ErrRules is returned for an invalid rule set or activity mask: a
	// wrong length, a negative index, an index repeated within one rule, or
	// a CombAct run before any rules were set.
	ErrRules = errors.New("ops: invalid rules")

	// ErrIndex is returned when a rule refers to a column that X does not
	// have (index >= D). It is detected where D is known: in Apply if the
	// rules are already set, and in Do on every run.
	ErrIndex = errors.New("ops: rule index out of range")

	// ErrHashCollision is returned by a builder when Gorgonia merged the
	// node it built with a different node of the same 32-bit hash (see
	// the package documentation, "Hash collisions"). The graph is then
	// wrong; build it again with other input node names.
	ErrHashCollision = errors.New("ops: two different nodes have the same Gorgonia hash")
)

// RunError returns the error an op's Do gave inside err, an error from a
// Gorgonia machine's RunAll, so that errors.Is and errors.As find this
// package's sentinels:
//
//	if err := m.RunAll(); errors.Is(ops.RunError(err), ops.ErrIndex) { … }
//
// The TapeMachine wraps op errors in a type that has an Err method but no
// Unwrap, which hides them from errors.Is. Other errors, and nil, are
// returned unchanged.
func RunError(err error) error {
	if e, ok := err.(interface{ Err() error }); ok {
		if inner := e.Err(); inner != nil {
			return inner
		}
	}
	return err
}

// GradError returns err, an error from gorgonia.Grad, so that errors.Is
// finds this package's sentinels in it. Grad wraps the error of an op's
// SymDiff (where a builder of this package may return ErrHashCollision)
// in a gorgonia.SymDiffError, which has neither Unwrap nor Err: only its
// message keeps the cause. GradError returns an error with err's message
// that unwraps to err and to each sentinel whose message err's contains.
// nil, and errors in which errors.Is already finds every such sentinel,
// are returned unchanged.
func GradError(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	found := []error{err}
	for _, s := range []error{ErrNilNode, ErrDtype, ErrShape, ErrArity, ErrParam, ErrRules, ErrIndex, ErrHashCollision} {
		if strings.Contains(msg, s.Error()) && !errors.Is(err, s) {
			found = append(found, s)
		}
	}
	if len(found) == 1 {
		return err
	}
	return causes{msg: msg, errs: found}
}

// causes is an error with a message of its own that unwraps to errs.
type causes struct {
	msg  string
	errs []error
}

func (e causes) Error() string   { return e.msg }
func (e causes) Unwrap() []error { return e.errs }
