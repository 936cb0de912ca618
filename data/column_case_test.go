// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"errors"
	"strings"
	"testing"
)

// TestTransformColumnCaseHint: a column the encoder needs, missing from a
// later table that has it in another case ("Size" for "size"), is still
// an ErrNoColumn error, and it names the column that differs only in case
// (it said only 'column not found', beside a header that seemed to hold
// it).
func TestTransformColumnCaseHint(t *testing.T) {
	train, err := ReadCSV(strings.NewReader("size,colour,label\n1,red,yes\n2,blue,no\n3,red,yes\n"), "train.csv")
	if err != nil {
		t.Fatal(err)
	}
	enc, err := FitEncoder(train, EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	later, err := ReadCSV(strings.NewReader("colour,Size\nred,1\n"), "later.csv")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = enc.TransformUnlabelled(later)
	if !errors.Is(err, ErrNoColumn) {
		t.Fatalf("got %v, want ErrNoColumn", err)
	}
	want := `later.csv: column "size": column not found: the encoder was fitted on it (column 2 is "Size", which differs in case; names must match exactly)`
	if err.Error() != want {
		t.Errorf("got  %q\nwant %q", err, want)
	}
}

// TestFitColumnCaseHint: a label, --categorical or --binarise name that
// is not a column but differs from one only in case is still an
// ErrNoColumn error, naming that column (the label's listed at most
// eight columns, so a wide table's last, the label, was left out).
func TestFitColumnCaseHint(t *testing.T) {
	table, err := ReadCSV(strings.NewReader("size,colour,label\n1,red,yes\n2,blue,no\n3,red,yes\n4,red,no\n"), "train.csv")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		opts EncoderOptions
		want string
	}{
		{EncoderOptions{Label: "Label"}, `train.csv: column "Label": column not found: no label column of that name (column 3 is "label", which differs in case; names must match exactly)`},
		{EncoderOptions{Categorical: []string{"SIZE"}}, `train.csv: column "SIZE": column not found: no feature column of that name to treat as categorical (column 1 is "size", which differs`},
		{EncoderOptions{Binarise: []string{"Size"}}, `train.csv: column "Size": column not found: no feature column of that name to binarise (column 1 is "size", which differs`},
		// The label column is named: said so, where it was said to differ
		// in case from itself (session 42's library audit).
		{EncoderOptions{Binarise: []string{"label"}}, `train.csv: column "label": column not found: no feature column of that name to binarise (it is the label column)`},
		{EncoderOptions{Categorical: []string{"label"}}, `train.csv: column "label": column not found: no feature column of that name to treat as categorical (it is the label column)`},
	}
	for _, tt := range tests {
		_, err := FitEncoder(table, tt.opts)
		if !errors.Is(err, ErrNoColumn) || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%+v: got %v, want ErrNoColumn beginning %q", tt.opts, err, tt.want)
		}
	}
}
