// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/hornets-go/hornets/model/modelfile"
)

// FuzzLoad feeds arbitrary bytes to Load: it must never panic, and every
// failure must wrap ErrModelFile. A file that loads must predict without
// error.
func FuzzLoad(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := make([]float64, 16*4)
	y := make([]int, 16)
	for i := range x {
		x[i] = float64(rng.IntN(2))
	}
	for i := range y {
		y[i] = int(x[i*4]) ^ int(x[i*4+1])
	}
	cfg := Config{Rules: 4, Order: 2}
	cfg.Search.Heads = 2
	n, err := New(cfg, Data{X: x, Rows: 16, Features: 4, Y: y, Classes: 2}, rng)
	if err != nil {
		f.Fatal(err)
	}
	var good bytes.Buffer
	if err := n.Save(&good, map[string]int{"k": 1}); err != nil {
		f.Fatal(err)
	}
	f.Add(good.Bytes())
	f.Add(good.Bytes()[:good.Len()/3])
	// The same model as a version-4 file (no checksum), so that mutations
	// reach the checks under the checksum; the body reseals each input too.
	if cut := bytes.LastIndex(good.Bytes(), []byte(`,"checksum"`)); cut > 0 {
		f.Add(append(bytes.Replace(good.Bytes()[:cut:cut], []byte(`"version":8`), []byte(`"version":4`), 1), '}'))
	}
	f.Add([]byte(`{"format":"hornets-go model","version":4}`))
	f.Add([]byte(`{"format":"hornets-go model","version":4,"config":{"rules":1,"order":1},"features":1,"classes":2}`))
	f.Add([]byte("label,f0\n1,0\n"))
	f.Add([]byte{0x1f, 0x8b, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		inputs := [][]byte{b}
		if sealed, err := modelfile.Reseal(b); err == nil {
			inputs = append(inputs, sealed)
		}
		for _, in := range inputs {
			net, _, err := Load(bytes.NewReader(in))
			if err != nil {
				if !errors.Is(err, ErrModelFile) {
					t.Fatalf("error does not wrap ErrModelFile: %v", err)
				}
				continue
			}
			probe := make([]float64, net.Features()*3)
			if _, _, err := net.PredictProba(probe, 3); err != nil {
				t.Fatalf("loaded model cannot predict: %v", err)
			}
		}
	})
}
