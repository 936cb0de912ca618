// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Sentinel errors. Most of them reach the caller wrapped in a *ParseError that
// says where the problem is; test for them with errors.Is.
var (
	// ErrEmpty means that the input holds no header row: it is empty, or
	// blank, or (for LibSVM) holds only comments.
	ErrEmpty = errors.New("data: empty input")
	// ErrNoRows means that a CSV input has a header row but no data rows.
	ErrNoRows = errors.New("data: no data rows after the header")
	// ErrHeader means that a column name is empty or is used twice, that
	// two encoded features would get the same name (names that differ only
	// in Unicode normalisation print alike, and count as the same), or that
	// a data row of two or more cells repeats a header that holds a name
	// that is not a number, as where two CSV files were joined into one.
	ErrHeader = errors.New("data: bad header")
	// ErrFieldCount means that a row does not have one cell per header column.
	ErrFieldCount = errors.New("data: wrong number of fields")
	// ErrSyntax means that a line cannot be parsed: a CSV quoting error, or a
	// LibSVM token that is not index:value.
	ErrSyntax = errors.New("data: syntax error")
	// ErrBinary means that the input is not text: it holds a NUL byte or
	// invalid UTF-8 (after gzip decompression, if it was compressed).
	ErrBinary = errors.New("data: binary content, not text")
	// ErrTooLarge means that an input is past a size limit (see Limits):
	// its (decompressed) bytes, or the cells of its table.
	ErrTooLarge = errors.New("data: input too large")
	// ErrFeatureLimit means that a LibSVM feature index, or the number of
	// features asked for, is above Limits.MaxFeatures. It is an
	// ErrTooLarge too, with the same message; it tells apart the one size
	// limit that does not scale with MaxBytes and MaxCells.
	ErrFeatureLimit = fmt.Errorf("%w", ErrTooLarge)
	// ErrTooLong means that a line or a cell is longer than
	// Limits.MaxLineBytes.
	ErrTooLong = errors.New("data: line too long")
	// ErrIsDir means that a directory was given where a file was expected.
	ErrIsDir = errors.New("data: is a directory, not a file")
	// ErrNotNumber means that a cell of a numeric column is not a number.
	ErrNotNumber = errors.New("data: not a number")
	// ErrNonFinite means that a cell is NaN or ±Inf (or overflows float64);
	// only finite numbers are allowed.
	ErrNonFinite = errors.New("data: NaN or Inf not allowed")
	// ErrOverflow means that a numeric column's values are so large that
	// their sum or their squared deviations overflow float64, so the
	// column cannot be standardised.
	ErrOverflow = errors.New("data: values too large")
	// ErrMissingValue means that NumericDataset met a missing cell, which it
	// does not impute.
	ErrMissingValue = errors.New("data: missing value")
	// ErrMissingLabel means that a row's label cell is missing (NA or empty).
	ErrMissingLabel = errors.New("data: missing label")
	// ErrUnknownLabel means that a label was not among the training classes.
	ErrUnknownLabel = errors.New("data: unknown label")
	// ErrSingleClass means that training data has fewer than two classes.
	ErrSingleClass = errors.New("data: fewer than two classes")
	// ErrNoColumn means that a needed column (the label, or a column the
	// encoder was fitted on) is not in the table.
	ErrNoColumn = errors.New("data: column not found")
	// ErrColumnTwice means that encoder options name a column for two
	// encodings (Categorical, Binarise, Steps) that exclude each other.
	ErrColumnTwice = errors.New("data: column named for two encodings")
	// ErrNoFeatures means that there is nothing to learn from: no feature
	// columns besides the label, or no LibSVM features.
	ErrNoFeatures = errors.New("data: no feature columns")
	// ErrIndex means a LibSVM feature index that is below 1, out of
	// increasing order, or beyond the declared number of features.
	ErrIndex = errors.New("data: bad feature index")
	// ErrEncoder means that an Encoder is inconsistent, typically after it
	// was decoded from edited JSON.
	ErrEncoder = errors.New("data: invalid encoder")
	// ErrDataset means that Dataset.Validate found a problem.
	ErrDataset = errors.New("data: invalid dataset")
	// ErrUnknownGate means that ParseGate did not recognise a gate name.
	ErrUnknownGate = errors.New("data: unknown gate")
	// ErrSynthConfig means that a SynthConfig field is out of range.
	ErrSynthConfig = errors.New("data: invalid synth config")
)

// ParseError reports a problem in an input file, with its address. Unknown
// parts are zero and left out of the message, which reads like
//
//	data.csv:17: column "age": "abc" is not a number (a missing value is written NA, ? or left empty)
//
// Err is one of the sentinels above, possibly wrapped with detail, so
// errors.Is(err, ErrNotNumber) works on a *ParseError.
type ParseError struct {
	File   string // the name given to the reader, or the path
	Line   int    // 1-based line in the (decompressed) input; 0 if unknown
	Column string // column or feature name; "" if unknown
	Err    error  // the cause
}

func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		if e.File != "" {
			b.WriteByte(':')
		} else {
			b.WriteString("line ")
		}
		b.WriteString(strconv.Itoa(e.Line))
	}
	if e.Column != "" {
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString("column ")
		b.WriteString(quote(e.Column))
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	if e.Err == nil {
		b.WriteString("unknown error")
	} else {
		// The address already says which package is speaking.
		b.WriteString(strings.TrimPrefix(e.Err.Error(), "data: "))
	}
	return b.String()
}

func (e *ParseError) Unwrap() error { return e.Err }

// cellError is the cause of a ParseError about one cell or token: it quotes
// the offending text, says what is wrong, and unwraps to a sentinel.
type cellError struct {
	value string // the offending cell or token
	what  string // e.g. "is not a number"
	err   error  // the sentinel
}

func (e *cellError) Error() string { return quote(e.value) + " " + e.what }

// maxQuoted is the number of characters of a value that a message shows.
const maxQuoted = 40

// clip cuts s to at most maxQuoted characters, marking a cut with "…", so
// that a message quoting a huge cell stays readable.
func clip(s string) string {
	n := 0
	for i := range s {
		if n == maxQuoted {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// quote is strconv.Quote of the clipped value.
func quote(s string) string { return strconv.Quote(clip(s)) }

func (e *cellError) Unwrap() error { return e.err }
