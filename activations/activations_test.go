// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package activations

import (
	"math"
	"strings"
	"testing"
)

func TestPolyClipValue(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		x    float64
		k    int
		want float64
	}{
		{name: "k=0/zero", x: 0, k: 0, want: 0},
		{name: "k=0/inside", x: 0.5, k: 0, want: 0.5},
		{name: "k=0/above", x: 1.5, k: 0, want: 1},
		{name: "k=0/below", x: -1.5, k: 0, want: -1},
		{name: "k=1/inside", x: 0.5, k: 1, want: 0.125},
		{name: "k=1/odd", x: -0.5, k: 1, want: -0.125},
		{name: "k=1/near kink", x: 0.9, k: 1, want: 0.729},
		{name: "k=2/inside", x: 0.5, k: 2, want: 0.03125},
		{name: "k=3/kink", x: 1, k: 3, want: 1},
		{name: "k=3/negative kink", x: -1, k: 3, want: -1},
		{name: "k=4/far above", x: 2, k: 4, want: 1},
		{name: "k=4/far below", x: -2, k: 4, want: -1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := PolyClipValue(tt.x, tt.k); math.Abs(got-tt.want) > 1e-15 {
				t.Errorf("PolyClipValue(%v, %d):\ngot  %v\nwant %v", tt.x, tt.k, got, tt.want)
			}
		})
	}
}

func TestPolyClipDeriv(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		x    float64
		k    int
		want float64
	}{
		{name: "k=0/zero", x: 0, k: 0, want: 1},
		{name: "k=0/inside", x: 0.5, k: 0, want: 1},
		{name: "k=0/outside", x: -2, k: 0, want: 0},
		{name: "k=1/zero", x: 0, k: 1, want: 0},
		{name: "k=1/inside", x: 0.5, k: 1, want: 0.75},
		{name: "k=2/inside negative", x: -0.5, k: 2, want: 0.3125},
		{name: "k=2/kink takes inner side", x: 1, k: 2, want: 5},
		{name: "k=1/negative kink takes inner side", x: -1, k: 1, want: 3},
		{name: "k=1/just outside", x: 1.001, k: 1, want: 0},
		{name: "k=1/just outside negative", x: -1.001, k: 1, want: 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := PolyClipDeriv(tt.x, tt.k); math.Abs(got-tt.want) > 1e-15 {
				t.Errorf("PolyClipDeriv(%v, %d):\ngot  %v\nwant %v", tt.x, tt.k, got, tt.want)
			}
		})
	}
}

func TestFuncApplyDeriv(t *testing.T) {
	t.Parallel()
	relu := Func{Kind: ReLU}
	poly := Func{Kind: PolyClip, K: 1}
	for _, tt := range []struct {
		name      string
		f         Func
		x         float64
		want      float64
		wantDeriv float64
	}{
		{name: "relu/positive", f: relu, x: 2.5, want: 2.5, wantDeriv: 1},
		{name: "relu/zero", f: relu, x: 0, want: 0, wantDeriv: 0},
		{name: "relu/negative", f: relu, x: -3, want: 0, wantDeriv: 0},
		{name: "polyclip/inside", f: poly, x: 0.5, want: 0.125, wantDeriv: 0.75},
		{name: "polyclip/outside", f: poly, x: 3, want: 1, wantDeriv: 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.f.Apply(tt.x); got != tt.want {
				t.Errorf("%v.Apply(%v):\ngot  %v\nwant %v", tt.f, tt.x, got, tt.want)
			}
			if got := tt.f.Deriv(tt.x); got != tt.wantDeriv {
				t.Errorf("%v.Deriv(%v):\ngot  %v\nwant %v", tt.f, tt.x, got, tt.wantDeriv)
			}
		})
	}
}

func TestFuncHard(t *testing.T) {
	t.Parallel()
	relu := Func{Kind: ReLU}
	poly := Func{Kind: PolyClip, K: 1}
	for _, tt := range []struct {
		name string
		f    Func
		x    float64
		want float64
	}{
		{name: "polyclip/small is absent", f: poly, x: 0.5, want: 0}, // 0.125
		{name: "polyclip/present", f: poly, x: 0.9, want: 1},         // 0.729
		{name: "polyclip/negated", f: poly, x: -0.9, want: -1},
		{name: "polyclip/saturated", f: poly, x: 3, want: 1},
		{name: "polyclip/saturated negative", f: poly, x: -3, want: -1},
		{name: "polyclip/zero", f: poly, x: 0, want: 0},
		{name: "relu/small", f: relu, x: 0.3, want: 0},
		{name: "relu/rounds up", f: relu, x: 0.7, want: 1},
		{name: "relu/clipped at 1", f: relu, x: 5, want: 1},
		{name: "relu/negative", f: relu, x: -3, want: 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.f.Hard(tt.x); got != tt.want {
				t.Errorf("%v.Hard(%v):\ngot  %v\nwant %v", tt.f, tt.x, got, tt.want)
			}
		})
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		in      string
		k       int
		want    Func
		wantErr string // substring of the error; empty for no error
	}{
		{name: "polyclip", in: "polyclip", k: 1, want: Func{Kind: PolyClip, K: 1}},
		{name: "mixed case", in: "PolyClip", k: 2, want: Func{Kind: PolyClip, K: 2}},
		{name: "relu with spaces", in: " relu ", k: 0, want: Func{Kind: ReLU, K: 0}},
		{name: "k=0", in: "polyclip", k: 0, want: Func{Kind: PolyClip, K: 0}},
		{name: "unknown name", in: "tanh", k: 1, wantErr: "valid values are polyclip, clip, relu"},
		{name: "empty name", in: "", k: 1, wantErr: "unknown activation"},
		{name: "negative k", in: "polyclip", k: -1, wantErr: "exponent parameter -1; want 0..1024"},
		{name: "largest k", in: "polyclip", k: MaxK, want: Func{Kind: PolyClip, K: MaxK}},
		{name: "k past MaxK (its cost is linear in k)", in: "polyclip", k: 1 << 40, wantErr: "want 0..1024"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in, tt.k)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("Parse(%q, %d) error:\ngot  %v\nwant one containing %q", tt.in, tt.k, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q, %d): %v", tt.in, tt.k, err)
			}
			if got != tt.want {
				t.Errorf("Parse(%q, %d):\ngot  %+v\nwant %+v", tt.in, tt.k, got, tt.want)
			}
		})
	}
}

func TestString(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		got  string
		want string
	}{
		{name: "polyclip", got: Func{Kind: PolyClip, K: 3}.String(), want: "polyclip(k=3)"},
		{name: "relu", got: Func{Kind: ReLU}.String(), want: "relu"},
		{name: "kind", got: ReLU.String(), want: "relu"},
		{name: "unknown kind", got: Kind(7).String(), want: "Kind(7)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("String:\ngot  %q\nwant %q", tt.got, tt.want)
			}
		})
	}
}

// TestDerivFiniteDifference compares Deriv with central differences on a
// grid that keeps away from the kinks (x = ±1 for polyClip, 0 for ReLU).
func TestDerivFiniteDifference(t *testing.T) {
	t.Parallel()
	const h = 1e-6
	for _, f := range []Func{
		{Kind: PolyClip, K: 0},
		{Kind: PolyClip, K: 1},
		{Kind: PolyClip, K: 2},
		{Kind: PolyClip, K: 4},
		{Kind: ReLU},
	} {
		t.Run(f.String(), func(t *testing.T) {
			for i := -40; i <= 40; i++ {
				x := float64(i)*0.05 + 0.0123 // never within 1e-3 of 0 or ±1
				want := (f.Apply(x+h) - f.Apply(x-h)) / (2 * h)
				got := f.Deriv(x)
				if math.Abs(got-want) > 1e-6*math.Max(1, math.Abs(want)) {
					t.Errorf("%v.Deriv(%v):\ngot  %.10g\nwant %.10g (central difference)", f, x, got, want)
				}
			}
		})
	}
}
