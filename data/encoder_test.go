// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// table reads CSV text, failing t on error.
func table(t testing.TB, name, text string) *Table {
	t.Helper()
	tab, err := ReadCSV(strings.NewReader(text), name)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

const trainCSV = `size,colour,label
1.5,red,yes
NA,blue,no
2.5,NA,yes
2,blue,no
`

func TestEncoderRoundTrip(t *testing.T) {
	t.Parallel()
	train := table(t, "train.csv", trainCSV)
	e, err := FitEncoder(train, EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	wantEnc := &Encoder{
		Label: "label",
		Columns: []Column{
			{Name: "size", Kind: Numeric, Mean: 2},
			{Name: "colour", Kind: Categorical, Categories: []string{"NA", "blue", "red"}},
		},
		Features: []string{"size", "colour=NA", "colour=blue", "colour=red"},
		Classes:  []string{"no", "yes"},
	}
	if !reflect.DeepEqual(e, wantEnc) {
		t.Fatalf("encoder\ngot  %+v\nwant %+v", e, wantEnc)
	}

	d, warns, err := e.Transform(train)
	if err != nil {
		t.Fatal(err)
	}
	want := &Dataset{
		X: []float64{
			1.5, 0, 0, 1,
			2, 0, 1, 0,
			2.5, 1, 0, 0,
			2, 0, 1, 0,
		},
		Rows: 4, Cols: 4, Groups: []int{0, 1, 1, 1},
		Y:        []int{1, 0, 1, 0},
		Features: wantEnc.Features,
		Classes:  wantEnc.Classes,
	}
	if !reflect.DeepEqual(d, want) || warns != nil {
		t.Errorf("train\ngot  %+v %v\nwant %+v []", d, warns, want)
	}

	// Columns in another order, an extra column, unseen categories.
	test := table(t, "test.csv", `id,label,colour,size
a,no,green,3
b,yes,blue,
c,no,green,-1
d,yes,NA,4
e,no,pink,0
`)
	d, warns, err = e.Transform(test)
	if err != nil {
		t.Fatal(err)
	}
	want = &Dataset{
		X: []float64{
			3, 0, 0, 0,
			2, 0, 1, 0,
			-1, 0, 0, 0,
			4, 1, 0, 0,
			0, 0, 0, 0,
		},
		Rows: 5, Cols: 4, Groups: []int{0, 1, 1, 1},
		Y:        []int{0, 1, 0, 1, 0},
		Features: wantEnc.Features,
		Classes:  wantEnc.Classes,
	}
	wantWarns := []Warning{{"colour", "green", 2}, {"colour", "pink", 1}}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("test\ngot  %+v\nwant %+v", d, want)
	}
	if !reflect.DeepEqual(warns, wantWarns) {
		t.Errorf("warnings\ngot  %v\nwant %v", warns, wantWarns)
	}
	wantMsg := `column "colour": category "green" was not seen in training (2 rows encoded as all zeros)`
	if got := warns[0].String(); got != wantMsg {
		t.Errorf("warning\ngot  %s\nwant %s", got, wantMsg)
	}

	// Unlabelled: no label column at all, Y nil, Classes kept.
	u, warns, err := e.TransformUnlabelled(table(t, "new.csv", "colour,size\nred,7\n"))
	if err != nil {
		t.Fatal(err)
	}
	wantU := &Dataset{X: []float64{7, 0, 0, 1}, Rows: 1, Cols: 4, Groups: []int{0, 1, 1, 1}, Features: wantEnc.Features, Classes: wantEnc.Classes}
	if !reflect.DeepEqual(u, wantU) || warns != nil {
		t.Errorf("unlabelled\ngot  %+v %v\nwant %+v []", u, warns, wantU)
	}

	// The encoder survives JSON and transforms identically.
	js, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	wantJSON := `{"label":"label","columns":[{"name":"size","kind":"numeric","mean":2},` +
		`{"name":"colour","kind":"categorical","categories":["NA","blue","red"]}],` +
		`"features":["size","colour=NA","colour=blue","colour=red"],"classes":["no","yes"]}`
	if string(js) != wantJSON {
		t.Errorf("JSON\ngot  %s\nwant %s", js, wantJSON)
	}
	var e2 Encoder
	if err := json.Unmarshal(js, &e2); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&e2, e) {
		t.Errorf("JSON round trip\ngot  %+v\nwant %+v", &e2, e)
	}
	for _, tab := range []*Table{train, test} {
		d1, w1, err1 := e.Transform(tab)
		d2, w2, err2 := e2.Transform(tab)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(d1, d2) || !reflect.DeepEqual(w1, w2) {
			t.Errorf("%s: transforms differ after JSON\ngot  %v %v %v\nwant %v %v %v", tab.Name, d2, w2, err2, d1, w1, err1)
		}
	}
}

func TestFitEncoderColumns(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		csv     string
		opts    EncoderOptions
		columns []Column
		classes []string
	}{{
		name:    "all missing numeric column has mean 0",
		csv:     "a,b,label\nNA,1,x\n,2,y\n",
		columns: []Column{{Name: "a", Kind: Numeric}, {Name: "b", Kind: Numeric, Mean: 1.5, Values: 2, Low: 1, High: 2}},
		classes: []string{"x", "y"},
	}, {
		name:    "one word makes a column categorical",
		csv:     "a,label\n1,x\n2,y\nthree,y\n1,x\n",
		columns: []Column{{Name: "a", Kind: Categorical, Categories: []string{"1", "2", "three"}}},
		classes: []string{"x", "y"},
	}, {
		name:    "NaN beside a word is just a category",
		csv:     "a,label\nNaN,x\nabc,y\n",
		columns: []Column{{Name: "a", Kind: Categorical, Categories: []string{"NaN", "abc"}}},
		classes: []string{"x", "y"},
	}, {
		name:    "label option picks a middle column",
		csv:     "a,class,b\n1,p,2\n3,q,4\n",
		opts:    EncoderOptions{Label: "class"},
		columns: []Column{{Name: "a", Kind: Numeric, Mean: 2, Values: 2, Low: 1, High: 3}, {Name: "b", Kind: Numeric, Mean: 3, Values: 2, Low: 2, High: 4}},
		classes: []string{"p", "q"},
	}, {
		name: "? is missing in a column of numbers, a category among words",
		csv:  "a,b,c,label\n1,?,5,x\n?,y,6,y\n3,z,7,x\n",
		columns: []Column{{Name: "a", Kind: Numeric, Mean: 2, Values: 2, Low: 1, High: 3, ModeFill: true},
			{Name: "b", Kind: Categorical, Categories: []string{"?", "y", "z"}}, {Name: "c", Kind: Numeric, Mean: 6}},
		classes: []string{"x", "y"},
	}, {
		name:    "numeric formats",
		csv:     "a,label\n1e3,x\n-0.5,y\n+2,y\n016,x\n",
		columns: []Column{{Name: "a", Kind: Numeric, Mean: (1000 - 0.5 + 2 + 16) / 4.0}},
		classes: []string{"x", "y"},
	}, {
		// strconv.ParseFloat reads "0_1" as 1 and "1_1" as 11 (Go's
		// digit separators) and "0x1p4" as 16: codes, not numbers.
		name:    "Go literals are words",
		csv:     "a,b,label\n0_1,0x1p4,x\n1_1,1,y\n0_0,2,y\n",
		columns: []Column{{Name: "a", Kind: Categorical, Categories: []string{"0_0", "0_1", "1_1"}}, {Name: "b", Kind: Categorical, Categories: []string{"0x1p4", "1", "2"}}},
		classes: []string{"x", "y"},
	}} {
		t.Run(tt.name, func(t *testing.T) {
			e, err := FitEncoder(table(t, "t.csv", tt.csv), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(e.Columns, tt.columns) || !slices.Equal(e.Classes, tt.classes) {
				t.Errorf("got  %+v %q\nwant %+v %q", e.Columns, e.Classes, tt.columns, tt.classes)
			}
		})
	}
}

func TestClassOrder(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		labels []string
		want   []string
	}{
		{"strings", []string{"b", "a", "c", "a"}, []string{"a", "b", "c"}},
		{"integers numerically", []string{"10", "2", "1", "2"}, []string{"1", "2", "10"}},
		{"signed integers", []string{"+1", "-1"}, []string{"-1", "+1"}},
		{"equal values by string", []string{"02", "2", "1"}, []string{"1", "02", "2"}},
		{"one non-integer sorts all as strings", []string{"2", "10", "x"}, []string{"10", "2", "x"}},
		{"decimals are not integers", []string{"2", "10", "1.5"}, []string{"1.5", "10", "2"}},
		{"case", []string{"b", "B", "a"}, []string{"B", "a", "b"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString("f,label\n")
			for _, l := range tt.labels {
				b.WriteString("1," + l + "\n")
			}
			e, err := FitEncoder(table(t, "t.csv", b.String()), EncoderOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(e.Classes, tt.want) {
				t.Errorf("got  %q\nwant %q", e.Classes, tt.want)
			}
			d, _, err := e.Transform(table(t, "t.csv", b.String()))
			if err != nil {
				t.Fatal(err)
			}
			for i, y := range d.Y {
				if got := d.Classes[y]; got != tt.labels[i] {
					t.Errorf("row %d: got %q\nwant %q", i, got, tt.labels[i])
				}
			}
		})
	}
}

func TestFitEncoderErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		csv   string
		opts  EncoderOptions
		table *Table // instead of csv
		want  error
		msg   string
	}{
		{name: "NaN in numeric column", csv: "a,label\n1,x\n\nNaN,y\n", want: ErrNonFinite,
			msg: `tr.csv:4: column "a": "NaN" is not a finite number (NaN and Inf are not allowed)`},
		{name: "Inf in numeric column", csv: "a,label\n1,x\n-Inf,y\n+Inf,y\n", want: ErrNonFinite,
			msg: `tr.csv:3: column "a": "-Inf" is not a finite number (NaN and Inf are not allowed)`},
		{name: "overflow in numeric column", csv: "a,label\n1,x\n1e999,y\n", want: ErrNonFinite,
			msg: `tr.csv:3: column "a": "1e999" is not a finite number (NaN and Inf are not allowed)`},
		// Issue 8: the sum overflows; training would say "loss is not finite".
		{name: "sum overflows", csv: "a,label\n1e308,x\n1.5e308,y\n", want: ErrOverflow,
			msg: `tr.csv: column "a": values too large: values up to 1.5e+308, whose sum or variance overflows float64; rescale the column`},
		{name: "variance overflows", csv: "a,label\n1e200,x\n-1e200,y\n", want: ErrOverflow,
			msg: `tr.csv: column "a": values too large: values up to 1e+200, whose sum or variance overflows float64; rescale the column`},
		{name: "missing label", csv: "a,label\n1,x\n2,y\n3,NA\n", want: ErrMissingLabel,
			msg: `tr.csv:4: column "label": missing label`},
		{name: "empty label", csv: "a,label\n1,\n2,y\n", want: ErrMissingLabel,
			msg: `tr.csv:2: column "label": missing label`},
		{name: "single class", csv: "a,label\n1,x\n2,x\n", want: ErrSingleClass,
			msg: `tr.csv: column "label": fewer than two classes: every row has label "x"`},
		{name: "no feature columns", csv: "label\nx\ny\n", want: ErrNoFeatures,
			msg: `tr.csv: no feature columns: the only column, "label", is the label`},
		{name: "label column not found", csv: "a,b\n1,x\n", opts: EncoderOptions{Label: "class"}, want: ErrNoColumn,
			msg: `tr.csv: column "class": column not found: no label column of that name (the columns: "a", "b")`},
		{name: "encoded names collide", csv: "a,a=b,label\nb,1,x\nc,2,y\n", want: ErrHeader,
			msg: `tr.csv: column "a=b": bad header: encoded feature "a=b" also comes from column "a"`},
		{name: "encoded names equal up to normalisation", csv: "c,label\ncaf\u00e9,x\ncafe\u0301,y\ntea,y\n", want: ErrHeader,
			msg: `tr.csv: column "c": bad header: encoded features "c=cafe\u0301" and "c=caf\u00e9", which differ only in Unicode normalisation (they print alike); write the column's values one way`},
		{name: "empty table", table: &Table{Name: "h"}, want: ErrEmpty, msg: "h: empty input"},
		{name: "no rows", table: &Table{Name: "h", Header: []string{"a", "b"}}, want: ErrNoRows,
			msg: "h: no data rows after the header"},
		{name: "ragged hand-built table", table: &Table{Name: "h", Header: []string{"a", "b"}, Rows: [][]string{{"1", "x"}, {"2"}}, Lines: []int{5, 6}},
			want: ErrFieldCount, msg: "h:6: wrong number of fields: got 1, want 2 as in the header"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tab := tt.table
			if tab == nil {
				tab = table(t, "tr.csv", tt.csv)
			}
			e, err := FitEncoder(tab, tt.opts)
			if e != nil {
				t.Errorf("got encoder %+v with error", e)
			}
			checkErr(t, err, tt.want, tt.msg)
		})
	}
}

func TestTransformErrors(t *testing.T) {
	t.Parallel()
	e, err := FitEncoder(table(t, "train.csv", trainCSV), EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name       string
		csv        string
		unlabelled bool
		want       error
		msg        string
	}{
		{name: "not a number", csv: "size,colour,label\n1,red,yes\n\nabc,red,no\n", want: ErrNotNumber,
			msg: `test.csv:4: column "size": "abc" is not a number (a missing value is written NA, ? or left empty)`},
		{name: "not a number unlabelled", csv: "size,colour\n1x,red\n", unlabelled: true, want: ErrNotNumber,
			msg: `test.csv:2: column "size": "1x" is not a number (a missing value is written NA, ? or left empty)`},
		{name: "Inf", csv: "size,colour,label\ninf,red,yes\n", want: ErrNonFinite,
			msg: `test.csv:2: column "size": "inf" is not a finite number (NaN and Inf are not allowed)`},
		{name: "unknown label", csv: "size,colour,label\n1,red,yes\n2,red,maybe\n", want: ErrUnknownLabel,
			msg: `test.csv:3: column "label": "maybe" is not a training class ("no", "yes")`},
		{name: "missing label", csv: "size,colour,label\n1,red,NA\n", want: ErrMissingLabel,
			msg: `test.csv:2: column "label": missing label`},
		{name: "missing feature column", csv: "colour,label\nred,yes\n", want: ErrNoColumn,
			msg: `test.csv: column "size": column not found: the encoder was fitted on it`},
		{name: "missing label column", csv: "size,colour\n1,red\n", want: ErrNoColumn,
			msg: `test.csv: column "label": column not found: the label column is required (only prediction reads data without labels)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tr := e.Transform
			if tt.unlabelled {
				tr = e.TransformUnlabelled
			}
			d, _, err := tr(table(t, "test.csv", tt.csv))
			if d != nil {
				t.Errorf("got dataset %+v with error", d)
			}
			checkErr(t, err, tt.want, tt.msg)
		})
	}

	t.Run("many classes are elided", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("a,label\n")
		for i := range 12 {
			b.WriteString("1,c" + string(rune('a'+i)) + "\n")
		}
		e, err := FitEncoder(table(t, "t.csv", b.String()), EncoderOptions{})
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = e.Transform(table(t, "u.csv", "a,label\n1,zz\n"))
		checkErr(t, err, ErrUnknownLabel, `u.csv:2: column "label": "zz" is not a training class `+
			`("ca", "cb", "cc", "cd", "ce", "cf", "cg", "ch", "ci", "cj", … 2 more)`)
	})
}

func TestEncoderJSONErrors(t *testing.T) {
	t.Parallel()
	tab := table(t, "t.csv", trainCSV)
	for _, tt := range []struct {
		name, json, msg string
	}{
		{"unknown kind", `{"label":"label","columns":[{"name":"size","kind":"ordinal"}],"features":["size"],"classes":["no","yes"]}`,
			`data: invalid encoder: unknown column kind "ordinal" (valid: numeric, categorical, binned, stepped)`},
		{"feature count", `{"label":"label","columns":[{"name":"size","kind":"numeric"}],"features":["size","x"],"classes":["no","yes"]}`,
			"data: invalid encoder: 2 feature names for 1 encoded features"},
		{"no label", `{"columns":[{"name":"size","kind":"numeric"}],"features":["size"],"classes":["no","yes"]}`,
			"data: invalid encoder: no label column name"},
		{"no features", `{"label":"label","columns":[],"features":[],"classes":["no","yes"]}`,
			"data: invalid encoder: it encodes no features"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var e Encoder
			err := json.Unmarshal([]byte(tt.json), &e)
			if err == nil {
				_, _, err = e.Transform(tab)
			}
			checkErr(t, err, ErrEncoder, tt.msg)
		})
	}
}

func TestNumericDataset(t *testing.T) {
	t.Parallel()
	d, err := NumericDataset(table(t, "n.csv", "a,y,b\n1,10,-1\n2.5,2,0\n"), "y")
	if err != nil {
		t.Fatal(err)
	}
	want := &Dataset{X: []float64{1, -1, 2.5, 0}, Rows: 2, Cols: 2, Y: []int{1, 0}, Features: []string{"a", "b"}, Classes: []string{"2", "10"}}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("got  %+v\nwant %+v", d, want)
	}

	for _, tt := range []struct {
		name, csv string
		want      error
		msg       string
	}{
		{"missing value", "a,label\n1,x\nNA,y\n", ErrMissingValue,
			`n.csv:3: column "a": "NA" is a missing value (NumericDataset does not impute; use FitEncoder)`},
		{"not a number", "a,label\n1,x\nred,y\n", ErrNotNumber, `n.csv:3: column "a": "red" is not a number (a missing value is written NA, ? or left empty)`},
		{"NaN", "a,label\nNaN,x\n", ErrNonFinite, `n.csv:2: column "a": "NaN" is not a finite number (NaN and Inf are not allowed)`},
		{"missing label", "a,label\n1,\n", ErrMissingLabel, `n.csv:2: column "label": missing label`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NumericDataset(table(t, "n.csv", tt.csv), "")
			checkErr(t, err, tt.want, tt.msg)
		})
	}
}

func TestFitEncoderForcedCategorical(t *testing.T) {
	t.Parallel()
	tab, err := ReadCSV(strings.NewReader("a,b,label\n1,3,x\n2,3.5,y\n1,4,x\n"), "codes.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		cols []string
		want []string
	}{
		{"none", nil, []string{"a", "b"}},
		{"one column", []string{"a"}, []string{"a=1", "a=2", "b"}},
		{"all", []string{"*"}, []string{"a=1", "a=2", "b=3", "b=3.5", "b=4"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			enc, err := FitEncoder(tab, EncoderOptions{Categorical: tt.cols})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(enc.Features, tt.want) {
				t.Errorf("features\ngot  %v\nwant %v", enc.Features, tt.want)
			}
		})
	}
	for _, bad := range [][]string{{"nope"}, {"label"}} {
		_, err := FitEncoder(tab, EncoderOptions{Categorical: bad})
		if !errors.Is(err, ErrNoColumn) || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("Categorical %v: error\ngot  %v\nwant ErrNoColumn naming the column", bad, err)
		}
	}
}

func TestEncoderSources(t *testing.T) {
	t.Parallel()
	tab, err := ReadCSV(strings.NewReader("n,c,label\n1.5,x,a\n2,NA,b\n3,y,a\n"), "s.csv")
	if err != nil {
		t.Fatal(err)
	}
	e, err := FitEncoder(tab, EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.Sources()
	if err != nil {
		t.Fatal(err)
	}
	want := []Source{{Column: "n", Numeric: true}, {Column: "c", Category: "NA"}, {Column: "c", Category: "x"}, {Column: "c", Category: "y"}}
	if !slices.Equal(got, want) || len(got) != len(e.Features) {
		t.Errorf("Sources\ngot  %+v\nwant %+v (features %v)", got, want, e.Features)
	}
	if _, err := (&Encoder{}).Sources(); !errors.Is(err, ErrEncoder) {
		t.Errorf("Sources of an empty encoder: got %v, want ErrEncoder", err)
	}
}

// Nil tables, readers and encoders are errors, not panics (a library
// audit, session 11).
func TestNilInputs(t *testing.T) {
	t.Parallel()
	var nilEnc *Encoder
	tab := &Table{Name: "t.csv", Header: []string{"a", "label"}, Rows: [][]string{{"1", "x"}, {"0", "y"}}}
	enc, err := FitEncoder(tab, EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		call func() error
	}{
		{"ReadCSV(nil)", func() error { _, err := ReadCSV(nil, "x.csv"); return err }},
		{"ReadLibSVM(nil)", func() error { _, err := ReadLibSVM(nil, "x.svm", 0); return err }},
		{"FitEncoder(nil)", func() error { _, err := FitEncoder(nil, EncoderOptions{}); return err }},
		{"Transform(nil)", func() error { _, _, err := enc.Transform(nil); return err }},
		{"TransformUnlabelled(nil)", func() error { _, _, err := enc.TransformUnlabelled(nil); return err }},
		{"nil encoder's Transform", func() error { _, _, err := nilEnc.Transform(tab); return err }},
		{"nil encoder's Validate", func() error { return nilEnc.Validate() }},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s panicked: %v", tt.name, r)
				}
			}()
			if err := tt.call(); err == nil {
				t.Errorf("%s: nil error", tt.name)
			}
		}()
	}
}

// A table built in code with an empty or repeated column name is refused
// by name, as ReadCSV refuses such a header (a library audit, session 11).
func TestFitEncoderHeaderNames(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		header []string
		want   string
	}{
		{[]string{"a", "a", "label"}, `t.csv: column "a": bad header: name used by columns 1 and 2`},
		{[]string{"a", "", "label"}, "t.csv: bad header: column 2 has no name"},
		{[]string{"caf\u00e9", "cafe\u0301", "label"},
			"t.csv: column \"cafe\u0301\": bad header: " + `columns 1 and 2 are named "caf\u00e9" and "cafe\u0301", which differ only in Unicode normalisation (they print alike); rename one`},
	} {
		tab := &Table{Name: "t.csv", Header: tt.header, Rows: [][]string{{"1", "0", "x"}, {"0", "1", "y"}}}
		if _, err := FitEncoder(tab, EncoderOptions{}); !errors.Is(err, ErrHeader) || err.Error() != tt.want {
			t.Errorf("FitEncoder with header %q: %v; want %q", tt.header, err, tt.want)
		}
	}
}

// TestBinaryAndConstantColumns: a numeric column of two training values is
// encoded 0 for the lower and 1 for the higher (values in between or
// beyond linearly), a missing cell as its more frequent value where the
// training rows had missing cells there and as the encoded mean where they
// had none; a constant column is encoded relative to its value. So a table
// of 5/7 codes, or of 0/1 flags with a few missing answers, stays binary
// (the categorical route); it read 5 and 7, or the mean, before.
func TestBinaryAndConstantColumns(t *testing.T) {
	t.Parallel()
	train := table(t, "train.csv", "a,b,c,label\n5,0,5.5,x\n7,1,5.5,y\nNA,1,5.5,y\n7,0,5.5,x\n")
	e, err := FitEncoder(train, EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	wantCols := []Column{
		{Name: "a", Kind: Numeric, Mean: 19.0 / 3, Values: 2, Low: 5, High: 7, ModeFill: true, Fill: 1},
		{Name: "b", Kind: Numeric, Mean: 0.5, Values: 2, Low: 0, High: 1},
		{Name: "c", Kind: Numeric, Mean: 5.5, Values: 1, Low: 5.5, High: 5.5},
	}
	if !reflect.DeepEqual(e.Columns, wantCols) {
		t.Fatalf("columns\ngot  %+v\nwant %+v", e.Columns, wantCols)
	}
	for _, tt := range []struct {
		name, csv string
		want      []float64
	}{
		{"training rows", "a,b,c,label\n5,0,5.5,x\n7,1,5.5,y\nNA,1,5.5,y\n7,0,5.5,x\n", []float64{0, 0, 0, 1, 1, 0, 1, 1, 0, 1, 0, 0}},
		{"values between and beyond", "a,b,c,label\n6,2,6.5,x\n", []float64{0.5, 2, 1}},
		{"missing where training had none", "a,b,c,label\n5,,,x\n", []float64{0, 0.5, 0}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, _, err := e.Transform(table(t, "t.csv", tt.csv))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(d.X, tt.want) {
				t.Errorf("encoded %v, want %v", d.X, tt.want)
			}
		})
	}
	src, err := e.Sources()
	if err != nil {
		t.Fatal(err)
	}
	wantSrc := []Source{
		{Column: "a", Numeric: true, Binary: true, On: "7", Off: "5", ModeFill: true, MissingOn: true},
		{Column: "b", Numeric: true, Binary: true, On: "1", Off: "0"},
		{Column: "c", Numeric: true},
	}
	if !reflect.DeepEqual(src, wantSrc) {
		t.Errorf("sources\ngot  %+v\nwant %+v", src, wantSrc)
	}
	// An edited encoder is checked.
	for _, c := range []Column{
		{Name: "a", Kind: Numeric, Values: 3},
		{Name: "a", Kind: Numeric, Values: 2, Low: 7, High: 5},
		{Name: "a", Kind: Numeric, Values: 1, Low: 1, High: 2},
		{Name: "a", Kind: Numeric, Values: 2, Low: 0, High: 1, Fill: 1},
		{Name: "a", Kind: Numeric, Values: 2, Low: 0, High: 1, ModeFill: true, Fill: 0.5},
		{Name: "a", Kind: Numeric, Values: 1, Low: 1, High: 1, ModeFill: true},
		{Name: "a", Kind: Numeric, Low: 1},
	} {
		bad := &Encoder{Label: "label", Columns: []Column{c}, Features: []string{"a"}, Classes: []string{"x", "y"}}
		if err := bad.Validate(); !errors.Is(err, ErrEncoder) {
			t.Errorf("Validate(%+v) = %v, want ErrEncoder", c, err)
		}
	}
}

// TestMixedColumns: a categorical column most of whose values are numbers
// is reported (hornetctl train warns of it), one of words or of a few
// codes is not.
func TestMixedColumns(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("x,size,code,label\n")
	for i := range 12 {
		x := strconv.Itoa(i)
		if i%5 == 4 {
			x = []string{"unknown", "n/a", "-"}[i/5]
		}
		fmt.Fprintf(&b, "%s,%s,%d,%d\n", x, []string{"S", "M", "L"}[i%3], i%2, i%2)
	}
	e, err := FitEncoder(table(t, "t.csv", b.String()), EncoderOptions{Categorical: []string{"code"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []MixedColumn{{Column: "x", Numbers: 10, Others: []string{"n/a", "unknown"}}}
	if got := e.MixedColumns(); !reflect.DeepEqual(got, want) {
		t.Errorf("MixedColumns() = %+v, want %+v", got, want)
	}
	var none *Encoder // a nil encoder codes nothing and mixes nothing
	if none.MixedColumns() != nil || none.RecodesValues() {
		t.Error("a nil Encoder reports mixed columns or coded values")
	}
}

// TestEncoderEdgeValues: a constant column's missing cell is exactly 0
// (its mean can differ from the value by rounding, and that residue made
// a binary table continuous and a huge feature); two values equal up to
// rounding are not a binary column (a 0/1 code would blow their
// difference up); a value too far from a binary column's two to encode is
// an error naming the line, not an infinity in the table; and only an
// encoder that codes values needs a version-5 model file.
func TestEncoderEdgeValues(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("c,n,tiny,label\n")
	for i := range 190 {
		c := "0.3"
		if i%20 == 7 {
			c = "NA"
		}
		fmt.Fprintf(&b, "%s,%s,%s,%d\n", c, []string{"0.3", "0.30000000000000004"}[i%2], []string{"0", "1e-300"}[i%3%2], i%2)
	}
	e, err := FitEncoder(table(t, "t.csv", b.String()), EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c := e.Columns[0]; c.Values != 1 || c.Mean == c.Low {
		t.Fatalf("column c: %+v; want a constant column whose mean differs from its value by rounding (the case under test)", c)
	}
	if c := e.Columns[1]; c.Values != 0 {
		t.Errorf("column n (0.3 and 0.30000000000000004): %+v, want no binary coding", c)
	}
	d, _, err := e.Transform(table(t, "p.csv", "c,n,tiny,label\nNA,0.3,1e-300,0\n0.3,0.3,0,1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d.X, []float64{0, 0.3, 1, 0, 0.3, 0}) {
		t.Errorf("encoded %v, want [0 0.3 1 0 0.3 0]: NA of the constant column exactly 0", d.X)
	}
	_, _, err = e.Transform(table(t, "p.csv", "c,n,tiny,label\n0.3,0.3,0,0\n0.3,0.3,1e10,1\n"))
	if !errors.Is(err, ErrOverflow) || !strings.Contains(err.Error(), `p.csv:3: column "tiny": "1e10" is too far from the column's training values 0 and 1e-300`) {
		t.Errorf("a value too far to encode: %v", err)
	}
	if !e.RecodesValues() {
		t.Error("RecodesValues() = false for a constant 0.3 column and a 0/1e-300 one")
	}
	plain, err := FitEncoder(table(t, "t.csv", "a,b,label\n0,1.5,x\n1,2.5,y\n1,3,x\n"), EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if plain.RecodesValues() {
		t.Errorf("RecodesValues() = true for a 0/1 column without missing cells: %+v", plain.Columns)
	}
}

// CodedColumns names the categorical columns of numbers (one-hot because
// an option said so), not those of words, however they were asked for.
func TestCodedColumns(t *testing.T) {
	for _, c := range []struct {
		name        string
		categorical []string
		want        []string
	}{
		{"none asked", nil, nil},
		{"a code", []string{"code"}, []string{"code"}},
		{"a code with a missing cell and words", []string{"gap", "word"}, []string{"gap"}},
		{"every column", []string{"*"}, []string{"code", "gap", "num"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tab := table(t, "coded.csv", "code,gap,word,num,label\n1,2,x,0.5,a\n2,NA,y,1.5,b\n3,4,x,2.5,a\n1,2,z,3.5,b\n")
			e, err := FitEncoder(tab, EncoderOptions{Categorical: c.categorical})
			if err != nil {
				t.Fatal(err)
			}
			if got := e.CodedColumns(); !slices.Equal(got, c.want) {
				t.Errorf("CodedColumns = %q, want %q", got, c.want)
			}
		})
	}
	if got := (*Encoder)(nil).CodedColumns(); got != nil {
		t.Errorf("nil encoder: %q", got)
	}
}

// NumericCell reads a cell as a numeric column's: missing, a finite
// number, or neither.
func TestNumericCell(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cell        string
		f           float64
		missing, ok bool
	}{
		{"", 0, true, true},
		{"NA", 0, true, true},
		{"?", 0, true, true},
		{"2", 2, false, true},
		{"-0.5", -0.5, false, true},
		{"1e400", 0, false, false},
		{"NaN", 0, false, false},
		{"Inf", 0, false, false},
		{"./.", 0, false, false},
		{"yes", 0, false, false},
		// Decimal numbers only: Go's literal forms are words.
		{"1_0", 0, false, false},
		{"0_1", 0, false, false},
		{"0x1p4", 0, false, false},
		{"-0X1P4", 0, false, false},
		{"+3", 3, false, true},
		{"0.5e1", 5, false, true},
		{"007", 7, false, true},
	} {
		f, missing, ok := NumericCell(tt.cell)
		if f != tt.f || missing != tt.missing || ok != tt.ok {
			t.Errorf("NumericCell(%q) = %g, %v, %v; want %g, %v, %v", tt.cell, f, missing, ok, tt.f, tt.missing, tt.ok)
		}
	}
}
