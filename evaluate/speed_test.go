// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"image/png"
	"slices"
	"strings"
	"testing"

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
