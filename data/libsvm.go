// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ReadLibSVMFile reads the LibSVM file at path within the default Limits;
// see ReadLibSVM.
func ReadLibSVMFile(path string, nFeatures int) (*Dataset, error) {
	return ReadLibSVMFileLimited(path, nFeatures, Limits{})
}

// ReadLibSVMFileLimited is ReadLibSVMFile within lim.
func ReadLibSVMFileLimited(path string, nFeatures int, lim Limits) (*Dataset, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLibSVMLimited(f, path, nFeatures, lim)
}

// ReadLibSVM reads sparse LibSVM/SVMlight lines "label idx:val idx:val ..."
// from r, gzip compressed or not, into a dense Dataset, within the default
// Limits. Indices are 1-based and strictly increasing, absent entries are 0,
// "#" starts a comment, and "qid:n" tokens are ignored. The features are
// named f1..fN after the file's indices. Labels are kept as strings and
// sorted into Classes as in FitEncoder; a single class is allowed.
//
// nFeatures fixes the number of features N, and an index beyond it is an
// error; if nFeatures is 0, N is the largest index in the file. Errors are
// *ParseErrors naming the file, the line and the offending token.
func ReadLibSVM(r io.Reader, name string, nFeatures int) (*Dataset, error) {
	return ReadLibSVMLimited(r, name, nFeatures, Limits{})
}

// ReadLibSVMLimited is ReadLibSVM within lim: an index above
// lim.MaxFeatures (an ErrFeatureLimit error), one that would make the
// dense table's rows × features pass lim.MaxCells, or a row or pair that
// would make the file as read pass lim.MaxCells (each row counting
// rowCells cells and each stored index:value pair one), is an ErrTooLarge
// error naming its line, found before anything of that size is allocated.
func ReadLibSVMLimited(r io.Reader, name string, nFeatures int, lim Limits) (*Dataset, error) {
	if r == nil {
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: nil reader", ErrEmpty)}
	}
	lim = lim.resolved()
	switch {
	case nFeatures < 0:
		return nil, fmt.Errorf("%w: nFeatures = %d, want ≥ 0 (0 infers it)", ErrIndex, nFeatures)
	case nFeatures > lim.MaxFeatures:
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: %d features, more than the limit of %d", ErrFeatureLimit, nFeatures, lim.MaxFeatures)}
	}
	tr, err := newTextReader(r, name, lim)
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(tr)
	sc.Buffer(make([]byte, 0, 64<<10), lim.MaxLineBytes+2)
	var (
		labels []string
		starts = []int{0} // row i's entries are cols[starts[i]:starts[i+1]]
		cols   []int32
		vals   []float64
		width  = nFeatures
		used   int64 // cells of the file as read: rowCells a row, 1 a pair
	)
	bad := func(line int, tok, what string, sentinel error) error {
		return &ParseError{File: name, Line: line, Err: &cellError{value: tok, what: what, err: sentinel}}
	}
	for line := 1; sc.Scan(); line++ {
		if tr.fail != nil {
			break // the scanner may hand over a cut last line
		}
		l := sc.Bytes()
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
		if lim.cellsOver(row+1, max(width, 1)) {
			return nil, &ParseError{File: name, Line: line,
				Err: fmt.Errorf("%w: more than %d rows × %d features, past the limit of %d cells", ErrTooLarge, row, width, lim.MaxCells)}
		}
		if used += rowCells; used > lim.MaxCells {
			return nil, sparseOver(name, line, row+1, len(cols), lim.MaxCells)
		}
		// A copy: fields[0] would keep the whole line's text alive.
		labels = append(labels, strings.Clone(fields[0]))
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
			case err != nil && !allDigits(is):
				return nil, bad(line, tok, "has an index that is not an integer", ErrSyntax)
			case err == nil && idx < 1:
				return nil, bad(line, tok, "has an index below 1 (indices start at 1)", ErrIndex)
			case err == nil && idx <= prev:
				return nil, bad(line, tok, fmt.Sprintf("comes after index %d (indices must increase)", prev), ErrIndex)
			case nFeatures > 0 && (err != nil || idx > nFeatures):
				return nil, bad(line, tok, fmt.Sprintf("has an index beyond the %d features", nFeatures), ErrIndex)
			case err != nil || idx > lim.MaxFeatures:
				return nil, bad(line, tok, fmt.Sprintf("has an index above the limit of %d features", lim.MaxFeatures), ErrFeatureLimit)
			case lim.cellsOver(row+1, idx):
				return nil, bad(line, tok, fmt.Sprintf("makes %d rows × %d features, past the limit of %d cells", row+1, idx, lim.MaxCells), ErrTooLarge)
			}
			f, ok := number(vs)
			switch {
			case !ok:
				return nil, bad(line, tok, "has a value that is not a number", ErrNotNumber)
			case !finite(f):
				return nil, bad(line, tok, "has a value that is not finite (NaN and Inf are not allowed)", ErrNonFinite)
			}
			if used++; used > lim.MaxCells {
				return nil, sparseOver(name, line, row+1, len(cols)+1, lim.MaxCells)
			}
			prev = idx
			width = max(width, idx)
			cols = append(cols, int32(idx-1))
			vals = append(vals, f)
		}
		starts = append(starts, len(cols))
	}
	if tr.fail != nil {
		return nil, tr.fail
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	switch {
	case len(labels) == 0:
		return nil, &ParseError{File: name, Err: ErrEmpty}
	case width == 0:
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: no line has an index:value pair", ErrNoFeatures)}
	}
	d := &Dataset{X: make([]float64, len(labels)*width), Rows: len(labels), Cols: width, Features: make([]string, width)}
	for j := range d.Features {
		d.Features[j] = "f" + strconv.Itoa(j+1)
	}
	for i := range labels {
		x := d.X[i*width : (i+1)*width]
		for e := starts[i]; e < starts[i+1]; e++ {
			x[cols[e]] = vals[e]
		}
	}
	d.Classes, d.Y = classify(labels)
	return d, nil
}

// sparseOver is the error for a LibSVM file whose rows and index:value
// pairs, as read (rowCells a row, 1 a pair), pass the cell limit at line.
func sparseOver(name string, line, rows, pairs int, maxCells int64) error {
	return &ParseError{File: name, Line: line,
		Err: fmt.Errorf("%w: %d rows and %d index:value pairs, past the limit of %d cells (a row counts %d cells, a pair 1)", ErrTooLarge, rows, pairs, maxCells, rowCells)}
}

// allDigits reports whether s is a non-empty run of ASCII digits (an
// integer too large for int is still an index, just an impossible one).
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
