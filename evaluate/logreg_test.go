// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/stat"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/train"
)

// TestSoftmaxGradient compares the analytic gradient of the penalised
// log-loss with central finite differences at random points.
func TestSoftmaxGradient(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 1))
	for _, tt := range []struct {
		name                string
		rows, cols, classes int
		lambda              float64
	}{
		{"binary", 7, 3, 2, 0.1},
		{"three classes", 9, 4, 3, 0.01},
		{"one column, no penalty", 5, 1, 4, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := softmaxObjective{rows: tt.rows, cols: tt.cols, classes: tt.classes, lambda: tt.lambda}
			o.x = make([]float64, tt.rows*tt.cols)
			for i := range o.x {
				o.x[i] = rnd.NormFloat64()
			}
			o.y = make([]int, tt.rows)
			for i := range o.y {
				o.y[i] = rnd.IntN(tt.classes)
			}
			w := make([]float64, tt.classes*(tt.cols+1))
			for i := range w {
				w[i] = rnd.NormFloat64()
			}
			wCopy := append([]float64(nil), w...)
			got := make([]float64, len(w))
			o.eval(got, w)
			want := fd.Gradient(nil, func(w []float64) float64 { return o.eval(nil, w) }, w, &fd.Settings{Formula: fd.Central})
			for i := range got {
				if !near(got[i], want[i], 1e-6) {
					t.Errorf("∂L/∂w[%d]:\ngot  %.8f\nwant %.8f", i, got[i], want[i])
				}
			}
			for i := range w {
				if w[i] != wCopy[i] {
					t.Fatal("grad modified w")
				}
			}
		})
	}
}

// separable returns rows × cols Gaussian rows labelled by the side of a
// fixed hyperplane, with a margin.
func separable(rnd *rand.Rand, rows, cols int) ([]float64, []int) {
	X := make([]float64, 0, rows*cols)
	y := make([]int, 0, rows)
	for len(y) < rows {
		row := make([]float64, cols)
		var s float64
		for j := range row {
			row[j] = 10 + 3*rnd.NormFloat64() // far from standardised
			s += float64(j%3-1) * (row[j] - 10)
		}
		if s > -0.5 && s < 0.5 {
			continue
		}
		X = append(X, row...)
		if s > 0 {
			y = append(y, 1)
		} else {
			y = append(y, 0)
		}
	}
	return X, y
}

func TestLogisticRegressionSeparable(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(2, 2))
	const cols = 6
	X, y := separable(rnd, 200, cols)
	Xt, yt := separable(rnd, 500, cols)
	var m LogisticRegression
	if _, err := m.Predict(Xt, 500); err != ErrNotFitted {
		t.Errorf("Predict before Fit: got %v, want ErrNotFitted", err)
	}
	Xc := append([]float64(nil), X...)
	if err := m.Fit(X, 200, cols, y, 2); err != nil {
		t.Fatal(err)
	}
	for i := range X {
		if X[i] != Xc[i] {
			t.Fatal("Fit modified X")
		}
	}
	pred, err := m.Predict(Xt, 500)
	if err != nil {
		t.Fatal(err)
	}
	met, err := train.Evaluate(yt, pred, []string{"0", "1"})
	if err != nil {
		t.Fatal(err)
	}
	if met.Accuracy < 0.95 {
		t.Errorf("held-out accuracy %.3f, want ≥ 0.95", met.Accuracy)
	}
	if err := (&LogisticRegression{Lambda: -1}).Fit(X, 200, cols, y, 2); err == nil {
		t.Error("negative Lambda: want an error")
	}
}

// TestLogisticRegressionBreastCancer: 5-fold stratified CV on the
// Wisconsin breast cancer table; ../shared/baselines.md has scikit-learn's
// LogisticRegression at macro-F1 0.973 there.
func TestLogisticRegressionBreastCancer(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "..", "shared", "datasets", "sklearn_breast_cancer.csv.gz")
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set and %s is missing: %v", path, err)
		}
		t.Skipf("%s missing: %v", path, err)
	}
	tab, err := data.ReadCSVFile(path)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := data.FitEncoder(tab, data.EncoderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ds, _, err := enc.Transform(tab)
	if err != nil {
		t.Fatal(err)
	}
	const k = 5
	folds := train.StratifiedFolds(ds.Y, len(ds.Classes), k, rand.New(rand.NewPCG(1, 1)))
	var accs []float64
	for f := range k {
		var tr, te []int
		for i, g := range folds {
			if g == f {
				te = append(te, i)
			} else {
				tr = append(tr, i)
			}
		}
		a, b := ds.Subset(tr), ds.Subset(te)
		var m LogisticRegression
		if err := m.Fit(a.X, a.Rows, a.Cols, a.Y, len(ds.Classes)); err != nil {
			t.Fatal(err)
		}
		pred, err := m.Predict(b.X, b.Rows)
		if err != nil {
			t.Fatal(err)
		}
		met, err := train.Evaluate(b.Y, pred, ds.Classes)
		if err != nil {
			t.Fatal(err)
		}
		accs = append(accs, met.Accuracy)
	}
	if mean := stat.Mean(accs, nil); mean < 0.95 {
		t.Errorf("5-fold accuracy %.3f (%v), want ≥ 0.95", mean, accs)
	} else {
		t.Logf("5-fold accuracy %.4f", mean)
	}
}

// Fit refuses what it cannot fit: a value that is not finite, a NaN or
// infinite Lambda, a negative iteration count (a library audit, session 11).
func TestLogisticRegressionRefuses(t *testing.T) {
	t.Parallel()
	x := []float64{0, 1, 1, 0, 0.5, 0.5}
	y := []int{0, 1, 0}
	bad := slices.Clone(x)
	bad[3] = math.NaN()
	for _, tt := range []struct {
		name string
		m    LogisticRegression
		x    []float64
	}{
		{"NaN value", LogisticRegression{}, bad},
		{"NaN Lambda", LogisticRegression{Lambda: math.NaN()}, x},
		{"infinite Lambda", LogisticRegression{Lambda: math.Inf(1)}, x},
		{"negative iterations", LogisticRegression{MaxIterations: -1}, x},
	} {
		if err := tt.m.Fit(tt.x, 3, 2, y, 2); err == nil {
			t.Errorf("%s: Fit returned nil", tt.name)
		}
	}
	if err := (&LogisticRegression{}).Fit(x, 3, 2, y, 2); err != nil {
		t.Errorf("Fit of a valid table: %v", err)
	}
}

// Shapes that do not match, and a nil model, are errors, where Fit and
// Predict (which return errors) panicked or dereferenced nil.
func TestLogisticRegressionShapes(t *testing.T) {
	t.Parallel()
	x := []float64{0, 1, 1, 0, 0.5, 0.5}
	y := []int{0, 1, 0}
	fitted := &LogisticRegression{}
	if err := fitted.Fit(x, 3, 2, y, 2); err != nil {
		t.Fatal(err)
	}
	var nilModel *LogisticRegression
	for _, tt := range []struct {
		name string
		call func() error
		want error // nil: any error
	}{
		{"Fit short X", func() error { return (&LogisticRegression{}).Fit(x[:5], 3, 2, y, 2) }, train.ErrData},
		{"Fit short y", func() error { return (&LogisticRegression{}).Fit(x, 3, 2, y[:2], 2) }, train.ErrData},
		{"Fit negative shape", func() error { return (&LogisticRegression{}).Fit(nil, -1, -2, nil, 2) }, train.ErrData},
		{"Fit nil model", func() error { return nilModel.Fit(x, 3, 2, y, 2) }, nil},
		{"Predict short X", func() error { _, err := fitted.Predict(x[:5], 3); return err }, train.ErrData},
		{"Predict negative rows", func() error { _, err := fitted.Predict(nil, -1); return err }, train.ErrData},
		{"Predict nil model", func() error { _, err := nilModel.Predict(x, 3); return err }, ErrNotFitted},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						err = fmt.Errorf("panic: %v", r)
					}
				}()
				return tt.call()
			}()
			if err == nil || strings.HasPrefix(err.Error(), "panic") || tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("got  %v\nwant %v", err, tt.want)
			}
		})
	}
}
