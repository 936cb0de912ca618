// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestImanDavenportUndefined: where every dataset ranks the models alike,
// χ²_F is at its maximum and F_F is undefined: FFUndefined says why (also
// where rounding leaves the denominator a hair above zero, k = 10 and
// N = 25), and the JSON is valid with null F_F and p and the reason.
func TestImanDavenportUndefined(t *testing.T) {
	t.Parallel()
	ranks := func(k int) []float64 {
		r := make([]float64, k)
		for j := range r {
			r[j] = float64(j + 1)
		}
		return r
	}
	tests := []struct {
		name      string
		ranks     []float64
		n         int
		undefined bool
	}{
		{"two tables alike", ranks(2), 2, true},
		{"ten models over 25 tables alike", ranks(10), 25, true},
		{"three models over 4 tables alike", ranks(3), 4, true},
		{"defined", []float64{1.25, 1.75}, 4, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := FriedmanFromRanks(tt.ranks, tt.n)
			if got := f.FFUndefined != ""; got != tt.undefined {
				t.Fatalf("FFUndefined %q (F_F %g); want undefined %v", f.FFUndefined, f.FF, tt.undefined)
			}
			b, err := json.Marshal(f)
			if err != nil || !json.Valid(b) {
				t.Fatalf("JSON %s: %v", b, err)
			}
			var got map[string]any
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			if !tt.undefined {
				if _, ok := got["iman_davenport_undefined"]; ok || got["iman_davenport_f"] == nil || got["iman_davenport_p"] == nil {
					t.Errorf("defined F_F: JSON %s", b)
				}
				return
			}
			why, _ := got["iman_davenport_undefined"].(string)
			if got["iman_davenport_f"] != nil || got["iman_davenport_p"] != nil || !strings.Contains(why, "ranks the models alike") {
				t.Errorf("undefined F_F: JSON %s; want null F_F and p and the reason", b)
			}
		})
	}
}
