// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package model is the HorNets network (Koloski, Lavrač and Škrlj, "HorNets:
// Learning from Discrete and Continuous Signals with Routing Neural
// Networks", Machine Learning, 2025) as two compiled Gorgonia expression
// graphs and a router.
//
// # Overview
//
//	net, _ := model.New(model.DefaultConfig(), features, names, classes, log)
//	net.Init(x, rows, y, rng)   // standardisation, rule screening, weights
//	net.Compile(batch, nil)     // both training graphs, once
//	route, loss, _ := net.TrainStep(xBatch, yBatch, rng) // then an optimiser step on net.ValueGrads(route)
//	proba, routes, _ := net.PredictProba(xTest, testRows)
//
// Package train runs that loop (Adam, early stopping, cancellation).
//
// # Architecture
//
// The router (the paper's catRouter) counts the distinct values of a batch:
// at most two send it to the categorical route, CatInt; anything else to
// the continuous route, LinAtt. Both routes are compiled once, for training
// at the training batch size and for evaluation at a fixed batch of 256
// rows, and share no parameters.
//
// CatInt. Order pseudovariables, constant-one columns, are appended to the
// D features (the paper's section 3.4). A rule r is a tuple idx[r] of Order
// distinct columns among the D+Order, and
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
// # Rule search
//
// Which tuples the rules hold decides everything on binary data, and the
// obvious choices fail when the signal is not in the first columns:
// taking the first R tuples in lexicographic order (the reference code)
// puts features 0, 1, 2 in every rule; enumerating every order-3 tuple
// (6,545 rules at 32 features) drowns the signal in a softmax over
// thousands of rules (0.56–0.58 accuracy on xor); one rule per tuple cannot
// express xor, because its softmax attention is monotone in its own output.
// This package therefore
//
//  1. screens tuples on the training rows before training: every tuple of
//     1..ScreenOrder features (exhaustively while C(D, size) ≤ ScreenBudget,
//     else by extending the 64 best tuples of the size below by one feature)
//     is scored by the G statistic of label × the tuple's value cells minus
//     a BIC penalty, G − (cells−1)(classes−1)·ln N. The penalty makes a
//     tuple beat its own sub-tuples only on real evidence, so the not gate's
//     single feature outranks the pairs that contain it while xor's pair,
//     whose features carry no signal alone, comes first among pairs. A tuple
//     scoring no better than one of its sub-tuples ((f, noise) beside (f))
//     is dropped; so are tuples with two features of one one-hot block
//     (SetFeatureGroups: V4=n ∧ V4=y is a contradiction) and features that
//     are constant or twins or complements of an earlier feature (the two
//     columns of a yes/no variable). The best Pool tuples are kept;
//  2. fills the R rule slots in groups of Heads slots that share one tuple
//     (several heads with independent weights can express xor where one
//     cannot), padding each tuple with pseudovariables up to Order. Only the
//     strong tuples, within Cutoff (0.2) of the best score and not nested
//     in a stronger one, get groups, cycling through them when there are
//     fewer strong tuples than groups: xor's one true pair gets every group
//     rather than sharing the softmax with noise pairs, while a table with
//     many real effects (mushroom) gets one group each. Without screening
//     (continuous data, or Pool < 0) the groups hold uniformly random tuples
//     over features and pseudovariables (all tuples, when C(D+Order, Order)
//     fits);
//  3. refreshes the rule set every RefreshEvery epochs: each rule is scored
//     (below), and the weakest groups, those under a tenth of the best
//     group's score, at most RefreshFraction of all groups and never the
//     best, get the next tuple of the pool, or a random tuple once the pool
//     is spent, with fresh factor weights and zero output weights;
//  4. optionally samples Samples active rules per training step (the
//     paper's Monte-Carlo comb_samples); inactive rules output 0 and get no
//     gradient.
//
// Measured with 128 training rows and 1000 fresh test rows, targets at
// random positions, choices made on seeds 101..105 and reported on 1..5
// (go run ./examples/gates): with the defaults every gate reaches 1.000 at
// 8 to 128 features and the top rule is the target tuple. Along the way:
// 4 screened groups plus 192 random rules (R = 256) gave 0.93 on xor at 64
// features, and 16 groups of the best screened tuples without the cutoff
// about 0.89 (noise pairs dilute the softmax); 4 groups without the cutoff
// reached 1.0 on the gates but only 0.975 on mushroom (5-fold), 16 groups
// with it 0.9996 and the default 32 groups (128 rules × 4 heads) 1.000,
// tic-tac-toe (eight three-in-a-row lines) 0.84 with 16 groups and 0.92
// with 32. A three-way parity at 32 features (256 rows) is found and
// learned (1.000, 3 seeds) with the default ScreenOrder 3; an xor among
// 5000 features (128 rows) too, in 2.8 s.
//
// # Rule scores and reading rules
//
// A rule's score is its contribution to the decision,
// score_r = Σ_c std_b(A[b,r]·(W[r,c] − mean_c W[r,c])) over the training
// rows: the attention it receives weighted by its centred output weights,
// measured by how much it varies between rows (a constant attention only
// moves the bias). The mean attention, the paper's measure, did not rank
// the true rule first. Rules reports one Rule per distinct tuple (its
// heads merged, scores summed and normalised to sum to 1), pseudovariables
// dropped; a feature is a literal when some head weighs it at least half
// as much as that head's strongest feature (the hard polyClip, k = 0, of
// the relative weight is not 0), negated when its weight in the best head
// is negative; Class is the class the best head votes for.
//
// # Invariants
//
//   - Rule tuples hold Order distinct columns in [0, D+Order); columns ≥ D
//     are pseudovariables.
//   - Parameters live in tensors shared by the training and evaluation
//     graphs; Restore and RefreshRules write them in place, so compiled
//     graphs stay valid.
//   - A prediction chunk shorter than 256 rows is padded by repeating its
//     own rows, which leaves its route unchanged.
//
// # Determinism
//
// Every random choice takes an explicit *rand.Rand (Init, TrainStep,
// RefreshRules); screening ties are broken by tuple order. The same seed
// and data give the same model bit for bit on the same machine.
//
// # Model files
//
// Save writes one JSON object (format name, version, configuration, rule
// table, every weight, standardisation, caller metadata); SaveFile writes
// it atomically; Load checks the format, the version and the shape of
// every tensor, and returns an error wrapping ErrModelFile otherwise.
package model
