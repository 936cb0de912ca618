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
	"path/filepath"
	"slices"

	"gorgonia.org/tensor"
)

// FormatName and FormatVersion identify a hornets-go model file. Load
// refuses other names and newer versions.
const (
	FormatName    = "hornets-go model"
	FormatVersion = 1
)

// fileModel is the on-disk form: one JSON object. encoding/json writes
// float64 values in their shortest exact form, so weights round-trip bit
// for bit.
type fileModel struct {
	Format   string          `json:"format"`
	Version  int             `json:"version"`
	Config   Config          `json:"config"`
	Features int             `json:"features"`
	Names    []string        `json:"feature_names,omitempty"`
	Classes  int             `json:"classes"`
	Rules    *ruleSet        `json:"rules"`
	Cat      fileWeights     `json:"catint"`
	Lin      fileWeights     `json:"linatt"`
	Mean     []float64       `json:"standardize_mean"`
	Scale    []float64       `json:"standardize_scale"`
	RouteUse [2]int          `json:"route_use"`
	Meta     json.RawMessage `json:"meta,omitempty"`
}

type fileWeights struct {
	A []float64 `json:"A,omitempty"`
	M []float64 `json:"M,omitempty"`
	W []float64 `json:"W"`
	B []float64 `json:"B"`
}

// Save writes the network and the caller's metadata (any JSON-encodable
// value, e.g. the data encoder and labels; nil for none) to w.
func (n *Network) Save(w io.Writer, meta any) error {
	if !n.inited {
		return ErrNotFitted
	}
	f := fileModel{
		Format: FormatName, Version: FormatVersion, Config: n.cfg,
		Features: n.features, Names: n.names, Classes: n.classes, Rules: n.rules,
		Cat:  fileWeights{M: floats(n.cat.M), W: floats(n.cat.W), B: floats(n.cat.B)},
		Lin:  fileWeights{A: floats(n.lin.A), W: floats(n.lin.W), B: floats(n.lin.B)},
		Mean: n.mean, Scale: n.scale, RouteUse: n.routeUse,
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

// SaveFile writes the model to path atomically: to a temporary file in the
// same directory, synced, then renamed over path. An interrupted write
// never leaves a truncated model behind.
func (n *Network) SaveFile(path string, meta any) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("model: writing %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = n.Save(tmp, meta); err != nil {
		return fmt.Errorf("model: writing %s: %w", path, err)
	}
	// CreateTemp makes the file 0600; a model is no secret.
	if err = tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("model: writing %s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("model: writing %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("model: writing %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("model: writing %s: %w", path, err)
	}
	return nil
}

// Load reads a model written by Save and returns it with its metadata. A
// truncated, corrupt, foreign or newer-version file gives an error wrapping
// ErrModelFile; Load never panics.
func Load(r io.Reader) (*Network, json.RawMessage, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrModelFile, err)
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
	var f fileModel
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrModelFile, err)
	}
	if err := f.Config.Validate(); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrModelFile, err)
	}
	if err := f.check(); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrModelFile, err)
	}
	n, err := New(f.Config, f.Features, f.Names, f.Classes, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrModelFile, err)
	}
	O, R, C, D := f.Config.Order, f.Config.Rules, f.Classes, f.Features
	n.rules = f.Rules
	n.cat = catParams{M: dense(f.Cat.M, O, R), W: dense(f.Cat.W, R, C), B: dense(f.Cat.B, 1, C)}
	n.lin = linParams{A: dense(f.Lin.A, 1, D), W: dense(f.Lin.W, D, C), B: dense(f.Lin.B, 1, C)}
	n.mean, n.scale, n.routeUse = f.Mean, f.Scale, f.RouteUse
	n.inited = true
	return n, f.Meta, nil
}

// LoadFile opens path and calls Load; errors name the file.
func LoadFile(path string) (*Network, json.RawMessage, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrModelFile, err)
	}
	defer fh.Close()
	if st, err := fh.Stat(); err == nil && st.IsDir() {
		return nil, nil, fmt.Errorf("%w: %s is a directory", ErrModelFile, path)
	}
	n, meta, err := Load(fh)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, meta, nil
}

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
	rs := f.Rules
	if rs == nil {
		return errors.New("no rule table")
	}
	if rs.Order != O || rs.Features != D || rs.Heads < 1 || rs.Heads > R {
		return fmt.Errorf("rule table is for order %d, %d features, %d heads; model has order %d, %d features, %d rules", rs.Order, rs.Features, rs.Heads, O, D, R)
	}
	if len(rs.AttentionSum) != R || len(rs.AttentionRows) != R {
		return fmt.Errorf("rule table has %d and %d attention sums, want %d", len(rs.AttentionSum), len(rs.AttentionRows), R)
	}
	if len(rs.Idx) != R*O || len(rs.Scores) != R {
		return fmt.Errorf("rule table has %d indices and %d scores; want %d and %d", len(rs.Idx), len(rs.Scores), R*O, R)
	}
	for r := range R {
		t := rs.Idx[r*O : (r+1)*O]
		for j, c := range t {
			if c < 0 || c >= D+O || slices.Contains(t[:j], c) {
				return fmt.Errorf("rule %d has an invalid column index %d", r, c)
			}
		}
	}
	if len(rs.Groups) != 0 && len(rs.Groups) != D {
		return fmt.Errorf("rule table has %d feature groups for %d features", len(rs.Groups), D)
	}
	for _, t := range rs.Pool {
		if len(t) == 0 || len(t) > O {
			return fmt.Errorf("pool tuple of %d features, want 1..%d", len(t), O)
		}
		for _, c := range t {
			if c < 0 || c >= D {
				return fmt.Errorf("pool tuple has an invalid feature index %d", c)
			}
		}
	}
	shapes := []struct {
		name string
		v    []float64
		want int
	}{
		{"catint.M", f.Cat.M, O * R}, {"catint.W", f.Cat.W, R * C}, {"catint.B", f.Cat.B, C},
		{"linatt.A", f.Lin.A, D}, {"linatt.W", f.Lin.W, D * C}, {"linatt.B", f.Lin.B, C},
		{"standardize_mean", f.Mean, D}, {"standardize_scale", f.Scale, D}, {"rules.scores", rs.Scores, R},
		{"rules.attention_sum", rs.AttentionSum, R}, {"rules.attention_rows", rs.AttentionRows, R},
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
