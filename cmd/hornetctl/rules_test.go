// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hornets-go/hornets"
	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/train"
)

func TestRules(t *testing.T) {
	fixtures(t)
	for _, tt := range []struct {
		name, model, format string
		want                []string
	}{
		{"categorical text", fx("xor.json"), "text", []string{"categorical route", "decision list, evidence on the training rows", "IF ", " THEN ", "ELSE ", "support ", "precision ", "fidelity "}},
		{"categorical json", fx("xor.json"), "json", []string{`"default_class": `, `"fidelity": `, `"rules": [`, `"literals": [`, `"precision_low": `}},
		{"categorical sql", fx("xor.json"), "sql", []string{"CASE\n", "  WHEN ", " THEN '", "  ELSE '", "END\n"}},
		{"continuous text", fx("cont.json"), "text", []string{"continuous route", "rank", "feature", "toward", "effect", "1.", "x1"}},
		{"continuous json", fx("cont.json"), "json", []string{`"route": "continuous"`, `"features": [`, `"effects": {`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := mustRun(t, "rules", "--model", tt.model, "--format", tt.format, "--top", "3")
			for _, w := range tt.want {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
				}
			}
			if tt.name == "continuous json" {
				var rep effectsReport
				if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || len(rep.Features) != 3 {
					t.Errorf("continuous JSON: %v, %d features, want 3", err, len(rep.Features))
				}
			}
		})
	}
	// --top on a categorical-route model is not silently ignored: a warning
	// says the decision list is printed whole (none without --top, or with
	// --quiet, or on a continuous-route model).
	for _, tt := range []struct {
		args []string
		warn bool
	}{
		{[]string{"--model", fx("xor.json"), "--top", "3"}, true},
		{[]string{"--model", fx("xor.json")}, false},
		{[]string{"--model", fx("xor.json"), "--top", "3", "--quiet"}, false},
		{[]string{"--model", fx("cont.json"), "--top", "3"}, false},
	} {
		r := mustRun(t, append([]string{"rules"}, tt.args...)...)
		if got := strings.Contains(r.stderr, "--top ranks a continuous-route model's features"); got != tt.warn {
			t.Errorf("rules %q: warning %v, want %v; stderr %q", tt.args, got, tt.warn, r.stderr)
		}
	}
	if r := runCLI(t, context.Background(), "rules", "--model", fx("cont.json"), "--format", "sql"); r.code != 1 || !strings.Contains(r.stderr, "continuous-route model has no rules") {
		t.Errorf("rules --format sql of a continuous model: exit %d, stderr %q", r.code, r.stderr)
	}
	// With --val-fraction the stored evidence is that of the rows the
	// network was fitted on, and the header says how many: 48 of train.csv's
	// 64 rows with a quarter held out.
	held := filepath.Join(t.TempDir(), "held.json")
	mustRun(t, "train", "--data", fx("train.csv"), "--out", held, "--epochs", "20", "--val-fraction", "0.25", "--quiet")
	r := mustRun(t, "rules", "--model", held)
	if want := "decision list, evidence on the 48 training rows the network was fitted on (--val-fraction 0.25 held out the others):"; !strings.Contains(r.stdout, want) {
		t.Errorf("rules of a model trained with --val-fraction 0.25: stdout lacks %q:\n%s", want, r.stdout)
	}
}

// votesFixture writes a training and a test CSV of three yes/no/NA
// columns whose label is (a = y ∧ b = n) ∨ c = NA, trains a model on the
// first and returns the paths.
func votesFixture(t *testing.T) (trainPath, testPath, modelPath string) {
	t.Helper()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(4, 4))
	write := func(name string, rows int) string {
		var b strings.Builder
		b.WriteString("a,b,c,noise,label\n")
		vals := []string{"y", "n", "NA"}
		for range rows {
			a, bb, c, noise := vals[rng.IntN(3)], vals[rng.IntN(3)], vals[rng.IntN(3)], vals[rng.IntN(3)]
			label := "no"
			if (a == "y" && bb == "n") || c == "NA" {
				label = "yes"
			}
			fmt.Fprintf(&b, "%s,%s,%s,%s,%s\n", a, bb, c, noise, label)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	trainPath, testPath = write("votes_train.csv", 240), write("votes_test.csv", 300)
	modelPath = filepath.Join(dir, "votes.json")
	mustRun(t, "train", "--data", trainPath, "--out", modelPath, "--seed", "2", "--quiet")
	return trainPath, testPath, modelPath
}

// The JSON rules, applied by hand to the encoded rows of a file, agree
// with predict exactly as often as the printed fidelity says, row by row;
// the SQL expression, evaluated on the file's original columns, decides
// every row as the JSON rules do; predict --explain names the same rule.
func TestRulesReproducePredict(t *testing.T) {
	if testing.Short() {
		t.Skip("trains a model")
	}
	fixtures(t)
	_, votesTest, votesModel := votesFixture(t)
	for _, tt := range []struct{ name, test, model string }{
		{"xor", fx("test.csv"), fx("xor.json")},
		{"one-hot with NA", votesTest, votesModel},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var rs hornets.RuleSet
			if err := json.Unmarshal([]byte(mustRun(t, "rules", "--model", tt.model, "--data", tt.test, "--format", "json").stdout), &rs); err != nil {
				t.Fatal(err)
			}
			pred := readCSVRecords(t, mustRun(t, "predict", "--model", tt.model, "--data", tt.test, "--explain").stdout)
			b, err := train.LoadBundle(tt.model)
			if err != nil {
				t.Fatal(err)
			}
			tab, err := data.ReadCSVFile(tt.test)
			if err != nil {
				t.Fatal(err)
			}
			ds, _, err := b.Encoder.Transform(tab)
			if err != nil {
				t.Fatal(err)
			}
			if rs.Rows != ds.Rows || len(pred) != ds.Rows+1 {
				t.Fatalf("rows: rules %d, predict %d, file %d", rs.Rows, len(pred)-1, ds.Rows)
			}
			sql := parseCase(t, mustRun(t, "rules", "--model", tt.model, "--format", "sql").stdout)
			agree, correct := 0, 0
			for i := range ds.Rows {
				row := map[string]float64{}
				for j, name := range ds.Features {
					row[name] = ds.Row(i)[j]
				}
				class, rule := applyByHand(rs, row)
				if class == pred[i+1][0] {
					agree++
				}
				if class == b.Classes[ds.Y[i]] {
					correct++
				}
				if got, _ := rs.Decide(row); got != class {
					t.Errorf("row %d: RuleSet.Decide %q, by hand %q", i+1, got, class)
				}
				want := "default"
				if rule > 0 {
					want = strconv.Itoa(rule)
				}
				if got := pred[i+1][len(pred[i+1])-1]; got != want {
					t.Errorf("row %d: predict --explain names rule %q, by hand %q", i+1, got, want)
				}
				if got := sql(tab.Header, tab.Rows[i]); got != class {
					t.Errorf("row %d: SQL gives %q, the JSON rules %q", i+1, got, class)
				}
			}
			if want := int(math.Round(rs.Fidelity * float64(rs.Rows))); agree != want {
				t.Errorf("rules by hand agree with predict on %d of %d rows; printed fidelity %.4f says %d", agree, rs.Rows, rs.Fidelity, want)
			}
			if want := int(math.Round(rs.Accuracy * float64(rs.Rows))); correct != want {
				t.Errorf("rules by hand are right on %d of %d rows; printed accuracy %.4f says %d", correct, rs.Rows, rs.Accuracy, want)
			}
			t.Logf("%s: %d rules, fidelity %.3f on %d held-out rows", tt.name, len(rs.Rules), rs.Fidelity, rs.Rows)
		})
	}
}

// applyByHand applies JSON rules as their documentation says: the first
// rule whose literals all hold decides (a literal holds when its column is
// 1, or 0 when negated), the default class otherwise.
func applyByHand(rs hornets.RuleSet, row map[string]float64) (class string, rule int) {
next:
	for i, r := range rs.Rules {
		for _, l := range r.Literals {
			if want := map[bool]float64{false: 1, true: 0}[l.Negated]; row[l.Feature] != want {
				continue next
			}
		}
		return r.Class, i + 1
	}
	return rs.DefaultClass, 0
}

func readCSVRecords(t *testing.T, text string) [][]string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// parseCase reads the CASE expression rules --format sql writes and
// returns it as a function of a CSV row (header, cells), a missing cell
// being NULL. It knows exactly the condition forms the writer uses.
func parseCase(t *testing.T, sql string) func(header, cells []string) string {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(sql), "\n")
	if len(lines) < 3 || lines[0] != "CASE" || lines[len(lines)-1] != "END" {
		t.Fatalf("not a CASE expression:\n%s", sql)
	}
	type cond func(cell func(string) (string, bool)) bool
	whenRe := regexp.MustCompile(`^  WHEN (.+) THEN '(.*)'$`)
	elseRe := regexp.MustCompile(`^  ELSE '(.*)'$`)
	forms := []struct {
		re   *regexp.Regexp
		make func(m []string) cond
	}{
		{regexp.MustCompile(`^"(.+)" = '(.*)'$`), func(m []string) cond {
			return func(cell func(string) (string, bool)) bool { v, ok := cell(m[1]); return ok && v == m[2] }
		}},
		{regexp.MustCompile(`^\("(.+)" IS NULL OR "(.+)" <> '(.*)'\)$`), func(m []string) cond {
			return func(cell func(string) (string, bool)) bool { v, ok := cell(m[1]); return !ok || v != m[3] }
		}},
		{regexp.MustCompile(`^"(.+)" IS NULL$`), func(m []string) cond {
			return func(cell func(string) (string, bool)) bool { _, ok := cell(m[1]); return !ok }
		}},
		{regexp.MustCompile(`^"(.+)" IS NOT NULL$`), func(m []string) cond {
			return func(cell func(string) (string, bool)) bool { _, ok := cell(m[1]); return ok }
		}},
		{regexp.MustCompile(`^"(.+)" = ([01])$`), func(m []string) cond {
			return func(cell func(string) (string, bool)) bool {
				v, ok := cell(m[1])
				f, err := strconv.ParseFloat(v, 64)
				return ok && err == nil && strconv.FormatFloat(f, 'g', -1, 64) == m[2]
			}
		}},
	}
	type when struct {
		conds []cond
		class string
	}
	var whens []when
	var otherwise string
	for _, line := range lines[1 : len(lines)-1] {
		if m := elseRe.FindStringSubmatch(line); m != nil {
			otherwise = m[1]
			continue
		}
		m := whenRe.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("unexpected line %q", line)
		}
		w := when{class: m[2]}
		for _, part := range strings.Split(m[1], " AND ") {
			var c cond
			for _, f := range forms {
				if fm := f.re.FindStringSubmatch(part); fm != nil {
					c = f.make(fm)
					break
				}
			}
			if c == nil {
				t.Fatalf("unknown condition %q", part)
			}
			w.conds = append(w.conds, c)
		}
		whens = append(whens, w)
	}
	return func(header, cells []string) string {
		cell := func(name string) (string, bool) {
			for j, h := range header {
				if h == name {
					return cells[j], !data.IsMissing(cells[j])
				}
			}
			return "", false
		}
	next:
		for _, w := range whens {
			for _, c := range w.conds {
				if !c(cell) {
					continue next
				}
			}
			return w.class
		}
		return otherwise
	}
}

// TestRulesOfCodedAndIncompleteTables: a binary table written with 5/7
// codes, with a constant 5.5 column, and with a few missing answers in one
// flag trains on the categorical route, and its rules name the codes and
// reproduce the network on every training row. Before, the 5/7 table's
// rules were "ELSE 0" (fidelity 0.78: no cell holds "= 1"), and the
// constant column or the missing answers (filled with a fractional mean)
// sent the whole table to the continuous route, which cannot express the
// gate.
func TestRulesOfCodedAndIncompleteTables(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	var coded, incomplete strings.Builder
	coded.WriteString("f0,f1,f2,f3,c,y\n")
	incomplete.WriteString("f0,f1,f2,f3,y\n")
	code := func(b int) int { return 5 + 2*b }
	for i := range 200 {
		b := [4]int{rng.IntN(2), rng.IntN(2), rng.IntN(2), rng.IntN(2)}
		fmt.Fprintf(&coded, "%d,%d,%d,%d,5.5,%d\n", code(b[0]), code(b[1]), code(b[2]), code(b[3]), b[1]&(1-b[3]))
		f2 := strconv.Itoa(b[2])
		if i%10 == 3 {
			f2 = "NA" // 10 % missing in a flag the label does not read
		}
		fmt.Fprintf(&incomplete, "%d,%d,%s,%d,%d\n", b[0], b[1], f2, b[3], b[0]^b[3])
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name, csv string
		want      []string
	}{
		{"coded", coded.String(), []string{"f1 = 7", "f3 = 5", "fidelity 1.000"}},
		{"incomplete", incomplete.String(), []string{"f0 = ", "f3 = ", "fidelity 1.000"}},
	} {
		path := filepath.Join(dir, tc.name+".csv")
		if err := os.WriteFile(path, []byte(tc.csv), 0o644); err != nil {
			t.Fatal(err)
		}
		modelPath := filepath.Join(dir, tc.name+".json")
		train := mustRun(t, "train", "--data", path, "--out", modelPath, "--seed", "3")
		if !strings.Contains(train.stdout+train.stderr, "categorical route") || !strings.Contains(train.stdout+train.stderr, "training accuracy 1.0000") {
			t.Errorf("%s: train\n%s%s\nwant the categorical route at training accuracy 1", tc.name, train.stdout, train.stderr)
		}
		rules := mustRun(t, "rules", "--model", modelPath).stdout
		for _, w := range tc.want {
			if !strings.Contains(rules, w) {
				t.Errorf("%s: rules lack %q:\n%s", tc.name, w, rules)
			}
		}
	}
}
