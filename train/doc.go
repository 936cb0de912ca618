// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package train fits HorNets networks: mini-batch Adam on the mean
// (optionally class-weighted) cross-entropy, per-epoch seeded shuffling,
// dropout on in training and off in evaluation, early stopping, a loss
// target and cancellation through a context.Context, checked between
// batches.
//
// One Adam solver per route: a batch updates only the parameters of the
// route the router sent it to, as parameters without a gradient are
// skipped in the paper's PyTorch code.
//
// The graph's batch size is fixed, so the last batch of an epoch wraps
// around to the start of the epoch's permutation: every row is seen once
// per epoch and a few twice.
//
// Early stopping watches the training loss (the paper's code) or, when
// ValFraction holds out a stratified validation split, the validation
// loss. The network returned holds the weights of the best epoch. Fit
// returns a Result whose Status says why training stopped.
package train
