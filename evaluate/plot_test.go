// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/train"
)

func TestLossPlot(t *testing.T) {
	t.Parallel()
	var hist []train.EpochStats
	for e := 1; e <= 20; e++ {
		hist = append(hist, train.EpochStats{Epoch: e, TrainLoss: 1 / float64(e), ValLoss: 1.2 / float64(e)})
	}
	p, err := evaluate.LossPlot(hist)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"loss.png", "loss.svg"} {
		path := filepath.Join(dir, name)
		if err := evaluate.SavePlot(p, path); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checkImage(t, name, b)
	}
	if err := evaluate.SavePlot(p, filepath.Join(dir, "loss.gif")); !errors.Is(err, evaluate.ErrPlotFormat) {
		t.Errorf("loss.gif\ngot  %v\nwant ErrPlotFormat", err)
	}
}

func TestSyntheticPlot(t *testing.T) {
	t.Parallel()
	res := &evaluate.SyntheticResult{Rows: []evaluate.SyntheticRow{
		{Positions: "random", Activation: "polyclip", Gate: "and", Features: 4, MacroF1Mean: 1},
		{Positions: "random", Activation: "polyclip", Gate: "and", Features: 64, MacroF1Mean: 0.99},
		{Positions: "random", Activation: "polyclip", Gate: "xor", Features: 4, MacroF1Mean: 1},
		{Positions: "random", Activation: "polyclip", Gate: "xor", Features: 64, MacroF1Mean: 0.5},
	}}
	p, err := evaluate.SyntheticPlot(res)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := evaluate.WritePlot(&b, p, "png"); err != nil {
		t.Fatal(err)
	}
	checkImage(t, "synthetic.png", b.Bytes())
}

// checkImage checks that a PNG decodes at 800 × 500 pixels, and that an
// SVG starts as one.
func checkImage(t *testing.T, name string, b []byte) {
	t.Helper()
	if filepath.Ext(name) == ".svg" {
		if !bytes.HasPrefix(b, []byte("<?xml")) && !bytes.HasPrefix(b, []byte("<svg")) {
			t.Errorf("%s does not start as an SVG: %.40q", name, b)
		}
		return
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if sz := img.Bounds().Size(); sz.X != 800 || sz.Y != 500 {
		t.Errorf("%s size\ngot  %v\nwant (800,500)", name, sz)
	}
}

// A PDF records one fixed date, not the time it was written, so the same
// plot gives the same bytes (PNG and SVG record none).
func TestPDFReproducible(t *testing.T) {
	t.Parallel()
	p, err := evaluate.LossPlot([]train.EpochStats{{Epoch: 1, TrainLoss: 1}, {Epoch: 2, TrainLoss: 0.5}})
	if err != nil {
		t.Fatal(err)
	}
	var a bytes.Buffer
	if err := evaluate.WritePlot(&a, p, "pdf"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"/CreationDate (D:19700101000000)", "/ModDate (D:19700101000000)"} {
		if !bytes.Contains(a.Bytes(), []byte(want)) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
}

// Nil or empty plots, results and figures are ErrNoPlotData, not nil
// dereferences, a panic (CDDiagram, a figure of size 0) or an empty plot
// (LossPlot).
func TestPlotNil(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		call func() error
	}{
		{"WritePlot(nil)", func() error { return evaluate.WritePlot(&bytes.Buffer{}, nil, "png") }},
		{"SpeedPlot(nil)", func() error { _, err := evaluate.SpeedPlot(nil); return err }},
		{"SpeedPlot(empty)", func() error { _, err := evaluate.SpeedPlot(&evaluate.SpeedResult{}); return err }},
		{"SyntheticPlot(nil)", func() error { _, err := evaluate.SyntheticPlot(nil); return err }},
		{"LossPlot(nil)", func() error { _, err := evaluate.LossPlot(nil); return err }},
		{"LossPlot(empty)", func() error { _, err := evaluate.LossPlot([]train.EpochStats{}); return err }},
		{"CDDiagram(nil)", func() error { _, err := evaluate.CDDiagram(nil, nil, 1); return err }},
		{"CDDiagram(no ranks)", func() error { _, err := evaluate.CDDiagram([]string{"a", "b"}, nil, 1); return err }},
		{"CDDiagram(more ranks)", func() error { _, err := evaluate.CDDiagram([]string{"a"}, []float64{1, 2}, 1); return err }},
		{"TunePlot(nil)", func() error { _, err := evaluate.TunePlot(nil); return err }},
		{"TunePlot(empty)", func() error { _, err := evaluate.TunePlot(&evaluate.TuneResult{}); return err }},
		{"RulesPlot(nil)", func() error { _, err := evaluate.RulesPlot(nil, "rules"); return err }},
		{"WriteFigure(nil)", func() error { return evaluate.WriteFigure(&bytes.Buffer{}, nil, "png") }},
		{"WriteFigure(zero)", func() error { return evaluate.WriteFigure(&bytes.Buffer{}, &evaluate.Figure{}, "png") }},
		{"WriteFigure(size 0)", func() error {
			f, err := evaluate.RulesPlot([]evaluate.RuleBar{{Label: "ELSE a", Class: "a", Support: 3, Precision: 1, PrecisionLow: 0.4, PrecisionHigh: 1}}, "rules")
			if err != nil {
				return err
			}
			f.Width = 0
			return evaluate.WriteFigure(&bytes.Buffer{}, f, "png")
		}},
		{"SaveFigure(nil)", func() error { return evaluate.SaveFigure(nil, filepath.Join(t.TempDir(), "f.png")) }},
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
			if !errors.Is(err, evaluate.ErrNoPlotData) {
				t.Errorf("got  %v\nwant %v", err, evaluate.ErrNoPlotData)
			}
		})
	}
}
