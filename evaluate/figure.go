// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/go-pdf/fpdf"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	_ "gonum.org/v1/plot/vg/vgimg" // png
	_ "gonum.org/v1/plot/vg/vgpdf" // pdf
	_ "gonum.org/v1/plot/vg/vgsvg" // svg

	"github.com/hornets-go/hornets/internal/atomicwrite"
)

// A PDF written by gonum's vgpdf (through go-pdf/fpdf) records the time
// it was made as its creation and modification dates, so two runs with
// the same seed wrote different bytes. Every PDF here carries one fixed
// date instead, as reproducible builds do (SOURCE_DATE_EPOCH = 0); PNG and
// SVG record none.
func init() {
	fpdf.SetDefaultCreationDate(time.Unix(0, 0).UTC())
	fpdf.SetDefaultModificationDate(time.Unix(0, 0).UTC())
}

// Figure is an image of several panels (plots, colour bars) laid out on
// one canvas; a plot.Plot is one panel. Its size follows its content: a
// PNG renders it at 96 dots per inch, Width × 4/3 by Height × 4/3 pixels.
type Figure struct {
	Width, Height vg.Length
	draw          func(dc draw.Canvas)
}

// WriteFigure writes f to w in format: png, svg or pdf. A nil figure, one
// not made by this package or one without a positive size is
// ErrNoPlotData.
func WriteFigure(w io.Writer, f *Figure, format string) error {
	if f == nil || f.draw == nil || !(f.Width > 0 && f.Height > 0) {
		return fmt.Errorf("%w: no figure to draw", ErrNoPlotData)
	}
	c, err := draw.NewFormattedCanvas(f.Width, f.Height, format)
	if err != nil {
		return err
	}
	f.draw(draw.New(c))
	_, err = c.WriteTo(w)
	return err
}

// SaveFigure writes f to path, atomically (see internal/atomicwrite), in
// the format its extension names (see PlotFormat).
func SaveFigure(f *Figure, path string) error {
	format, err := PlotFormat(path)
	if err != nil {
		return err
	}
	return atomicwrite.WriteFile(path, 0o644, func(w io.Writer) error { return WriteFigure(w, f, format) })
}

// roundLength rounds l up to a multiple of 3 points, a whole number of
// pixels at 96 dots per inch.
func roundLength(l vg.Length) vg.Length {
	return vg.Length(3 * math.Ceil(float64(l)/3))
}

// drawRow draws plots side by side into dc, plot i in a column widths[i]
// wide (the widths sum to dc's width), with the data areas of all of them
// at the same height: each plot's own axes are as tall as its neighbours'
// when they use the same fonts, which every figure here does.
func drawRow(dc draw.Canvas, plots []*plot.Plot, widths []vg.Length) {
	x := dc.Min.X
	for i, p := range plots {
		sub := dc
		sub.Min.X, sub.Max.X = x, x+widths[i]
		x += widths[i]
		if p != nil {
			p.Draw(sub)
		}
	}
}
