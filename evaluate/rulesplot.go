// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"fmt"
	"image/color"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// RuleBar is the evidence of one rule of a decision list, for RulesPlot:
// Support rows decided, Precision of them of Class, with its 95% interval
// [PrecisionLow, PrecisionHigh].
type RuleBar struct {
	Label         string // what the rule says, as printed on its row
	Class         string
	Support       int
	Precision     float64
	PrecisionLow  float64
	PrecisionHigh float64
}

// Sizes of the rules plot, in points.
const (
	rulesRowHeight      vg.Length = 16
	rulesFrameHeight    vg.Length = 90 // titles, axes and legend
	rulesSupportWidth   vg.Length = 220
	rulesPrecisionWidth vg.Length = 210
	// MaxRulesPlotted is the most rules RulesPlot draws; a longer list
	// is cut after its first MaxRulesPlotted rules (the title says so).
	MaxRulesPlotted = 60
	// maxRuleLabel is the most characters of a rule's label drawn; a
	// longer one loses its middle (see cutLabel).
	maxRuleLabel = 70
)

// RulesPlot draws a decision list's evidence, one row per rule from the
// first at the top (the default, when given, as the last row): on the
// left, horizontal bars of the rows each rule decides (support), one
// colour per class (the labels name the class); on the right, its precision with the 95% Wilson interval.
// Labels longer than 70 characters lose their middle, keeping the end
// (THEN class); lists longer than
// MaxRulesPlotted are cut too, and title names what the plot shows. No
// bars is ErrNoPlotData.
func RulesPlot(bars []RuleBar, title string) (*Figure, error) {
	if len(bars) == 0 {
		return nil, fmt.Errorf("%w: no rules", ErrNoPlotData)
	}
	shown := bars
	if len(shown) > MaxRulesPlotted {
		shown = shown[:MaxRulesPlotted]
		title = fmt.Sprintf("%s (the first %d of %d rows)", title, MaxRulesPlotted, len(bars))
	}
	n := len(shown)
	y := func(i int) float64 { return float64(n - 1 - i) } // rule 0 at the top

	var classes []string
	for _, b := range shown {
		if !slices.Contains(classes, b.Class) {
			classes = append(classes, b.Class)
		}
	}
	support := plot.New()
	support.Title.Text = "support (rows decided)"
	support.X.Label.Text = "rows"
	support.X.Min = 0
	most := 1
	for _, b := range shown {
		most = max(most, b.Support)
	}
	support.X.Max = 1.05 * float64(most)
	var ticks plot.ConstantTicks
	for i, b := range shown {
		ticks = append(ticks, plot.Tick{Value: y(i), Label: cutLabel(b.Label, maxRuleLabel)})
	}
	support.Y.Tick.Marker = ticks
	support.Y.Min, support.Y.Max = -0.6, float64(n)-0.4
	for c, class := range classes {
		values := make(plotter.Values, n)
		for i, b := range shown {
			if b.Class == class {
				values[n-1-i] = float64(b.Support)
			}
		}
		bc, err := plotter.NewBarChart(values, rulesRowHeight*0.7)
		if err != nil {
			return nil, err
		}
		bc.Horizontal = true
		bc.Color = plotutil.Color(c)
		bc.LineStyle.Width = 0
		support.Add(bc)
	}
	support.Add(plotter.NewGrid())

	prec := plot.New()
	prec.Title.Text = "precision, 95% Wilson interval"
	prec.X.Label.Text = "share of its class"
	prec.X.Min, prec.X.Max = -0.02, 1.02 // a point at 0 or 1 clear of the frame
	prec.Y.Min, prec.Y.Max = support.Y.Min, support.Y.Max
	var blank plot.ConstantTicks
	for _, t := range ticks {
		blank = append(blank, plot.Tick{Value: t.Value})
	}
	prec.Y.Tick.Marker = blank
	points := make(plotter.XYs, n)
	errs := make(plotter.XErrors, n)
	for i, b := range shown {
		points[i] = plotter.XY{X: b.Precision, Y: y(i)}
		errs[i].Low, errs[i].High = b.Precision-b.PrecisionLow, b.PrecisionHigh-b.Precision
	}
	eb, err := plotter.NewXErrorBars(struct {
		plotter.XYs
		plotter.XErrors
	}{points, errs})
	if err != nil {
		return nil, err
	}
	eb.CapWidth = rulesRowHeight * 0.5
	sc, err := plotter.NewScatter(points)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle.Shape = draw.CircleGlyph{}
	sc.GlyphStyle.Radius = vg.Points(2.5)
	sc.GlyphStyle.Color = color.Black
	prec.Add(plotter.NewGrid(), eb, sc)

	labelW := vg.Length(0)
	for _, t := range ticks {
		labelW = max(labelW, support.Y.Tick.Label.Width(t.Label))
	}
	widths := []vg.Length{labelW + rulesSupportWidth, rulesPrecisionWidth}
	titleH := support.Title.TextStyle.Height(title) + 8
	f := &Figure{
		Width:  roundLength(widths[0] + widths[1]),
		Height: roundLength(rulesFrameHeight + titleH + rulesRowHeight*vg.Length(n)),
	}
	widths[1] = f.Width - widths[0]
	f.draw = func(dc draw.Canvas) {
		top := support.Title.TextStyle
		top.XAlign = text.XCenter
		top.YAlign = text.YTop
		dc.FillText(top, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: dc.Max.Y - 4}, title)
		body := dc
		body.Max.Y -= titleH
		body.Min.X += 4
		body.Max.X -= 8
		drawRow(body, []*plot.Plot{support, prec}, []vg.Length{widths[0] - 4, widths[1] - 8})
	}
	return f, nil
}

// cutLabel returns s if it has at most n characters, else its first and
// last characters around "…", n in all, the last 20 of them the end of s
// (where a rule names its class).
func cutLabel(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	tail := min(20, n/3)
	return string(r[:n-1-tail]) + "…" + string(r[len(r)-tail:])
}
