// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"image/png"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

func TestSpeed(t *testing.T) {
	t.Parallel()
	var calls []evaluate.SpeedPoint
	cfg := evaluate.SpeedConfig{Features: 8, Rows: 32, Epochs: 3, Rules: []int{8, 4}, Orders: []int{3, 2}, Reps: 2, Seed: 5,
		OnFit: func(p evaluate.SpeedPoint, rep int, secs float64) {
			if secs <= 0 {
				t.Errorf("OnFit: %v seconds", secs)
			}
			calls = append(calls, p)
		}}
	res, err := evaluate.Speed(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 8 {
		t.Errorf("OnFit called %d times, want 2 reps × 4 points", len(calls))
	}
	type key struct {
		sweep        string
		rules, order int
	}
	var got []key
	for _, p := range res.Points {
		got = append(got, key{p.Sweep, p.Rules, p.Order})
		if len(p.Seconds) != 2 || p.MedianSeconds <= 0 || p.MedianSeconds < slices.Min(p.Seconds) || p.MedianSeconds > slices.Max(p.Seconds) {
			t.Errorf("%v: seconds %v, median %v", got[len(got)-1], p.Seconds, p.MedianSeconds)
		}
		if len(p.CPUSeconds) != 2 || p.MedianCPUSeconds < 0 { // NaN off Unix
			t.Errorf("%v: CPU seconds %v, median %v", got[len(got)-1], p.CPUSeconds, p.MedianCPUSeconds)
		}
	}
	// Sorted within each sweep; the other setting at its default (order 3,
	// the default rules).
	R := model.DefaultConfig().Rules
	want := []key{{"rules", 4, 3}, {"rules", 8, 3}, {"order", R, 2}, {"order", R, 3}}
	if !slices.Equal(got, want) {
		t.Errorf("points\ngot  %v\nwant %v", got, want)
	}
	if res.Features != 8 || res.Rows != 32 || res.Epochs != 3 || res.Reps != 2 || res.Gate != "xor" {
		t.Errorf("result header %+v", res)
	}

	var md bytes.Buffer
	if err := res.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(md.String(), "\n| "); n != 5 { // header and 4 points
		t.Errorf("Markdown has %d table rows, want 5:\n%s", n, md.String())
	}
	var c bytes.Buffer
	if err := res.WriteCSV(&c); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&c).ReadAll()
	if err != nil || len(rows) != 5 || rows[0][0] != "sweep" || rows[1][0] != "rules" || rows[4][2] != "3" {
		t.Errorf("CSV %q, %v", rows, err)
	}

	f, err := evaluate.SpeedPlot(res)
	if err != nil {
		t.Fatal(err)
	}
	var img bytes.Buffer
	if err := evaluate.WriteFigure(&img, f, "png"); err != nil {
		t.Fatal(err)
	}
	pc, err := png.DecodeConfig(&img)
	if err != nil {
		t.Fatal(err)
	}
	// Two panels of 330 × 300 points under a title line: 880 × 428 pixels.
	if pc.Width != 880 || pc.Height != 428 {
		t.Errorf("plot size\ngot  %d × %d\nwant 880 × 428", pc.Width, pc.Height)
	}
}

func TestSpeedConfigErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		cfg  evaluate.SpeedConfig
	}{
		{"order above the features", evaluate.SpeedConfig{Features: 8, Orders: []int{16}, Rules: []int{}}},
		{"unknown gate", evaluate.SpeedConfig{Gate: "nand"}},
		{"zero rules", evaluate.SpeedConfig{Rules: []int{0}}},
		{"nothing to time", evaluate.SpeedConfig{Rules: []int{}, Orders: []int{}}},
		{"one row", evaluate.SpeedConfig{Rows: 1}},
		{"too many cells", evaluate.SpeedConfig{Features: 100_000, Rows: 1_000_000}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := evaluate.Speed(context.Background(), tt.cfg); !errors.Is(err, train.ErrConfig) {
				t.Errorf("got %v, want an ErrConfig", err)
			}
		})
	}
}

// TestSpeedPlotLogAxis checks that the seconds axis is logarithmic, from
// below the fastest fit to above the slowest, and that a fit timed at 0 s
// or a CPU time not measured still draws.
func TestSpeedPlotLogAxis(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		seconds  []float64
		cpu      float64
		min, max float64 // the axis must hold [min, max]
	}{
		{"spread", []float64{0.1, 0.2, 40}, 0.3, 0.1, 40},
		{"zero", []float64{0, 0, 0.5}, 0, 1e-4, 0.5},
		{"no cpu", []float64{2, 3, 4}, math.NaN(), 2, 4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := &evaluate.SpeedResult{Features: 8, Rows: 16, Gate: "xor", Epochs: 1, Reps: 3, Points: []evaluate.SpeedPoint{
				{Sweep: evaluate.SweepRules, Rules: 64, Order: 3, Seconds: tt.seconds, MedianSeconds: tt.seconds[1], MedianCPUSeconds: tt.cpu},
				{Sweep: evaluate.SweepRules, Rules: 128, Order: 3, Seconds: tt.seconds, MedianSeconds: tt.seconds[1], MedianCPUSeconds: tt.cpu},
			}}
			p, err := evaluate.SpeedPanel(res.Points, evaluate.SweepRules)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := p.Y.Scale.(plot.LogScale); !ok {
				t.Errorf("seconds axis scale %T, want plot.LogScale", p.Y.Scale)
			}
			if !(p.Y.Min > 0 && p.Y.Min < tt.min && p.Y.Max > tt.max) {
				t.Errorf("seconds axis [%g, %g], want it to hold [%g, %g] and start above 0", p.Y.Min, p.Y.Max, tt.min, tt.max)
			}
			f, err := evaluate.SpeedPlot(res)
			if err != nil {
				t.Fatal(err)
			}
			if err := evaluate.WriteFigure(io.Discard, f, "png"); err != nil {
				t.Fatal(err)
			}
		})
	}
}
