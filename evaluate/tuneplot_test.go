// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"bytes"
	"errors"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/evaluate"
)

// tuneResult is a TuneResult over the grid acts × lrs × orders × rules
// with made-up scores that vary over every setting.
func tuneResult(acts []string, lrs []float64, orders, rules []int) *evaluate.TuneResult {
	res := &evaluate.TuneResult{K: 5, Repeats: 1}
	for ai, a := range acts {
		for li, lr := range lrs {
			for oi, o := range orders {
				for ri, r := range rules {
					f1 := 0.5 + 0.4*math.Sin(float64(1+ai+li+oi*ri))*math.Sin(float64(1+oi+ri))
					res.Scores = append(res.Scores, evaluate.TuneScore{Index: len(res.Scores), Activation: a, LearningRate: lr,
						Order: o, Rules: r, Batch: 15, MacroF1Mean: f1})
				}
			}
		}
	}
	return res
}

func TestTunePlot(t *testing.T) {
	t.Parallel()
	powers := func(lo, hi int) (out []int) {
		for v := lo; v <= hi; v *= 2 {
			out = append(out, v)
		}
		return out
	}
	paper := tuneResult([]string{"polyclip", "relu"}, []float64{0.001, 0.01, 0.1}, powers(4, 64), powers(4, 4096))
	paper.Scores = paper.Scores[1:] // a skipped configuration: a grey cell
	for _, tt := range []struct {
		name          string
		res           *evaluate.TuneResult
		width, height int // pixels at 96 dpi
	}{
		// 2 × 2 panels of 2 × 2 cells at the minimum panel size:
		// (2·240 + 90) × (2·180) points.
		{"small", tuneResult([]string{"polyclip", "relu"}, []float64{0.01, 0.05}, []int{2, 3}, []int{32, 128}), 760, 480},
		// 3 × 2 panels of 5 orders × 11 rules: (3·(90+11·36) + 90) ×
		// (2·(80+5·24)) points, rounded up to whole pixels.
		{"paper", paper, 2064, 536},
		// One activation, one learning rate, all scores equal.
		{"one panel", &evaluate.TuneResult{Scores: []evaluate.TuneScore{{Activation: "relu", Order: 2, Rules: 8, LearningRate: 0.01, MacroF1Mean: 0.7},
			{Activation: "relu", Order: 2, Rules: 16, LearningRate: 0.01, MacroF1Mean: 0.7}}}, 440, 240},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, err := evaluate.TunePlot(tt.res)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := evaluate.WriteFigure(&b, f, "png"); err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(b.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != tt.width || cfg.Height != tt.height {
				t.Errorf("size\ngot  %d × %d\nwant %d × %d", cfg.Width, cfg.Height, tt.width, tt.height)
			}
			if dir := os.Getenv("HORNETS_PLOT_DIR"); dir != "" { // to look at them
				os.WriteFile(filepath.Join(dir, "tune_"+strings.ReplaceAll(tt.name, " ", "_")+".png"), b.Bytes(), 0o644)
			}
		})
	}
	if _, err := evaluate.TunePlot(&evaluate.TuneResult{}); err == nil {
		t.Error("an empty result: no error")
	}
}

// SaveFigure writes the format its extension names, replacing a file
// whole, and refuses an unknown extension without writing.
func TestSaveFigure(t *testing.T) {
	t.Parallel()
	f, err := evaluate.TunePlot(tuneResult([]string{"relu"}, []float64{0.01}, []int{2}, []int{8, 16}))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"t.png", "t.svg", "t.pdf", "T.PNG"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("old content"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := evaluate.SaveFigure(f, path); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		magic := map[string]string{".png": "\x89PNG", ".svg": "<?xml", ".pdf": "%PDF"}[strings.ToLower(filepath.Ext(name))]
		if !bytes.HasPrefix(b, []byte(magic)) {
			t.Errorf("%s starts %.20q, want %q", name, b, magic)
		}
	}
	gif := filepath.Join(dir, "t.gif")
	if err := evaluate.SaveFigure(f, gif); !errors.Is(err, evaluate.ErrPlotFormat) {
		t.Errorf("t.gif: got %v, want ErrPlotFormat", err)
	}
	if _, err := os.Stat(gif); err == nil {
		t.Error("t.gif was written")
	}
}
