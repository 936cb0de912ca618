// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxCells bounds the dense table a LibSVM file may expand to (1 GiB of
// float64), so that one stray huge index fails cleanly instead of exhausting
// memory.
const maxCells = 1 << 27

// ReadLibSVMFile reads the LibSVM file at path; see ReadLibSVM.
func ReadLibSVMFile(path string, nFeatures int) (*Dataset, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLibSVM(f, path, nFeatures)
}

// ReadLibSVM reads sparse LibSVM/SVMlight lines "label idx:val idx:val ..."
// from r, gzip compressed or not, into a dense Dataset. Indices are 1-based
// and strictly increasing, absent entries are 0, "#" starts a comment, and
// "qid:n" tokens are ignored. The features are named f1..fN after the file's
// indices. Labels are kept as strings and sorted into Classes as in
// FitEncoder; a single class is allowed.
//
// nFeatures fixes the number of features N, and an index beyond it is an
// error; if nFeatures is 0, N is the largest index in the file. Errors are
// *ParseErrors naming the file, the line and the offending token.
func ReadLibSVM(r io.Reader, name string, nFeatures int) (*Dataset, error) {
	if nFeatures < 0 {
		return nil, fmt.Errorf("%w: nFeatures = %d, want ≥ 0 (0 infers it)", ErrIndex, nFeatures)
	}
	text, err := readText(r, name)
	if err != nil {
		return nil, err
	}
	type entry struct {
		row, col int
		val      float64
	}
	var (
		labels  []string
		entries []entry
		cols    = nFeatures
	)
	bad := func(line int, tok, what string, sentinel error) error {
		return &ParseError{File: name, Line: line, Err: &cellError{value: tok, what: what, err: sentinel}}
	}
	for line, rest := 1, text; len(rest) > 0; line++ {
		var l []byte
		l, rest, _ = bytes.Cut(rest, []byte("\n"))
		if i := bytes.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		fields := strings.Fields(string(l))
		if len(fields) == 0 {
			continue
		}
		if strings.Contains(fields[0], ":") {
			return nil, bad(line, fields[0], "is where the label should be (each line starts with its label)", ErrSyntax)
		}
		row := len(labels)
		labels = append(labels, fields[0])
		prev := 0
		for _, tok := range fields[1:] {
			is, vs, ok := strings.Cut(tok, ":")
			if !ok {
				return nil, bad(line, tok, "is not an index:value pair", ErrSyntax)
			}
			if is == "qid" {
				continue
			}
			idx, err := strconv.Atoi(is)
			switch {
			case err != nil:
				return nil, bad(line, tok, "has an index that is not an integer", ErrSyntax)
			case idx < 1:
				return nil, bad(line, tok, "has an index below 1 (indices start at 1)", ErrIndex)
			case idx <= prev:
				return nil, bad(line, tok, fmt.Sprintf("comes after index %d (indices must increase)", prev), ErrIndex)
			case nFeatures > 0 && idx > nFeatures:
				return nil, bad(line, tok, fmt.Sprintf("has an index beyond the %d features", nFeatures), ErrIndex)
			case nFeatures == 0 && idx > maxCells:
				return nil, bad(line, tok, "has an index too large for a dense table", ErrIndex)
			}
			f, ok := number(vs)
			switch {
			case !ok:
				return nil, bad(line, tok, "has a value that is not a number", ErrNotNumber)
			case !finite(f):
				return nil, bad(line, tok, "has a value that is not finite (NaN and Inf are not allowed)", ErrNonFinite)
			}
			prev = idx
			cols = max(cols, idx)
			entries = append(entries, entry{row, idx - 1, f})
		}
	}
	switch {
	case len(labels) == 0:
		return nil, &ParseError{File: name, Err: ErrEmpty}
	case cols == 0:
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: no line has an index:value pair", ErrNoFeatures)}
	case len(labels) > maxCells/cols:
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: %d rows × %d features is too large for a dense table", ErrIndex, len(labels), cols)}
	}
	d := &Dataset{X: make([]float64, len(labels)*cols), Rows: len(labels), Cols: cols, Features: make([]string, cols)}
	for j := range d.Features {
		d.Features[j] = "f" + strconv.Itoa(j+1)
	}
	for _, e := range entries {
		d.X[e.row*cols+e.col] = e.val
	}
	d.Classes, d.Y = classify(labels)
	return d, nil
}
