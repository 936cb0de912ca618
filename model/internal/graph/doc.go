// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package graph compiles the two sub-networks of a HorNets network, CatInt
// (Cat) and LinAtt (Lin), as Gorgonia expression graphs at a fixed batch
// size, and runs them. NewCatParams and NewLinParams draw a network's
// initial weights, LinParams holding LinAtt's input standardisation too
// (Standardization fits it); CatParamsOf and LinParamsOf wrap weights read
// from a model file. A graph owns no weights: it binds its own tensor
// headers over the caller's parameter tensors (CatParams, LinParams), so a
// training step's in-place update is seen by every graph built over them,
// and graphs of one network can run in different goroutines while they only
// read the weights. An evaluation graph computes logits (and, on CatInt, the
// rule attention) from rows of raw features; a training graph adds the
// weighted cross-entropy loss and its gradients, which ValueGrads hands to
// an optimiser.
//
// Gorgonia tells nodes apart by a 32-bit hash, and two different nodes of
// equal hash are silently taken for one (package ops, "Hash collisions").
// NewCat and NewLin therefore check that their graph's hashes are distinct
// before compiling it and, where they are not, build it again under other
// input names; every build computes the same values.
//
// Package model holds the parameters and keeps the routing, the rule table
// and the file format, and builds these graphs over them; the formulas are
// in its documentation.
package graph
