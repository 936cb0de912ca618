// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package hornets

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// RuleSet is the decision list that reproduces a network's categorical
// route, by name, with its evidence: the first rule whose literals all
// hold decides a row's class, DefaultClass decides the rest. Its JSON form
// is what `hornetctl rules --format json` prints, so other programs can
// apply the rules.
type RuleSet struct {
	DefaultClass string `json:"default_class"`
	// Fidelity is the share of Rows where the rules, applied by hand, give
	// the network's prediction; Accuracy the share where they give the
	// label (the network's prediction when there were no labels).
	Fidelity float64 `json:"fidelity"`
	Accuracy float64 `json:"accuracy"`
	Rows     int     `json:"rows"`
	Rules    []Rule  `json:"rules"`

	list    *rulesearch.List // what the fields name, for the text form
	classes []string
	sources []data.Source
}

// Rule is one rule of a RuleSet: its class, its literals (all must hold)
// and the evidence of the rows it decides. Precision is the share of those
// rows of its class, with a 95% Wilson interval, so a rule deciding 3 rows
// reads weaker than one deciding 300.
type Rule struct {
	Class         string    `json:"class"`
	Literals      []Literal `json:"literals"`
	Support       int       `json:"support"`
	Precision     float64   `json:"precision"`
	PrecisionLow  float64   `json:"precision_low"`
	PrecisionHigh float64   `json:"precision_high"`
}

// Literal holds when the encoded feature is 1, or 0 when Negated. Feature
// is the encoded column's name: a numeric column's own name, `col=value`
// for one category of a one-hot encoded column. Column and Category say
// the same without parsing, where the original columns are known: Column
// is the original column, Category the category of a one-hot column ("" for
// a numeric one; a missing cell is category NA), so a name or a value that
// itself holds "=" is never split in the wrong place.
//
// A numeric column with two training values is encoded 0 for the lower
// and 1 for the higher, and a missing cell as the more frequent: Value is
// the value the literal tests where those are not 0 and 1 themselves
// (`dose = 7` for a 5/7 column: "7", and "5" when Negated), and Missing
// says that a missing cell (empty, NA or, among numbers, ?) satisfies the
// literal: the text form says "or NA", the SQL form "OR … IS NULL".
//
// A column binarised at thresholds (data.Binned, `--binarise`) has one
// feature per cut: Threshold is the cut, and the literal holds where the
// column's value is above it (`age > 52.5`), or at most it when Negated
// (`age ≤ 52.5`); a missing cell takes the training mean, so Missing
// says whether it satisfies the literal.
type Literal struct {
	Feature   string `json:"feature"`
	Negated   bool   `json:"negated"`
	Column    string `json:"column,omitempty"`
	Category  string `json:"category,omitempty"`
	Value     string `json:"value,omitempty"`
	Threshold string `json:"threshold,omitempty"`
	Missing   bool   `json:"missing,omitempty"`
}

// newLiteral names feature f (index into sources, which may be short).
func newLiteral(name string, negated bool, f int, sources []data.Source) Literal {
	l := Literal{Feature: name, Negated: negated}
	if f >= 0 && f < len(sources) {
		src := sources[f]
		l.Column = src.Column
		if !src.Numeric {
			l.Category = src.Category
		}
		if src.Threshold != "" {
			l.Threshold = src.Threshold
			l.Missing = src.MissingOn != negated
		}
		if src.Binary {
			l.Value = src.On
			if negated {
				l.Value = src.Off
			}
			if negated && l.Value == "0" || !negated && l.Value == "1" {
				l.Value = "" // a 0/1 column reads as before
			}
			l.Missing = src.ModeFill && src.MissingOn != negated
		}
	}
	return l
}

// NewRuleSet names a decision list: classes[c] is class c, and sources
// (may be nil) says which original column each encoded feature comes
// from, for the text and SQL forms. A nil list gives a nil RuleSet.
func NewRuleSet(l *rulesearch.List, classes []string, sources []data.Source) *RuleSet {
	if l == nil {
		return nil
	}
	name := func(c int) string {
		if c >= 0 && c < len(classes) {
			return classes[c]
		}
		return fmt.Sprint(c)
	}
	rs := &RuleSet{DefaultClass: name(l.Default), Fidelity: l.Fidelity, Accuracy: l.Accuracy, Rows: l.Rows,
		Rules: []Rule{}, list: l.Clone(), classes: classes, sources: sources}
	for _, r := range l.Rules {
		out := Rule{Class: name(r.Class), Support: r.Support, Precision: r.Precision, PrecisionLow: r.PrecisionLow, PrecisionHigh: r.PrecisionHigh}
		for _, lit := range r.Literals {
			out.Literals = append(out.Literals, newLiteral(lit.Name, lit.Negated, lit.Feature, sources))
		}
		rs.Rules = append(rs.Rules, out)
	}
	return rs
}

// Decide applies the rules to one encoded row, given as feature name →
// value: it returns the class and the number of the deciding rule (1 for
// the first), 0 for the default. A literal on a feature missing from row
// does not hold. A nil RuleSet decides nothing: "", 0.
func (rs *RuleSet) Decide(row map[string]float64) (class string, rule int) {
	if rs == nil {
		return "", 0
	}
	for i, r := range rs.Rules {
		if r.holds(row) {
			return r.Class, i + 1
		}
	}
	return rs.DefaultClass, 0
}

func (r Rule) holds(row map[string]float64) bool {
	for _, l := range r.Literals {
		v, ok := row[l.Feature]
		want := 1.0
		if l.Negated {
			want = 0
		}
		if !ok || v != want {
			return false
		}
	}
	return true
}

// String renders the literal over the original column when it is known:
// `a1 = 3` and `a1 ≠ 3` for a one-hot category, `f45 = 1` and `f45 = 0`
// for a numeric column, `age > 52.5` and `age ≤ 52.5` for a binarised one.
func (l Literal) String() string {
	if l.Category != "" {
		if l.Negated {
			return textName(l.Column) + " ≠ " + textName(l.Category)
		}
		return textName(l.Column) + " = " + textName(l.Category)
	}
	column := l.Feature
	if l.Column != "" {
		column = l.Column
	}
	op, value := l.test("≤")
	text := textName(column) + op + value
	if l.Missing {
		return "(" + text + " or NA)"
	}
	return text
}

// textName returns a column name or category for the text form of the
// rules: as it is, or Go-quoted where it could be misread there (it holds
// a quote, "=", "≠", " AND ", " or ", " THEN ", a parenthesis, a control
// character, or space at an end, starts with "IF " or "ELSE ", or is
// empty), so that `"a AND b" = 1` stays one literal.
func textName(s string) string {
	if s == "" || strings.TrimSpace(s) != s || strings.ContainsAny(s, "\"=≠()") ||
		strings.Contains(s, " AND ") || strings.Contains(s, " or ") || strings.Contains(s, " THEN ") ||
		strings.HasPrefix(s, "IF ") || strings.HasPrefix(s, "ELSE ") || strings.ContainsFunc(s, unicode.IsControl) {
		return strconv.Quote(s)
	}
	return s
}

// QuoteClass returns a class label as the text forms print it (the rules,
// hornetctl eval's table and rules' feature ranking): as textName writes
// names (Go-quoted where it could be misread, as when it holds a control
// character such as a newline or a tab, a quote, or space at an end), and
// Go-quoted too where it holds two spaces in a row, the gap before a
// rule's support, so that a label cannot pass for a rule's tail
// ("x   support 9").
func QuoteClass(s string) string {
	if q := textName(s); q != s || strings.Contains(s, "  ") {
		return strconv.Quote(s)
	}
	return s
}

// test returns the comparison a numeric literal makes and the value it
// compares with: " = " and the value, or for a binarised column " > "
// and the threshold (" " + atMost + " " where Negated).
func (l Literal) test(atMost string) (op, value string) {
	switch {
	case l.Threshold == "":
		return " = ", l.value()
	case l.Negated:
		return " " + atMost + " ", l.Threshold
	}
	return " > ", l.Threshold
}

// value returns the value a numeric literal tests, as written in the cells.
func (l Literal) value() string {
	switch {
	case l.Value != "":
		return l.Value
	case l.Negated:
		return "0"
	}
	return "1"
}

// String renders the rules in RIPPER's habit, one a line in decision
// order, then the default and the fidelity line (rulesearch.List.Text),
// literals over the original columns:
//
//	IF f45 = 0 AND f62 = 1 THEN 1   support 34  precision 1.00 [0.90, 1.00]
//	ELSE 0                          support 67  precision 1.00 [0.95, 1.00]
//	fidelity 1.000: the rules give the network's prediction on 128 of 128 rows; accuracy by hand 1.000, network 1.000
func (rs *RuleSet) String() string {
	if rs == nil {
		return "<nil>"
	}
	if rs.list == nil { // read back from JSON: render what it holds
		var b strings.Builder
		for _, r := range rs.Rules {
			conds := make([]string, len(r.Literals))
			for j, l := range r.Literals {
				conds[j] = l.String()
			}
			fmt.Fprintf(&b, "IF %s THEN %s   support %d  precision %.2f [%.2f, %.2f]\n",
				strings.Join(conds, " AND "), QuoteClass(r.Class), r.Support, r.Precision, r.PrecisionLow, r.PrecisionHigh)
		}
		fmt.Fprintf(&b, "ELSE %s\nfidelity %.3f on %d rows; accuracy by hand %.3f\n", QuoteClass(rs.DefaultClass), rs.Fidelity, rs.Rows, rs.Accuracy)
		return b.String()
	}
	classes := make([]string, len(rs.classes))
	for i, c := range rs.classes {
		classes[i] = QuoteClass(c)
	}
	return rs.list.Text(classes, func(l rulesearch.Literal) string {
		return newLiteral(l.Name, l.Negated, l.Feature, rs.sources).String()
	})
}

// SQL renders the rules as one CASE expression over the original columns,
// so they run where the data live: a one-hot category compares the column
// with the value (a missing cell, category NA, is NULL), a numeric column
// with 1 or 0, or with the value a binary column's literal tests (OR IS
// NULL where a missing cell satisfies it). A nil RuleSet renders as "".
func (rs *RuleSet) SQL() string {
	if rs == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("CASE\n")
	for _, r := range rs.Rules {
		conds := make([]string, len(r.Literals))
		for j, l := range r.Literals {
			conds[j] = l.sql()
		}
		fmt.Fprintf(&b, "  WHEN %s THEN %s\n", strings.Join(conds, " AND "), sqlString(r.Class))
	}
	fmt.Fprintf(&b, "  ELSE %s\nEND\n", sqlString(rs.DefaultClass))
	return b.String()
}

func (l Literal) sql() string {
	if l.Category == "" {
		column := l.Feature
		if l.Column != "" {
			column = l.Column
		}
		op, value := l.test("<=")
		cond := sqlName(column) + op + value
		if l.Missing {
			return "(" + cond + " OR " + sqlName(column) + " IS NULL)"
		}
		return cond
	}
	col := sqlName(l.Column)
	switch {
	case l.Category == "NA" && l.Negated:
		return col + " IS NOT NULL"
	case l.Category == "NA":
		return col + " IS NULL"
	case l.Negated:
		return "(" + col + " IS NULL OR " + col + " <> " + sqlString(l.Category) + ")"
	}
	return col + " = " + sqlString(l.Category)
}

func sqlName(s string) string   { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
