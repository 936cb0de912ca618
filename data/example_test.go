// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data_test

import (
	"fmt"
	"strings"

	"github.com/hornets-go/hornets/data"
)

func ExampleNewSynth() {
	s, err := data.NewSynth(data.SynthConfig{Gate: data.Xor, Features: 8, Seed: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Describe())
	fmt.Println("targets:", s.Targets())

	train := s.Sample(5) // continue with s.Sample(n) for more, disjoint draws
	fmt.Println(train.Features)
	for i := range train.Rows {
		fmt.Println(train.Row(i), "→", train.Classes[train.Y[i]])
	}
	// Output:
	// label = xor(f2, f6)
	// targets: [2 6]
	// [f0 f1 f2 f3 f4 f5 f6 f7]
	// [0 0 0 0 0 1 0 1] → 0
	// [0 0 1 1 1 1 0 0] → 1
	// [0 1 1 1 0 0 0 0] → 1
	// [1 1 1 1 1 0 1 1] → 0
	// [1 0 0 0 1 0 0 1] → 0
}

func ExampleFitEncoder() {
	train, err := data.ReadCSV(strings.NewReader(`size,colour,label
1.5,red,yes
NA,blue,no
2.5,NA,yes
2,blue,no
`), "train.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	enc, err := data.FitEncoder(train, data.EncoderOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	d, _, err := enc.Transform(train)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Features, d.Classes)
	for i := range d.Rows {
		fmt.Println(d.Row(i), "→", d.Classes[d.Y[i]])
	}

	// Later data is encoded by the same rules; unseen categories are zeros.
	test, err := data.ReadCSV(strings.NewReader("size,colour,label\n3,green,no\n"), "test.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	d, warns, err := enc.Transform(test)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Row(0), "→", d.Classes[d.Y[0]])
	for _, w := range warns {
		fmt.Println("warning:", w)
	}

	// Errors say where the problem is.
	bad, _ := data.ReadCSV(strings.NewReader("size,colour,label\n3,red,no\nabc,red,no\n"), "bad.csv")
	_, _, err = enc.Transform(bad)
	fmt.Println(err)
	// Output:
	// [size colour=NA colour=blue colour=red] [no yes]
	// [1.5 0 0 1] → yes
	// [2 0 1 0] → no
	// [2.5 1 0 0] → yes
	// [2 0 1 0] → no
	// [3 0 0 0] → no
	// warning: column "colour": category "green" was not seen in training (1 row encoded as all zeros)
	// bad.csv:3: column "size": "abc" is not a number (a missing value is written NA, ? or left empty)
}

func ExampleReadLibSVM() {
	d, err := data.ReadLibSVM(strings.NewReader("+1 1:0.5 3:2 # first\n-1 qid:7 2:1\n"), "in.svm", 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Features, d.Classes)
	for i := range d.Rows {
		fmt.Println(d.Row(i), "→", d.Classes[d.Y[i]])
	}
	// Output:
	// [f1 f2 f3] [-1 +1]
	// [0.5 0 2] → +1
	// [0 1 0] → -1
}
