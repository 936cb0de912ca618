// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package modelfile

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// BenchmarkRead reads a model file of one million weights, the size of a
// network of about 250,000 features (its standardisation, attention and
// output weights): go test -bench Read ./model/modelfile.
func BenchmarkRead(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	w := make(Values, 1_000_000)
	for i := range w {
		w[i] = rng.NormFloat64()
	}
	var buf bytes.Buffer
	if err := Write(&buf, &file{Format: Name, Version: Version, W: w}); err != nil {
		b.Fatal(err)
	}
	raw := buf.Bytes()
	b.SetBytes(int64(len(raw)))
	b.ResetTimer()
	for b.Loop() {
		var f file
		if err := Read(bytes.NewReader(raw), &f); err != nil {
			b.Fatal(err)
		}
	}
}
