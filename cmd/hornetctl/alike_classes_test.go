// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
)

// Labels that are two spellings of one number, or differ only in case,
// are two classes: train says so (it trained three classes for "1", "1.0"
// and "0" without a word).
func TestWarnAlikeClasses(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		classes []string
		want    string // "" for no warning
	}{
		{[]string{"0", "1"}, ""},
		{[]string{"no", "yes"}, ""},
		{[]string{"0", "1", "1.0"}, `the labels "1" and "1.0" are two classes`},
		{[]string{"No", "Yes", "yes"}, `the labels "Yes" and "yes" are two classes`},
		{[]string{"1", "01", "2", "2.00", "b", "B"}, `the labels "1" and "01" are two classes, being different strings (and 2 more such pairs)`},
		// "café" as U+00E9 and as "e" + U+0301 print alike: the warning
		// escapes them so that the difference shows.
		{[]string{"caf\u00e9", "cafe\u0301"}, `the labels "caf\u00e9" and "cafe\u0301" are two classes, being different strings (they differ only in Unicode normalisation, and print alike)`},
		{[]string{"Caf\u00e9", "cafe\u0301", "tea"}, `the labels "Caf\u00e9" and "cafe\u0301" are two classes, being different strings (they differ in case and in Unicode normalisation)`},
		{[]string{"Cafe\u0301", "cafe\u0301"}, "the labels \"Cafe\u0301\" and \"cafe\u0301\" are two classes, being different strings;"},
		{[]string{"\u00c5", "\u212b", "x", "X"}, `the labels "\u00c5" and "\u212b" are two classes, being different strings (they differ only in Unicode normalisation, and print alike) (and 1 more such pairs)`},
		{[]string{"caf\u00e9", "cafe"}, ""},
	} {
		var b strings.Builder
		warnAlikeClasses(&b, "t.csv", &data.Dataset{Classes: tt.classes})
		switch got := b.String(); {
		case tt.want == "" && got != "":
			t.Errorf("%q: warned %q", tt.classes, got)
		case tt.want != "" && (!strings.Contains(got, tt.want) || strings.Count(got, "\n") != 1):
			t.Errorf("%q: got %q, want one line holding %q", tt.classes, got, tt.want)
		}
	}
	path := filepath.Join(t.TempDir(), "labels.csv")
	if err := os.WriteFile(path, []byte("x,label\n0,0\n1,1\n1,1.0\n0,0\n1,1\n0,0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := mustRun(t, "train", "--data", path, "--out", filepath.Join(t.TempDir(), "m.json"), "--epochs", "2")
	if !strings.Contains(r.stderr, `hornetctl: warning: `+path+`: the labels "1" and "1.0" are two classes`) {
		t.Errorf("train does not warn of the labels 1 and 1.0:\n%s", r.stderr)
	}
}
