// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package modelfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

type file struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	W       Values `json:"W"`
}

// Write then Read gives the same values back, bit for bit.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	in := file{Format: Name, Version: Version, W: Values{0.1, -1e-300, 1.0 / 3}}
	var buf bytes.Buffer
	if err := Write(&buf, &in); err != nil {
		t.Fatal(err)
	}
	var out file
	if err := Read(&buf, &out); err != nil {
		t.Fatal(err)
	}
	if out.Format != in.Format || out.Version != in.Version || !slices.Equal(out.W, in.W) {
		t.Errorf("read %+v; wrote %+v", out, in)
	}
}

// Read refuses what is not a version-2 hornets-go model with an error
// wrapping ErrBadFile that says why.
func TestReadErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, in, want string }{
		{"empty", "  \n", "empty file"},
		{"not an object", "[1,2]", "not a JSON object"},
		{"no format", `{"version":2}`, `no "format" field`},
		{"foreign format", `{"format":"other","version":2}`, `format "other" is not`},
		{"no version", `{"format":"hornets-go model"}`, "missing or invalid format version"},
		{"newer", `{"format":"hornets-go model","version":9}`, "upgrade hornets-go"},
		{"no checksum", `{"format":"hornets-go model","version":6,"W":[1]}`, "version 6 without its checksum"},
		{"older", `{"format":"hornets-go model","version":1}`, "retrain the model"},
		{"older, version 2", `{"format":"hornets-go model","version":2}`, "retrain the model"},
		{"older, version 3", `{"format":"hornets-go model","version":3}`, "retrain the model"},
		{"truncated", `{"format":"hornets-go model","version":4,"W":[1,`, "truncated or corrupt"},
		{"null value", `{"format":"hornets-go model","version":4,"W":[1,null]}`, "value 1 is null"},
		{"unknown field", `{"format":"hornets-go model","version":4,"X":1}`, `unknown field "X"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var f file
			err := Read(strings.NewReader(tt.in), &f)
			if !errors.Is(err, ErrBadFile) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read(%q) = %v; want ErrBadFile saying %q", tt.in, err, tt.want)
			}
		})
	}
}

// A version-6 file ends with the SHA-256 of what precedes its checksum
// member: every changed byte before it, and every changed digit of it,
// is refused; white space after the object is not a change; an edit
// resealed with Reseal reads; a version-4 file without a checksum reads.
func TestChecksum(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := Write(&buf, &file{Format: Name, Version: Version, W: Values{0.125, -2, 1e-300}}); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	key := bytes.Index(good, []byte(checksumKey))
	if key < 0 || len(good)-key != checksumTail+1 || good[len(good)-1] != '\n' {
		t.Fatalf("written file %q does not end with its checksum member and a newline", good)
	}
	read := func(b []byte) (file, error) {
		var f file
		return f, Read(bytes.NewReader(b), &f)
	}
	if f, err := read(append(slices.Clone(good), " \r\n\n"...)); err != nil || !slices.Equal(f.W, Values{0.125, -2, 1e-300}) {
		t.Errorf("the written file with white space after it: %+v, %v", f, err)
	}
	for i := range len(good) - 1 { // every byte but the final newline
		for _, c := range []byte{'0', '7', 'a', ' '} {
			if good[i] == c {
				continue
			}
			bad := slices.Clone(good)
			bad[i] = c
			if f, err := read(bad); !errors.Is(err, ErrBadFile) {
				t.Fatalf("byte %d (%q) changed to %q: read %+v, %v; want ErrBadFile", i, good[i], c, f, err)
			}
		}
	}
	digit := bytes.Index(good, []byte("0.125")) + 2
	bad := slices.Clone(good)
	bad[digit] = '3'
	if _, err := read(bad); !errors.Is(err, ErrBadFile) || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Errorf("a weight's digit changed: %v; want a checksum mismatch", err)
	}
	upper := slices.Clone(good)
	copy(upper[key+len(checksumKey):], bytes.ToUpper(upper[key+len(checksumKey):len(upper)-3]))
	if _, err := read(upper); !errors.Is(err, ErrBadFile) || !strings.Contains(err.Error(), "malformed checksum") {
		t.Errorf("checksum in upper case: %v; want a malformed checksum", err)
	}
	resealed, err := Reseal(bad)
	if err != nil {
		t.Fatal(err)
	}
	if f, err := read(resealed); err != nil || f.W[0] != 0.325 {
		t.Errorf("edited and resealed: %+v, %v; want W[0] = 0.325", f, err)
	}
	old := []byte(`{"format":"hornets-go model","version":4,"W":[1.5]}` + "\n")
	if f, err := read(old); err != nil || !slices.Equal(f.W, Values{1.5}) {
		t.Errorf("a version-4 file without a checksum: %+v, %v", f, err)
	}
	for _, in := range []string{"[1]", "{}", `{"format":`} {
		if _, err := Reseal([]byte(in)); !errors.Is(err, ErrBadFile) {
			t.Errorf("Reseal(%q) = %v; want ErrBadFile", in, err)
		}
	}
}

// Open refuses a directory and reports a missing file as both ErrBadFile
// and os.ErrNotExist.
func TestOpenErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := Open(dir); !errors.Is(err, ErrBadFile) || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("Open(directory) = %v; want ErrBadFile, is a directory", err)
	}
	_, err := Open(filepath.Join(dir, "missing.json"))
	if !errors.Is(err, ErrBadFile) || !errors.Is(err, os.ErrNotExist) || strings.Contains(err.Error(), "bad model file") {
		t.Errorf("Open(missing) = %v; want ErrBadFile and os.ErrNotExist, not called a bad model file", err)
	}
}

// Check accepts want finite values and names the tensor otherwise.
func TestValuesCheck(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		v    Values
		want int
		err  string // "" for none
	}{
		{"fits", Values{0, -1e-300, math.MaxFloat64}, 3, ""},
		{"empty", nil, 0, ""},
		{"short", Values{1, 2}, 3, "tensor w has 2 values, want 3"},
		{"long", Values{1, 2, 3, 4}, 3, "tensor w has 4 values, want 3"},
		{"nil", nil, 1, "tensor w has 0 values, want 1"},
		{"NaN", Values{1, math.NaN(), 3}, 3, "tensor w holds a non-finite value"},
		{"+Inf", Values{math.Inf(1)}, 1, "tensor w holds a non-finite value"},
		{"-Inf", Values{0, math.Inf(-1)}, 2, "tensor w holds a non-finite value"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.v.Check("w", tt.want)
			if got := fmt.Sprint(err); (tt.err == "" && err != nil) || (tt.err != "" && got != tt.err) {
				t.Errorf("Check(%v, %d) = %v; want %q", tt.v, tt.want, err, tt.err)
			}
		})
	}
}

// Values.UnmarshalJSON reads what encoding/json reads into []*float64,
// bit for bit, and refuses what it refuses: its fast path for arrays of
// numbers changes neither values nor errors.
func TestValuesUnmarshal(t *testing.T) {
	t.Parallel()
	viaPointers := func(b []byte) (Values, error) {
		var ps []*float64
		if err := json.Unmarshal(b, &ps); err != nil {
			return nil, err
		}
		out := make(Values, len(ps))
		for i, p := range ps {
			if p == nil {
				return nil, fmt.Errorf("value %d is null", i)
			}
			out[i] = *p
		}
		return out, nil
	}
	inputs := []string{
		`[]`, ` [ ] `, `[1]`, `[1,2,3]`, " [ -0 ,\n0.5e-3,\t1E+5 ,\r-2.25e300 ] ", `[1e-400]`, `[4.9e-324]`,
		`[1.7976931348623157e308]`, `[1e999]`, `[-1e999]`, `[1,null]`, `[null]`, `null`, `["1"]`, `[true]`, `[[1]]`,
		`[{"a":1}]`, `[1,[2,3]]`, `{"a":1}`, `1`, `"x"`, `[0.1,0.2,0.30000000000000004]`,
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		w := make([]float64, rng.IntN(20))
		for i := range w {
			w[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(600)-300))
		}
		b, err := json.Marshal(w)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		want, wantErr := viaPointers([]byte(in))
		var got Values
		err := json.Unmarshal([]byte(in), &got) // as Read does: the value checked, then UnmarshalJSON
		if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
			t.Errorf("%.40s: error %v, want %v", in, err, wantErr)
			continue
		}
		if err == nil && (len(got) != len(want) || !slices.EqualFunc(got, want, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) })) {
			t.Errorf("%.40s: read %v, want %v", in, got, want)
		}
	}
}
