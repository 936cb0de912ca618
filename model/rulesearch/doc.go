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
//     (Rule), pseudovariables dropped; or a rule of a decision list
//     (DecisionRule), which with the list's other rules reproduces the
//     network's predictions.
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
//     tuple of 1..ScreenOrder features (by default up to the rule order)
//     is scored by the G statistic of label × the tuple's value cells
//     minus the BIC penalty (cells−1)(classes−1)·ln N. A tuple t scoring
//     no better than one of its sub-tuples s plus 2·ln C(D−|s|, |t|−|s|),
//     the price of choosing the features it adds among the D−|s| others
//     (the extended BIC's charge, Chen and Chen 2008, for the added
//     features only), is dropped: ((f, noise) beside (f)); with 15 % of
//     the labels flipped, a target pair plus one noise feature beat the
//     pair under the plain BIC in a third of the fits at 64–128 features.
//     So the not gate's single feature outranks the pairs that contain it
//     while xor's pair, whose features carry no signal alone, comes first
//     among pairs. Tuples with two features of one block and features
//     that are constant or twins or complements of an earlier feature (the
//     two columns of a yes/no variable) are never scored. The best Pool
//     tuples are kept, and a tuple has evidence (Candidate.Evidence) when
//     its G statistic passes the Benjamini–Hochberg test at a false
//     discovery rate of 5 % among the C(D, k) tuples of its size k
//     (chi-squared p-values). That threshold adapts to how many tuples
//     carry signal: with one real tuple among many noise features it is
//     close to a Bonferroni correction, and with many weak single effects
//     (spect_train) it admits them. How the tuples are searched is
//     described under Screening below;
//  2. fills the slots Heads at a time (NewTable), padding each tuple with
//     pseudovariables up to Order. Only the strong tuples, with evidence,
//     within Cutoff of the best score and not nested in a stronger one,
//     get slots, cycling through them when there are fewer strong tuples
//     than runs of heads: xor's one true pair gets every slot rather than
//     sharing the softmax with noise pairs, while a table with many real
//     effects (mushroom) gets one run each. Where that rule gives slots
//     to two or more tuples, not all single features, Choose decides
//     which tuples fill those runs by what each adds to the tuples chosen
//     before it (forward stagewise boosting over the candidates' value
//     cells, session 13 below) rather than by each tuple's own score,
//     among the strong tuples, the rest of the pool and the single
//     features with evidence. Without screening (continuous
//     data, or NoScreening), or when no tuple has evidence, the slots hold
//     uniformly random tuples over features and pseudovariables (all
//     tuples, when C(D+Order, Order) fits; with Config.PairFallback the
//     best pair screening scored, where its score is positive and its
//     features interact: session 29 below). Where every strong tuple is a
//     single feature, the strongest gives its slots to its Extension, the
//     best pair containing it that the dominance test dropped but whose
//     added feature splits one of the single's two value cells with
//     evidence (a G test within the cell, at 5 % after a Bonferroni factor
//     2(D − 1): the cells tested and the partners): single features
//     express no interaction, and with 20 % of an and gate's labels
//     flipped the target pair often scores less above its stronger single
//     than the BIC asks. Where the single is the only strong tuple, its
//     Partner takes the slots first: among the pairs screening dropped
//     for it, the one that leaves the fewest training rows wrong, where
//     the best-scoring of them leaves fewer than the single does (its
//     added feature reverses the majority class of part of a cell;
//     sessions 32 and 36 below; Config.ExtensionTest keeps the test
//     alone). Where no tuple
//     has evidence, a single's extension that has evidence as a pair takes
//     the single's place before the table is filled (session 9 below), and
//     where still no tuple has any, the pair of fewest training rows wrong
//     takes the slots of random tuples where a permutation test over all
//     pairs holds at 5 % (the error pair, session 36 below; the model
//     package runs it, Config.NoErrorPair switches it off, and the option
//     Config.ErrorPairOverTuples lets it take the first slots before
//     strong tuples that together leave more rows wrong, session 37);
//  3. refreshes the table during training (Table.Refresh): the weakest
//     tuples, those under a tenth of the best tuple's score, at most
//     RefreshFraction of all and never the best, get the next tuple of the
//     pool, which holds only tuples with evidence. A screened table takes
//     no random tuple once the pool is spent (its weak tuples stay), since
//     random tuples drawn late in training fit label noise (ReLU, 15 %
//     flipped: 0.95 accuracy on clean rows with them, 1.000 without).
//     A tuple's score is summed over every run of heads that holds it
//     (session 6): when a few strong tuples fill many runs, a copy that
//     scores low is still the strong tuple, and replacing it gave its
//     slots to chance evidence from the pool, which CatInt's faster
//     output layer then used to fit flipped labels. Gates with label
//     noise, seed 202, 350 fits, fits below 0.97 at 10 / 15 / 20 %: 1 / 11
//     / 33 scored per run of heads, 0 / 7 / 28 per tuple; the five
//     categorical tables' mean macro-F1 (5×2 folds, seeds 101 and 202)
//     0.841 either way.
//
// With Config.ExtendedBIC every tuple of k of the D features is charged
// 2·ln C(D, k) (the extended BIC, which prices the choice of one tuple
// among all of its size) and a positive score is its evidence. It was the
// first rule robust to label noise, but it also drops the weak single
// features that a table such as spect_train (80 rows, 22 flags, many weak
// effects) lives on: 5×5-fold macro-F1 0.703 → 0.660 (seed 1) and 0.719
// → 0.673 (seed 2), below a logistic regression's 0.700 and 0.684. Half
// the penalty kept neither (spect 0.664, noise 0.988 with 4 of 16 cells
// below 0.97); charging it only where a tuple is compared with its own
// sub-tuples gave spect 0.708 and noise 0.991 (3 of 16 cells below 0.97).
//
// The default (false-discovery-rate evidence, the added features' charge
// in the sub-tuple test, no random tuples in a screened table) was chosen
// on seeds 101 and 202 among the variants below (bench synthetic --reps 5
// --label-noise 0.15, every gate at 3–128 features; bench real 5×5 on
// spect, house votes and tic-tac-toe), and is reported on seed 1 last.
// Figures on seed 101 as "noise polyclip / relu mean accuracy on clean
// fresh rows (cells of 35 with a fit below 0.97)"; spect macro-F1 on seeds
// 101 / 202 (logistic regression 0.699 / 0.709):
//
//   - plain BIC (the former default): noise 0.971 (18) / 0.929 (25);
//     spect 0.724 / 0.719; house votes 0.958, tic-tac-toe 0.946
//     (logistic 0.953, 0.981).
//   - extended BIC: noise 0.996 (3) / 0.993 (3), seed 202 0.996 (3) /
//     0.992 (6); spect 0.670 / 0.673. It fails the selection seeds too:
//     on 101 all six cells are the or gate, one fit in five, and that
//     gate's first repetition draws 29 of 128 labels flipped (at 64
//     features no tuple then scores above zero).
//   - its parts alone, on spect: no random refresh tuples 0.708 / 0.723, a
//     pool of positive-scoring tuples only 0.706 / 0.727, both 0.703 /
//     0.728, the penalty alone 0.707 / 0.706; all three together 0.670:
//     the weak singles spect lives on fail the penalty, and without them
//     in the pool or random tuples the table holds only a few tuples.
//   - the added features' charge in the sub-tuple test, plain scores, no
//     random tuples: noise 0.992 (10) / 0.984 (14); with a pool of
//     BIC-positive tuples only: 0.993 (8) / 0.991 (9), spect 0.720 /
//     0.714, house votes 0.955, tic-tac-toe 0.965. The target was the top
//     tuple, but weak noise tuples in the table still fit noise (and,
//     xor, xnor at 32–128 features, accuracy down to 0.87).
//   - the extended BIC's penalty for tuples of two or more features only
//     (singles free), no random tuples, positive pool: spect 0.723 /
//     0.722, noise 0.988 (9) / 0.987 (11): a pair must beat its strong
//     single feature by the whole 2·ln C(D, 2), and the and and or gates
//     lose their target pair.
//   - the penalty less that of a single (2·ln C(D, k) − 2·ln D), no random
//     tuples, positive pool: spect 0.709 / 0.715, noise 0.993 (7) / 0.987
//     (9).
//   - Chen and Chen's γ at its consistency bound for each size, γ_k =
//     1 − ln N / (2·ln C(D, k)), a penalty 2·ln C(D, k) − ln N, no random
//     tuples, positive pool: spect 0.710 / 0.689, below logistic
//     regression on 202; the bound from the singles' count for all sizes,
//     γ = 1 − ln N / (2·ln D), as the penalty alone: spect 0.724 / 0.690.
//   - the default, false discovery rate 5 %: noise 0.996 (3) / 0.993 (3),
//     seed 202 0.995 (4) / 0.991 (8), as the extended BIC; spect 0.712 /
//     0.712, house votes 0.955, tic-tac-toe 0.965; clean gates 1.000 in
//     every cell (3 repetitions). At 10 %: 0.999 (1) / 1.000 (0) (plain
//     BIC 0.992 (7) / 0.962 (25)); at 20 %: 0.974 (12) / 0.978 (9)
//     (plain BIC 0.949 (22) / 0.884 (31), extended BIC 0.980 (10) / 0.978
//     (9)), all in the and and or gates, from 3 features on, one or two
//     fits in five: draws whose flips nearly match the gate's minority
//     class.
//   - false discovery rate 10 %: spect 0.728 / 0.714, noise 0.996 (4) /
//     0.995 (4).
//
// The cells still below 0.97 are single fits on hard draws, most of them
// shared with the extended BIC (on seed 202 both fail and at 16 features,
// or at 8, 16 and 128 features): a noisy draw leaves too little evidence
// in 128 rows. Reported on seed 1: noise 0.999 (1) / 0.999 (1) (plain BIC
// 0.976 (14) / 0.931 (27), extended BIC 1.000 (0)), the two cells the or
// gate at 32 features; clean gates 1.000 everywhere. Spect 0.688 against
// logistic regression's 0.700 on the same folds (plain 0.703, extended
// 0.660): over the three seeds the default ties logistic regression on
// spect (0.704 against 0.703 on average) where the plain BIC led it by
// 0.013; house votes 0.950 (logistic 0.951), tic-tac-toe 0.961 (0.981).
//
// Session 5 (seed 202, 10 repetitions a cell, polyclip, training 1,000
// epochs with patience 100; fits of 350 below 0.97 at 10 % / 20 % label
// noise): the default 0 / 39. A tuple t dropped for a sub-tuple s only
// when the likelihood-ratio test of t against s, G_t − G_s on
// (cells_t − cells_s)(classes − 1) degrees of freedom, fails at 5 % after
// a Bonferroni factor C(D−|s|, |t|−|s|) (at 300 epochs): 15 / 43. It
// recovers a target pair whose single carries most of the evidence (and,
// 3 features, seed 110 at 20 %), but at 10 % it admits a noise partner of
// a target feature ((17, 31) beside the target (30, 31) at 32 features),
// which takes half the slots. The same test with a tuple replacing the
// strong sub-tuples it contains: 15 / 47 (a chance triple, p = 0.008,
// takes every slot). MainEffects, every screened single with evidence
// given slots beside the tuples containing it: 1 / 41 (2 / 44 at 300
// epochs), spect_train +0.033 / +0.013 macro-F1 (seeds 101 / 202), and a
// noise single with chance evidence gets slots (TestScreenLabelNoiseTopIsTarget
// fails with it, xor at 64 and 128 features); within Cutoff of the best
// score 0 / 41, spect +0.013 / 0.000. So MainEffects is a flag, off by
// default. Extensions (the likelihood-ratio test above, as a way to keep a
// dominated tuple's added features rather than a dominance rule): for
// every single and pair, 4 / 38 (a pair extended to a triple by a chance
// third feature, (10, 14, 15) in every slot of an or gate at 16 features,
// 0.891); for singles only, 1 / 31 but spect_train −0.013 / −0.020; for a
// lone single only (the default): 0 / 30, mean accuracy at 20 % 0.972 →
// 0.979, and the five categorical tables unchanged to the last digit on
// seeds 101 and 202 (their tables hold several strong tuples).
//
// Session 9 (seed 202, 10 repetitions a cell, polyclip; fits of 350
// below 0.97 at 10 / 15 / 20 % label noise: 0 / 7 / 25 before). Of the
// 25 at 20 %, six held a chance tuple beside the target pair, six the
// target's single alone, four a target single beside a chance one, one
// both target singles, two the target pair alone (read wrongly in one
// cell, see package train), one a chance single alone, five no tuple
// with evidence and so random tuples, which learn the flipped labels. Where no tuple has evidence, a
// single whose Extension passes the strictest Benjamini–Hochberg step
// among pairs now gives its place to that pair (promoteExtensions): 0 / 7
// / 24 (and over 32 features, seed 2 of the reported seed 1: 0.70 →
// 1.000), the five categorical tables unchanged to the last digit on
// seeds 101 and 202. Promoting such extensions beside tuples with
// evidence as well: 28 at 20 % (a chance pair beside the target). Also
// measured and not adopted: a tuple other than the best keeps its evidence
// only if its dependence with the label given the best tuple's cells (the
// strata's G statistics summed) passes the multiplicity of its size, by
// Bonferroni or by Benjamini–Hochberg on those conditional p-values. Both
// repair every chance tuple beside the target (24 → 18 at 20 %), but a
// weak single effect says as little beyond the best single as a chance
// feature beside the target pair: spect_train 0.734 / 0.700 → 0.653 /
// 0.619 (Benjamini–Hochberg 0.653 / 0.637; logistic regression 0.702 /
// 0.727), spect_test 0.551 / 0.544 → 0.433 / 0.398, house votes 0.952 /
// 0.951 → 0.945 / 0.948 (5×2 folds, seeds 101 / 202). In 128 rows the
// chance features beside the target (p ≈ 0.0005–0.003 given its cells)
// cannot be told from such effects by their evidence.
//
// Session 10, measured and not adopted (seed 202, 10 repetitions a
// cell, 20 % label noise; 24 fits of 350 below 0.97 before, all of them
// and and or gates): the lone single's extension test without its
// Bonferroni factor D − 1 (5 %, uncorrected), or any best dominated pair
// as the extension. Either repairs three or fits (over 32 features, seeds
// 202 and 206, and over 64, seed 211: 0.74 → 1.000) and loses none: 24 →
// 21. But the not gate, whose single feature is the whole concept, then
// takes a chance partner: its top interaction names the target in 0.30
// (uncorrected) and 0.00 (any pair) of its 70 fits instead of 0.94,
// though its accuracy stays 1.000 and its printed rules still name the
// target alone (the network ignores the partner). Giving the lone single
// and its leniently tested extension half the slots each, rather than the
// pair all of them, gives the same 21 and the same 0.30: the pair's
// rules take the larger contribution score. A missed partner of an and
// or or gate costs a quarter of the accuracy, a chance partner of a not
// gate only the name of its top interaction; no test on 128 rows tells
// them apart (package train, session 7: G statistics at the evidence
// limit).
//
// Session 11 (seed 202, 10 repetitions a cell, polyclip): the lone
// single's extension test asks whether the partner splits either of the
// single's two value cells (the best cell's G test on classes − 1
// degrees of freedom, Bonferroni over the cells and the D − 1 partners)
// instead of the pair's likelihood-ratio test against the single, which
// sums the two cells' G statistics on twice the degrees of freedom. Where
// the partner matters in one cell only, as in an and or an or gate with a
// strong single, all the evidence sits in one cell and the summed test
// dilutes it. Fits of the and and or gates below 0.97 at 10 / 15 / 20 %
// label noise: 0 / 7 / 24 → 0 / 7 / 22 (or over 32 features,
// repetitions 1 and 5: 0.74 → 1.000; none lost, no other accuracy
// changed); the not gate's top interaction names its target in 67 of 70
// fits instead of 66 (the false-extension rate stays at the test's 5 %);
// the five categorical tables (5×2 folds, seeds 101 and 202) identical to
// the last digit. Then, where every strong tuple is a single (a target
// single beside a chance one, four of session 9's 24 failures), the
// strongest single gives way to its extension, not only a lone one: 22 →
// 21 (and over 64 features, repetition 5: 0.74 → 1.000; or over 64,
// repetition 5: 0.75 → 0.87), none lost, top interaction = targets and
// 62 → 64, or 59 → 62, not 67 → 67 of 70; the categorical tables
// identical but spect_test on seed 202, 0.544 → 0.558. Measured and not
// adopted: session 9's conditional evidence (a tuple keeps its evidence
// only if its dependence with the label given the best tuple's cells
// passes a Bonferroni factor C(D, k)) applied only where the best tuple
// is a pair or larger, so that tables whose best tuple is a single keep
// their weak single effects: 21 → 15 fits below 0.97 at 20 %, but house
// votes 0.952 / 0.951 → 0.945 / 0.948 and spect_train 0.734 → 0.701 on
// seed 101 (their best tuples are pairs, beside real weaker effects).
//
// Session 12 read the seven polyclip fits below 0.97 at 20 % on seed 1
// (the README's table): four hold the target pair as the top tuple
// beside one chance tuple (and over 64 features, seeds 1 and 3: the
// single f32 or the pair (f2, f46); or over 32 and 64, seed 2: the single
// f19, whose rule overrides the gate on half the rows), one the target
// pair beside a pair that shares a target feature ((f5, f27) beside
// (f27, f56)), one no tuple with evidence (and over 128, seed 2). Three
// repairs were measured on them and not adopted. (1) Keep the weaker
// strong tuples only where an L2 logistic regression over the tuples'
// value cells predicts held-out rows (inner 5-fold) better with them than
// with the best tuple alone, by one standard error: in all four cases the
// chance tuple lowered the held-out loss by more than one standard error
// (0.56 → 0.52 ± 0.03 for f32), because it was chosen on all 128 rows and
// its chance dependence holds in every inner fold: no check on the same
// rows can undo the selection. (2) A tuple that shares a feature with a
// stronger strong tuple must add evidence to that tuple's cells (the
// union's likelihood-ratio test, Bonferroni over the features it could
// add): (f5, f27) beside (f27, f56) passes it (ΔG = 19.3 on 4 degrees of
// freedom, p·m = 0.042). (3) Where no tuple has evidence, the best
// screened tuple by score instead of random tuples: and over 128, seed 2,
// 0.687 → 0.516 (the best-scoring pair was a chance one). All at the
// evidence limit of 128 rows.
//
// Session 13 (Choose). The strong tuples were ranked by their own score,
// and on tables with many classes or many single effects the best scores
// are variations of one or two strong features: on soybean (683 rows, 35
// categorical columns, 19 classes; Debian's weka examples, a table the
// project does not ship) every one of the 64 runs of heads held a triple
// around leafspot-size and leafspots-marg, the features that tell its
// three largest classes apart (92, 91 and 91 rows) got no slot, and the
// network reached training accuracy 0.85 against a logistic regression's
// 0.93 on held-out rows. Rules of order 1 (main effects only) scored
// 0.961, order 2 0.944, a larger pool, cutoff or MainEffects nothing (the
// pool held the same triples). Choose now fills the runs by a forward
// stagewise fit of an additive logit over the candidates' value cells
// (see Choose): a tuple that explains rows an earlier one explains has
// little gain left. It takes as many tuples as the cutoff rule gives,
// then more only while the new tuple's dependence given the fit passes a
// Bonferroni-corrected Pearson test; it leaves tables alone where the
// cutoff rule gives one tuple or single features only, which is where
// label noise bites (the gates). Its settings (three Newton steps per
// tuple taken, an L2 penalty of one row's curvature, the Bonferroni test
// at EvidenceFDR) were set once, not tuned. 5×2 folds, macro-F1, seeds
// 101 / 202 ("score order → Choose"; logistic regression):
//
//   - five categorical shared tables: 0.8419 → 0.8426 (house votes 0.952 /
//     0.951 → 0.957 / 0.948, tic-tac-toe 0.987 / 0.986 → 0.991 / 0.988,
//     spect_train, spect_test and mushroom unchanged; logistic regression
//     0.8448);
//   - tables the project does not ship (seed 101): soybean 0.886 → 0.950
//     (0.960), a helper's audit table whose label is a disjunction over 5
//     of 30 city levels and 4 colour × shape pairs 0.755 → 0.804 (0.878:
//     pairs without evidence of their own are still missed), dna
//     (mlbench's splice junctions, 180 binary features, 3 classes) 0.947
//     (0.928), breast-cancer (Ljubljana), two and-of-three tables and a
//     five-class table unchanged;
//   - gates with label noise: see the README (seed 1 and seed 202).
//
// Variants measured on the same folds (five tables; soybean; audit
// table): the gain less the screening's BIC price of the tuple's cells,
// 0.8415, 0.952, 0.799, which a reviewer proposed because the raw gain
// of a tuple grows with its cells on labels it does not predict; it
// charges a tuple again for cells whose split the fit so far explains:
// on MONK's-1 the concept's triples (a1 = v, a2 = v, a5 = 1) lost to
// the pair (a1 = 2, a2 = 2) and the single a1 = 3, and the printed rules
// grew from four to six on every seed (every candidate has screening
// evidence, so no noise tuple is among them). It did better on house
// votes (seeds 1 and 101–404 of 5×5 folds: 0.952 → 0.954, against
// 0.950 adopted; seed 1 0.951 against 0.946): the former table held
// eight tuples all built on the physician-fee-freeze vote, and the
// adopted version trades some of them for weaker single votes (its
// held-out rule fidelity there, in a first version, 0.994 → 0.986).
// Without the rule that a tuple nested in one taken is not taken:
// 0.8430, 0.947, 0.780.
// Half Newton steps with a tuple taken again whenever its refit gains
// most (five tables 0.8437, soybean 0.956, audit table 0.782) cost 4 s
// more on mushroom's 8,124 rows, where the adopted version adds about
// 0.3 s to a 2.6 s fit; a sweep of one Newton step over every tuple
// taken after each new one (five tables 0.8436, soybean 0.961 on one
// 5-fold run) 1.5 s more on mushroom. RankByScore (--rank-by-score)
// restores the former rule.
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
// with the default screening order (the rule order, 3); an xor among
// 20,000 features (500 rows) too (see Screening).
//
// # Screening
//
// Cell counts are bit-parallel, as genome-wide epistasis screens (BOOST)
// count all SNP pairs: columns and class labels are bitsets of the rows,
// and the value cells of a tuple's first k−1 features (its prefix) are
// built once for all its last features j. For each prefix cell P only
// |P ∧ a_j| and |P ∧ y_c ∧ a_j| (classes but the last) are counted by AND
// and popcount; the off halves, the last class and the last prefix cell
// follow by subtraction. A pair (i, j) therefore costs popcount(a_i ∧ a_j)
// and popcount(a_i ∧ a_j ∧ y_c): C·⌈N/64⌉ word operations. The sums are
// taken in the order of the plain recursive count, so scores agree with
// it bit for bit (tested).
//
// Each tuple size is scored exhaustively when its work, C(D, k) tuples at
// about (min(2^(k−1), N)−1)·C·⌈N/64⌉ + 2·min(2^(k−1), N)·C word operations
// each, fits ScreenBudget (default 8·10⁹ operations); otherwise a beam
// extends as many of the best tuples of the size below (64..4096) as the
// budget pays for by every other feature, each extension scored as a whole
// k-tuple, so a tuple whose sub-tuples carry no signal is found when one of
// its sub-tuples is among the seeds (a tuple reachable from several seeds
// is scored once). A pure parity of k features has no signal in any
// sub-tuple, so no best seed singles out its sub-tuples: the beam
// therefore extends as many random tuples of the size below again (drawn
// uniformly, without replacement, by a generator seeded from the size and
// the feature count), and the log states the chance that a given silent
// k-tuple is reached, 1 − C(M−k, r)/C(M, r) for r random seeds among the
// M tuples of size k−1 beside the best (LevelCoverage.SilentFindProbability).
// Beyond the exhaustive sizes that chance is all there is: a 3-way parity
// among 24 features with a one-unit budget (64 best and 64 random pairs of
// 276) is reached with chance 0.66 and was found for 6 of 6 data seeds, the
// best pairs alone 3 of 6; among 1,000 features at the default budget the
// chance is about 10⁻³ (the parity search of the larger tuples, below,
// takes over).
// The budget is a count of operations, not a clock, so the
// choice between scan and beam, and with it the result, is the same on
// every machine and for every GOMAXPROCS; the work is spread over
// GOMAXPROCS goroutines (first features, or seeds, taken in turn) whose
// best tuples are merged by a total order (score, then tuple). Screen
// reports a Coverage (exhaustive up to which order, the beams, tuples
// scored, time), which training logs. ScreenContext stops when its context
// is done: the goroutines read a flag, set by context.AfterFunc, before
// each work item (a first feature, a seed, a prefix of a deeper scan), so
// a canceled screen of seconds returns within milliseconds, and the flag
// costs one atomic load per item, nothing measurable beside the item
// (BenchmarkScreen*, within the noise of the shared machine).
//
// Measured on the shared 2-core machine (load 10–20 from other jobs, so
// CPU time is the steadier figure): all 2·10⁸ pairs of 20,000 binary
// features over 500 rows take about 3 s of CPU (3.3 s for the whole test
// with the table's generation: about 7·10⁷ pairs a CPU-second, 15–17 ns
// a pair; 5.6 s of wall time at load 10, 11 s at load 19), and the xor
// among them is the top tuple; hornetctl train on that table (default
// order 3: pairs exhaustive, triples by a beam of 4096 pairs, 8·10⁷
// triples) learns it, accuracy 1.000 on 1000 fresh rows and 1.000 in
// each of 5 folds (it was 0.556 with the former 20 M-tuple budget). A 4-way parity
// among 48 features (512 rows) is found by the exhaustive 4-tuple scan
// (194,580 tuples) and learned (1.000 on 2000 fresh rows, seeds 1 and 2)
// with Order 4; with the default Order 3 no rule holds it and accuracy is
// 0.50. BenchmarkScreenPairs reports pairs/s.
//
// Where the pairs are beyond the budget (about 25,000 features over 500
// rows, 36,000 over 128), the beam reaches an xor pair only through a
// random seed: over 50,000 features over 300 rows, 4,096 random seeds give
// it chance 0.17. A parity search therefore runs beside the beam
// (screen_parity.go): y = a_i ⊕ a_j, up to noise, makes a_j a near-match
// of a_i ⊕ y in Hamming distance, which bit sampling (Indyk and Motwani,
// 1998) finds by hashing: T tables each sample b = ⌈log₂ D⌉ + 1 rows, a
// feature's key is its bits there read up to complement, and every pair
// whose a_j and a_i ⊕ y share a key in some table is scored exactly as
// the beam's pairs are (each at most once). A pair agreeing with the
// label on a share q of the rows shares a table's key with chance
// h = ∏ (qN − i)/(N − i) over the b rows drawn without replacement from
// the N (at most q^b, and 0 where a table samples more rows than the pair
// agrees on), unrelated ones with about 2^(1−b), so a table proposes
// about D pairs, and T is sized for chance 0.99 at q = 0.8 (an xor under
// 20 % label noise), within half the budget more; the log states the
// chance reached (LevelCoverage.ParityFindProbability). Where a table
// samples every row, one table proposes what any number would. With more
// than two classes each class against the rest is the label in turn.
// Keys shared by more than 16 + 4·⌈2D/2^b⌉ features (nearly constant
// ones, whose xor with another is nearly that other, a signal the beam
// holds) are passed over, so a table proposes at most that many pairs a
// feature. Measured (`hornetctl synth --gate xor --features 50000 --rows
// 300 --seed 5`, then `train`, 2 cores beside other jobs): 228 tables of
// 17 rows proposed 3.0 million pairs beside the beam's 376 million; the
// xor is the decision list, 1.000 on 500 fresh rows; 19.8 s in all
// (with the faster training loop and pair beam of the same session),
// where before the fit took 62 s and ended on chance triples. Tables
// whose pairs are scored exhaustively (every shared table and gate) are
// unchanged.
//
// The triples, and the larger tuples of a rule order above 3, have a
// parity search of their own (session 25, screen_parity_deep.go), since
// beyond their exhaustive scan (triples: about 500 features over 500
// rows) a random seed was the only way to an xor: an xor of three among
// 1,000 features over 500 rows was reached with chance 0.0015 and the fit
// scored 0.50 on fresh rows; an xor of four among 100 (--order 4) with
// chance 0.006. It meets in the middle: y = a ⊕ b ⊕ c makes a ⊕ y a
// near-match of b ⊕ c (for four features, a ⊕ b ⊕ y of c ⊕ d), so a
// table keys the left parts of ⌊k/2⌋ features by their sampled bits of
// their xor with y and looks every right part of ⌈k/2⌉ features up by the
// xor of its features' keys, an xor of two words a part; the C(D, ⌈k/2⌉)
// right parts are enumerated, not scored. The meeting is symmetric in
// the tuple's features, so a tuple is taken through the one split whose
// left part holds its smallest features, once a table. A table of b rows
// proposes about C(D, k)·2^(1−b) chance tuples; b is chosen to make the
// tables needed for chance 0.99 at 80 % agreement cheapest (more rows,
// more tables but fewer chance tuples), and the tables within a quarter
// of the budget. A table of a million right parts or more, or whose
// indexes built side by side would pass 256 MB, is cut into 16 ranges so
// that all cores share it; smaller tables are built side by side; the
// result is the same for every GOMAXPROCS, and ParityMemory, part of
// train.EstimateMemory, bounds what the search holds. Measured, 500 rows:
// triples over 1,000 features, 217 tables of 17 rows (chance 0.99), 0.24
// s a search; over 3,000 features, 52 tables of 19 rows (chance 0.44 at
// 80 % agreement, 1 for a clean parity), 0.44 s; about 5·10⁸ pairs looked
// up and 2·10⁶ triples scored a second; 4-tuples over 160 features and
// 256 rows, 292 tables of 18 rows, 0.40 s (BenchmarkParityDeep). Over
// 20,000 features one table's pairs alone cost more than the quarter,
// and no triples' search runs; nor does one that would index more than a
// million left parts (4-tuples over about 1,450 features: about 130 MB a
// table in flight). What evidence a parity has is the
// screening's test, not the search's: an xor of five under 15 % noise
// over 256 rows (32 cells of 8 rows) has G ≈ 138 against its BIC price
// 31·ln 256 = 172, so it is proposed and not kept; over 512 rows it is
// (TestParityDeepFindsXorOfFourAndFive).
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
// # Decision lists
//
// The rules Table.Read prints describe the network's weights; they do not
// reproduce its predictions. Extract builds an ordered decision list that
// does, from the network's predicted class of each training row and its
// feature tuples, best first:
//
//  1. Candidates are the tuples' value cells: for each tuple (its first
//     five features; pseudovariables ignored) every non-empty partial
//     assignment, each feature absent, = 1 or = 0, so at most 3⁵ − 1
//     conjunctions a tuple and never two literals on one feature. A
//     conjunction that another tuple already gave, that covers the same
//     rows as an earlier one, or that covers no row, is dropped. Rows are
//     bitsets, as in screening.
//  2. For a default class d, sequential covering against the predictions,
//     not the labels: while some undecided row is predicted as c ≠ d, add
//     the candidate covering the most undecided rows all predicted as one
//     class c ≠ d (ties: fewer literals, then the earlier tuple, then the
//     order of the cells), as the rule "→ c". When there is none, try an
//     exception, a pure rule for d (it changes no decision but takes rows
//     out of the way of a later pure rule: f3 ∧ ¬f7 from the single tuples
//     (f3) and (f7) is "f3 = 0 → 0, f7 = 0 → 1, else 0"), and an impure
//     rule: the candidate and class c ≠ d that most raise the agreement
//     with the network, |covered ∧ c| − |covered ∧ d| > 0, among those
//     whose covered rows are mostly predicted as c. Both orders of these
//     two fallbacks are built. When neither finds a rule the list stops;
//     the rows left go to the default and Fidelity shows the cost.
//  3. Pruning to minimal clauses: each whole rule, then each literal of a
//     rule (never its last), is dropped when the agreement with the
//     network does not fall and no rule comes to contradict the network
//     on most of the rows it decides; repeated until nothing changes.
//     With a faithful list (Fidelity 1) this keeps exactly the rules and
//     literals whose removal changes some decision.
//  4. Of the lists for every default and fallback order, the one with the
//     highest fidelity wins, then the fewest literals, then the fewest
//     rules, then the smaller default. Literals come before rules, as in
//     the usual description length of a rule set: on MONK's-1 the concept
//     in one-hot form (a5=1 → 1, a1=1 ∧ a2=1 → 1, a1=2 ∧ a2=2 → 1,
//     a1=3 ∧ a2=3 → 1, else 0: 4 rules, 7 literals) would lose to
//     "a1=v ∧ a2≠v ∧ a5≠1 → 0 for v = 1, 2, 3, else 1" (3 rules, 9
//     literals) if rules counted first. The rule count still decides
//     between equal literal counts: on or, "¬a ∧ ¬b → 0, else 1" beats
//     "a → 1, b → 1, else 0".
//
// No rule states a class that most of the rows it decides contradict, as
// judged against the network: pure rules hold none, impure ones are
// admitted only with a majority, and pruning keeps it so. Judged against
// the labels (Evaluate with y), a rule may still fall below one half
// where the network itself is wrong; it is kept, because step 3 already
// dropped every rule whose removal does not lower fidelity: the list
// describes the network, and Precision shows where it and the labels
// part.
//
// Evaluate recomputes each rule's and the default's Support (rows it
// decides), Correct and Precision with its 95% Wilson score interval (0
// and [0, 1] on no rows), Fidelity, Accuracy and NetworkAccuracy, on any
// rows. Extract is fast because the candidates come from the tuples only:
// 1000 rows, 2000 features and 64 tuples of five take about 45 ms for a
// network that learned xor, about a second when its predictions are
// noise (the list then has a hundred small rules, and Fidelity says it).
// With many classes (session 23): step 2 finds a candidate's class from
// one of its rows (a pure rule) or by counting its rows (the majority an
// impure rule needs) instead of testing every class, and step 4 tries one
// class the network never predicts, not each (they all give the same
// list, and ties go to the earlier); both choose what the full scans
// chose (TestPureGainMatchScan, TestExtractSkipsUnpredictedDefaults).
// BenchmarkExtractClasses, 1000 rows, alternating runs: 256 classes
// 0.94 s → 0.053 s, 64 classes 59 → 14 ms, 2 classes unchanged; hornetctl
// train --epochs 1 on 5000 rows of 8 flags and 5000 classes (one a row)
// took over 15 minutes in rule extraction, now 6 s beside the epoch's 30.
//
// Measured and not adopted (session 14): rules across tuples. Where no
// tuple's cell is a pure rule, a cell extended by one literal of any
// other feature of the tuples (the pure extension covering the most
// undecided rows) as the next rule, before the exception and impure
// fallbacks. Held-out rule fidelity (`cv`, 5 folds, seed 101; the
// network's predictions are unchanged): soybean 0.826 → 0.928 and dna
// 0.937 → 0.946, but spect_test 0.979 → 0.851, spect_train 0.988 →
// 0.925, house votes 0.989 → 0.984, tic-tac-toe 0.991 → 0.989: the
// extensions are faithful on the training rows and displace the
// fallbacks that carry over to new rows. Admitting an extension only
// where its purity is unlikely by chance ((n_c/n)^m times the literals
// tried, and times the cells, below 0.05) still leaves spect_test at
// 0.79–0.80; trying the extensions only where both fallbacks fail
// changes nothing (soybean 0.827). The many-class tables' fidelity is
// still the weakest (soybean 0.83 on held-out rows) and printed as such.
//
// Session 16: a single-feature tuple for every feature (Config.Singles,
// hornetctl --singles), off by default. Where the strong screened tuples
// leave tuples free, they cycle; with Singles the free tuples go to one
// feature each, best first by the G statistic of its own two cells
// (RankSingles, SinglesAdded): a main effect for every feature, as a
// logistic regression has. Session 15's prototype (features in index
// order; `cv` 5 folds, seeds 101 / 202) lifted eight additive binary
// tables (logistic label over 5 or 15 of 20 or 60 flags, 200 or 400
// rows) 0.675 / 0.661 → 0.702 / 0.698, house votes 0.957 / 0.942 →
// 0.961 / 0.959, spect_test 0.590 / 0.604 → 0.646 / 0.676, spect_train
// 0.670 / 0.749 → 0.735 / 0.759, at lower rule fidelity (spect 0.99 →
// 0.81–0.91), and ruined the gates under label noise (seed 202, 20 %:
// mean accuracy 0.984 → 0.877, cells with a fit below 0.97 8 → 29; clean
// xor and xnor over 64–128 features 0.80–0.92): a rule slot for every
// noise feature. Session 16's ranked version on a seed used for no
// choice (`cv` 5 folds, seed 303, off → on): the additive tables 0.6616
// → 0.7101 (seven of eight up, add_400_20_5 0.7595 → 0.7471), house votes
// 0.9469 → 0.9591, spect_train 0.718 → 0.7407, spect_test 0.5468 →
// 0.7556, tic-tac-toe 0.9873 → 0.9896; held-out rule fidelity 0.84–1.00 →
// 0.64–0.97.
//
// Two inner checks to choose it per table were measured and not adopted.
// (1) Training the network both ways on five inner folds of the training
// rows and taking the singles where the held-out class-weighted log-loss
// is lower by more than 1.645 standard errors of the paired per-row
// difference: the additive tables 0.6751 → 0.6866 (seed 101; it chose
// the singles on add_200_20_15, z 3.44, and add_400_20_15, +0.071, and
// kept the table on the others), but ten more fits per categorical fit:
// those eight `cv` runs took 32.8 → 400.8 s, and `go test ./...` 9 min
// instead of 2. (2) A cheap stand-in for the network: the same test on
// two L2-penalised multinomial logits (the penalty of a C = 1 logistic
// regression), one over an indicator per value cell of each strong tuple,
// the other with the added features' columns beside them. It keeps the
// table on every gate at 20 % noise (45 tables, 5 gates × 16 / 64 / 128
// features × 3 seeds: z −5.6 to 0.08), but also on every additive table
// (z −3.7 to 0.7), spect and house votes (z −2.7 to −1.0), and takes the
// singles on tic-tac-toe (z 3.8, held-out loss 0.0268 → 0.0261): the
// logit over many one-hot cells overfits where the network, trained
// with dropout and early stopping, does not. A check that is both
// faithful and cheap is still open.
//
// Session 17: evidence singles, on by default (Config.NoEvidenceSingles
// switches them off, hornetctl --no-evidence-singles). Where the strong
// tuples leave tuples free, the features that no strong tuple holds and
// whose own G test passes the Benjamini–Hochberg test at EvidenceFDR
// among those features (EvidentSingles) get them, best first: a main
// effect only where the data show one that the interactions leave
// unexplained. A gate's inputs are in its tuple and a noise feature
// rarely passes, so unlike Singles this holds up on noisy gates. Variants
// measured (`cv` 5×2 folds, seeds 101 / 202, mean macro-F1 of eight
// additive binary tables, logistic label over 5 or 15 of 20 or 100 flags,
// 200 or 400 rows; house votes; spect_train; gates: `bench synthetic
// --reps 5 --label-noise 0.2 --activation polyclip`, seed 202, mean
// fresh-row accuracy of 175 fits):
//
//	                           additive         house votes      spect_train      gates 20 %
//	none (session 16 default)  0.7028 / 0.6883  0.9530 / 0.9494  0.6903 / 0.7480  0.9838
//	every feature (Singles)    0.7340 / 0.7312  0.9576 / 0.9554  0.7164 / 0.7463  (0.877, session 15)
//	BH over all features       0.7165 / —       0.9577 / —       0.6910 / —       0.9809
//	Storey's π̂0 count         0.7335 / —       0.9554 / —       0.7293 / —       0.9443
//	BH all, uncovered only     0.7159 / 0.7110  0.9565 / 0.9556  0.7036 / 0.7674  0.9839
//	Bonferroni, uncovered      0.7038 / 0.6943  0.9566 / 0.9519  0.6903 / 0.7542  0.9838
//	BH among the uncovered     0.7065 / 0.7011  0.9565 / 0.9556  0.6903 / 0.7676  0.9838
//
// "BH all, uncovered only" (the first version committed) lost on the
// reported seed 1 gates at 15 % noise (polyclip mean accuracy 0.9997 →
// 0.9964, three cells with a fit below 0.97 instead of one): screening's
// test over all features loosens with every real effect, and an or gate
// over 64 features had two noise features at p = 0.002 pass it as ranks 3
// and 4 behind its targets (fresh-row accuracy 1.000 → 0.778). Testing the
// uncovered features as their own family (the last row, adopted) repairs
// that; the cost left on noisy gates is small and real: a noise feature
// with chance evidence among the uncovered still gets a tuple now and
// then (and over 64 features, seed 5, 15 %: f42 at p = 7e-4, fresh-row
// accuracy 1.000 → 0.890), and mean accuracy over 175 fits moves 0.9997 →
// 0.9990 (seed 1, 15 %), 0.9909 → 0.9901 (seed 1, 20 %), 0.9956 → 0.9950
// (seed 202, 15 %), 0.9838 → 0.9838 (seed 202, 20 %), 0.9732 → 0.9725
// (seed 303, 20 %). On seed 303, used for no choice (`cv` 5×2): the
// additive tables 0.6843 → 0.6960, house votes 0.9397 → 0.9540, soybean
// (weka's copy) 0.9490 → 0.9487, spect_test, spect_train and tic-tac-toe
// identical. On a table never used before (weka's supermarket baskets:
// 216 department flags, class total spend low / high; three draws of 400
// of its 4,627 rows; `cv` 5×2, seed 303): 0.7536 / 0.7308 / 0.7146 →
// 0.7796 / 0.7681 / 0.7707, held-out fidelity 0.91 / 0.84 / 0.82 → 0.80 /
// 0.79 / 0.75; `bench real` on the same files (5×2, seed 303) puts HorNets
// above the logistic regression on all three (0.7754 / 0.7349 / 0.7741
// against 0.7733 / 0.7189 / 0.7673). Held-out rule fidelity falls where
// singles are added (seeds 101 / 202 / 303: house votes 0.985 / 0.977 /
// 0.982 → 0.970 / 0.972 / 0.974; the additive tables 0.914 / 0.905 /
// 0.919 → 0.899 / 0.883 / 0.898; soybean 0.920 → 0.907): an additive
// network is harder for a decision list over its tuples to reproduce.
//
// Session 18, measured and not adopted: session 16's two inner checks
// for choosing Singles per table, re-measured against session 17's
// default (evidence singles) rather than against no singles, and a third.
// Each takes Singles only where its held-out class-weighted loss on five
// inner folds of the training rows is lower by more than one standard
// error of the rows' paired differences (HalvesCheck's margin; session
// 16 used 1.645): (v1) session 16's stand-in, an L2 logit at C = 1 over
// the one-hot value cells of each candidate rule table's distinct tuples;
// (v2) new: the same at the best of 1, 4, 16 and 64 times that penalty
// for each table, since session 16 found the C = 1 logit overfitting
// where the network does not; (v3) the networks themselves, five inner
// fits of each candidate. `cv` 5×2 folds, seed 101, macro-F1; eight new
// additive tables (200 or 400 rows, 20 or 60 flags, a logistic label
// over 5 or 15, effects 0.8–2.0 times √(5/k); a script outside the
// repository), and the four binary shared tables (Singles chosen in how
// many of the ten fits):
//
//	                     default  Singles  v1            v2            v3
//	eight additive       0.6566   0.6855   0.6575 (1/80) 0.6760 (20/80) 0.6647 (17/80)
//	house votes          0.9565   0.9576   0.9577 (1)    0.9564 (5)    0.9553 (3)
//	spect_test           0.5743   0.6790   0.5743 (0)    0.5743 (0)    0.6153 (6)
//	spect_train          0.6903   0.7164   0.6903 (0)    0.6903 (0)    0.6848 (1)
//	tic-tac-toe          0.9890   0.9856   0.9850 (9)    0.9850 (9)    0.9890 (0)
//
// and the gates at 20 % label noise (`bench synthetic --reps 5 --seed 202
// --label-noise 0.2 --activation polyclip`, mean fresh-row accuracy of
// 175 fits; default 0.9838, as in session 17): v1 0.9832 (Singles in 2
// fits; the cell and over 3 features 1.000 → 0.978), v2 0.9824 (4 fits:
// not over 128 features 1.000 → 0.940, or over 128 0.840 → 0.871, and
// over 3 1.000 → 0.978), v3 0.9829 (5 fits: and over 3 1.000 → 0.978,
// over 4 1.000 → 0.988); the clean gates (seed 202) stay 1.000 everywhere
// under v1 and v2 (Singles in 44 of 175 fits, at 3–16 features). The
// penalty choice makes the stand-in take Singles on the additive tables
// where it helps (add 15 effects: three of four tables, +0.03 to +0.06)
// and not where it hurts (5 effects over 60 flags), but the stand-ins
// still choose against the networks on the real tables: where Singles
// helps the network most (spect_test, spect_train) they never choose it,
// and on tic-tac-toe, where it does not, they do; and v2 gives a not
// gate over 128 features at 20 % noise a table of 64 tuples, the target
// and 63 noise features. The
// networks' own inner fits choose it on spect_test, but their held-out
// loss is that of overconfident networks (spect_test: class-weighted log
// loss 1.0–2.3 per row, above the prior's ln 2, with a standard error of
// 0.16–0.6), so the choice is noisy (inner macro-F1 favoured Singles in
// all ten spect_test fits, the loss in six) and it costs ten more fits
// per fit (`cv` 5×2 wall time, other runs sharing the machine: house
// votes 7.7 → 55.5 s, tic-tac-toe 27.5 → 138 s). None is adopted. A
// check by held-out macro-F1 with a sign test, as the boundary check's,
// is the obvious next thing to measure.
//
// Also measured in session 18, with a prototype each, not adopted. (1)
// Residual singles: after the strong tuples and the evidence singles,
// Choose's additive logit fitted over their cells, then the uncovered
// features added, best gain first, while the best one's Pearson
// statistic given that fit passes Bonferroni over them at EvidenceFDR
// (a sequential-covering test, which might find the disjunction that
// spect_test's rare "normal" class is the complement of). On spect_test
// (seed 1, whole table; the table holds five singles, F13, F22, F7, F21,
// F20) the best uncovered feature scores p·m = 0.23, on spect_train 0.33:
// the features Singles adds there (F10, F11, F15, F17 in spect_test's
// decision list, 4–14 rows each) carry no evidence one by one; their
// gain is a logistic regression's, many small effects kept by shrinkage,
// which no test on single features reproduces. (2) That shrinkage in the
// network: Singles with an L2 penalty on CatInt's output weights W,
// s/(n·R²) (the softmax over R slots makes a logit's coefficient about
// W/R; s = 1 is a C = 1 prior on it), gates at 20 % label noise (seed
// 202, and, or, not and xor over 32 and 128 features, 5 fits a cell, mean
// fresh-row accuracy; the default gives 0.952 over these cells, 0.840 to
// 1.000 each):
// s = 0 0.770, 10 0.787, 100 0.806, 1000 0.811 (xor over 32 features
// 0.854 → 0.678): the noise singles' harm is not in the output weights'
// size alone.
//
// Session 18: a joint test of the uncovered features, on by default
// (Config.NoJointSingles, hornetctl --no-joint-singles, switches it off). Where
// the strong tuples and the evidence singles leave tuples free, an
// additive logit over their value cells is fitted to convergence and the
// features neither holds are tested together: the sum of their Pearson
// statistics given that fit against a chi-squared on their summed degrees
// of freedom (UncoveredJointTest); where it passes at EvidenceFDR every
// feature gets a single-feature tuple, as with Singles. Many weak effects
// that no single test admits pass together; the rest of a gate, noise
// once its tuple is fitted, does not. The fit needs care: Choose's
// booster moves each class's cell logit by its own diagonal Newton step,
// which over a softmax moves the logit differences C/(C−1) times too far
// (twice for two classes), so that its steps oscillate; a not gate over
// 128 features with 20 % flipped labels, its target the only tuple, then
// sums to 290 on 127 degrees of freedom after three steps and 4,784
// after ten, and a first version of the test (its fit as Choose's) took
// Singles in 27 of its 173 runs on the noisy gates (seed 202, 20 %, the
// boundary check's inner fits included: mean fresh-row accuracy 0.9838 →
// 0.9718). Damped by (C−1)/C the fit
// converges in a few steps (that gate: 98.9) and the test is quiet on
// gates. `cv` 5×2 folds, macro-F1, the eight additive tables above and
// the binary shared tables, the default, with the test (how many of the
// ten fits took Singles; measured with a prototype that ran ten rounds of
// the fit and tested every uncovered feature, constant ones included,
// which gives spect_test's statistic as the shipped code does, 28.4 on
// 17 degrees of freedom, p = 0.041) and Singles:
//
//	seed 101            default  joint test  Singles
//	add 200×20, 5       0.6943   0.6943 (0)  0.7408
//	add 200×20, 15      0.5897   0.6411 (8)  0.6765
//	add 200×60, 5       0.7331   0.7331 (0)  0.6655
//	add 200×60, 15      0.6168   0.6168 (0)  0.6764
//	add 400×20, 5       0.7298   0.7298 (0)  0.7153
//	add 400×20, 15      0.6755   0.7150 (7)  0.7306
//	add 400×60, 5       0.6840   0.6840 (0)  0.6658
//	add 400×60, 15      0.5294   0.6131 (10) 0.6131
//	mean of the eight   0.6566   0.6784      0.6855
//	house votes         0.9565   0.9565      0.9576
//	spect_test          0.5743   0.5800      0.6790
//	spect_train         0.6903   0.6903      0.7164
//	tic-tac-toe         0.9890   0.9890      0.9856
//
// It takes Singles only on tables where Singles helps, never where it
// hurts, and leaves most of Singles' gain on spect_test and spect_train
// (there the uncovered features' dependence is weak even together). Seed
// 202, the same way (default → joint test): the eight additive tables
// 0.6468 → 0.6674 (four up, by 0.013 to 0.061; four identical), spect_test
// 0.6043 → 0.6139, house votes, spect_train and tic-tac-toe identical.
// Gates at 20 % label noise (polyclip, 175 fits): seed 202 0.9838 →
// 0.9832, seed 1 (both activations) 0.9901 → 0.9895 and 0.9929 → 0.9923,
// each time one fit of a gate over 3 features whose one uncovered
// feature passed by chance (or over 3, seed 1: 1.000 → 0.893). A joint
// test of one feature is no joint test, and EvidentSingles has tested
// that feature already: the shipped test runs only where two features or
// more are left, and with that rule the seed-1 rows are those of the
// default without the test, to the last digit (and seed 202's: 0.9838,
// every cell as without the test). The clean gates
// and 15 % (seed 202; seed 1: 0, 10 and 15 %) are unchanged. The
// README's real-table comparison (`bench real`, 5×5, seed 1) is
// unchanged: house votes 0.9535, mushroom 1.000, spect_train 0.7199 and
// tic-tac-toe 0.9917 with and without the test (the continuous tables
// never run it).
// On tables and a seed used for no choice (eight additive tables drawn
// afresh the same way, script seed 19; `cv` 5×2, seed 303): 0.6569 →
// 0.6862 (six up, by 0.007 to 0.100; two identical), spect_test 0.5873 →
// 0.6178, house votes, spect_train and tic-tac-toe identical; spect_test
// in the README's protocol (`hornetctl bench real`, 5×5 folds, seed 1)
// 0.5673 → 0.6196, the logistic regression 0.5822.
//
// Measured in session 18 and not changed: Choose with the same damping
// of its booster's Newton steps ((C−1)/C; Choose fits each tuple taken
// with three steps before looking for the next, and tests the next given
// that fit). `cv` 5×2, seed 101: the eight additive tables identical but
// three (400×20, 5: identical macro-F1, held-out rule fidelity 0.930 →
// 0.901; 400×20, 15: 0.7150 → 0.7064; 400×60, 5: 0.6840 → 0.6843),
// house votes 0.9565 → 0.9554, spect_train 0.6903 → 0.6967, tic-tac-toe
// 0.9890 → 0.9925, spect_test identical; gates at 20 % label noise
// (seed 202) identical. No direction on one seed; the undamped steps stay
// until a session measures it on more.
//
// Session 51: where the taken tuples fit every training row, the joint
// test cannot pass. Its fit is the unpenalised optimum, and an additive
// logit over many cells on few rows nearly reaches the training labels. On
// promoter (106 rows, 57 bases one-hot; 15 evidence singles and 6 strong
// tuples, some of them triples) the statistic is 0.013 on 205 degrees
// of freedom. Real tables show the same to a lesser degree: house votes
// 0.9 on 18, spect_train 3.1 on 13, weka's breast-cancer 16.1 on 33,
// income 181 on 320 (`train --seed 2`). An L2 penalty of chooseL2 on the
// cells' logits in that fit (a scratch build) moved promoter's
// statistic only to 6.1. There `--singles` would help: `cv`, 5×2
// folds, seeds 5050 / 4949, macro-F1 0.891 / 0.919 → 0.929 / 0.928
// (`--linear` 0.920 / 0.943). An in-sample test cannot tell taken
// tuples that explain the label (a clean gate) from taken tuples that
// have memorised the rows; held-out rows can, which is the singles check
// by inner folds that session 18 left open. Not changed.
//
// Session 19 measured it on two more seeds (`cv` 5×2, seeds 404 and 505,
// undamped → damped): the four binary categorical shared tables 0.8147 →
// 0.8153 (house votes 0.9613 / 0.9456 → 0.9565 / 0.9455, spect_train
// 0.7145 / 0.7099 → 0.7214 / 0.7164, tic-tac-toe 0.9890 / 0.9861 →
// 0.9873 / 0.9844, spect_test identical), sixteen additive tables of
// session 18's design (eight per script seed, 18 and 19) 0.6720 → 0.6720
// (6 up, 5 down, by 0.005 at most), all 40 fits 0.7005 → 0.7007. Over
// seeds 101, 404 and 505 house votes falls every time (−0.0011, −0.0048,
// −0.0001) and spect_train rises every time (+0.0064, +0.0069, +0.0064):
// the damping moves rows between weak tuples, and the mean does not
// move. Left undamped: the textbook step would change every default
// model of tables with several strong tuples for no measured gain.
//
// Session 29: the best pair where no tuple has evidence
// (Config.PairFallback, an option, measured and not the default). Of
// the 20 polyclip fits below 0.97 at 20 % label noise on seed 202 (the
// and and or gates, 10 a cell), 12 do not have the target pair as their
// top tuple, and in several of those screening finds no tuple with
// evidence, so random tuples fill the table and learn the flipped labels
// (and over 128 features, seed 202: training accuracy 1.000, 0.607 on
// clean rows, below the 0.75 of predicting the majority). Yet among the
// pairs the target scores highest in 8 of the 12 (there: G = 23.6 on 3
// degrees of freedom, p ≈ 4·10⁻⁵, not significant among 8,128 pairs,
// and dropped by the sub-tuple test for its single feature); in three of
// the other four the best pair holds one target feature and a chance
// partner. Screening now reports each size's best tuple and its score
// (LevelCoverage.Best, BestScore; nothing else changes, the default
// models are byte-identical), and with PairFallback the best pair takes
// the slots random tuples would take (Candidate.Fallback; the singles and
// the joint test then run beside it as beside any strong tuple) where its
// score is positive (its G above its BIC penalty) and its two features
// interact (PairInteraction: the model without a three-way interaction,
// [AY][BY][AB], rejected at 5 %, model.FallbackInteractionP). Session
// 12's repair (3) took the best screened tuple, the list after the
// sub-tuple test, which was a chance pair there; the best pair of the
// pair level is the target (and over 128, seed 2: 0.687 → 1.000). Fits
// below 0.97 on 1,000 clean fresh rows, defaults → PairFallback, side by
// side (in brackets: the first version, without the interaction test):
//
//	seed 202, and and or, polyclip, 10 a cell   20 %: 20 → 16, 4 better, none worse (the same); 15 %: 4 → 4, every fit identical
//	seed 1, every gate, both activations, 5 a cell (the README's table)
//	                                            20 %: 6 → 4, none worse (the same fits); 15 %: every fit identical (first version)
//	seed 303 (used for no choice), and and or, polyclip, 10 a cell
//	                                            20 %: 37 → 34, 3 better, 1 worse: and over 64, seed 304, 0.644 → 0.385
//	                                            (37 → 32, 5 better, the same 1 worse)
//
// It is not the default because random tuples predict better where the
// signal is many weak effects and the rows are few, and the interaction
// test does not tell them apart there: the best of many pairs is chosen
// for its G, and its interaction is inflated with it. Sixteen synthetic
// tables (eight additive, a logistic label over 5 or 15 of 20 or 60
// flags; eight disjunctions of one to three conjunctions with 10 or 20 %
// of the labels flipped; 200 or 400 rows), `bench real --folds 2
// --repeats 5 --seed 101`, mean macro-F1 0.6854 → 0.6788 (5 down, by up
// to add_r200_f60_e15's 0.587 → 0.538; 1 up) (0.6779). The interaction
// test is what keeps the real tables: the eleven categorical tables of
// package train's session 27 (same command) 0.8195 → 0.8202, spect_train
// 0.660 → 0.662 and MONK's-2 0.490 → 0.496, the nine others identical
// (first version 0.8141: spect_test 0.614 → 0.563, below the logistic
// regression's 0.580, spect_train 0.660 → 0.652).
//
// Measured and not adopted: choosing the pair per table by inner fits
// (three partitions into five folds, random tuples against the pair, the
// search run again on each inner training set, sign test at 5 % as
// package train's TupleCheck). On the five fits the pair repairs (and
// over 64 and or over 64, seed 209; or over 128, seed 203; and over 128,
// seeds 202 and 2) it kept the random tuples every time (held-out
// predictions right with the pair only against random tuples only:
// 65/52, 65/80, 77/81, 77/69, 45/92): inner training sets of 102 rows
// rarely rank the target pair first. It also cost 30 inner fits (train
// on and over 128, seed 202: 1.9 → 10.4 s).
//
// Session 32: a lone single's partner (issue 10, goal 4). Of the 22
// polyclip fits below 0.97 at 20 % label noise on seed 303 (and and or,
// 10 a cell), 12 hold single features only (a target single alone reads
// the gate's mixed cell as one class: accuracy about 0.75), 3 a chance
// pair, 6 random tuples (no tuple with evidence), 1 a chance triple
// beside the target pair. What 128 rows allow: scored outside the
// package (a scratch program over data.Synth's draws, the same rows),
// choosing the pair of largest G statistic and predicting each of its
// cells' majority gives 136, 131, 136 and 134 of 140 fits at or above
// 0.97 on seeds 202, 303, 404 and 505 at 20 % (139, 139, 140, 138 at
// 15 %); the target pair's own cell majorities are right in all 140 on
// every seed, and a target single's best pair (its best partner by G)
// gives 134, 129, 131, 131. So most lone-single fits lose to the test,
// not to the rows: and over 16 features, seed 304, 33 of 128 labels
// flipped, the target f7 splits the single f2's positive cell 18/11
// against 8/22 (G = 7.7, p = 0.006), which the extension test's factor
// 2(D − 1) = 30 does not pass. Session 10 dropped the test and took any
// best dominated pair, and the not gate, whose single is the concept,
// then named a chance partner in its top interaction in every fit. A
// single's Partner is now its best pair where the added feature reverses
// the majority class of one of the single's two value cells
// (screener.reverses, replaced in session 36: the pair predicts
// something the single does not; a not gate's chance partner reverses no
// cell of a single whose cells are 80/20), and where the single is the only strong tuple and has no
// Extension, the Partner takes its slots (Config.ExtensionTest and
// hornetctl --extension-test keep the test alone). Beside other strong
// singles it does not: two target singles of an or gate express the gate
// already. Side by side with session 31's defaults (bench synthetic
// --gates and,or --activation polyclip --reps 10 --label-noise P --seed
// S, fits below 0.97 on 1,000 clean fresh rows; seeds 202 and 303 chose
// it, 404 was run after the choice):
//
//	seed 202   20 %: 16 → 14 (mean 0.9708 → 0.9753; 5 better, none worse)   15 %: 4 → 3 (1 better, none worse)
//	seed 303   20 %: 22 → 17 (0.9531 → 0.9641; 8 better, 1 worse: or over 128, seed 308, 0.755 → 0.739)   15 %: 5 → 4 (1 better, none worse)
//	seed 404   20 %: 9 → 8 (0.9861 → 0.9877; 1 better, none worse)   15 %: 3 → 3 (every fit identical)
//
// The README's table (seed 1, every gate, both activations, clean and
// 10–20 % noise) is identical fit by fit, the not gate's top interaction
// included. The default models of the twelve shared tables trained with --seed 2
// (house votes, spect_train and spect_test, tic-tac-toe, the MONK's
// training files, iris, wine, sonar, ionosphere, breast cancer) are
// byte-identical: on the whole tables no lone single leads without an
// extension. Macro-F1 on cross-validation folds, where one can, session 31
// → session 32 (bench real --folds 2 --repeats 5): the eleven
// categorical tables 0.8202 → 0.8237 (seed 101) and 0.8159 → 0.8161
// (seed 202), spect_train +0.041 / +0.005 (logistic regression 0.705 /
// 0.696) and weka's breast-cancer −0.003 / −0.003, the nine others
// identical; the sixteen synthetic binary tables 0.6851 → 0.6875 (seed
// 101; three up by up to 0.031, one down by 0.001); weka's tables used
// for no choice (--folds 5 --repeats 2 --seed 101) identical, 0.7482;
// the README's 5×5 protocol (seed 1) on house votes, mushroom,
// spect_train and tic-tac-toe identical to the last digit, and so are the
// published MONK's and SPECT splits.
//
// Measured in session 32 and not adopted:
//   - the Partner for the strongest of several strong singles too (as
//     session 11's Extension): on seeds 202 / 303 / 404 at 20 % 16 → 13,
//     22 → 17 and 9 → 9 (or over 128, seed 408: its two target singles,
//     1.000, gave the stronger one's slots to a chance pair, 0.886), the
//     categorical tables 0.8202 → 0.8232 and 0.8159 → 0.8159
//     (spect_train +0.036 / +0.005, weka's breast-cancer −0.003 /
//     −0.006), the synthetic tables 0.6851 → 0.6871, weka's tables 0.7482
//     → 0.7463 (breast-cancer 0.629 → 0.618: its strongest single,
//     deg-malig > 2.5, sits in a cell near one half that a small subgroup
//     reverses by chance in some folds).
//   - the best pair without the reversal (any best dominated pair, as
//     session 10, for any table of singles): 20 % 16 → 14 and 22 → 16,
//     15 % 4 → 3 and 5 → 4, the categorical tables 0.8202 → 0.8209
//     (spect_test −0.024) and 0.8159 → 0.8176, the synthetic tables
//     0.6851 → 0.6857; and session 10's not gate.
//   - choosing between the single and its pair by inner fits (three
//     partitions into five folds, the pair forced on each inner training
//     set's own single, sign test at 5 %, as package train's TupleCheck):
//     on and over 16, seed 304, and or over 4, seed 304, it kept the
//     single (held-out predictions right with the pair only against the
//     single only: 21/20 and 19/15), as session 29's pair check: inner
//     training sets of 102 rows carry less than the whole table.
//   - Choose's significance test for every tuple after the first (its
//     dependence with the label given the tuples chosen before, Bonferroni
//     over C(D, k)), not only past the cutoff's count: it drops the chance
//     triple beside a gate's target pair (and over 128, seed 204, 20 %:
//     p = 0.008 given the pair; 0.84 → 1.000) and repairs 8 fits at 20 %
//     and 15 % on seeds 202 and 303 with none worse, but MONK's-1 0.906 →
//     0.806 and tic-tac-toe 0.945 → 0.864 (2×5 folds, seed 101): MONK's-1's
//     second concept tuple given the first has p = 0.02–0.19 on its 62
//     training rows, weaker than the gate's chance triple (session 9's
//     finding, again).
//
// Session 34: what the rows allow, and a single's partner by fewest
// errors (measured and not adopted). At 20 % label noise, which pair the
// 128 training rows of an and or or gate point to depends on how the
// pairs are compared. Over the and and or draws of bench synthetic
// (--gates and,or --reps 10 --label-noise P --seed S, 140 draws a seed),
// the draws whose chosen pair is not the target, seeds 202 / 303 / 404 /
// 505 / 606, measured by a scratch program over data.Synth's draws (not
// in the tree):
//
//	the pair of largest G statistic           20 %: 4 / 9 / 4 / 6 / 7   15 %: 1 / 1 / 0 / 2 / 1
//	the pair whose cell majorities leave the
//	  fewest training rows wrong (ties by G)  20 %: 1 / 6 / 2 / 2 / 5   15 %: 0 / 0 / 0 / 0 / 1
//
// G scores each cell's class frequencies as free (a log-likelihood), so a
// chance partner that makes a few pure cells scores above the target,
// while under label noise around a deterministic concept the likelihood
// of a pair's rule depends only on how many labels it contradicts. What no
// learner can beat: the Bayes predictor that knows the generator (its
// gates, uniform positions and the flip rate) and averages over every
// label function by its posterior, draws below 0.97 on the clean fresh
// rows, 20 %: 0 / 5 / 1 / 0 / 5 (1 / 6 / 2 / 2 / 5 knowing only that the
// label is a function of one or two features); 15 %: none below on seeds
// 202–505, 1 on 606 (evaluate's TestBayesGateCeiling asserts the seed 303
// and 15 % figures). The defaults leave 10 / 15 / 6 / 10 / 10 (session 35's
// correction, below; 9 on seed 606 was measured here) at 20 % and
// 0 / 0 / 1 / 3 / 2 at 15 %: goal 4 of issue 10 at 20 % is beyond what
// the rows say on seeds 303 and 606 (no learner is more accurate on
// average over the draws), and HorNets is 5–10 fits a seed above the
// ceiling.
//
// Of the 31 fits below 0.97 at 20 % on seeds 202, 303 and 404 (read with
// train -v), 12 hold random tuples (no tuple with evidence), 9 a lone
// pair of a target single and a chance partner (session 32's Partner or
// the Extension, of larger G than the target pair: or over 128, seed 308,
// f40 with the chance f95, G 26.9 and 37 rows wrong, against the target
// f98, G 24.5 and 33 rows wrong), 5 single features only, 3 a chance pair
// (2 alone, 1 beside a target single), 2 a chance tuple beside the target
// pair. Measured and not
// adopted, each side by side with the defaults (fits below 0.97, and and
// or gates, polyclip, 10 a cell; the synthetic and real tables with bench
// real --folds 2 --repeats 5 --seed 101):
//   - the Partner by fewest errors among all the single's pairs (not only
//     those screening kept), taking the slots before the Extension: 20 %
//     10 → 8, 15 → 13, 6 → 5 on seeds 202 / 303 / 404 (8 better, 1 worse:
//     and over 64, seed 308, whose chance partner leaves one row fewer
//     wrong than the target, 32 against 33); 15 % 0 / 0 / 1 / 3 → 0 / 0 /
//     1 / 2 (seeds 202–505); the eleven categorical tables identical on
//     seed 101 (0.8223) and 0.8149 → 0.8148 on seed 202; but on the
//     synthetic tables (the run was stopped after thirteen of the sixteen
//     and half the fourteenth) add_r200_f60_e15 0.612 → 0.568,
//     dnf_r200_f60_k2_n20 0.586 → 0.562, two more −0.004 and −0.005, two
//     up by 0.001 and (on half its folds) 0.006;
//   - the same among the pairs screening dropped for the single only,
//     with the Partner first or the Extension first (alike): the sixteen
//     synthetic tables 0.7245 → 0.7211 (add_r200_f60_e15 −0.025,
//     dnf_r200_f60_k2_n20 −0.028). In their folds a lone single takes a
//     partner that corrects 1 or 2 of 100 training rows; the pair covers
//     a second main effect, the joint test of the features left falls
//     short of 5 % (add_r200_f60_e15, repeat 0, fold 1: p = 0.03 → 0.17),
//     and the table loses every other single (macro-F1 0.720 → 0.458);
//   - the same, the partner also interacting with the single at 5 %
//     (PairInteraction): the fold above still loses (a chance interacting
//     partner), and two gate repairs are lost;
//   - the same, the partner's changed predictions also passing the sign
//     test at 5 %: the additive fold is kept, but only one of the six gate
//     repairs (a target partner corrects about 10 of 128 rows, gaining
//     some 20 and losing 10: short of 5 %);
//   - session 32's trigger (the single's best-scoring dropped pair
//     reverses a cell) with the partner then chosen by fewest errors: the
//     synthetic tables identical (0.7245), 20 % 10 → 8, 15 → 14, 6 → 6,
//     but on the fresh seed 606 9 → 10 (none better, 2 worse: and over 8,
//     seed 606, 0.763 → 0.492; against a wrong baseline, see session 35:
//     10 → 10, 1 better, none worse); 15 % identical on seeds 202–606.
//   - session 29's --pair-fallback re-measured at these defaults, for the
//     12 fits of random tuples: 20 % 10 → 6, 15 → 12, 6 → 5, and 9 → 8 on
//     seed 606 (11 better, 5 worse: and over 64, seed 304, 0.639 → 0.385;
//     and over 8, seed 606, 0.763 → 0.492; session 35: 10 → 8 on seed 606
//     against the right baseline, 11 better and 2 worse); 15 % identical on seeds
//     202–606; the sixteen synthetic tables 0.7245 → 0.7241
//     (add_r200_f60_e15 −0.015, dnf_r200_f60_k2_n20 +0.008; session 29
//     measured 0.6854 → 0.6788 on another draw, at its defaults); the
//     eleven categorical tables 0.8223 → 0.8226 (seed 101: spect_train
//     +0.002, MONK's-2 +0.0004) and 0.8149 → 0.8156 (seed 202:
//     spect_train 0.694 → 0.703, above the logistic regression's 0.696,
//     weka's breast-cancer −0.002); weka's tables (--folds 5 --repeats 2)
//     identical, 0.7635; the README's 5×5 protocol (seed 1) on house
//     votes, mushroom, spect_train and tic-tac-toe identical; the README's
//     seed-1 noise table (every gate, both activations) at 20 % every fit
//     1.000 (one fit per activation below 0.97 by default: and over 128,
//     seed 2, 0.704 / 0.675), at 15 % every fit 1.000 as by default. But
//     the twelve shared tables' models (train --seed 2) are the same but
//     for MONK's-2, where no tuple has evidence on its 169 training rows
//     and the fallback pair (a3, a5) interacts by chance: on its published
//     test file (bench real --test, 5 repeats, seed 1) macro-F1 0.663 →
//     0.540, where random tuples, which the concept (exactly two of six
//     attributes at their first value) suits better than any one pair,
//     keep the default's. Not made the default: a published real split
//     loses 0.12, 5 gate fits get worse, and a default that is on needs a
//     field that turns it off (Config.PairFallback's zero value is off).
//
// The count of rows wrong is the right comparison between the pairs of a
// gate (the ceiling above), but a lone single's partner is also taken on
// additive tables, where a partner correcting a row or two replaces the
// single's main effect; no guard measured here told the two apart.
//
// Session 35: a strong single among thousands of features (a bug, fixed).
// Screening keeps the 4·Pool best tuples of every size together before
// it drops the tuples that a sub-tuple dominates. On a wide table a
// strong single's own pairs and triples outscore it: among D features
// the best of its D − 1 chance partners gains more than a pair's BIC
// penalty of 2·ln N. A dominant genotype among 2,000 SNPs coded 0/1/2
// (one-hot, 5,994 features; 300 rows; label "the SNP is not 0", 10 % of
// the labels flipped) scores 162 as a single and 170 as its best pair,
// and its pairs and triples filled every place; each was then dropped as
// the single's passenger and screening returned no tuple at all, so the
// table took random tuples (the categorical route's held-out macro-F1
// 0.52 in the encoding check, which then kept the codes as numbers: 5-fold
// macro-F1 0.598, below a logistic regression's 0.601). Screening now
// adds a dropped tuple's dominating sub-tuple where the list lacks it and
// it outscores every tuple that survives on its own (withDominators):
// the rule IF rs1475 ≠ 0 THEN 1, fidelity 1.000, and 5-fold macro-F1
// 0.857 (bench real --folds 5 --seed 7 on eight synthetic genotype
// tables of 300 rows, 200 or 2,000 SNPs: the single dominant SNP among
// 2,000 0.598 → 0.857, an additive pair among 2,000 0.598 → 0.616, the
// other six identical). The test is TestScreenKeepsDominatorOfCrowdingPairs
// (4,000 features, keep 4: no candidate before, the target single after).
//
// Only a dominator stronger than every survivor is added. Adding every
// missing dominator (the documented contract to the letter) also brings
// back weak singles whose chance pairs outscore them on narrow tables:
// or over 64 features, 15 % noise, seed 606, gained the chance single
// f10 (score 5.7, evidence at rank 2 of 64) beside the target single f57
// (23.3), which kept f57 from its Partner, the target pair (1.000 →
// 0.750); it changed spect_train's pool (the twelve shared tables'
// default models are otherwise byte-identical) and moved the eleven
// categorical tables 0.8223 → 0.8226 (seed 101) and the sixteen
// synthetic ones 0.7245 → 0.7248. The rule adopted leaves every model of
// the twelve shared tables (train --seed 2) byte-identical, every and
// and or gate fit at 15 % and 20 % on seeds 202–606 identical (bench
// synthetic --gates and,or --activation polyclip --reps 10 --label-noise
// P, 1,400 fits, side by side with the session's starting binary), and
// the eleven categorical tables identical fold by fold (0.8223, bench
// real --folds 2 --repeats 5 --seed 101).
//
// A correction to session 34's figures, found while measuring this. Its
// baseline results for 20 % noise on seeds 505 and 606 were not what its
// default binary gives: re-run today with that binary and with the
// session's starting one (the same fits, bit for bit), and over 8
// features, seed 606, is 0.492 and not 0.763, and over 128, seed 608,
// 0.730 and not 1.000, and over 128, seed 510, 0.483 and not 0.609. So
// the defaults leave 10 / 15 / 6 / 10 / 10 fits below 0.97 at 20 % on
// seeds 202–606 (not 9 on 606), and the comparisons on seed 606 above
// change: session 32's trigger with the partner chosen by fewest errors
// gives 10 → 10 there (1 better, none worse), not 9 → 10 with 2 worse,
// so over seeds 202, 303, 404 and 606 it repairs 6 fits and loses 1
// (and over 64, seed 308), 41 → 38 below 0.97, with the synthetic tables
// identical: the reason given for not adopting it does not hold, and it
// is the lead for the next pass. Measured further this session with
// session 34's variant binary (env S34H=1; its patch is not in the tree):
// seed 505 at 20 % 10 → 10 (1 worse, or over 64, seed 510, 0.773 →
// 0.765, below 0.97 either way), so 41 + 10 → 38 + 10 over five seeds, 6
// better and 2 worse; the eleven categorical tables identical fold by
// fold (0.8223, bench real --folds 2 --repeats 5 --seed 101); weka's
// tables identical (0.7635, --folds 5 --repeats 2 --seed 101); the
// MONK's and SPECT published splits identical (bench real --test,
// --repeats 5 --seed 1: 1.000, 0.663, 0.972, 0.579). Not yet measured:
// the categorical tables on seed 202, the README's 5×5 rows and the
// shared tables' models. --pair-fallback gives 10 → 8 on seed 606
// (2 better, 1 worse: and over 32, seed 606, 0.706 → 0.627), so 11
// better and 2 worse over the four seeds, not 5 worse; MONK's-2's
// published split still keeps it an option.
//
// Session 36: variant H and the error pair adopted, a fallback check
// measured. A lone single's Partner is now the pair, among those
// screening dropped for the single, whose cell majorities leave the
// fewest training rows wrong,
// where the best-scoring of those pairs leaves fewer than the single's
// own two cells do (session 32's trigger, in errors: the best pair
// corrects some of the single's rows); it takes the slots before the
// Extension, which may correct no row (screener.partner, layout). Side by
// side with session 35's final binary (bench synthetic --gates and,or
// --activation polyclip --reps 10 --label-noise P --seed S, fits below
// 0.97 on 1,000 clean fresh rows):
//
//	20 %, seeds 202 / 303 / 404 / 505 / 606   10 / 15 / 6 / 10 / 10 → 8 / 14 / 6 / 10 / 10
//	                                          (6 better, 2 worse: and over 64, seed 308, 1.000 → 0.745;
//	                                          or over 64, seed 510, 0.773 → 0.765)
//	15 %, the same seeds                      0 / 0 / 1 / 3 / 2, every fit identical
//
// and the top tuple names the targets in 4 more fits at 20 % (649 →
// 652 of 700; 130 → 132, 125 → 126 on seeds 202 and 303). Identical:
// the thirteen shared tables' default models (train --seed 2, byte for
// byte); the eleven categorical tables fold by fold (bench real --folds 2
// --repeats 5, seeds 101 and 202: 0.8223 and 0.8149); the
// README's 5×5 rows of house votes, mushroom, spect_train and
// tic-tac-toe (seed 1); the sixteen synthetic tables (0.7245, seed 101);
// weka's and Debian's tables (bench real --folds 5 --repeats 2 --seed
// 101, 0.7635); the published MONK's and SPECT splits (bench real
// --test, --repeats 5 --seed 1: 1.000, 0.663, 0.972, 0.579); the
// README's seed-1 noise table (bench synthetic --reps 5 --seed 1
// --label-noise P, every gate, both activations) at 10, 15 and 20 %, fit
// by fit. On tables used for no choice (bench real --folds 5 --seed 7,
// against session 35's final binary): the eight genotype tables of
// session 35 identical but an additive pair among 2,000 SNPs, 0.557 →
// 0.565; the twelve wide binary-flag tables of the README (session 36)
// identical but at least two of three flags among 2,000, 0.498 → 0.492.
//
// The fallback check, measured and not adopted: Search.PairFallback
// repairs 8 of the 12 fits of random tuples at 20 % on seeds 202–404
// (and over 64, seed 304, 0.639 → 0.385 the one loss) but costs MONK's-2
// its published split (0.663 → 0.540). An inner cross-validation of the
// training rows (3 partitions into 5 folds, the tuple check's, a fit with
// random tuples and one with the pair on each inner training set, the
// pair taken where its held-out rows gained pass the sign test at 5 %)
// was to tell the two apart (scratch code, not in the tree). It kept
// random tuples on each of the ten gate fits where it ran (two have no
// interacting pair) and on MONK's-2 (train --seed 2): held-out rows
// gained and lost by the pair 81/69, 47/43, 75/66, 64/58, 70/59 and
// 73/72 on six of the eight fits that the pair repairs on fresh rows,
// 17/28 and 42/69 on the other two, 20/38 and 50/53 on the two it does
// not, 20/28 on MONK's-2. With a fifth of the 128 rows held out and 20 %
// of the labels flipped, the inner training sets rarely screen the
// target pair as the best, so the inner fits cannot say what the whole
// training set's pair is worth.
//
// The error pair (adopted). The pair whose cell majorities leave the
// fewest training rows wrong, among all pairs, is the target pair in
// every one of those twelve fits (the best pair by G, which
// --pair-fallback takes, is not in four, among them and over 64, seed
// 304), and whether any pair leaves so few wrong by chance is a question
// a permutation test answers for all pairs at once: the minimum over all
// pairs is the statistic, and the share of label permutations under which
// some pair leaves as few wrong or fewer is its p-value (a max-statistic
// test, no Bonferroni factor; FewestErrorsPair). On the twelve fits' training
// files (200 permutations, a scratch program) p = 0.010 to 0.085, at most
// 0.05 in nine; on MONK's-2 (one-hot, 17 features) 0.72. So where no
// tuple has evidence and Config.PairFallback is unset, that pair takes
// the rule slots of random tuples where the test holds at 5 % (200
// permutations; skipped where (permutations + 1) × pairs would exceed 2·10⁷
// pair evaluations, about 450 active features; model.ErrorPairP and
// the constants beside it; Config.NoErrorPair, hornetctl --no-error-pair,
// keeps random tuples). It costs 0.3 s on 128 features where it holds
// (measured while other jobs ran; a test that fails stops early). The
// gates and tables below were measured with a budget of 2·10⁸ (about
// 1,400 features); it was lowered to bound the test's time, which
// changes none of them: the largest, the 200-column genotype tables
// one-hot (about 600 features), kept their folds either way.
// Side by side with H alone (the binary of the section above), fits below
// 0.97 on 1,000 clean fresh rows (bench synthetic --gates and,or
// --activation polyclip --reps 10 --label-noise P --seed S):
//
//	20 %, seeds 202 / 303 / 404 / 505 / 606   8 / 14 / 6 / 10 / 10 → 5 / 11 / 5 / 6 / 9 (12 better, none worse)
//	15 %, the same seeds                      0 / 0 / 1 / 3 / 2, every fit identical
//
// against the Bayes ceiling of 0 / 5 / 1 / 0 / 5 at 20 %. The sixteen
// synthetic tables identical fold by fold (0.7245, bench real --folds 2
// --repeats 5 --seed 101): on their whole tables the test gives p = 0.005
// (main effects make every pair informative), but it took no pair in any
// fold (it runs only where no tuple has evidence). The eleven categorical
// tables (seed 101, the same protocol) 0.8223 → 0.8225, one fold of
// spect_train 0.723 → 0.748 and every other fold identical; the
// thirteen shared tables' default models byte-identical (MONK's-2 holds
// no tuple with evidence, and no pair leaves few enough rows wrong); the
// README's 5×5 categorical rows (seed 1), the published MONK's and SPECT
// splits (1.000, 0.663, 0.972, 0.579) and the README's seed-1 noise
// table at 20 % identical; the ten flag and genotype tables of 200
// columns (bench real --folds 5 --seed 7) identical fold by fold (the
// test is skipped on their 2,000-column siblings: too many pairs).
//
// Session 37: the error pair over strong tuples, an option
// (Config.ErrorPairOverTuples, hornetctl --error-pair-over-tuples), not
// the default. Of the 36 gate fits still below 0.97 at 20 % (seeds
// 202–606), 25 are fits where the Bayes predictor that knows the
// generator's gates reaches 1.000; in 15 of those the fewest-errors pair
// is the target at p ≤ 0.05 (a scratch program's 200 permutations), and
// in most of them screening had given the slots to other tuples with
// evidence (chance singles beside one target single, a lone single whose
// Partner guard did not fire, a chance pair or triple), so the error
// pair, which runs only where no tuple has evidence, never came in. The option lets it in: where it
// leaves fewer training rows wrong than the strong tuples together
// (TuplesWrong: an additive logit over their value cells fitted to
// convergence, each row its most probable class) and the test holds, it
// takes the first slots, and Choose's boosting weighs the strong tuples
// after it, each keeping its slots only where its dependence with the
// label given the fit so far is significant (ChooseAfterContext; a
// strong tuple nested in the pair is not taken). Fits below 0.97 on
// 1,000 clean rows, side by side with the default (bench synthetic
// --gates and,or --activation polyclip --reps 10 --label-noise P --seed
// S, seeds 202 / 303 / 404 / 505 / 606):
//
//	20 %, default                      5 / 11 / 5 / 6 / 9
//	20 %, the option                   4 / 9 / 5 / 4 / 7 (9 better, 1 worse: or over 64, seed 510, 0.765 → 0.754)
//	15 %, default and the option       0 / 0 / 1 / 3 / 2 (3 better, 1 worse: or over 128, seed 510, 1.000 → 0.940)
//	10 %, default and the option       0 / 1 / 0 / 0 / 0, every fit identical
//
// The fit below at 10 % (and over 32, seed 309, 0.872) has the target
// pair and a chance single beside it: EvidentSingles tests each
// uncovered feature's marginal dependence with the label, and this one
// (25 of its 70 rows in class 1, 7 of 58 without it) passes, though given
// the pair's cells its Pearson statistic has p = 0.021, which would not
// pass among the 29 others; so does a chance single beside the target
// pair of or over 32, seed 413, at 20 % (p = 0.016 given the pair).
// Requiring that test as well (each uncovered feature's Pearson statistic
// against the fitted probabilities of the strong tuples' additive logit,
// Benjamini–Hochberg over the family; a scratch variant) drops that
// single, but loses held-out rows where real main effects overlap the
// strong tuples (bench real --folds 2 --repeats 5 --seed 101): house
// votes 0.9521 → 0.9460 (below the logistic regression's 0.9494; 6 folds
// worse, 2 better), soybean 0.9509 → 0.9459 (9 of 10 folds worse), MONK's-3
// 0.9079 → 0.9045; not adopted.
//
// On real tables of several weak effects it loses held-out rows, which is
// why it is not the default. Breast cancer (weka's, 286 rows, one-hot):
// trained on twelve stratified halves and scored on the other halves
// (macro-F1), it took the slots in 8, 3 better and 5 worse (0.672 →
// 0.600, 0.660 → 0.516, 0.653 → 0.609, 0.648 → 0.621, 0.637 → 0.615):
// the pair is the real single inv-nodes = 0-2 with a chance partner
// (breast = left, menopause = ge40), which leaves a few rows fewer wrong
// than the strong tuples together, and the permutation test, whose null
// is labels apart from every feature, holds because of the single
// alone. In cross-validation (bench real, macro-F1): breast cancer
// 0.6413 → 0.6230 (--folds 2 --repeats 5 --seed 101), 0.6247 → 0.6169
// (seed 202), 0.6167 → 0.6123 (--folds 5 --repeats 5 --seed 1);
// spect_train 0.7028 → 0.6977, 0.7009 → 0.6935, 0.7199 → 0.7177; the
// eleven categorical tables 0.8225 → 0.8204 and 0.8155 → 0.8142; house
// votes 0.9478 → 0.9483 at seed 202, identical at 101.
//
// Measured before it and not adopted as a default either:
//   - The pair over each strong tuple alone (fewer rows wrong than each
//     one's own cells, not all of them together): 20 % 36 → 27 and 15 %
//     6 → 5 (3 better, none worse), but spect_train, whose nine strong
//     singles leave 12 rows wrong together and 22 or more each against
//     the pair's 17, 0.7199 → 0.6950 in 5×5 folds (below the logistic
//     regression's 0.7004), 0.7028 → 0.6985 and 0.7009 → 0.6666 in 2×5;
//     breast cancer 0.6413 → 0.6199, 0.6247 → 0.6122, 0.6167 → 0.6096.
//   - The pair prepended with every strong tuple kept (the tuple check
//     then decides between all and the pair alone): spect_train 0.7199
//     → 0.7004 in 5×5 folds; on the gates fewer repairs than either.
//   - Guards that would tell a gate from breast cancer on the training
//     rows, all measured on the whole tables and on the gate fits: the
//     pair's interaction (PairInteractionP: 0.002 to 0.33 on the target
//     pairs, 0.33 and 0.60 on breast cancer's and spect_train's pairs);
//     the joint test of every feature outside the pair given it
//     (UncoveredJointTest: p 0.15 to 0.9995 on the gates, 0.86 and 0.74
//     on the two tables); rows wrong weighted by inverse class frequency
//     (the pair is no longer better on six of the nine gate repairs); a
//     permutation test conditional on the strong tuples (labels shuffled
//     within their joint value cells, so that its null is "the strong
//     tuples explain the labels"), which protects breast cancer (the pair
//     takes the slots in none of the twelve halves) but repairs one of
//     the eleven gate fits it was tried on (or over 32, seed 205, 0.718
//     → 0.850): with 128 rows and 20 % flipped labels, the target pair's
//     gain over a target single is no larger than a chance partner's of a
//     real single, so the rows cannot tell the two cases apart, and the
//     repairs come from assuming the concept is one pair.
//
// Session 45: the triples' parity search measured by its first table.
// parityDeepPlan sizes the tables as if a table's keys were even, so that
// two unrelated tuples meet with chance 2^(1−b). On sparse features
// (words of a text, one-hot codes of many values) most features are 0
// on most of a table's rows, the keys crowd onto a few values that stay
// under the crowded-key bound, and the tables proposed as many triples as
// the exhaustive scan holds, or more, every one scored: 171 million
// triples of 1,000 word flags over 1,554 rows (weka's Reuters corn
// documents; the scan holds 166 million) in 74 s, 31.7 million of
// letters' 232 one-hot codes over 1,040 rows (the scan holds 2.05
// million) in 27–54 s, a hundred times the quarter of the budget the
// search is sized within, and again in every inner fit of the tuple,
// route and boundary checks. parityDeepMeasured now builds the first
// table and counts its meetings; where a table would cost more than
// twice the plan's cost, the tables are cut to what twice the search's
// budget pays for at the measured cost (at least one), and the log's
// chance of finding a parity counts the tables run (letters: 342 tables,
// chance 0.98 → 2 tables, 0.022, 0.4 s; the corn table: 323 tables, 0.99
// → 7, 0.095, 1.9 s). Such a chance was never worth its cost there: an
// xor of three sparse features is close to their or, whose pairs carry
// signal the beam's seeds hold. On features of even bits (the gates, the
// xor tests above) the first table meets as the plan counts and nothing
// changes. Measured side by side (bench real --folds 5 --repeats 1,
// macro-F1 of every fold compared): the corn and grain word tables
// (1,000 flags of words in 5 or more of the 1,554 documents; seed 909)
// identical fold by fold, HorNets 8,546 → 1,355 s of fitting; letters,
// soybean, dna, promoter, income, weka's breast-cancer and three marker
// tables (session 44's, seed 303) identical fold by fold (letters 1,958
// s of fitting in session 44's run, 931 s in this one, which shared the
// machine); the corn table trained whole, the same model file byte for
// byte, 647 → 72 s (TestParityDeepBoundedOnSparseFeatures: 170 tables cut
// to 46 on a 500-feature sparse table).
//
// # Determinism
//
// Every random choice takes an explicit *rand.Rand; screening ties are
// broken by tuple order, and its result does not depend on GOMAXPROCS.
package rulesearch
