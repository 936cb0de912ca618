// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hornets-go/hornets"
)

// TestRunNamesColumns checks that a model trained on a CSV file prints its
// literals over the original columns, as hornetctl rules does
// (`vote2 = n`), not as the encoded feature's name (`vote2=n = 1`).
func TestRunNamesColumns(t *testing.T) {
	if testing.Short() {
		t.Skip("trains a model")
	}
	dir := t.TempDir()
	csv := filepath.Join(dir, "votes.csv")
	var b strings.Builder
	b.WriteString("vote1,vote2,vote3,vote4,party\n")
	rng := rand.New(rand.NewPCG(5, 6))
	yn := []string{"y", "n"}
	for range 200 {
		v := [4]string{}
		for j := range v {
			v[j] = yn[rng.IntN(2)]
		}
		party := "dem"
		if v[1] == "n" && v[3] == "y" {
			party = "rep"
		}
		fmt.Fprintf(&b, "%s,%s,%s,%s,%s\n", v[0], v[1], v[2], v[3], party)
	}
	if err := os.WriteFile(csv, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	c := hornets.Classifier{}
	c.Train.Seed = 1
	if err := c.FitCSV(context.Background(), csv); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "model.json")
	if err := c.Save(path); err != nil {
		t.Fatal(err)
	}
	want, err := c.Rules()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run([]string{"-model", path}, &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.Contains(got, want.String()) {
		t.Errorf("the example's rules differ from the library's:\n%s\nwant them to hold:\n%s", got, want)
	}
	if strings.Contains(got, "=n = ") || strings.Contains(got, "=y = ") || !strings.Contains(got, "vote2 ") {
		t.Errorf("literals not named by column:\n%s", got)
	}
}
