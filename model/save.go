// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"gorgonia.org/tensor"

	"github.com/hornets-go/hornets/internal/atomicwrite"
	"github.com/hornets-go/hornets/model/graph"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// FormatName and FormatVersion identify a hornets-go model file. Load
// refuses other names and other versions: version 1 files (before the rule
// search became its own package and training state left the network) must be
// retrained.
const (
	FormatName    = "hornets-go model"
	FormatVersion = 2
)

// fileModel is the on-disk form: one JSON object. encoding/json writes
// float64 values in their shortest exact form, so weights round-trip bit
// for bit.
type fileModel struct {
	Format   string            `json:"format"`
	Version  int               `json:"version"`
	Config   Config            `json:"config"`
	Features int               `json:"features"`
	Names    []string          `json:"feature_names,omitempty"`
	Classes  int               `json:"classes"`
	Rules    *rulesearch.Table `json:"rules"`
	List     *rulesearch.List  `json:"decision_list,omitempty"`
	Cat      fileWeights       `json:"catint"`
	Lin      fileWeights       `json:"linatt"`
	Mean     values            `json:"standardize_mean"`
	Scale    values            `json:"standardize_scale"`
	Trained  [2]int            `json:"trained_batches"`
	Primary  Route             `json:"primary_route"`
	Meta     json.RawMessage   `json:"meta,omitempty"`
}

type fileWeights struct {
	A values `json:"A,omitempty"`
	M values `json:"M,omitempty"`
	W values `json:"W"`
	B values `json:"B"`
}

// values is a tensor's data in a model file. encoding/json would read a
// null element as 0; a model file with one is corrupt.
type values []float64

// UnmarshalJSON reads a JSON array of numbers, refusing null elements.
func (v *values) UnmarshalJSON(b []byte) error {
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

// Save writes the network and the caller's metadata (any JSON-encodable
// value, e.g. the data encoder and labels; nil for none) to w.
func (n *Network) Save(w io.Writer, meta any) error {
	if err := n.ok(); err != nil {
		return err
	}
	if w == nil {
		return fmt.Errorf("model: Save: nil writer")
	}
	f := fileModel{
		Format: FormatName, Version: FormatVersion, Config: n.cfg,
		Features: n.features, Names: n.names, Classes: n.classes, Rules: n.rules,
		Cat:  fileWeights{M: floats(n.cat.M), W: floats(n.cat.W), B: floats(n.cat.B)},
		Lin:  fileWeights{A: floats(n.lin.A), W: floats(n.lin.W), B: floats(n.lin.B)},
		Mean: n.mean, Scale: n.scale, Trained: n.trained, Primary: n.primary, List: n.list,
	}
	if meta != nil {
		raw, err := json.Marshal(meta)
		if err != nil {
			return fmt.Errorf("model: encoding metadata: %w", err)
		}
		f.Meta = raw
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	if err := enc.Encode(&f); err != nil {
		return fmt.Errorf("model: encoding model: %w", err)
	}
	return bw.Flush()
}

func floats(t *tensor.Dense) []float64 { return t.Data().([]float64) }

// SaveFile writes the model to path without ever clobbering what path
// points at (see internal/atomicwrite): a regular file is replaced
// atomically by a complete, synced new one, so an interrupted or killed
// save leaves the previous model intact and, on Linux, no temporary file;
// a symlink's target is replaced and the link kept; a device or FIFO is
// written in place. A new file gets mode 0644, an existing one keeps its
// mode. Errors name the file and wrap the cause.
func (n *Network) SaveFile(path string, meta any) error {
	if err := n.ok(); err != nil {
		return err
	}
	if err := atomicwrite.WriteFile(path, 0o644, func(w io.Writer) error { return n.Save(w, meta) }); err != nil {
		return fmt.Errorf("model: %w", err)
	}
	return nil
}

// MaxFileBytes bounds the size of a model file: Load reads no further and
// LoadFile refuses a larger regular file before reading it. 64 MiB holds a
// network on hundreds of thousands of features; a file past it is not a model
// this program wrote, and parsing it could take gigabytes.
const MaxFileBytes = 64 << 20

// Load reads a model written by Save and returns it with its metadata. A
// truncated, corrupt, foreign or newer-version file, or one larger than
// MaxFileBytes, gives an error wrapping ErrModelFile; Load reads at most
// MaxFileBytes+1 bytes (content that is not a JSON object is refused at
// its first byte) and never panics.
func Load(r io.Reader) (*Network, json.RawMessage, error) {
	lr := &io.LimitedReader{R: r, N: MaxFileBytes + 1}
	br := bufio.NewReader(lr)
	c, err := br.ReadByte()
	for ; err == nil && bytes.IndexByte([]byte(" \t\n\r"), c) >= 0; c, err = br.ReadByte() {
	}
	switch {
	case err != nil && err != io.EOF:
		return nil, nil, fmt.Errorf("%w: %w", ErrModelFile, err)
	case err == nil && c != '{':
		return nil, nil, fmt.Errorf("%w: not a hornets-go model (not a JSON object)", ErrModelFile)
	case err == nil:
		br.UnreadByte()
	}
	raw, err := io.ReadAll(br)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrModelFile, err)
	}
	if lr.N == 0 {
		return nil, nil, fmt.Errorf("%w: larger than %d MiB, the limit for a model file", ErrModelFile, MaxFileBytes>>20)
	}
	var probe struct {
		Format  *string `json:"format"`
		Version *int    `json:"version"`
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, nil, fmt.Errorf("%w: empty file, not a hornets-go model", ErrModelFile)
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		var syntax *json.SyntaxError
		if bytes.HasPrefix(bytes.TrimSpace(raw), []byte(`{"format":"`+FormatName+`"`)) && (errors.As(err, &syntax) || errors.Is(err, io.ErrUnexpectedEOF)) {
			return nil, nil, fmt.Errorf("%w: truncated or corrupt hornets-go model (%v)", ErrModelFile, err)
		}
		return nil, nil, fmt.Errorf("%w: not a hornets-go model (not a JSON object)", ErrModelFile)
	}
	if probe.Format == nil {
		return nil, nil, fmt.Errorf("%w: not a hornets-go model (no \"format\" field)", ErrModelFile)
	}
	if *probe.Format != FormatName {
		return nil, nil, fmt.Errorf("%w: format %q is not %q", ErrModelFile, *probe.Format, FormatName)
	}
	if probe.Version == nil || *probe.Version < 1 {
		return nil, nil, fmt.Errorf("%w: missing or invalid format version", ErrModelFile)
	}
	if *probe.Version > FormatVersion {
		return nil, nil, fmt.Errorf("%w: format version %d is newer than this program's %d; upgrade hornets-go", ErrModelFile, *probe.Version, FormatVersion)
	}
	if *probe.Version < FormatVersion {
		return nil, nil, fmt.Errorf("%w: format version %d was written by an older hornets-go (this one reads %d); retrain the model", ErrModelFile, *probe.Version, FormatVersion)
	}
	var f fileModel
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrModelFile, err)
	}
	if err := f.Config.Validate(); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrModelFile, err)
	}
	if f.Config != f.Config.Resolved() {
		return nil, nil, fmt.Errorf("%w: configuration is not resolved", ErrModelFile)
	}
	if err := f.check(); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrModelFile, err)
	}
	O, R, C, D := f.Config.Order, f.Config.Rules, f.Classes, f.Features
	n := &Network{cfg: f.Config, act: f.Config.activation(), features: D, classes: C, names: f.Names, rules: f.Rules,
		mean: f.Mean, scale: f.Scale, trained: f.Trained, primary: f.Primary, list: f.List}
	n.cat = graph.CatParams{M: dense(f.Cat.M, O, R), W: dense(f.Cat.W, R, C), B: dense(f.Cat.B, 1, C)}
	n.lin = graph.LinParams{A: dense(f.Lin.A, 1, D), W: dense(f.Lin.W, D, C), B: dense(f.Lin.B, 1, C)}
	return n, f.Meta, nil
}

// LoadFile opens path and calls Load; errors name the file.
func LoadFile(path string) (*Network, json.RawMessage, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, nil, &openError{err}
	}
	defer fh.Close()
	if st, err := fh.Stat(); err == nil && st.IsDir() {
		return nil, nil, fmt.Errorf("%w: %s is a directory", ErrModelFile, path)
	} else if err == nil && st.Mode().IsRegular() && st.Size() > MaxFileBytes {
		return nil, nil, fmt.Errorf("%s: %w: %d MiB, larger than %d MiB, the limit for a model file", path, ErrModelFile, st.Size()>>20, MaxFileBytes>>20)
	}
	n, meta, err := Load(fh)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, meta, nil
}

// openError is a model file that could not be opened. Its message is the
// plain cause ("open m.json: no such file or directory", not "bad model
// file"), and it matches both ErrModelFile (the file cannot be read) and
// the cause, so errors.Is(err, os.ErrNotExist) holds.
type openError struct{ err error }

func (e *openError) Error() string   { return "model: " + e.err.Error() }
func (e *openError) Unwrap() []error { return []error{ErrModelFile, e.err} }

func dense(v []float64, r, c int) *tensor.Dense {
	return tensor.New(tensor.WithShape(r, c), tensor.WithBacking(v))
}

// check verifies the shape of every tensor and the rule table.
func (f *fileModel) check() error {
	O, R, C, D := f.Config.Order, f.Config.Rules, f.Classes, f.Features
	if D < 1 || C < 2 {
		return fmt.Errorf("%d features and %d classes, want >= 1 and >= 2", D, C)
	}
	if f.Names != nil && len(f.Names) != D {
		return fmt.Errorf("%d feature names for %d features", len(f.Names), D)
	}
	if err := f.Rules.Check(R, O, D); err != nil {
		return err
	}
	if f.List != nil {
		if err := f.List.Check(D, C); err != nil {
			return err
		}
	}
	if f.Primary != Categorical && f.Primary != Continuous {
		return fmt.Errorf("primary route %d, want 0 or 1", f.Primary)
	}
	if f.Trained[0] < 0 || f.Trained[1] < 0 {
		return fmt.Errorf("negative batch counts %v", f.Trained)
	}
	shapes := []struct {
		name string
		v    []float64
		want int
	}{
		{"catint.M", f.Cat.M, O * R}, {"catint.W", f.Cat.W, R * C}, {"catint.B", f.Cat.B, C},
		{"linatt.A", f.Lin.A, D}, {"linatt.W", f.Lin.W, D * C}, {"linatt.B", f.Lin.B, C},
		{"standardize_mean", f.Mean, D}, {"standardize_scale", f.Scale, D},
	}
	for _, s := range shapes {
		if len(s.v) != s.want {
			return fmt.Errorf("tensor %s has %d values, want %d", s.name, len(s.v), s.want)
		}
		for _, x := range s.v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("tensor %s holds a non-finite value", s.name)
			}
		}
	}
	return nil
}
