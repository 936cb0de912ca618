// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"strings"
	"testing"

	"github.com/hornets-go/hornets/train"
)

// TestEvalQuotesClasses: eval's text writes a class name that could be
// misread (a newline, a tab or another control character, space at an
// end) Go-quoted in its per-class line and in the confusion matrix, as
// the rules do (hornets.QuoteClass); a plain name stays as it is.
func TestEvalQuotesClasses(t *testing.T) {
	for _, tt := range []struct{ class, want string }{
		{"plain", "plain"},
		{"two\nlines", `"two\nlines"`},
		{"tab\there", `"tab\there"`},
		{"\x1b[31mred", `"\x1b[31mred"`},
		{"end ", `"end "`},
	} {
		t.Run(tt.want, func(t *testing.T) {
			classes := []string{"other", tt.class}
			m, err := train.Evaluate([]int{0, 1}, []int{0, 1}, classes)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if err := writeEvalText(&b, &evalReport{Data: "d.csv", Model: "m.json", Classes: classes, Metrics: m, Route: "categorical"}); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if n := strings.Count(out, tt.want); n != 3 { // the per-class line, the matrix's header and row
				t.Errorf("class %q written as %s %d times, want 3:\n%s", tt.class, tt.want, n, out)
			}
			if tt.class != tt.want && strings.Contains(strings.ReplaceAll(out, tt.want, ""), tt.class) {
				t.Errorf("class %q written unquoted:\n%s", tt.class, out)
			}
		})
	}
}
