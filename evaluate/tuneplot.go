// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Sizes of the tuning heatmap, in points.
const (
	tunePanelMinWidth  vg.Length = 240
	tunePanelMinHeight vg.Length = 180
	tuneCellWidth      vg.Length = 36 // per rules value
	tuneCellHeight     vg.Length = 24 // per order value
	tuneColorBarWidth  vg.Length = 90
	// tuneMaxLabelledCells is the largest panel whose cells are labelled
	// with their score.
	tuneMaxLabelledCells = 200
)

// tuneGrid is the mean macro-F1 of one panel: one activation and learning
// rate, order (rows) × rules (columns); NaN where no configuration ran.
type tuneGrid struct {
	orders, rules []int
	z             [][]float64 // z[order index][rules index]
}

func (g tuneGrid) Dims() (c, r int)   { return len(g.rules), len(g.orders) }
func (g tuneGrid) Z(c, r int) float64 { return g.z[r][c] }
func (g tuneGrid) X(c int) float64    { return float64(c) }
func (g tuneGrid) Y(r int) float64    { return float64(r) }

// TunePlot draws the paper's Figure 8 from a tuning result: heatmaps of
// the mean macro-F1 over order (vertical) × rules (horizontal), one panel
// per learning rate side by side, and one row of panels per activation
// when the grid has several. When configurations differ in another
// setting too (the batch size), a cell shows the best of them. Cells the
// grid did not run (skipped, or not in it) are grey. All panels share one
// colour scale, shown by the colour bar on the right; small panels also
// print each cell's score.
func TunePlot(res *TuneResult) (*Figure, error) {
	if res == nil || len(res.Scores) == 0 {
		return nil, fmt.Errorf("%w: no tuning scores", ErrNoPlotData)
	}
	var acts []string
	var lrs []float64
	var orders, rules []int
	for _, s := range res.Scores {
		if !slices.Contains(acts, s.Activation) {
			acts = append(acts, s.Activation)
		}
		if !slices.Contains(lrs, s.LearningRate) {
			lrs = append(lrs, s.LearningRate)
		}
		if !slices.Contains(orders, s.Order) {
			orders = append(orders, s.Order)
		}
		if !slices.Contains(rules, s.Rules) {
			rules = append(rules, s.Rules)
		}
	}
	slices.Sort(acts)
	slices.Sort(lrs)
	slices.Sort(orders)
	slices.Sort(rules)

	grids := make([][]tuneGrid, len(acts))
	lo, hi := math.Inf(1), math.Inf(-1)
	for a := range acts {
		grids[a] = make([]tuneGrid, len(lrs))
		for l := range lrs {
			g := tuneGrid{orders: orders, rules: rules, z: make([][]float64, len(orders))}
			for o := range orders {
				g.z[o] = make([]float64, len(rules))
				for r := range rules {
					g.z[o][r] = math.NaN()
				}
			}
			grids[a][l] = g
		}
	}
	for _, s := range res.Scores {
		a, l := slices.Index(acts, s.Activation), slices.Index(lrs, s.LearningRate)
		o, r := slices.Index(orders, s.Order), slices.Index(rules, s.Rules)
		cell := &grids[a][l].z[o][r]
		if math.IsNaN(*cell) || s.MacroF1Mean > *cell {
			*cell = s.MacroF1Mean
		}
		lo, hi = math.Min(lo, s.MacroF1Mean), math.Max(hi, s.MacroF1Mean)
	}
	if hi-lo < 0.01 { // one colour for all would divide by zero
		mid := (lo + hi) / 2
		lo, hi = mid-0.005, mid+0.005
	}

	// The palette is sampled here rather than by moreland's Palette,
	// which steps from min by (max−min)/(n−1) and panics when rounding puts
	// its last step one ulp above max ("specified value > maximum"; seen
	// with lo 0.28, hi 0.8812301166489926, and a margin above hi does not
	// help, since the step grows with it).
	pal, err := sampledPalette(moreland.ExtendedBlackBody(), lo, hi, 256)
	if err != nil {
		return nil, err
	}
	cmap := moreland.ExtendedBlackBody()
	cmap.SetMin(lo)
	cmap.SetMax(hi)
	labelled := len(orders)*len(rules) <= tuneMaxLabelledCells

	plots := make([][]*plot.Plot, len(acts))
	for a, act := range acts {
		plots[a] = make([]*plot.Plot, len(lrs))
		for l, lr := range lrs {
			p, err := tunePanel(grids[a][l], pal, lo, hi, labelled)
			if err != nil {
				return nil, err
			}
			p.Title.Text = fmt.Sprintf("%s, learning rate %g", act, lr)
			plots[a][l] = p
		}
	}
	bar := plot.New()
	bar.Add(&plotter.ColorBar{ColorMap: cmap, Vertical: true})
	bar.HideX()
	bar.Y.Label.Text = "mean macro-F1"
	bar.Title.Text = " " // as tall as the panels' titles

	panelW := max(tunePanelMinWidth, 90+tuneCellWidth*vg.Length(len(rules)))
	panelH := max(tunePanelMinHeight, 80+tuneCellHeight*vg.Length(len(orders)))
	f := &Figure{
		Width:  roundLength(panelW*vg.Length(len(lrs)) + tuneColorBarWidth),
		Height: roundLength(panelH * vg.Length(len(acts))),
	}
	f.draw = func(dc draw.Canvas) {
		panels := dc
		panels.Max.X -= tuneColorBarWidth
		tiles := draw.Tiles{Rows: len(acts), Cols: len(lrs), PadTop: 4, PadBottom: 4, PadLeft: 4, PadRight: 8, PadX: 12, PadY: 12}
		canvases := plot.Align(plots, tiles, panels)
		for a := range plots {
			for l := range plots[a] {
				plots[a][l].Draw(canvases[a][l])
			}
		}
		side := dc
		side.Min.X = panels.Max.X
		side.Max.X -= 8
		// The bar spans the data areas of the panels, roughly: below the
		// first row's title and above the last row's axis labels.
		side.Max.Y -= 4
		side.Min.Y += 4 + 2*plot.New().X.Label.TextStyle.Height("0")
		bar.Draw(side)
	}
	return f, nil
}

// tunePanel draws one heatmap of g on the shared colour scale lo..hi.
func tunePanel(g tuneGrid, pal palette.Palette, lo, hi float64, labelled bool) (*plot.Plot, error) {
	p := plot.New()
	h := plotter.NewHeatMap(g, pal)
	h.Min, h.Max = lo, hi
	h.NaN = color.Gray{Y: 200}
	p.Add(h)
	p.X.Label.Text = "rules"
	p.Y.Label.Text = "order"
	var xt, yt plot.ConstantTicks
	for i, r := range g.rules {
		xt = append(xt, plot.Tick{Value: float64(i), Label: strconv.Itoa(r)})
	}
	for i, o := range g.orders {
		yt = append(yt, plot.Tick{Value: float64(i), Label: strconv.Itoa(o)})
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = xt, yt
	p.X.Min, p.X.Max = -0.5, float64(len(g.rules))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(len(g.orders))-0.5
	if !labelled {
		return p, nil
	}
	var labels plotter.XYLabels
	var styles []text.Style
	base := p.X.Tick.Label
	base.Font.Size = vg.Points(7)
	base.XAlign, base.YAlign = text.XCenter, text.YCenter
	for o := range g.orders {
		for r := range g.rules {
			v := g.z[o][r]
			if math.IsNaN(v) {
				continue
			}
			labels.XYs = append(labels.XYs, plotter.XY{X: float64(r), Y: float64(o)})
			labels.Labels = append(labels.Labels, fmt.Sprintf("%.2f", v))
			st := base
			// Dark cells get white text: the black-body map is dark at
			// the low end.
			if (v-lo)/(hi-lo) < 0.55 {
				st.Color = color.White
			} else {
				st.Color = color.Black
			}
			styles = append(styles, st)
		}
	}
	if len(labels.Labels) == 0 {
		return p, nil
	}
	l, err := plotter.NewLabels(labels)
	if err != nil {
		return nil, err
	}
	l.TextStyle = styles
	p.Add(l)
	return p, nil
}

// colours is a palette.Palette of fixed colours.
type colours []color.Color

func (c colours) Colors() []color.Color { return c }

// sampledPalette returns n colours of cmap evenly spaced over [lo, hi]
// (lo < hi), every sample clamped into the range.
func sampledPalette(cmap palette.ColorMap, lo, hi float64, n int) (palette.Palette, error) {
	cmap.SetMin(lo)
	cmap.SetMax(hi)
	out := make(colours, n)
	for i := range out {
		v := min(max(lo+(hi-lo)*float64(i)/float64(n-1), lo), hi)
		c, err := cmap.At(v)
		if err != nil {
			return nil, fmt.Errorf("evaluate: tune plot colour at %g of [%g, %g]: %w", v, lo, hi, err)
		}
		out[i] = c
	}
	return out, nil
}
