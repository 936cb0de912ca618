// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestBinCuts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		vals []float64
		want []float64
	}{
		{"empty", nil, nil},
		{"constant", []float64{2, 2, 2}, nil},
		{"two values", []float64{1, 2, 1, 2}, []float64{1.5}},
		{"codes 1..4", []float64{4, 3, 2, 1, 1, 2, 3, 4}, []float64{1.5, 2.5, 3.5}},
		{"most at the top", []float64{1, 2, 3, 3, 3, 3, 3, 3, 3}, []float64{2.5}},
		{"short numbers", []float64{-0.0584, 0, 0.61, 0.7, 1.3}, []float64{0.3, 0.66, 1}},
		{"negative", []float64{-0.0584, 0, -0.0584, 0}, []float64{-0.03}},
		{"1 to 100", seq(1, 100), []float64{25.5, 50.5, 75.5}},
		{"adjacent floats", []float64{1, 1, 1.0000000000000002, 1.0000000000000002}, []float64{1}},
		{"NaN left out", []float64{1, math.NaN(), 2, 1, 2}, []float64{1.5}},
		{"infinities left out", []float64{1, math.Inf(1), 2, math.Inf(-1)}, []float64{1.5}},
		{"NaN only", []float64{math.NaN(), math.NaN()}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := BinCuts(slices.Clone(tt.vals))
			if !slices.Equal(got, tt.want) {
				t.Errorf("BinCuts(%v)\ngot  %v\nwant %v", tt.vals, got, tt.want)
			}
			for i, c := range got { // each cut splits the values: some at or below, some above
				below := 0
				for _, v := range tt.vals {
					if v <= c {
						below++
					}
				}
				if below == 0 || below == len(tt.vals) || i > 0 && c <= got[i-1] {
					t.Errorf("cut %v of %v does not split the values or is out of order", c, got)
				}
			}
		})
	}
}

func seq(lo, hi int) []float64 {
	var out []float64
	for v := lo; v <= hi; v++ {
		out = append(out, float64(v))
	}
	return out
}

// TestFitEncoderBinarise: a named numeric column of more than two values
// becomes one 0/1 feature per cut, 1 above it, a missing cell taking the
// training mean; a binary or categorical column named is encoded as
// without the option; the encoder survives a JSON round trip.
func TestFitEncoderBinarise(t *testing.T) {
	t.Parallel()
	tab := mixTable(t)
	for _, tt := range []struct {
		name string
		opts EncoderOptions
		want []string
	}{
		{"none", EncoderOptions{}, []string{"age", "flag", "code", "word=a", "word=b"}},
		{"age", EncoderOptions{Binarise: []string{"age"}}, []string{"age>35", "age>45", "age>55", "flag", "code", "word=a", "word=b"}},
		{"all", EncoderOptions{Binarise: []string{"*"}}, []string{"age>35", "age>45", "age>55", "flag", "code", "word=a", "word=b"}},
		{"over categorical *", EncoderOptions{Binarise: []string{"age"}, Categorical: []string{"*"}},
			[]string{"age>35", "age>45", "age>55", "flag=0", "flag=1", "code=1", "code=2", "word=a", "word=b"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			enc, err := FitEncoder(tab, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(enc.Features, tt.want) {
				t.Fatalf("features\ngot  %v\nwant %v", enc.Features, tt.want)
			}
			back := jsonRoundTrip(t, enc)
			test := table(t, "test.csv", "label,word,code,flag,age\nx,a,1,0,35\ny,b,2,1,NA\nx,a,1,0,50\ny,b,1,1,99\n")
			ds, _, err := back.Transform(test)
			if err != nil {
				t.Fatal(err)
			}
			if len(tt.opts.Binarise) == 0 {
				if back.BinnedColumns() != nil {
					t.Errorf("BinnedColumns = %v, want none", back.BinnedColumns())
				}
				return
			}
			if got := back.BinnedColumns(); !slices.Equal(got, []string{"age"}) {
				t.Errorf("BinnedColumns = %v, want [age]", got)
			}
			// 35 is not above 35; NA takes the mean, 40: above 35 only; 50 is not above 55; 99 above all
			want := [][]float64{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 1}}
			for i, w := range want {
				if got := ds.Row(i)[:3]; !slices.Equal(got, w) {
					t.Errorf("row %d: age features %v, want %v", i+1, got, w)
				}
			}
		})
	}
	refusesOptions(t, tab, ErrNoColumn,
		EncoderOptions{Binarise: []string{"nope"}},
		EncoderOptions{Binarise: []string{"label"}})
	refusesOptions(t, tab, ErrColumnTwice,
		EncoderOptions{Binarise: []string{"age"}, Categorical: []string{"age"}},
		EncoderOptions{Binarise: []string{"*"}, Categorical: []string{"*"}})
	refusesWordIn(t, mustEncoder(t, tab, EncoderOptions{Binarise: []string{"age"}}))
}

// mixTable is the table of the binned and stepped encoders' tests: a
// numeric column of five values (age), a flag, a two-valued code and a
// word.
func mixTable(t *testing.T) *Table {
	t.Helper()
	return table(t, "mix.csv", "age,flag,code,word,label\n20,0,1,a,x\n30,1,2,b,y\n40,0,1,a,x\n50,1,2,b,y\n60,1,1,a,y\n")
}

// refusesOptions checks that FitEncoder refuses each of bad on tab with
// an error wrapping want: ErrNoColumn for a name the table lacks,
// ErrColumnTwice for a column named for two encodings.
func refusesOptions(t *testing.T, tab *Table, want error, bad ...EncoderOptions) {
	t.Helper()
	for _, opts := range bad {
		if _, err := FitEncoder(tab, opts); !errors.Is(err, want) {
			t.Errorf("%+v: error %v, want %v", opts, err, want)
		}
	}
}

// refusesWordIn checks that enc, fitted on a table whose column age holds
// numbers, refuses a word there with ErrNotNumber naming the column.
func refusesWordIn(t *testing.T, enc *Encoder) {
	t.Helper()
	if _, _, err := enc.Transform(table(t, "bad.csv", "age,flag,code,word,label\nold,0,1,a,x\n")); !errors.Is(err, ErrNotNumber) || !strings.Contains(err.Error(), "age") {
		t.Errorf("a word in column age (%v): error %v, want ErrNotNumber naming the column", enc.Columns[0].Kind, err)
	}
}

// jsonRoundTrip returns enc written as JSON and read back, failing the
// test unless the copy validates.
func jsonRoundTrip(t *testing.T, enc *Encoder) *Encoder {
	t.Helper()
	raw, err := json.Marshal(enc)
	if err != nil {
		t.Fatal(err)
	}
	var back Encoder
	if err := json.Unmarshal(raw, &back); err != nil || back.Validate() != nil {
		t.Fatalf("round trip: %v, %v", err, back.Validate())
	}
	return &back
}

// refusesEdits checks that Validate refuses each edit of a copy of good
// with ErrEncoder, and accepts good itself.
func refusesEdits(t *testing.T, good *Encoder, edits map[string]func(e *Encoder)) {
	t.Helper()
	for name, edit := range edits {
		e := *good
		e.Columns = slices.Clone(good.Columns)
		e.Columns[0].Cuts = slices.Clone(good.Columns[0].Cuts)
		e.Features = slices.Clone(good.Features)
		edit(&e)
		if err := e.Validate(); !errors.Is(err, ErrEncoder) || !strings.Contains(err.Error(), good.Columns[0].Name) {
			t.Errorf("%s: Validate = %v, want ErrEncoder naming the column", name, err)
		}
	}
	if err := good.Validate(); err != nil {
		t.Errorf("the fitted encoder: %v", err)
	}
}

func mustEncoder(t *testing.T, tab *Table, opts EncoderOptions) *Encoder {
	t.Helper()
	enc, err := FitEncoder(tab, opts)
	if err != nil {
		t.Fatal(err)
	}
	return enc
}

// TestBinnedSources: each cut is a Source with its threshold, and whether
// a missing cell (the training mean) encodes as 1.
func TestBinnedSources(t *testing.T) {
	t.Parallel()
	enc := mustEncoder(t, table(t, "s.csv", "age,label\n20,x\n30,y\n40,x\n50,y\n60,y\n"), EncoderOptions{Binarise: []string{"age"}})
	got, err := enc.Sources()
	if err != nil {
		t.Fatal(err)
	}
	want := []Source{{Column: "age", Numeric: true, Threshold: "35", MissingOn: true},
		{Column: "age", Numeric: true, Threshold: "45"}, {Column: "age", Numeric: true, Threshold: "55"}}
	if !slices.Equal(got, want) {
		t.Errorf("Sources\ngot  %+v\nwant %+v", got, want)
	}
}

// TestBinnedValidate: an edited binned column is refused, naming it.
func TestBinnedValidate(t *testing.T) {
	t.Parallel()
	good := mustEncoder(t, table(t, "s.csv", "age,label\n20,x\n30,y\n40,x\n50,y\n60,y\n"), EncoderOptions{Binarise: []string{"age"}})
	refusesEdits(t, good, map[string]func(e *Encoder){
		"no cuts":                  func(e *Encoder) { e.Columns[0].Cuts = nil; e.Features = nil },
		"unsorted cuts":            func(e *Encoder) { e.Columns[0].Cuts[1] = 10 },
		"feature name":             func(e *Encoder) { e.Features[1] = "age>41" },
		"binary fields":            func(e *Encoder) { e.Columns[0].Values = 2 },
		"cuts on a numeric column": func(e *Encoder) { e.Columns[0].Kind = Numeric; e.Features = []string{"age"} },
	})
}

// TestTransformDuplicateHeader: a table built in code whose header names
// a column twice is refused, as FitEncoder and ReadCSV refuse it, rather
// than read from one of the two (a library audit, session 22).
func TestTransformDuplicateHeader(t *testing.T) {
	t.Parallel()
	enc := mustEncoder(t, table(t, "tr.csv", "a,b,label\n0,1,x\n1,0,y\n"), EncoderOptions{})
	tab := &Table{Name: "dup", Header: []string{"a", "a", "b"}, Rows: [][]string{{"0", "1", "0"}}}
	if _, _, err := enc.TransformUnlabelled(tab); !errors.Is(err, ErrHeader) || !strings.Contains(err.Error(), `"a"`) {
		t.Errorf("TransformUnlabelled of a header naming a twice: %v, want ErrHeader naming it", err)
	}
}

// TestAutoBinarise: with Binarise empty, the one or two continuous columns
// of a table of flags (AutoBinariseFlags 0/1 features for each) are
// binarised, unless NoBinarise; three continuous columns, or too few
// flags, stay numbers.
func TestAutoBinarise(t *testing.T) {
	t.Parallel()
	mk := func(flags, continuous int) *Table {
		tab := &Table{Name: "auto.csv"}
		for f := range flags {
			tab.Header = append(tab.Header, "f"+strconv.Itoa(f))
		}
		for c := range continuous {
			tab.Header = append(tab.Header, "x"+strconv.Itoa(c))
		}
		tab.Header = append(tab.Header, "label")
		for i := range 40 {
			var row []string
			for f := range flags {
				row = append(row, strconv.Itoa((i>>(f%5))&1))
			}
			for c := range continuous {
				row = append(row, strconv.Itoa((i*(7+c))%23))
			}
			row = append(row, strconv.Itoa(i%2))
			tab.Rows = append(tab.Rows, row)
		}
		return tab
	}
	for _, tt := range []struct {
		name              string
		flags, continuous int
		opts              EncoderOptions
		want              []string
	}{
		{"one beside ten flags", 10, 1, EncoderOptions{}, []string{"x0"}},
		{"two beside ten flags", 10, 2, EncoderOptions{}, []string{"x0", "x1"}},
		{"two beside nine flags", 9, 2, EncoderOptions{}, nil},
		{"three beside thirty flags", 30, 3, EncoderOptions{}, nil},
		{"no flags", 0, 2, EncoderOptions{}, nil},
		{"NoBinarise", 10, 1, EncoderOptions{NoBinarise: true}, nil},
		{"named", 10, 2, EncoderOptions{Binarise: []string{"x1"}}, []string{"x1"}},
	} {
		enc := mustEncoder(t, mk(tt.flags, tt.continuous), tt.opts)
		if got := enc.BinnedColumns(); !slices.Equal(got, tt.want) {
			t.Errorf("%s: binned %v, want %v", tt.name, got, tt.want)
		}
	}
}
