// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Limits bound what a reader accepts, so that a hostile or mistaken input (a
// gzip bomb, an endless stream, a line without end, a stray huge LibSVM
// index) fails early with a clear error instead of exhausting memory. Each
// field's zero (or negative) value means its default; DefaultLimits spells
// them out.
//
// The input is streamed: binary content is rejected in the first block that
// holds it, and the other limits are checked as the bytes arrive, so memory
// stays in proportion to the limits, not to the input.
type Limits struct {
	// MaxBytes bounds the size of the input after gzip decompression.
	// Default 256 MiB.
	MaxBytes int64
	// MaxLineBytes bounds one line of the input, and one CSV cell (a quoted
	// cell may span lines). Default 1 MiB.
	MaxLineBytes int
	// MaxCells bounds rows × columns: of a CSV table as read (where each
	// row counts rowCells more cells than its columns, for the memory it
	// takes besides its cells), of the dense Dataset it encodes to
	// (one-hot columns counted), and of a LibSVM file's dense table. It
	// bounds a LibSVM file as read too: rowCells for each row and one
	// cell for each index:value pair stored.
	// Default 1<<24 (16 Mi cells, 128 MiB of float64).
	MaxCells int64
	// MaxFeatures bounds a LibSVM feature index, and so the number of
	// features. Default 1<<20.
	MaxFeatures int
}

// Default limits; see Limits.
const (
	DefaultMaxBytes     = 256 << 20
	DefaultMaxLineBytes = 1 << 20
	DefaultMaxCells     = 1 << 24
	DefaultMaxFeatures  = 1 << 20
)

// DefaultLimits returns the limits that the zero Limits stands for.
func DefaultLimits() Limits {
	return Limits{MaxBytes: DefaultMaxBytes, MaxLineBytes: DefaultMaxLineBytes, MaxCells: DefaultMaxCells, MaxFeatures: DefaultMaxFeatures}
}

// resolved returns l with every zero (or negative) field set to its default.
func (l Limits) resolved() Limits {
	d := DefaultLimits()
	if l.MaxBytes <= 0 {
		l.MaxBytes = d.MaxBytes
	}
	if l.MaxLineBytes <= 0 {
		l.MaxLineBytes = d.MaxLineBytes
	}
	if l.MaxCells <= 0 {
		l.MaxCells = d.MaxCells
	}
	if l.MaxFeatures <= 0 {
		l.MaxFeatures = d.MaxFeatures
	}
	return l
}

// rowCells is what a row costs besides its cells, counted in cells: in a
// CSV table its slice, its line number and its record string; in a LibSVM
// file as read its label (a string header and its text) and where its
// pairs start. A LibSVM pair (a 4-byte index and an 8-byte value) counts
// one cell, as a CSV cell (a 16-byte string header and its text) does: a
// LibSVM file as read counts rows × rowCells + pairs cells, so that a file
// of many tiny rows is refused when its reading memory, not its dense
// table, passes the limit.
const rowCells = 4

// cellsOver reports whether rows × cols is above the cell limit, without
// overflowing.
func (l Limits) cellsOver(rows, cols int) bool {
	if rows <= 0 || cols <= 0 {
		return false
	}
	return int64(rows) > l.MaxCells/int64(cols)
}

// size formats a byte count for a message.
func byteSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// textReader streams the text of an input: it decompresses gzip (told by
// the magic bytes), drops a UTF-8 byte order mark, and checks every byte as
// it passes: no NUL byte, valid UTF-8, no line longer than MaxLineBytes, no
// more than MaxBytes in all. The first failure is kept in fail and returned
// by every later Read.
type textReader struct {
	src     io.Reader
	name    string
	lim     Limits
	zipped  bool
	buf     []byte
	ready   []byte // checked bytes not yet returned
	pending []byte // bytes carried to the next fill: an incomplete rune, or the start before the BOM is decided
	started bool   // the byte order mark has been dealt with
	n       int64  // bytes checked so far (after the BOM)
	line    int    // current line, 1-based
	lineLen int    // bytes of the current line so far
	lastNL  bool   // the last byte checked was a line feed
	eof     bool
	fail    error // a *ParseError, or nil
}

// newTextReader returns a textReader over r. A gzip header that does not
// parse is reported at once.
func newTextReader(r io.Reader, name string, lim Limits) (*textReader, error) {
	t := &textReader{name: name, lim: lim.resolved(), line: 1, buf: make([]byte, 64<<10)}
	br := bufio.NewReaderSize(r, 64<<10)
	t.src = br
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, &ParseError{File: name, Err: gzipError(err)}
		}
		t.src, t.zipped = zr, true
	}
	return t, nil
}

func (t *textReader) Read(p []byte) (int, error) {
	for len(t.ready) == 0 {
		if t.fail != nil {
			return 0, t.fail
		}
		if t.eof {
			return 0, io.EOF
		}
		t.fill()
	}
	n := copy(p, t.ready)
	t.ready = t.ready[n:]
	return n, nil
}

// lines returns the number of lines read so far: a last line without a
// line feed counts, the empty text after a final line feed does not.
func (t *textReader) lines() int {
	if t.lastNL || t.n == 0 {
		return t.line - 1
	}
	return t.line
}

// errorf records the first failure, at the current line.
func (t *textReader) errorf(line int, err error) {
	t.fail = &ParseError{File: t.name, Line: line, Err: err}
}

// fill reads one block from the source and checks it.
func (t *textReader) fill() {
	k := copy(t.buf, t.pending)
	t.pending = nil
	n, err := t.src.Read(t.buf[k:])
	for empty := 1; n == 0 && err == nil; empty++ {
		if empty == 100 { // as bufio does: a reader that keeps returning nothing
			err = io.ErrNoProgress
			break
		}
		n, err = t.src.Read(t.buf[k:])
	}
	data := t.buf[:k+n]
	if err != nil && err != io.EOF {
		if t.zipped {
			err = gzipError(err)
		}
		t.errorf(0, err)
		return
	}
	eof := err == io.EOF
	if !t.started {
		if len(data) < 3 && !eof {
			t.pending = data
			return
		}
		if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
			data = data[3:]
		}
		if len(data) >= 2 && (data[0] == 0xFF && data[1] == 0xFE || data[0] == 0xFE && data[1] == 0xFF) {
			t.errorf(1, fmt.Errorf("%w: a UTF-16 file (byte order mark % X); save it as UTF-8", ErrBinary, data[:2]))
			return
		}
		t.started = true
	}
	i := 0
	for i < len(data) {
		c := data[i]
		size := 1
		switch {
		case c == '\n':
			t.line++
			t.lineLen = -1
		case c == 0:
			t.errorf(t.line, fmt.Errorf("%w: NUL byte at byte %d", ErrBinary, t.n))
			return
		case c >= utf8.RuneSelf:
			if !eof && !utf8.FullRune(data[i:]) {
				t.pending = data[i:]
				t.ready = data[:i]
				return
			}
			var r rune
			if r, size = utf8.DecodeRune(data[i:]); r == utf8.RuneError && size == 1 {
				t.errorf(t.line, fmt.Errorf("%w: invalid UTF-8 at byte %d", ErrBinary, t.n))
				return
			}
		}
		t.lineLen += size
		t.lastNL = c == '\n'
		if t.lineLen > t.lim.MaxLineBytes {
			t.errorf(t.line, fmt.Errorf("%w: line longer than %s", ErrTooLong, byteSize(int64(t.lim.MaxLineBytes))))
			return
		}
		i += size
		t.n += int64(size)
		if t.n > t.lim.MaxBytes {
			what := "input"
			if t.zipped {
				what = "decompressed input"
			}
			t.errorf(0, fmt.Errorf("%w: %s larger than %s", ErrTooLarge, what, byteSize(t.lim.MaxBytes)))
			return
		}
	}
	t.ready = data
	t.eof = eof
}

// gzipError says that err came from the gzip stream, once: the errors of
// compress/gzip already begin "gzip: ", those of the reader below it do
// not; an unexpected end is a truncated stream or bytes after it that
// are not gzip.
func gzipError(err error) error {
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("gzip: %w (the stream is truncated, or followed by bytes that are not gzip)", err)
	case strings.HasPrefix(err.Error(), "gzip: "):
		return err
	}
	return fmt.Errorf("gzip: %w", err)
}
