// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
)

// Bundle is everything a saved model file holds: the network, the data
// encoder fitted on the training file (column kinds, means, categories,
// label mapping) and the training configuration. A model file is a network
// file (see package model) whose metadata is a BundleMeta.
type Bundle struct {
	Network *model.Network
	Encoder *data.Encoder // nil for a network trained on a Dataset built in code
	Train   Config
	// Classes are the label strings, index = class id.
	Classes []string
}

// BundleMeta is the metadata stored in the model file.
type BundleMeta struct {
	Encoder *data.Encoder `json:"encoder,omitempty"`
	Train   Config        `json:"train"`
	Classes []string      `json:"classes"`
}

// Save writes the bundle atomically to path.
func (b *Bundle) Save(path string) error {
	return b.Network.SaveFile(path, BundleMeta{Encoder: b.Encoder, Train: b.Train, Classes: b.Classes})
}

// LoadBundle reads a model file written by Bundle.Save and checks that its
// parts agree. Errors wrap model.ErrModelFile and name the file.
func LoadBundle(path string) (*Bundle, error) {
	net, raw, err := model.LoadFile(path)
	if err != nil {
		return nil, err
	}
	var meta BundleMeta
	if len(raw) == 0 {
		return nil, fmt.Errorf("%s: %w: no metadata (encoder, classes)", path, model.ErrModelFile)
	}
	if err := json.Unmarshal(raw, &meta); err != nil {
		return nil, fmt.Errorf("%s: %w: metadata: %v", path, model.ErrModelFile, err)
	}
	if len(meta.Classes) != net.Classes() {
		return nil, fmt.Errorf("%s: %w: %d class labels for a %d-class network", path, model.ErrModelFile, len(meta.Classes), net.Classes())
	}
	seen := make(map[string]bool, len(meta.Classes))
	for _, c := range meta.Classes {
		if seen[c] {
			return nil, fmt.Errorf("%s: %w: class label %q is listed twice", path, model.ErrModelFile, clip(c))
		}
		seen[c] = true
	}
	if err := meta.Train.Resolved().Validate(); err != nil { // zero fields mean their defaults
		return nil, fmt.Errorf("%s: %w: training settings: %w", path, model.ErrModelFile, err)
	}
	if e := meta.Encoder; e != nil {
		if err := e.Validate(); err != nil {
			return nil, fmt.Errorf("%s: %w: %w", path, model.ErrModelFile, err)
		}
		if len(e.Features) != net.Features() || len(e.Classes) != net.Classes() {
			return nil, fmt.Errorf("%s: %w: encoder makes %d features and %d classes, network wants %d and %d",
				path, model.ErrModelFile, len(e.Features), len(e.Classes), net.Features(), net.Classes())
		}
		if !slices.Equal(e.Classes, meta.Classes) {
			return nil, fmt.Errorf("%s: %w: the encoder's classes differ from the model's", path, model.ErrModelFile)
		}
	}
	return &Bundle{Network: net, Encoder: meta.Encoder, Train: meta.Train, Classes: meta.Classes}, nil
}

// clip cuts s to 40 characters for a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
