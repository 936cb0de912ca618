// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"
)

var allGates = []Gate{And, Or, Not, Xor, Xnor}

// truth is the gates' truth tables, written out independently of Gate.eval:
// truth[g][a][b].
var truth = map[Gate][2][2]int{
	And:  {{0, 0}, {0, 1}},
	Or:   {{0, 1}, {1, 1}},
	Not:  {{1, 1}, {0, 0}},
	Xor:  {{0, 1}, {1, 0}},
	Xnor: {{1, 0}, {0, 1}},
}

func newSynth(t testing.TB, cfg SynthConfig) *Synth {
	t.Helper()
	s, err := NewSynth(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSynthLabels(t *testing.T) {
	t.Parallel()
	for _, g := range allGates {
		for _, pos := range []Positions{RandomPositions, FirstPositions} {
			t.Run(fmt.Sprintf("%v/%v", g, pos), func(t *testing.T) {
				s := newSynth(t, SynthConfig{Gate: g, Features: 70, Seed: 3, Positions: pos})
				d := s.Sample(300)
				if err := d.Validate(); err != nil {
					t.Fatal(err)
				}
				tg := s.Targets()
				a, b := tg[0], tg[len(tg)-1]
				var ones, count [2]int
				for i := range d.Rows {
					x := d.Row(i)
					for _, v := range x {
						if v != 0 && v != 1 {
							t.Fatalf("row %d: value %v is not binary", i, v)
						}
					}
					want := truth[g][int(x[a])][int(x[b])]
					if d.Y[i] != want {
						t.Fatalf("row %d: got label %d\nwant %v(%v, %v) = %d", i, d.Y[i], g, x[a], x[b], want)
					}
					count[d.Y[i]]++
					ones[0] += int(x[0])
					ones[1] += int(x[69]) // the second word of bits
				}
				if count[0] == 0 || count[1] == 0 {
					t.Errorf("labels are constant: %v", count)
				}
				for k, n := range ones {
					if n < 100 || n > 200 { // Bernoulli(0.5) over 300 rows: about 150 ± 9
						t.Errorf("feature %d is 1 in %d of 300 rows", []int{0, 69}[k], n)
					}
				}
				if !slices.Equal(d.Classes, []string{"0", "1"}) || d.Features[0] != "f0" || d.Features[69] != "f69" {
					t.Errorf("names: got %q … %q, classes %q", d.Features[0], d.Features[69], d.Classes)
				}
			})
		}
	}
}

func TestSynthDeterminism(t *testing.T) {
	t.Parallel()
	cfg := SynthConfig{Gate: Xor, Features: 130, Seed: 42}
	csv := func(d *Dataset) []byte {
		var b bytes.Buffer
		if err := WriteCSV(&b, d); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	s1, s2 := newSynth(t, cfg), newSynth(t, cfg)
	train1, train2 := s1.Sample(128), s2.Sample(128)
	if !bytes.Equal(csv(train1), csv(train2)) || !slices.Equal(s1.Targets(), s2.Targets()) {
		t.Fatalf("same config, different data")
	}
	test1 := s1.Sample(50)
	if reflect.DeepEqual(test1.X, train1.X[:50*130]) {
		t.Errorf("the second Sample repeats the first")
	}

	// Sample(128) then Sample(50) is the same stream as Sample(178).
	all := newSynth(t, cfg).Sample(178)
	if !slices.Equal(all.X, append(slices.Clone(train1.X), test1.X...)) || !slices.Equal(all.Y, append(slices.Clone(train1.Y), test1.Y...)) {
		t.Errorf("split samples differ from one sample")
	}

	// Targets do not depend on the rows drawn, and another seed differs.
	s3 := newSynth(t, cfg)
	s3.Sample(1000)
	if !slices.Equal(s3.Targets(), s1.Targets()) {
		t.Errorf("targets changed after sampling: %v, %v", s3.Targets(), s1.Targets())
	}
	other := newSynth(t, SynthConfig{Gate: Xor, Features: 130, Seed: 43}).Sample(128)
	if bytes.Equal(csv(other), csv(train1)) {
		t.Errorf("seeds 42 and 43 give the same data")
	}

	// Targets returns a copy.
	s1.Targets()[0] = -1
	if s1.Targets()[0] == -1 {
		t.Errorf("Targets exposes the generator's state")
	}
}

func TestSynthTargets(t *testing.T) {
	t.Parallel()
	for _, g := range allGates {
		t.Run(g.String(), func(t *testing.T) {
			k := 2
			if g == Not {
				k = 1
			}
			atFirst := 0
			for seed := range uint64(20) {
				for _, n := range []int{k, 3, 50, 5000} {
					tg := newSynth(t, SynthConfig{Gate: g, Features: n, Seed: seed}).Targets()
					distinctSorted := k == 1 || tg[0] < tg[1]
					if len(tg) != k || !distinctSorted || tg[0] < 0 || tg[k-1] >= n {
						t.Fatalf("seed %d, %d features: targets %v\nwant %d distinct, ascending, in [0, %d)", seed, n, tg, k, n)
					}
					if n == 50 && tg[0] == 0 && tg[k-1] == k-1 {
						atFirst++
					}
				}
			}
			if atFirst == 20 {
				t.Errorf("random positions are the first ones for all 20 seeds")
			}
			first := newSynth(t, SynthConfig{Gate: g, Features: 50, Seed: 7, Positions: FirstPositions}).Targets()
			if want := []int{0, 1}[:k]; !slices.Equal(first, want) {
				t.Errorf("FirstPositions\ngot  %v\nwant %v", first, want)
			}
		})
	}
}

func TestSynthDescribe(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cfg  SynthConfig
		want string
	}{
		{SynthConfig{Gate: Xor, Features: 10, Positions: FirstPositions}, "label = xor(f0, f1)"},
		{SynthConfig{Gate: Not, Features: 1}, "label = not(f0)"},
		{SynthConfig{Gate: Xnor, Features: 2, Seed: 9}, "label = xnor(f0, f1)"},
	} {
		t.Run(tt.want, func(t *testing.T) {
			if got := newSynth(t, tt.cfg).Describe(); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestNewSynthErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		cfg  SynthConfig
		msg  string
	}{
		{"zero value", SynthConfig{}, "data: invalid synth config: Features = 0, want ≥ 2 for gate and"},
		{"one feature for xor", SynthConfig{Gate: Xor, Features: 1}, "data: invalid synth config: Features = 1, want ≥ 2 for gate xor"},
		{"no feature for not", SynthConfig{Gate: Not}, "data: invalid synth config: Features = 0, want ≥ 1 for gate not"},
		{"bad gate", SynthConfig{Gate: 9, Features: 4}, "data: invalid synth config: Gate = Gate(9), want one of and, or, not, xor, xnor, xor3, xor4"},
		{"bad positions", SynthConfig{Features: 4, Positions: 2}, "data: invalid synth config: Positions = Positions(2), want RandomPositions or FirstPositions"},
		{"negative noise", SynthConfig{Features: 4, LabelNoise: -0.1}, "data: invalid synth config: LabelNoise = -0.1, want 0 <= p < 0.5"},
		{"half noise", SynthConfig{Features: 4, LabelNoise: 0.5}, "data: invalid synth config: LabelNoise = 0.5, want 0 <= p < 0.5"},
		{"NaN noise", SynthConfig{Features: 4, LabelNoise: math.NaN()}, "data: invalid synth config: LabelNoise = NaN, want 0 <= p < 0.5"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := NewSynth(tt.cfg)
			if s != nil {
				t.Errorf("got a Synth with error")
			}
			checkErr(t, err, ErrSynthConfig, tt.msg)
		})
	}
}

func TestParseGate(t *testing.T) {
	t.Parallel()
	for _, g := range allGates {
		for _, s := range []string{g.String(), " " + string(bytes.ToUpper([]byte(g.String()))) + " "} {
			got, err := ParseGate(s)
			if err != nil || got != g {
				t.Errorf("ParseGate(%q) = %v, %v\nwant %v, nil", s, got, err, g)
			}
		}
	}
	_, err := ParseGate("nand")
	checkErr(t, err, ErrUnknownGate, `data: unknown gate "nand" (valid: and, or, not, xor, xnor, xor3, xor4)`)
	if got := Gate(-1).String(); got != "Gate(-1)" {
		t.Errorf("got  %s\nwant Gate(-1)", got)
	}
}

func TestSamplePanics(t *testing.T) {
	t.Parallel()
	s := newSynth(t, SynthConfig{Features: 2})
	if d := s.Sample(0); d.Rows != 0 || d.Validate() != nil {
		t.Errorf("Sample(0) = %+v", d)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("Sample(-1) did not panic")
		}
	}()
	s.Sample(-1)
}

// TestSampleNoisy checks that SampleNoisy draws the rows Sample draws and
// flips each label with probability LabelNoise: the flip count of 20,000
// rows within 4.5 binomial standard deviations of its mean, the test rows
// drawn after it clean, and the same seed giving the same flips.
func TestSampleNoisy(t *testing.T) {
	t.Parallel()
	const rows = 20_000
	for _, p := range []float64{0, 0.1, 0.15, 0.2, 0.45} {
		for _, g := range []Gate{And, Xor, Not} {
			t.Run(fmt.Sprintf("%v/%v", g, p), func(t *testing.T) {
				cfg := SynthConfig{Gate: g, Features: 5, Seed: 11, LabelNoise: p}
				clean := newSynth(t, SynthConfig{Gate: g, Features: 5, Seed: 11})
				noisy := newSynth(t, cfg)
				want, got := clean.Sample(rows), func() *Dataset { d, _ := noisy.SampleNoisy(rows); return d }()
				if !slices.Equal(got.X, want.X) {
					t.Fatal("SampleNoisy drew other rows than Sample")
				}
				flips := 0
				for i := range got.Y {
					if got.Y[i] != want.Y[i] {
						flips++
						if got.Y[i] != 1-want.Y[i] {
							t.Fatalf("row %d: label %d, want 0 or 1", i, got.Y[i])
						}
					}
				}
				mean, sd := p*rows, math.Sqrt(p*(1-p)*rows)
				if math.Abs(float64(flips)-mean) > 4.5*sd || (p > 0) != (flips > 0) {
					t.Errorf("%d of %d labels flipped, want %.0f ± %.0f", flips, rows, mean, 4.5*sd)
				}
				again := newSynth(t, cfg)
				d, n := again.SampleNoisy(rows)
				if n != flips || !slices.Equal(d.Y, got.Y) {
					t.Errorf("same seed: %d flips, want %d, or other labels", n, flips)
				}
				// Test rows drawn after the noisy training rows are clean and
				// are the rows a clean generator draws next.
				test, wantTest := noisy.Sample(1000), clean.Sample(1000)
				if !slices.Equal(test.X, wantTest.X) || !slices.Equal(test.Y, wantTest.Y) {
					t.Error("the rows after SampleNoisy differ from a clean generator's")
				}
				a, b := s2(noisy.Targets())
				for i := range test.Rows {
					x := test.X[i*5 : (i+1)*5]
					if test.Y[i] != truth[g][int(x[a])][int(x[b])] {
						t.Fatalf("test row %d has a noisy label", i)
					}
				}
			})
		}
	}
}

// s2 returns the two target features, or the one of Not twice.
func s2(t []int) (int, int) { return t[0], t[len(t)-1] }

// A Synth not made by NewSynth (zero, or nil) has no target: Sample and
// SampleNoisy panic saying to use NewSynth, where they indexed an empty
// target list or dereferenced nil; Targets and Describe say there is none.
func TestZeroSynth(t *testing.T) {
	t.Parallel()
	const msg = "data: Sample: a Synth not made by NewSynth (use NewSynth)"
	for _, s := range []*Synth{{}, nil} {
		name := "zero"
		if s == nil {
			name = "nil"
		}
		t.Run(name, func(t *testing.T) {
			for _, tt := range []struct {
				method string
				call   func()
			}{
				{"Sample(0)", func() { s.Sample(0) }},
				{"Sample(5)", func() { s.Sample(5) }},
				{"SampleNoisy(5)", func() { s.SampleNoisy(5) }},
			} {
				if got := recoverPanic(tt.call); got != msg {
					t.Errorf("%s: panic\ngot  %v\nwant %s", tt.method, got, msg)
				}
			}
			var targets []int
			var describe string
			if got := recoverPanic(func() { targets, describe = s.Targets(), s.Describe() }); got != nil {
				t.Fatalf("Targets or Describe panicked: %v", got)
			}
			if len(targets) != 0 {
				t.Errorf("Targets\ngot  %v\nwant none", targets)
			}
			if want := "no label rule (a Synth not made by NewSynth)"; describe != want {
				t.Errorf("Describe\ngot  %s\nwant %s", describe, want)
			}
		})
	}
}

// recoverPanic returns what f panicked with, nil if it returned.
func recoverPanic(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

// xor3 and xor4 label a row by the parity of three or four distinct target
// features; the two-input gates keep the positions they had before these
// gates were added (their targets are drawn first, as they were: and and
// xor over 64 features, seed 5, were f34 and f52 with the former code).
func TestSynthParityGates(t *testing.T) {
	t.Parallel()
	for _, g := range []Gate{Xor3, Xor4} {
		k := g.Arity()
		if k != map[Gate]int{Xor3: 3, Xor4: 4}[g] {
			t.Fatalf("%v: arity %d", g, k)
		}
		for seed := range uint64(20) {
			for _, n := range []int{k, k + 1, 50, 5000} {
				tg := newSynth(t, SynthConfig{Gate: g, Features: n, Seed: seed}).Targets()
				if len(tg) != k || !slices.IsSorted(tg) || slices.Compact(slices.Clone(tg))[k-1] != tg[k-1] || tg[0] < 0 || tg[k-1] >= n {
					t.Fatalf("%v, seed %d, %d features: targets %v, want %d distinct, ascending, in [0, %d)", g, seed, n, tg, k, n)
				}
			}
		}
		for _, pos := range []Positions{RandomPositions, FirstPositions} {
			s := newSynth(t, SynthConfig{Gate: g, Features: 40, Seed: 3, Positions: pos})
			tg := s.Targets()
			if pos == FirstPositions && !slices.Equal(tg, []int{0, 1, 2, 3}[:k]) {
				t.Errorf("%v first positions: %v", g, tg)
			}
			d := s.Sample(400)
			ones := 0
			for i := range d.Rows {
				x := d.Row(i)
				want := 0
				for _, f := range tg {
					want ^= int(x[f])
				}
				if d.Y[i] != want {
					t.Fatalf("%v row %d: label %d, want the parity of %v, %d", g, i, d.Y[i], tg, want)
				}
				ones += want
			}
			if ones < 140 || ones > 260 {
				t.Errorf("%v: %d of 400 labels are 1, want about half", g, ones)
			}
		}
		if _, err := NewSynth(SynthConfig{Gate: g, Features: k - 1}); err == nil {
			t.Errorf("%v over %d features: no error", g, k-1)
		}
	}
	for _, g := range []Gate{And, Xor} {
		if tg := newSynth(t, SynthConfig{Gate: g, Features: 64, Seed: 5}).Targets(); !slices.Equal(tg, []int{34, 52}) {
			t.Errorf("%v over 64 features, seed 5: targets %v, want [34 52] as before", g, tg)
		}
	}
}
