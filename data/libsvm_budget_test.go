// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// TestLibSVMRowBudget checks that a LibSVM file as read is charged rowCells
// for each row and a cell for each stored pair against MaxCells, so that a
// file of many tiny rows (a 557 KB gzip of 16.7 million "1 1:1" lines took
// 1.8 GB before it reached the dense table's limit) is refused once its
// reading memory passes the limit, naming the file and line.
func TestLibSVMRowBudget(t *testing.T) {
	t.Parallel()
	lim := Limits{MaxBytes: 1 << 30, MaxCells: 1000}
	wide := func() string { // a row of 100 pairs, 1:1 to 100:1
		var b strings.Builder
		b.WriteString("1")
		for j := 1; j <= 100; j++ {
			fmt.Fprintf(&b, " %d:1", j)
		}
		return b.String() + "\n"
	}()
	for _, tt := range []struct {
		name string
		in   func() io.Reader
		msg  string // "" for a file within the limit
		rows int    // of the dataset read, when msg is ""
	}{
		{"endless tiny rows", func() io.Reader { return &repeat{pattern: []byte("1 1:1\n")} },
			"x:201: input too large: 201 rows and 200 index:value pairs, past the limit of 1000 cells (a row counts 4 cells, a pair 1)", 0},
		{"gzip of tiny rows", func() io.Reader { return bytes.NewReader(gzipOf(t, "1 1:1\n", 6<<20)) },
			"x:201: input too large: 201 rows and 200 index:value pairs, past the limit of 1000 cells (a row counts 4 cells, a pair 1)", 0},
		{"endless rows of a label alone", func() io.Reader { return &repeat{pattern: []byte("1\n")} },
			"x:251: input too large: 251 rows and 0 index:value pairs, past the limit of 1000 cells (a row counts 4 cells, a pair 1)", 0},
		{"pairs count too", func() io.Reader { return strings.NewReader(strings.Repeat(wide, 10)) },
			"x:10: input too large: 10 rows and 961 index:value pairs, past the limit of 1000 cells (a row counts 4 cells, a pair 1)", 0},
		{"exactly the limit", func() io.Reader { return strings.NewReader(strings.Repeat("1 1:1\n", 200)) }, "", 200},
		{"blank lines and comments are free", func() io.Reader { return strings.NewReader(strings.Repeat("\n# c\n1 1:1\n", 200)) }, "", 200},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ReadLibSVMLimited(tt.in(), "x", 0, lim)
			if tt.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				if d.Rows != tt.rows {
					t.Errorf("got %d rows, want %d", d.Rows, tt.rows)
				}
				return
			}
			if d != nil {
				t.Errorf("got a dataset, want an error")
			}
			checkErr(t, err, ErrTooLarge, tt.msg)
		})
	}
}

// heapAtEOF is a reader that, once its input is exhausted, records the live
// heap: what the reader it feeds holds then.
type heapAtEOF struct {
	r    io.Reader
	heap uint64
}

func (h *heapAtEOF) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	if err == io.EOF && h.heap == 0 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		h.heap = m.HeapAlloc
	}
	return n, err
}

// TestLibSVMLabelsDoNotHoldLines checks that a row's label does not keep
// its line's text alive while the file is read: the memory that
// TestLibSVMRowBudget's cells stand for would otherwise come with up to the
// whole input besides (a 12,000 × 1,000 file of 9-digit values peaked at
// 691 MB resident, 495 MB with the labels copied). It is not parallel: it
// measures the heap.
func TestLibSVMLabelsDoNotHoldLines(t *testing.T) {
	const rows, pairs = 200, 1000
	var b strings.Builder
	for range rows {
		b.WriteString("1")
		for j := 1; j <= pairs; j++ {
			fmt.Fprintf(&b, " %d:0.%s1", j, strings.Repeat("0", 100))
		}
		b.WriteString("\n")
	}
	in := b.String() // 21 MB of text for 2.4 MB of pairs
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	h := &heapAtEOF{r: strings.NewReader(in)}
	d, err := ReadLibSVM(h, "x", 0)
	if err != nil {
		t.Fatal(err)
	}
	if d.Rows != rows || d.Cols != pairs {
		t.Fatalf("got %d × %d, want %d × %d", d.Rows, d.Cols, rows, pairs)
	}
	// The pairs take 12 bytes each, twice that at most while their slices
	// grow; the lines' text is 105 bytes a pair.
	if held, most := int64(h.heap)-int64(m.HeapAlloc), int64(len(in)/3); held > most {
		t.Errorf("the reader held %d bytes at the end of a %d-byte input, want at most %d", held, len(in), most)
	}
}
