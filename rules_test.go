// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package hornets_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/hornets-go/hornets"
	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// A RuleSet names the list, decides rows as the list does, renders its
// literals over the original columns, and survives a JSON round trip
// (the form other programs read) with the same decisions.
func TestRuleSet(t *testing.T) {
	t.Parallel()
	list := &rulesearch.List{Default: 0, Rows: 10, Fidelity: 1, Accuracy: 0.9, Rules: []rulesearch.DecisionRule{
		{Class: 1, Literals: []rulesearch.Literal{{Feature: 0, Name: "a=x"}, {Feature: 2, Name: "n", Negated: true}}},
		{Class: 1, Literals: []rulesearch.Literal{{Feature: 1, Name: "a=NA"}}},
	}}
	sources := []data.Source{{Column: "a", Category: "x"}, {Column: "a", Category: "NA"}, {Column: "n", Numeric: true}}
	rs := hornets.NewRuleSet(list, []string{"no", "yes"}, sources)
	for _, tt := range []struct {
		row        map[string]float64
		class      string
		rule       int
		listDecide []float64
	}{
		{map[string]float64{"a=x": 1, "a=NA": 0, "n": 0}, "yes", 1, []float64{1, 0, 0}},
		{map[string]float64{"a=x": 0, "a=NA": 1, "n": 1}, "yes", 2, []float64{0, 1, 1}},
		{map[string]float64{"a=x": 1, "a=NA": 0, "n": 1}, "no", 0, []float64{1, 0, 1}},
		{map[string]float64{"a=x": 1, "n": 0.5}, "no", 0, []float64{1, 0, 0.5}},
	} {
		class, rule := rs.Decide(tt.row)
		lc, lr := list.Decide(tt.listDecide)
		if class != tt.class || rule != tt.rule || lr+1 != rule || []string{"no", "yes"}[lc] != class {
			t.Errorf("Decide(%v)\ngot  %s, rule %d (list: %d, rule %d)\nwant %s, rule %d", tt.row, class, rule, lc, lr+1, tt.class, tt.rule)
		}
	}
	wantIn(t, "String()", rs.String(), "IF a = x AND n = 0 THEN yes", "IF a = NA THEN yes", "ELSE no", "fidelity 1.000")
	sql := rs.SQL()
	wantIn(t, "SQL()", sql, `WHEN "a" = 'x' AND "n" = 0 THEN 'yes'`, `WHEN "a" IS NULL THEN 'yes'`, "ELSE 'no'")
	back := roundTrip(t, rs)
	raw, err := json.Marshal(rs)
	if err != nil {
		t.Fatal(err)
	}
	row := map[string]float64{"a=x": 0, "a=NA": 1, "n": 1}
	if c1, r1 := rs.Decide(row); true {
		if c2, r2 := back.Decide(row); c1 != c2 || r1 != r2 {
			t.Errorf("after JSON: %s, rule %d; before: %s, rule %d", c2, r2, c1, r1)
		}
	}
	// Read back, the literals still name the original columns: the text
	// and the SQL are over them, the SQL the same as before.
	if s := back.String(); !strings.Contains(s, "IF a = x AND n = 0 THEN yes") || !strings.Contains(s, "IF a = NA THEN yes") || !strings.Contains(s, "ELSE no") {
		t.Errorf("String() of a RuleSet read from JSON:\n%s", s)
	}
	if got := back.SQL(); got != sql {
		t.Errorf("SQL() of a RuleSet read from JSON\ngot  %s\nwant %s", got, sql)
	}
	if got, want := back.Rules[0].Literals, []hornets.Literal{{Feature: "a=x", Column: "a", Category: "x"}, {Feature: "n", Negated: true, Column: "n"}}; !slices.Equal(got, want) {
		t.Errorf("literals read from JSON\ngot  %+v\nwant %+v", got, want)
	}
	var keys map[string]any
	if err := json.Unmarshal(raw, &keys); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"default_class", "fidelity", "accuracy", "rows", "rules"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, raw)
		}
	}
	if len(keys) != 5 {
		t.Errorf("JSON has %d top-level fields, want exactly 5: %s", len(keys), raw)
	}
}

// Column names and categories that hold "=" keep their parts in the JSON
// form's column and category, and the SQL read back from JSON compares the
// right column with the right value.
func TestRuleSetEqualsInNames(t *testing.T) {
	t.Parallel()
	list := &rulesearch.List{Default: 0, Rows: 4, Fidelity: 1, Accuracy: 1, Rules: []rulesearch.DecisionRule{
		{Class: 1, Literals: []rulesearch.Literal{{Feature: 0, Name: "a=b=c"}, {Feature: 1, Name: "k=p=q", Negated: true}}},
	}}
	sources := []data.Source{{Column: "a=b", Category: "c"}, {Column: "k", Category: "p=q"}}
	raw, err := json.Marshal(hornets.NewRuleSet(list, []string{"no", "yes"}, sources))
	if err != nil {
		t.Fatal(err)
	}
	var back hornets.RuleSet
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	want := []hornets.Literal{{Feature: "a=b=c", Column: "a=b", Category: "c"}, {Feature: "k=p=q", Negated: true, Column: "k", Category: "p=q"}}
	if got := back.Rules[0].Literals; !slices.Equal(got, want) {
		t.Errorf("literals read from JSON\ngot  %+v\nwant %+v", got, want)
	}
	if sql := back.SQL(); !strings.Contains(sql, `WHEN "a=b" = 'c' AND ("k" IS NULL OR "k" <> 'p=q') THEN 'yes'`) {
		t.Errorf("SQL() of the rules read from JSON:\n%s", sql)
	}
}

// A nil RuleSet (the rules of a failed call) decides and renders nothing
// rather than panicking.
func TestRuleSetNil(t *testing.T) {
	t.Parallel()
	var rs *hornets.RuleSet
	if class, rule := rs.Decide(map[string]float64{"f0": 1}); class != "" || rule != 0 {
		t.Errorf("Decide on nil: %q, %d", class, rule)
	}
	if s, q := rs.String(), rs.SQL(); s != "<nil>" || q != "" {
		t.Errorf("nil: String %q, SQL %q", s, q)
	}
}

// NewRuleSet of no list is a nil RuleSet, whose methods are safe.
func TestNewRuleSetNil(t *testing.T) {
	t.Parallel()
	if rs := hornets.NewRuleSet(nil, []string{"a", "b"}, nil); rs != nil || rs.String() != "<nil>" {
		t.Errorf("NewRuleSet(nil) = %v", rs)
	}
}

// TestRuleSetBinaryCodes: a literal on a numeric column of two values
// other than 0 and 1 names the value it tests, and says when a missing
// cell (encoded as the column's more frequent value) satisfies it, in the
// text, the SQL and the JSON; a 0/1 column reads as before. The rules of
// a 5/7 column said "f3 = 1", which no cell holds.
func TestRuleSetBinaryCodes(t *testing.T) {
	t.Parallel()
	list := &rulesearch.List{Default: 0, Rows: 4, Fidelity: 1, Accuracy: 1, Rules: []rulesearch.DecisionRule{
		{Class: 1, Literals: []rulesearch.Literal{{Feature: 0, Name: "dose"}, {Feature: 1, Name: "flag", Negated: true}}},
		{Class: 1, Literals: []rulesearch.Literal{{Feature: 0, Name: "dose", Negated: true}, {Feature: 1, Name: "flag"}}},
	}}
	sources := []data.Source{
		{Column: "dose", Numeric: true, Binary: true, On: "7", Off: "5", ModeFill: true, MissingOn: true},
		{Column: "flag", Numeric: true, Binary: true, On: "1", Off: "0"},
	}
	rs := hornets.NewRuleSet(list, []string{"no", "yes"}, sources)
	want := [][]hornets.Literal{
		{{Feature: "dose", Column: "dose", Value: "7", Missing: true}, {Feature: "flag", Negated: true, Column: "flag"}},
		{{Feature: "dose", Negated: true, Column: "dose", Value: "5"}, {Feature: "flag", Column: "flag"}},
	}
	for i, r := range rs.Rules {
		if !slices.Equal(r.Literals, want[i]) {
			t.Errorf("rule %d literals\ngot  %+v\nwant %+v", i+1, r.Literals, want[i])
		}
	}
	wantIn(t, "String()", rs.String(), "IF (dose = 7 or NA) AND flag = 0 THEN yes", "IF dose = 5 AND flag = 1 THEN yes")
	sql := rs.SQL()
	wantIn(t, "SQL()", sql, `WHEN ("dose" = 7 OR "dose" IS NULL) AND "flag" = 0 THEN 'yes'`, `WHEN "dose" = 5 AND "flag" = 1 THEN 'yes'`)
	back := roundTrip(t, rs)
	if back.SQL() != sql || !strings.Contains(back.String(), "IF (dose = 7 or NA) AND flag = 0 THEN yes") {
		t.Errorf("read back from JSON:\n%s\n%s\nwant the same rules as\n%s", back.String(), back.SQL(), sql)
	}
}

// TestRuleSetThresholds: a binarised column's literal tests its cut
// (`age > 45`, `age ≤ 45`), and "or NA" where a missing cell, which takes
// the training mean, satisfies it; in the text, SQL and JSON forms.
func TestRuleSetThresholds(t *testing.T) {
	t.Parallel()
	list := &rulesearch.List{Default: 0, Rows: 4, Fidelity: 1, Accuracy: 1, Rules: []rulesearch.DecisionRule{
		{Class: 1, Literals: []rulesearch.Literal{{Feature: 0, Name: "age>45"}, {Feature: 1, Name: "flag"}}},
		{Class: 1, Literals: []rulesearch.Literal{{Feature: 0, Name: "age>45", Negated: true}, {Feature: 2, Name: "age>60"}}},
	}}
	sources := []data.Source{
		{Column: "age", Numeric: true, Threshold: "45", MissingOn: true},
		{Column: "flag", Numeric: true, Binary: true, On: "1", Off: "0"},
		{Column: "age", Numeric: true, Threshold: "60"},
	}
	rs := hornets.NewRuleSet(list, []string{"no", "yes"}, sources)
	want := [][]hornets.Literal{
		{{Feature: "age>45", Column: "age", Threshold: "45", Missing: true}, {Feature: "flag", Column: "flag"}},
		{{Feature: "age>45", Negated: true, Column: "age", Threshold: "45"}, {Feature: "age>60", Column: "age", Threshold: "60"}},
	}
	for i, r := range rs.Rules {
		if !slices.Equal(r.Literals, want[i]) {
			t.Errorf("rule %d literals\ngot  %+v\nwant %+v", i+1, r.Literals, want[i])
		}
	}
	wantIn(t, "String()", rs.String(), "IF (age > 45 or NA) AND flag = 1 THEN yes", "IF age ≤ 45 AND age > 60 THEN yes")
	sql := rs.SQL()
	wantIn(t, "SQL()", sql, `WHEN ("age" > 45 OR "age" IS NULL) AND "flag" = 1 THEN 'yes'`, `WHEN "age" <= 45 AND "age" > 60 THEN 'yes'`)
	back := roundTrip(t, rs)
	if back.SQL() != sql || !strings.Contains(back.String(), "IF age ≤ 45 AND age > 60 THEN yes") {
		t.Errorf("read back from JSON:\n%s\n%s\nwant the same rules as\n%s", back.String(), back.SQL(), sql)
	}
	if class, rule := rs.Decide(map[string]float64{"age>45": 1, "flag": 1}); class != "yes" || rule != 1 {
		t.Errorf("Decide: %s by rule %d, want yes by rule 1", class, rule)
	}
}

// TestLiteralTextQuotesAmbiguousNames: a column name or category that
// could be misread in the text form is Go-quoted, so each literal reads as
// one; plain ones are not.
func TestLiteralTextQuotesAmbiguousNames(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		lit  hornets.Literal
		want string
	}{
		{hornets.Literal{Feature: "age", Column: "age"}, "age = 1"},
		{hornets.Literal{Feature: "it's", Column: "it's", Negated: true}, "it's = 0"},
		{hornets.Literal{Feature: "a AND b", Column: "a AND b"}, `"a AND b" = 1`},
		{hornets.Literal{Feature: `col "q"=x=1`, Column: `col "q"`, Category: "x=1"}, `"col \"q\"" = "x=1"`},
		{hornets.Literal{Feature: "c= ", Column: "c", Category: " ", Negated: true}, `c ≠ " "`},
		{hornets.Literal{Feature: "(x)", Column: "(x)", Value: "7"}, `"(x)" = 7`},
		{hornets.Literal{Feature: "p or q", Column: "p or q", Missing: true}, `("p or q" = 1 or NA)`},
		{hornets.Literal{Feature: "x THEN y", Column: "x THEN y"}, `"x THEN y" = 1`},
		{hornets.Literal{Feature: "IF b", Column: "IF b", Negated: true}, `"IF b" = 0`},
		{hornets.Literal{Feature: "IFFY", Column: "IFFY"}, `IFFY = 1`},
	} {
		if got := tt.lit.String(); got != tt.want {
			t.Errorf("%+v.String() = %s, want %s", tt.lit, got, tt.want)
		}
	}
}

// A class label is quoted in the text of the rules where it could be
// misread there, as names are: a newline would split a rule over two
// lines, and a label could pass for a rule's support (an audit, session
// 20). Both the list's own text and the text of rules read from JSON.
func TestRuleSetQuotesAmbiguousClasses(t *testing.T) {
	t.Parallel()
	list := &rulesearch.List{Default: 0, Rows: 4, Fidelity: 1, Accuracy: 1, Rules: []rulesearch.DecisionRule{
		{Class: 1, Literals: []rulesearch.Literal{{Feature: 0, Name: "a"}}},
		{Class: 2, Literals: []rulesearch.Literal{{Feature: 1, Name: "b"}}},
	}}
	classes := []string{"x   support 9  precision 1.00", "two\nlines", "plain label"}
	rs := hornets.NewRuleSet(list, classes, nil)
	back := roundTrip(t, rs)
	for name, text := range map[string]string{"the list's text": rs.String(), "the text read from JSON": back.String()} {
		wantIn(t, name, text, `IF a = 1 THEN "two\nlines"`, "IF b = 1 THEN plain label", `ELSE "x   support 9  precision 1.00"`)
		if lines := strings.Count(text, "\n"); lines != 4 {
			t.Errorf("%s has %d lines, want 4 (two rules, the default, the fidelity):\n%s", name, lines, text)
		}
	}
}

// wantIn reports each of wants that got, the output of what, lacks.
func wantIn(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, got)
		}
	}
}

// roundTrip returns rs written as JSON and read back.
func roundTrip(t *testing.T, rs *hornets.RuleSet) hornets.RuleSet {
	t.Helper()
	raw, err := json.Marshal(rs)
	if err != nil {
		t.Fatal(err)
	}
	var back hornets.RuleSet
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	return back
}
