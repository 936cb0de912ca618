// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
)

// A row's prediction depends on the row and the model only: predicted
// alone, within its file, among changed neighbours, or anywhere in a file
// longer than one evaluation chunk (256 rows), its probabilities are the
// same bits. Checked for a model trained on each route and for one
// trained on both.
func TestRowIndependence(t *testing.T) {
	t.Parallel()
	seeds := []uint64{1, 2, 3}
	if testing.Short() {
		seeds = seeds[:1]
	}
	const D = 8
	for _, kind := range []struct {
		name string
		// train returns the training table; test the rows to check.
		train, test func(t *testing.T, seed uint64) *data.Dataset
		batch       int
		// wantCat, wantCont: whether each route must have trained batches.
		wantCat, wantCont bool
	}{
		{
			name:    "categorical",
			train:   func(t *testing.T, s uint64) *data.Dataset { return xorData(t, s, 128) },
			test:    func(t *testing.T, s uint64) *data.Dataset { return xorData(t, s+100, 40) },
			batch:   16,
			wantCat: true,
		},
		{
			name:     "continuous",
			train:    func(_ *testing.T, s uint64) *data.Dataset { return gaussData(s, 128, D) },
			test:     func(_ *testing.T, s uint64) *data.Dataset { return gaussData(s+100, 40, D) },
			batch:    16,
			wantCont: true,
		},
		{
			name:     "mixed",
			train:    func(t *testing.T, s uint64) *data.Dataset { return mixedData(t, s, 128) },
			test:     func(t *testing.T, s uint64) *data.Dataset { return mixedData(t, s+100, 40) },
			batch:    4,
			wantCat:  true,
			wantCont: true,
		},
	} {
		for _, seed := range seeds {
			t.Run(fmt.Sprintf("%s/seed=%d", kind.name, seed), func(t *testing.T) {
				t.Parallel()
				net := fit(t, kind.train(t, seed), seed, 15, kind.batch)
				cat, cont := net.TrainedBatches()
				if (cat > 0) != kind.wantCat || (cont > 0) != kind.wantCont {
					t.Fatalf("TrainedBatches()\ngot  categorical %d, continuous %d\nwant categorical>0 %v, continuous>0 %v",
						cat, cont, kind.wantCat, kind.wantCont)
				}
				x := append(slices.Clone(kind.test(t, seed).X), oddRows(D)...)
				checkRowIndependence(t, net, x, len(x)/D, seed)
			})
		}
	}
}

// oddRows are rows no training table held: an imputed NA, a continuous
// value in a binary column, all zeros, all ones, two arbitrary values.
func oddRows(D int) []float64 {
	var x []float64
	for _, row := range []func(j int) float64{
		func(j int) float64 { return map[bool]float64{true: 0.5, false: float64(j % 2)}[j == 3] },
		func(j int) float64 { return map[bool]float64{true: 3.7, false: float64(j % 2)}[j == 0] },
		func(int) float64 { return 0 },
		func(int) float64 { return 1 },
		func(j int) float64 { return []float64{-2, 5}[j%2] },
	} {
		for j := range D {
			x = append(x, row(j))
		}
	}
	return x
}

// checkRowIndependence compares the probabilities of every row of x
// predicted alone with those it gets in each context.
func checkRowIndependence(t *testing.T, net *model.Network, x []float64, rows int, seed uint64) {
	t.Helper()
	D, C := net.Features(), net.Classes()
	alone := predictAlone(t, net, x, rows)
	rng := rand.New(rand.NewPCG(seed, 11))

	// A context is a file holding the rows of x at pos[i] (-1: row i is
	// not in the file), the other rows being anything.
	type context struct {
		name string
		file []float64
		pos  []int
	}
	identity := make([]int, rows)
	for i := range identity {
		identity[i] = i
	}
	// changed returns x with every odd row changed by f and pos marking
	// only the even rows as checked.
	changed := func(f func(row []float64)) ([]float64, []int) {
		file, pos := slices.Clone(x), slices.Clone(identity)
		for i := 1; i < rows; i += 2 {
			f(file[i*D : (i+1)*D])
			pos[i] = -1
		}
		return file, pos
	}
	contexts := []context{{name: "whole file", file: slices.Clone(x), pos: identity}}
	for _, c := range []struct {
		name string
		f    func(row []float64)
	}{
		{"other rows hold an imputed 0.5", func(row []float64) { row[rng.IntN(D)] = 0.5 }},
		{"other rows hold a continuous value", func(row []float64) { row[0] = 3.7 }},
		{"other rows all zeros", func(row []float64) { clear(row) }},
		{"other rows all ones", func(row []float64) {
			for j := range row {
				row[j] = 1
			}
		}},
		{"other rows Gaussian", func(row []float64) {
			for j := range row {
				row[j] = rng.NormFloat64()
			}
		}},
	} {
		file, pos := changed(c.f)
		contexts = append(contexts, context{name: c.name, file: file, pos: pos})
	}
	reversed := make([]float64, 0, len(x))
	revPos := make([]int, rows)
	for i := rows - 1; i >= 0; i-- {
		revPos[i] = len(reversed) / D
		reversed = append(reversed, x[i*D:(i+1)*D]...)
	}
	contexts = append(contexts, context{name: "reversed file", file: reversed, pos: revPos})

	// Long files: 600 rows of filler (binary, imputed and Gaussian rows,
	// so both routes' chunks fill up) with the rows of x as one block
	// starting at each offset, across the 256-row chunk boundaries.
	const long = 600
	for _, at := range []int{0, 1, 200, 255, 256, 300, 511, long - rows} {
		file := make([]float64, 0, long*D)
		for len(file) < at*D {
			file = append(file, fillerRow(rng, D)...)
		}
		file = append(file, x...)
		for len(file) < long*D {
			file = append(file, fillerRow(rng, D)...)
		}
		pos := make([]int, rows)
		for i := range pos {
			pos[i] = at + i
		}
		contexts = append(contexts, context{name: fmt.Sprintf("%d-row file at row %d", long, at), file: file, pos: pos})
	}
	// Each row alone at several places of a long file of filler.
	for _, at := range []int{0, 255, 256, long - 1} {
		file := make([]float64, 0, long*D)
		for len(file) < long*D {
			file = append(file, fillerRow(rng, D)...)
		}
		for i := 0; i < rows; i += 7 { // every 7th row, to keep the test quick
			f := slices.Clone(file)
			copy(f[at*D:(at+1)*D], x[i*D:(i+1)*D])
			pos := slices.Repeat([]int{-1}, rows)
			pos[i] = at
			contexts = append(contexts, context{name: fmt.Sprintf("row %d alone at row %d of %d", i, at, long), file: f, pos: pos})
		}
	}

	for _, c := range contexts {
		n := len(c.file) / D
		p, routes, err := net.PredictProba(c.file, n)
		if err != nil {
			t.Fatalf("%s: PredictProba: %v", c.name, err)
		}
		bad := 0
		for i, at := range c.pos {
			if at < 0 {
				continue
			}
			got, want := p[at*C:(at+1)*C], alone[i*C:(i+1)*C]
			if !slices.Equal(got, want) {
				if bad++; bad > 3 {
					continue // reported below
				}
				t.Errorf("%s: row %d (%v) at position %d\ngot  %v\nwant %v (predicted alone)", c.name, i, x[i*D:(i+1)*D], at, got, want)
			}
			if r := net.Route(); routes[at] != r {
				t.Errorf("%s: route of row %d\ngot  %v\nwant %v (Route)", c.name, i, routes[at], r)
			}
		}
		if bad > 3 {
			t.Errorf("%s: %d rows differ in all (first 3 shown)", c.name, bad)
		}
	}
}

// fillerRow returns a binary, an imputed or a Gaussian row.
func fillerRow(rng *rand.Rand, D int) []float64 {
	row := make([]float64, D)
	switch rng.IntN(3) {
	case 0:
		for j := range row {
			row[j] = float64(rng.IntN(2))
		}
	case 1:
		for j := range row {
			row[j] = float64(rng.IntN(2))
		}
		row[rng.IntN(D)] = 0.5
	default:
		for j := range row {
			row[j] = rng.NormFloat64()
		}
	}
	return row
}

// A network of many features evaluates fewer rows at a time
// (EvalRows), so its chunk boundaries fall elsewhere than a narrow
// one's; a row's probabilities are still the same bits alone as in a
// file spanning several chunks, on either route.
func TestRowIndependenceWide(t *testing.T) {
	t.Parallel()
	const D = 6000
	E := model.EvalRows(D)
	if E >= model.EvalBatch {
		t.Fatalf("EvalRows(%d) = %d, want fewer than EvalBatch = %d rows", D, E, model.EvalBatch)
	}
	for _, kind := range []struct {
		name string
		x    func(seed uint64, rows int) *data.Dataset
	}{
		{"continuous", func(s uint64, rows int) *data.Dataset { return gaussData(s, rows, D) }},
		{"categorical", func(s uint64, rows int) *data.Dataset {
			ds := gaussData(s, rows, D)
			for i, v := range ds.X {
				ds.X[i] = map[bool]float64{true: 1, false: 0}[v > 0]
			}
			return ds
		}},
	} {
		t.Run(kind.name, func(t *testing.T) {
			t.Parallel()
			net := fit(t, kind.x(1, 60), 1, 3, 16)
			rows := 2*E + 13 // three chunks, the last one padded
			x := kind.x(2, rows).X
			alone := predictAlone(t, net, x, rows)
			p, _, err := net.PredictProba(x, rows)
			if err != nil {
				t.Fatalf("PredictProba: %v", err)
			}
			C := net.Classes()
			for i := range rows {
				if got, want := p[i*C:(i+1)*C], alone[i*C:(i+1)*C]; !slices.Equal(got, want) {
					t.Fatalf("row %d of %d (chunks of %d rows)\ngot  %v\nwant %v (predicted alone)", i, rows, E, got, want)
				}
			}
		})
	}
}

func TestEvalRows(t *testing.T) {
	for _, c := range []struct{ features, want int }{
		{0, model.EvalBatch},
		{1, model.EvalBatch},
		{4096, model.EvalBatch},
		{4097, 255},
		{100_000, 10},
		{1 << 30, 8},
	} {
		if got := model.EvalRows(c.features); got != c.want {
			t.Errorf("EvalRows(%d) = %d, want %d", c.features, got, c.want)
		}
	}
}
