// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
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

// mixedTable writes rows rows of the columns cols draws (named by names,
// printed with %g, so that whole numbers are written as integers) and a
// label from label(values) as a CSV table.
func mixedTable(t *testing.T, rows int, seed uint64, names []string, draw func(rng *rand.Rand, j int) float64, label func(v []float64) bool) *data.Table {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 43))
	var b strings.Builder
	b.WriteString(strings.Join(names, ",") + ",label\n")
	v := make([]float64, len(names))
	for range rows {
		for j := range v {
			v[j] = draw(rng, j)
			fmt.Fprintf(&b, "%g,", v[j])
		}
		fmt.Fprintf(&b, "%v\n", label(v))
	}
	tab, err := data.ReadCSV(strings.NewReader(b.String()), "generated.csv")
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// columnNames returns prefix0, prefix1, ... prefix(n-1).
func columnNames(prefix string, n int) []string {
	out := make([]string, n)
	for j := range out {
		out[j] = fmt.Sprintf("%s%d", prefix, j)
	}
	return out
}

// The encoding check covers tables that mix continuous columns with flags
// and codes: a label that is an interaction of two flags, which the
// continuous route these tables take cannot express, is binarised; codes
// of three values (the MONK's files' attributes) are one-hot encoded in
// the binary encoding, so that a2 = a3 is a disjunction of three rules of
// two literals, and a table of codes is checked however many columns it
// has (genotypes); an additive label keeps the numbers; and a table of
// flags with one continuous column (binarised by FitEncoder's own rule)
// or too many flags is not checked.
func TestChooseEncodingMixed(t *testing.T) {
	t.Parallel()
	gaussAndFlags := func(continuous int) func(rng *rand.Rand, j int) float64 {
		return func(rng *rand.Rand, j int) float64 {
			if j < continuous {
				return math.Round(rng.NormFloat64()*1e4) / 1e4
			}
			return float64(rng.IntN(2))
		}
	}
	codes := func(rng *rand.Rand, j int) float64 { return float64(1 + rng.IntN(3)) }
	for _, c := range []struct {
		name   string
		tab    *data.Table
		ran    bool
		binned bool
		oneHot []string
	}{
		{"two flags' xor beside four continuous columns",
			mixedTable(t, 240, 1, append(columnNames("x", 4), columnNames("f", 10)...), gaussAndFlags(4),
				func(v []float64) bool { return v[4+3] != v[4+7] }), true, true, nil},
		{"two codes equal",
			mixedTable(t, 240, 2, columnNames("a", 4), codes,
				func(v []float64) bool { return v[1] == v[2] }), true, true, columnNames("a", 4)},
		{"additive beside flags",
			mixedTable(t, 240, 3, append(columnNames("x", 4), columnNames("f", 10)...), gaussAndFlags(4),
				func(v []float64) bool { return v[0]+v[1]+v[4+2]-0.5 > 0 }), true, false, nil},
		{"genotype codes 0/1/2, more columns than EncodingMaxColumns",
			mixedTable(t, 200, 6, columnNames("g", 2*train.EncodingMaxColumns), func(rng *rand.Rand, j int) float64 { return float64(rng.IntN(3)) },
				func(v []float64) bool { return (v[3] >= 1) != (v[17] >= 1) }), true, true, columnNames("g", 2*train.EncodingMaxColumns)},
		{"flags with one continuous column",
			mixedTable(t, 240, 4, append(columnNames("x", 1), columnNames("f", 10)...), gaussAndFlags(1),
				func(v []float64) bool { return v[1] != v[2] }), false, false, nil},
		{"too many features",
			mixedTable(t, 100, 5, append(columnNames("x", 3), columnNames("f", train.EncodingMaxFeatures)...), gaussAndFlags(3),
				func(v []float64) bool { return v[3] != v[4] }), false, false, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			opts, check, err := train.ChooseEncoding(context.Background(), c.tab, data.EncoderOptions{}, model.Config{}, train.Config{Seed: 1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if (check != nil) != c.ran {
				t.Fatalf("check %+v, want one: %v", check, c.ran)
			}
			if check == nil {
				return
			}
			t.Logf("check %+v", *check)
			if check.Binarised != c.binned || slices.Equal(opts.Binarise, []string{"*"}) != c.binned {
				t.Errorf("options %+v, check %+v: want binarised %v", opts, check, c.binned)
			}
			if !slices.Equal(check.OneHot, c.oneHot) {
				t.Errorf("one-hot columns %q, want %q", check.OneHot, c.oneHot)
			}
			if want := c.oneHot; c.binned && !slices.Equal(opts.Categorical, want) || !c.binned && len(opts.Categorical) > 0 {
				t.Errorf("categorical columns %q; want %q where binarised", opts.Categorical, want)
			}
		})
	}
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
	// A band of one column (its middle half) beside a slope in another:
	// no linear model of the numbers expresses the band, steps at the
	// quartiles do (x3 above its first quartile and not above its
	// third).
	band := func(x []float64) bool { return 2*x[7]+3*b2f(math.Abs(x[3]) < 0.67) > 1.5 }
	for _, c := range []struct {
		name   string
		tab    *data.Table
		opts   data.EncoderOptions
		ran    bool
		binned bool
		steps  bool
	}{
		{"xor", continuousTable(t, 300, 10, 1, xor), data.EncoderOptions{}, true, true, false},
		{"and", continuousTable(t, 300, 10, 2, and), data.EncoderOptions{}, true, true, false},
		{"additive", continuousTable(t, 300, 10, 3, additive), data.EncoderOptions{}, true, false, false},
		// Where the binarised encoding predicts better it is taken first,
		// whatever the steps do: its rules express the band too.
		{"band beside a slope, binarised first", continuousTable(t, 300, 10, 5, band), data.EncoderOptions{}, true, true, false},
		{"band beside a slope, more columns than EncodingMaxColumns", continuousTable(t, 300, train.EncodingMaxColumns+8, 6, band), data.EncoderOptions{}, true, false, true},
		{"--no-binarise", continuousTable(t, 300, 10, 1, xor), data.EncoderOptions{NoBinarise: true}, false, false, false},
		{"--binarise x3", continuousTable(t, 300, 10, 1, xor), data.EncoderOptions{Binarise: []string{"x3"}}, false, false, false},
		{"--categorical x1", continuousTable(t, 300, 10, 1, xor), data.EncoderOptions{Categorical: []string{"x1"}}, false, false, false},
		{"Steps x3", continuousTable(t, 300, 10, 5, band), data.EncoderOptions{Steps: []string{"x3"}}, false, false, false},
		{"too few rows", continuousTable(t, train.EncodingMinRows-1, 10, 1, xor), data.EncoderOptions{}, false, false, false},
		{"one column", continuousTable(t, 300, 1, 1, func(x []float64) bool { return x[0] > 0 }), data.EncoderOptions{}, false, false, false},
		{"too many columns", continuousTable(t, 100, train.EncodingMaxFeatures+1, 1, xor), data.EncoderOptions{}, false, false, false},
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
			if got := slices.Equal(opts.Steps, []string{"*"}); got != c.steps || check != nil && check.Steps != c.steps {
				t.Errorf("options %+v, check %+v: want steps %v", opts, check, c.steps)
			}
			if !c.steps && !slices.Equal(opts.Steps, c.opts.Steps) {
				t.Errorf("options %+v changed from %+v", opts, c.opts)
			}
			// The binarised encoding is fitted on tables of at most
			// EncodingMaxColumns continuous columns, the steps on every
			// table the check runs on here.
			if check != nil && (check.BinarisedTried != (c.tab != nil && len(c.tab.Header)-1 <= train.EncodingMaxColumns) || !check.StepsTried) {
				t.Errorf("check %+v: binarised tried %v, steps tried %v", check, check.BinarisedTried, check.StepsTried)
			}
			if check != nil {
				t.Logf("check %+v", *check)
			}
		})
	}
}

// Equal class weights (EqualClassWeights, --class-weight none: LossWeights
// gives nil) weigh every held-out row 1 in the steps' loss; up to session
// 54 the check indexed the nil weights and panicked on every table where
// it tried the steps. The band beside a slope still takes them.
func TestChooseEncodingEqualClassWeights(t *testing.T) {
	t.Parallel()
	band := func(x []float64) bool { return 2*x[7]+3*b2f(math.Abs(x[3]) < 0.67) > 1.5 }
	tab := continuousTable(t, 300, train.EncodingMaxColumns+8, 6, band)
	opts, check, err := train.ChooseEncoding(context.Background(), tab, data.EncoderOptions{}, model.Config{}, train.Config{Seed: 1, EqualClassWeights: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if check == nil || !check.StepsTried {
		t.Fatalf("check %+v: want the steps tried", check)
	}
	if !check.Steps || !slices.Equal(opts.Steps, []string{"*"}) {
		t.Errorf("options %+v, check %+v: want steps", opts, *check)
	}
	if !(check.NumbersLoss > check.StepsLoss) || math.IsNaN(check.StepsLoss) {
		t.Errorf("held-out losses: numbers %v, steps %v; want the steps' lower", check.NumbersLoss, check.StepsLoss)
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
	if !reflect.DeepEqual(checks[0], checks[1]) {
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

// A table of more columns than EncodingMaxFeatures is checked only as a
// table of codes: 150 genotype columns are, whatever their label column
// (here the first, named, of six numeric classes), and 150 Gaussian
// columns are not.
func TestChooseEncodingWide(t *testing.T) {
	t.Parallel()
	const cols = train.EncodingMaxFeatures + 22
	for _, c := range []struct {
		name string
		draw func(rng *rand.Rand) string
		ran  bool
	}{
		{"genotypes", func(rng *rand.Rand) string { return fmt.Sprint(rng.IntN(3)) }, true},
		{"expression", func(rng *rand.Rand) string { return fmt.Sprintf("%.3f", rng.NormFloat64()) }, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(3, 3))
			var b strings.Builder
			b.WriteString("class," + strings.Join(columnNames("g", cols), ",") + "\n")
			for i := range 120 {
				cells := make([]string, cols)
				for j := range cells {
					cells[j] = c.draw(rng)
				}
				fmt.Fprintf(&b, "%d,%s\n", 1+i%6, strings.Join(cells, ","))
			}
			tab, err := data.ReadCSV(strings.NewReader(b.String()), "wide.csv")
			if err != nil {
				t.Fatal(err)
			}
			_, check, err := train.ChooseEncoding(context.Background(), tab, data.EncoderOptions{Label: "class"}, model.Config{}, train.Config{Seed: 1}, nil)
			if err != nil || (check != nil) != c.ran {
				t.Errorf("check %+v, error %v; want one: %v", check, err, c.ran)
			}
		})
	}
}

// b2f is 1 for true, 0 for false.
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
