// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package defaults_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/hornets-go/hornets/internal/defaults"
)

// A zero value takes the default; any other value, negative or NaN
// included, is kept.
func TestIfZero(t *testing.T) {
	t.Parallel()
	ints := []struct{ v, d, want int }{
		{0, 256, 256}, {1, 256, 1}, {-1, 256, -1}, {0, 0, 0},
	}
	for _, c := range ints {
		v := c.v
		if defaults.IfZero(&v, c.d); v != c.want {
			t.Errorf("int %d with default %d: got %d, want %d", c.v, c.d, v, c.want)
		}
	}
	floats := []struct{ v, d, want float64 }{
		{0, 0.1, 0.1}, {1e-300, 0.1, 1e-300}, {-2, 0.1, -2}, {math.Inf(1), 0.1, math.Inf(1)},
	}
	for _, c := range floats {
		v := c.v
		if defaults.IfZero(&v, c.d); v != c.want {
			t.Errorf("float %g with default %g: got %g, want %g", c.v, c.d, v, c.want)
		}
	}
	nan := math.NaN()
	if defaults.IfZero(&nan, 0.1); !math.IsNaN(nan) {
		t.Errorf("NaN with default 0.1: got %g, want NaN", nan)
	}
	strs := []struct{ v, d, want string }{
		{"", "polyclip", "polyclip"}, {"relu", "polyclip", "relu"}, {" ", "polyclip", " "},
	}
	for _, c := range strs {
		v := c.v
		if defaults.IfZero(&v, c.d); v != c.want {
			t.Errorf("string %q with default %q: got %q, want %q", c.v, c.d, v, c.want)
		}
	}
}

func ExampleIfZero() {
	type config struct {
		Rules      int
		Dropout    float64
		Activation string
	}
	c := config{Rules: 64}
	defaults.IfZero(&c.Rules, 256)
	defaults.IfZero(&c.Dropout, 0.1)
	defaults.IfZero(&c.Activation, "polyclip")
	fmt.Printf("%+v\n", c)
	// Output: {Rules:64 Dropout:0.1 Activation:polyclip}
}
