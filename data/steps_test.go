// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestFitEncoderSteps: a numeric column of more than two values named in
// Steps becomes its value followed by one 0/1 feature per cut, 1 above
// it, a missing cell taking the training mean in both; a binary or
// categorical column named is encoded as without the option; the encoder
// survives a JSON round trip and gives back the options that fit it
// again; names that cannot be coded with steps are refused.
func TestFitEncoderSteps(t *testing.T) {
	t.Parallel()
	tab := mixTable(t)
	for _, tt := range []struct {
		name    string
		opts    EncoderOptions
		want    []string
		stepped []string
	}{
		{"age", EncoderOptions{Steps: []string{"age"}}, []string{"age", "age>35", "age>45", "age>55", "flag", "code", "word=a", "word=b"}, []string{"age"}},
		{"all", EncoderOptions{Steps: []string{"*"}}, []string{"age", "age>35", "age>45", "age>55", "flag", "code", "word=a", "word=b"}, []string{"age"}},
		{"binarise beside *", EncoderOptions{Steps: []string{"*"}, Binarise: []string{"age"}}, []string{"age>35", "age>45", "age>55", "flag", "code", "word=a", "word=b"}, nil},
		{"flag and word named", EncoderOptions{Steps: []string{"flag", "word"}}, []string{"age", "flag", "code", "word=a", "word=b"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			enc := mustEncoder(t, tab, tt.opts)
			if !slices.Equal(enc.Features, tt.want) {
				t.Fatalf("features\ngot  %v\nwant %v", enc.Features, tt.want)
			}
			back := jsonRoundTrip(t, enc)
			if got := back.SteppedColumns(); !slices.Equal(got, tt.stepped) {
				t.Errorf("SteppedColumns = %v, want %v", got, tt.stepped)
			}
			if tt.stepped == nil {
				return
			}
			again := mustEncoder(t, tab, EncoderOptions{Steps: back.SteppedColumns(), Binarise: back.BinnedColumns()})
			if !slices.Equal(again.Features, enc.Features) {
				t.Errorf("refitted from SteppedColumns: features %v, want %v", again.Features, enc.Features)
			}
			test := table(t, "test.csv", "label,word,code,flag,age\nx,a,1,0,35\ny,b,2,1,NA\nx,a,1,0,50\ny,b,1,1,99\n")
			ds, _, err := back.Transform(test)
			if err != nil {
				t.Fatal(err)
			}
			// 35 is not above 35; NA takes the mean, 40: above 35 only; 50 is not above 55; 99 above all
			want := [][]float64{{35, 0, 0, 0}, {40, 1, 0, 0}, {50, 1, 1, 0}, {99, 1, 1, 1}}
			for i, w := range want {
				if got := ds.Row(i)[:4]; !slices.Equal(got, w) {
					t.Errorf("row %d: age features %v, want %v", i+1, got, w)
				}
			}
			src, err := back.Sources()
			if err != nil {
				t.Fatal(err)
			}
			wantSrc := []Source{{Column: "age", Numeric: true}, {Column: "age", Numeric: true, Threshold: "35", MissingOn: true},
				{Column: "age", Numeric: true, Threshold: "45"}, {Column: "age", Numeric: true, Threshold: "55"}}
			if !slices.Equal(src[:4], wantSrc) {
				t.Errorf("Sources\ngot  %+v\nwant %+v", src[:4], wantSrc)
			}
		})
	}
	refusesOptions(t, tab, ErrNoColumn,
		EncoderOptions{Steps: []string{"nope"}},
		EncoderOptions{Steps: []string{"label"}})
	refusesOptions(t, tab, ErrColumnTwice,
		EncoderOptions{Steps: []string{"age"}, Categorical: []string{"age"}},
		EncoderOptions{Steps: []string{"age"}, Binarise: []string{"age"}},
		EncoderOptions{Steps: []string{"*"}, Binarise: []string{"*"}},
		EncoderOptions{Steps: []string{"*"}, Categorical: []string{"*"}})
	refusesWordIn(t, mustEncoder(t, tab, EncoderOptions{Steps: []string{"age"}}))
}

// TestSteppedNoAutoBinarise: where Steps names columns, a table of flags
// with one continuous column keeps it a number with steps rather than
// binarising it by FitEncoder's own rule.
func TestSteppedNoAutoBinarise(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("age,f1,f2,f3,f4,f5,label\n")
	for i := range 20 {
		b.WriteString(strings.Join([]string{strconv.Itoa(20 + i), strconv.Itoa(i % 2), strconv.Itoa(i / 2 % 2), strconv.Itoa(i / 3 % 2), strconv.Itoa(i / 5 % 2), strconv.Itoa(i / 7 % 2), strconv.Itoa(i % 3 % 2)}, ",") + "\n")
	}
	tab := table(t, "flags.csv", b.String())
	if got := mustEncoder(t, tab, EncoderOptions{}).BinnedColumns(); !slices.Equal(got, []string{"age"}) {
		t.Fatalf("by default BinnedColumns = %v, want [age]", got)
	}
	enc := mustEncoder(t, tab, EncoderOptions{Steps: []string{"age"}})
	if enc.BinnedColumns() != nil || !slices.Equal(enc.SteppedColumns(), []string{"age"}) {
		t.Errorf("with Steps: binned %v, stepped %v; want none and [age]", enc.BinnedColumns(), enc.SteppedColumns())
	}
}

// TestSteppedValidate: an edited stepped column is refused, naming it.
func TestSteppedValidate(t *testing.T) {
	t.Parallel()
	good := mustEncoder(t, table(t, "s.csv", "age,label\n20,x\n30,y\n40,x\n50,y\n60,y\n"), EncoderOptions{Steps: []string{"age"}})
	refusesEdits(t, good, map[string]func(e *Encoder){
		"no cuts":                     func(e *Encoder) { e.Columns[0].Cuts = nil; e.Features = e.Features[:1] },
		"unsorted cuts":               func(e *Encoder) { e.Columns[0].Cuts[1] = 10 },
		"value feature name":          func(e *Encoder) { e.Features[0] = "age2" },
		"cut feature name":            func(e *Encoder) { e.Features[2] = "age>41" },
		"binary fields":               func(e *Encoder) { e.Columns[0].Values = 2 },
		"binned with a value feature": func(e *Encoder) { e.Columns[0].Kind = Binned },
	})
}
