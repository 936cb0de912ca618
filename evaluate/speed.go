// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"context"
	"encoding/csv"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Defaults of SpeedConfig.
var (
	// DefaultSpeedRules are the rule counts of the rules sweep: 64, 128,
	// …, 4096.
	DefaultSpeedRules = []int{64, 128, 256, 512, 1024, 2048, 4096}
	// DefaultSpeedOrders are the orders of the order sweep.
	DefaultSpeedOrders = []int{2, 4, 8, 16}
)

// SpeedConfig configures Speed. The zero value of each field is its
// default.
type SpeedConfig struct {
	Features int    // binary features of the table; 0 means 64
	Rows     int    // training rows; 0 means 128
	Gate     string // the label's gate (data.ParseGate); "" means xor, at random positions
	// Epochs is the number of epochs of every fit, exactly: early stopping
	// and the loss target are off. 0 means 100.
	Epochs int
	// Rules are the rule counts of the rules sweep (order: Model.Order);
	// nil means DefaultSpeedRules, empty (non-nil) no rules sweep.
	Rules []int
	// Orders are the orders of the order sweep (rules: Model.Rules); nil
	// means DefaultSpeedOrders, empty (non-nil) no order sweep.
	Orders []int
	// Reps is the number of fits per point; 0 means 3. Repetition i draws
	// its table and trains with seed Seed+i, the same for every point.
	Reps int
	Seed uint64
	// Model and Train are the other settings of every fit (zero value:
	// the defaults); Speed sets the swept field, the epochs and the seed.
	Model model.Config
	Train train.Config
	// OnFit, if not nil, is called after each fit with its point, its
	// repetition (from 0) and its seconds.
	OnFit func(p SpeedPoint, rep int, seconds float64)
}

// Sweeps of a SpeedPoint.
const (
	SweepRules = "rules"
	SweepOrder = "order"
)

// SpeedPoint is the fit time of one setting: wall clock, and the CPU time
// of the process during the fit (all its threads, the garbage collector's
// included; NaN where the system does not report it). Other processes
// stretch the wall clock of a loaded machine much more than the CPU time.
type SpeedPoint struct {
	Sweep            string    `json:"sweep"` // SweepRules or SweepOrder
	Rules            int       `json:"rules"`
	Order            int       `json:"order"`
	Seconds          []float64 `json:"seconds"`     // wall clock of each repetition
	CPUSeconds       []float64 `json:"cpu_seconds"` // CPU time of each repetition
	MedianSeconds    float64   `json:"median_seconds"`
	MedianCPUSeconds float64   `json:"median_cpu_seconds"`
}

// SpeedResult is the outcome of Speed.
type SpeedResult struct {
	Features int          `json:"features"`
	Rows     int          `json:"rows"`
	Gate     string       `json:"gate"`
	Epochs   int          `json:"epochs"`
	Reps     int          `json:"reps"`
	Points   []SpeedPoint `json:"points"` // the rules sweep, then the order sweep
	Seconds  float64      `json:"seconds"`
}

func (c SpeedConfig) resolved() (SpeedConfig, data.Gate, error) {
	if c.Features == 0 {
		c.Features = 64
	}
	if c.Rows == 0 {
		c.Rows = 128
	}
	if c.Gate == "" {
		c.Gate = "xor"
	}
	if c.Epochs == 0 {
		c.Epochs = 100
	}
	if c.Rules == nil {
		c.Rules = DefaultSpeedRules
	}
	if c.Orders == nil {
		c.Orders = DefaultSpeedOrders
	}
	if c.Reps == 0 {
		c.Reps = 3
	}
	for _, v := range append(slices.Clone(c.Rules), c.Orders...) {
		if v < 1 {
			return c, 0, fmt.Errorf("%w: speed: rules and orders must be 1 or more, got %d", train.ErrConfig, v)
		}
	}
	c.Rules, c.Orders = slices.Compact(slices.Sorted(slices.Values(c.Rules))), slices.Compact(slices.Sorted(slices.Values(c.Orders)))
	gate, err := data.ParseGate(c.Gate)
	if err != nil {
		return c, gate, fmt.Errorf("%w: gate: %w", train.ErrConfig, err)
	}
	switch {
	case c.Rows < 2:
		return c, gate, fmt.Errorf("%w: speed: %d rows, want 2 or more", train.ErrConfig, c.Rows)
	case c.Features > 0 && c.Rows > data.MaxSynthCells/c.Features:
		return c, gate, fmt.Errorf("%w: speed: %d rows × %d features, want at most %d cells", train.ErrConfig, c.Rows, c.Features, data.MaxSynthCells)
	case c.Reps < 1:
		return c, gate, fmt.Errorf("%w: speed: %d repetitions, want 1 or more", train.ErrConfig, c.Reps)
	case len(c.Rules)+len(c.Orders) == 0:
		return c, gate, fmt.Errorf("%w: speed: no rules and no orders to time", train.ErrConfig)
	}
	if _, err := data.NewSynth(data.SynthConfig{Gate: gate, Features: c.Features}); err != nil {
		return c, gate, fmt.Errorf("%w: %w", train.ErrConfig, err)
	}
	for _, p := range c.points() {
		mc, tc := c.fitConfig(p, 0)
		if p.Order > c.Features {
			return c, gate, fmt.Errorf("%w: speed: order %d above the %d features", train.ErrConfig, p.Order, c.Features)
		}
		if err := mc.Resolved().Validate(); err != nil {
			return c, gate, err
		}
		if err := tc.Resolved().Validate(); err != nil {
			return c, gate, err
		}
	}
	return c, gate, nil
}

// points lists the points of the two sweeps, without times.
func (c SpeedConfig) points() []SpeedPoint {
	def := c.Model.Resolved()
	var out []SpeedPoint
	for _, r := range c.Rules {
		out = append(out, SpeedPoint{Sweep: SweepRules, Rules: r, Order: def.Order})
	}
	for _, o := range c.Orders {
		out = append(out, SpeedPoint{Sweep: SweepOrder, Rules: def.Rules, Order: o})
	}
	return out
}

// fitConfig is the configuration of the fit of point p at seed.
func (c SpeedConfig) fitConfig(p SpeedPoint, seed uint64) (model.Config, train.Config) {
	mc, tc := c.Model, c.Train
	mc.Rules, mc.Order, mc.FixedRules = p.Rules, p.Order, true
	tc.Epochs, tc.NoEarlyStopping, tc.NoLossTarget, tc.Seed = c.Epochs, true, true, seed
	return mc, tc
}

// Speed times whole fits (screening, graph building and exactly
// cfg.Epochs epochs) on one synthetic gate table per repetition, at each
// rule count of cfg.Rules and each order of cfg.Orders, and reports the
// median seconds of each point: how fit time grows with the rules and the
// order. Fits run one at a time, the repetitions outermost, so a change of
// the machine's load falls on every point alike. Timings are wall clock:
// compare them within one run.
func Speed(ctx context.Context, cfg SpeedConfig) (*SpeedResult, error) {
	start := time.Now()
	cfg, gate, err := cfg.resolved()
	if err != nil {
		return nil, err
	}
	points := cfg.points()
	for rep := range cfg.Reps {
		seed := cfg.Seed + uint64(rep)
		gen, err := data.NewSynth(data.SynthConfig{Gate: gate, Features: cfg.Features, Seed: seed})
		if err != nil {
			return nil, err
		}
		tr := gen.Sample(cfg.Rows)
		for i := range points {
			p := &points[i]
			mc, tc := cfg.fitConfig(*p, seed)
			t0, cpu0 := time.Now(), processCPU()
			res, err := train.Fit(ctx, tr, mc, tc, nil)
			secs, cpu := time.Since(t0).Seconds(), processCPU()-cpu0
			if err == nil && res.Status == train.Canceled {
				err = context.Canceled
			}
			if err == nil && res.Epochs != cfg.Epochs {
				err = fmt.Errorf("ran %d epochs, not %d", res.Epochs, cfg.Epochs)
			}
			if err != nil {
				return nil, fmt.Errorf("speed: rules %d, order %d, repetition %d: %w", p.Rules, p.Order, rep+1, err)
			}
			p.Seconds, p.CPUSeconds = append(p.Seconds, secs), append(p.CPUSeconds, cpu)
			if cfg.OnFit != nil {
				cfg.OnFit(*p, rep, secs)
			}
		}
	}
	for i := range points {
		points[i].MedianSeconds, points[i].MedianCPUSeconds = median(points[i].Seconds), median(points[i].CPUSeconds)
	}
	return &SpeedResult{Features: cfg.Features, Rows: cfg.Rows, Gate: gate.String(), Epochs: cfg.Epochs, Reps: cfg.Reps,
		Points: points, Seconds: time.Since(start).Seconds()}, nil
}

// median is the median of xs (the mean of the middle two for an even
// count); NaN for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// checkWrite refuses, wrapping train.ErrConfig, a call of the result
// writer method that has no result (nilResult) or a nil w.
func checkWrite(method string, nilResult bool, w io.Writer) error {
	switch {
	case nilResult:
		return fmt.Errorf("%w: %s of a nil result", train.ErrConfig, method)
	case w == nil:
		return fmt.Errorf("%w: %s to a nil io.Writer", train.ErrConfig, method)
	}
	return nil
}

// WriteMarkdown writes the result as a Markdown table, one row per point:
// the median, fastest and slowest wall clock, the median CPU time, and the
// ratio of the median CPU time to that of the first point of its sweep.
// A nil r or w is an error wrapping train.ErrConfig.
func (r *SpeedResult) WriteMarkdown(w io.Writer) error {
	if err := checkWrite("SpeedResult.WriteMarkdown", r == nil, w); err != nil {
		return err
	}
	fmt.Fprintf(w, "Fit time, %d epochs on %d rows × %d binary features (%s), median of %d fits:\n\n", r.Epochs, r.Rows, r.Features, r.Gate, r.Reps)
	fmt.Fprintln(w, "| sweep | rules | order | median fit s | min | max | median CPU s | CPU × first |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|")
	first := map[string]float64{}
	for _, p := range r.Points {
		if _, ok := first[p.Sweep]; !ok {
			first[p.Sweep] = p.MedianCPUSeconds
		}
		_, err := fmt.Fprintf(w, "| %s | %d | %d | %.3f | %.3f | %.3f | %.3f | %.2f |\n", p.Sweep, p.Rules, p.Order, p.MedianSeconds,
			slices.Min(p.Seconds), slices.Max(p.Seconds), p.MedianCPUSeconds, p.MedianCPUSeconds/first[p.Sweep])
		if err != nil {
			return err
		}
	}
	return nil
}

// WriteCSV writes the result as CSV with a header line, one row per point.
// A nil r or w is an error wrapping train.ErrConfig.
func (r *SpeedResult) WriteCSV(w io.Writer) error {
	if err := checkWrite("SpeedResult.WriteCSV", r == nil, w); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.Write([]string{"sweep", "rules", "order", "features", "rows", "epochs", "reps", "median_seconds", "min_seconds", "max_seconds", "median_cpu_seconds"})
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }
	for _, p := range r.Points {
		cw.Write([]string{p.Sweep, strconv.Itoa(p.Rules), strconv.Itoa(p.Order), strconv.Itoa(r.Features), strconv.Itoa(r.Rows),
			strconv.Itoa(r.Epochs), strconv.Itoa(r.Reps), f(p.MedianSeconds), f(slices.Min(p.Seconds)), f(slices.Max(p.Seconds)), f(p.MedianCPUSeconds)})
	}
	cw.Flush()
	return cw.Error()
}

// SpeedPlot draws the median fit seconds of r against the rules (left)
// and against the order (right), each on a log-2 axis and the seconds on
// a log axis: the wall clock, with a bar from the fastest to the slowest
// fit of each point, and the CPU time. A sweep without points is left
// out.
func SpeedPlot(r *SpeedResult) (*Figure, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: no timings", ErrNoPlotData)
	}
	var plots []*plot.Plot
	for _, sweep := range []string{SweepRules, SweepOrder} {
		var pts []SpeedPoint
		for _, p := range r.Points {
			if p.Sweep == sweep {
				pts = append(pts, p)
			}
		}
		if len(pts) == 0 {
			continue
		}
		p, err := speedPanel(pts, sweep)
		if err != nil {
			return nil, err
		}
		if sweep == SweepRules {
			p.Title.Text = fmt.Sprintf("fit time against rules (order %d)", pts[0].Order)
		} else {
			p.Title.Text = fmt.Sprintf("fit time against order (%d rules)", pts[0].Rules)
		}
		plots = append(plots, p)
	}
	if len(plots) == 0 {
		return nil, fmt.Errorf("%w: no fit times", ErrNoPlotData)
	}
	const panelW, panelH vg.Length = 330, 300
	title := fmt.Sprintf("%d epochs, %d rows × %d features (%s); median of %d fits, bars from fastest to slowest wall clock",
		r.Epochs, r.Rows, r.Features, r.Gate, r.Reps)
	style := plots[0].Title.TextStyle
	style.Font.Size = vg.Points(10)
	style.XAlign, style.YAlign = draw.XCenter, draw.YTop
	titleH := style.Height(title) + 8
	f := &Figure{Width: panelW * vg.Length(len(plots)), Height: roundLength(panelH + titleH)}
	f.draw = func(dc draw.Canvas) {
		dc.FillText(style, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: dc.Max.Y - 4}, title)
		body := dc
		body.Max.Y -= titleH
		body.Min.X += 4
		body.Max.X -= 4
		widths := make([]vg.Length, len(plots))
		for i := range widths {
			widths[i] = (body.Max.X - body.Min.X) / vg.Length(len(plots))
		}
		drawRow(body, plots, widths)
	}
	return f, nil
}

// minPlotSeconds is the least time SpeedPlot draws: its seconds axis is
// logarithmic, and a fit timed at 0 s (a clock's resolution) is drawn at
// this floor.
const minPlotSeconds = 1e-4

// speedPanel draws one sweep: median seconds against the swept setting.
func speedPanel(pts []SpeedPoint, sweep string) (*plot.Plot, error) {
	p := plot.New()
	p.X.Label.Text = sweep
	p.Y.Label.Text = "fit seconds"
	p.X.Scale = plot.LogScale{}
	p.Y.Min = 0
	var ticks plot.ConstantTicks
	xy, cpu := make(plotter.XYs, len(pts)), make(plotter.XYs, 0, len(pts))
	errs := make(plotter.YErrors, len(pts))
	for i, pt := range pts {
		x := float64(pt.Rules)
		if sweep == SweepOrder {
			x = float64(pt.Order)
		}
		med, fastest, slowest := max(pt.MedianSeconds, minPlotSeconds), max(slices.Min(pt.Seconds), minPlotSeconds), max(slices.Max(pt.Seconds), minPlotSeconds)
		xy[i] = plotter.XY{X: x, Y: med}
		if !math.IsNaN(pt.MedianCPUSeconds) {
			cpu = append(cpu, plotter.XY{X: x, Y: max(pt.MedianCPUSeconds, minPlotSeconds)})
		}
		errs[i].Low, errs[i].High = med-fastest, slowest-med
		ticks = append(ticks, plot.Tick{Value: x, Label: strconv.FormatFloat(x, 'f', -1, 64)})
	}
	p.X.Tick.Marker = ticks
	// Fit times span orders of magnitude (0.1 s at 64 rules, 20 s at
	// order 8), and one fit slowed by other jobs on the machine would
	// flatten every other point on a linear axis: a log axis, from
	// below the fastest fit to above the slowest.
	bottom, top := math.Inf(1), 0.0
	for _, pt := range pts {
		bottom, top = min(bottom, slices.Min(pt.Seconds)), max(top, slices.Max(pt.Seconds))
		if !math.IsNaN(pt.MedianCPUSeconds) {
			bottom, top = min(bottom, pt.MedianCPUSeconds), max(top, pt.MedianCPUSeconds)
		}
	}
	bottom = max(bottom, minPlotSeconds)
	top = max(top, bottom)
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Y.Min, p.Y.Max = bottom/1.5, top*4 // room for the legend above the slowest fit
	lo, hi := xy[0].X, xy[len(xy)-1].X
	if lo == hi {
		lo, hi = lo/1.5, hi*1.5 // one point: a range around it
	}
	p.X.Min, p.X.Max = lo/1.15, hi*1.15
	line, points, err := plotter.NewLinePoints(xy)
	if err != nil {
		return nil, err
	}
	points.Shape = draw.CircleGlyph{}
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{xy, errs})
	if err != nil {
		return nil, err
	}
	p.Add(plotter.NewGrid(), line, points, eb)
	p.Legend.Add("wall clock", line, points)
	if len(cpu) > 0 {
		cl, cp, err := plotter.NewLinePoints(cpu)
		if err != nil {
			return nil, err
		}
		cl.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		cl.Color, cp.Color = color.RGBA{R: 200, G: 60, B: 40, A: 255}, color.RGBA{R: 200, G: 60, B: 40, A: 255}
		cp.Shape = draw.TriangleGlyph{}
		p.Add(cl, cp)
		p.Legend.Add("CPU", cl, cp)
	}
	p.Legend.Top, p.Legend.Left = true, true
	return p, nil
}
