// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/hornets-go/hornets/internal/atomicwrite"
	"github.com/hornets-go/hornets/train"
)

// Plot sizes: 600 × 375 points, which a PNG renders at 96 dots per inch as
// 800 × 500 pixels.
const (
	PlotWidth  vg.Length = 600 // points
	PlotHeight vg.Length = 375
)

// ErrPlotFormat is the error of a plot file whose extension names no
// supported image format.
var ErrPlotFormat = errors.New("evaluate: unsupported plot format")

// ErrNoPlotData reports a plot asked of a result with nothing to draw.
var ErrNoPlotData = errors.New("evaluate: nothing to plot")

// PlotFormat returns the image format of a plot written to path, from its
// extension: png, svg or pdf; else an error wrapping ErrPlotFormat.
func PlotFormat(path string) (string, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	switch ext {
	case "png", "svg", "pdf":
		return ext, nil
	}
	return "", fmt.Errorf("%w: %q, want a file name ending in .png, .svg or .pdf", ErrPlotFormat, filepath.Base(path))
}

// LossPlot draws the training loss per epoch of history, and the
// validation loss when there was a validation split; an empty history is
// ErrNoPlotData.
func LossPlot(history []train.EpochStats) (*plot.Plot, error) {
	if len(history) == 0 {
		return nil, fmt.Errorf("%w: no epochs", ErrNoPlotData)
	}
	p := plot.New()
	p.Title.Text = "Loss per epoch"
	p.X.Label.Text = "epoch"
	p.Y.Label.Text = "loss"
	tr, val := make(plotter.XYs, len(history)), make(plotter.XYs, len(history))
	hasVal := false
	for i, s := range history {
		tr[i] = plotter.XY{X: float64(s.Epoch), Y: s.TrainLoss}
		val[i] = plotter.XY{X: float64(s.Epoch), Y: s.ValLoss}
		hasVal = hasVal || s.ValLoss != 0
	}
	args := []any{"training", tr}
	if hasVal {
		args = append(args, "validation", val)
	}
	if err := plotutil.AddLines(p, args...); err != nil {
		return nil, err
	}
	p.Legend.Top = true
	return p, nil
}

// SyntheticPlot draws the mean macro-F1 of res against the feature count
// (log scale), one line per gate (and per activation and positions
// setting, when res has more than one).
func SyntheticPlot(res *SyntheticResult) (*plot.Plot, error) {
	if res == nil || len(res.Rows) == 0 {
		return nil, fmt.Errorf("%w: no cells to plot (every gate skipped?)", ErrNoPlotData)
	}
	p := plot.New()
	p.Title.Text = "Synthetic logic gates: macro-F1 on fresh rows"
	p.X.Label.Text = "features"
	p.Y.Label.Text = "macro-F1"
	p.X.Scale = plot.LogScale{}
	p.Y.Min, p.Y.Max = 0, 1.05
	acts, poss, feats := map[string]bool{}, map[string]bool{}, map[int]bool{}
	var ticks plot.ConstantTicks // one labelled tick per feature count
	for _, r := range res.Rows {
		acts[r.Activation], poss[r.Positions] = true, true
		if !feats[r.Features] {
			feats[r.Features] = true
			ticks = append(ticks, plot.Tick{Value: float64(r.Features), Label: strconv.Itoa(r.Features)})
		}
	}
	p.X.Tick.Marker = ticks
	var names []string
	lines := map[string]plotter.XYs{}
	for _, r := range res.Rows {
		name := r.Gate
		if len(acts) > 1 {
			name += " " + r.Activation
		}
		if len(poss) > 1 {
			name += " " + r.Positions
		}
		if _, ok := lines[name]; !ok {
			names = append(names, name)
		}
		lines[name] = append(lines[name], plotter.XY{X: float64(r.Features), Y: r.MacroF1Mean})
	}
	var args []any
	for _, n := range names {
		args = append(args, n, lines[n])
	}
	if err := plotutil.AddLinePoints(p, args...); err != nil {
		return nil, err
	}
	p.Legend.Left, p.Legend.Top = true, false
	return p, nil
}

// WritePlot writes p to w in format (png, svg or pdf) at PlotWidth ×
// PlotHeight.
func WritePlot(w io.Writer, p *plot.Plot, format string) error {
	if p == nil {
		return fmt.Errorf("%w: nil plot", ErrNoPlotData)
	}
	wt, err := p.WriterTo(PlotWidth, PlotHeight, format)
	if err != nil {
		return err
	}
	_, err = wt.WriteTo(w)
	return err
}

// SavePlot writes p to path, atomically (see internal/atomicwrite), in the
// format its extension names (see PlotFormat).
func SavePlot(p *plot.Plot, path string) error {
	format, err := PlotFormat(path)
	if err != nil {
		return err
	}
	return atomicwrite.WriteFile(path, 0o644, func(w io.Writer) error { return WritePlot(w, p, format) })
}
