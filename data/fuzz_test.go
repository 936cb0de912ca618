// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"bytes"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// FuzzReadCSV checks that arbitrary bytes never make the reader or the
// encoder panic, that a table the encoder accepts encodes into a valid
// Dataset, and that the Dataset survives WriteCSV → ReadCSV → NumericDataset.
func FuzzReadCSV(f *testing.F) {
	for _, s := range []string{
		trainCSV,
		"",
		"a,b\n1,2\n",
		"a,label\nNaN,x\n1,y\n",
		"x,y,label\n1,a,p\nNA,,q\n1e308,b,p\n",
		"a,\"b\nc\",label\n\"1\",2,3\n4,5,6\n",
		"a,a=b,label\nb,1,x\nc,2,y\n",
		"\x1f\x8b",
		"a\x00,b\n",
	} {
		f.Add([]byte(s))
	}
	f.Add([]byte(gz(f, trainCSV)))
	f.Fuzz(func(t *testing.T, in []byte) {
		tab, err := ReadCSV(bytes.NewReader(in), "fuzz.csv")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error is not a *ParseError: %v", err)
			}
			return
		}
		for i, row := range tab.Rows {
			if len(row) != len(tab.Header) || (i > 0 && tab.Lines[i] <= tab.Lines[i-1]) {
				t.Fatalf("row %d: %d cells for %d columns, line %d", i, len(row), len(tab.Header), tab.Lines[i])
			}
		}
		e, err := FitEncoder(tab, EncoderOptions{})
		if err != nil {
			return
		}
		d, warns, err := e.Transform(tab)
		if err != nil {
			t.Fatalf("the training table does not transform: %v", err)
		}
		if warns != nil {
			t.Errorf("unseen categories in the training table: %v", warns)
		}
		if err := d.Validate(); err != nil {
			t.Fatal(err)
		}

		var buf bytes.Buffer
		if err := WriteCSV(&buf, d); err != nil {
			if errors.Is(err, ErrHeader) { // a feature named "label"
				return
			}
			t.Fatal(err)
		}
		tab2, err := ReadCSV(&buf, "round.csv")
		if err != nil {
			t.Fatal(err)
		}
		back, err := NumericDataset(tab2, "")
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(back.X, d.X) || !slices.Equal(back.Y, d.Y) || !slices.Equal(back.Classes, d.Classes) {
			t.Errorf("round trip changed the data\ngot  %+v\nwant %+v", back, d)
		}
		// ReadCSV drops one byte order mark from the start of a file; a
		// first name that starts with another one cannot survive.
		if !strings.HasPrefix(d.Features[0], "\uFEFF") && !reflect.DeepEqual(back.Features, d.Features) {
			t.Errorf("round trip changed the names\ngot  %q\nwant %q", back.Features, d.Features)
		}
	})
}

// FuzzReadLibSVM checks that arbitrary bytes never make the LibSVM reader
// panic and that whatever it accepts is a valid Dataset.
func FuzzReadLibSVM(f *testing.F) {
	for _, s := range []string{
		"+1 1:0.5 3:2 # c\n-1 qid:7 2:1\n",
		"1 5:1 2:1\n",
		"a 1:x\n",
		"",
		"0 72222222:0", // issue 8: allocated 2.85 GB and hung the fuzzer
		"0 1048576:0\n1 1:1\n",
	} {
		f.Add([]byte(s), 0)
	}
	f.Add([]byte("1 1:1\n0 4:2\n"), 3)
	f.Fuzz(func(t *testing.T, in []byte, n int) {
		n %= 1 << 12
		// Small limits keep the dense table small whatever the indexes.
		d, err := ReadLibSVMLimited(bytes.NewReader(in), "fuzz.svm", n, Limits{MaxCells: 1 << 16, MaxFeatures: 1 << 12})
		if err != nil {
			return
		}
		if err := d.Validate(); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzEncoderTransform applies an encoder fitted on a fixed table to
// arbitrary tables (other columns, orders, kinds, labels, missing cells):
// Transform and TransformUnlabelled must never panic, their errors must be
// *ParseError or wrap a documented sentinel, and what they accept must be a
// valid Dataset of the encoder's width.
func FuzzEncoderTransform(f *testing.F) {
	const fitted = "size,colour,code,label\n1.5,red,1,yes\nNA,blue,2,no\n2.5,NA,1,yes\n0,red,3,no\n"
	train, err := ReadCSV(strings.NewReader(fitted), "train.csv")
	if err != nil {
		f.Fatal(err)
	}
	enc, err := FitEncoder(train, EncoderOptions{Categorical: []string{"code"}})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		fitted,
		"colour,label,size,code\nred,yes,1,1\n",                // other order
		"size,colour,code\n1,green,9\n",                        // no label, unseen values
		"size,colour,code,label\nabc,red,1,yes\n",              // text in a numeric column
		"size,colour,code,label\n1e999,red,1,yes\n",            // overflow
		"size,colour,code,label\n1,red,1,maybe\n",              // unknown label
		"size,colour,code,label\n1,red,1,NA\n",                 // missing label
		"size,colour,label\n1,red,yes\n",                       // a column missing
		"size,colour,code,label,extra\n1,red,1,yes,x\n",        // an extra column
		"size,size,colour,code,label\n1,2,red,1,yes\n",         // a duplicate column
		"size,colour,code,label\n-1.7976931348623157e308,,,\n", // extremes and empties
		"label\nyes\n",
	} {
		f.Add([]byte(s))
	}
	sentinels := []error{ErrEmpty, ErrNoRows, ErrHeader, ErrFieldCount, ErrSyntax, ErrBinary, ErrNotNumber,
		ErrNonFinite, ErrMissingValue, ErrMissingLabel, ErrUnknownLabel, ErrSingleClass, ErrNoColumn, ErrNoFeatures, ErrEncoder}
	documented := func(err error) bool {
		var pe *ParseError
		if errors.As(err, &pe) {
			return true
		}
		for _, s := range sentinels {
			if errors.Is(err, s) {
				return true
			}
		}
		return false
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		tab, err := ReadCSV(bytes.NewReader(in), "fuzz.csv")
		if err != nil {
			return // FuzzReadCSV checks the reader
		}
		for _, labelled := range []bool{true, false} {
			transform := enc.TransformUnlabelled
			if labelled {
				transform = enc.Transform
			}
			d, _, err := transform(tab)
			if err != nil {
				if !documented(err) {
					t.Fatalf("labelled %v: undocumented error %T: %v", labelled, err, err)
				}
				continue
			}
			if err := d.Validate(); err != nil {
				t.Fatalf("labelled %v: invalid dataset: %v", labelled, err)
			}
			if d.Cols != len(enc.Features) || d.Rows != len(tab.Rows) || (labelled != (d.Y != nil)) {
				t.Fatalf("labelled %v: %d rows × %d columns (Y %v) from %d rows, want %d columns",
					labelled, d.Rows, d.Cols, d.Y != nil, len(tab.Rows), len(enc.Features))
			}
		}
	})
}
