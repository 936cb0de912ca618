// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Kind is how an input column is encoded.
type Kind int

const (
	// Numeric columns are copied as numbers (a column of two training
	// values coded 0/1, a constant one relative to its value; see
	// Column.Values); a missing cell gets the training mean, or a binary
	// column's more frequent value.
	Numeric Kind = iota
	// Categorical columns are one-hot encoded, one 0/1 feature per category.
	Categorical
	// Binned columns are numeric columns coded as thresholds (asked for by
	// EncoderOptions.Binarise): one 0/1 feature per cut point, 1 where the
	// value is above the cut (see Column.Cuts); a missing cell takes the
	// training mean.
	Binned
	// Stepped columns are numeric columns coded as their value beside
	// thresholds (asked for by EncoderOptions.Steps): the number, as a
	// Numeric column of more than two values codes it, then one 0/1
	// feature per cut point as a Binned column has, so that a linear
	// model over them adds steps at the quartiles to a slope (a
	// piecewise-constant correction to a linear effect); a missing cell
	// takes the training mean.
	Stepped
)

var kindNames = [...]string{"numeric", "categorical", "binned", "stepped"}

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// MarshalText encodes k as its name, so that JSON files stay readable.
func (k Kind) MarshalText() ([]byte, error) {
	if k < 0 || int(k) >= len(kindNames) {
		return nil, fmt.Errorf("%w: unknown column kind %d", ErrEncoder, int(k))
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText decodes a name written by MarshalText.
func (k *Kind) UnmarshalText(b []byte) error {
	i := slices.Index(kindNames[:], string(b))
	if i < 0 {
		return fmt.Errorf("%w: unknown column kind %q (valid: %s)", ErrEncoder, b, strings.Join(kindNames[:], ", "))
	}
	*k = Kind(i)
	return nil
}

// Column records how one input column is encoded.
type Column struct {
	Name       string   `json:"name"`
	Kind       Kind     `json:"kind"`
	Mean       float64  `json:"mean,omitempty"`       // Numeric: training mean of the non-missing cells, 0 if there are none
	Categories []string `json:"categories,omitempty"` // Categorical: sorted distinct training values, "NA" standing for missing
	// Cuts is, for a Binned or Stepped column, its cut points in increasing order:
	// feature k is 1 where the value is above Cuts[k] ("age>52.5"), else
	// 0. They sit at the training quartiles, each halfway between the
	// quartile's value and the next larger training value (see BinCuts).
	Cuts []float64 `json:"cuts,omitempty"`
	// Values is, for a numeric column with one or two distinct training
	// values, their number (0: more, or a model file from before it was
	// recorded). Such a column is encoded relative to Low and High, its
	// smallest and largest training value: a binary column as (x − Low)
	// / (High − Low), 0 and 1 on the training rows, and a constant one as
	// x − Low. Where the training rows had missing cells in a binary
	// column (ModeFill), a missing cell gets Fill, the encoded value of
	// the more frequent training value (the lower on a tie), so that a
	// binary table stays binary; otherwise a missing cell gets the
	// training mean, encoded alike.
	Values   int     `json:"values,omitempty"`
	Low      float64 `json:"low,omitempty"`
	High     float64 `json:"high,omitempty"`
	ModeFill bool    `json:"mode_fill,omitempty"`
	Fill     float64 `json:"fill,omitempty"`
}

// RecodesValues reports whether some numeric column is encoded as other
// than its value where an encoder from before Column.Values was recorded
// would have copied it: a binary column of values other than 0 and 1, a
// missing cell filled with a mode, or a constant column other than 0.
// Such an encoder needs a model file of format version 5 or later, which
// a reader of version 4 refuses (train.Bundle writes version 8).
func (e *Encoder) RecodesValues() bool {
	if e == nil {
		return false
	}
	for _, c := range e.Columns {
		switch {
		case c.Kind != Numeric:
		case c.ModeFill, c.Values == 2 && (c.Low != 0 || c.High != 1), c.Values == 1 && c.Low != 0:
			return true
		}
	}
	return false
}

// encode returns the encoded value of the numeric cell value f.
func (c *Column) encode(f float64) float64 {
	switch c.Values {
	case 1:
		return f - c.Low
	case 2:
		return (f - c.Low) / (c.High - c.Low)
	}
	return f
}

// missingValue returns the encoded value of a missing numeric cell.
func (c *Column) missingValue() float64 {
	switch {
	case c.ModeFill:
		return c.Fill
	case c.Values == 1:
		return 0 // the training value: its mean may differ by rounding
	}
	return c.encode(c.Mean)
}

// formatValue writes a numeric training value as the shortest number that
// reads back as it.
func formatValue(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// EncoderOptions configures FitEncoder. The zero value is the default.
type EncoderOptions struct {
	// Label is the name of the label column. If empty, the last column is
	// the label.
	Label string
	// Categorical names feature columns to one-hot encode even when every
	// value is a number (small integer codes, as in the MONK's problems);
	// the single name "*" selects every feature column. A name that is not
	// a feature column is an error.
	Categorical []string
	// Binarise names numeric feature columns to code as thresholds at
	// their training quartiles (Binned: up to three 0/1 features, "x>q"),
	// so that a table of 0/1 flags with a few continuous columns (an age
	// beside clinical flags) stays binary and takes the categorical route,
	// whose rules then test the thresholds; "*" selects every numeric
	// column. A named column that turns out categorical, or holds at most
	// two distinct training values (already binary), is encoded as without
	// it. A name here overrides Categorical's "*"; a name that is not a
	// feature column, or that Categorical names too (or "*" in both), is an
	// error. Where Binarise is empty, a table of flags with one or two
	// continuous columns (see AutoBinariseMax) has them binarised unless
	// NoBinarise is set.
	Binarise []string
	// NoBinarise keeps every numeric column a number where Binarise is
	// empty: no automatic binarising of a table of flags' one or two
	// continuous columns (the continuous route, a linear model, then
	// takes the table).
	NoBinarise bool
	// Steps names numeric feature columns to code as their value beside
	// 0/1 thresholds at their training quartiles (Stepped: the number,
	// then up to three features "x>q"), so that the continuous route's
	// linear model adds steps to each column's slope; "*" selects every
	// numeric column. As with Binarise, a named column that turns out
	// categorical or holds at most two distinct training values is
	// encoded as without it, and a name that is not a feature column or
	// that Categorical names too is an error. A column named both here
	// and in Binarise is an error; where one of them holds "*", a column
	// the other names is coded as that one says. Where Steps is not
	// empty, no column is binarised automatically.
	Steps []string
}

// Encoder turns tables into Datasets by rules fitted on training data (see
// the package documentation). It is applied unchanged to later tables, and its
// exported fields are all it needs, so it survives a JSON round trip.
type Encoder struct {
	Label    string   `json:"label"`    // name of the label column
	Columns  []Column `json:"columns"`  // the input feature columns, in input order
	Features []string `json:"features"` // output feature names, in output order
	Classes  []string `json:"classes"`  // training labels; index = class id
	// NoBinarise records EncoderOptions.NoBinarise where Binarise was
	// empty: the encoder was told to keep every numeric column a number,
	// so that a refit from a loaded model (EncoderOptions from the
	// encoder) is told so too. It changes nothing the encoder does.
	NoBinarise bool `json:"no_binarise,omitempty"`
}

// FitEncoder fits an Encoder on the training table t: it decides each feature
// column's kind, records the numeric means and the categories, and collects
// the classes. A missing training label is an error naming the line; fewer
// than two classes is ErrSingleClass; a table with no feature column is
// ErrNoFeatures; NaN or Inf in an otherwise numeric column is ErrNonFinite.
func FitEncoder(t *Table, opts EncoderOptions) (*Encoder, error) {
	lab, err := labelColumn(t, opts.Label)
	if err != nil {
		return nil, err
	}
	e := &Encoder{Label: t.Header[lab], NoBinarise: opts.NoBinarise && len(opts.Binarise) == 0}
	labels := make([]string, len(t.Rows))
	for i, row := range t.Rows {
		if isMissing(row[lab]) {
			return nil, t.cellErr(i, e.Label, ErrMissingLabel)
		}
		labels[i] = row[lab]
	}
	e.Classes, _ = classify(labels)
	if len(e.Classes) < 2 {
		return nil, &ParseError{File: t.Name, Column: e.Label,
			Err: fmt.Errorf("%w: every row has label %q", ErrSingleClass, e.Classes[0])}
	}
	forced, err := namedFor(t, e.Label, opts.Categorical, "to treat as categorical", "as categorical")
	if err != nil {
		return nil, err
	}
	binarise, err := namedFor(t, e.Label, opts.Binarise, "to binarise", "to binarise", encodingNames{forced, "as categorical"})
	if err != nil {
		return nil, err
	}
	steps, err := namedFor(t, e.Label, opts.Steps, "to code with steps", "to code with steps", encodingNames{forced, "as categorical"}, encodingNames{binarise, "to binarise"})
	if err != nil {
		return nil, err
	}
	// Sized up front: growing them column by column copied every Column
	// over and over (0.6 s of 0.9 s at 100,000 columns).
	cols := make([]Column, 0, len(t.Header)-1)
	at := make([]int, 0, len(t.Header)-1) // each column's index in t
	for j, name := range t.Header {
		if j == lab {
			continue
		}
		c, err := fitColumn(t, j, forced[name] || forced["*"] && !binarise[name] && !steps[name])
		if err != nil {
			return nil, err
		}
		cols, at = append(cols, c), append(at, j)
	}
	auto := len(opts.Binarise) == 0 && len(opts.Steps) == 0 && !opts.NoBinarise && fewContinuous(cols)
	names := make(map[string]string, len(cols)) // output feature name -> input column
	forms := make(map[string]string, len(cols)) // its normalForm -> output feature name
	lim := t.limits.resolved()
	if len(cols) > 0 { // none stay nil, as before
		e.Columns = make([]Column, 0, len(cols))
		e.Features = make([]string, 0, len(cols)) // one feature a column but for one-hot and binned ones
	}
	for k, c := range cols {
		j, name := at[k], c.Name
		bin := auto || binarise[name] || binarise["*"] && !steps[name]
		if step := steps[name] || steps["*"] && !binarise[name]; (bin || step) && c.Kind == Numeric && c.Values == 0 {
			if c.Cuts = BinCuts(numericValues(t, j)); len(c.Cuts) > 0 {
				c.Kind = Binned
				if !bin {
					c.Kind = Stepped
				}
			}
		}
		e.Columns = append(e.Columns, c)
		if c.Kind != Numeric {
			if w := len(e.Features) + c.width(); lim.cellsOver(len(t.Rows), w) {
				how := map[Kind]string{Categorical: "one-hot encoding", Binned: "binarising", Stepped: "adding steps"}[c.Kind]
				return nil, &ParseError{File: t.Name, Column: name,
					Err: fmt.Errorf("%w: %s makes %d rows × %d features, past the limit of %d cells", ErrTooLarge, how, len(t.Rows), w, lim.MaxCells)}
			}
		}
		outs := c.featureNames()
		for _, f := range outs {
			if prev, dup := names[f]; dup {
				return nil, &ParseError{File: t.Name, Column: name,
					Err: fmt.Errorf("%w: encoded feature %q also comes from column %q", ErrHeader, f, prev)}
			}
			names[f] = name
			nf := normalForm(f)
			if twin, ok := forms[nf]; ok {
				fix := "write the column's values one way"
				if prev := names[twin]; prev != name {
					fix = fmt.Sprintf("the first comes from column %q; rename a column", prev)
				}
				return nil, &ParseError{File: t.Name, Column: name,
					Err: fmt.Errorf("%w: encoded features %s; %s", ErrHeader, normalTwins(twin, f), fix)}
			}
			forms[nf] = f
		}
		e.Features = append(e.Features, outs...)
	}
	return e, nil
}

// BinnedColumns returns the names of e's Binned columns, in input order
// (nil if none): the EncoderOptions.Binarise that fits them again.
func (e *Encoder) BinnedColumns() []string { return e.columnsOf(Binned) }

// SteppedColumns returns the names of e's Stepped columns, in input order
// (nil if none): the EncoderOptions.Steps that fits them again.
func (e *Encoder) SteppedColumns() []string { return e.columnsOf(Stepped) }

// columnsOf returns the names of e's columns of kind k, in input order.
func (e *Encoder) columnsOf(k Kind) []string {
	if e == nil {
		return nil
	}
	var out []string
	for _, c := range e.Columns {
		if c.Kind == k {
			out = append(out, c.Name)
		}
	}
	return out
}

// CodedColumns returns the names of the categorical columns whose every
// training category is a number (nil if none): one-hot because an option
// asked for it (EncoderOptions.Categorical, or the Categorical the
// encoding check of package train chose for codes), since FitEncoder reads
// such a column as numbers by itself. It is the EncoderOptions.Categorical
// that fits them again.
func (e *Encoder) CodedColumns() []string {
	if e == nil {
		return nil
	}
	var out []string
	for _, c := range e.Columns {
		if c.Kind != Categorical {
			continue
		}
		numbers := 0
		for _, v := range c.Categories {
			if _, missing, ok := NumericCell(v); !ok {
				numbers = -1
				break
			} else if !missing {
				numbers++
			}
		}
		if numbers > 0 {
			out = append(out, c.Name)
		}
	}
	return out
}

// KeepKinds returns opts with every column that e encodes categorically
// named in Categorical (and taken out of Binarise, which cannot bin it),
// so that an encoder fitted with them on some of the rows e was fitted on
// types each such column as e does. A column holding a word among numbers
// or missing cells is categorical, but a subset of the rows that misses
// every word reads it as numeric, and rows holding the word then do not
// parse (the held-out rows of a cross-validation fold). The categories
// themselves still come from the subset's rows. opts is returned as it is
// where its Categorical already holds "*"; its slices are not modified.
func (e *Encoder) KeepKinds(opts EncoderOptions) EncoderOptions {
	if e == nil || slices.Contains(opts.Categorical, "*") {
		return opts
	}
	var add []string
	for _, c := range e.Columns {
		if c.Kind == Categorical && !slices.Contains(opts.Categorical, c.Name) {
			add = append(add, c.Name)
		}
	}
	if len(add) == 0 {
		return opts
	}
	opts.Categorical = append(slices.Clone(opts.Categorical), add...)
	if slices.ContainsFunc(opts.Binarise, func(name string) bool { return slices.Contains(add, name) }) {
		opts.Binarise = slices.DeleteFunc(slices.Clone(opts.Binarise), func(name string) bool { return slices.Contains(add, name) })
	}
	if slices.ContainsFunc(opts.Steps, func(name string) bool { return slices.Contains(add, name) }) {
		opts.Steps = slices.DeleteFunc(slices.Clone(opts.Steps), func(name string) bool { return slices.Contains(add, name) })
	}
	return opts
}

// width returns the number of features column c encodes to.
func (c *Column) width() int {
	switch c.Kind {
	case Categorical:
		return len(c.Categories)
	case Binned:
		return len(c.Cuts)
	case Stepped:
		return 1 + len(c.Cuts)
	}
	return 1
}

// featureNames returns the names of the features column c encodes to:
// its own name for a numeric column, "name=category" for each category
// of a categorical one, "name>cut" for each cut of a binned one.
func (c *Column) featureNames() []string {
	switch c.Kind {
	case Categorical:
		out := make([]string, len(c.Categories))
		for o, v := range c.Categories {
			out[o] = c.Name + "=" + printable(v)
		}
		return out
	case Binned, Stepped:
		var out []string
		if c.Kind == Stepped {
			out = append(out, c.Name)
		}
		for _, cut := range c.Cuts {
			out = append(out, binnedName(c.Name, cut))
		}
		return out
	}
	return []string{c.Name}
}

// fewContinuous reports whether cols are a table of flags with a number or
// two: one or two numeric columns of more than two values (continuous),
// and at least AutoBinariseFlags 0/1 features (binary columns, constant
// ones and one-hot categories) for each. FitEncoder binarises those
// columns unless told otherwise (EncoderOptions.Binarise, NoBinarise).
func fewContinuous(cols []Column) bool {
	flags, continuous := 0, 0
	for _, c := range cols {
		switch {
		case c.Kind == Categorical:
			flags += len(c.Categories)
		case c.Values == 0:
			continuous++
		default:
			flags++
		}
	}
	return continuous >= 1 && continuous <= AutoBinariseMax && flags >= AutoBinariseFlags*continuous
}

// AutoBinariseMax and AutoBinariseFlags bound the tables whose continuous
// columns FitEncoder binarises by default: at most AutoBinariseMax such
// columns, and at least AutoBinariseFlags 0/1 features for each. Measured
// in session 22 (package train's documentation): with one or two
// continuous columns beside 20–100 flags, binarising won on 30 of 32
// synthetic tables never used before (macro-F1 0.696 → 0.773, interactions
// found that the continuous route cannot express); with three or more it
// lost where the continuous columns carry the signal (credit-g, 6 of 20
// columns continuous: 0.696 → 0.677).
const (
	AutoBinariseMax   = 2
	AutoBinariseFlags = 5
)

// binnedName names the feature of a Binned column that is 1 above cut.
func binnedName(column string, cut float64) string { return column + ">" + formatValue(cut) }

// numericValues returns the non-missing training values of numeric column j.
func numericValues(t *Table, j int) []float64 {
	var out []float64
	for _, row := range t.Rows {
		if isNumericMissing(row[j]) {
			continue
		}
		if f, ok := number(row[j]); ok && finite(f) {
			out = append(out, f)
		}
	}
	return out
}

// BinCuts returns the cut points of a Binned column with training values
// vals (in any order; vals is sorted in place): for each quartile (25, 50
// and 75 %), a number of fewest significant digits above the quartile's
// value and below the next larger value, found by rounding the point
// halfway between them (1.5 between codes 1 and 2, 0.3 between 0 and 0.61,
// 45 between 40 and 50), so that rules read as a person would write them; a quartile at
// the largest value uses the largest value below it. The cuts are
// increasing and distinct, at most three; none for fewer than two
// distinct values. Values that are NaN or infinite are left out (vals is
// then compacted in place too); the encoder never passes any.
func BinCuts(vals []float64) []float64 {
	vals = slices.DeleteFunc(vals, func(v float64) bool { return !finite(v) })
	slices.Sort(vals)
	n := len(vals)
	if n == 0 || vals[0] == vals[n-1] {
		return nil
	}
	var cuts []float64
	for _, q := range []float64{0.25, 0.5, 0.75} {
		i := int(q * float64(n-1))
		v := vals[i]
		if v == vals[n-1] { // step down to the largest value below the top
			i = sort.SearchFloat64s(vals, v) - 1
			v = vals[i]
		}
		next := vals[sort.SearchFloat64s(vals, math.Nextafter(v, math.Inf(1)))]
		cut := shortCut(v, next)
		if len(cuts) == 0 || cut > cuts[len(cuts)-1] {
			cuts = append(cuts, cut)
		}
	}
	return cuts
}

// shortCut returns a number of fewest significant digits strictly
// between lo and hi, found by rounding their midpoint, or lo itself where
// there is none (adjacent floats; lo < hi, both finite).
func shortCut(lo, hi float64) float64 {
	mid := lo + (hi-lo)/2
	if !finite(mid) {
		mid = lo/2 + hi/2
	}
	for digits := 1; digits <= 17; digits++ {
		c, err := strconv.ParseFloat(strconv.FormatFloat(mid, 'g', digits, 64), 64)
		if err == nil && c > lo && c < hi {
			return c
		}
	}
	return lo
}

// printable returns v for use in a feature name: a value holding a line
// break or another control character is written Go-quoted, without the
// outer quotes ("a\nb" becomes `a\nb`), so that names stay on one line.
func printable(v string) string {
	if !strings.ContainsFunc(v, unicode.IsControl) {
		return v
	}
	q := strconv.Quote(v)
	return q[1 : len(q)-1]
}

// fitColumn decides the kind of column j (categorical if asked) and fits
// its parameters.
func fitColumn(t *Table, j int, categorical bool) (Column, error) {
	c := Column{Name: t.Header[j], Kind: Numeric}
	if categorical {
		c.Kind = Categorical
	}
	sum, n, bad := 0.0, 0, -1
	for i, row := range t.Rows {
		if c.Kind == Categorical {
			break
		}
		if isNumericMissing(row[j]) {
			continue
		}
		f, ok := number(row[j])
		if !ok {
			c.Kind = Categorical
			break
		}
		if !finite(f) {
			if bad < 0 {
				bad = i
			}
			continue
		}
		sum += f
		n++
	}
	switch {
	case c.Kind == Categorical:
		seen := make(map[string]bool)
		for _, row := range t.Rows {
			v := row[j]
			if isMissing(v) {
				v = missing
			}
			seen[v] = true
		}
		c.Categories = slices.Sorted(maps.Keys(seen))
	case bad >= 0:
		_, err := parseCell(t.Rows[bad][j])
		return c, t.cellErr(bad, c.Name, err)
	case n > 0:
		c.Mean = sum / float64(n)
		// The network standardises each feature by its mean and standard
		// deviation: values whose sum or squared deviations overflow would
		// make training diverge, so they are a data error here, naming the
		// column, rather than a loss that "is not finite" later.
		ss, big := 0.0, 0.0
		var values fewValues
		for _, row := range t.Rows {
			if isNumericMissing(row[j]) {
				values.missing = true
				continue
			}
			f, _ := number(row[j])
			ss += (f - c.Mean) * (f - c.Mean)
			big = max(big, math.Abs(f))
			values.add(f)
		}
		if !finite(c.Mean) || !finite(ss) {
			return c, &ParseError{File: t.Name, Column: c.Name,
				Err: fmt.Errorf("%w: values up to %g, whose sum or variance overflows float64; rescale the column", ErrOverflow, big)}
		}
		values.record(&c)
	}
	return c, nil
}

// fewValues counts the first two distinct values of a numeric column's
// training cells, and notes a third value and a missing cell.
type fewValues struct {
	vals    [2]float64
	count   [2]int
	k       int  // distinct values seen, up to 2
	more    bool // a third
	missing bool
}

func (v *fewValues) add(f float64) {
	switch {
	case v.k > 0 && f == v.vals[0]:
		v.count[0]++
	case v.k > 1 && f == v.vals[1]:
		v.count[1]++
	case v.k < 2:
		v.vals[v.k], v.count[v.k] = f, 1
		v.k++
	default:
		v.more = true
	}
}

// record sets, for a column of one or two distinct training values, their
// number, the values and the fill of a missing cell (see Column.Values).
func (v *fewValues) record(c *Column) {
	if v.more || v.k == 0 {
		return
	}
	vals, count, k, missing := v.vals, v.count, v.k, v.missing
	if k == 2 && vals[1] < vals[0] {
		vals[0], vals[1] = vals[1], vals[0]
		count[0], count[1] = count[1], count[0]
	}
	if k == 2 && !(vals[1]-vals[0] > 1e-12*max(math.Abs(vals[0]), math.Abs(vals[1]))) {
		return // two values equal up to rounding: no binary column (a 0/1 code would blow their difference up)
	}
	c.Values, c.Low, c.High = k, vals[0], vals[k-1]
	c.ModeFill = k == 2 && missing
	if c.ModeFill && count[1] > count[0] {
		c.Fill = 1
	}
}

// MixedColumn is a categorical column most of whose training values are
// numbers: a few other words (a "missing" spelled some other way, a
// unit) made it one-hot encoded, one feature per distinct number.
type MixedColumn struct {
	Column  string
	Numbers int      // distinct training values that are numbers
	Others  []string // the other distinct values, sorted
}

// MixedColumns returns the categorical columns that look numeric: at
// least 5 distinct values are numbers, at least twice as many as the
// others. FitEncoder encodes them categorically, as it must when a cell
// is not a number, but a user who meant a numeric column wants to know
// (hornetctl train warns).
func (e *Encoder) MixedColumns() []MixedColumn {
	if e == nil {
		return nil
	}
	var out []MixedColumn
	for _, c := range e.Columns {
		if c.Kind != Categorical {
			continue
		}
		m := MixedColumn{Column: c.Name}
		for _, v := range c.Categories {
			if _, ok := number(v); ok {
				m.Numbers++
			} else if !isMissing(v) {
				m.Others = append(m.Others, v)
			}
		}
		if len(m.Others) > 0 && m.Numbers >= 5 && m.Numbers >= 2*len(m.Others) {
			out = append(out, m)
		}
	}
	return out
}

// listNames lists the first k names quoted, and how many more there are.
func listNames(names []string, k int) string {
	out := make([]string, 0, k+1)
	for _, n := range names[:min(k, len(names))] {
		out = append(out, strconv.Quote(n))
	}
	if len(names) > k {
		out = append(out, fmt.Sprintf("and %d more", len(names)-k))
	}
	return strings.Join(out, ", ")
}

// featureHint returns, for a name that is no feature column of header
// with the label column label, a note saying it is the label column, or
// else caseHint's.
func featureHint(header []string, label, name string) string {
	if name == label {
		return " (it is the label column)"
	}
	return caseHint(header, name)
}

// caseHint returns, for a column name missing from header, a note naming
// the column whose name differs from it only in case, or "" if none does.
func caseHint(header []string, name string) string {
	if j := slices.IndexFunc(header, func(h string) bool { return strings.EqualFold(h, name) }); j >= 0 {
		return fmt.Sprintf(" (column %d is %q, which differs in case; names must match exactly)", j+1, header[j])
	}
	return ""
}

// labelColumn checks that t has a header, rows of the right width and at
// least one feature column, and returns the index of the label column (the
// last one if name is "").
func labelColumn(t *Table, name string) (int, error) {
	if t == nil {
		return 0, &ParseError{Err: fmt.Errorf("%w: nil table", ErrEmpty)}
	}
	if len(t.Header) == 0 {
		return 0, &ParseError{File: t.Name, Err: ErrEmpty}
	}
	if len(t.Rows) == 0 {
		return 0, &ParseError{File: t.Name, Err: ErrNoRows}
	}
	if err := checkHeader(t.Header, t.Name, 0); err != nil { // ReadCSV's check, for a table built in code
		return 0, err
	}
	lab := len(t.Header) - 1
	if name != "" {
		if lab = slices.Index(t.Header, name); lab < 0 {
			if hint := caseHint(t.Header, name); hint != "" {
				return 0, &ParseError{File: t.Name, Column: name, Err: fmt.Errorf("%w: no label column of that name%s", ErrNoColumn, hint)}
			}
			return 0, &ParseError{File: t.Name, Column: name, Err: fmt.Errorf("%w: no label column of that name (the columns: %s)", ErrNoColumn, listNames(t.Header, 8))}
		}
	}
	if len(t.Header) < 2 {
		return 0, &ParseError{File: t.Name,
			Err: fmt.Errorf("%w: the only column, %q, is the label", ErrNoFeatures, t.Header[lab])}
	}
	for i, row := range t.Rows {
		if len(row) != len(t.Header) {
			return 0, t.cellErr(i, "", fmt.Errorf("%w: got %d, want %d as in the header", ErrFieldCount, len(row), len(t.Header)))
		}
	}
	return lab, nil
}

// Warning reports cells of one column, at transform time, whose category was
// not seen in training. They are encoded as all zeros in the column's one-hot
// block.
type Warning struct {
	Column, Value string
	Count         int // number of rows
}

func (w Warning) String() string {
	rows := "rows"
	if w.Count == 1 {
		rows = "row"
	}
	return fmt.Sprintf("column %q: category %q was not seen in training (%d %s encoded as all zeros)", w.Column, w.Value, w.Count, rows)
}

// Transform encodes t, which must hold every column the encoder was fitted on
// (found by name, in any order; other columns are ignored) and the label
// column. A label that is not a training class is an ErrUnknownLabel error
// naming the file, line, column and value. Unseen categories are not errors;
// they come back as warnings, sorted by column then value.
func (e *Encoder) Transform(t *Table) (*Dataset, []Warning, error) {
	return e.transform(t, true)
}

// TransformUnlabelled is Transform for data to predict: the label column is
// ignored if present, and the Dataset's Y is nil. Its Classes are still the
// training classes.
func (e *Encoder) TransformUnlabelled(t *Table) (*Dataset, []Warning, error) {
	return e.transform(t, false)
}

func (e *Encoder) transform(t *Table, labelled bool) (*Dataset, []Warning, error) {
	if t == nil {
		return nil, nil, &ParseError{Err: fmt.Errorf("%w: nil table", ErrEmpty)}
	}
	offs, width, err := e.check()
	if err != nil {
		return nil, nil, err
	}
	if lim := t.limits.resolved(); lim.cellsOver(len(t.Rows), width) {
		return nil, nil, &ParseError{File: t.Name,
			Err: fmt.Errorf("%w: encoding makes %d rows × %d features, past the limit of %d cells", ErrTooLarge, len(t.Rows), width, lim.MaxCells)}
	}
	if err := checkHeader(t.Header, t.Name, 0); err != nil { // ReadCSV's check, for a table built in code
		return nil, nil, err
	}
	pos := make(map[string]int, len(t.Header))
	for j, name := range t.Header {
		pos[name] = j
	}
	src := make([]int, len(e.Columns)) // position of each encoder column in t
	for k, c := range e.Columns {
		var ok bool
		if src[k], ok = pos[c.Name]; !ok {
			return nil, nil, &ParseError{File: t.Name, Column: c.Name, Err: fmt.Errorf("%w: the encoder was fitted on it%s", ErrNoColumn, caseHint(t.Header, c.Name))}
		}
	}
	lab := -1
	if labelled {
		var ok bool
		if lab, ok = pos[e.Label]; !ok {
			return nil, nil, &ParseError{File: t.Name, Column: e.Label,
				Err: fmt.Errorf("%w: the label column is required (only prediction reads data without labels)", ErrNoColumn)}
		}
	}
	cats := make([]map[string]int, len(e.Columns))
	for k, c := range e.Columns {
		if c.Kind == Categorical {
			cats[k] = make(map[string]int, len(c.Categories))
			for o, v := range c.Categories {
				cats[k][v] = o
			}
		}
	}
	classes := make(map[string]int, len(e.Classes))
	for y, s := range e.Classes {
		classes[s] = y
	}
	d := &Dataset{
		X:        make([]float64, len(t.Rows)*width),
		Rows:     len(t.Rows),
		Cols:     width,
		Features: slices.Clone(e.Features),
		Classes:  slices.Clone(e.Classes),
		Groups:   e.groups(width),
	}
	if labelled {
		d.Y = make([]int, d.Rows)
	}
	type unseenKey struct {
		col   int
		value string
	}
	unseen := make(map[unseenKey]int)
	for i, row := range t.Rows {
		if len(row) != len(t.Header) {
			return nil, nil, t.cellErr(i, "", fmt.Errorf("%w: got %d, want %d as in the header", ErrFieldCount, len(row), len(t.Header)))
		}
		x := d.X[i*width : (i+1)*width]
		for k, c := range e.Columns {
			v := row[src[k]]
			if c.Kind == Binned || c.Kind == Stepped {
				f := c.Mean
				if !isNumericMissing(v) {
					var err error
					if f, err = parseCell(v); err != nil {
						return nil, nil, t.cellErr(i, c.Name, err)
					}
				}
				off := offs[k]
				if c.Kind == Stepped {
					x[off] = f
					off++
				}
				for o, cut := range c.Cuts {
					if f > cut {
						x[off+o] = 1
					}
				}
				continue
			}
			if c.Kind == Numeric {
				if isNumericMissing(v) {
					x[offs[k]] = c.missingValue()
					continue
				}
				f, err := parseCell(v)
				if err != nil {
					return nil, nil, t.cellErr(i, c.Name, err)
				}
				if x[offs[k]] = c.encode(f); !finite(x[offs[k]]) {
					return nil, nil, t.cellErr(i, c.Name, &cellError{value: v, err: ErrOverflow,
						what: fmt.Sprintf("is too far from the column's training values %s and %s to encode", formatValue(c.Low), formatValue(c.High))})
				}
				continue
			}
			if isMissing(v) {
				v = missing
			}
			if o, ok := cats[k][v]; ok {
				x[offs[k]+o] = 1
			} else {
				unseen[unseenKey{k, v}]++
			}
		}
		if !labelled {
			continue
		}
		v := row[lab]
		if isMissing(v) {
			return nil, nil, t.cellErr(i, e.Label, ErrMissingLabel)
		}
		y, ok := classes[v]
		if !ok {
			return nil, nil, t.cellErr(i, e.Label, &cellError{value: v, what: "is not a training class " + listClasses(e.Classes), err: ErrUnknownLabel})
		}
		d.Y[i] = y
	}
	keys := slices.SortedFunc(maps.Keys(unseen), func(a, b unseenKey) int {
		if a.col != b.col {
			return a.col - b.col
		}
		return strings.Compare(a.value, b.value)
	})
	var warns []Warning
	for _, key := range keys {
		warns = append(warns, Warning{Column: e.Columns[key.col].Name, Value: key.value, Count: unseen[key]})
	}
	return d, warns, nil
}

// listClasses formats a short list of classes for a message.
func listClasses(classes []string) string {
	const most = 10
	var b strings.Builder
	b.WriteString("(")
	for i, c := range classes {
		if i == most {
			fmt.Fprintf(&b, ", … %d more", len(classes)-most)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", c)
	}
	b.WriteString(")")
	return b.String()
}

// Validate checks that e is consistent, as FitEncoder makes it: it may come
// from an edited file. The label and the column names are non-empty and
// distinct, a numeric mean is finite, categories are sorted and distinct,
// the feature names are those the columns encode to, and the classes are
// two or more distinct labels. The error wraps ErrEncoder and names the
// column at fault.
func (e *Encoder) Validate() error {
	_, _, err := e.check()
	return err
}

// check is Validate; it also returns the output offset of each column and
// the output width.
func (e *Encoder) check() (offs []int, width int, err error) {
	bad := func(format string, a ...any) ([]int, int, error) {
		return nil, 0, fmt.Errorf("%w: "+format, append([]any{ErrEncoder}, a...)...)
	}
	if e == nil {
		return bad("nil encoder")
	}
	if e.Label == "" {
		return bad("no label column name")
	}
	offs = make([]int, len(e.Columns))
	seen := map[string]bool{e.Label: true}
	for k, c := range e.Columns {
		offs[k] = width
		switch {
		case c.Name == "":
			return bad("column %d has no name", k+1)
		case c.Name == e.Label:
			return bad("column %s is also the label", quote(c.Name))
		case seen[c.Name]:
			return bad("column %s is listed twice", quote(c.Name))
		}
		seen[c.Name] = true
		switch c.Kind {
		case Numeric:
			if !finite(c.Mean) {
				return bad("column %s has mean %v", quote(c.Name), c.Mean)
			}
			if len(c.Cuts) != 0 {
				return bad("numeric column %s has cuts but is not binned", quote(c.Name))
			}
			switch {
			case c.Values < 0 || c.Values > 2:
				return bad("column %s has %d values, want 0, 1 or 2", quote(c.Name), c.Values)
			case c.Values == 1 && (!finite(c.Low) || c.High != c.Low):
				return bad("constant column %s has low %v and high %v", quote(c.Name), c.Low, c.High)
			case c.Values == 2 && !(finite(c.Low) && finite(c.High) && finite(c.High-c.Low) &&
				c.High-c.Low > 1e-12*max(math.Abs(c.Low), math.Abs(c.High))):
				return bad("binary column %s has low %v and high %v", quote(c.Name), c.Low, c.High)
			case !finite(c.missingValue()):
				return bad("column %s fills a missing cell with %v", quote(c.Name), c.missingValue())
			case c.Fill != 0 && (c.Fill != 1 || !c.ModeFill):
				return bad("column %s fills a missing cell with %v, want 0 or 1 with mode_fill", quote(c.Name), c.Fill)
			case c.ModeFill && c.Values != 2:
				return bad("column %s fills missing cells with a mode but is not binary", quote(c.Name))
			case c.Values == 0 && (c.Low != 0 || c.High != 0):
				return bad("column %s has low or high but no values", quote(c.Name))
			}
			if len(e.Features) > width && e.Features[width] != c.Name {
				return bad("feature %d is named %s, want %s after its column", width+1, quote(e.Features[width]), quote(c.Name))
			}
			width++
		case Binned, Stepped:
			switch {
			case !finite(c.Mean):
				return bad("column %s has mean %v", quote(c.Name), c.Mean)
			case len(c.Cuts) == 0:
				return bad("%s column %s has no cuts", c.Kind, quote(c.Name))
			case c.Values != 0 || c.Low != 0 || c.High != 0 || c.ModeFill || c.Fill != 0 || len(c.Categories) != 0:
				return bad("%s column %s has fields of another kind", c.Kind, quote(c.Name))
			}
			if c.Kind == Stepped {
				if len(e.Features) > width && e.Features[width] != c.Name {
					return bad("feature %d is named %s, want %s after its column", width+1, quote(e.Features[width]), quote(c.Name))
				}
				width++
			}
			for o, cut := range c.Cuts {
				if !finite(cut) || o > 0 && cut <= c.Cuts[o-1] {
					return bad("the cuts of column %s are not finite, increasing and distinct at %v", quote(c.Name), cut)
				}
				if f := binnedName(c.Name, cut); len(e.Features) > width+o && e.Features[width+o] != f {
					return bad("feature %d is named %s, want %s after its column and cut", width+o+1, quote(e.Features[width+o]), quote(f))
				}
			}
			width += len(c.Cuts)
		case Categorical:
			if len(c.Categories) == 0 {
				return bad("categorical column %s has no categories", quote(c.Name))
			}
			for o, v := range c.Categories {
				if o > 0 && v <= c.Categories[o-1] {
					return bad("the categories of column %s are not sorted and distinct at %s", quote(c.Name), quote(v))
				}
				if f := c.Name + "=" + printable(v); len(e.Features) > width+o && e.Features[width+o] != f {
					return bad("feature %d is named %s, want %s after its column and category", width+o+1, quote(e.Features[width+o]), quote(f))
				}
			}
			width += len(c.Categories)
		default:
			return bad("column %s has unknown kind %v", quote(c.Name), c.Kind)
		}
	}
	if width == 0 {
		return bad("it encodes no features")
	}
	if len(e.Features) != width {
		return bad("%d feature names for %d encoded features", len(e.Features), width)
	}
	if len(e.Classes) < 2 {
		return bad("%d classes, want 2 or more", len(e.Classes))
	}
	classes := make(map[string]bool, len(e.Classes))
	for _, c := range e.Classes {
		if classes[c] {
			return bad("class %s is listed twice", quote(c))
		}
		classes[c] = true
	}
	return offs, width, nil
}

// groups returns, for each encoded feature, the index of its input column.
func (e *Encoder) groups(width int) []int {
	g := make([]int, 0, width)
	for j, c := range e.Columns {
		for range c.width() {
			g = append(g, j)
		}
	}
	return g
}

// NumericDataset converts a table whose feature columns are all numeric,
// without encoding: the features keep their column names, and the classes
// are the table's distinct labels sorted as in FitEncoder (a single class is
// allowed here). label names the label column; "" means the last column. A
// missing cell is an ErrMissingValue error, since nothing is imputed.
func NumericDataset(t *Table, label string) (*Dataset, error) {
	lab, err := labelColumn(t, label)
	if err != nil {
		return nil, err
	}
	d := &Dataset{Rows: len(t.Rows), Cols: len(t.Header) - 1}
	d.Features = slices.Delete(slices.Clone(t.Header), lab, lab+1)
	d.X = make([]float64, 0, d.Rows*d.Cols)
	labels := make([]string, len(t.Rows))
	for i, row := range t.Rows {
		for j, v := range row {
			if j == lab {
				continue
			}
			if isMissing(v) {
				return nil, t.cellErr(i, t.Header[j], &cellError{value: v,
					what: "is a missing value (NumericDataset does not impute; use FitEncoder)", err: ErrMissingValue})
			}
			f, err := parseCell(v)
			if err != nil {
				return nil, t.cellErr(i, t.Header[j], err)
			}
			d.X = append(d.X, f)
		}
		if isMissing(row[lab]) {
			return nil, t.cellErr(i, t.Header[lab], ErrMissingLabel)
		}
		labels[i] = row[lab]
	}
	d.Classes, d.Y = classify(labels)
	return d, nil
}

// Source says where an encoded feature comes from: a numeric column
// (kept as its value), or one category of a categorical column (1 when
// the cell holds Category, else 0; Category "NA" stands for a missing
// cell).
type Source struct {
	Column   string
	Category string // "" for a numeric column
	Numeric  bool
	// Binary marks a numeric column of two training values (see
	// Column.Values): On and Off are the values, written as numbers, of
	// the cells that encode as 1 and as 0 ("1" and "0" for a 0/1 column,
	// "7" and "5" for a 5/7 one). With ModeFill a missing cell encodes
	// as its more frequent training value: as 1 when MissingOn, else as
	// 0 (without, as the encoded mean, which no literal tests).
	Binary              bool
	On, Off             string
	ModeFill, MissingOn bool
	// Threshold marks one feature of a Binned column: it is 1 where the
	// value is above Threshold (a number as written by FormatFloat), and a
	// missing cell, which takes the training mean, encodes as 1 when
	// MissingOn.
	Threshold string
}

// Sources returns the source of every encoded feature, in output order.
// It fails, wrapping ErrEncoder, on an inconsistent encoder.
func (e *Encoder) Sources() ([]Source, error) {
	if _, _, err := e.check(); err != nil {
		return nil, err
	}
	var out []Source
	for _, c := range e.Columns {
		if c.Kind == Binned || c.Kind == Stepped {
			if c.Kind == Stepped {
				out = append(out, Source{Column: c.Name, Numeric: true})
			}
			for _, cut := range c.Cuts {
				out = append(out, Source{Column: c.Name, Numeric: true, Threshold: formatValue(cut), MissingOn: c.Mean > cut})
			}
			continue
		}
		if c.Kind == Numeric {
			src := Source{Column: c.Name, Numeric: true}
			if c.Values == 2 {
				src.Binary, src.ModeFill, src.MissingOn = true, c.ModeFill, c.ModeFill && c.Fill == 1
				src.On, src.Off = formatValue(c.High), formatValue(c.Low)
			}
			out = append(out, src)
			continue
		}
		for _, v := range c.Categories {
			out = append(out, Source{Column: c.Name, Category: v})
		}
	}
	return out, nil
}

// IsMissing reports whether a cell counts as missing ("NA" or empty): the
// category a Source names "NA" is such a cell.
func IsMissing(cell string) bool { return isMissing(cell) }

// NumericCell reads a cell as FitEncoder reads a numeric column's: missing
// (IsMissing, or "?"), or the finite number f; ok is false for anything
// else (a word, NaN, ±Inf), which makes the column categorical or an
// error.
func NumericCell(cell string) (f float64, missing, ok bool) {
	if isNumericMissing(cell) {
		return 0, true, true
	}
	f, err := parseCell(cell)
	return f, false, err == nil
}

// encodingNames are the column names one encoding option gives (a set;
// "*" for every feature column), with the words that say which option:
// "as categorical", "to binarise".
type encodingNames struct {
	set map[string]bool
	as  string
}

// namedFor returns the set of names, the column names of one encoding
// option (as says which: "to binarise"; missing, its words where a name
// is not a feature column), refusing with ErrNoColumn a name that is not
// a feature column of t (label its label column), and with
// ErrColumnTwice a column named by an earlier option too, or "*" where an
// earlier option gives "*".
func namedFor(t *Table, label string, names []string, missing, as string, earlier ...encodingNames) (map[string]bool, error) {
	set := make(map[string]bool, len(names))
	for _, name := range names {
		if name != "*" && (!slices.Contains(t.Header, name) || name == label) {
			return nil, &ParseError{File: t.Name, Column: name,
				Err: fmt.Errorf("%w: no feature column of that name %s%s", ErrNoColumn, missing, featureHint(t.Header, label, name))}
		}
		for _, o := range earlier {
			if name != "*" && o.set[name] {
				return nil, &ParseError{File: t.Name, Column: name,
					Err: fmt.Errorf("%w: the column is named both %s and %s", ErrColumnTwice, as, o.as)}
			}
		}
		set[name] = true
	}
	for _, o := range earlier {
		if set["*"] && o.set["*"] {
			return nil, &ParseError{File: t.Name,
				Err: fmt.Errorf("%w: every column is named both %s and %s (*)", ErrColumnTwice, as, o.as)}
		}
	}
	return set, nil
}
