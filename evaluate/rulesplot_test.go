// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/evaluate"
)

// ruleBars returns n rules with labels of about width characters.
func ruleBars(n, width int) []evaluate.RuleBar {
	var bars []evaluate.RuleBar
	for i := range n {
		label := fmt.Sprintf("IF f%d = 1 AND f%d = 0 THEN %d", i, i+1, i%2)
		if len(label) < width {
			label = strings.Replace(label, " THEN", strings.Repeat(" AND g = 1", (width-len(label))/10)+" THEN", 1)
		}
		p := float64(i%5) / 4
		bars = append(bars, evaluate.RuleBar{Label: label, Class: fmt.Sprint(i % 2), Support: 3 + 7*i,
			Precision: p, PrecisionLow: p * 0.7, PrecisionHigh: min(1, p+0.2)})
	}
	return append(bars, evaluate.RuleBar{Label: "ELSE 0", Class: "0", Support: 40, Precision: 0.9, PrecisionLow: 0.77, PrecisionHigh: 0.96})
}

func TestRulesPlot(t *testing.T) {
	t.Parallel()
	size := func(t *testing.T, name string, bars []evaluate.RuleBar) (w, h int) {
		t.Helper()
		f, err := evaluate.RulesPlot(bars, "decision list on the training rows")
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
		// The figure says its size; the image must have it.
		if want := int(f.Width.Dots(96) + 0.5); cfg.Width != want {
			t.Errorf("%s: width %d pixels, want %d (%v points)", name, cfg.Width, want, f.Width)
		}
		if want := int(f.Height.Dots(96) + 0.5); cfg.Height != want {
			t.Errorf("%s: height %d pixels, want %d (%v points)", name, cfg.Height, want, f.Height)
		}
		if dir := os.Getenv("HORNETS_PLOT_DIR"); dir != "" {
			os.WriteFile(filepath.Join(dir, "rules_"+name+".png"), b.Bytes(), 0o644)
		}
		var s bytes.Buffer
		if err := evaluate.WriteFigure(&s, f, "svg"); err != nil || !bytes.Contains(s.Bytes(), []byte("<svg")) {
			t.Errorf("%s: SVG: %v, %.40q", name, err, s.Bytes())
		}
		return cfg.Width, cfg.Height
	}
	w3, h3 := size(t, "3", ruleBars(3, 0))
	w10, h10 := size(t, "10", ruleBars(10, 0))
	// 16 points a row: 7 rows more are 7·16·4/3 pixels taller, within the
	// rounding to 3 points.
	if d := h10 - h3; d < 149-4 || d > 149+4 {
		t.Errorf("10 rules are %d pixels taller than 3, want about 149", d)
	}
	if w10 < w3 || w3 < 500 {
		t.Errorf("widths %d (3 rules), %d (10 rules): want at least 500 and growing with the labels", w3, w10)
	}
	wLong, _ := size(t, "long", ruleBars(3, 70))
	wLonger, _ := size(t, "longer", ruleBars(3, 300))
	if wLong <= w3 {
		t.Errorf("70-character labels: %d pixels wide, no wider than short labels (%d)", wLong, w3)
	}
	if wLonger > wLong+60 { // uncut, they would be some 2000 pixels wider
		t.Errorf("300-character labels: %d pixels wide, want them cut to about the 70-character width %d", wLonger, wLong)
	}
	_, hMany := size(t, "many", ruleBars(200, 0))
	_, hMax := size(t, "max", ruleBars(evaluate.MaxRulesPlotted-1, 0))
	if hMany != hMax {
		t.Errorf("201 rows: height %d, want that of %d rows (%d): the plot is cut", hMany, evaluate.MaxRulesPlotted, hMax)
	}
	if _, err := evaluate.RulesPlot(nil, "none"); err == nil {
		t.Error("no rules: no error")
	}
}
