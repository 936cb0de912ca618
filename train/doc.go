// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package train fits HorNets networks: mini-batch Adam on the mean
// (optionally class-weighted) cross-entropy, per-epoch seeded shuffling,
// early stopping, a loss target, rule refresh and cancellation through a
// context.Context, checked between batches. It also holds the metrics,
// stratified cross-validation and the model-file Bundle.
//
// # The loop
//
// Fit is setup (the network from model.New, its model.Trainer, one Adam
// per route), then a loop of epochs, each followed by hooks, as gomlx's
// training loop does:
//
//  1. early stopping: watches the monitored loss (the training loss, as
//     the paper's code does, or the validation loss when ValFraction
//     holds out a stratified split), snapshots the network at each new
//     best, and stops at the loss target or after Patience epochs without
//     a new best;
//  2. rule refresh: every RefreshEvery epochs, scores the rules on the
//     training rows and replaces the weak tuples (model.Trainer.Refresh);
//  3. the caller's Options.Hooks;
//  4. the Options.Recorder (progress bars, log lines).
//
// After the loop the best snapshot is restored and the rules are scored,
// so the network returned holds the weights of the best epoch and rules
// with current scores. Fit returns a Result whose Status says why training
// stopped.
//
// One Adam per route: a batch updates only the parameters of the route
// the router sent it to, as parameters without a gradient are skipped in
// the paper's PyTorch code. Adam is this package's own, in place and
// allocation-free, numerically identical to Gorgonia's AdamSolver.
//
// The graph's batch size is fixed, so the last batch of an epoch wraps
// around to the start of the epoch's permutation: every row is seen once
// per epoch and a few twice.
//
// # Configuration
//
// Config holds the training settings and schedules; model.Config the
// architecture and the rule search. In both the zero value of a field
// means its default (DefaultConfig() == Config{}.Resolved()), and turning
// something off is an explicit switch (NoEarlyStopping, NoLossTarget,
// NoRefresh). Validate runs once, at the start of Fit.
package train
