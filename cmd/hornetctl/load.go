// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/sirupsen/logrus"
	"github.com/urfave/cli/v2"
	"golang.org/x/text/unicode/norm"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/internal/atomicwrite"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Input formats of --data-format.
const (
	formatCSV    = "csv"
	formatLibSVM = "libsvm"
)

// dataFlags are the flags that say where a table is and how to read it.
// --data-format is the only input-format flag: --format is always an
// output format.
func dataFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "data", Category: "Data", Usage: "read the table from `FILE`, or from standard input if FILE is - (required)"},
		&cli.StringFlag{Name: "data-format", Category: "Data", Value: formatCSV,
			Usage: "input `FORMAT`: csv (plain or gzip, told by content) or libsvm"},
		&cli.StringFlag{Name: "label", Category: "Data", Usage: "`NAME` of the label column of a CSV file (default: the last column)"},
		&cli.IntFlag{Name: "max-input-mb", Category: "Data", Value: defaultMaxInputMB,
			Usage: fmt.Sprintf("refuse data larger than `MB` MiB after decompression; the limit on rows × columns (%d Mi cells by default) scales with it. Reading may take twice MB, which must fit the machine's memory and ulimit -v", data.DefaultMaxCells>>20)},
	}
}

// Input limits: --max-input-mb sets data.Limits.MaxBytes, and MaxCells in
// proportion (one cell per cellBytes bytes), so that one flag raises both.
const (
	defaultMaxInputMB = data.DefaultMaxBytes >> 20
	maxMaxInputMB     = 1 << 20 // 1 TiB
	cellBytes         = data.DefaultMaxBytes / data.DefaultMaxCells
)

// readingBytesPerInputByte is how many bytes of memory reading a table
// may take for each byte --max-input-mb allows: its text, and the cells
// and rows of data.Table as read (up to MaxCells, one for each cellBytes
// of the limit, at about cellBytes each). Measured: a gzip bomb of
// two-column rows, refused at the cell limit, peaks at 1.4 times the
// limit (373 MB of resident memory at 256, 1.47 GB at 1024).
const readingBytesPerInputByte = 2

// readingMemory is the memory reading a table may take under
// --max-input-mb mb, in bytes.
func readingMemory(mb int) int64 { return int64(mb) << 20 * readingBytesPerInputByte }

// inputLimits returns the data limits for --max-input-mb mb.
func inputLimits(mb int) data.Limits {
	return data.Limits{MaxBytes: int64(mb) << 20, MaxCells: int64(mb) << 20 / cellBytes}
}

// categoricalFlag is the training-only flag that one-hot encodes
// numeric-coded columns.
func categoricalFlag() cli.Flag {
	return &cli.StringSliceFlag{Name: "categorical", Category: "Data",
		Usage: "one-hot encode the CSV columns `NAMES` (comma-separated, or * for every feature column) even when their values are numbers, e.g. integer codes"}
}

// binariseFlags are the training-only flags that code numeric columns as
// thresholds at their training quartiles (data.Binned), or keep them
// numbers.
func binariseFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringSliceFlag{Name: "binarise", Category: "Data",
			Usage: fmt.Sprintf("code the numeric CSV columns `NAMES` (comma-separated, or * for every numeric column) as 0/1 thresholds at their training quartiles (age>45), so that a table of 0/1 flags with some continuous columns takes the categorical route and its rules test the thresholds (default: the continuous columns of a table of flags with at most %d of them and %d flags for each; and every continuous column of a table with 1 to %d of them, alone or beside flags and categories (at most %d features), or of a table of codes of at most %d values (genotypes; at most %d cells), over %d to %d rows, where an inner %d-fold check of train, cv and bench real finds it predicts better, codes then one-hot)", data.AutoBinariseMax, data.AutoBinariseFlags, train.EncodingMaxColumns, train.EncodingMaxFeatures, train.EncodingCodeValues, train.EncodingMaxCodeCells, train.EncodingMinRows, train.EncodingMaxRows, train.EncodingFolds)},
		&cli.BoolFlag{Name: "no-binarise", Category: "Data",
			Usage: "keep every numeric CSV column a number: do not binarise the one or two continuous columns of a table of flags, nor check whether binarising the continuous columns of a table with a few of them, or adding steps to them, predicts better (the continuous route, a linear model, then takes it)"},
		&cli.StringSliceFlag{Name: "steps", Category: "Data",
			Usage: fmt.Sprintf("code the numeric CSV columns `NAMES` (comma-separated, or * for every numeric column) as their value beside 0/1 thresholds at their training quartiles (age, age>45), so that the continuous route's linear model adds steps to each column's slope (default: every continuous column of a table of at most %d features, over %d to %d rows, where the inner %d-fold check of train, cv and bench real finds the held-out loss lower with them by more than %g standard error and binarising does not predict better)", train.EncodingMaxFeatures, train.EncodingMinRows, train.EncodingMaxRows, train.EncodingFolds, train.StepsMargin)},
	}
}

// dataOptions are the values of dataFlags.
type dataOptions struct {
	Path        string      // --data; "stdin" for --data -
	Stdin       io.Reader   // the standard input for --data -, else nil
	Format      string      // --data-format: csv or libsvm
	Label       string      // --label; "" means the last column (or the model's label)
	Categorical []string    // --categorical (train and cv only)
	Binarise    []string    // --binarise (train and cv only)
	NoBinarise  bool        // --no-binarise (train and cv only)
	Steps       []string    // --steps (train and cv only)
	Limits      data.Limits // from --max-input-mb; the zero value is the default
}

// stdinName names the standard input in messages.
const stdinName = "stdin"

// readDataFlags reads and checks the values of dataFlags. --data - reads
// the table from stdin, named "stdin" in messages.
func readDataFlags(c *cli.Context, stdin io.Reader) (dataOptions, error) {
	// --label is trimmed, as the header's names are (and --categorical's).
	o := dataOptions{Path: c.String("data"), Format: strings.ToLower(c.String("data-format")), Label: strings.TrimSpace(c.String("label"))}
	if o.Path == "-" {
		o.Path, o.Stdin = stdinName, stdin
		if stdin == nil {
			o.Stdin = strings.NewReader("")
		}
		if stdinIsTerminal(stdin) && !c.Bool("quiet") && c.App.ErrWriter != nil {
			// Else the command seems to hang, waiting for the table.
			fmt.Fprintln(c.App.ErrWriter, "hornetctl: reading the table from the terminal (--data -): type or paste it, then press Ctrl-D on a line of its own")
		}
	}
	if err := oneOf("data-format", o.Format, formatCSV, formatLibSVM); err != nil {
		return o, err
	}
	if c.IsSet("max-input-mb") {
		mb := c.Int("max-input-mb")
		if mb < 1 || mb > maxMaxInputMB {
			return o, usagef("invalid --max-input-mb %d: want 1 to %d", mb, maxMaxInputMB)
		}
		if ceiling, what, ok := memoryCeiling(); ok && readingMemory(mb) > ceiling {
			return o, usagef("invalid --max-input-mb %d: reading that much may take about %s, more than the %s of %s",
				mb, megabytes(readingMemory(mb)), megabytes(ceiling), what)
		}
		o.Limits = inputLimits(mb)
	}
	if o.Format == formatLibSVM && c.IsSet("label") {
		return o, usagef("--label applies to CSV input only; a LibSVM line starts with its label")
	}
	if c.IsSet("categorical") {
		if o.Format == formatLibSVM {
			return o, usagef("--categorical applies to CSV input only")
		}
		o.Categorical = categoricalNames(c)
	}
	if c.IsSet("binarise") {
		if o.Format == formatLibSVM {
			return o, usagef("--binarise applies to CSV input only")
		}
		o.Binarise = columnNames(c, "binarise")
	}
	if o.NoBinarise = c.Bool("no-binarise"); o.NoBinarise && len(o.Binarise) > 0 {
		return o, usagef("--no-binarise and --binarise exclude each other")
	}
	if c.IsSet("steps") {
		if o.Format == formatLibSVM {
			return o, usagef("--steps applies to CSV input only")
		}
		if o.Steps = columnNames(c, "steps"); o.NoBinarise {
			return o, usagef("--no-binarise and --steps exclude each other")
		}
	}
	return o, nil
}

// encoderOptions returns the options of the CSV encoder fitted on the
// training table.
func (o dataOptions) encoderOptions() data.EncoderOptions {
	return data.EncoderOptions{Label: o.Label, Categorical: o.Categorical, Binarise: o.Binarise, NoBinarise: o.NoBinarise, Steps: o.Steps}
}

// categoricalNames returns the column names of --categorical, trimmed,
// empty ones dropped.
func categoricalNames(c *cli.Context) []string { return columnNames(c, "categorical") }

// columnNames returns the column names of the string-slice flag name,
// trimmed, empty ones dropped.
func columnNames(c *cli.Context, flag string) []string {
	var names []string
	for _, name := range c.StringSlice(flag) {
		if name = strings.TrimSpace(name); name != "" {
			names = append(names, name)
		}
	}
	return names
}

// loadTrainingChecked is loadTraining for train: where the flags leave the
// encoding open and the CSV table has a few continuous columns,
// train.ChooseEncoding decides by an inner cross-validation with the fit
// flags whether to binarise them (the check is nil where it did not run).
// admit, where not nil, is asked before the check whether the flags can
// fit the table at all: it gets the table as the flags encode it and the
// most feature columns that binarising its continuous columns could give,
// so that an impossible flag fails at once rather than after the check's
// fits (minutes on a wide table of codes).
func loadTrainingChecked(ctx context.Context, o dataOptions, fit fitOptions, log logrus.FieldLogger, admit func(ds *data.Dataset, mostCols int) error) (*data.Dataset, *data.Encoder, *train.EncodingCheck, error) {
	if o.Format == formatLibSVM {
		ds, enc, err := loadTraining(ctx, o)
		if err == nil && admit != nil {
			err = admit(ds, ds.Cols)
		}
		return ds, enc, nil, err
	}
	t, err := readCSVTable(ctx, o)
	if err != nil {
		return nil, nil, nil, err
	}
	enc, err := data.FitEncoder(t, o.encoderOptions())
	if err != nil {
		return nil, nil, nil, inputError(err) // one-hot encoding past the cells limit names the flag
	}
	ds, _, err := enc.Transform(t) // the encoder has seen every category: no warnings
	if err != nil {
		return nil, nil, nil, inputError(err)
	}
	if admit != nil {
		if err := admit(ds, ds.Cols+mostAddedByBinarising*continuousColumns(enc)); err != nil {
			return nil, nil, nil, err
		}
	}
	opts, check, err := train.ChooseEncoding(ctx, t, o.encoderOptions(), fit.Model, fit.Train, log)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, nil, nil, err
		}
		return nil, nil, nil, inputError(err)
	}
	if check == nil || !check.Binarised && !check.Steps { // opts are the flags' own: the encoder above
		return ds, enc, check, nil
	}
	if enc, err = data.FitEncoder(t, opts); err != nil {
		return nil, nil, nil, inputError(err)
	}
	if ds, _, err = enc.Transform(t); err != nil {
		return nil, nil, nil, inputError(err)
	}
	return ds, enc, check, nil
}

// mostAddedByBinarising bounds the features that the encoding check's
// binarised encoding adds to a numeric column's one: at most three cuts,
// or one-hot over at most train.EncodingCodeValues values and a missing
// one.
const mostAddedByBinarising = train.EncodingCodeValues

// continuousColumns counts enc's numeric columns of more than two values,
// those the encoding check may binarise.
func continuousColumns(enc *data.Encoder) int {
	n := 0
	for _, c := range enc.Columns {
		if c.Kind == data.Numeric && c.Values == 0 {
			n++
		}
	}
	return n
}

// loadTraining reads a labelled training table. A CSV file is encoded by an
// Encoder fitted on it (returned, to be saved with the model); a LibSVM
// file is used as it is and the encoder is nil.
func loadTraining(ctx context.Context, o dataOptions) (*data.Dataset, *data.Encoder, error) {
	if o.Format == formatLibSVM {
		ds, err := readLibSVM(ctx, o, 0)
		if err != nil {
			return nil, nil, pathError(err)
		}
		if len(ds.Classes) < 2 {
			return nil, nil, &data.ParseError{File: o.Path, Err: fmt.Errorf("%w: every row has label %q", data.ErrSingleClass, ds.Classes[0])}
		}
		return ds, nil, nil
	}
	t, err := readCSVTable(ctx, o)
	if err != nil {
		return nil, nil, err
	}
	enc, err := data.FitEncoder(t, o.encoderOptions())
	if err != nil {
		return nil, nil, inputError(err) // one-hot encoding past the cells limit names the flag
	}
	ds, _, err := enc.Transform(t) // the encoder has seen every category: no warnings
	if err != nil {
		return nil, nil, inputError(err)
	}
	return ds, enc, nil
}

// loadForModel reads a table to evaluate (labelled) or predict (not
// labelled) with the model b, encoded as its training data was. The
// warnings name categories that the model never saw. A --label naming a
// feature column of the model is a usage error, and so, for prediction
// (where the label column is optional and would be ignored in silence),
// is one naming no column of the file.
func loadForModel(ctx context.Context, o dataOptions, b *train.Bundle, modelPath string, labelled bool) (*data.Dataset, []data.Warning, error) {
	if o.Format == formatLibSVM {
		if b.Encoder != nil {
			return nil, nil, usagef("the model %s was trained on CSV data, whose columns its encoder reads by name: read %s as CSV, without --data-format libsvm", modelPath, o.Path)
		}
		ds, err := readLibSVM(ctx, o, b.Network.Features())
		if err != nil {
			return nil, nil, err
		}
		if label, ok := csvAsLibSVM(ds); ok {
			return nil, nil, &data.ParseError{File: o.Path,
				Err: fmt.Errorf("%w: no line has an index:value pair and every label holds commas (%q): a CSV file? read it with --data-format csv", data.ErrSyntax, label)}
		}
		if ds.Cols != b.Network.Features() {
			return nil, nil, &data.ParseError{File: o.Path, Err: fmt.Errorf("%w: %d features, the model %s wants %d", data.ErrIndex, ds.Cols, modelPath, b.Network.Features())}
		}
		if !labelled {
			ds.Y = nil
			ds.Classes = b.Classes
			return ds, nil, nil
		}
		// The file's labels are its own sorted classes: map them onto the model's.
		index := make(map[string]int, len(b.Classes))
		for k, s := range b.Classes {
			index[s] = k
		}
		for i, y := range ds.Y {
			k, ok := index[ds.Classes[y]]
			if !ok {
				return nil, nil, &data.ParseError{File: o.Path,
					Err: fmt.Errorf("%w: row %d has label %q, not one of the model's classes %q", data.ErrUnknownLabel, i+1, ds.Classes[y], b.Classes)}
			}
			ds.Y[i] = k
		}
		ds.Classes = b.Classes
		return ds, nil, nil
	}
	if b.Encoder == nil {
		return nil, nil, usagef("the model %s was trained on LibSVM data and has no CSV encoder: read %s with --data-format libsvm", modelPath, o.Path)
	}
	t, err := readCSVTable(ctx, o)
	if err != nil {
		return nil, nil, err
	}
	enc := *b.Encoder
	if o.Label != "" {
		if slices.ContainsFunc(enc.Columns, func(c data.Column) bool { return c.Name == o.Label }) {
			return nil, nil, usagef("invalid --label %s: %s is a feature column of the model %s (trained with label column %q)", o.Label, o.Label, modelPath, b.Encoder.Label)
		}
		if !labelled && !slices.Contains(t.Header, o.Label) { // eval's Transform requires the column
			return nil, nil, usagef("invalid --label %s: %s has no column %s (the model %s was trained with label column %q)", o.Label, o.Path, o.Label, modelPath, b.Encoder.Label)
		}
		enc.Label = o.Label // the label column may be named differently here
	}
	transform := enc.TransformUnlabelled
	if labelled {
		transform = enc.Transform
	}
	ds, warns, err := transform(t)
	return ds, warns, inputError(err)
}

// csvAsLibSVM reports whether ds, read as LibSVM for a model (which fixes
// its features), is a CSV file read so: no row has a nonzero value and
// every label holds a comma (a CSV line without spaces is one label
// token). It returns a label to quote, cut to 40 bytes.
func csvAsLibSVM(ds *data.Dataset) (string, bool) {
	if len(ds.Classes) == 0 || slices.ContainsFunc(ds.X, func(v float64) bool { return v != 0 }) {
		return "", false
	}
	for _, c := range ds.Classes {
		if !strings.Contains(c, ",") {
			return "", false
		}
	}
	label := ds.Classes[0]
	if len(label) > 40 {
		label = strings.ToValidUTF8(label[:40], "") + "..."
	}
	return label, true
}

// file is the --data value for checkOutput: "-" for stdin, which no
// output can overwrite.
func (o dataOptions) file() string {
	if o.Stdin != nil {
		return "-"
	}
	return o.Path
}

// readCSVTable reads the CSV table of o (a file or stdin) within its
// limits; see withContext.
func readCSVTable(ctx context.Context, o dataOptions) (*data.Table, error) {
	return withContext(ctx, "reading "+o.Path, func() (*data.Table, error) {
		var t *data.Table
		var err error
		if o.Stdin != nil {
			t, err = data.ReadCSVLimited(o.Stdin, o.Path, o.Limits)
		} else {
			t, err = data.ReadCSVFileLimited(o.Path, o.Limits)
		}
		return t, inputError(err)
	})
}

// readLibSVM reads the LibSVM table of o (a file or stdin) within its limits; see
// withContext.
func readLibSVM(ctx context.Context, o dataOptions, nFeatures int) (*data.Dataset, error) {
	return withContext(ctx, "reading "+o.Path, func() (*data.Dataset, error) {
		var ds *data.Dataset
		var err error
		if o.Stdin != nil {
			ds, err = data.ReadLibSVMLimited(o.Stdin, o.Path, nFeatures, o.Limits)
		} else {
			ds, err = data.ReadLibSVMFileLimited(o.Path, nFeatures, o.Limits)
		}
		return ds, inputError(err)
	})
}

// loadBundle reads a model file; see withContext.
func loadBundle(ctx context.Context, path string) (*train.Bundle, error) {
	if path == "-" {
		return nil, usagef("invalid --model -: a model is read from a file (standard input is for --data)")
	}
	return withContext(ctx, "reading "+path, func() (*train.Bundle, error) {
		b, err := train.LoadBundle(path)
		return b, pathError(err) // "m.json: no such file or directory"
	})
}

// notStdin refuses - as the value of --flag, a file that standard input
// does not stand for (only --data of a command that reads one table reads
// it); what says what the flag reads, as "a grid is read".
func notStdin(flag, path, what string) error {
	if path == "-" {
		return usagef("invalid --%s -: %s from a file, not standard input", flag, what)
	}
	return nil
}

// withContext runs read, which may block (a FIFO with no writer blocks in
// open, a slow pipe in read), in a goroutine, and returns early with an
// interrupted error when ctx is cancelled. The abandoned goroutine runs on
// until its read returns or the process exits, which a command does at
// once after an interruption. A panic in read comes back as an error.
func withContext[T any](ctx context.Context, what string, read func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				var zero T
				done <- result{zero, fmt.Errorf("internal error %s: %s (this is a bug in hornetctl; please report it)", what, r)}
			}
		}()
		v, err := read()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, &interrupted{what + " interrupted"}
	}
}

// rowError names the file and its 1-based data row in a model error about
// one row of a dataset read from file (such as values that overflow the
// network); other errors pass unchanged.
func rowError(file string, err error) error {
	var re *model.RowError
	if errors.As(err, &re) {
		return &data.ParseError{File: file, Err: fmt.Errorf("data row %d: %w", re.Row+1, re.Err)}
	}
	return err
}

// inputError is pathError, plus the flag that raises a size limit:
// --max-input-mb raises the bytes and cells, not the features limit.
func inputError(err error) error {
	if errors.Is(err, data.ErrTooLarge) && !errors.Is(err, data.ErrFeatureLimit) {
		return fmt.Errorf("%w (raise the limit with --max-input-mb)", err)
	}
	return pathError(err)
}

// pathError shortens the library's "data: open FILE: reason" to "FILE:
// reason", the form of every other data error.
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Path, pe.Err)
	}
	return err
}

// warnOffRoute warns, in one line, when rows with more than two distinct
// values (an imputed NA, a value the training file never had) were
// predicted by the categorical route, the only route the model was
// trained on: each row is still predicted on its own, but by a route that
// never saw such values.
func warnOffRoute(w io.Writer, file string, ds *data.Dataset, routes []model.Route) {
	count := 0
	for i, r := range routes {
		if r == model.Categorical && model.RouteOf(ds.Row(i)) != model.Categorical {
			count++
		}
	}
	if count > 0 {
		fmt.Fprintf(w, "hornetctl: warning: %s: %d of %d rows hold non-binary values (e.g. an imputed NA) and were predicted by the categorical route, the only one the model was trained on; their predictions are less reliable\n",
			oneLine(file), count, len(routes))
	}
}

// warnMixedColumns warns, one line each, of the categorical training
// columns that look numeric (data.Encoder.MixedColumns) unless
// --categorical names them: a few words among numbers make a column
// one-hot encoded, one feature per distinct number.
func warnMixedColumns(w io.Writer, file string, enc *data.Encoder, categorical []string) {
	if enc == nil || slices.Contains(categorical, "*") {
		return
	}
	for _, m := range enc.MixedColumns() {
		if slices.Contains(categorical, m.Column) {
			continue
		}
		fmt.Fprintf(w, "hornetctl: warning: %s: column %q holds %d distinct numbers but also %s, so it is one-hot encoded, one feature per distinct value; leave those cells empty, NA or ? to keep it numeric, or name it in --categorical\n",
			oneLine(file), m.Column, m.Numbers, quoteFew(m.Others, 3))
	}
}

// warnFewContinuous warns when a table of binary features goes to the
// continuous route because of a few others: the network takes the
// categorical route, the one that learns interactions, only where every
// value is one of two, so one continuous column (an age beside clinical
// flags) makes the whole table a linear model's. The warning names up to
// three such features; nothing is said where most features are not binary.
func warnFewContinuous(w io.Writer, file string, ds *data.Dataset) {
	if ds == nil || ds.Cols < 3 || model.RouteOf(ds.X) != model.Continuous {
		return
	}
	var others []string
	for j := range ds.Cols {
		for i := range ds.Rows {
			if v := ds.X[i*ds.Cols+j]; v != 0 && v != 1 {
				others = append(others, ds.Features[j])
				break
			}
		}
	}
	if len(others) == 0 || len(others) > max(2, ds.Cols/10) {
		return
	}
	verb, them := "are", "them"
	if len(others) == 1 {
		verb, them = "is", "it"
	}
	fmt.Fprintf(w, "hornetctl: warning: %s: %d of %d features are 0/1 but %s %s not, so the table takes the continuous route (a linear model, no interaction rules); drop %s or binarise %s (%s) to let the categorical route find interactions\n",
		oneLine(file), ds.Cols-len(others), ds.Cols, quoteFew(others, 3), verb, them, them, binariseHint(others))
}

// warnDosageCodes warns when a table goes to the continuous route because
// its columns hold the codes 0, 1 and 2 (genotypes as minor-allele
// counts, or any three-level score): read as numbers they give a linear
// model, which cannot express an interaction of two columns, while
// --categorical '*' one-hot encodes them for the categorical route (xor
// of two such columns among 2,000, 300 rows, 3-fold cv: macro-F1 0.48 as
// numbers, 1.000 one-hot, 0.88 binarised), as --binarise '*' does with a
// feature per threshold (fewer features: helper D found it the quicker,
// and as exact on AND, xor and recessive-by-dominant pairs among 2,000
// SNPs); the warning names both. It speaks where nine in ten of the columns
// that are not 0/1 hold exactly those three codes (a missing cell,
// imputed by the column's mean, aside: vals is columnValues); other codes (-2/0/2 levels of
// discretised expression, as skf_colon's, where one-hot loses: 0.82 →
// 0.66) stay silent, since nothing says they are counts.
func warnDosageCodes(w io.Writer, file string, ds *data.Dataset, enc *data.Encoder, vals []map[string]int) {
	if vals == nil || model.RouteOf(ds.X) != model.Continuous {
		return
	}
	others, dosage, features := 0, 0, ds.Cols
	for k, c := range enc.Columns {
		if c.Kind == data.Stepped {
			features -= len(c.Cuts) // counted as the numbers they are steps of
		}
		if c.Kind != data.Numeric && c.Kind != data.Stepped || c.Values == 2 {
			continue
		}
		others++
		if len(vals[k]) == 3 && vals[k]["0"] > 0 && vals[k]["1"] > 0 && vals[k]["2"] > 0 {
			dosage++
		}
	}
	if dosage == 0 || 10*dosage < 9*others {
		return
	}
	fmt.Fprintf(w, "hornetctl: warning: %s: %d of %d features hold the codes 0, 1 and 2 (genotypes?), read as numbers, so the table takes the continuous route (a linear model, no interaction rules); --categorical '*' (a feature per code) or --binarise '*' (a feature per threshold, fewer) encodes them for the categorical route, which finds interactions: compare them with cv\n",
		oneLine(file), dosage, features)
}

// columnValues returns, for each column of enc (nil for a binned one), its
// distinct training values as written (a number as the shortest string
// that reads back as it) and the rows that hold each, missing cells
// aside. A numeric column's missing cells take its mean, so a value equal
// to a mean that is not a whole number is taken for a missing cell.
func columnValues(ds *data.Dataset, enc *data.Encoder) []map[string]int {
	if ds == nil || enc == nil {
		return nil
	}
	out := make([]map[string]int, len(enc.Columns))
	off := 0
	for k, c := range enc.Columns {
		width := 1
		switch c.Kind {
		case data.Categorical:
			width = len(c.Categories)
		case data.Binned:
			width = len(c.Cuts)
		case data.Stepped:
			width = 1 + len(c.Cuts) // the value, then its steps
		}
		if off+width > ds.Cols {
			return nil
		}
		if c.Kind == data.Binned {
			off += width
			continue
		}
		vals := make(map[string]int)
		nums := make(map[float64]int) // a numeric column's values, written out once counted
		for i := range ds.Rows {
			x := ds.X[i*ds.Cols+off : i*ds.Cols+off+width]
			switch {
			case c.Kind == data.Categorical:
				if o := slices.Index(x, 1); o >= 0 && !data.IsMissing(c.Categories[o]) {
					vals[c.Categories[o]]++
				}
			case c.Values == 2 && (x[0] == 0 || x[0] == 1):
				nums[[]float64{c.Low, c.High}[int(x[0])]]++
			case c.Values == 1 && x[0] == 0:
				nums[c.Low]++
			case c.Values == 0 && (x[0] != c.Mean || x[0] == float64(int64(x[0]))):
				nums[x[0]]++
			}
		}
		for v, n := range nums {
			vals[strconv.FormatFloat(v, 'g', -1, 64)] += n
		}
		out[k] = vals
		off += width
	}
	return out
}

// warnStrayCodes warns when a table of genotypes, columns of the codes 0,
// 1 and 2 (minor-allele counts), has columns holding a value or two
// besides: a stray "3", or a missing call written "./." or ".", which
// only NA, ? and an empty cell mean. Read as a number a stray code is a
// dose like any other and goes unnoticed; a word makes the column
// one-hot encoded, one feature per code (and one for the word), while
// the rest of the table is read as numbers. It speaks where nine in ten
// of the columns hold codes 0, 1 and 2 only, or with at most two other
// values in fewer rows than the codes, and half of them hold all three
// codes (a table of 0/1 flags with a stray value is not genotypes), and
// names the other values and the first columns that hold them. It
// reports whether the words it found made most columns one-hot encoded
// (a missing call written "./." throughout), when the warnings of a few
// continuous columns and of dosage codes, which then speak of the few
// columns without such a cell, are beside the point.
func warnStrayCodes(w io.Writer, file string, enc *data.Encoder, vals []map[string]int, categorical []string) (mostEncoded bool) {
	if vals == nil {
		return false
	}
	type stray struct {
		column string
		others []string
		words  bool // one-hot encoded because of them, not by --categorical
	}
	var strays []stray
	checked, codeCols, all3 := 0, 0, 0
	for k, vs := range vals {
		if vs == nil {
			continue
		}
		checked++
		codes, codeRows, otherRows := 0, 0, 0
		var others []string
		for v, n := range vs {
			if v == "0" || v == "1" || v == "2" {
				codes++
				codeRows += n
			} else {
				others = append(others, v)
				otherRows += n
			}
		}
		switch {
		case len(others) == 0 && codes > 0:
			codeCols++
		case len(others) <= 2 && codes >= 2 && otherRows < codeRows:
			codeCols++
			slices.Sort(others)
			c := enc.Columns[k]
			strays = append(strays, stray{c.Name, others,
				c.Kind == data.Categorical && !slices.Contains(categorical, "*") && !slices.Contains(categorical, c.Name)})
		default:
			continue
		}
		if codes == 3 {
			all3++
		}
	}
	if len(strays) == 0 || 10*codeCols < 9*checked || 2*all3 < codeCols {
		return false
	}
	byValue := make(map[string][2]int) // other value -> columns, rows
	index := make(map[string]int, len(enc.Columns))
	for k, c := range enc.Columns {
		index[c.Name] = k
	}
	words := 0
	names := make([]string, 0, len(strays))
	for _, s := range strays {
		for _, v := range s.others {
			byValue[v] = [2]int{byValue[v][0] + 1, byValue[v][1] + vals[index[s.column]][v]}
		}
		if s.words {
			words++
		}
		names = append(names, s.column)
	}
	others := make([]string, 0, len(byValue))
	for v := range byValue {
		others = append(others, v)
	}
	slices.SortFunc(others, func(a, b string) int {
		if c := byValue[b][0] - byValue[a][0]; c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	var what []string
	for _, v := range others[:min(3, len(others))] {
		what = append(what, fmt.Sprintf("%q in %s, %s", v, count(byValue[v][0], "column"), count(byValue[v][1], "cell")))
	}
	if len(others) > 3 {
		what = append(what, fmt.Sprintf("%d more values", len(others)-3))
	}
	encoded := ""
	if words > 0 {
		encoded = fmt.Sprintf("; the words make %s one-hot encoded, one feature per value, not read as numbers", count(words, "column"))
	}
	verb := "hold"
	if len(strays) == 1 {
		verb = "holds"
	}
	fmt.Fprintf(w, "hornetctl: warning: %s: %d of %d columns %s the genotype codes 0, 1 and 2 but also other values: %s (%s)%s; a minor-allele count is 0, 1 or 2: check those cells, and write a missing call as NA or leave it empty\n",
		oneLine(file), len(strays), checked, verb, strings.Join(what, "; "), quoteFew(names, 3), encoded)
	return 2*words > checked
}

// count writes n and the noun, with an s unless n is 1: "1 row", "3 rows".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// binariseHint returns the --binarise flag that binarises the columns
// names: by name for up to three plain names, else every numeric column.
func binariseHint(names []string) string {
	if len(names) > 3 || slices.ContainsFunc(names, func(n string) bool { return strings.ContainsAny(n, ", '\"\\") }) {
		return "--binarise '*'"
	}
	return "--binarise " + strings.Join(names, ",")
}

// warnManyClasses warns when the label has more classes than half the
// training rows (and at least manyClasses): most classes then have one
// row, as when the label is an identifier, and nothing learned from them
// generalises. Training is slow too: every class adds an output weight
// to each rule slot, so an epoch's work grows as rows × classes (2,000
// rows of 2,000 classes: 5.5 s an epoch; 5,000 of 5,000: 27 s, against
// 0.1 s for 5,000 rows of two classes). It warns also of more than
// slowClasses classes however many rows each has, for the time alone
// (2,500 classes of two rows each: 8.5 s an epoch). cv needs no warning:
// it refuses more folds than the smallest class has rows.
func warnManyClasses(w io.Writer, file string, ds *data.Dataset) {
	if ds == nil || len(ds.Classes) < manyClasses {
		return
	}
	switch {
	case 2*len(ds.Classes) > ds.Rows:
		fmt.Fprintf(w, "hornetctl: warning: %s: the label has %d classes for %d rows, so most classes have a single row, as if it were an identifier: nothing learned from them generalises, and each epoch takes long (its work grows with rows × classes); choose another --label\n",
			oneLine(file), len(ds.Classes), ds.Rows)
	case len(ds.Classes) > slowClasses:
		fmt.Fprintf(w, "hornetctl: warning: %s: the label has %d classes, more than %d, so each epoch takes long (its work grows with rows × classes: 2,500 classes of 5,000 rows take 8.5 s an epoch); check that --label names the right column\n",
			oneLine(file), len(ds.Classes), slowClasses)
	}
}

// warnAlikeClasses warns when two class labels are different strings for
// one number ("1" and "1.0") or differ only in case ("Yes" and "yes") or
// in Unicode normalisation ("café" with U+00E9, or with "e" and the
// combining U+0301; golang.org/x/text's NFC): labels are strings, so they
// are two classes, which is seldom meant. It names the first such pair,
// escaped (%+q) when normalisation is what makes them alike, since they
// then print alike, and counts the others.
func warnAlikeClasses(w io.Writer, file string, ds *data.Dataset) {
	if ds == nil {
		return
	}
	// pairs holds each alike pair as the warning words it: quoted, and
	// why they are alike when it does not show.
	var pairs []string
	byNumber, byFold := map[float64]string{}, map[string]string{}
	for _, c := range ds.Classes {
		if v, err := strconv.ParseFloat(c, 64); err == nil {
			if first, ok := byNumber[v]; ok {
				pairs = append(pairs, fmt.Sprintf("%q and %q are two classes, being different strings", first, c))
				continue
			}
			byNumber[v] = c
		}
		fold := strings.ToLower(norm.NFC.String(c))
		first, ok := byFold[fold]
		switch {
		case !ok:
			byFold[fold] = c
		case norm.NFC.String(first) == norm.NFC.String(c):
			pairs = append(pairs, fmt.Sprintf("%+q and %+q are two classes, being different strings (they differ only in Unicode normalisation, and print alike)", first, c))
		case strings.ToLower(first) != strings.ToLower(c):
			pairs = append(pairs, fmt.Sprintf("%+q and %+q are two classes, being different strings (they differ in case and in Unicode normalisation)", first, c))
		default:
			pairs = append(pairs, fmt.Sprintf("%q and %q are two classes, being different strings", first, c))
		}
	}
	if len(pairs) == 0 {
		return
	}
	more := ""
	if len(pairs) > 1 {
		more = fmt.Sprintf(" (and %d more such pairs)", len(pairs)-1)
	}
	fmt.Fprintf(w, "hornetctl: warning: %s: the labels %s%s; write each class one way if they mean one\n", oneLine(file), pairs[0], more)
}

// manyClasses is the fewest classes warnManyClasses warns of: a tiny table
// with a class or two per row is an example, not a mistake.
const manyClasses = 20

// slowClasses is the most classes warnManyClasses lets pass without a
// warning whatever the rows: past it an epoch takes seconds where two
// classes take a tenth of one.
const slowClasses = 1000

// quoteFew lists the first k of names quoted, and how many more there are.
func quoteFew(names []string, k int) string {
	out := make([]string, 0, k+1)
	for _, n := range names[:min(k, len(names))] {
		out = append(out, strconv.Quote(n))
	}
	if len(names) > k {
		out = append(out, fmt.Sprintf("%d more", len(names)-k))
	}
	return strings.Join(out, ", ")
}

// maxWarningLines bounds the warnings printWarnings writes one line each.
const maxWarningLines = 20

// printWarnings writes data warnings to w, one line each, the first
// maxWarningLines of them and then one line counting the rest and the
// columns they all fall in (a file of new categories would otherwise print
// a line for each; a file coded otherwise than the training file, AA/AG/GG
// for 0/1/2, shows as unseen categories in most of its columns).
func printWarnings(w io.Writer, file string, warns []data.Warning) {
	for i, wa := range warns {
		if i == maxWarningLines {
			rows := 0
			for _, r := range warns[i:] {
				rows += r.Count
			}
			columns := map[string]bool{}
			for _, r := range warns {
				columns[r.Column] = true
			}
			fmt.Fprintf(w, "hornetctl: warning: %s: %d more categories not seen in training (%d row cells encoded as all zeros); in all %d unseen categories in %s: check that the file is coded as the training file was\n",
				oneLine(file), len(warns)-i, rows, len(warns), count(len(columns), "column"))
			return
		}
		fmt.Fprintf(w, "hornetctl: warning: %s: %s\n", oneLine(file), oneLine(wa.String()))
	}
}

// stdinPath names the file that the process's standard input reads, for
// checkOutput (TestOutputIsNotStdin runs hornetctl in a child process to
// give it one).
const stdinPath = "/dev/stdin"

// flagPath is the value of a flag that names a file.
type flagPath struct{ flag, path string }

// checkOutput fails early, before any data is read or any training
// starts, when the output path of --flag could not be written (its
// directory is missing or not writable, it is a directory; see
// atomicwrite.CheckWritable) or is the same file as one of inputs (a usage
// error naming both flags: the input would be overwritten). Standard
// output ("" or "-") always passes.
func checkOutput(flag, path string, inputs ...flagPath) error {
	if stdout(path) {
		return nil
	}
	for _, in := range inputs {
		switch {
		case in.path == "-":
			// Read from standard input: the shell may have opened the
			// output file for it (--data - --out in.csv < in.csv).
			if atomicwrite.Overwrites(path, stdinPath) {
				return usagef("--%s %s is the file standard input reads (--%s -): choose another --%s", flag, path, in.flag, flag)
			}
		case !stdout(in.path) && atomicwrite.Overwrites(path, in.path):
			return usagef("--%s %s is the same file as --%s %s: choose another --%s", flag, path, in.flag, in.path, flag)
		}
	}
	if err := atomicwrite.CheckWritable(path); err != nil {
		return fmt.Errorf("--%s %w", flag, err)
	}
	return nil
}

// outFlag is the --out (-o) flag of a command that prints a report, what
// it holds: "the table", "the results", ... Its file is written
// atomically, as writeOutput does.
func outFlag(what string) cli.Flag {
	return &cli.StringFlag{Name: "out", Aliases: []string{"o"}, Category: "Output", Usage: "write " + what + " to `FILE`, atomically; - for stdout", DefaultText: "stdout"}
}

// noShardReport refuses --out and --plot (plot "" where the command has
// none) on a shard of a sweep, which appends its units to --results and
// prints no report: hornetctl merge prints it, and takes both flags.
func noShardReport(s shardOptions, out, plot string) error {
	var given []string
	if !stdout(out) {
		given = append(given, "--out")
	}
	if plot != "" {
		given = append(given, "--plot")
	}
	switch {
	case !s.sharded() || len(given) == 0:
		return nil
	case len(given) == 1:
		return usagef("a --shard prints no report, so %s does not apply: give it to hornetctl merge", given[0])
	}
	return usagef("a --shard prints no report, so --out and --plot do not apply: give them to hornetctl merge")
}

// writeOutput writes through write to path, or to stdout if path is "-"
// or "". A regular file is replaced atomically, a symlink's target is
// replaced and the link kept, a device or FIFO is written in place (see
// atomicwrite.WriteFile).
func writeOutput(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "" || path == "-" {
		bw := bufio.NewWriter(stdout)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	return atomicwrite.WriteFile(path, 0o644, write)
}

// writeOutputCtx is writeOutput for a command that can be interrupted
// while it writes: once ctx is done every write fails, so the output is
// abandoned (the previous file kept) and the command exits as interrupted.
func writeOutputCtx(ctx context.Context, path string, stdout io.Writer, write func(io.Writer) error) error {
	return writeOutput(path, stdout, func(w io.Writer) error { return write(ctxWriter{ctx, w, path}) })
}

// ctxWriter is a writer that fails once its context is done.
type ctxWriter struct {
	ctx  context.Context
	w    io.Writer
	path string
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if c.ctx.Err() != nil {
		if c.path == "" || c.path == "-" {
			return 0, &interrupted{"writing the output interrupted"}
		}
		// atomicwrite.WriteFile names the file: "writing FILE: interrupted; ...".
		return 0, &interrupted{"interrupted; nothing replaced"}
	}
	return c.w.Write(p)
}

// checkInterrupted returns an interrupted error naming what once ctx is
// done, for a command to check before it prints its result.
func checkInterrupted(ctx context.Context, what string) error {
	if ctx.Err() != nil {
		return &interrupted{what + " interrupted"}
	}
	return nil
}
