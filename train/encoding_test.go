// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// continuousTable writes rows rows of cols standard normal columns and a
// label from label(x) as a CSV table.
func continuousTable(t *testing.T, rows, cols int, seed uint64, label func(x []float64) bool) *data.Table {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 41))
	var b strings.Builder
	for j := range cols {
		fmt.Fprintf(&b, "x%d,", j)
	}
	b.WriteString("label\n")
	x := make([]float64, cols)
	for range rows {
		for j := range x {
			x[j] = rng.NormFloat64()
			fmt.Fprintf(&b, "%.4f,", x[j])
		}
		fmt.Fprintf(&b, "%v\n", label(x))
	}
	tab, err := data.ReadCSV(strings.NewReader(b.String()), "generated.csv")
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// The encoding check binarises a table of continuous columns whose label
// is an interaction of two of them (xor, and), which the continuous route
// cannot express, and keeps the numbers where the label is additive; it
// does not run where the options decide the encoding or the table is
// outside its bounds; and it is a function of the table and the seed.
func TestChooseEncoding(t *testing.T) {
	t.Parallel()
	xor := func(x []float64) bool { return (x[3] > 0) != (x[7] > 0) }
	and := func(x []float64) bool { return x[3] > 0 && x[7] > 0 }
	additive := func(x []float64) bool { return x[3]+x[7] > 0 }
	for _, c := range []struct {
		name   string
		tab    *data.Table
		opts   data.EncoderOptions
		ran    bool
		binned bool
	}{
		{"xor", continuousTable(t, 300, 10, 1, xor), data.EncoderOptions{}, true, true},
		{"and", continuousTable(t, 300, 10, 2, and), data.EncoderOptions{}, true, true},
		{"additive", continuousTable(t, 300, 10, 3, additive), data.EncoderOptions{}, true, false},
		{"--no-binarise", continuousTable(t, 300, 10, 1, xor), data.EncoderOptions{NoBinarise: true}, false, false},
		{"--binarise x3", continuousTable(t, 300, 10, 1, xor), data.EncoderOptions{Binarise: []string{"x3"}}, false, false},
		{"--categorical x1", continuousTable(t, 300, 10, 1, xor), data.EncoderOptions{Categorical: []string{"x1"}}, false, false},
		{"too few rows", continuousTable(t, train.EncodingMinRows-1, 10, 1, xor), data.EncoderOptions{}, false, false},
		{"one column", continuousTable(t, 300, 1, 1, func(x []float64) bool { return x[0] > 0 }), data.EncoderOptions{}, false, false},
		{"too many columns", continuousTable(t, 100, train.EncodingMaxColumns+1, 1, xor), data.EncoderOptions{}, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			opts, check, err := train.ChooseEncoding(context.Background(), c.tab, c.opts, model.Config{}, train.Config{Seed: 1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if (check != nil) != c.ran {
				t.Fatalf("check %+v, want one: %v", check, c.ran)
			}
			if got := slices.Equal(opts.Binarise, []string{"*"}) && !slices.Equal(c.opts.Binarise, []string{"*"}); got != c.binned || check != nil && check.Binarised != c.binned {
				t.Errorf("options %+v, check %+v: want binarised %v", opts, check, c.binned)
			}
			if !c.binned && !slices.Equal(opts.Binarise, c.opts.Binarise) {
				t.Errorf("options %+v changed from %+v", opts, c.opts)
			}
			if check != nil {
				t.Logf("check %+v", *check)
			}
		})
	}
}

// The check is a function of the table and the configs: two runs agree.
func TestChooseEncodingDeterministic(t *testing.T) {
	t.Parallel()
	tab := continuousTable(t, train.EncodingMinRows, 4, 4, func(x []float64) bool { return x[1]*x[2] > 0 })
	var checks []train.EncodingCheck
	for range 2 {
		_, check, err := train.ChooseEncoding(context.Background(), tab, data.EncoderOptions{}, model.Config{}, train.Config{Seed: 7}, nil)
		if err != nil || check == nil {
			t.Fatalf("check %v, error %v", check, err)
		}
		checks = append(checks, *check)
	}
	if checks[0] != checks[1] {
		t.Errorf("two runs: %+v and %+v", checks[0], checks[1])
	}
}

// A nil context is an error, not a panic in the inner fits.
func TestChooseEncodingNilContext(t *testing.T) {
	tab := continuousTable(t, train.EncodingMinRows, 4, 4, func(x []float64) bool { return x[1] > 0 })
	//lint:ignore SA1012 the nil context is the point of the test
	_, check, err := train.ChooseEncoding(nil, tab, data.EncoderOptions{}, model.Config{}, train.Config{}, nil) //nolint:staticcheck
	if !errors.Is(err, train.ErrConfig) || check != nil {
		t.Errorf("nil context: check %v, error %v; want ErrConfig", check, err)
	}
}
