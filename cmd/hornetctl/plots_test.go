// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/model"
)

// pngSize decodes the PNG header of path.
func pngSize(t *testing.T, path string) (w, h int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return cfg.Width, cfg.Height
}

// wantSVG fails unless path holds an SVG image.
func wantSVG(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("%s: not an SVG: %v %.60q", path, err, b)
	}
}

// wantUsage fails unless r is a one-line usage error containing all of
// want.
func wantUsage(t *testing.T, r result, want ...string) {
	t.Helper()
	if r.code != exitUsage || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want %d and one line", r.code, r.stderr, exitUsage)
	}
	for _, w := range want {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr %q lacks %q", r.stderr, w)
		}
	}
}

func TestTunePlotFlag(t *testing.T) {
	fixtures(t)
	grid := tuneGridFile(t) // two configurations run: 2 activations × 2 learning rates, orders {2, 3} × rules {4, 16}
	dir := t.TempDir()
	args := []string{"tune", "--data", fx("train.csv"), "--grid", grid, "--folds", "2", "--epochs", "5", "--quiet"}
	png, svg := filepath.Join(dir, "tune.png"), filepath.Join(dir, "tune.svg")
	mustRun(t, append(args, "--plot", png)...)
	// 2 × 2 panels of the minimum size (240 × 180 points) and the colour
	// bar (90 points): 570 × 360 points.
	if w, h := pngSize(t, png); w != 760 || h != 480 {
		t.Errorf("--plot %s: %d × %d pixels, want 760 × 480", png, w, h)
	}
	mustRun(t, append(args, "--plot", svg, "--format", "csv", "--out", filepath.Join(dir, "tune.csv"))...)
	wantSVG(t, svg)

	wantUsage(t, runCLI(t, context.Background(), append(args, "--plot", "tune.gif")...), "invalid --plot tune.gif")
	gridLink := filepath.Join(dir, "grid.png")
	if err := os.Symlink(grid, gridLink); err != nil {
		t.Fatal(err)
	}
	wantUsage(t, runCLI(t, context.Background(), append(args, "--plot", gridLink)...), "--plot", "--grid", "same file")
	out := filepath.Join(dir, "same.png")
	wantUsage(t, runCLI(t, context.Background(), append(args, "--out", out, "--plot", out)...), "--plot", "--out", "same file")
}

func TestRulesPlotFlag(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	png := filepath.Join(dir, "rules.png")
	r := mustRun(t, "rules", "--model", fx("xor.json"), "--plot", png)
	if !strings.Contains(r.stdout, "ELSE") {
		t.Errorf("stdout lacks the rules:\n%s", r.stdout)
	}
	w, h := pngSize(t, png)
	rules := strings.Count(r.stdout, "IF ") + 1 // and the ELSE row
	// 16 points a row plus about 110 points of titles and axes, at 4/3
	// pixels a point; the labels and two panels at least 600 pixels wide.
	if want := float64(rules*16+110) * 4 / 3; float64(h) < want-20 || float64(h) > want+20 || w < 600 {
		t.Errorf("--plot of %d rows: %d × %d pixels, want about %.0f high and 600 wide or more", rules, w, h, want)
	}
	svg := filepath.Join(dir, "rules.svg")
	mustRun(t, "rules", "--model", fx("xor.json"), "--data", fx("test.csv"), "--format", "json", "--plot", svg)
	wantSVG(t, svg)

	// The plot never replaces an input, nor a device (written in place).
	link := filepath.Join(dir, "model-link.png")
	if err := os.Symlink(fx("xor.json"), link); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(fx("xor.json"))
	wantUsage(t, runCLI(t, context.Background(), "rules", "--model", fx("xor.json"), "--plot", link), "--plot", "--model", "same file")
	if after, _ := os.ReadFile(fx("xor.json")); !bytes.Equal(before, after) {
		t.Fatal("the model was modified")
	}
	null := filepath.Join(t.TempDir(), "null.png")
	mknodNull(t, null)
	mustRun(t, "rules", "--model", fx("xor.json"), "--plot", null)
	wantType(t, null, fs.ModeDevice|fs.ModeCharDevice)

	// A missing directory fails before the model is read; a continuous
	// model has no rules to plot.
	missing := filepath.Join(dir, "nodir", "r.png")
	if r := runCLI(t, context.Background(), "rules", "--model", fx("xor.json"), "--plot", missing); r.code != exitError || !strings.Contains(r.stderr, "--plot "+missing) {
		t.Errorf("--plot %s: exit %d, stderr %q", missing, r.code, r.stderr)
	}
	if r := runCLI(t, context.Background(), "rules", "--model", fx("cont.json"), "--plot", png); r.code != exitError || !strings.Contains(r.stderr, "no rules to plot") {
		t.Errorf("continuous model: exit %d, stderr %q", r.code, r.stderr)
	}
	wantUsage(t, runCLI(t, context.Background(), "rules", "--model", fx("xor.json"), "--plot", "r.jpg"), "invalid --plot r.jpg")
}

func TestBenchSpeed(t *testing.T) {
	dir := t.TempDir()
	out, plot := filepath.Join(dir, "speed.csv"), filepath.Join(dir, "speed.png")
	r := mustRun(t, "bench", "speed", "--features", "8", "--rows", "32", "--epochs", "3", "--rules", "8,4", "--orders", "2,3", "--reps", "2",
		"--format", "csv", "--out", out, "--plot", plot)
	if !strings.Contains(r.stderr, "bench speed: 8/8: ") {
		t.Errorf("stderr lacks the progress lines:\n%s", r.stderr)
	}
	rows := readCSV(t, out)
	if len(rows) != 5 || rows[1][0] != "rules" || rows[1][1] != "4" || rows[3][0] != "order" || rows[3][1] != strconv.Itoa(model.DefaultConfig().Rules) || rows[3][2] != "2" {
		t.Errorf("CSV:\n%q", rows)
	}
	if w, h := pngSize(t, plot); w != 880 || h != 428 {
		t.Errorf("--plot: %d × %d pixels, want 880 × 428", w, h)
	}
	md := mustRun(t, "bench", "speed", "--features", "8", "--rows", "32", "--epochs", "2", "--rules", "4", "--orders", "", "--reps", "1", "--quiet")
	if md.stderr != "" || !strings.Contains(md.stdout, "| rules | 4 | 3 |") || strings.Contains(md.stdout, "\n| order |") {
		t.Errorf("--orders \"\" --quiet: stderr %q, stdout:\n%s", md.stderr, md.stdout)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--features", "8", "--orders", "9"}, "invalid --orders entry \"9\""},
		{[]string{"--rules", "0"}, "invalid --rules entry \"0\""},
		{[]string{"--rules", "", "--orders", ""}, "nothing to time"},
		{[]string{"--gate", "nand"}, "invalid --gate"},
		{[]string{"--reps", "0"}, "invalid --reps 0"},
		{[]string{"--features", "100000", "--rows", "1000000"}, "invalid --rows 1000000: want 2..671 (67108864 cells at most with --features 100000)"},
		{[]string{"--plot", "s.gif"}, "invalid --plot s.gif"},
		{[]string{"--out", filepath.Join(dir, "x.svg"), "--plot", filepath.Join(dir, "x.svg")}, "same file"},
	} {
		wantUsage(t, runCLI(t, context.Background(), append([]string{"bench", "speed"}, tt.args...)...), tt.want)
	}
}
