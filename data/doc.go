// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package data reads the tables HorNets learns from and writes them back: CSV
// and LibSVM files, the encoding of mixed columns into numbers, and the
// synthetic logic-gate generator. It knows nothing of Gorgonia or of the
// model; its product is a [Dataset], a dense row-major float64 table with
// integer class labels.
//
// # CSV files
//
// [ReadCSV] reads a comma-separated file with a header row into a [Table] of
// strings. The input may be gzip compressed; that is told by its first two
// bytes (1f 8b), never by the file name. Cells are trimmed, blank lines are
// skipped, and quoting follows RFC 4180 (package encoding/csv). The header
// must name every column, once. Every row must have one cell per column. So
//
//	age, colour ,label
//	31,  red, yes
//
//	NA,blue,no
//
// reads as the header [age colour label] and the rows [31 red yes] (line 2)
// and [NA blue no] (line 4). An empty file, a header with no rows, a ragged
// row, or binary content (a NUL byte or invalid UTF-8) is an error. In a
// table of one column a blank line after the header is a row whose cell is
// empty (missing), since that is how such a row is written (encoding/csv's
// Writer writes it so); no row of the file is dropped.
//
// # Encoding
//
// An [Encoder] is fitted on training data by [FitEncoder] and then applied
// unchanged, by [Encoder.Transform], to the training table and to any later
// one. It is stored in saved models as JSON. The label is the last column
// unless [EncoderOptions] names another. A cell that is empty or exactly
// "NA" is missing, and so, in a column of numbers, is "?" (the UCI
// repository's mark of a missing value; elsewhere it is a category like
// any word). For each other column:
//
//   - If every non-missing training cell is a number (strconv.ParseFloat,
//     written in decimal as R and pandas read it: Go's digit separators and
//     hexadecimal floats, "0_1" or "0x1p4", are words), the column is
//     numeric: it becomes one feature of the same name, and a missing cell
//     gets the training mean (0 if the column has no value at all). NaN and Inf are not numbers HorNets can use: a numeric column
//     holding "NaN", "Inf" or "-Inf" (or an overflowing "1e999") is an error,
//     not a categorical column. A numeric column with two distinct training
//     values is binary: it is encoded 0 for the lower value and 1 for the
//     higher (a later value in between or beyond, linearly), so that a
//     table of 1/2 or 5/7 codes is the binary table it is and its rules
//     name the values ("dose = 7"); where its training cells had missing
//     values, a missing cell gets the more frequent value instead of the
//     mean, so that a binary table with a few missing answers stays binary
//     (one fractional value sends the table to the continuous route, which
//     cannot express an interaction: xor with 5 % of one flag missing scored
//     0.547 on fresh rows, 1.000 now). A column with one training value is
//     encoded relative to it (0 on the training rows), so that a constant
//     5.5 beside binary flags does not make the table continuous, and a
//     missing cell there is 0. Both maps are affine, so the continuous
//     route, which standardises every column, sees the same values up to
//     rounding (where missing cells of a binary column take its more
//     frequent value, not the mean, they differ). Two values equal up to
//     rounding (0.3 and 0.30000000000000004) are not a binary column, and a
//     later value too far from a binary column's two to be coded is an
//     error naming its line. A model file whose encoder codes values so
//     (other than 0/1 columns, which read alike) needs format version 5
//     or later (every file is now version 8), which older programs refuse
//     instead of misreading.
//   - Otherwise, or when [EncoderOptions].Categorical names the column
//     (integer codes such as the MONK's attributes), the column is
//     categorical: it becomes one 0/1 feature per distinct training value,
//     named "column=value", in sorted order, and a missing cell is the
//     category "NA". A value not seen in training gets zeros in the whole
//     block, and is reported in a [Warning]. [Dataset].Groups records which
//     input column each feature came from, so that the rule search never
//     pairs two features of one block.
//   - A numeric column of more than two training values that
//     [EncoderOptions].Binarise names (hornetctl --binarise; "*" for every
//     one) is Binned: one 0/1 feature per cut point, at most three, at its
//     training quartiles ([BinCuts]), named "column>cut" and 1 where the
//     value is above the cut; a missing cell takes the training mean. A
//     table of 0/1 flags with a continuous column or two (an age beside
//     clinical flags) then stays binary and takes the categorical route,
//     whose rules test the thresholds (`age > 45`). The cuts of one column
//     form one block, as a one-hot column's categories do. Measured in
//     session 22 (package train's documentation, README "Tables with a few
//     continuous columns"): it finds interactions that the continuous
//     route, a linear model, cannot (xor of two flags beside continuous
//     columns: macro-F1 0.49 → 0.93), but loses where the continuous
//     columns carry most of the signal, so it is a choice, not a default.
//   - A numeric column of more than two training values that
//     [EncoderOptions].Steps names ("*" for every one) is Stepped: its
//     value, as a numeric column's, then the Binned column's 0/1
//     features ("column>cut"), all one block. On the continuous route, a
//     linear model, each column then has a slope and steps at its
//     quartiles: a piecewise-constant correction to a linear effect,
//     which a threshold effect or a band (x in its middle quartiles)
//     needs. Package train's encoding check chooses it per table
//     (session 52 there).
//
// The labels may be any strings. The classes are the distinct training labels,
// sorted by value if they are all integers ("2" before "10") and as strings
// otherwise; class i is Classes[i]. Training data must have at least two
// classes and no missing label. With the training table
//
//	size,colour,label
//	1.5,red,yes
//	NA,blue,no
//	2.5,NA,yes
//	2,blue,no
//
// the features are [size colour=NA colour=blue colour=red], the classes are
// [no yes], and the rows encode as
//
//	1.5  0 0 1  → yes (1)
//	2    0 1 0  → no  (0)
//	2.5  1 0 0  → yes (1)
//	2    0 1 0  → no  (0)
//
// and the encoder's JSON is
//
//	{"label":"label","columns":[{"name":"size","kind":"numeric","mean":2},
//	{"name":"colour","kind":"categorical","categories":["NA","blue","red"]}],
//	"features":["size","colour=NA","colour=blue","colour=red"],"classes":["no","yes"]}
//
// Later tables are matched by column name, so their columns may come in any
// order, and columns the encoder does not know are ignored. A later row
// "3,green,no" encodes as 3 0 0 0 with the warning that colour "green" was
// not seen in training. [Encoder.TransformUnlabelled] reads data
// to predict, where the label column may be absent. [NumericDataset] is the
// plain reader for tables that are numeric already: no encoding, no
// imputation.
//
// # LibSVM files
//
// [ReadLibSVM] reads the sparse SVMlight format, one row per line: the label,
// then index:value pairs with 1-based increasing indices; absent entries are
// 0, "#" starts a comment and qid:n is ignored. Gzip is detected as for CSV.
// The lines
//
//	+1 1:0.5 3:2 # first
//	-1 qid:7 2:1
//
// read as features [f1 f2 f3], classes [-1 +1], and rows [0.5 0 2] → +1 and
// [0 1 0] → -1.
//
// [WriteCSV] writes a Dataset as CSV, with the label column last and numbers
// in the shortest form that reads back exactly.
//
// # Synthetic logic gates
//
// [NewSynth] makes the benchmark of the paper's section 4.1: n features, each
// 0 or 1 with probability 1/2, and a label that is a [Gate] (and, or, xor,
// xnor of two features, or not of one). The paper puts the target features at
// positions 0 and 1; by default we draw them at random from the seed instead
// ([RandomPositions]), so that a model is not rewarded for favouring the first
// columns. [FirstPositions] gives the paper's setting. With Gate Xor, Features
// 8 and Seed 5, [Synth.Describe] reads "label = xor(f2, f6)", and every row of
// [Synth.Sample] has label f2 ⊕ f6:
//
//	f0 f1 f2 f3 f4 f5 f6 f7   label
//	 0  0  1  1  1  1  0  0 → 1
//	 1  1  1  1  1  0  1  1 → 0
//
// # Determinism
//
// The generator is driven only by its seed, through two PCG streams from
// math/rand/v2: one picks the target features, the other draws the rows. The
// same SynthConfig gives the same targets and the same bytes on every
// machine, and the targets do not depend on how many rows are drawn.
// Encoders sort their categories and classes, so they do not depend on map
// order either.
//
// # Errors
//
// Problems with input are errors, never panics. Errors about a file are
// *[ParseError] values that say where the problem is, like
//
//	train.csv:17: column "age": "abc" is not a number (a missing value is written NA, ? or left empty)
//
// and wrap one of the ErrXxx sentinels, for errors.Is. Panics are kept for
// programmer errors, such as an out-of-range row index, and the method's
// documentation says so.
package data
