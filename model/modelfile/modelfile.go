// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package modelfile

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
)

// Name and the versions from OldestVersion to Version identify a
// hornets-go model file. Read refuses other names and other versions:
// files of version 1 (before the rule search became its own package and
// training state left the network), 2 (before LinAtt's constant column)
// and 3 (before LinAtt weighed each row's values beside its direction)
// must be retrained. Version 5 is version 4 whose metadata needs this
// program to be read as written (a data encoder that codes a binary
// column's values as 0 and 1, which a version-4 reader would ignore and
// misread). Version 6 adds the checksum (Write). Version 7 lets the data
// encoder a file holds code a numeric column as thresholds (data.Binned,
// `--binarise`), which a version-6 reader would refuse as an unknown kind.
// Version 8 lets it code a numeric column as its value beside thresholds
// (data.Stepped, chosen by the encoding check), which a version-7 reader
// would refuse the same way: every file this program writes is version 8;
// versions 4 and 5, without a checksum, and 6 and 7, with one, are still
// read.
const (
	Name          = "hornets-go model"
	Version       = 8
	OldestVersion = 4
)

// ChecksumVersion is the first format version whose files end with a
// checksum; Read refuses such a file without one.
const ChecksumVersion = 6

// checksumKey opens the last member of a checksummed file:
// ,"checksum":"sha256:<64 lowercase hex digits>"} closes the object.
const checksumKey = `,"checksum":"sha256:`

// checksumTail is the length of the checksum member and the closing brace.
const checksumTail = len(checksumKey) + 2*sha256.Size + len(`"}`)

// MaxBytes bounds the size of a model file: Read reads no further and Open
// refuses a larger regular file before reading it. 64 MiB holds a network on
// hundreds of thousands of features; a file past it is not a model this
// program wrote, and parsing it could take gigabytes.
const MaxBytes = 64 << 20

// ErrBadFile reports a model file that cannot be read: truncated, corrupt,
// foreign, or from another format version (model.ErrModelFile is this
// error).
var ErrBadFile = errors.New("model: bad model file")

// Values is a tensor's data in a model file. encoding/json would read a
// null element as 0; a model file with one is corrupt.
type Values []float64

// UnmarshalJSON reads a JSON array of numbers, refusing null elements.
func (v *Values) UnmarshalJSON(b []byte) error {
	if out, ok := numbers(b); ok {
		*v = out
		return nil
	}
	// Anything but an array of numbers in float64's range (null, another
	// type, a null element) takes encoding/json's way and its errors.
	var ps []*float64
	if err := json.Unmarshal(b, &ps); err != nil {
		return err
	}
	out := make([]float64, len(ps))
	for i, p := range ps {
		if p == nil {
			return fmt.Errorf("value %d is null", i)
		}
		out[i] = *p
	}
	*v = out
	return nil
}

// numbers reads b, one JSON value that encoding/json has checked, as an
// array of numbers, each as encoding/json reads a number into a float64
// (strconv.ParseFloat), without its allocation per element (a model of
// 100,000 features holds about 400,000 weights). ok is false where b is
// anything else, or an element is not a number or out of range.
func numbers(b []byte) (out []float64, ok bool) {
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	i := 0
	skip := func() {
		for i < len(b) && space(b[i]) {
			i++
		}
	}
	skip()
	if i == len(b) || b[i] != '[' {
		return nil, false
	}
	i++
	skip()
	out = make([]float64, 0, bytes.Count(b[i:], []byte{','})+1)
	if i < len(b) && b[i] == ']' {
		i++
		skip()
		return out, i == len(b)
	}
	for {
		start := i
		for i < len(b) && b[i] != ',' && b[i] != ']' && !space(b[i]) {
			i++
		}
		tok := b[start:i]
		if len(tok) == 0 || tok[0] != '-' && (tok[0] < '0' || tok[0] > '9') {
			return nil, false // null, a string, an array, an object, a boolean
		}
		x, err := strconv.ParseFloat(string(tok), 64)
		if err != nil {
			return nil, false
		}
		out = append(out, x)
		skip()
		if i == len(b) {
			return nil, false
		}
		if b[i] == ']' {
			i++
			skip()
			return out, i == len(b)
		}
		if b[i] != ',' {
			return nil, false
		}
		i++
		skip()
	}
}

// Check reports, naming the tensor name, values that are not want in
// number or that hold a NaN or an infinity.
func (v Values) Check(name string, want int) error {
	if len(v) != want {
		return fmt.Errorf("tensor %s has %d values, want %d", name, len(v), want)
	}
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("tensor %s holds a non-finite value", name)
		}
	}
	return nil
}

// Write encodes v, the whole model, as one JSON object on one line, and
// closes it with a checksum member, "checksum": "sha256:" and the hex
// SHA-256 of every byte before that member (from the opening brace to
// the last byte of the member before it), so that Read finds a changed
// byte anywhere in the file: a flipped digit of a weight is a corrupt
// model, not another one. v must encode as a JSON object with at least
// one member and a "version" of ChecksumVersion or later.
// encoding/json writes float64 values in their shortest exact form, so
// weights round-trip bit for bit.
func Write(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("model: encoding model: %w", err)
	}
	out, err := seal(b)
	if err != nil {
		return fmt.Errorf("model: encoding model: %w", err)
	}
	_, err = w.Write(out)
	return err
}

// Reseal returns a model file's bytes with a fresh checksum in place of
// the one it has, or added where it has none. The checksum finds
// corruption, not intent: a program or a person that edits a model file
// on purpose reseals it (the tests' edited files are made this way).
// raw must be a JSON object with at least one member.
func Reseal(raw []byte) ([]byte, error) {
	t := bytes.TrimSpace(raw)
	if body, _, ok := cutChecksum(t); ok {
		t = append(body[:len(body):len(body)], '}')
	}
	if !json.Valid(t) {
		return nil, fmt.Errorf("%w: not JSON", ErrBadFile)
	}
	return seal(t)
}

// seal closes the compact encoding b of a JSON object with its checksum
// member and a newline.
func seal(b []byte) ([]byte, error) {
	if len(b) < 3 || b[0] != '{' || b[len(b)-1] != '}' || len(bytes.TrimSpace(b[1:len(b)-1])) == 0 {
		return nil, fmt.Errorf("%w: not a JSON object with members", ErrBadFile)
	}
	body := b[:len(b)-1]
	sum := sha256.Sum256(body)
	out := make([]byte, 0, len(body)+checksumTail+1)
	out = append(out, body...)
	out = append(out, checksumKey...)
	out = hex.AppendEncode(out, sum[:])
	return append(out, "\"}\n"...), nil
}

// unseal checks and removes the checksum member of a file of the given
// version: raw (from its opening brace, trailing white space allowed)
// comes back as the object without the member, as Write encoded it.
// A file of ChecksumVersion or later must have one that matches; an
// older file has none (one there is checked all the same).
func unseal(raw []byte, version int) ([]byte, error) {
	body, digits, ok := cutChecksum(bytes.TrimRight(raw, " \t\r\n"))
	if !ok {
		if version >= ChecksumVersion {
			return nil, fmt.Errorf("%w: format version %d without its checksum: truncated, corrupt or edited; retrain the model or restore the file", ErrBadFile, version)
		}
		return raw, nil
	}
	want := make([]byte, sha256.Size)
	if _, err := hex.Decode(want, digits); err != nil || !bytes.Equal(digits, bytes.ToLower(digits)) {
		return nil, fmt.Errorf("%w: malformed checksum: corrupt or edited; retrain the model or restore the file", ErrBadFile)
	}
	if got := sha256.Sum256(body); !bytes.Equal(got[:], want) {
		return nil, fmt.Errorf("%w: checksum mismatch: the file changed after it was written (corrupt or edited); retrain the model or restore the file", ErrBadFile)
	}
	return append(body[:len(body):len(body)], '}'), nil
}

// cutChecksum splits t, a file without trailing white space, into the
// bytes its checksum covers and the checksum's hex digits; ok is false
// where t does not end with a checksum member.
func cutChecksum(t []byte) (body, digits []byte, ok bool) {
	n := len(t) - checksumTail
	if n < 1 || !bytes.HasPrefix(t[n:], []byte(checksumKey)) || !bytes.HasSuffix(t, []byte(`"}`)) {
		return nil, nil, false
	}
	return t[:n], t[n+len(checksumKey) : len(t)-2], true
}

// Read reads a model file from r into v, a pointer to a struct with the
// file's fields (unknown fields are refused). A truncated, corrupt, foreign
// or other-version file, or one larger than MaxBytes, gives an error
// wrapping ErrBadFile; Read reads at most MaxBytes+1 bytes (content that is
// not a JSON object is refused at its first byte).
func Read(r io.Reader, v any) error {
	lr := &io.LimitedReader{R: r, N: MaxBytes + 1}
	br := bufio.NewReader(lr)
	c, err := br.ReadByte()
	for ; err == nil && bytes.IndexByte([]byte(" \t\n\r"), c) >= 0; c, err = br.ReadByte() {
	}
	switch {
	case err != nil && err != io.EOF:
		return fmt.Errorf("%w: %w", ErrBadFile, err)
	case err == nil && c != '{':
		return fmt.Errorf("%w: not a hornets-go model (not a JSON object)", ErrBadFile)
	case err == nil:
		br.UnreadByte()
	}
	// Read into a buffer of the file's size where r knows it: io.ReadAll
	// grows its buffer by copying, a third of the time of reading a wide
	// model.
	buf := bytes.NewBuffer(make([]byte, 0, min(sizeHint(r)+br.Buffered(), MaxBytes)+bytes.MinRead))
	if _, err := buf.ReadFrom(br); err != nil {
		return fmt.Errorf("%w: %w", ErrBadFile, err)
	}
	raw := buf.Bytes()
	if lr.N == 0 {
		return fmt.Errorf("%w: larger than %d MiB, the limit for a model file", ErrBadFile, MaxBytes>>20)
	}
	var probe struct {
		Format  json.RawMessage `json:"format"`  // a string, checked below, so that 7 is not "not a JSON object"
		Version json.RawMessage `json:"version"` // read by readVersion, so that "7" is not "not a JSON object"
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return fmt.Errorf("%w: empty file, not a hornets-go model", ErrBadFile)
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		var syntax *json.SyntaxError
		if bytes.HasPrefix(bytes.TrimSpace(raw), []byte(`{"format":"`+Name+`"`)) && (errors.As(err, &syntax) || errors.Is(err, io.ErrUnexpectedEOF)) {
			return fmt.Errorf("%w: truncated or corrupt hornets-go model (%v)", ErrBadFile, err)
		}
		return fmt.Errorf("%w: not a hornets-go model (not a JSON object)", ErrBadFile)
	}
	if len(probe.Format) == 0 || string(probe.Format) == "null" {
		return fmt.Errorf("%w: not a hornets-go model (no \"format\" field)", ErrBadFile)
	}
	var format string
	if err := json.Unmarshal(probe.Format, &format); err != nil {
		return fmt.Errorf("%w: not a hornets-go model (format %.20s is not a string)", ErrBadFile, probe.Format)
	}
	if format != Name {
		return fmt.Errorf("%w: format %q is not %q", ErrBadFile, format, Name)
	}
	version, err := readVersion(probe.Version)
	if err != nil {
		return err
	}
	if version > Version {
		return fmt.Errorf("%w: format version %d is newer than this program's %d; upgrade hornets-go", ErrBadFile, version, Version)
	}
	if version < OldestVersion {
		return fmt.Errorf("%w: format version %d was written by an older hornets-go (this one reads %d to %d); retrain the model", ErrBadFile, version, OldestVersion, Version)
	}
	raw, err = unseal(raw, version)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: %w", ErrBadFile, err)
	}
	return nil
}

// sizeHint returns the number of bytes r holds where it says (a file, a
// bytes or strings reader), else 0.
func sizeHint(r io.Reader) int {
	switch r := r.(type) {
	case interface{ Len() int }:
		return max(r.Len(), 0)
	case interface{ Stat() (os.FileInfo, error) }:
		if fi, err := r.Stat(); err == nil && fi.Mode().IsRegular() {
			return int(max(min(fi.Size(), MaxBytes), 0))
		}
	}
	return 0
}

// readVersion returns the format version of a model file from the raw
// JSON of its "version" member: a positive whole number. One that is not
// a number (a string such as "7") is refused as such, not as a file
// that is not JSON.
func readVersion(raw json.RawMessage) (int, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, fmt.Errorf("%w: missing or invalid format version", ErrBadFile)
	}
	if c := raw[0]; c != '-' && (c < '0' || c > '9') {
		return 0, fmt.Errorf("%w: format version %.20s is not a number", ErrBadFile, raw)
	}
	var v int
	if err := json.Unmarshal(raw, &v); err != nil || v < 1 {
		return 0, fmt.Errorf("%w: missing or invalid format version %.20s", ErrBadFile, raw)
	}
	return v, nil
}

// Open opens path for Read; errors name the file. A directory, or a
// regular file larger than MaxBytes, is refused before reading.
func Open(path string) (*os.File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, &openError{err}
	}
	if st, err := fh.Stat(); err == nil && st.IsDir() {
		fh.Close()
		return nil, fmt.Errorf("%w: %s is a directory", ErrBadFile, path)
	} else if err == nil && st.Mode().IsRegular() && st.Size() > MaxBytes {
		fh.Close()
		return nil, fmt.Errorf("%s: %w: %d MiB, larger than %d MiB, the limit for a model file", path, ErrBadFile, st.Size()>>20, MaxBytes>>20)
	}
	return fh, nil
}

// openError is a model file that could not be opened. Its message is the
// plain cause ("open m.json: no such file or directory", not "bad model
// file"), and it matches both ErrBadFile (the file cannot be read) and
// the cause, so errors.Is(err, os.ErrNotExist) holds.
type openError struct{ err error }

func (e *openError) Error() string   { return "model: " + e.err.Error() }
func (e *openError) Unwrap() []error { return []error{ErrBadFile, e.err} }
