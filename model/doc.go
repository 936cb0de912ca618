// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package model is the HorNets network (Koloski, Lavrač and Škrlj, "HorNets:
// Learning from Discrete and Continuous Signals with Routing Neural
// Networks", Machine Learning, 2025) as compiled Gorgonia expression graphs
// and a router.
//
// # Overview
//
//	net, _ := model.New(cfg, model.Data{X: x, Rows: n, Features: d, Y: y, Classes: 2}, rng)
//	tr, _ := model.NewTrainer(net, 16, nil)       // training graphs, compiled on first use
//	route, loss, _ := tr.Step(xBatch, yBatch, rng) // then an optimiser step on tr.ValueGrads(route)
//	proba, _, _ := net.PredictProba(xTest, testRows)
//
// New returns a network that is valid at once (standardisation, rule
// search, initial weights); the Trainer holds everything that only
// training needs. Package train runs the loop (Adam, early stopping, rule
// refresh, cancellation); package rulesearch chooses the rule tuples.
//
// # Architecture
//
// The router (the paper's catRouter) counts the distinct values of a
// training batch: at most two send it to the categorical route, CatInt;
// anything else to the continuous route, LinAtt. The routes share no
// parameters.
//
// CatInt. Order pseudovariables, constant-one columns, are appended to the
// D features (the paper's section 3.4). Rule slot r holds a tuple idx[r]
// of Order distinct columns among the D+Order, and
//
//	F[:, r] = act( Σ_j X[:, idx[r][j]] · M[j, r] )    (combAct, ops.CombAct)
//	A       = softmax_rows( dropout(F) )
//	logits  = A·W + b
//
// with act = polyClip_k (ExpParam k) or ReLU. A rule that contains
// pseudovariables is a lower-order interaction plus a bias.
//
// LinAtt. Columns are standardised with the training mean and standard
// deviation (a departure from the paper, which feeds raw values: without it
// one large-valued column dominates the row norm), then
//
//	X0     = X / max(‖X‖₂, ε)   row-wise
//	X1     = X0 ⊙ act(a)        a: learned per-feature attention, initialised to ones
//	logits = X1·W + b
//
// The paper writes x1 = polyClip(x0) ⊗ x, while its reference code scales
// the normalised input by the activated attention vector; this package
// implements the attention form.
//
// # Routing at prediction time
//
// A prediction is a function of its row and the model, never of the other
// rows predicted with it. Every row therefore takes the network's Route:
// the route most training batches took, or before training the route of
// the whole training table. Both graphs compute each row on its own, so
// batching and padding do not change a row's probabilities (bit for bit).
//
// Per-row routing (the cardinality check applied to one row) was measured
// and rejected: a model trained on both routes is almost always a binary
// table with a few imputed values. xor at 8 features, 128 training rows
// with an NA in every 25th row (about half the batches then go to LinAtt),
// seeds 1–3: on the test rows with an NA, per-row routing sends them to
// LinAtt, which cannot express xor, and scores 0.475, 0.450, 0.525; the
// network's route (CatInt) scores 1.000, 0.975, 0.950. Clean test rows
// take CatInt either way (0.966, 0.952, 0.911).
//
// # Rule scores
//
// A rule slot's score is its contribution to the decision,
// score_r = Σ_c std_b(A[b,r]·(W[r,c] − mean_c W[r,c])) over the training
// rows: the attention it receives weighted by its centred output weights,
// measured by how much it varies between rows (a constant attention only
// moves the bias). The paper's mean attention is kept beside it; it does
// not rank the true rule first. Both are computed when asked for
// (Trainer.Score), not on every step. Rules merges the heads of a tuple
// (see package rulesearch).
//
// # Concurrency
//
// A Network is safe for concurrent prediction by many goroutines: each
// call takes compiled evaluation graphs of its own from a pool (graphs
// share the parameter tensors, which prediction only reads). A Trainer
// writes the parameters in place and is not safe for concurrent use; do
// not predict with a network while its trainer steps, refreshes or
// restores.
//
// # Invariants
//
//   - Every exported method returns an error (ErrNotFitted) on a zero or
//     nil Network or Trainer, and range-checks shapes and labels; none
//     panics on misuse.
//   - Rule slots hold Order distinct columns in [0, D+Order); columns ≥ D
//     are pseudovariables.
//   - Parameters live in tensors shared by the training and evaluation
//     graphs; Trainer.Refresh and Trainer.Restore write them in place and
//     hand the new rule indices to the compiled graphs (pooled evaluation
//     graphs pick them up by a version counter), so no graph is rebuilt.
//
// # Determinism
//
// Every random choice takes an explicit *rand.Rand (New, Trainer.Step,
// Trainer.Refresh); screening ties are broken by tuple order. The same
// seed and data give the same model bit for bit on the same machine,
// whatever GOMAXPROCS.
//
// # Model files
//
// Save writes one JSON object (format name, version, configuration, rule
// table, every weight, standardisation, caller metadata); SaveFile writes
// it without clobbering (a regular file atomically, a symlink's target,
// a device in place); Load checks the format, the version and the shape of
// every tensor, and returns an error wrapping ErrModelFile otherwise.
// Version 1 files (before this layout) are refused with a request to
// retrain.
package model
