// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Table is a CSV file as text: a header and rows of trimmed cells, before any
// encoding. Every row has one cell per header column.
type Table struct {
	Name   string     // file name used in error messages
	Header []string   // column names: non-empty and unique
	Rows   [][]string // cells, with surrounding spaces trimmed
	Lines  []int      // 1-based source line of each row, for messages

	limits Limits // those it was read with; they bound its encoding too
}

// line returns the source line of row i, or 0 if it is unknown.
func (t *Table) line(i int) int {
	if i < len(t.Lines) {
		return t.Lines[i]
	}
	return 0
}

// cellErr reports a bad cell of row i.
func (t *Table) cellErr(i int, column string, err error) *ParseError {
	return &ParseError{File: t.Name, Line: t.line(i), Column: column, Err: err}
}

// ReadCSVFile reads the CSV file at path within the default Limits; see
// ReadCSV. Messages name the file by path.
func ReadCSVFile(path string) (*Table, error) {
	return ReadCSVFileLimited(path, Limits{})
}

// ReadCSVFileLimited is ReadCSVFile within lim.
func ReadCSVFileLimited(path string, lim Limits) (*Table, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadCSVLimited(f, path, lim)
}

// ReadCSV reads a comma-separated table with a header row from r, gzip
// compressed or not (told by the content, not the name), within the default
// Limits. Cells are trimmed, blank lines are skipped, and the first record
// is the header. In a table of one column, though, a blank line (or one of
// spaces) after the header is a row whose cell is empty: that is how a
// missing cell of such a table is written, so no row is lost. name is used only in error messages.
//
// The error is a *ParseError wrapping ErrEmpty, ErrNoRows, ErrHeader,
// ErrFieldCount, ErrSyntax (with the encoding/csv cause), ErrBinary,
// ErrTooLong or ErrTooLarge.
func ReadCSV(r io.Reader, name string) (*Table, error) {
	return ReadCSVLimited(r, name, Limits{})
}

// ReadCSVLimited is ReadCSV within lim: the input is streamed and rejected
// as soon as it breaks a limit (see Limits).
func ReadCSVLimited(r io.Reader, name string, lim Limits) (*Table, error) {
	if r == nil {
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: nil reader", ErrEmpty)}
	}
	t := &Table{Name: name, limits: lim}
	lim = lim.resolved()
	tr, err := newTextReader(r, name, lim)
	if err != nil {
		return nil, err
	}
	cr := csv.NewReader(tr)
	cr.FieldsPerRecord = -1 // checked here, with a better message
	add := func(rec []string, line int) error {
		if lim.cellsOver(len(t.Rows)+1, len(t.Header)+rowCells) {
			return &ParseError{File: name, Line: line,
				Err: fmt.Errorf("%w: more than %d rows × %d columns, past the limit of %d cells, a row counting %d cells more than its columns", ErrTooLarge, len(t.Rows), len(t.Header), lim.MaxCells, rowCells)}
		}
		t.Rows = append(t.Rows, rec)
		t.Lines = append(t.Lines, line)
		return nil
	}
	// A table of one column writes a missing cell as a blank line (as
	// encoding/csv's Writer does), which encoding/csv's Reader skips:
	// there, every blank line after the header is a row with an empty
	// cell, so that no row is lost (predict writes a line per row).
	// lastLine is the line the previous record ended on. Before the
	// header (no columns yet) blank lines are skipped.
	lastLine := 0
	blankRows := func(upTo int) error {
		if len(t.Header) != 1 {
			return nil
		}
		for l := lastLine + 1; l < upTo; l++ {
			if err := add([]string{""}, l); err != nil {
				return err
			}
		}
		return nil
	}
	for {
		rec, err := cr.Read()
		if tr.fail != nil {
			return nil, tr.fail
		}
		if err == io.EOF {
			if err := blankRows(tr.lines() + 1); err != nil {
				return nil, err
			}
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, &ParseError{File: name, Line: pe.Line, Err: fmt.Errorf("%w: %w", ErrSyntax, pe.Err)}
			}
			return nil, &ParseError{File: name, Err: err}
		}
		line, _ := cr.FieldPos(0)
		if err := blankRows(line); err != nil {
			return nil, err
		}
		end, _ := cr.FieldPos(len(rec) - 1)
		lastLine = end + strings.Count(rec[len(rec)-1], "\n")
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" && len(t.Header) != 1 {
			continue // a line of spaces
		}
		for i := range rec {
			// encoding/csv turns \r\n inside quotes into \n but keeps a
			// lone \r, which a write and re-read would then change: make
			// every line break inside a cell a \n.
			rec[i] = strings.TrimSpace(strings.ReplaceAll(rec[i], "\r", "\n"))
			if len(rec[i]) > lim.MaxLineBytes {
				column := ""
				if t.Header != nil && i < len(t.Header) {
					column = t.Header[i]
				}
				return nil, &ParseError{File: name, Line: line, Column: column,
					Err: fmt.Errorf("%w: cell %d is longer than %s", ErrTooLong, i+1, byteSize(int64(lim.MaxLineBytes)))}
			}
		}
		if t.Header == nil {
			if err := checkHeader(rec, name, line); err != nil {
				return nil, err
			}
			t.Header = rec
			continue
		}
		if len(rec) != len(t.Header) {
			return nil, &ParseError{File: name, Line: line,
				Err: fmt.Errorf("%w: got %d, want %d as in the header", ErrFieldCount, len(rec), len(t.Header))}
		}
		if repeatsHeader(rec, t.Header) {
			return nil, &ParseError{File: name, Line: line,
				Err: fmt.Errorf("%w: the row repeats the header (two CSV files joined into one?); remove it", ErrHeader)}
		}
		if err := add(rec, line); err != nil {
			return nil, err
		}
	}
	switch {
	case t.Header == nil:
		return nil, &ParseError{File: name, Err: ErrEmpty}
	case len(t.Rows) == 0:
		return nil, &ParseError{File: name, Err: ErrNoRows}
	}
	return t, nil
}

// repeatsHeader reports whether the row rec repeats the header: two or
// more cells, equal to the header's, at least one of them not a number.
// Such a row is the header of a second file joined to the first, which
// would otherwise make every numeric column categorical and add a class
// named after the label column. A header of numbers only (a file without
// one, read as if it had) is left to its rows: a row equal to it may be
// data.
func repeatsHeader(rec, header []string) bool {
	if len(rec) < 2 || !slices.Equal(rec, header) {
		return false
	}
	return slices.ContainsFunc(header, func(c string) bool {
		_, ok := number(c)
		return !ok
	})
}

// checkHeader refuses an empty column name, one with a control character,
// and two names that are equal byte for byte or in Unicode normal form C
// (see normalForm): they would print alike as two features.
func checkHeader(h []string, name string, line int) error {
	seen := make(map[string]int, len(h))
	normal := make(map[string]int, len(h))
	for i, c := range h {
		if c == "" {
			return &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: column %d has no name", ErrHeader, i+1)}
		}
		if strings.ContainsFunc(c, unicode.IsControl) {
			return &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: the name of column %d, %s, holds a line break or control character", ErrHeader, i+1, quote(c))}
		}
		if j, dup := seen[c]; dup {
			return &ParseError{File: name, Line: line, Column: c,
				Err: fmt.Errorf("%w: name used by columns %d and %d", ErrHeader, j+1, i+1)}
		}
		seen[c] = i
		nf := normalForm(c)
		if j, twin := normal[nf]; twin {
			return &ParseError{File: name, Line: line, Column: c,
				Err: fmt.Errorf("%w: columns %d and %d are named %s; rename one", ErrHeader, j+1, i+1, normalTwins(h[j], c))}
		}
		normal[nf] = i
	}
	return nil
}

// open opens a file for reading, refusing a directory.
func open(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("data: %w", err)
	}
	if fi.IsDir() {
		f.Close()
		return nil, &ParseError{File: path, Err: ErrIsDir}
	}
	return f, nil
}

// WriteCSV writes d as CSV: a header of the feature names plus "label", then
// one line per row with numbers formatted by strconv 'g' -1 (so they read
// back exactly) and the label as its class string. An unlabelled dataset
// (nil Y) gets no label column. WriteCSV returns an error if d is not valid,
// or if a feature is itself named "label".
func WriteCSV(w io.Writer, d *Dataset) error {
	if w == nil {
		return errors.New("data: WriteCSV to a nil io.Writer")
	}
	if err := d.Validate(); err != nil {
		return err
	}
	header := slices.Clip(d.Features)
	if d.Y != nil {
		if slices.Contains(d.Features, "label") {
			return fmt.Errorf("%w: a feature is named %q, like the label column", ErrHeader, "label")
		}
		header = append(header, "label")
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	rec := make([]string, len(header))
	for i := range d.Rows {
		for j, v := range d.Row(i) {
			rec[j] = strconv.FormatFloat(v, 'g', -1, 64)
		}
		if d.Y != nil {
			rec[d.Cols] = d.Classes[d.Y[i]]
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// Subset returns a new Table holding the given rows of t, in the given
// order (an index may repeat), with their source lines and the limits t
// was read with. The rows' cells are shared with t, not copied. Subset
// panics, naming the index, if t is nil or an index is out of range.
func (t *Table) Subset(rows []int) *Table {
	if t == nil {
		panic("data: Table.Subset of a nil *Table")
	}
	for _, i := range rows {
		if i < 0 || i >= len(t.Rows) {
			panic(fmt.Sprintf("data: Table.Subset: row %d out of range [0, %d)", i, len(t.Rows)))
		}
	}
	s := &Table{Name: t.Name, Header: t.Header, Rows: make([][]string, len(rows)), limits: t.limits}
	if t.Lines != nil {
		s.Lines = make([]int, len(rows))
	}
	for k, i := range rows {
		s.Rows[k] = t.Rows[i]
		if t.Lines != nil {
			s.Lines[k] = t.line(i)
		}
	}
	return s
}
