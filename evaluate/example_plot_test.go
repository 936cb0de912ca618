// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"

	"github.com/hornets-go/hornets/evaluate"
)

// TunePlot turns tuning scores into the paper's Figure 8: here one
// activation and one learning rate, so one heatmap of order × rules and
// its colour bar. SaveFigure writes it to a file instead.
func ExampleTunePlot() {
	res := &evaluate.TuneResult{Scores: []evaluate.TuneScore{
		{Activation: "relu", LearningRate: 0.01, Order: 2, Rules: 32, MacroF1Mean: 0.72},
		{Activation: "relu", LearningRate: 0.01, Order: 2, Rules: 128, MacroF1Mean: 0.70},
		{Activation: "relu", LearningRate: 0.01, Order: 3, Rules: 32, MacroF1Mean: 0.66},
		{Activation: "relu", LearningRate: 0.01, Order: 3, Rules: 128, MacroF1Mean: 0.69},
	}}
	f, err := evaluate.TunePlot(res)
	if err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	if err := evaluate.WriteFigure(&b, f, "png"); err != nil {
		log.Fatal(err)
	}
	cfg, err := png.DecodeConfig(&b)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%v × %v points, a %d × %d PNG\n", f.Width, f.Height, cfg.Width, cfg.Height)
	// Output: 330 × 180 points, a 440 × 240 PNG
}

// RulesPlot draws a decision list's evidence: one row per rule, its
// support on the left, its precision with the 95% interval on the right.
func ExampleRulesPlot() {
	bars := []evaluate.RuleBar{
		{Label: "IF f45 = 0 AND f62 = 1 THEN 1", Class: "1", Support: 40, Precision: 1, PrecisionLow: 0.91, PrecisionHigh: 1},
		{Label: "IF f45 = 1 AND f62 = 0 THEN 1", Class: "1", Support: 32, Precision: 1, PrecisionLow: 0.89, PrecisionHigh: 1},
		{Label: "ELSE 0", Class: "0", Support: 56, Precision: 1, PrecisionLow: 0.94, PrecisionHigh: 1},
	}
	f, err := evaluate.RulesPlot(bars, "xor.json on the training rows")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(f.Height, "points high")
	// Output: 162 points high
}
