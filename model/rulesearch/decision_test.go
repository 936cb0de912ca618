// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package rulesearch

import (
	"compress/gzip"
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// datasets is where the shared real datasets live, seen from this package.
const datasets = "../../../shared/datasets"

// binaryRows returns rows × features uniform 0/1 values.
func binaryRows(rows, features int, seed uint64) []float64 {
	rng := rand.New(rand.NewPCG(seed, seed))
	x := make([]float64, rows*features)
	for i := range x {
		x[i] = float64(rng.IntN(2))
	}
	return x
}

// predict applies concept to every row.
func predict(x []float64, rows, features int, concept func(row []float64) int) []int {
	pred := make([]int, rows)
	for i := range pred {
		pred[i] = concept(x[i*features : (i+1)*features])
	}
	return pred
}

// shape renders each rule as "f3=1∧f7=0→1", sorted, then "else→d": the
// list's content without its order or evidence.
func shape(l *List) []string {
	var out []string
	for _, r := range l.Rules {
		lits := make([]string, len(r.Literals))
		for j, lit := range r.Literals {
			v := 1
			if lit.Negated {
				v = 0
			}
			lits[j] = fmt.Sprintf("%s=%d", lit.Name, v)
		}
		out = append(out, strings.Join(lits, "∧")+"→"+strconv.Itoa(r.Class))
	}
	slices.Sort(out)
	return append(out, "else→"+strconv.Itoa(l.Default))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

var gates = []struct {
	name    string
	concept func(row []float64) int
	classes int
	want    [][]string // acceptable shapes
}{
	{
		name:    "xor",
		concept: func(r []float64) int { return b2i(r[3] != r[7]) },
		classes: 2,
		want: [][]string{
			{"f3=0∧f7=1→1", "f3=1∧f7=0→1", "else→0"},
			{"f3=0∧f7=0→0", "f3=1∧f7=1→0", "else→1"},
		},
	},
	{
		name:    "and",
		concept: func(r []float64) int { return b2i(r[3] == 1 && r[7] == 1) },
		classes: 2,
		want:    [][]string{{"f3=1∧f7=1→1", "else→0"}},
	},
	{
		name:    "or", // one rule beats two
		concept: func(r []float64) int { return b2i(r[3] == 1 || r[7] == 1) },
		classes: 2,
		want:    [][]string{{"f3=0∧f7=0→0", "else→1"}},
	},
	{
		name:    "not",
		concept: func(r []float64) int { return b2i(r[3] == 0) },
		classes: 2,
		want:    [][]string{{"f3=0→1", "else→0"}, {"f3=1→0", "else→1"}},
	},
	{
		name:    "xnor",
		concept: func(r []float64) int { return b2i(r[3] == r[7]) },
		classes: 2,
		want: [][]string{
			{"f3=0∧f7=0→1", "f3=1∧f7=1→1", "else→0"},
			{"f3=0∧f7=1→0", "f3=1∧f7=0→0", "else→1"},
		},
	},
	{
		name:    "sum", // three classes: f3 + f7
		concept: func(r []float64) int { return int(r[3] + r[7]) },
		classes: 3,
		want: [][]string{
			{"f3=0∧f7=0→0", "f3=1∧f7=1→2", "else→1"},
		},
	},
}

func TestExtractGates(t *testing.T) {
	t.Parallel()
	const rows, features = 128, 16
	tuples := [][]int{{3, 7}, {1, 2}, {5}}
	for _, tt := range gates {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			x := binaryRows(rows, features, 1)
			pred := predict(x, rows, features, tt.concept)
			x0, pred0, tuples0 := slices.Clone(x), slices.Clone(pred), [][]int{{3, 7}, {1, 2}, {5}}
			l := Extract(x, rows, features, pred, tt.classes, tuples, nil)
			got := shape(l)
			if !slices.ContainsFunc(tt.want, func(w []string) bool { return slices.Equal(w, got) }) {
				t.Errorf("shape\ngot  %q\nwant one of %q\n%s", got, tt.want, l)
			}
			if l.Fidelity != 1 || l.Rows != rows || l.Labelled {
				t.Errorf("fidelity %v on %d rows (labelled %v), want 1 on %d (false)", l.Fidelity, l.Rows, l.Labelled, rows)
			}
			if !slices.Equal(x, x0) || !slices.Equal(pred, pred0) || !reflect.DeepEqual(tuples, tuples0) {
				t.Error("Extract modified its inputs")
			}
			if again := Extract(x, rows, features, pred, tt.classes, tuples, nil); !reflect.DeepEqual(again, l) {
				t.Errorf("not deterministic\nfirst  %s\nsecond %s", l, again)
			}
		})
	}
}

// Rules may only use the tuples' features, and never a feature twice;
// pseudovariable entries (≥ features) are ignored.
func TestExtractUsesTupleFeatures(t *testing.T) {
	t.Parallel()
	const rows, features = 128, 16
	x := binaryRows(rows, features, 2)
	xor := func(r []float64) int { return b2i(r[3] != r[7]) }
	for _, tt := range []struct {
		name     string
		concept  func(row []float64) int
		tuples   [][]int
		fidelity float64 // at least
	}{
		{name: "target", concept: xor, tuples: [][]int{{3, 7, 16, 17}}, fidelity: 1},
		{name: "repeated", concept: xor, tuples: [][]int{{3, 3, 7}, {7, 3}}, fidelity: 1},
		{name: "noise", concept: xor, tuples: [][]int{{0, 1}, {2}}},
		{name: "none", concept: xor},
		// f3 ∧ ¬f7 from single features needs a rule for the default's
		// class first: f7 = 1 → 0, f3 = 1 → 1, else 0.
		{name: "exception", concept: func(r []float64) int { return b2i(r[3] == 1 && r[7] == 0) }, tuples: [][]int{{3}, {7}}, fidelity: 1},
		// xor is no decision list of single literals.
		{name: "halves", concept: xor, tuples: [][]int{{3}, {7}}, fidelity: 0.75},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			pred := predict(x, rows, features, tt.concept)
			l := Extract(x, rows, features, pred, 2, tt.tuples, nil)
			var allowed []int
			for _, tuple := range tt.tuples {
				allowed = append(allowed, tuple...)
			}
			for _, r := range l.Rules {
				for j, lit := range r.Literals {
					if !slices.Contains(allowed, lit.Feature) || lit.Feature >= features {
						t.Errorf("rule %v uses feature %d outside the tuples", r, lit.Feature)
					}
					if j > 0 && r.Literals[j-1].Feature >= lit.Feature {
						t.Errorf("rule %v: literals not ascending by distinct feature", r)
					}
				}
			}
			if l.Fidelity < tt.fidelity {
				t.Errorf("fidelity %v, want at least %v\n%s", l.Fidelity, tt.fidelity, l)
			}
		})
	}
}

// readMonks reads a MONK's file one-hot encoded by hand: feature "ak=v"
// for attribute k of 1..6 and each of its values; the concept of MONK's-1
// is the prediction.
func readMonks(t *testing.T, name string) (x []float64, rows int, pred, y []int) {
	t.Helper()
	f, err := os.Open(filepath.Join(datasets, name))
	if errors.Is(err, fs.ErrNotExist) {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but %s is missing from %s", name, datasets)
		}
		t.Skipf("%s not found in %s", name, datasets)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(gz).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a1", "a2", "a3", "a4", "a5", "a6", "label"}; !slices.Equal(records[0], want) {
		t.Fatalf("header %q, want %q", records[0], want)
	}
	for _, rec := range records[1:] {
		row := make([]float64, len(monksNames))
		var a [7]int
		for k := 1; k <= 6; k++ {
			if a[k], err = strconv.Atoi(rec[k-1]); err != nil || a[k] < 1 || a[k] > monksValues[k-1] {
				t.Fatalf("bad value %q of a%d", rec[k-1], k)
			}
			row[monks(k, a[k])] = 1
		}
		label, err := strconv.Atoi(rec[6])
		if err != nil {
			t.Fatal(err)
		}
		x = append(x, row...)
		pred = append(pred, b2i(a[1] == a[2] || a[5] == 1))
		y = append(y, label)
	}
	return x, len(records) - 1, pred, y
}

var monksValues = []int{3, 3, 2, 3, 4, 2}

var monksNames = func() []string {
	var names []string
	for k, n := range monksValues {
		for v := 1; v <= n; v++ {
			names = append(names, fmt.Sprintf("a%d=%d", k+1, v))
		}
	}
	return names
}()

// monks returns the one-hot feature of attribute k = v.
func monks(k, v int) int { return slices.Index(monksNames, fmt.Sprintf("a%d=%d", k, v)) }

func TestExtractMonks1(t *testing.T) {
	t.Parallel()
	features := len(monksNames)
	x, rows, pred, y := readMonks(t, "monks1_train.csv.gz")
	if !slices.Equal(pred, y) {
		t.Fatal("MONK's-1 training labels are not the concept")
	}
	tuples := [][]int{
		{monks(1, 1), monks(2, 1), monks(5, 1)},
		{monks(3, 1), monks(4, 2), monks(6, 1)}, // noise
		{monks(1, 2), monks(2, 2), monks(5, 1)},
		{monks(1, 3), monks(2, 3), monks(5, 1)},
		{monks(4, 3), monks(6, 2)}, // noise
	}
	l := Extract(x, rows, features, pred, 2, tuples, monksNames)
	want := []string{"a1=1=1∧a2=1=1→1", "a1=2=1∧a2=2=1→1", "a1=3=1∧a2=3=1→1", "a5=1=1→1", "else→0"}
	if got := shape(l); !slices.Equal(got, want) || l.Fidelity != 1 {
		t.Errorf("shape\ngot  %q (fidelity %v)\nwant %q (1)\n%s", got, l.Fidelity, want, l)
	}

	xt, rowsT, predT, yT := readMonks(t, "monks1_test.csv.gz")
	l.Evaluate(xt, rowsT, features, predT, yT)
	if l.Fidelity != 1 || l.Accuracy != 1 || l.NetworkAccuracy != 1 || l.Rows != 432 {
		t.Errorf("test rows: fidelity %v, accuracy %v, network %v on %d rows; want 1, 1, 1 on 432\n%s",
			l.Fidelity, l.Accuracy, l.NetworkAccuracy, l.Rows, l)
	}
}

// A network that is wrong on 5% of the rows: the list keeps the concept's
// shape or agrees with the network on at least 95% of the rows, and no
// rule contradicts the network on most of the rows it decides.
func TestExtractNoisy(t *testing.T) {
	t.Parallel()
	const rows, features = 128, 16
	tuples := [][]int{{3, 7}, {1, 2}, {5}}
	for _, tt := range gates {
		for seed := uint64(1); seed <= 5; seed++ {
			t.Run(fmt.Sprintf("%s/seed=%d", tt.name, seed), func(t *testing.T) {
				t.Parallel()
				x := binaryRows(rows, features, seed)
				pred := predict(x, rows, features, tt.concept)
				rng := rand.New(rand.NewPCG(seed, 99))
				for _, i := range rng.Perm(rows)[:int(math.Round(0.05*rows))] {
					pred[i] = (pred[i] + 1 + rng.IntN(tt.classes-1)) % tt.classes
				}
				l := Extract(x, rows, features, pred, tt.classes, tuples, nil)
				got := shape(l)
				concept := slices.ContainsFunc(tt.want, func(w []string) bool { return slices.Equal(w, got) })
				if !concept && l.Fidelity < 0.95 {
					t.Errorf("shape %q with fidelity %v\n%s", got, l.Fidelity, l)
				}
				for i, r := range l.Rules {
					if r.Precision < 0.5 || r.Support == 0 {
						t.Errorf("rule %d decides %d rows with precision %v against the network\n%s", i, r.Support, r.Precision, l)
					}
				}
			})
		}
	}
}

func TestEvaluate(t *testing.T) {
	t.Parallel()
	// 34 rows f0=1 (label 1), 4 rows f1=1 (labels 1,1,1,0), 5 rows of
	// zeros (label 0) and one row whose f0 is 0.5 (label 0): it satisfies
	// neither f0=1 nor f0=0 and falls to the default. The network says 1
	// on the f1 rows and on the 0.5 row.
	var x []float64
	var pred, y []int
	add := func(n int, row []float64, p, label int) {
		for range n {
			x, pred, y = append(x, row...), append(pred, p), append(y, label)
		}
	}
	add(34, []float64{1, 0}, 1, 1)
	add(3, []float64{0, 1}, 1, 1)
	add(1, []float64{0, 1}, 1, 0)
	add(5, []float64{0, 0}, 0, 0)
	add(1, []float64{0.5, 0}, 1, 0)
	const rows, features = 44, 2
	list := func() *List {
		return &List{
			Rules: []DecisionRule{
				{Literals: []Literal{{Feature: 0, Name: "f0"}}, Class: 1},
				{Literals: []Literal{{Feature: 1, Name: "f1"}}, Class: 1},
				{Literals: []Literal{{Feature: 0, Name: "f0"}, {Feature: 1, Name: "f1", Negated: true}}, Class: 0}, // never reached
			},
			Default: 0,
		}
	}
	ev := func(support, correct int, p, lo, hi float64) Evidence {
		return Evidence{Support: support, Correct: correct, Precision: p, PrecisionLow: lo, PrecisionHigh: hi}
	}
	for _, tt := range []struct {
		name                        string
		y                           []int
		rules                       []Evidence
		def                         Evidence
		fidelity, accuracy, network float64
		labelled                    bool
	}{
		{
			name: "labels",
			y:    y,
			// Wilson 95%: 34/34 → [0.8985, 1]; 3/4 → [0.3006, 0.9544];
			// 6/6 → [0.6097, 1]; 0/0 → the convention [0, 1].
			rules:    []Evidence{ev(34, 34, 1, 0.8985, 1), ev(4, 3, 0.75, 0.3006, 0.9544), ev(0, 0, 0, 0, 1)},
			def:      ev(6, 6, 1, 0.6097, 1),
			fidelity: 43.0 / 44, accuracy: 43.0 / 44, network: 42.0 / 44,
			labelled: true,
		},
		{
			name:     "no labels",
			rules:    []Evidence{ev(34, 34, 1, 0.8985, 1), ev(4, 4, 1, 0.5101, 1), ev(0, 0, 0, 0, 1)},
			def:      ev(6, 5, 5.0/6, 0.4365, 0.9699),
			fidelity: 43.0 / 44, accuracy: 43.0 / 44, network: 0,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l := list()
			l.Evaluate(x, rows, features, pred, tt.y)
			same := func(got, want Evidence) bool {
				return got.Support == want.Support && got.Correct == want.Correct &&
					math.Abs(got.Precision-want.Precision) < 1e-12 &&
					math.Abs(got.PrecisionLow-want.PrecisionLow) < 5e-5 && math.Abs(got.PrecisionHigh-want.PrecisionHigh) < 5e-5
			}
			for i, want := range tt.rules {
				if got := l.Rules[i].Evidence; !same(got, want) {
					t.Errorf("rule %d\ngot  %+v\nwant %+v", i, got, want)
				}
			}
			if !same(l.DefaultEvidence, tt.def) {
				t.Errorf("default\ngot  %+v\nwant %+v", l.DefaultEvidence, tt.def)
			}
			if l.Fidelity != tt.fidelity || l.Accuracy != tt.accuracy || l.NetworkAccuracy != tt.network || l.Labelled != tt.labelled || l.Rows != rows {
				t.Errorf("got  fidelity %v accuracy %v network %v labelled %v rows %d\nwant fidelity %v accuracy %v network %v labelled %v rows %d",
					l.Fidelity, l.Accuracy, l.NetworkAccuracy, l.Labelled, l.Rows, tt.fidelity, tt.accuracy, tt.network, tt.labelled, rows)
			}
			// Decide agrees with the counts.
			support := make([]int, len(l.Rules)+1)
			for i := range rows {
				_, r := l.Decide(x[i*features : (i+1)*features])
				support[(r+len(support))%len(support)]++
			}
			for i, r := range l.Rules {
				if support[i] != r.Support {
					t.Errorf("rule %d decides %d rows, Support %d", i, support[i], r.Support)
				}
			}
			if support[len(l.Rules)] != l.DefaultEvidence.Support {
				t.Errorf("default decides %d rows, Support %d", support[len(l.Rules)], l.DefaultEvidence.Support)
			}
		})
	}
}

func TestListText(t *testing.T) {
	t.Parallel()
	l := &List{
		Rules: []DecisionRule{{
			Literals: []Literal{{Feature: 45, Name: "f45", Negated: true}, {Feature: 62, Name: "f62"}},
			Class:    1,
			Evidence: Evidence{Support: 34, Correct: 34, Precision: 1, PrecisionLow: 0.8985, PrecisionHigh: 1},
		}},
		Default:         0,
		DefaultEvidence: Evidence{Support: 94, Correct: 94, Precision: 1, PrecisionLow: 0.9607, PrecisionHigh: 1},
		Rows:            128, Labelled: true, Fidelity: 1, Accuracy: 1, NetworkAccuracy: 1,
	}
	want := `IF f45 = 0 AND f62 = 1 THEN yes   support 34  precision 1.00 [0.90, 1.00]
ELSE no                           support 94  precision 1.00 [0.96, 1.00]
fidelity 1.000: the rules give the network's prediction on 128 of 128 rows; accuracy by hand 1.000, network 1.000
`
	if got := l.Text([]string{"no", "yes"}, nil); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	l.Labelled = false
	if got := l.String(); !strings.HasSuffix(got, "rows (no labels: precision is against the network)\n") || !strings.HasPrefix(got, "IF f45 = 0 AND f62 = 1 THEN 1   ") {
		t.Errorf("unlabelled text\n%s", got)
	}
}

// Properties on the training rows of every gate and noise level: Decide
// reproduces Fidelity's count, and the list is minimal: dropping any rule,
// or any literal of a rule with two or more, changes some decision.
func TestExtractProperties(t *testing.T) {
	t.Parallel()
	const rows, features = 200, 12
	tuples := [][]int{{3, 7, 1}, {2, 5}, {0}, {3, 7}}
	for _, tt := range gates {
		for _, noise := range []float64{0, 0.1} {
			t.Run(fmt.Sprintf("%s/noise=%v", tt.name, noise), func(t *testing.T) {
				t.Parallel()
				x := binaryRows(rows, features, 7)
				pred := predict(x, rows, features, tt.concept)
				rng := rand.New(rand.NewPCG(7, 7))
				for i := range pred {
					if rng.Float64() < noise {
						pred[i] = rng.IntN(tt.classes)
					}
				}
				l := Extract(x, rows, features, pred, tt.classes, tuples, nil)
				decisions := func(l *List) []int {
					out := make([]int, rows)
					for i := range out {
						out[i], _ = l.Decide(x[i*features : (i+1)*features])
					}
					return out
				}
				base := decisions(l)
				agree := 0
				for i, c := range base {
					agree += b2i(c == pred[i])
				}
				if got := float64(agree) / rows; got != l.Fidelity {
					t.Errorf("Decide agrees on %d rows (%v), Fidelity %v", agree, got, l.Fidelity)
				}
				if noise > 0 {
					return // dropping may then trade one disagreement for another
				}
				for i := range l.Rules {
					c := *l
					c.Rules = slices.Delete(slices.Clone(l.Rules), i, i+1)
					if slices.Equal(decisions(&c), base) {
						t.Errorf("dropping rule %d changes nothing\n%s", i, l)
					}
					for j := range l.Rules[i].Literals {
						if len(l.Rules[i].Literals) < 2 {
							break
						}
						c := *l
						c.Rules = slices.Clone(l.Rules)
						c.Rules[i].Literals = slices.Delete(slices.Clone(l.Rules[i].Literals), j, j+1)
						if slices.Equal(decisions(&c), base) {
							t.Errorf("dropping literal %d of rule %d changes nothing\n%s", j, i, l)
						}
					}
				}
			})
		}
	}
}

func TestExtractPanics(t *testing.T) {
	t.Parallel()
	x := binaryRows(4, 3, 1)
	for _, tt := range []struct {
		name string
		f    func()
	}{
		{"short x", func() { Extract(x[:11], 4, 3, []int{0, 1, 0, 1}, 2, nil, nil) }},
		{"short pred", func() { Extract(x, 4, 3, []int{0, 1, 0}, 2, nil, nil) }},
		{"class out of range", func() { Extract(x, 4, 3, []int{0, 1, 0, 2}, 2, nil, nil) }},
		{"no classes", func() { Extract(x, 4, 3, []int{0, 0, 0, 0}, 0, nil, nil) }},
		{"negative tuple entry", func() { Extract(x, 4, 3, []int{0, 1, 0, 1}, 2, [][]int{{-1}}, nil) }},
		{"literal out of range", func() {
			l := &List{Rules: []DecisionRule{{Literals: []Literal{{Feature: 3}}}}}
			l.Evaluate(x, 4, 3, []int{0, 1, 0, 1}, nil)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			tt.f()
		})
	}
}

func TestExtractEmpty(t *testing.T) {
	t.Parallel()
	l := Extract(nil, 0, 5, nil, 2, [][]int{{1, 2}}, nil)
	if len(l.Rules) != 0 || l.Default != 0 || l.Rows != 0 || l.Fidelity != 0 {
		t.Errorf("got %+v, want an empty list", l)
	}
}

func BenchmarkExtract(b *testing.B) {
	for _, size := range []struct{ rows, features, tuples, order int }{
		{128, 16, 3, 2},
		{1000, 200, 16, 3},
		{1000, 2000, 64, 5},
	} {
		x := binaryRows(size.rows, size.features, 1)
		pred := predict(x, size.rows, size.features, func(r []float64) int { return b2i(r[3] != r[7]) })
		rng := rand.New(rand.NewPCG(2, 2))
		tuples := [][]int{{3, 7}}
		for len(tuples) < size.tuples {
			tuples = append(tuples, rng.Perm(size.features)[:size.order])
		}
		b.Run(fmt.Sprintf("%dx%d/tuples=%d/order=%d", size.rows, size.features, size.tuples, size.order), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				Extract(x, size.rows, size.features, pred, 2, tuples, nil)
			}
		})
	}
}

// A rule that copies the network's mistake on one row, and a rule that
// decides nothing, are dropped; the list then disagrees with the network
// on that row and says so.
func TestDropContradicted(t *testing.T) {
	t.Parallel()
	// Two features; the label is f0. The "network" also predicts 1 on the
	// one row with f0 = 0, f1 = 1.
	x := []float64{1, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 0}
	y := []int{1, 1, 0, 0, 0, 1}
	pred := []int{1, 1, 0, 1, 0, 1}
	lit := func(f int, neg bool) Literal { return Literal{Feature: f, Name: fmt.Sprint("f", f), Negated: neg} }
	l := &List{Default: 0, Rules: []DecisionRule{
		{Literals: []Literal{lit(0, true), lit(1, false)}, Class: 1}, // the mistake: decides row 4, label 0
		{Literals: []Literal{lit(0, false)}, Class: 1},
		{Literals: []Literal{lit(0, false), lit(1, true)}, Class: 0}, // shadowed: decides nothing
	}}
	l.DropContradicted(x, 6, 2, pred, y)
	if len(l.Rules) != 1 || l.Rules[0].Literals[0] != lit(0, false) {
		t.Fatalf("rules left\ngot  %+v\nwant [f0 → 1]", l.Rules)
	}
	if l.Fidelity != 5.0/6 || l.Accuracy != 1 || l.Rules[0].Precision != 1 {
		t.Errorf("fidelity %v, accuracy %v, precision %v; want 5/6, 1, 1", l.Fidelity, l.Accuracy, l.Rules[0].Precision)
	}
}

// A row shorter than a literal's feature (a list applied to rows of other
// columns) decides by the rules that can hold, never panics.
func TestDecideShortRow(t *testing.T) {
	t.Parallel()
	l := &List{Default: 0, Rules: []DecisionRule{
		{Class: 1, Literals: []Literal{{Feature: 5}}},
		{Class: 2, Literals: []Literal{{Feature: 0, Negated: true}}},
	}}
	for _, tt := range []struct {
		row         []float64
		class, rule int
	}{
		{[]float64{0}, 2, 1},
		{[]float64{1}, 0, -1},
		{nil, 0, -1},
		{[]float64{1, 0, 0, 0, 0, 1}, 1, 0},
	} {
		if class, rule := l.Decide(tt.row); class != tt.class || rule != tt.rule {
			t.Errorf("Decide(%v) = %d, rule %d; want %d, rule %d", tt.row, class, rule, tt.class, tt.rule)
		}
	}
}
