// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// repeat is an endless reader of one pattern.
type repeat struct {
	pattern []byte
	off     int
	n       int64 // bytes returned
}

func (r *repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.pattern[r.off]
		r.off = (r.off + 1) % len(r.pattern)
	}
	r.n += int64(len(p))
	return len(p), nil
}

// gzipOf compresses n bytes of the endless pattern.
func gzipOf(t testing.TB, pattern string, n int64) []byte {
	t.Helper()
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.CopyN(zw, &repeat{pattern: []byte(pattern)}, n); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestLimits checks each limit on CSV and LibSVM input (issue 8), with small
// limits so that the inputs stay small; the endless readers show that the
// reader stops at the limit instead of reading on.
func TestLimits(t *testing.T) {
	t.Parallel()
	small := Limits{MaxBytes: 1 << 16, MaxLineBytes: 100, MaxCells: 1000, MaxFeatures: 50}
	bomb := gzipOf(t, "1,2,3,4\n", 64<<20)
	for _, tt := range []struct {
		name   string
		in     func() io.Reader
		libsvm bool
		lim    Limits
		want   error
		msg    string
	}{
		{"NUL in the first block of an endless input", func() io.Reader { return &repeat{pattern: []byte{0}} }, false, Limits{}, ErrBinary,
			"x:1: binary content, not text: NUL byte at byte 0"},
		{"endless input", func() io.Reader { return &repeat{pattern: []byte("1,2\n")} }, false, Limits{MaxBytes: 1 << 20, MaxCells: 1 << 30}, ErrTooLarge,
			"x: input too large: input larger than 1 MiB"},
		{"endless line", func() io.Reader { return &repeat{pattern: []byte("a")} }, false, small, ErrTooLong,
			"x:1: line too long: line longer than 100 bytes"},
		{"gzip bomb", func() io.Reader { return bytes.NewReader(bomb) }, false, Limits{MaxBytes: 1 << 20, MaxCells: 1 << 30}, ErrTooLarge,
			"x: input too large: decompressed input larger than 1 MiB"},
		{"gzip bomb, cells", func() io.Reader { return bytes.NewReader(bomb) }, false, Limits{MaxCells: 1 << 16}, ErrTooLarge,
			"x:8194: input too large: more than 8192 rows × 4 columns, past the limit of 65536 cells, a row counting 4 cells more than its columns"},
		{"long quoted cell over short lines", func() io.Reader {
			return strings.NewReader("a,b\n1,\"" + strings.Repeat("xxxxxxxxx\n", 20) + "\"\n")
		}, false, small, ErrTooLong, `x:2: column "b": line too long: cell 2 is longer than 100 bytes`},
		{"rows × columns", func() io.Reader { return &repeat{pattern: []byte("1,2,3,4,5,6,7,8,9,10\n")} }, false, small, ErrTooLarge,
			"x:73: input too large: more than 71 rows × 10 columns, past the limit of 1000 cells, a row counting 4 cells more than its columns"},
		{"libsvm endless", func() io.Reader { return &repeat{pattern: []byte("1 1:1\n")} }, true, Limits{MaxBytes: 1 << 20, MaxCells: 1 << 30}, ErrTooLarge,
			"x: input too large: input larger than 1 MiB"},
		{"libsvm index past MaxFeatures", func() io.Reader { return strings.NewReader("1 51:1\n") }, true, small, ErrTooLarge,
			`x:1: "51:1" has an index above the limit of 50 features`},
		{"libsvm rows × features", func() io.Reader { return strings.NewReader(strings.Repeat("1 1:1\n", 30) + "1 40:1\n") }, true, small, ErrTooLarge,
			`x:31: "40:1" makes 31 rows × 40 features, past the limit of 1000 cells`},
		{"libsvm rows × features, short rows", func() io.Reader { return strings.NewReader("1 40:1\n" + strings.Repeat("1 1:1\n", 30)) }, true, small, ErrTooLarge,
			"x:26: input too large: more than 25 rows × 40 features, past the limit of 1000 cells"},
		{"libsvm endless line", func() io.Reader { return &repeat{pattern: []byte("1:1 ")} }, true, small, ErrTooLong,
			"x:1: line too long: line longer than 100 bytes"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			var err error
			if tt.libsvm {
				var d *Dataset
				d, err = ReadLibSVMLimited(tt.in(), "x", 0, tt.lim)
				if d != nil {
					t.Errorf("got a dataset with error")
				}
			} else {
				var tab *Table
				tab, err = ReadCSVLimited(tt.in(), "x", tt.lim)
				if tab != nil {
					t.Errorf("got a table with error")
				}
			}
			checkErr(t, err, tt.want, tt.msg)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestLimitsUTF8Boundaries reads multi-byte characters one byte at a time:
// a character split between reads is valid text.
func TestLimitsUTF8Boundaries(t *testing.T) {
	t.Parallel()
	in := "\uFEFFnom,étiquette\nçà,ü€\n😀,x\n"
	tab, err := ReadCSV(iotest.OneByteReader(strings.NewReader(in)), "u.csv")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(tab.Header, "|")+"|"+strings.Join(tab.Rows[0], "|")+"|"+strings.Join(tab.Rows[1], "|"), "nom|étiquette|çà|ü€|😀|x"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	_, err = ReadCSV(iotest.OneByteReader(strings.NewReader("a,b\n1,\xe2\x82\n")), "u.csv")
	checkErr(t, err, ErrBinary, "u.csv:2: binary content, not text: invalid UTF-8 at byte 6")
}

// TestEncodeCellLimit checks that one-hot encoding cannot blow rows ×
// features past MaxCells: a column of distinct values is named.
func TestEncodeCellLimit(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("id,x,label\n")
	for i := range 200 {
		b.WriteString("id" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26)) + ",1," + string(rune('a'+i%2)) + "\n")
	}
	tab, err := ReadCSVLimited(strings.NewReader(b.String()), "w.csv", Limits{MaxCells: 5000})
	if err != nil {
		t.Fatal(err)
	}
	_, err = FitEncoder(tab, EncoderOptions{})
	checkErr(t, err, ErrTooLarge, `w.csv: column "id": input too large: one-hot encoding makes 200 rows × 200 features, past the limit of 5000 cells`)
}

func TestClip(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 50)
	err := &cellError{value: long, what: "is not a number", err: ErrNotNumber}
	if got, want := err.Error(), `"`+strings.Repeat("é", 40)+`…" is not a number`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !errors.Is(err, ErrNotNumber) {
		t.Error("errors.Is(err, ErrNotNumber) = false")
	}
}

// stalledReader returns nothing, and no error, forever.
type stalledReader struct{}

func (stalledReader) Read([]byte) (int, error) { return 0, nil }

// A reader that keeps returning (0, nil) is an error, as in bufio, not a
// loop that never ends.
func TestStalledReader(t *testing.T) {
	t.Parallel()
	done := make(chan error, 2)
	go func() { _, err := ReadCSV(stalledReader{}, "stalled.csv"); done <- err }()
	go func() { _, err := ReadLibSVM(stalledReader{}, "stalled.svm", 0); done <- err }()
	for range 2 {
		select {
		case err := <-done:
			if !errors.Is(err, io.ErrNoProgress) || !strings.Contains(err.Error(), "stalled.") {
				t.Errorf("read of a stalled reader: %v; want io.ErrNoProgress naming the input", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("reading a reader that returns (0, nil) did not return within 10 s")
		}
	}
}
