// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"bytes"
	"encoding/json"
	"errors"
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
	if b == nil || b.Network == nil {
		return fmt.Errorf("train: Bundle.Save %s: %w", path, model.ErrNotFitted)
	}
	meta := BundleMeta{Encoder: b.Encoder, Train: b.Train, Classes: b.Classes}
	if err := checkParts(b.Network, meta); err != nil { // what LoadBundle would refuse
		return fmt.Errorf("train: Bundle.Save %s: %w", path, err)
	}
	return b.Network.SaveFile(path, meta)
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
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields() // as modelfile.Read for the rest of the file: an edited or corrupt key is an error
	if err := dec.Decode(&meta); err != nil {
		return nil, fmt.Errorf("%s: %w: metadata: %v", path, model.ErrModelFile, err)
	}
	if err := checkParts(net, meta); err != nil {
		return nil, fmt.Errorf("%s: %w: %w", path, model.ErrModelFile, err)
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

// checkParts reports what makes net and meta disagree: class labels that
// are not one per class or not distinct, invalid training settings, or an
// encoder that is invalid or makes other features or classes.
func checkParts(net *model.Network, meta BundleMeta) error {
	if len(meta.Classes) != net.Classes() {
		return fmt.Errorf("%d class labels for a %d-class network", len(meta.Classes), net.Classes())
	}
	seen := make(map[string]bool, len(meta.Classes))
	for _, c := range meta.Classes {
		if seen[c] {
			return fmt.Errorf("class label %q is listed twice", clip(c))
		}
		seen[c] = true
	}
	if err := meta.Train.Resolved().validateStored(); err != nil { // zero fields mean their defaults
		return fmt.Errorf("training settings: %w", err)
	}
	if e := meta.Encoder; e != nil {
		if err := e.Validate(); err != nil {
			return err
		}
		if len(e.Features) != net.Features() || len(e.Classes) != net.Classes() {
			return fmt.Errorf("encoder makes %d features and %d classes, network wants %d and %d",
				len(e.Features), len(e.Classes), net.Features(), net.Classes())
		}
		if !slices.Equal(e.Classes, meta.Classes) {
			return errors.New("the encoder's classes differ from the model's")
		}
	}
	return nil
}
