// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Dataset is a dense numeric table: row-major X, integer class labels.
type Dataset struct {
	X          []float64 // Rows*Cols, row-major
	Rows, Cols int
	Y          []int    // class index per row, in [0, len(Classes)); may be nil for unlabelled data
	Features   []string // len Cols
	Classes    []string // label strings; index = class id
	// Groups gives, for each column, the index of the input column it was
	// encoded from (the columns of one one-hot block share a group), or is
	// nil when every column stands alone. Two columns of one group are
	// mutually exclusive, so the rule search never pairs them.
	Groups []int
}

// Row returns row i of d as a slice of X, not a copy: writes to it change d.
// Its capacity ends at the row, so appending to it never touches the next row.
// Row panics, naming i, if d is nil or i is out of range.
func (d *Dataset) Row(i int) []float64 {
	if d == nil {
		panic(fmt.Sprintf("data: Dataset.Row(%d) of a nil *Dataset", i))
	}
	if i < 0 || i >= d.Rows {
		panic(fmt.Sprintf("data: Dataset.Row(%d): row out of range [0, %d)", i, d.Rows))
	}
	return d.X[i*d.Cols : (i+1)*d.Cols : (i+1)*d.Cols]
}

// Subset returns a new Dataset holding copies of the given rows of d, in the
// given order (an index may repeat). The result shares Features and Classes
// with d (and Groups). Subset panics, naming the index, if d is nil or an
// index is out of range.
func (d *Dataset) Subset(rows []int) *Dataset {
	if d == nil {
		panic("data: Dataset.Subset of a nil *Dataset")
	}
	for _, i := range rows {
		if i < 0 || i >= d.Rows {
			panic(fmt.Sprintf("data: Dataset.Subset: row %d out of range [0, %d)", i, d.Rows))
		}
	}
	s := &Dataset{
		X:        make([]float64, len(rows)*d.Cols),
		Rows:     len(rows),
		Cols:     d.Cols,
		Features: d.Features,
		Classes:  d.Classes,
		Groups:   d.Groups,
	}
	if d.Y != nil {
		s.Y = make([]int, len(rows))
	}
	for k, i := range rows {
		copy(s.X[k*d.Cols:], d.Row(i))
		if d.Y != nil {
			s.Y[k] = d.Y[i]
		}
	}
	return s
}

// Validate checks that the shapes agree (len(X) = Rows*Cols, len(Features) =
// Cols, len(Y) = Rows unless Y is nil), that feature names and class names
// are each distinct (a rule or a prediction naming one would be ambiguous,
// and a model file refuses them), feature names also in Unicode
// normalisation form C (NFC: names that differ only in how a character is
// composed, "é" as U+00E9 or as "e" and U+0301, print alike; class labels
// are data, and may), that every value is finite, and that
// every label is a valid class index. The error wraps ErrDataset, also for
// a nil Dataset.
func (d *Dataset) Validate() error {
	switch {
	case d == nil:
		return fmt.Errorf("%w: nil dataset", ErrDataset)
	case d.Rows < 0 || d.Cols < 0:
		return fmt.Errorf("%w: negative shape %d×%d", ErrDataset, d.Rows, d.Cols)
	case d.Cols > 0 && d.Rows > len(d.X)/d.Cols, len(d.X) != d.Rows*d.Cols: // the first: Rows*Cols would wrap around
		return fmt.Errorf("%w: len(X) = %d, want Rows*Cols = %d×%d", ErrDataset, len(d.X), d.Rows, d.Cols)
	case len(d.Features) != d.Cols:
		return fmt.Errorf("%w: %d feature names for %d columns", ErrDataset, len(d.Features), d.Cols)
	case d.Y != nil && len(d.Y) != d.Rows:
		return fmt.Errorf("%w: %d labels for %d rows", ErrDataset, len(d.Y), d.Rows)
	case d.Groups != nil && len(d.Groups) != d.Cols:
		return fmt.Errorf("%w: %d feature groups for %d columns", ErrDataset, len(d.Groups), d.Cols)
	}
	if err := distinct("feature", d.Features, true); err != nil {
		return err
	}
	if err := distinct("class", d.Classes, false); err != nil {
		return err
	}
	for i, v := range d.X {
		if !finite(v) {
			return fmt.Errorf("%w: row %d, feature %q is %v", ErrDataset, i/d.Cols, d.Features[i%d.Cols], v)
		}
	}
	for i, y := range d.Y {
		if y < 0 || y >= len(d.Classes) {
			return fmt.Errorf("%w: row %d has class %d, want [0, %d)", ErrDataset, i, y, len(d.Classes))
		}
	}
	return nil
}

// distinct returns an ErrDataset error naming the first name listed twice,
// byte for byte or, when normal is set, in Unicode normal form C.
func distinct(what string, names []string, normal bool) error {
	seen := make(map[string]int, len(names))
	var forms map[string]int
	if normal {
		forms = make(map[string]int, len(names))
	}
	for i, n := range names {
		if j, dup := seen[n]; dup {
			return fmt.Errorf("%w: %s %d and %d are both named %s", ErrDataset, what, j+1, i+1, quote(n))
		}
		seen[n] = i
		if normal {
			nf := normalForm(n)
			if j, twin := forms[nf]; twin {
				return fmt.Errorf("%w: %s %d and %d are named %s; rename one", ErrDataset, what, j+1, i+1, normalTwins(names[j], n))
			}
			forms[nf] = i
		}
	}
	return nil
}

// missing is the category that stands for a missing categorical cell.
const missing = "NA"

// isMissing reports whether a cell is missing: "NA" or empty.
func isMissing(s string) bool { return s == "" || s == missing }

// isNumericMissing reports whether a cell of a numeric column is missing:
// empty, "NA", or "?", the UCI repository's mark of a missing value (in a
// categorical column "?" is a category like any other word).
func isNumericMissing(s string) bool { return isMissing(s) || s == "?" }

func finite(f float64) bool { return !math.IsInf(f, 0) && !math.IsNaN(f) }

// number parses a cell as a float64. ok reports whether s is written as a
// number at all; f may still be NaN or ±Inf (also on overflow). A number
// is written in decimal, as R's and pandas' CSV readers take it:
// strconv.ParseFloat also reads Go literals, with underscores between
// digits and in hexadecimal, so that a code "0_1" (a genotype) would be
// the number 1 and "1_2" the number 12; such cells are words.
func number(s string) (f float64, ok bool) {
	if goLiteral(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err == nil {
		return f, true
	}
	if ne, isNum := err.(*strconv.NumError); isNum && ne.Err == strconv.ErrRange {
		return f, true
	}
	return 0, false
}

// goLiteral reports whether s, read by strconv.ParseFloat, would be
// taken as a Go literal rather than a decimal number: it holds an
// underscore, or starts (after its sign) with a base prefix 0x.
func goLiteral(s string) bool {
	if strings.IndexByte(s, '_') >= 0 {
		return true
	}
	s = strings.TrimLeft(s, "+-")
	return len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')
}

// parseCell parses a numeric cell, reporting a bad one as a cellError.
func parseCell(s string) (float64, error) {
	f, ok := number(s)
	if !ok {
		return 0, &cellError{value: s, what: "is not a number (a missing value is written NA, ? or left empty)", err: ErrNotNumber}
	}
	if !finite(f) {
		return 0, &cellError{value: s, what: "is not a finite number (NaN and Inf are not allowed)", err: ErrNonFinite}
	}
	return f, nil
}

// classify returns the distinct labels sorted by sortClasses, and the class
// index of each label.
func classify(labels []string) (classes []string, y []int) {
	index := make(map[string]int)
	for _, s := range labels {
		if _, ok := index[s]; !ok {
			index[s] = 0
			classes = append(classes, s)
		}
	}
	sortClasses(classes)
	for k, s := range classes {
		index[s] = k
	}
	y = make([]int, len(labels))
	for i, s := range labels {
		y[i] = index[s]
	}
	return classes, y
}

// sortClasses sorts distinct label strings: by integer value if every label is
// a base-10 integer ("2" < "10"), by string otherwise.
func sortClasses(labels []string) {
	for _, s := range labels {
		if _, err := strconv.ParseInt(s, 10, 64); err != nil {
			slices.Sort(labels)
			return
		}
	}
	slices.SortFunc(labels, func(a, b string) int {
		x, _ := strconv.ParseInt(a, 10, 64)
		y, _ := strconv.ParseInt(b, 10, 64)
		return cmp.Or(cmp.Compare(x, y), strings.Compare(a, b))
	})
}
