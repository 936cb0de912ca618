// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// CDDiagram draws the critical-difference diagram of Demšar (2006,
// Figure 1): the models' average ranks on an axis from 1 (best, left) to
// k, the best half labelled on the left and the rest on the right, a bar
// as long as the critical difference cd above the axis, and a thick line
// under each maximal group of models whose ranks differ by less than cd
// (no significant difference among them). No names, or not one rank per
// name, is ErrNoPlotData.
func CDDiagram(names []string, ranks []float64, cd float64) (*plot.Plot, error) {
	k := len(names)
	if k == 0 || len(ranks) != k {
		return nil, fmt.Errorf("%w: %d model names and %d ranks, want one rank per name", ErrNoPlotData, k, len(ranks))
	}
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ranks[order[a]] < ranks[order[b]] })

	p := plot.New()
	p.HideAxes()
	lo, hi := 1.0, math.Max(float64(k), 2)
	left, right := lo-0.15*(hi-lo)-0.5, hi+0.15*(hi-lo)+0.5
	const top = 0.0
	half := (k + 1) / 2
	p.X.Min, p.X.Max = left-0.8, right+0.8
	p.Y.Min, p.Y.Max = -float64(half+1)-0.5, 1.6

	add := func(style func(*plotter.Line), pts ...float64) error {
		xy := make(plotter.XYs, len(pts)/2)
		for i := range xy {
			xy[i].X, xy[i].Y = pts[2*i], pts[2*i+1]
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return err
		}
		if style != nil {
			style(l)
		}
		p.Add(l)
		return nil
	}
	var labels plotter.XYLabels
	var styles []text.Style
	label := func(x, y float64, s string, xa text.XAlignment, ya text.YAlignment) {
		labels.XYs = append(labels.XYs, plotter.XY{X: x, Y: y})
		labels.Labels = append(labels.Labels, s)
		st := plot.New().X.Label.TextStyle // the default font, any handler
		st.XAlign, st.YAlign = xa, ya
		styles = append(styles, st)
	}

	// The axis with a tick and a number at every integer rank.
	if err := add(nil, lo, top, hi, top); err != nil {
		return nil, err
	}
	for r := 1; r <= int(hi); r++ {
		if err := add(nil, float64(r), top, float64(r), top+0.2); err != nil {
			return nil, err
		}
		label(float64(r), top+0.25, fmt.Sprint(r), text.XCenter, text.YBottom)
	}
	// The critical difference above the axis.
	if cd > 0 {
		if err := add(nil, lo, top+1.1, lo+cd, top+1.1); err != nil {
			return nil, err
		}
		label(lo+cd/2, top+1.2, fmt.Sprintf("CD = %.3f", cd), text.XCenter, text.YBottom)
	}
	// Each model: down from its rank, then out to its label.
	for pos, i := range order {
		r := ranks[i]
		var y, x float64
		var xa text.XAlignment
		if pos < half {
			y, x, xa = -float64(pos+1)-0.5, left, text.XRight
		} else {
			y, x, xa = -float64(k-pos)-0.5, right, text.XLeft
		}
		if err := add(nil, r, top, r, y, x, y); err != nil {
			return nil, err
		}
		gap := 0.1
		if xa == text.XLeft {
			label(x+gap, y, fmt.Sprintf("%s (%.2f)", names[i], r), xa, text.YCenter)
		} else {
			label(x-gap, y, fmt.Sprintf("%s (%.2f)", names[i], r), xa, text.YCenter)
		}
	}
	// Groups not significantly different: maximal runs (in rank order)
	// spanning less than cd, drawn just under the axis.
	if cd > 0 {
		prevEnd := -1
		row := 0
		for a := range order {
			b := a
			for b+1 < k && ranks[order[b+1]]-ranks[order[a]] < cd {
				b++
			}
			if b > a && b > prevEnd {
				y := top - 0.25 - 0.2*float64(row)
				row++
				if err := add(func(l *plotter.Line) { l.Width = vg.Points(3) }, ranks[order[a]]-0.03, y, ranks[order[b]]+0.03, y); err != nil {
					return nil, err
				}
				prevEnd = b
			}
		}
	}
	l, err := plotter.NewLabels(labels)
	if err != nil {
		return nil, err
	}
	l.TextStyle = styles
	p.Add(l)
	return p, nil
}
