// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package nodehash helps tests provoke Gorgonia's hash collisions, which
// the builders of package ops and the graphs of model/internal/graph must
// refuse (see ops' documentation, "Hash collisions"). It holds two input
// names whose nodes collide by Gorgonia's own hash, and Set, which forces
// the hash a node caches. Only tests import it.
package nodehash
