// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

func TestCDDiagram(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	names := []string{"C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"}
	ranks := []float64{3.143, 2.000, 2.893, 1.964} // Demšar (2006), Table 6
	for _, tt := range []struct {
		name  string
		names []string
		ranks []float64
		cd    float64
	}{
		{"demsar", names, ranks, 1.25},
		{"two models", names[:2], ranks[:2], 0.877},
		{"one model, no cd", names[:1], ranks[:1], 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := CDDiagram(tt.names, tt.ranks, tt.cd)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".png")
			if err := p.Save(6*vg.Inch, 2.5*vg.Inch, path); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			cfg, err := png.DecodeConfig(f)
			if err != nil {
				t.Fatal(err)
			}
			// plot renders PNG at 96 dpi.
			if cfg.Width != 576 || cfg.Height != 240 {
				t.Errorf("size: got %d × %d, want 576 × 240", cfg.Width, cfg.Height)
			}
		})
	}
	svg := filepath.Join(dir, "demsar.svg")
	p, _ := CDDiagram(names, ranks, 1.25)
	if err := p.Save(6*vg.Inch, 2.5*vg.Inch, svg); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), "<svg") {
		t.Errorf("SVG: %v", err)
	}
}
