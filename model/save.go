// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/hornets-go/hornets/internal/atomicwrite"
	"github.com/hornets-go/hornets/model/internal/graph"
	"github.com/hornets-go/hornets/model/modelfile"
	"github.com/hornets-go/hornets/model/rulesearch"
)

// fileModel is the on-disk form: one JSON object (see package modelfile).
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
	Mean     modelfile.Values  `json:"standardize_mean"`
	Scale    modelfile.Values  `json:"standardize_scale"`
	Trained  [2]int            `json:"trained_batches"`
	Primary  Route             `json:"primary_route"`
	Meta     json.RawMessage   `json:"meta,omitempty"`
}

type fileWeights struct {
	A modelfile.Values `json:"A,omitempty"`
	M modelfile.Values `json:"M,omitempty"`
	W modelfile.Values `json:"W"`
	B modelfile.Values `json:"B"`
}

// Save writes the network and the caller's metadata (any JSON-encodable
// value, e.g. the data encoder and labels; nil for none) to w, as a file
// of format version modelfile.Version closed by its checksum.
func (n *Network) Save(w io.Writer, meta any) error {
	if err := n.ok(); err != nil {
		return err
	}
	if w == nil {
		return fmt.Errorf("model: Save: nil writer")
	}
	f := fileModel{
		Format: modelfile.Name, Version: modelfile.Version, Config: n.cfg,
		Features: n.features, Names: n.names, Classes: n.classes, Rules: n.rules,
		Cat:  fileWeights{M: n.cat.M.Float64s(), W: n.cat.W.Float64s(), B: n.cat.B.Float64s()},
		Lin:  fileWeights{A: n.lin.A.Float64s(), W: n.lin.W.Float64s(), B: n.lin.B.Float64s()},
		Mean: n.lin.Mean, Scale: n.lin.Scale, Trained: n.trained, Primary: n.primary, List: n.list,
	}
	if meta != nil {
		raw, err := json.Marshal(meta)
		if err != nil {
			return fmt.Errorf("model: encoding metadata: %w", err)
		}
		f.Meta = raw
	}
	return modelfile.Write(w, &f)
}

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

// Load reads a model written by Save and returns it with its metadata. A
// file modelfile.Read refuses, or whose configuration or shapes are
// invalid, gives an error wrapping ErrModelFile; Load never panics.
func Load(r io.Reader) (*Network, json.RawMessage, error) {
	if r == nil {
		return nil, nil, fmt.Errorf("%w: nil reader", ErrModelFile)
	}
	var f fileModel
	if err := modelfile.Read(r, &f); err != nil {
		return nil, nil, err
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
	O, R, C := f.Config.Order, f.Config.Rules, f.Classes
	n := &Network{cfg: f.Config, act: f.Config.activation(), features: f.Features, classes: C, names: f.Names, rules: f.Rules,
		trained: f.Trained, primary: f.Primary, list: f.List}
	n.cat = graph.CatParamsOf(f.Cat.M, f.Cat.W, f.Cat.B, O, R, C)
	n.lin = graph.LinParamsOf(f.Lin.A, f.Lin.W, f.Lin.B, f.Mean, f.Scale, C)
	return n, f.Meta, nil
}

// LoadFile opens path (modelfile.Open) and calls Load; errors name the file.
func LoadFile(path string) (*Network, json.RawMessage, error) {
	fh, err := modelfile.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer fh.Close()
	n, meta, err := Load(fh)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, meta, nil
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
	names := f.Names
	if names == nil {
		names = defaultFeatureNames(D)
	}
	if f.Names != nil {
		seen := make(map[string]int, D)
		for j, name := range f.Names {
			if k, dup := seen[name]; dup {
				return fmt.Errorf("features %d and %d are both named %q", k, j, name)
			}
			seen[name] = j
		}
	}
	if f.List != nil {
		if err := f.List.Check(D, C); err != nil {
			return err
		}
		// A literal stores its feature's name beside its index; they must
		// agree (a flipped digit of the index would print another rule),
		// and a rule's literals ascend by feature.
		for i, r := range f.List.Rules {
			for k, lit := range r.Literals {
				if lit.Name != names[lit.Feature] {
					return fmt.Errorf("decision rule %d names feature %d %q, but that feature is %q", i+1, lit.Feature, lit.Name, names[lit.Feature])
				}
				if k > 0 && lit.Feature <= r.Literals[k-1].Feature {
					return fmt.Errorf("decision rule %d: its literals do not ascend by feature", i+1)
				}
			}
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
		v    modelfile.Values
		want int
	}{
		{"catint.M", f.Cat.M, O * R}, {"catint.W", f.Cat.W, R * C}, {"catint.B", f.Cat.B, C},
		{"linatt.A", f.Lin.A, D + 1}, {"linatt.W", f.Lin.W, 2 * (D + 1) * C}, {"linatt.B", f.Lin.B, C},
		{"standardize_mean", f.Mean, D}, {"standardize_scale", f.Scale, D},
	}
	for _, s := range shapes {
		if err := s.v.Check(s.name, s.want); err != nil {
			return err
		}
	}
	// Standardization gives every feature a positive scale (1 where it is
	// constant); 0 or below would make a feature vanish or flip.
	for j, v := range f.Scale {
		if !(v > 0) {
			return fmt.Errorf("standardize_scale of feature %d is %g, want > 0", j+1, v)
		}
	}
	return nil
}
