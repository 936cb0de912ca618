// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"reflect"
	"testing"
)

// KeepKinds names the whole table's categorical columns, so that an
// encoder fitted on rows that miss a column's words types it alike.
func TestKeepKinds(t *testing.T) {
	const csv = `n,w,c,y
1,?,red,a
2,t,blue,b
3,?,red,a
4,?,blue,b
`
	whole, err := FitEncoder(table(t, "whole.csv", csv), EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		opts EncoderOptions
		want EncoderOptions
	}{
		{"none named", EncoderOptions{}, EncoderOptions{Categorical: []string{"w", "c"}}},
		{"one named already", EncoderOptions{Categorical: []string{"c"}}, EncoderOptions{Categorical: []string{"c", "w"}}},
		{"every column", EncoderOptions{Categorical: []string{"*"}}, EncoderOptions{Categorical: []string{"*"}}},
		{"binarise names a categorical column", EncoderOptions{Binarise: []string{"n", "w"}},
			EncoderOptions{Categorical: []string{"w", "c"}, Binarise: []string{"n"}}},
		{"binarise all", EncoderOptions{Binarise: []string{"*"}, NoBinarise: false},
			EncoderOptions{Categorical: []string{"w", "c"}, Binarise: []string{"*"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := tt.opts
			before.Categorical, before.Binarise = append([]string(nil), tt.opts.Categorical...), append([]string(nil), tt.opts.Binarise...)
			got := whole.KeepKinds(tt.opts)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("KeepKinds(%+v)\ngot  %+v\nwant %+v", tt.opts, got, tt.want)
			}
			if !reflect.DeepEqual(normal(before), normal(tt.opts)) {
				t.Errorf("KeepKinds modified its argument: %+v, was %+v", tt.opts, before)
			}
		})
	}
	// The rows without the word: w alone reads as numeric, and the word's
	// row does not parse; with the whole table's kinds it is an unseen
	// category.
	sub := table(t, "sub.csv", "n,w,c,y\n1,?,red,a\n3,?,red,a\n4,?,blue,b\n")
	held := table(t, "held.csv", "n,w,c,y\n2,t,blue,b\n")
	alone, err := FitEncoder(sub, EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := alone.Transform(held); err == nil {
		t.Fatal("an encoder fitted without the word parsed it; the test no longer shows the failure KeepKinds prevents")
	}
	kept, err := FitEncoder(sub, whole.KeepKinds(EncoderOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	if kept.Columns[1].Kind != Categorical {
		t.Errorf("column w: kind %v, want %v", kept.Columns[1].Kind, Categorical)
	}
	_, warns, err := kept.Transform(held)
	if err != nil {
		t.Fatalf("Transform of the held-out row: %v", err)
	}
	if len(warns) != 1 || warns[0].Column != "w" || warns[0].Value != "t" {
		t.Errorf("warnings: got %v, want one unseen value t in column w", warns)
	}
	var nilEnc *Encoder
	if got := nilEnc.KeepKinds(EncoderOptions{Label: "y"}); !reflect.DeepEqual(got, EncoderOptions{Label: "y"}) {
		t.Errorf("nil encoder: got %+v", got)
	}
}

// normal maps empty slices to nil, for comparing options.
func normal(o EncoderOptions) EncoderOptions {
	if len(o.Categorical) == 0 {
		o.Categorical = nil
	}
	if len(o.Binarise) == 0 {
		o.Binarise = nil
	}
	return o
}
