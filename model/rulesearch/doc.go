// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package rulesearch chooses which feature tuples the rules of a HorNets
// network hold, and reads the trained rules back as clauses. It knows
// nothing of Gorgonia: it works on plain slices (the binary training
// table, the factor and output weights).
//
// # Words
//
//   - A block is the set of features encoded from one input column (a
//     one-hot block): its features are mutually exclusive, so no tuple
//     holds two of them (V4=n ∧ V4=y would be a contradiction).
//   - A slot is one of the R units of the combAct layer; it holds Order
//     column indices. Consecutive runs of Heads slots share one tuple:
//     they are that tuple's heads, with independent weights.
//   - A rule is what a user reads: a tuple's heads merged into one clause
//     (Rule), pseudovariables dropped.
//
// # Why a search
//
// Which tuples the slots hold decides everything on binary data, and the
// obvious choices fail when the signal is not in the first columns:
// taking the first R tuples in lexicographic order (the reference code)
// puts features 0, 1, 2 in every rule; enumerating every order-3 tuple
// (6,545 rules at 32 features) drowns the signal in a softmax over
// thousands of rules (0.56–0.58 accuracy on xor); one slot per tuple
// cannot express xor, because its softmax attention is monotone in its own
// output. The search therefore
//
//  1. screens tuples on the training rows before training (Screen): every
//     tuple of 1..ScreenOrder features (exhaustively while C(D, size) ≤
//     ScreenBudget, else by extending the 64 best tuples of the size below
//     by one feature) is scored by the G statistic of label × the tuple's
//     value cells minus a BIC penalty, G − (cells−1)(classes−1)·ln N. The
//     penalty makes a tuple beat its own sub-tuples only on real evidence,
//     so the not gate's single feature outranks the pairs that contain it
//     while xor's pair, whose features carry no signal alone, comes first
//     among pairs. A tuple scoring no better than one of its sub-tuples
//     ((f, noise) beside (f)) is dropped; so are tuples with two features
//     of one block and features that are constant or twins or complements
//     of an earlier feature (the two columns of a yes/no variable). The
//     best Pool tuples are kept;
//  2. fills the slots Heads at a time (NewTable), padding each tuple with
//     pseudovariables up to Order. Only the strong tuples, within Cutoff
//     of the best score and not nested in a stronger one, get slots,
//     cycling through them when there are fewer strong tuples than runs of
//     heads: xor's one true pair gets every slot rather than sharing the
//     softmax with noise pairs, while a table with many real effects
//     (mushroom) gets one run each. Without screening (continuous data, or
//     NoScreening) the slots hold uniformly random tuples over features and
//     pseudovariables (all tuples, when C(D+Order, Order) fits);
//  3. refreshes the table during training (Table.Refresh): the weakest
//     tuples, those under a tenth of the best tuple's score, at most
//     RefreshFraction of all and never the best, get the next tuple of the
//     pool, or a random tuple once the pool is spent.
//
// Measured with 128 training rows and 1000 fresh test rows, targets at
// random positions, choices made on seeds 101..105 and reported on 1..5
// (go run ./examples/gates): every gate reaches 1.000 at 8 to 128 features
// and the top rule is the target tuple. Along the way: 4 screened runs of
// heads plus 192 random slots (R = 256) gave 0.93 on xor at 64 features,
// and 16 runs of the best screened tuples without the cutoff about 0.89
// (noise pairs dilute the softmax); 4 runs without the cutoff reached 1.0
// on the gates but only 0.975 on mushroom (5-fold), 16 runs with it 0.9996
// and the default 32 runs (128 slots × 4 heads) 1.000, tic-tac-toe (eight
// three-in-a-row lines) 0.84 with 16 runs and 0.92 with 32. A three-way
// parity at 32 features (256 rows) is found and learned (1.000, 3 seeds)
// with the default ScreenOrder 3; an xor among 5000 features (128 rows)
// too, in 2.8 s.
//
// # Reading rules
//
// Table.Read reports one Rule per distinct tuple: its heads merged, their
// contribution scores (computed by package model from the network's
// attention) summed and normalised to sum to 1; a feature is a literal
// when some head weighs it at least half as much as that head's strongest
// feature (the hard polyClip, k = 0, of the relative weight is not 0),
// negated when its weight in the best head is negative; Class is the class
// the best head votes for.
//
// # Determinism
//
// Every random choice takes an explicit *rand.Rand; screening ties are
// broken by tuple order.
package rulesearch
