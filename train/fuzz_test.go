// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/modelfile"
	"github.com/hornets-go/hornets/train"
)

// FuzzLoadBundle puts arbitrary bytes where a valid model file holds its
// metadata (the encoder, the training config, the class labels): LoadBundle
// must never panic and every failure must wrap model.ErrModelFile. A bundle
// that loads must encode the training table, or fail with a *data.ParseError
// or a data sentinel, and predict what it encodes.
func FuzzLoadBundle(f *testing.F) {
	const csv = "size,colour,code,label\n1.5,red,1,yes\n0.5,blue,2,no\n2.5,NA,1,yes\n0,red,3,no\n1,blue,3,no\n2,red,2,yes\n"
	tab, err := data.ReadCSV(strings.NewReader(csv), "train.csv")
	if err != nil {
		f.Fatal(err)
	}
	enc, err := data.FitEncoder(tab, data.EncoderOptions{Categorical: []string{"code"}})
	if err != nil {
		f.Fatal(err)
	}
	ds, _, err := enc.Transform(tab)
	if err != nil {
		f.Fatal(err)
	}
	cfg := train.Config{Epochs: 2, Seed: 1}
	res, err := train.Fit(context.Background(), ds, model.Config{Rules: 4, Order: 2}, cfg, nil)
	if err != nil {
		f.Fatal(err)
	}
	path := filepath.Join(f.TempDir(), "good.json")
	b := &train.Bundle{Network: res.Network, Encoder: enc, Train: cfg.Resolved(), Classes: ds.Classes}
	if err := b.Save(path); err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	// The model file is one JSON object whose last member is "meta" before
	// the checksum; each fuzzed file is resealed, so that the checks under
	// the checksum are reached.
	if cut := bytes.LastIndex(good, []byte(`,"checksum":"sha256:`)); cut < 0 {
		f.Fatalf("no checksum in the model file:\n%.300s", good[max(0, len(good)-300):])
	} else {
		good = append(good[:cut:cut], "}\n"...)
	}
	at := bytes.LastIndex(good, []byte(`,"meta":`))
	if at < 0 || !bytes.HasSuffix(good, []byte("}\n")) {
		f.Fatalf("no trailing \"meta\" member in the model file:\n%.300s", good)
	}
	prefix, meta := good[:at+len(`,"meta":`)], good[at+len(`,"meta":`):len(good)-2]
	f.Add(meta)
	for _, edit := range [][2]string{
		{`"kind":"numeric"`, `"kind":"categorical"`},
		{`"kind":"categorical"`, `"kind":"numeric"`},
		{`"categories":["blue","red"`, `"categories":["red","red"`},
		{`"categories":["blue","red"`, `"categories":[`},
		{`"label":"label"`, `"label":"size"`},
		{`"label":"label"`, `"label":"colour=red"`},
		{`"classes":["no","yes"]}`, `"classes":["no","no"]}`},
		{`"classes":["no","yes"]}`, `"classes":null}`},
		{`"encoder":`, `"encoder":null,"x":`},
		{`"mean":`, `"mean":-`},
		{`"features":[`, `"features":["size",`},
	} {
		if e := strings.Replace(string(meta), edit[0], edit[1], 1); e != string(meta) {
			f.Add([]byte(e))
		}
	}
	f.Add([]byte(`null`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"classes":["no","yes"]}`))
	f.Add([]byte(`{"encoder":{"label":"label","columns":[],"features":[],"classes":[]},"classes":["no","yes"]}`))

	sentinels := []error{data.ErrNoColumn, data.ErrEncoder, data.ErrNotNumber, data.ErrNonFinite, data.ErrUnknownLabel,
		data.ErrMissingLabel, data.ErrHeader}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, meta []byte) {
		file := filepath.Join(dir, "fuzz.json")
		raw := append(append(append([]byte{}, prefix...), meta...), "}\n"...)
		if sealed, err := modelfile.Reseal(raw); err == nil {
			raw = sealed // otherwise not JSON: refused before the checksum
		}
		if err := os.WriteFile(file, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		b, err := train.LoadBundle(file)
		if err != nil {
			if !errors.Is(err, model.ErrModelFile) {
				t.Fatalf("error does not wrap model.ErrModelFile: %v", err)
			}
			return
		}
		if b.Encoder == nil {
			return
		}
		for _, labelled := range []bool{true, false} {
			transform := b.Encoder.TransformUnlabelled
			if labelled {
				transform = b.Encoder.Transform
			}
			d, _, err := transform(tab)
			if err != nil {
				var pe *data.ParseError
				documented := errors.As(err, &pe)
				for _, s := range sentinels {
					documented = documented || errors.Is(err, s)
				}
				if !documented {
					t.Fatalf("labelled %v: undocumented error %T: %v", labelled, err, err)
				}
				continue
			}
			if _, err := b.Network.Predict(d.X, d.Rows); err != nil {
				t.Fatalf("labelled %v: the loaded bundle cannot predict what its encoder makes: %v", labelled, err)
			}
		}
	})
}
