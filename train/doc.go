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
// Cancellation reaches every long step: the screening of rule tuples in
// setup (model.NewContext), each batch, the refresh's scoring pass, and
// the inner fits of the checks after the loop. A run canceled before its
// first epoch ended keeps nothing and skips the final scoring; one
// canceled later still scores the rules of the network it returns (a
// forward pass over the training rows).
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
//
// # Accuracy levers
//
// Model's LinAtt has a constant column before its row normalisation (on
// one feature a row otherwise keeps only the sign of x − mean; on iris,
// 4 features, LinAtt scored 0.865 against a logistic regression's 0.953;
// with the column argmax W·(z, 1) is any linear classifier of the
// standardised row z, and iris scores 0.953). Training adds two levers:
// an L2 prior on W equal to a C = 1 logistic regression's
// (Config.ContinuousL2) and balanced class weights by default (since
// session 31 their square root on a categorical fit where every one lies
// within (1/2, 2): LossWeights, and the section of that session below).
// Chosen on 5-fold CV seed 101 and 5×2-fold seeds 202 and 303 of the
// shared tables (macro-F1), never on the reported seed:
//
//	lever (seed 101, 5-fold)        iris   multi_b breast_a prostate allaml colon  sonar  ionosph.
//	before                          0.865  0.853   0.891    0.891    0.954  0.877  0.748  0.894
//	+ constant column               0.953  0.777   0.891    0.891    0.984  0.877  0.753  0.904
//	+ L2 ×1 (the default)           0.953  0.793   0.891    0.902    0.984  0.860  0.758  0.907
//	  L2 ×0.25                      0.960  0.853   0.891    0.891    0.984  0.877  0.753  0.904
//	  L2 ×4                         0.926  0.793   0.864    0.902    0.984  0.837  0.771  0.907
//	+ balanced weights (default)    0.953  0.792   0.938    0.902    0.984  0.877  0.753  0.893
//
// On seed 303 (5×2) balanced weights moved breast_a from 0.845 to 0.895
// and the other seven continuous tables by at most 0.007 either way.
// With the prior in place the continuous learning rate could be CatInt's
// (0.05 rather than 0.01): on seed 303 (5×2) the mean over eleven
// continuous tables went from 0.889 to 0.886 (multi_b 0.713 → 0.690; on
// seed 202 0.689 → 0.758), so it stays lr/5.
//
// LinAtt then weighs each row's standardised values beside its direction
// (model's doc): the paper's row normalisation keeps only the direction,
// and a logistic regression with its rows normalised the same way drops
// on multi_b from 0.796 to 0.736 (5×5, seed 101). 5×2-fold macro-F1 on the
// eleven continuous tables, seeds 101 and 202 (logistic regression on the
// same folds beside it):
//
//	seed 101                    breast_a dlbcl iono  multi_b prost allaml colon  bc    iris  wine  sonar mean
//	direction (the paper)       0.899   0.982 0.897 0.807   0.906 0.976  0.817  0.967 0.957 0.983 0.753 0.904
//	values only (Z/√L)          0.899   0.982 0.861 0.781   0.911 0.952  0.848  0.973 0.953 0.980 0.755 0.900
//	both (the default)          0.893   0.982 0.892 0.807   0.906 0.969  0.834  0.968 0.967 0.983 0.765 0.906
//	logistic regression         0.874   0.978 0.866 0.797   0.911 0.963  0.842  0.976 0.956 0.980 0.745 0.899
//	seed 202
//	direction (the paper)       0.890   0.971 0.899 0.689   0.922 0.984  0.845  0.968 0.963 0.983 0.753 0.897
//	both (the default)          0.902   0.974 0.890 0.778   0.917 0.962  0.860  0.964 0.973 0.980 0.744 0.904
//	logistic regression         0.886   0.974 0.878 0.778   0.916 0.976  0.833  0.970 0.960 0.980 0.738 0.899
//
// The values alone lose ionosphere's gain from the direction; the
// direction alone loses multi_b (−0.089 on seed 202); both keep the
// better of the two within the folds' noise. Also measured and not
// adopted: taking LinAtt's output layer to the optimum of its penalised
// loss by L-BFGS at the end of training (multi_b 5×5, seed 101: 0.745
// against Adam's 0.749; attention or class weights made no difference
// there either, the row normalisation did).
//
// CatInt levers for tic-tac-toe (eight three-in-a-row lines, where a
// logistic regression scores 0.981), 5-fold macro-F1 on seeds 202 / 303,
// beside spect_train and house votes (issue 10, session 4):
//
//	                            tic-tac-toe    spect          house votes
//	default (dropout 0.1, E 1)  0.946 / 0.946  0.799 / 0.772  0.949 / 0.952
//	dropout 0                   0.947 / 0.950  0.786 / 0.760  0.947 / 0.952
//	ExpParam 2                  0.944 / 0.945  0.786 / 0.772  0.945 / 0.954
//	dropout 0 and ExpParam 2    0.969 / 0.953  0.799 / 0.760  0.947 / 0.954
//
// (seed 101: default 0.932, dropout 0 0.958, ExpParam 2 0.955 on
// tic-tac-toe). Not adopted: the gain on tic-tac-toe is within two
// standard deviations of its folds and comes with losses on spect.
// With both halves each feature has two weights under the prior, so the
// prior on their sum is twice as wide; ContinuousL2 2 restores it. 5×2-fold
// mean over the eleven continuous tables: 0.906 → 0.906 (seed 101) and
// 0.904 → 0.904 (seed 202), skf_allaml 0.969 → 0.954 and 0.962 → 0.962:
// no better, so the default stays 1.
// # Session 5: training length per route, class weights and label noise
//
// The categorical route stopped too early. On tic-tac-toe the training
// loss was still falling at epoch 300 (0.089 at the best epoch 268) and
// held-out macro-F1 rose with a longer schedule (seed 202, 5 folds: 0.957
// at the paper's 300 epochs and patience 30, 0.959 at patience 100, 0.968
// at 1,000 epochs and patience 300). CatInt's softmax over R = 256 rule
// outputs in [−1, 1] is close to uniform, so each output weight sees about
// 1/R of the gradient. Scaling the softmax input so that one firing rule
// takes half the attention (×ln(R)/2 = 2.77) did not help (0.938; ×0.5
// 0.970 with the long schedule): the schedule is what counts. 5×2 folds,
// macro-F1 on seeds 101 / 202, the eight binary tables (logistic
// regression on the same folds last; rows measured with the flags
// --epochs 1000 --patience 100, which apply to both routes):
//
//	                    ttt          spect_tr     house        monks1       monks2       monks3       mushroom  spect_te     mean
//	300 / 30 (before)   0.965/0.961  0.718/0.701  0.953/0.949  0.657/0.670  0.529/0.518  0.787/0.768  1/1       0.550/0.541  0.767
//	1000 / 100 (now)    0.976/0.964  0.720/0.694  0.957/0.949  0.669/0.662  0.544/0.538  0.795/0.789  1/1       0.556/0.540  0.772
//	+ main effects      0.970/0.967  0.753/0.707  0.958/0.953  0.669/0.662  0.544/0.538  0.795/0.789  1/1       0.548/0.557  0.776
//	  ... within cutoff 0.970/0.967  0.733/0.694  0.958/0.953  0.669/0.662  0.544/0.538  0.795/0.789  1/1       0.556/0.540  0.773
//	extend singles (*)  0.976/0.964  0.707/0.674  0.957/0.949  (LinAtt: as before)                    1/1       0.553/0.534
//	no class weights    0.957/0.953  0.718/0.701  0.954/0.953  0.657/0.670  0.529/0.518  0.787/0.768  1/1       0.500/0.479  0.759
//	logistic regression 0.981/0.981  0.702/0.727  0.954/0.949  0.661/0.674  0.390/0.438  0.771/0.772  1/1       0.577/0.577  0.760
//
// The MONK's tables come with integer codes, which the CSV reader takes
// as numbers, so they train LinAtt (with --categorical '*' MONK's-1 is
// learned exactly, 1.000 on its test file). On them and on the eleven
// continuous tables the long schedule was slightly worse (continuous mean
// 0.906 → 0.905 on seed 101, 0.904 → 0.901 on seed 202; multi_b −0.017,
// skf_allaml −0.015 on one seed each) or mixed (MONK's), so the continuous
// route keeps the paper's 300 and 30 (Config.EpochsFor, PatienceFor).
// The default therefore changes the five categorical tables only: mean
// 0.834 → 0.836 (0.767 → 0.768 over the eight). Gates with label noise, polyclip,
// 5 gates × 7 feature counts × 10 seeds (202–211), fits below 0.97 on
// clean fresh rows (of 350) at 10 % / 20 % flipped:
//
//	300 / 30 (before)          1 / 38   (cells with a mean below 0.97: 0 / 8)
//	1000 / 100 (now)           0 / 39   (0 / 9)
//	+ main effects             1 / 41   (0 / 11); alone, with 300 / 30: 2 / 44
//	  ... within cutoff        0 / 41   (0 / 9)
//	no class weights on CatInt 0 / 32   (0 / 7)
//	extend singles (*)         1 / 31   (0 / 10); pairs too: 4 / 38
//	extend a lone single (**)  0 / 30   (0 / 9)
//
// (*) A single feature whose best pair is dropped by the dominance test
// (the pair scores less above it than the BIC and the added feature's
// price ask) but passes a likelihood-ratio test against it, with a
// Bonferroni factor D − 1, gives its slots to that pair: a single alone
// cannot express the gate. It recovers the target pair in about half the
// failing 20 % fits (and, 16 features, seed 211: the single f8 held every
// slot), but spect_train loses 0.013 / 0.020, and extending pairs to
// triples lets a chance third feature in (or, 16 features, seed 206 at
// 10 %: (10, 14, 15) in every slot, 0.891). Not adopted. (**) The same
// only when the single would be the table's one strong tuple: the five
// categorical tables are unchanged to the last digit on seeds 101 and 202
// (they hold several strong tuples), so this is the default
// (model/rulesearch).
//
// Main effects are a flag (rulesearch.Config.MainEffects): they help the
// table of many weak effects (spect_train) and cost under heavy noise,
// where a noise feature with chance evidence gets slots. At 20 % noise
// all 38 failing fits of the 300 / 30 run are and or or gates.
// Balanced class weights put the decision threshold at the class prior:
// with 20 % of an or gate's labels flipped, its positive cells hold about
// 80 % positives against a prior of 65 %, a margin of 0.15 that a cell of
// 32 rows misses by chance (or, 3 features, seed 210: the cell f0 = 0,
// f1 = 1 holds 22 positives and 9 negatives, which the weights 0.71 and
// 1.68 make a tie, and the network reads the gate as f0 alone). Without
// class weights on CatInt 32 fits fail instead of 38, but spect_test
// (macro-F1, imbalanced) falls by 0.05 and tic-tac-toe by 0.008, so the
// weights stay. A likelihood-ratio test of a tuple against its sub-tuples
// (chi-squared, Bonferroni over the features it adds) in place of the BIC
// comparison recovers pairs that the strict test drops for their single
// (and, 3 features, seed 110: ΔG = 9.3 on 2 degrees of freedom against the
// BIC's 9.7 + 1.4), but lets noise supersets in: 15 of 350 fits below 0.97
// at 10 % noise against 1 (model/rulesearch's documentation).
//
// Tried before (issue 10): smaller continuous learning rates, a validation
// split, patience 10 — none better across tables. Not tried for lack of
// time: averaging several seeds' models, per-column-group routing. CatInt:
// the default rules went from 128 to 256 (5×2, seed 202: tic-tac-toe
// 0.918 → 0.942, spect 0.716 → 0.733, MONK's-1/2 training files +0.015,
// house votes −0.004); one head per tuple with cutoff 0.01 gave
// tic-tac-toe 0.944, rules 256 with pool 128 and cutoff 0.01 0.959, but
// both put xor's single true tuple beside noise tuples in the softmax
// (see rulesearch's doc), so they stay flags.
//
// # Session 6: the output layer's step and a plateau decay
//
// The slow categorical route had a cause that a longer schedule only
// hid. CatInt's output layer W reads the softmax over the R rules, whose
// entries are about 1/R; Adam moves every parameter by about the learning
// rate per step whatever the size of its gradient, so a step moves the
// logits through one rule's weight about R times less than through the
// bias, and a weight that must grow to a few hundred to tell one firing
// rule from the rest takes thousands of steps. Training W at a larger
// rate (Config.OutputRateScale, Adam.Scales) keeps the function class and
// gives its steps the right size. On its own it fits the tables faster
// and better but makes the training loss jump between epochs, and the
// best epoch of a noisy run can be a poor network (an and gate over 3
// features with 20 % of its labels flipped: one cell of four read wrong,
// training accuracy 0.67 where 0.77 had been reached); halving the
// learning rates after every 20 epochs without a new best loss
// (Config.DecayAfter, a plateau schedule) keeps the early speed and
// settles the end. 5×2 folds, macro-F1 on seeds 101 / 202, the five
// categorical tables (W's rate × s; "b too": the bias scaled as well,
// else it and M keep the base rate; "decay": the plateau schedule), and
// gates with label noise as in session 5 (seed 202, 350 fits), fits below
// 0.97 at 10 % / 20 % flipped:
//
//	                    ttt          spect_tr     house        spect_te     mean    noise 10/20 %
//	session 5           0.976/0.964  0.720/0.694  0.957/0.949  0.556/0.540  0.836   0 / 30
//	decay alone         0.973/0.956  0.718/0.693  0.956/0.952  0.548/0.540  0.834   - / 29
//	×4, b too           0.977/0.976  0.733/0.700  0.951/0.954  0.563/0.561  0.842   - / 38 (b not scaled)
//	×8, b too           0.981/0.980  0.741/0.688  0.950/0.940  0.575/0.583  0.844   - / 52 (47 b not scaled)
//	×16, b too          0.982/0.979  0.738/0.705  0.949/0.936  0.555/0.564  0.841
//	×32, b too          0.982/0.981  0.703/0.633  0.955/0.938  0.558/0.521  0.827
//	×4, b too, decay    0.977/0.978  0.726/0.699  0.951/0.953  0.548/0.551  0.838
//	×8, b too, decay    0.980/0.979  0.753/0.693  0.952/0.953  0.556/0.556  0.842   1 / 30 (32 b not scaled)
//	×16, b too, decay   0.989/0.986  0.747/0.678  0.951/0.946  0.546/0.571  0.841   5 / 40
//	×16 = √R, decay     0.985/0.985  0.747/0.686  0.954/0.949  0.540/0.562  0.841   1 / 33
//	... refresh by tuple 0.985/0.985  0.748/0.686  0.954/0.949  0.554/0.546  0.841   0 / 28
//	logistic regression 0.981/0.981  0.702/0.727  0.954/0.949  0.577/0.577  0.845
//
// (mushroom 1.000 throughout; the means count it.) The last row adds a
// change to Refresh (model/rulesearch): a tuple's score is summed over
// every run of heads that holds it, so a weak copy of a strong tuple is
// not replaced by chance evidence from the pool (at 15 % noise: 11 → 7
// fits below 0.97). The default is the last variant: W at √R times the rate (16 at the default R = 256; the
// softmax entries are 1/R, and √R sits between the step one rule's weight
// needs and the step all weights moving together can take), the bias and
// M at the base rate, and the decay on the categorical route only, so
// the continuous route is unchanged, bit for bit. Tic-tac-toe passes the
// logistic regression (its eight three-in-a-row conjunctions are in the
// rule table from the start; the output layer now learns to use them),
// clean gates still score 1.000 in every fit and train 5–10× faster (the
// loss target comes sooner; most categorical fits now stop long before
// 1,000 epochs, but the paper's 300 and 30 are still worse: five tables
// 0.841 → 0.837, tic-tac-toe 0.985/0.985 → 0.981/0.981, spect_test
// 0.554/0.546 → 0.556/0.525), and label noise costs a little less than
// before once Refresh scores tuples rather than copies (without that, one
// fit more at 10 %: a noise tuple that came into four slots at a refresh
// fitted three flipped rows, which the slow layer could not).
//
// The same two levers on the continuous route, measured and not adopted
// (5×2 folds, seeds 101 / 202, the eleven continuous tables, whose mean
// is 0.9031 with the defaults): the plateau decay after 10 epochs (with
// --lr-decay-after 10, which sets it for both routes) 0.9045 (sonar
// 0.757/0.739 → 0.775/0.753, skf_colon 0.826 → 0.819 on seed 101, the
// rest within 0.004); no loss target on the continuous route (LinAtt
// reaches the 0.001 target on the wide tables before the optimum of its
// L2 prior) 0.9039 (skf_allaml 0.954 → 0.969 on seed 101, 0.962 on both
// on seed 202; multi_b 0.761 → 0.764 on seed 202; nothing else moves);
// both 0.9049 (skf_allaml 0.962/0.962, logistic regression 0.963/0.976).
// LinAtt's output weights read inputs of size about 1/√(D+1), but the
// route reaches its loss target in tens of epochs, so it is not slow as
// CatInt was, and none of these closes skf_allaml's gap: the continuous
// route stays as it was.
//
// Noticed: LinAtt's attention A starts at 1, where polyClip clips, and
// its first steps push it above 1 (breast cancer, seed 1: all 31 values
// in 1.02–1.10 after training), where the gradient is 0, so polyClip(A)
// stays 1 and the attention is inert: training with A's rate × 1e-12
// gives the same macro-F1 on all eleven continuous tables to the third
// decimal. Started at 0.5 it does learn, and is no better (mean 0.9031 →
// 0.9020; multi_b 0.807 → 0.777 on seed 101, prostate 0.922 → 0.926 on
// seed 202); the feature effects LinAtt reports are those of W.
//
// # Session 7: the continuous route's optimum
//
// LinAtt is one linear layer over fixed features (the attention being
// inert), so its penalised loss is convex and has one minimum; Adam with
// the loss target stops well before it on the wide tables (skf_allaml:
// penalised loss 0.00146 at Adam's best epoch, 0.00075 at the optimum).
// model.Trainer.ContinuousOptimum finds the optimum by L-BFGS
// (gonum/optimize, already a dependency of the logistic-regression
// baseline) with the training graph's gradients, 256 rows at a time:
// 34–172 passes over the rows (skf_allaml 34, prostate 70, breast cancer
// 98, sonar 172, seed 1), which cost 0–41 % more time per fit (`hornetctl
// train`, seed 1, whole tables, --continuous-fit adam then average: prostate
// 3.68 → 5.18 s, skf_allaml 2.19 → 2.93 s, breast cancer 0.85 → 0.98 s,
// wine 0.28 → 0.28 s). Three ways to end
// training (Config.ContinuousFit, --continuous-fit), 5×2 folds, macro-F1
// averaged over seeds 101, 202 and 303, the eleven continuous tables
// (logistic regression on the same folds beside them):
//
//	                   breast_a dlbcl iono  multi_b prost allaml colon bc    iris  wine  sonar  mean
//	adam (sessions 4-6) 0.901   0.972 0.893 0.774   0.913 0.964  0.824 0.966 0.965 0.981 0.747  0.9002
//	optimum             0.877   0.971 0.891 0.786   0.911 0.981  0.814 0.966 0.969 0.981 0.756  0.9001
//	average (default)   0.900   0.971 0.892 0.767   0.911 0.984  0.826 0.966 0.968 0.981 0.752  0.9016
//	logistic regression 0.867   0.971 0.870 0.763   0.911 0.965  0.827 0.972 0.957 0.982 0.743  0.8935
//
// Adam stopped early and the exact optimum are two regularisations of
// the same model, and each wins where the other loses: the optimum gains
// on skf_allaml (+0.017) and multi_b and loses on breast_a (−0.024) and
// colon. Their average (averaging the weights of two linear layers over
// the same inputs averages their logits: an ensemble of two) keeps
// skf_allaml's gain and breast_a's level, and is the default. The
// optimum's prior strength hardly matters on the wide tables: on seeds
// 101 / 202 the optimum alone with ContinuousL2 0.5, 1, 2 and 4 gave
// means 0.9032, 0.9032, 0.9038 and 0.9044 (Adam 0.9031; skf_allaml 0.984
// and multi_b 0.836/0.774 at every strength; breast_a 0.866–0.890 on
// seed 202 against Adam's 0.902). Not tried: averaging several seeds'
// Adam fits (the ensemble above has two members, of which one depends on
// the seed only through the attention). The categorical route is unchanged, bit for bit (five categorical tables,
// seed 101, identical). Below the logistic regression by more than 0.002
// on the three-seed means: breast cancer only (0.966 against 0.972; the
// direction half of LinAtt's input costs it there, see session 4).
//
// Checked on tables not used for choosing: eighteen synthetic continuous
// tables (rows 60, 150, 400 × features 20, 300, 2000; labels drawn from a
// softmax of either 5 sparse linear effects, on Gaussian or t(3) features,
// or 5 latent factors behind correlated, in half of them exp-transformed,
// features; 2 or 3 classes), 5×2 folds, seed 7: mean macro-F1 Adam 0.6889,
// optimum 0.6931, average 0.6926, logistic regression 0.6946. The average
// gains on the wide sparse tables (rows 60, 2000 features: 0.462 →
// 0.478) and trails the logistic regression most where the rows are many
// and the features few (150 × 20, factors: 0.741 against 0.758), where the
// labels are linear in the values and the direction half only adds
// variance. Averaging Adam's layer with the optimum over the values half
// alone (the direction weights held at 0: the logistic regression with
// balanced weights) instead was no better: eleven tables 0.9016 → 0.9012
// (ionosphere 0.892 → 0.881, skf_colon 0.826 → 0.837), synthetic 0.6926
// either way.
//
// Also measured, for tables of integer codes (genotypes coded 0/1/2,
// MONK's attributes): one-hot encoding every numeric column whose values
// are a few integers would send such tables to CatInt. skf_colon, whose
// 2,000 columns each hold three levels, then scores 0.661 / 0.651 instead
// of 0.820 / 0.837 (cv --repeats 2, seeds 101 / 202): its signal is many
// weak main effects, which LinAtt adds up and CatInt's rules do not. So a
// numeric column stays numeric unless --categorical names it.
//
// Label noise, measured and not adopted: choosing the best epoch by the
// class-weighted training loss of the network as it stands at the end of
// the epoch (no dropout, every rule), rather than the mean of the epoch's
// batch losses, on the categorical route. It repairs fits such as `or`
// over 64 features, 20 % noise, seed 3, where the right tuple filled all
// 256 slots but the epoch-mean loss of a network that merged three cells
// (0.5048, training accuracy 0.59) was never beaten by 10⁻⁴ in the 100
// epochs after it although later networks read the gate right (0.80).
// Gates, seed 202 (350 fits), fits below 0.97 at 10 / 15 / 20 % noise:
// 0 / 7 / 28 → 0 / 8 / 25; the five categorical tables, seeds 101 / 202:
// 0.8406 → 0.8401. Not better across the board, at the cost of a pass over
// the training rows per epoch.
//
// Some of the remaining failures are at the limit of what 128 rows say:
// `and` over 128 features, 20 % noise, seed 2 (29 of 128 labels flipped)
// has G = 21.26 for the target pair and 21.13 for the best pair of noise
// features, among 8,128 pairs (p ≈ 10⁻⁴ each, where the Benjamini–Hochberg
// test at 5 % needs about 6·10⁻⁶), so screening admits nothing and no
// test could pick the target over its rival.
//
// # Session 8: does the row's direction help? (FitSelect)
//
// LinAtt's input holds each row twice, its direction (the paper's row
// normalisation) and its standardised values; on narrow tables with many
// rows whose label is linear in the values, the direction half only adds
// variance (breast cancer 0.966 against the logistic regression's 0.972 on
// the selection seeds; synthetic 150 × 20 factor tables 0.741 against
// 0.758). The default fit, FitSelect, now asks the training rows: an
// inner stratified 5-fold cross-validation (HalvesFolds, folds drawn from a
// generator of their own) fits the output layer's convex problem at the
// trained attention over both halves and over the values half alone
// (package internal/ridge: the same class-weighted L2 softmax loss, by
// L-BFGS, in the rows' span when the columns outnumber the rows) and
// compares the held-out class-weighted cross-entropy row by row. Where the
// values alone are lower by more than HalvesMargin = 1 standard error of
// the paired per-row difference, the output layer is the optimum over the
// values half (the direction's weights zero; ridge's fit on all rows
// starts the graph's L-BFGS, which stops at its first evaluation: the
// two solvers agree to the gradient threshold); otherwise it is
// FitAverage's, bit for bit. A table of fewer than 10 rows keeps
// FitAverage. 5×2 folds, mean macro-F1, seeds 101 / 202 / 303 on the
// eleven continuous tables and seed 7 on the eighteen synthetic tables of
// session 7 (neither used to build the check; the margin chosen on both):
//
//	                                  eleven real (3 seeds)  eighteen synthetic
//	average (session 7)               0.9016                 0.6926
//	select, margin 0 (lower loss)     0.9008                 0.6945
//	select, margin 1 s.e. (default)   0.9014                 0.6952
//	select, margin 2 s.e.             0.9014                 0.6937
//	logistic regression               0.8935                 0.6946
//
// Per table (select against average, three-seed means): breast cancer
// 0.966 → 0.969 (logistic regression 0.972), multi_b 0.767 → 0.772,
// skf_colon 0.826 → 0.823, sonar 0.752 → 0.748, breast_a 0.900 → 0.897,
// the other six unchanged; the synthetic tables gain where rows are many
// and features few (150 × 20 factors 0.741 → 0.758, 400 × 20 sparse
// 0.870 → 0.877, 400 × 20 factors 0.787 → 0.793) and lose on 60 × 20
// (0.700 → 0.693, 0.608 → 0.594), where 48 training rows make five inner
// folds noisy. On the real tables it is a wash; on the synthetic ones
// (used this session to choose the margin, so not a clean held-out test
// any more) HorNets goes from below the logistic regression to level with
// it. Also measured, with a first pure-Go prototype (other inner folds,
// margin 0): where the values half wins, averaging Adam's layer with the
// values half's optimum instead of taking the optimum alone (eleven
// tables, seeds 101 / 202 / 303: 0.9026 against the optimum alone's
// 0.9018; synthetic 0.6925 against 0.6950): the average keeps the
// direction's Adam weights, so it gives up the gain on the narrow tables.
// Cost: the inner fits take well under a second on the shared tables
// (skf_allaml's 2 × 7,130 input columns become at most 72 coordinates in
// the rows' span), and where the values half wins the graph's search for
// the optimum is skipped (`hornetctl train`, seed 1, whole tables,
// --continuous-fit average then select: prostate 4.81 → 3.02 s, breast cancer
// 0.78 → 0.95 s, the 400 × 2000 synthetic factor table 6.74 → 5.82 s).
//
// Label noise. On the categorical route the best epoch is chosen by the
// mean of the epoch's batch losses under dropout, while refreshes replace
// rules; restoring it can give back a worse network than the one training
// ended with (`or` over 64 features, 20 % noise, seed 3: the restored
// epoch 55 has class-weighted training loss 0.534 measured as it stands,
// the last epoch 0.513; fresh-row accuracy 0.492 against 1.000). Training
// now keeps the last epoch's network where that loss is lower (two passes
// over the training rows; not with a validation split, whose loss already
// measures the network as it stands, nor on the continuous route, whose
// epoch mean has no dropout). Gates, seed 202 (350 fits), fits below 0.97
// at 10 / 15 / 20 % noise: 0 / 7 / 28 → 0 / 7 / 25 (mean accuracy at 20 %
// 0.9788 → 0.9817); the five categorical tables, 5×2 folds, seeds 101 /
// 202: 0.8406 → 0.8405 (spect_train 0.748 / 0.686 → 0.734 / 0.700,
// tic-tac-toe 0.985 / 0.985 → 0.987 / 0.986). Session 7's variant, which
// chose every best epoch by that loss, gave 0 / 8 / 25 and 0.8401. Also
// measured and not adopted: a longer patience on the categorical route
// (300 epochs instead of 100): 20 % noise, seed 202, fits below 0.97
// 28 → 27, mean accuracy 0.9788 → 0.9795.//
// # Session 9: the penalty by inner cross-validation; label noise; class weights
//
// The continuous route's L2 prior is a C = 1 logistic regression's, fixed.
// Fixed multiples of it, 5×2 folds, seed 101, eleven continuous tables
// (×1 0.9076): ×0.25 0.9070, ×4 0.9071, ×16 0.9088, the tables pulling
// apart (×16: sonar 0.762 → 0.787, ionosphere 0.889 → 0.905, iris 0.967 →
// 0.915); the eighteen synthetic tables (session 7's, seed 7; ×1 0.6952):
// ×0.25 0.6943, ×4 0.7014, ×16 0.6975. So the penalty is a choice per
// table, and FitSelect's inner cross-validation already fits the output
// layer's convex problem on inner folds: it now also scores both halves
// and the values half at PenaltyScales times the penalty (4, 16 and 64),
// reusing each half's prepared columns (ridge.Design.WithPenalty), and
// takes the fit with the lowest held-out loss among those lower than both
// halves at the configured penalty by HalvesMargin standard errors
// (HalvesCheck.L2Scale, ChosenLoss); the optimum, averaged with Adam's
// weights or alone over the values half, is then taken at that penalty
// (Adam trains at the configured one). Eleven tables, seeds 101 / 202 /
// 303: 0.9014 → 0.9044 with {4, 16, 64}, 0.9048 with {4, 16}; synthetic:
// 0.6952 → 0.7030 and 0.7012 (logistic regression 0.8935 and 0.6946).
// {4, 16, 64} was taken: the real tables tie, the synthetic ones gain
// 0.0018, and on a table of 2,000 rows and 2,000 Gaussian features of
// which five carry the label (not one of the sets above), 16 times the
// penalty still left an inner held-out loss of 0.78, worse than the
// class prior's 0.69 (1.14 at the configured penalty). Per table, the
// three seeds: breast cancer 0.969 / 0.971 / 0.967 → 0.975 / 0.972 /
// 0.970 (logistic regression 0.976 / 0.970 / 0.970), sonar 0.762 / 0.744
// / 0.739 → 0.772 / 0.746 / 0.758, skf_colon 0.839 / 0.819 → 0.856 /
// 0.842 (0.810 either way on 303), ionosphere 0.889 / 0.889 → 0.896 /
// 0.895 (0.897 on 303), prostate 0.916 / 0.907 → 0.911 / 0.917 on seeds
// 202 / 303, the other six unchanged. The synthetic tables were used for
// choices in sessions 8 and 9, so they are no longer a clean held-out set.
// Cost: eight inner cross-validations instead of two (`hornetctl train`,
// seed 1, whole table, session 8's binary then this one, side by side):
// prostate 2.90 → 3.66 s, breast cancer 0.91 → 1.18 s, the 400 × 2000
// synthetic factor table 5.28 → 7.06 s. On wide tables with thousands of
// rows the check dominates training: the 2,000 × 2,000 table above, with
// --epochs 3 to time the rest, takes 210 s (timed in separate runs:
// session 8's check 115 s, --continuous-fit average 40 s; there 64 times
// the penalty brings the inner held-out loss to 0.64); most of it is the
// eigendecomposition of the rows' Gram matrix (about 18 s for 2,000 rows,
// twice) and the inner fits of weakly penalised separable problems.
//
// Gates at 20 % label noise, seed 202 (350 fits, 10 a cell), after the
// screening change of session 9 (a promoted extension where no tuple has
// evidence, package rulesearch): 24 fits below 0.97. Read from their rule
// tables: six hold a chance tuple beside the target pair, six the target's
// single feature alone, four a target single beside a chance single, one
// both target singles as two tuples (an and gate, which the softmax over
// two single-feature rules reads wrongly: 0.741), four no tuple with
// evidence (random tuples), one a chance single alone, and two the target
// pair alone but one cell read wrongly. Those two are the class weights:
// `or` over 8 features, seed 205, cell f3 = 0, f7 = 1 holds 21 rows of
// class 1 and 11 of class 0 (the gate says 1, flipped with probability
// 0.2), and with balanced weights (class 0 holds 43 of 128 rows, weight
// 1.49 against 0.75) 11 · 1.49 > 21 · 0.75, so the network predicts 0 for
// a quarter of the rows (0.73). Balanced weights move the decision from
// P(1) > 1/2 to P(1) > the share of class 1 (0.66 here), which shrinks
// the margin of a noisy cell of the majority class (P(1) = 0.8) from 0.3
// to 0.14. With --class-weight none (all else the default): gates, seed
// 202, fits below 0.97 at 15 / 20 %: 7 / 24 → 2 / 20 (mean accuracy at
// 20 % 0.9826 → 0.9859); but
// macro-F1, the measure of the real tables, falls where classes are
// unequal: the five categorical tables, 5×2 folds, seeds 101 / 202,
// 0.8405 → 0.8299 (spect_test 0.551 / 0.544 → 0.506 / 0.474; house votes
// 0.952 / 0.951 → 0.955 / 0.953, tic-tac-toe 0.987 / 0.986 → 0.989 /
// 0.988), the eleven continuous tables 0.9043 → 0.9030 (breast cancer
// 0.969 / 0.971 → 0.975 / 0.970, logistic regression, unweighted, 0.976
// / 0.970: part of breast cancer's gap to it on seed 101 is the weights;
// breast_a 0.891 / 0.890 → 0.899 / 0.861). Balanced stays the default;
// --class-weight none is the choice for accuracy.
//
// Also measured, on the noise failures with a chance tuple beside the
// target: giving strong tuples runs of heads in proportion to their
// scores rather than equally (the target pair 208 slots, the chance single
// 48): fresh-row accuracy unchanged to the last digit on `or` over 32 and
// 64 features and `and` over 64 (seeds 2, 2, 1 of seed 1's draws), so the
// softmax lets a rule override the target in the cells where it fires
// whatever its share of the slots. Evidence conditional on the best tuple
// (package rulesearch, session 9) removes the chance tuples but also
// spect_train's weak single effects.
//
// # Session 10: the inner cross-validation's cost
//
// On the 2,000 × 2,000 table above (--epochs 3, seed 1) a CPU profile put
// 79 % of 200 s in the inner fits' passes over the rows and 16 % in
// preparing the rows' span (the Gram matrix 4 %, its eigendecomposition
// 12 %). Package ridge now takes each row's logit as one dot product per
// class over θ held class by class (gonum/floats, vectorised; was a loop
// over columns with the classes innermost), factorises the Gram matrix by
// Cholesky with complete pivoting (Dpstrf) rather than eigendecomposing
// it, and computes it by Dsyrk; checkHalves prepares the two halves at
// once and runs the eight cross-validations on halvesWorkers goroutines
// (GOMAXPROCS, at most 4), reading their losses in the order they were
// read before, so the choice and the model do not depend on GOMAXPROCS
// (TestFitSelectIndependentOfGOMAXPROCS). The fits are the same up to
// rounding (L-BFGS is invariant to an orthogonal change of coordinates):
// eleven continuous tables, seed 101, and eighteen synthetic tables, seed
// 7, 5×2 folds, macro-F1 identical to the last digit. Benchmarks
// (internal/ridge, the two versions side by side, 2 cores):
// BenchmarkNewDesignWide (1,000 × 2,000) 2.05 → 0.33 s,
// BenchmarkCrossValidateWide 0.87 → 0.24 s. `hornetctl train`, whole
// table, seed 1, session 9's binary then this one, alternating: prostate
// 4.0 → 3.8 s, breast cancer 1.24 → 0.89 s, the 400 × 2,000 synthetic
// factor table 7.2 → 3.9 s, the 2,000 × 2,000 table 203 → 22 s.
// The rule refresh no longer scores the rules where the network takes
// the continuous route (every row of that pass took the continuous route,
// so it scored nothing and the refresh replaced nothing): the same model
// bytes on seven continuous tables, and prostate 3.6 → 2.9 s, skf_allaml
// 2.5 → 2.2 s (seed 1, alternating, twice each).
//
// Measured and not adopted: stacking the eight inner fits instead of
// choosing one. Greedy forward selection with replacement (Caruana et al.,
// 2004; 20 rounds, each adding the fit whose held-out logits, averaged
// with those already taken, lower the held-out class-weighted loss most)
// gave each fit a weight; the output layer was the weighted average of
// their optima on all rows, each both-halves member averaged with Adam's
// weights as FitAverage is (so a weight on one fit alone is today's
// choice without the margin). 5×2 folds: eleven continuous tables,
// seeds 101 / 202 / 303, 0.9044 → 0.9054, most of it multi_b on seed 202
// (32 rows: 0.773 → 0.807), breast_a 0.891 / 0.890 / 0.911 → 0.886 /
// 0.902 / 0.895, breast cancer 0.975 / 0.972 / 0.970 → 0.973 / 0.970 /
// 0.971, seven tables identical; the eighteen synthetic tables, seed 7,
// 0.7030 → 0.7026. A wash on the tables it was not chosen on.
//
// Measured and not adopted: where the check chooses both halves at a
// stronger penalty, the optimum at that penalty alone as the output
// layer, rather than its average with Adam's layer. Adam trains at the
// configured penalty, so the average gives back part of what the
// stronger penalty took, and the check scored the optimum alone (as it
// does where it chooses the values half): deploying what was scored is
// the principled choice, and the selection seeds agreed. 5×2 folds,
// eleven continuous tables, seeds 101 / 202 / 303: 0.9044 → 0.9071
// (sonar 0.772 / 0.746 / 0.758 → 0.784 / 0.785 / 0.766, ionosphere 0.896
// / 0.895 / 0.897 → 0.900 / 0.905 / 0.901, multi_b 0.734 → 0.747 on seed
// 303, breast cancer 0.975 / 0.972 / 0.970 → 0.973 / 0.976 / 0.968,
// seven tables identical). But the eighteen synthetic tables of session
// 7, seed 7: 0.7030 → 0.7019; eighteen fresh ones drawn the same way
// from another seed (folds seed 11, used for no choice before): 0.6983 →
// 0.6969 (logistic regression 0.6899), most of the loss each time the 60
// × 20 three-class table (0.700 → 0.673, 0.614 → 0.583), where five inner
// folds of 48 rows choose noisily and the average with Adam's layer
// hedges (the other seventeen tables +0.0003 in both sets); and the
// README's comparison, 5×5 folds, seed 1: fifteen tables 0.9091 →
// 0.9088 (multi_b 0.794 → 0.781, now below the logistic regression's
// 0.783; sonar 0.773 → 0.778, breast cancer 0.970 → 0.972, ionosphere
// 0.902 → 0.903). One gain and three small losses: the average stays.
// Also measured: penalty multiples {0.25, 4, 16, 64} 0.9036 on the real
// tables, seeds 101 / 202 / 303 (iris 0.967 / 0.970 / 0.966 → 0.963 /
// 0.966 / 0.970, breast_a 0.911 → 0.895 on seed 303), synthetic 0.7030;
// {4, 16, 64, 256} 0.9039 (skf_colon 0.856 / 0.842 → 0.840 / 0.836),
// synthetic 0.7008: {4, 16, 64} stays. Ten inner folds instead of
// HalvesFolds = 5 (affordable now): 0.9029 (skf_colon 0.856 / 0.842 →
// 0.839 / 0.828, multi_b 0.773 → 0.761 on seed 202), synthetic 0.7022,
// the fresh synthetic tables 0.6975: five stay.
//
// # Session 12: the class weights' decision boundaries
//
// Balanced class weights (the default) put a two-class boundary where
// the predicted probability of the rare class equals its prior: the
// optimum of balanced accuracy. Macro-F1, which the comparisons score, is
// highest at a threshold of about half the best F1 attainable (Lipton,
// Elkan and Naryanaswamy, 2014): near the prior where the rare class is
// hard to tell (F1 low), near one half where it is well separated. A
// helper's audit found the second case costly: five tables of 400–600
// rows and 8 Gaussian features with a 3–10 % minority shifted by 1–2
// standard deviations, macro-F1 (5×2 folds, seeds 101 / 202) 0.760 /
// 0.764 against the logistic regression's 0.844 / 0.830 (the helper
// reported unweighted training, --class-weight none, closing the gap). Training the
// class weights w_c to a power a (w_c^a; 1 balanced, 0 equal) measured
// on three sets, seeds 101 / 202, a = 1 / 0.5 / 0:
//
//	those five tables                    0.760 0.825 0.838 (seed 101), 0.764 0.821 0.827 (202)
//	eighteen imbalanced synthetic tables 0.649 0.651 0.631 (seed 101), 0.659 0.653 0.634 (202)
//	  (5–20 % prevalence, 150 or 400 rows × 20 or 500 features, sparse
//	  logistic; and six binary tables, a rare and-gate plus two weak flags)
//
// so no fixed power is right: on the harder tables, where the rare class
// is barely separable, the balanced boundary is the better one. HalvesCheck
// therefore chooses the power per table from the inner cross-validation
// it runs anyway: its chosen fit's held-out logits are scored by
// macro-F1 with the bias shifted by −(1 − a)·ln w_c (what training with
// w_c^a would shift, up to the weights' smaller effect on the slopes) for
// a = 1, 1/2 and 0, and a weaker power is taken only where it scores
// higher and more of the held-out rows whose prediction it changes become
// right than wrong (one-sided sign test at 5 %). 5×2 folds: the five
// tables 0.760 / 0.764 → 0.820 / 0.819; the eighteen imbalanced tables
// (seed 101) 0.6491 → 0.6505; the eleven continuous shared tables 0.9073
// → 0.9073 (seeds 101 / 202; breast cancer 0.975 → 0.976 on 101) and
// 0.8986 → 0.8983 (303; sonar 0.758 → 0.756); the eighteen synthetic
// tables of session 7 (seed 7) 0.7030 → 0.7030. Without the sign test the
// choice is noisy where the inner folds are small: 0.9061 (skf_colon, 62
// rows, 0.856 / 0.842 → 0.847 / 0.819) and 0.7002 (the 60-row tables).
// Weights set by the caller (ClassWeights, EqualClassWeights) are kept
// as they are. The categorical route had no inner cross-validation and
// kept the balanced boundaries until session 14 (below).
//
// Measured and not adopted (session 12): averaging several seeds' Adam
// fits of the continuous route's output layer (K fits with their own
// seeds, averaged before the blend with the optimum; an ensemble, since
// the layer is linear over fixed features). 5×2 folds, the eleven
// continuous tables: K = 3 0.9073 → 0.9076 (seeds 101 / 202; breast_a
// 0.890 → 0.902 and iris 0.967 → 0.963), 0.8986 → 0.8987 (303), K = 5
// 0.9074; the eighteen synthetic tables 0.7030 → 0.7024; the fit time of
// a continuous fit about doubles (prostate, whole table, 4.4 → 9.2 s with
// K = 3). The gaps to the logistic regression (wine, breast cancer) do not
// move: there Adam's layer is already at the optimum.
//
// # Session 14: the loss target asks the network
//
// On the categorical route the monitored loss, without a validation
// split, is the mean of an epoch's batch losses, taken under dropout
// while the weights move and the rules are refreshed. It can reach the
// loss target while the network as it stands does not: mushroom, seed 1,
// 5×5 `cv`, repeat 2 fold 1 (training seed 6), stopped at epoch 73 with
// an epoch mean of 0.0009 and a class-weighted training loss of 0.0044,
// 13 of 6,499 training rows and 11 of 1,625 held-out rows wrong (macro-F1
// 0.993). The target is now reached only when that training loss, of
// the network as it stands, is at or below it too (one pass over the
// training rows in the epochs whose mean reaches it); otherwise training
// goes on. The fold scores 1.000 (so does a smaller target, 1e-4 or 1e-5,
// at three times the fit time), and mushroom on seeds 303 / 404 (5×5)
// 0.99998 / 1.000 → 1.000 / 1.000 (one fold of 303 repaired the same
// way). Every other fit measured is identical:
// the README's fifteen tables (seed 1, 5×5) differ only in mushroom
// (0.99988 → 1.000), the five categorical tables on seeds 101 / 202
// (5×2) and the twelve Debian tables (seed 101) to the last digit, and
// the clean gates (5 fits a cell, seed 202) and the README's label-noise
// table at 10 and 15 % (seed 1). The continuous route, where
// nothing is dropped, keeps its epoch mean (TestLossTargetAsksTheNetwork).
//
// # Session 14: the categorical route's decision boundaries
//
// spect_test (187 rows of 22 binary flags, 15 of the rare class) was the
// largest gap to the logistic regression among the shared files, and
// left out of the README's table: 5×5 folds, seed 1, 0.556 against 0.582,
// accuracy 0.744 against 0.895. Balanced weights call the rare class far
// more often than it occurs; unweighted (--class-weight none) HorNets
// never does (0.484); the boundaries of the weights to the power 1/2,
// fixed, give 0.590. Session 12's choice of the power by held-out
// macro-F1 needs held-out logits, which the continuous route had from its
// inner fits; the categorical route now runs its own (BoundaryCheck):
// where some balanced class weight is at least BoundaryImbalance = 2 or
// at most 1/2 (with two classes, the rarer at most a quarter of the
// rows) and every class has BoundaryFolds rows, five networks are trained
// as the fit was (same configuration, seeds Seed+1..Seed+5) on the inner
// folds but one, their held-out log-probabilities choose the power among
// 1, 1/2 and 0 with weightPower (sign test included), and the shift is
// added to CatInt's output bias before the rules are extracted. The
// threshold spares the nearly balanced tables the five fits: there the
// shift −(1 − a)·ln w_c is below ln 2 and moves few rows.
//
// 5×2 folds, macro-F1 (HorNets; logistic regression):
//
//	spect_test, seeds 101 / 202 / 303   0.551 0.558 0.551 → 0.611 0.514 0.607 (0.577 0.577 0.599)
//	spect_test, 5×5, seed 1             0.556 → 0.567 (0.582)
//	eight rare-class binary tables      0.8388 / 0.8472 → 0.8532 / 0.8534 (seeds 101 / 202)
//	  (a conjunction of 3 or 4 of 20 or 100 flags, 6–20 % positive, 150
//	  or 400 rows, with or without flips and a weak fourth flag; a helper
//	  script of session 14; six tables move, all up, the 400-row ones not)
//	soybean (weka), seed 101            0.950 → 0.950 (the check chose 1)
//
// and unchanged: every table of the README's table (none has a weight
// that far from 1), the clean gates (seed 202, 5 fits a cell) and the
// `and` and `or` gates at 20 % label noise (seed 202, 10 fits a cell),
// where flipped labels bring the classes nearer even. The cost is five
// more fits where it runs, on up to four cores: soybean's 5×2 folds 58 →
// 269 s of fitting, spect_test's 5×5 20 → 95 s. A variant that shifted by
// a fixed power 1/2 on every categorical table was not tried beyond
// spect_test: session 12 found fixed powers wrong on tables whose rare
// class is barely separable.
//
// # Session 15: the boundary check on tables it was not chosen on; additive tables
//
// Twenty rare-class tables cut from real ones (a script outside the
// repository: one class of house votes, tic-tac-toe, mushroom, the MONK's
// test sets, breast-cancer (weka) or dna (weka) kept to 25–80 rows, two
// draws each; 193–2,501 rows), `bench real`, 5×2 folds, macro-F1 mean
// over the twenty, before → after the check (logistic regression):
//
//	seed 101   0.7919 → 0.8037 (0.8227)   up: tic_neg 0.594 → 0.763 and 0.585 → 0.636, dna_ei_1 +0.015, house_rep_1 +0.005; down: dna_ei_2 −0.004
//	seed 202   0.7896 → 0.8009 (0.8233)   up: tic_neg 0.601 → 0.756 and 0.593 → 0.636, dna_ei +0.021 / +0.007; none down
//
// The other tables are identical (the MONK's sets take the continuous
// route; the others keep the weights' power). HorNets fit time 449 → 2,397 s
// and 481 → 1,984 s (dna_ei's 2,501 rows most of it; other jobs ran on the
// machine). Still far below the logistic regression on tic_neg (0.64–0.76
// against 0.94–0.96: with 50 negatives screening gives slots to the two
// diagonals and few other lines, training accuracy 0.95) and on the
// house-votes cuts (0.87–0.91 against 0.92–0.95).
//
// Additive binary tables, measured and not adopted: eight synthetic tables
// (200 or 400 rows, 20 or 60 flags, a logistic label over 5 or 15 of them;
// /work/exp15/mkadd.py in session 15, not shipped), `bench real` 5 folds
// seed 101: HorNets 0.672 against the logistic regression's 0.703, down to
// −0.10 where 15 weak effects drive the label: CatInt's rule slots go to
// the few tuples with evidence (7 tuples over 8 of 15 features, training
// accuracy 0.735). --main-effects, --cutoff 0.05 and --order 1 change
// nothing or lose. A prototype that gives every feature a single-feature
// tuple beside the screened ones (as the cycling of NewTable allows; an
// environment switch in a scratch build) wins where the signal is
// additive, `cv` 5 folds, seeds 101 / 202, macro-F1 (held-out rule
// fidelity):
//
//	eight additive tables   0.675 / 0.661 → 0.702 / 0.698
//	house votes             0.957 / 0.942 → 0.961 / 0.959 (0.99 / 0.97 → 0.97 / 0.97)
//	spect_train             0.670 / 0.749 → 0.735 / 0.759 (0.99 / 0.93 → 0.91 / 0.81)
//	spect_test              0.590 / 0.604 → 0.646 / 0.676 (0.99 → 0.91)
//	tic-tac-toe             0.991 / 0.992 → 0.992 / 0.983 (0.99 → 0.98)
//	breast-cancer, soybean  0.613 / 0.598 → 0.619 / 0.598; 0.951 → 0.953 (202)
//	tic_neg_1, house cuts   0.729 → 0.780, 0.885 → 0.897, 0.924 → 0.933 (101)
//
// but it ruins the gates, which have no single effect to add: clean, seed
// 202, 5 fits a cell, mean accuracy 1.000 → 0.986 (xor at 128 features
// 0.864, 4 cells below 0.97); at 20 % label noise 0.984 → 0.877 (29 cells
// instead of 8), the singles fitting the flipped labels. So it could only
// be a choice the training rows make, by inner folds as the boundary
// check's, at ten more fits a categorical fit (both rule tables on five
// inner folds) and a lower rule fidelity where the singles are taken; on
// wide tables the singles would have to be ranked by their own screening
// score (the pool keeps the best 64 tuples only). Left for a later session.//
// # Session 21: equal class weights on near-balanced categorical tables
//
// Measured and not adopted. At 20 % label noise the four gate cells
// below 0.97 (README, "Label noise"; seed 1, 5 fits a cell, polyclip)
// are all repaired but one by training the categorical route with equal
// class weights: fits below 0.97 in `and` over 64 and 128 features and
// `or` over 32 and 64, 4 cells → 1 (`and` over 128, one fit 0.695), mean
// fresh-row accuracy 0.9901 → 0.9983. The balanced weights put the
// boundary at the noisy labels' prior (positives about 35 % in a noisy
// `and`), and a cell split by a chance feature (f10 in `and` over 64,
// seed 3: 6 of 11 rows positive where f11 = 1, f59 = 0, f10 = 0) crosses
// it sooner than one half. So equal weights were tried wherever every
// balanced weight lies within (1/BoundaryImbalance, BoundaryImbalance),
// the tables the BoundaryCheck leaves alone; `bench real`, 5×2 folds,
// macro-F1 mean, balanced → equal (logistic regression):
//
//	sixteen synthetic binary tables, seed 101   0.7267 → 0.7251 (0.6840)
//	  (eight additive: a logistic label over 5 or 15 of 20 or 60 flags,
//	  30–58 % positive; eight disjunctions of 1–3 conjunctions with 10
//	  or 20 % flips; 200 or 400 rows; a script outside the repository)
//	the same, seed 202                          0.7293 → 0.7243 (0.6900)
//	  (the hard additive table of 200 rows × 60 flags, 15 effects, 32 %
//	  positive: 0.665 / 0.673 → 0.590 / 0.605; a 200-row disjunction
//	  +0.039 on 101)
//	house votes, tic-tac-toe, spect_train and spect_test, breast-cancer
//	  (weka) and three 400-row supermarket draws (weka), seed 101
//	                                            0.7656 → 0.7619 (0.7385)
//	  (house votes 0.960 → 0.957, tic-tac-toe 0.991 → 0.986,
//	  supermarket −0.007, −0.020, +0.006; the others unchanged)
//
// Training equal and letting inner folds move the boundary back toward
// the balanced one (the BoundaryCheck run the other way: powers 1/2 and
// 1 from 0, with its sign test) gave the same sixteen figures to the
// last digit at six times the fitting time: the bias shift moved too few
// held-out rows to pass the sign test. Running the BoundaryCheck as it
// is on every categorical table changes no gate at 20 % noise (the 35
// cells' figures identical; on the four failing `and` fits over 64
// features it keeps power 1, at most 13 held-out rows moving). The weights act through the network they train, not
// through its bias alone: what they give the noisy gates they take from
// the additive and real tables, where macro-F1 wants the balanced
// network. The label-noise goal stays where sessions 5–12 left it.
//
// # Session 22: a table of flags with a continuous column or two
//
// The router takes the categorical route only where every value is one
// of two, so one continuous column beside many flags made the table a
// linear model's. Issue 10's lever "routing per column group" was
// measured as binarising the continuous columns (data.Binned: 0/1
// thresholds at the training quartiles; the encoder is fitted on each
// training fold), `bench real --folds 5 --repeats 2`, mean macro-F1
// (logistic regression on the numbers):
//
//	32 new tables, 1 or 2 continuous beside 20 or 100 flags, seed 202
//	  numbers 0.6959, binarised 0.7734 (0.6904); 30 up, 2 down (worst
//	  −0.017, the continuous columns alone carrying the label)
//	16 tables, 3 continuous beside 20 or 60 flags, seed 101
//	  0.6767 → 0.8143 (0.6795); additive label over flags and
//	  continuous columns, 200 rows × 20 flags: 0.786 → 0.672
//	16 tables, 1 / 3 / 6 / 12 continuous beside 30 flags, seed 101
//	  (coded outside the program, quartiles of the whole file)
//	  0.6791 → 0.8225; at 3 or more continuous columns the additive and
//	  continuous-only tables lose 0.002–0.049, at 1 every kind gains
//	credit-g (weka, 6 continuous of 20 columns) 0.696 → 0.677
//	labor (weka) 0.936 → 0.935; MONK's training files (integer codes)
//	  0.657 / 0.568 / 0.787 → 0.898 / 0.629 / 0.935
//
// Interactions of flags (xor of two beside a continuous main effect:
// 0.47–0.57 → 0.92–0.95) are what the continuous route cannot express;
// where three or more continuous columns carry the label, thresholds
// lose to the linear model. So binarising is the default only for one
// or two continuous columns with at least five flags each
// (data.AutoBinariseMax, AutoBinariseFlags; the regime the train warning
// already called a table of flags, chosen on the seed-101 sets and
// checked on the seed-202 set, which was made after the choice); named
// columns (--binarise) and --no-binarise override it. No shared table
// and none of the twelve Debian tables is in that regime, so every
// other figure in this documentation stands.
//
// # Session 24: a sparse candidate in FitSelect's check, not adopted as a default
//
// A prototype (branch hE of the repository, not merged: an environment
// switch HORNETS_SPARSE=1 in a scratch build) let the inner check also
// score a screened fit: the values half
// cut to the k = 10 or 100 columns of largest one-way F statistic (t²
// for two classes), the screen redone on each inner fold's training
// rows, at penalty multiples 1, 4, 16 and 64; where chosen, the screened
// fit over all rows is the output layer (the graph's search over every
// column would undo it). HORNETS_SPARSE_VS=chosen makes a screened
// candidate beat the dense fit already chosen by HalvesMargin, =prior
// also the class-weighted constant prediction. `bench real`, 5×2 folds,
// mean macro-F1 (default → plain / chosen / prior; logistic regression):
//
//	eleven continuous tables, seed 101  0.9114 → 0.9115 / 0.9128 / 0.9128 (0.8989)
//	                          seed 202  0.9034 → 0.9005 / 0.9018 / 0.9018 (0.8990)
//	                          seed 303  0.8984 → prior 0.8964            (0.8823)
//	seven synthetic tables (/tmp, 200–300 rows × 500–5,000 Gaussian or
//	0/1/2 columns, label a logistic of 1–3 columns, or of 50: the
//	control), seed 101          0.5749 → 0.6523 / 0.6451 / 0.6549 (0.5720)
//	  folds seed 202            0.5724 → 0.6567 / 0.6550 / 0.6523 (0.5710)
//	  a fresh draw, seed 101    0.5454 → 0.6344 / prior 0.6274   (0.5423)
//
// The sparse tables gain 0.05–0.25 each (gauss3 0.53 → 0.77); the plain
// variant loses on a dense control (300 × 1,000, label over 50 columns:
// 0.594 → 0.516; the fresh 200 × 500 0.564 → 0.532), where every dense
// candidate's held-out loss is above the prior's and a nearly constant
// screened fit wins on log-loss; the prior guard repairs both. On the
// real tables it is a wash to a small loss: multi_b gains on every seed
// (+0.016 to +0.025), skf_allaml (−0.008 to −0.014) and skf_colon (−0.007
// to −0.015 with the guard) lose on every seed, prostate is mixed; three
// seeds 0.9044 → 0.9037. Fit time +0–10 % (`hornetctl train`, seed 1,
// whole tables: prostate 2.2 s either way, the screened fit skipping the
// graph's search; skf_allaml 1.7 → 1.9 s; 250 × 3,000 2.5 → 2.7 s). The
// guard was designed after the first synthetic draw, so only the fresh
// draw tests it. Worth offering as an option for tables known to carry
// a sparse signal (one or a few variants among thousands), with the prior
// guard; not as the default, which the shared expression tables prefer
// dense.
//
// # Session 25: the sparse candidate offered as an option
//
// Session 24's candidate, with the prior guard (a screened fit must beat
// the dense fit chosen and the class-weighted constant prediction by
// HalvesMargin standard errors), is now Config.SparseKeep, hornetctl's
// --sparse (10 and 100 columns), off by default: the prototype's
// environment switches are gone. Measured with the final code (train
// --seed 1 on 200 rows, eval on 1,000 fresh rows): two Gaussian columns
// of 2,000 carry the label (x3 + x7 + 0.5·N(0, 1) > 0), accuracy 0.557
// without, 0.883 with (the fit over 10 columns chosen); TestSparseKeep's
// tables: two of 2,000, 0.563 → 0.860; fifty of 1,000 over 300 rows,
// 0.643 → 0.632 (the 100-column fit chosen). A single additive 0/1/2
// variant among 2,000 (300 rows, logit −1.2 + 1.4·dosage) is not helped:
// every dense fit's held-out loss is above the prior's there, and no
// screened fit beats the prior by the margin. `bench real --folds 2
// --repeats 5 --seed 101` over the eleven shared continuous tables, mean
// macro-F1: 0.8821 default, 0.8815 with --sparse (multi_b +0.024;
// skf_colon −0.019, breast_a −0.008, skf_allaml −0.003, prostate −0.002;
// the six others identical), as session 24 found. The default models are
// byte-identical to before (ten shared tables).
//
// # Session 25: interactions between continuous columns, the encoding check
//
// The continuous route is linear in the columns, so an interaction of two
// continuous columns is out of its reach; binarising the columns at their
// training quartiles (--binarise '*') sends the table to the categorical
// route, whose screening finds it. 20 Gaussian columns, 500 training and
// 1,000 fresh rows, seed 4 (`hornetctl train --seed 1`, then `eval`;
// accuracy, as numbers → --binarise '*'):
//
//	(x3 > 0) xor (x7 > 0)   0.497 → 0.949
//	(x3 > 0) and (x7 > 0)   0.852 → 0.976
//	x3 + x7 > 0 (additive)  0.972 → 0.880
//
// On the shared continuous tables binarising loses but on sonar (`cv
// --folds 5 --repeats 2 --seed 3`, macro-F1, numbers → --binarise '*'):
// ionosphere 0.895 → 0.890, sonar 0.784 → 0.802, wine 0.980 → 0.973,
// iris 0.960 → 0.929, breast cancer 0.965 → 0.954. So neither encoding
// is right for every table, and ChooseEncoding decides per table where
// the options leave it open and the table is 2 to 32 continuous columns
// over 60 to 5,000 rows: both encodings are fitted on 3 stratified inner
// folds of the training rows (as inner fits: no boundary check of their
// own; the six at once) and the columns are binarised only where, of the
// held-out rows the two disagree on, more become right than wrong by a
// one-sided sign test at 5 % (the boundary check's rule) and the held-out
// macro-F1 is higher. hornetctl train logs the check; cv and bench real
// run it in each training fold, the Classifier in Fit; tune did not (its
// grid shares one encoding per fold) until session 26, which runs it once
// per training fold with the grid's first configuration and shares the
// choice with the others. --no-binarise (NoBinarise) or any
// --binarise or --categorical skips it. The tables above: xor and and
// binarised (inner macro-F1 0.51 → 0.92 and 0.86 → 0.98 on 300-row
// versions, TestChooseEncoding), additive kept (0.97 against 0.88). Cost:
// six more fits of the table, stopped as early as the continuous route's
// (ContinuousEpochs, ContinuousPatience, where the config leaves the
// defaults; the same choices on every table below): train on the 500 ×
// 20 tables 0.7 → 3.0 s xor, 0.8 → 2.5 s additive, 0.5 → 8.2 s and, whose
// binarised final fit alone takes 8.6 s; vowel (990 × 10, 11 classes)
// 2.6 → 12.1 s (20.2 s before the early stop). The
// shared tables it applies to (iris, wine, breast cancer) keep their
// numbers on the whole table (gained/lost 3/6, 2/2, 8/11), and their
// models are byte-identical; `bench real --folds 5 --repeats 5 --seed 1`
// on them gives the README's figures to the last digit shown. Thirty
// fresh tables (300 rows of 5 or 20 Gaussian columns, seeds 1–3; fresh-row
// accuracy as numbers → with the check): xor of two thresholds
// 0.49–0.52 → 0.91–0.97 (binarised 6 of 6), and 0.84–0.89 → 0.93–0.99
// (6 of 6), a ring x3² + x1² > 1.4 0.49–0.70 → 0.69–0.79 (5 of 6), two
// additive labels unchanged (0 of 12 binarised). Seven continuous tables
// of Debian's weka and mlbench (`bench real --folds 2 --repeats 5 --seed
// 101`, against --no-binarise): glass, segment-challenge, unbalanced,
// bcw, vehicle and vowel unchanged, diabetes 0.7411 → 0.7383; 38 s
// instead of 18 s for weka's four, 102 s instead of 14 s for mlbench's
// three (57 s and 137 s before the early stop). With the
// bound at 64 columns (a scratch build), ionosphere (34) and sonar (60)
// were checked in every training fold and never binarised (the same
// 5×2 figures, 0.8919 and 0.7529) in four times the time: the bound
// stays at 32.
//
// # Session 26: mixed tables and codes in the encoding check
//
// The check ran only where every column was continuous, so three kinds of
// table went to the linear route unchecked: flags beside three or more
// continuous columns (FitEncoder's own rule binarises one or two), a
// continuous table with one constant or binary column (weka's
// segment-challenge and unbalanced: session 25's figures for them were of
// tables the check skipped), and integer codes beside a binary column
// (the MONK's files). It now runs where FitEncoder's rule binarised
// nothing and the table has 1 to EncodingMaxColumns continuous columns
// beside any binary, constant or categorical ones, at most
// EncodingMaxFeatures (128) features. In its binary encoding a
// continuous column of at most EncodingCodeValues (4) distinct values, a
// code, is one-hot encoded rather than cut at its quartiles: with four
// values or fewer the cuts are the values themselves (x>1, x>2, x>3),
// which take a conjunction to say a2 = 3, and MONK's-1's a1 = a2 needs
// four literals a rule that way but two one-hot. (MONK's published
// splits, --binarise '*' against --categorical '*': 0.833 against 1.000,
// 0.528 against 0.691, 0.972 both.) Both encodings name the whole
// table's categorical columns in every inner fold, so that a numeric
// column with a stray word keeps its kind when a fold misses the word.
// Figures: bench real --folds 2 --repeats 5, macro-F1, session 25's code
// → this, logistic regression on the same folds:
//
//	MONK's-1, -2, -3 training files (seed 101)  0.671, 0.474, 0.781 → 0.906, 0.490, 0.904  (0.669, 0.443, 0.771)
//	9 synthetic mixed tables, an interaction    0.44–0.51 → 0.97–1.00  (two flags' xor, a flag xor a threshold beside 20 flags and 4 Gaussians, a1 = a2 over codes 1–3; seed 101)
//	6 synthetic tables, additive                unchanged but one, 0.8871 → 0.8865
//	15 fresh tables, other shapes (seed 202)    0.691 → 0.794 (60 flags and 6 Gaussians, 400 rows, 10 % noise: two flags' and 0.71–0.76 → 0.89–0.90, two thresholds' xor 0.50–0.53 → 0.78–0.80, additive 0.76–0.82 → the same or +0.016; codes 1–4, 250 rows: a1 = 4 or a3 = a4 0.63–0.66 → 0.70–0.72, an ordinal sum 0.75–0.82 → the same or +0.004)
//	ionosphere, segment-challenge, credit-g      unchanged (0.8919, 0.9355, 0.6933)
//	unbalanced (weka)                            0.4977 → 0.5066
//
// and on MONK's published splits (bench real --test, seeds 1–5): 0.656,
// 0.559, 0.841 → 1.000, 0.613, 0.972 (logistic regression 0.657, 0.460,
// 0.817). No shared table in the README's main table changes but
// ionosphere, which is checked now and keeps its numbers. The cost is the
// check's six fits where it newly runs: the six MONK's files 5×5 took
// 179 s instead of 18 s; ionosphere, segment-challenge, unbalanced and the
// three MONK's training files 5×2, 141 s instead of 21 s; credit-g 23 s
// instead of 4 s. hornets.Load names the one-hot columns of numbers in
// Encoding.Categorical (data.Encoder.CodedColumns), so that a refit
// encodes them alike. tune now runs the check too, once per training fold
// with the grid's first configuration (the tuning seed, as cv gives it),
// the choice shared by the grid: on MONK's-1 (--grid small, 5 folds, seed
// 1) every configuration scored 0.674 on the codes read as numbers and
// scores 1.000 now, as cv does; 3 s → 12 s.
//
// A table whose every continuous column is a code (genotypes as 0/1/2
// minor-allele counts) is checked however many columns it has, up to
// EncodingMaxCodeCells (5,000,000) cells, a bound on the inner fits'
// memory and time (500 rows × 10,000 SNPs: train 12 → 28 s). Fourteen
// synthetic genotype tables (500 to 3,000 SNPs, 300 or 400 rows, seeds
// 1–2, bench real --folds 2 --repeats 5 --seed 101): an xor of two
// dominant codes 0.48–0.50 → 0.93–0.95, a recessive or a
// recessive-by-dominant label 0.47–0.58 → 0.89–0.95, an additive one the
// same but one table (−0.005); 947 s instead of 112 s. skf_colon (−2/0/2
// codes, where one-hot loses: 0.82 → 0.66) keeps its numbers where train
// fits it (inner macro-F1 0.84 against 0.74) and its cross-validation
// folds are below EncodingMinRows, so every shared table's model and
// figure is unchanged.//
// # Session 27: the tuple check (issue 10, goal 4: label noise)
//
// With 20 % of a gate's 128 training labels flipped, the fits that fall
// below 0.97 on clean rows mostly hold the target pair beside a chance
// tuple: a noise feature whose dependence with the flipped labels passes
// screening's test (p ≈ 0.001 among the singles, a chance that 64 or 128
// features give), and whose rules then override the gate on some of its
// cells. Keeping the best tuple alone wherever the table places 2 to 8
// would repair them (an oracle: and and or gates, 3–128 features, seed
// 202, 10 fits a cell, fits below 0.97 at 20 % 24 → 13, at 15 % 9 → 1,
// and no fit worse), but real tables need their second tuple (5×2-like
// folds, three repeats, seed 101: MONK's-1 0.978 → 0.854, spect_train
// 0.672 → 0.645, spect_test 0.649 → 0.634, weka's breast-cancer 0.628 →
// 0.608). So a fit asks its own rows (TupleCheck): twenty inner fits,
// the table as the search fills it and the best tuple alone on each of
// five inner training folds of two partitions of the rows, the search run
// again on each, and the best tuple alone is kept only where more of the
// held-out predictions that differ are right with it, by a one-sided sign
// test at 5 %, the rule of the encoding and boundary checks. The inner
// fits stop as early as the encoding check's (300 epochs, patience 30):
// with the full schedule one partition chose alike (the same counts) at
// three times the cost. One partition was too weak: at 128 rows and 20 %
// noise about ten held-out rows differ between the two tables, and fits
// that the best tuple alone repairs leaned its way without passing the
// test (6 gained to 1 lost, 9 to 4). Fits below 0.97 on 1,000 clean fresh
// rows, session 26 → one partition → two (the default):
//
//	seed 202, and and or gates, 10 fits a cell (selection)   20 %: 24 → 23 → 20   15 %: 9 → 7 → 7
//	seed 1, every gate, 5 fits a cell (the README's table)   20 %: polyclip 8 → 6 → 5, relu 6 → 5 → 4; 15 %: polyclip 2 → 1 → 0, relu 2 → 2 → 2
//
// No fit is worse in any of them, and the clean gates and 10 % are
// unchanged (every fit 1.000). The real categorical tables (bench real
// --folds 2 --repeats 5: house votes, spect_train, spect_test,
// tic-tac-toe, mushroom, the MONK's training files, weka's breast-cancer,
// vote and soybean) are unchanged to the last digit but weka's
// breast-cancer, where the best tuple alone (deg-malig > 2.5) wins the
// check in some folds: 0.6450 / 0.6377 → 0.6402 / 0.6318 on seeds 101 /
// 202 (logistic regression 0.586 / 0.594). The check runs where the table places 2 to 8
// tuples (TupleCheckMost: mushroom places 64, tic-tac-toe more than 8),
// and costs its twenty fits there (train on the whole table, side by
// side): breast-cancer 2.2 → 5.2 s, a genotype table of 3,000 SNPs and
// 400 rows 14.9 → 36.4 s (the inner searches); the gate benchmark at 20 %
// 100 → 209 s.
//
// Measured on the way and not adopted: (1) the same choice by a proxy
// instead of inner networks, an additive logit over the tuples' value
// cells (Choose's Newton steps) scored by held-out log loss for every
// prefix of the placed tuples: gates at 20 %, seed 202, 24 → 17, but
// mushroom 1.000 → 0.979 (the Newton steps diverge on near-separable
// cells), spect_test −0.018 and spect_train −0.014, 13 times slower on
// mushroom; (2) the proxy as a class-weighted L2 logistic regression over
// the cells (internal/ridge): it tells the tuple sets apart by less than
// its noise, and pruned nothing on the failing fits; (3) other decisions
// on the inner networks' predictions: a paired test of their held-out log
// losses at 5 % (24 → 22 and 9 → 9; real tables unchanged), more rows
// gained than lost without a test (24 → 16, 9 → 2, but breast-cancer
// 0.628 → 0.608); (4) taking the evidence from the strong singles beside
// a single's extension unless they pass the evidence singles' test (the
// family without the pair's features): the chance singles pass it too,
// and no fit changed (24 → 24).
//
// # Session 28: three partitions, one search per inner training set
//
// The rule search (screening, Choose, the singles) depends on the table
// and the model configuration only, and its two inner fits per training
// set differ in Search.MaxTuples alone, so they share it
// (model.NewFromSearch, Network.TupleSearch), and the pruned fit reuses
// the whole table's. Models are byte-identical (the twelve shared tables
// with --seed 2, weka's breast-cancer and soybean, the MONK's files,
// four genotype tables); train on 3,000 SNPs × 400 rows 44.8 → 29.5 s,
// 1,000 recessive SNPs × 300 rows 34–35 → 26 s. With that saving, the
// check counts three partitions (TupleRepeats 3, thirty inner fits)
// instead of two. Fits below 0.97 on 1,000 clean fresh rows, two
// partitions → three, no fit worse:
//
//	seed 202, and and or gates, 10 fits a cell (selection)   20 %: 20 → 20   15 %: 7 → 4
//	seed 1, every gate, 5 fits a cell (the README's table)   20 %: polyclip 5 → 3, relu 4 → 3; 15 %: unchanged (0, 2)
//
// 10 % and the clean gates stay at 1.000 on every fit. A fresh seed,
// 303, measured once after the choice (and and or gates, 10 fits a cell,
// two partitions → three): 15 % 12 → 7, 20 % 38 → 37, none worse. Goal 4
// does not hold there even at 15 %, and most of its failures are the
// balanced class weights' boundary rather than a chance tuple: with 20 %
// of the labels flipped a gate's zero cell can hold more positives than
// the noisy labels' prior (and over 3 features, seed 304: 11 of 28 rows,
// 39 % against 37.5 %), and the balanced network predicts the gate's
// other class there (0.759 on clean rows, 1.000 with equal weights). The
// same 140 fits with equal class weights (EqualClassWeights; hornetctl
// bench synthetic --class-weight none): 20 % 37 → 22 fits below 0.97 (24
// better, 5 worse), 15 % 7 → 3 (1 worse). Session 21 measured what equal
// weights cost additive and real tables; choosing the weights per table
// from inner fits trained both ways is the lever left. A first measure
// of it, not adopted (a scratch copy, not in the repository): on the
// categorical tables whose balanced weights lie within (1/2, 2), after
// the tuple check, 2×5 inner folds train each fold both ways (one search
// shared), and equal weights are kept where more of the held-out
// predictions that differ are right with them (sign test at 5 %). Seed
// 303 at 20 %, the same 140 fits: 37 → 30 below 0.97, 9 better and none
// worse; the check passed in 32 fits. Held-out labels are noisy too, so
// it is weaker than equal weights everywhere (22), and missed and over 3
// features, seed 304 (8 gained, 7 lost). Not yet measured: the selection
// seed, the real and additive tables of session 21, and the cost. The real
// categorical tables (bench real --folds 2 --repeats 5, seeds 101 / 202,
// the eleven of session 27) are identical but weka's breast-cancer on
// seed 101, 0.6402 → 0.6416. train on the whole table, side by side,
// twice: breast-cancer 4.2–5.8 → 5.6–6.6 s, 3,000 SNPs 36–43 → 36–38 s.
//
// A row counts once in each partition: its outcomes in the three are
// not independent, so the sign test is looser than its 5 % over rows.
// Counting each row once, by the partitions' majority, is the strict
// test and was measured: seed 202, 20 % 20 → 21, 15 % 4 → 5 (three
// partitions counted per partition → per row). Its looseness has cost
// nothing measurable on real tables (above), which is why the count per
// partition stays.
//
// # Session 29: the weight check, an option
//
// Session 28's lever, built as an option (Config.WeightCheck, hornetctl
// --weight-check; WeightCheck): on a categorical fit whose balanced class
// weights all lie within (1/BoundaryImbalance, BoundaryImbalance), after
// the tuple check, two partitions of the rows into five inner folds
// train each inner training set with the balanced weights and with equal
// weights (one rule search for the two), and the fit is made again with
// equal weights where more of the held-out predictions that differ are
// right with them (one-sided sign test at 5 %). Fits below 0.97 on 1,000
// clean fresh rows, defaults → --weight-check, side by side (equal weights
// everywhere, --class-weight none, for comparison):
//
//	seed 202, and and or, polyclip, 10 a cell   20 %: 20 → 16 (6 better, 1 worse: or over 64, seed 211, 0.764 → 0.753; equal weights 15)
//	                                            15 %: 4 → 3 (1 better, none worse; equal weights 2, 1 worse)
//	seed 303 (used for no choice)               20 %: 37 → 31 (6 better, 1 worse: and over 64, seed 304, 0.644 → 0.636)
//
// It is not the default. It costs: the 140 fits at 20 % took 229 s → 748
// s of fitting on seed 202, 195 s → 706 s on seed 303. And it loses
// where the balanced network is the better one for macro-F1, as session
// 21 found for equal weights: the sixteen
// synthetic tables of model/rulesearch's session 29 (additive and
// disjunctions, `bench real --folds 2 --repeats 5 --seed 101`), mean
// macro-F1 0.6854 → 0.6826 (dis_r200_f20_p10 0.667 → 0.639,
// add_r400_f60_e5 0.640 → 0.627, add_r400_f20_e15 0.717 → 0.710, one up
// by 0.002), 343 s → 791 s. The held-out labels are as noisy as the
// training labels, so the check passes where the gate's cell is clear
// and misses where it is not (session 28), and it passes by chance on
// some additive tables. The eleven real categorical tables of session 27
// (same command): mean macro-F1 0.8195 → 0.8195 (tic-tac-toe 0.940 →
// 0.944, weka's breast-cancer 0.642 → 0.638, the nine others identical),
// 227 s → 948 s (mushroom 12 → 327 s, house votes 9 → 125 s).
//
// The best pair where no tuple has evidence (model/rulesearch's
// Config.PairFallback, hornetctl --pair-fallback), also an option, and a
// check that would choose it per table by inner fits (not adopted) are
// measured in model/rulesearch's documentation, session 29. Both options
// together (--weight-check --pair-fallback, the pair without its
// interaction test), fits below 0.97 at 20 %: seed 202 20 → 12 (9 better,
// none worse), seed 303 37 → 26 (12 better, none worse), at 3.4× and 2.0×
// the fitting time. Goal 4 of issue 10 is still not met at 20 %: most of
// the fits left do not have the target pair as their top tuple (8 of 12
// on seed 202, 18 of 26 on seed 303), a tuple with chance evidence
// having taken its place.
//
// # Session 30: the route check, an option
//
// The categorical route trails a logistic regression on tables whose
// label adds up many weak single effects (issue 10): its output reads a
// softmax over rules, a mixture, which does not sum evidence over many
// features. On the sixteen synthetic tables of model/rulesearch's session
// 29 (`bench real --folds 2 --repeats 5 --seed 101`), the eight additive
// ones score 0.635 on average against the logistic regression's 0.664,
// while on the eight disjunctions HorNets leads (0.736 against 0.642).
// Sent to the continuous route whole (a column of 0, 1, 2 added so the
// router takes LinAtt), the additive tables reach 0.664 and the
// disjunctions fall to 0.640 (0.8798 → 0.6504 on dis_r200_f60_p10): so
// the route is a choice per table.
//
// model.Config.Linear (hornetctl --linear) lowers the router's bound so
// that every batch takes LinAtt, and RouteCheck (Config.RouteCheck,
// --route-check) chooses it by inner fits: two partitions of the rows
// into five folds, on each inner training set a categorical fit and a
// linear one (shortSchedule, as the other checks), and the linear route
// where more of the held-out predictions that differ are right with it
// (one-sided sign test at 5 %). The categorical fits run first: where
// they leave fewer held-out rows wrong than the test needs (none on the
// clean gates), the linear fits are skipped, which changes no decision.
// It runs on at most RouteCheckMostRows (2,000) training rows. Measured,
// against the defaults on the same folds:
//
//	sixteen synthetic tables        0.6854 → 0.6916 (logistic regression 0.6529)
//	  additive                      add_r200_f20_e15 0.681 → 0.714, add_r200_f60_e15 0.587 → 0.612,
//	                                add_r400_f60_e15 0.627 → 0.642, add_r200_f20_e5 0.617 → 0.630,
//	                                add_r400_f20_e15 0.717 → 0.728, add_r400_f20_e5 0.665 → 0.671,
//	                                add_r400_f60_e5 0.640 → 0.636, add_r200_f60_e5 unchanged
//	  disjunctions                  dis_r200_f20_p20 0.593 → 0.601, dis_r200_f60_p20 0.558 → 0.550, six unchanged
//	eleven real categorical tables  0.8195 → 0.8220: tic-tac-toe 0.940 → 0.978 (479 training rows a fold;
//	                                on 5 folds the rules win, below), spect_test 0.614 → 0.623,
//	                                spect_train 0.660 → 0.655, weka's breast-cancer 0.642 → 0.628,
//	                                seven identical
//
// The inner categorical fits on their own full schedule (1,000 epochs,
// patience 100) instead of the short one, so as not to favour the linear
// route: 0.6916 → 0.6919 on the sixteen tables, at 1.8 times the time
// (1,154 → 2,027 s of fitting with --jobs 2): the short schedule stays.
// A threshold label, 11 of 21 flags among 40 with 5 % of the labels
// flipped, eight tables of 300 and 400 rows, accuracy on 2,000 fresh
// rows: the check chose the linear route on all eight; 300 rows 0.868
// against the rules' 0.836 on average, 400 rows 0.880 against 0.853. The
// rules vary from table to table (0.727 to 0.895), the linear route much
// less (0.858 to 0.885); where the rules were at their best it cost up
// to 0.018.
// The noisy gates (and and or, polyclip, seed 202, 10 fits a cell, 20 %
// of the labels flipped): the same 20 fits below 0.97, no accuracy
// changed; three fits over 3 features took the linear route, exact there
// as the rules are (1.000 either way), so the top tuple names the targets
// in 125 fits instead of 128; 230 → 690 s of fitting.
// The README's protocol on its four categorical tables (`bench real
// --folds 5 --repeats 5 --seed 1`): house votes and mushroom identical,
// spect_train 0.720 → 0.712, tic-tac-toe 0.9917 → 0.9914 (on 766
// training rows a fold the rules are the better model, and the check
// mostly keeps them); 271 → 1,393 s of fitting.
//
// It is not the default, for its cost: the eleven categorical tables took
// 369 → 1,274 s of fitting (mushroom 21 → 467 s before the row bound,
// which now skips it), the clean gates' fits 0.17 → 1.1 s (xor over 64
// features, seed 3: the ten categorical inner fits), and with it on by
// default `go test ./...` took 8 min 41 s instead of 3 min 41 s, beyond
// the five minutes CI allows; and on the real categorical tables it
// gains only where folds are small (tic-tac-toe on 2 folds) and loses a
// little elsewhere (weka's breast-cancer −0.014, spect_train −0.005 and
// −0.008).
//
// # Session 31: the square root of near-equal balanced weights
//
// Most fits of the noisy gates below 0.97 read one cell of the gate
// wrongly, and the class weights decide it. Balanced weights move a
// cell's decision from P(c) > 1/2 to P(c) > the class's share of the
// rows, and flipped labels pull every cell toward one half, so a cell of
// the larger class can fall below that share by chance: `or` over 8
// features, 15 % noise, seed 312, the cell where both targets are 1
// holds 24 positive rows and 10 negative ones while 91 of the 128 rows
// are positive; under balanced weights (1.73 against 0.70) its 10
// negatives outweigh its 24 positives, and the network reads a quarter
// of the rows wrongly (0.746 on clean rows). The tables where this
// happens are those whose balanced weights are near equal (every one
// within (1/BoundaryImbalance, BoundaryImbalance)), which the boundary
// check leaves alone. Equal weights there (session 21) or a check that
// chooses them by inner fits (the weight check, session 29) repair many
// of the gates but cost the additive and real tables' macro-F1, whose
// optimum lies nearer the balanced boundary. The loss now takes the
// balanced weights to the power NearBalancedPower = 1/2 on such a
// categorical fit (LossWeights), their geometric mean with equal weights:
// the boundary of a class of share π moves from π to 1/(1 + √((1−π)/π)),
// 0.30 → 0.40 for π = 0.3. No fit is added. Config.FullBalance (hornetctl
// --class-weight balanced) keeps the balanced weights; the continuous
// route and the tables far from equal are unchanged, bit for bit (the
// twelve shared tables of `--seed 2`: house votes, tic-tac-toe, MONK's-2
// and -3 change, MONK's-1 and spect_train have equal classes, the rest
// are continuous or far from equal). Fits below 0.97 on 1,000 clean fresh
// rows (`bench synthetic --gates and,or --activation polyclip --reps 10
// --label-noise P`), balanced → square root:
//
//	seed 202, 20 %       20 → 16 (mean accuracy 0.9623 → 0.9708; 8 fits better, 4 worse)
//	seed 202, 15 %       4 → 4 (0.9938 → 0.9959; 3 better, 2 worse: and over 32, 1.000 → 0.889; or over 32, 1.000 → 0.929)
//	seed 303, 20 %       37 → 22 (0.9281 → 0.9531; 19 better, 3 worse by at most 0.015)
//	seed 303, 15 %       7 → 5 (0.9887 → 0.9955; 5 better, 1 worse: or over 16, 1.000 → 0.939)
//	seed 404, 20 %       19 → 9 (0.9695 → 0.9861; 11 better, 1 worse by 0.006), measured after the choice
//	seed 404, 15 %       3 → 3 (0.9973 → 0.9967; 1 better, 1 worse: or over 128, 1.000 → 0.804)
//	seed 1, all gates, both activations, 5 fits a cell (the README's table), after the choice:
//	               20 %  polyclip 3 → 1, relu 3 → 2 (5 better, none worse)
//	               15 %  polyclip 0 → 1 (or over 32, seed 3, 1.000 → 0.941), relu 2 → 1 (2 better)
//	               clean and 10 %: every fit 1.000 either way
//
// and the top tuple names the targets about as often (139 → 136, 137 →
// 136, 128 → 127, 117 → 117, 139 → 139, 133 → 133 of 140). Macro-F1,
// `bench real --folds 2 --repeats 5 --jobs 2`, balanced → square root
// (logistic regression):
//
//	sixteen synthetic binary tables, seed 101   0.6854 → 0.6851 (0.6529): add_r400_f60_e5 −0.020, add_r200_f20_e5 +0.010, add_r200_f60_e5 +0.010
//	                                 seed 202   0.6834 → 0.6854 (0.6491): add_r200_f20_e5 +0.030, add_r200_f60_e15 −0.005
//	eleven real categorical tables,  seed 101   0.8195 → 0.8202 (0.7805): tic-tac-toe +0.005, MONK's-3 +0.004, weka's breast-cancer +0.003, house votes −0.002
//	                                 seed 202   0.8174 → 0.8159 (0.7802): MONK's-2 −0.014, weka's breast-cancer −0.004, tic-tac-toe −0.001, house votes +0.001
//
// (the disjunctions identical but dis_r200_f60_p20, −0.004 and −0.001;
// spect, soybean, MONK's-1 and mushroom within 0.001).
// On tables used for no choice (session 13's Debian tables: weka's
// breast-cancer, credit-g and labor, and three draws of 400 rows of its
// supermarket table, flags coded 0/1; `bench real --folds 5 --repeats 2
// --seed 101`): mean 0.7458 → 0.7482 (logistic regression 0.7249):
// breast-cancer 0.634 → 0.629, supermarket 0.760 → 0.754, 0.688 → 0.700,
// 0.760 → 0.774, credit-g and labor identical (continuous route).
// The rules stay as faithful on held-out rows: `cv --folds 5 --repeats
// 2 --seed 1`, macro-F1 and held-out rule fidelity, house votes 0.9578 /
// 0.9632 → 0.9589 / 0.9678, tic-tac-toe 0.9861 / 0.9849 → 0.9896 /
// 0.9864, weka's breast-cancer 0.6302 / 0.8831 → 0.6227 / 0.9529,
// MONK's-3 0.9341 / 1 either way.
// Square root, not another power: it is the midpoint between the two
// weightings measured before, and no other power was tried.
//
// # Session 33: the one-standard-error rule in the tuple check
//
// At 15 % label noise every polyclip fit of the and and or gates below
// 0.97 on seeds 202, 303 and 404 (10 of 420, `bench synthetic --gates
// and,or --activation polyclip --reps 10 --label-noise 0.15`) holds the
// target pair first and one chance tuple beside it: an evidence single
// (and over 32, seed 202: f4, whose rule claims the cell f15 = f30 = 1,
// f4 = 0, which holds 10 positive rows and 4 negative, and the network
// reads it negative: 0.872 on clean rows), a chance pair (or over 32,
// seed 211: f18 = 1, f29 = 0 claims two training rows), or a pair that
// shares a target (and over 32, seed 308: f10 and f17). The tuple check's
// inner fits could not tell the two tables apart: held-out rows right
// with the best tuple alone only against right with every tuple only,
// 19/18, 4/1, 3/0, 10/5, 17/13, 11/6, 11/11, 9/9, 10/8 and 3/1 (n = 384).
// The sign test puts the burden of proof on the simpler table; the
// one-standard-error rule of cross-validation (Hastie, Tibshirani and
// Friedman, The Elements of Statistical Learning, 7.10) puts it on the
// larger one: take the simplest model whose held-out error is within one
// standard error of the best. The check now keeps the best tuple alone
// also where every tuple gets right more held-out rows than it by at
// most one standard error of the paired per-row difference (withinOneSE;
// TupleCheck.Parsimony), provided the best tuple is an interaction: two
// of its features from different columns interact with the label at
// InteractionP = 5 % (rulesearch.PairInteraction, the log-linear model
// without the three-way term rejected, as model.FallbackInteractionP).
// Config.TupleSignTest (hornetctl --tuple-sign-test) keeps the sign test
// alone. No inner fit is added; where the rule applies the fit is made
// again with the best tuple alone, as where the sign test passes.
//
// Why the restriction. The rule alone (every best tuple) was measured
// first: gates at 15 % 3 / 4 / 3 → 0 / 0 / 0, but the eleven categorical
// tables (`bench real --folds 2 --repeats 5 --seed 101`) 0.8237 → 0.8196:
// spect_train 0.700 → 0.681 (below the logistic regression's 0.705),
// weka's breast-cancer 0.641 → 0.626, MONK's-1 0.906 → 0.891. In every
// spect_train and breast-cancer fold it changed, the best tuple was a
// single feature (F8, F13; deg-malig > 2.5, inv-nodes = 0-2, node-caps =
// yes): a single alone discards the main effects beside it, which is
// what tables of weak main effects live on, whereas the question the rule
// answers for an interaction is whether the table is that one
// interaction. With the best tuple held to two features or more (not yet
// the interaction test): the same gates 0 / 0 / 0 at 15 %, 14 / 17 → 10 /
// 15 at 20 % (seeds 202 / 303), spect_train and breast-cancer identical,
// but the sixteen synthetic binary tables of package rulesearch's session
// 29 (a fresh draw of the same design, `bench real --folds 2 --repeats 5
// --seed 101`) 0.7280 → 0.7230, their additive tables losing up to 0.020
// where the best tuple was a pair of two main effects. The interaction
// test keeps three of them (add_r200_f20_e5 −0.011 → 0, add_r400_f20_e5
// −0.007 → 0, dnf_r400_f20_k3_n20 −0.008 → 0) and costs one gate fit (or
// over 32, seed 407, 15 %, whose target pair does not interact at 5 % in
// its noisy rows: p = 0.19).
//
// Side by side with session 32's defaults (fits below 0.97 on 1,000 clean
// fresh rows; seeds 202 and 303 chose the rule, 404 was run after):
//
//	seed 202   15 %: 3 → 0 (mean 0.9978 → 1.0000; 3 better, none worse)   20 %: 14 → 10 (0.9753 → 0.9786; 4 better, none worse)
//	seed 303   15 %: 4 → 0 (0.9972 → 1.0000; 4 better, none worse)        20 %: 17 → 15 (0.9641 → 0.9663; 2 better, none worse)
//	seed 404   15 %: 3 → 1 (0.9967 → 0.9990; 2 better, none worse)        20 %: 8 → 6 (0.9877 → 0.9894; 2 better, none worse)
//
// The top tuple names the targets in 137 → 140, 137 → 140 and 139 → 139
// of 140 fits at 15 %. A fresh seed, 505, run once at the end at 15 %:
// 5 → 3 (2 better, none worse); of the three left, two hold a chance pair
// as the top tuple and one (and over 32, seed 513, 0.746) the target pair
// alone, whose cell of both targets 0 holds 14 negative rows and 11
// positive ones, which the square-root class weights read positive. Macro-F1 (`bench real --folds 2 --repeats 5`,
// session 32 → 33, logistic regression beside): the eleven categorical
// tables 0.8237 → 0.8223 (seed 101) and 0.8161 → 0.8149 (seed 202),
// MONK's-1 0.906 → 0.891 and 0.909 → 0.896 (the other ten identical on
// both seeds); the sixteen synthetic binary tables 0.7280 → 0.7245
// (seed 101: add_r200_f20_e15 −0.020, add_r400_f60_e15 −0.015,
// add_r400_f20_e15 −0.012, dnf_r200_f60_k2_n20 −0.012, add_r200_f60_e15
// −0.009, dnf_r400_f60_k2_n10 +0.007, dnf_r200_f60_k2_n10 +0.005, nine
// identical; logistic regression 0.6985); Debian's weka tables used for
// no choice (credit-g, diabetes, labor and three draws of 400 rows of
// its supermarket flags, `--folds 5 --repeats 2 --seed 101`) identical,
// 0.7635. What it costs: MONK's-1 with 62 training rows, in one fold of
// ten on each seed, where the inner fits leaned to the best triple
// (a1 = 1, a2 = 1, a5 = 1) alone (6 rows to 3) although the concept needs
// the pairs a1 = a2 = 2 and 3 beside it (1.000 → 0.852 on that fold);
// and additive tables of 15 weak effects among 20 or 60 flags, whose
// best pair of two main effects interacts by chance at 5 % (the best of
// many pairs is chosen for its G; session 29 in package rulesearch). The
// twelve shared tables' default models (`train --seed 2`) are
// byte-identical but MONK's-3's, whose check now keeps the best tuple
// alone (the inner fits' predictions never differed: 0 / 0): the same
// rules (a2 ≠ 3 and a5 ≠ 4 → 1) and the same 0.9722 on its test file.
//
// Measured on the way and not adopted:
//   - the rule gated by a reversal instead of the interaction test: keep
//     every tuple where one beside the best reverses the best tuple's
//     majority class in one of its cells with evidence (a one-sided sign
//     test at 5 % in the rows that share a value of its other features).
//     On the eleven categorical tables it gave the unrestricted rule's
//     figures to the last digit (no real table's second tuples reverse a
//     cell with evidence at 40–140 training rows); with the class weights
//     in the majority and the test, one gate fit fewer repaired (or over
//     128, seed 407: a sub-cell of 5 to 1 rows passes at p = 0.046).
//   - the rule gated by the joint test of every other feature given the
//     best tuple's cells (rulesearch.UncoveredJointTest with the best
//     tuple taken): the gates' p = 0.27–0.998, but the additive tables'
//     folds 0.08–0.42 and MONK's-1's 0.99999 (a test of single features
//     misses the pairs a1 = a2 = 2 and 3), so it protects neither.
//   - counting a row once over the three partitions for the standard
//     error was not measured: it widens the error, and the rule with it
//     would drop more second tuples.
//
// # Session 35: the encoding check weighs the rows it changes by class
//
// The encoding check binarises a table's continuous columns (or one-hot
// encodes its codes) where the binarised fits' held-out macro-F1 is
// higher and more of the rows the two encodings disagree on become right
// than wrong (sign test, 5 %). The fits are trained with balanced class
// weights, after balanced accuracy; the count of rows is accuracy's. On a
// table with a rare class the binarised fits find the rare rows and, to
// do so, call some common rows rare: an and of two SNPs among 2,000
// (genotypes 0/1/2, 57 positives of 300 rows) had held-out macro-F1 0.61
// binarised against 0.46 as numbers (which predict no positive), but 21
// rows gained against 34 lost, so the check kept the numbers. Where the
// fit's class weights are far from equal (farFromEqual: outside (1/2, 2),
// session 31's band), each changed row now counts its class's weight and
// the weighted gain must pass the sign test's normal approximation at 5 %
// (weightedGainsHold; mean 0 and variance the sum of the squared weights
// under the null); with weights near equal the test is the sign test,
// exactly, so nothing changes on tables whose classes are within a factor
// of two of balance.
//
// Measured side by side (bench real, macro-F1 mean over the folds):
//   - every default model of the twelve shared tables (train --seed 2):
//     byte-identical; Debian's weka tables (--folds 5 --repeats 2 --seed
//     101): identical, 0.7635; the eight genotype tables of the README
//     (--folds 5 --seed 7): identical (on and among 2,000 SNPs the check
//     binarises the whole table now, but its 5-fold figure is unchanged).
//   - six tables of continuous columns with 10–20 % positives, made for
//     this (Gaussian columns; a logistic score of three columns, three
//     columns above 0, or one column above 1; 200 × 8 and 400 × 24; 5 %
//     of the labels flipped in the last two), --folds 5 --repeats 2 --seed
//     101: 0.7508 → 0.7643 (the three-column interaction +0.022 and
//     +0.051, the threshold +0.006 and +0.003, the additive tables
//     identical); a fresh draw of the same six (seeds 201–206, bench real
//     --seed 202): 0.7542 → 0.7636 (the interaction +0.015 and +0.025,
//     the larger threshold table +0.017, the other three identical; none
//     down). The additive tables keep their numbers: where the label is
//     linear in the columns, binarising gains no weighted rows either.
//
// # Session 38: the sparse candidates by default, at a corrected margin
//
// Sessions 24 and 25 measured sparse candidates in FitSelect's check (the
// values half cut to the 10 or 100 columns of largest F statistic, at
// four penalties: eight fits) and kept them an option: chosen at
// HalvesMargin, they gained where a few columns among thousands carry
// the label and lost a little on the shared expression tables (skf_colon,
// skf_allaml, breast_a on every seed). Those losses are chance wins of the
// best of eight candidates against the dense fit, tested as if it were
// one. SparseMargin now shares HalvesMargin's one-sided level, Φ(−1) =
// 0.159, among the sparse candidates by Bonferroni's correction: 2.06
// standard errors for eight. At that margin the candidates are the
// default (Config.SparseKeep's default where ContinuousFit is FitSelect;
// NoSparse, hornetctl --no-sparse, leaves them out). `bench real`,
// macro-F1 means, default of session 37 → --sparse at HalvesMargin →
// --sparse at SparseMargin (a scratch build whose margin was an
// environment variable; the same code otherwise), logistic regression
// beside:
//
//	eleven continuous shared tables, 2×5 folds, seed 101   0.8821 → 0.8814 → 0.8821 (0.877): at HalvesMargin skf_colon 0.815 → 0.796,
//	                                                       breast_a 0.900 → 0.893, prostate −0.002, skf_allaml −0.003, multi_b +0.024;
//	                                                       at SparseMargin every table identical (margin 2 as well)
//	                            seed 202                   0.8818 → 0.8820 at SparseMargin (prostate 0.9115 → 0.9135, wine +0.0001, nine identical)
//	the six of them with 100 columns or more, seed 303    0.8600 → 0.8595 (0.857; the final code): skf_allaml 0.9502 → 0.9471 (one fold of
//	                                                       ten, 0.968 → 0.938: a sparse fit chosen), five identical
//	twelve sparse or dense Gaussian tables, made for this  0.5404 → 0.5572 → 0.5514 (0.538; 2×5 folds, seed 101: 40–150
//	  (80–300 rows, 500–5,000 columns, the label a noisy    training rows, so the signal is weak; at SparseMargin three
//	  sum of 1–200 of them; script seed 2911)              tables up, by 0.009 to 0.074, nine identical; at HalvesMargin
//	                                                       four down, by up to 0.021)
//	                            seed 202                   0.5469 → 0.5585 at SparseMargin (six up, by 0.002 to 0.072; none down)
//	eight fresh tables (script seed 77; 150–400 rows,      0.5944 → 0.6811 at SparseMargin (0.597; 5 folds, seed 7): one to five
//	  500–5,000 columns, two of them dense: 40 and 100     columns carry the label: +0.022 to +0.200 (sq02, 3 of 3,000: 0.658 →
//	  columns carry the label)                             0.851; sq05, 1 of 2,000: 0.556 → 0.735); the two dense tables identical
//	eight imbalanced wide tables (13–26 % positives;       0.5186 → 0.6158 (0.463; 5 folds, seed 7; the final code): the four where 1–3
//	  200–300 rows, 800–3,000 Gaussian columns or SNPs     Gaussian columns carry the label +0.131 to +0.230, the two of SNPs
//	  coded 0/1/2; 1–3 or 60–100 carry the label; script   identical and −0.0008 (one fold), the two dense tables identical
//	  seed 4242)
//	the README's eight genotype tables (session 35; 300    0.7601 → 0.7687 (0.543; 5 folds, seed 7): add over 200 SNPs 0.577 →
//	  rows of 200 or 2,000 SNPs coded 0/1/2)               0.600, over 2,000 SNPs 0.565 → 0.611; six identical
//
// A table of fewer columns than the largest screen (100 by default)
// keeps its dense fits: a sparse fit is a few columns among many, and on
// the tables of 13 to 60 columns above (wine, breast cancer, ionosphere,
// sonar) none was chosen, while their 10-column candidates made the
// default test run 296 → 348 s (fresh-clone CI side by side; train 123 →
// 141 s, cmd/hornetctl 125 → 143 s). Their models are byte-identical
// either way (wine, breast cancer, skf_colon, train --seed 2). What it
// gives up: a narrow table whose label is in a few columns, 2 of 90 over
// 80 rows, keeps its dense fit where a 10-column screen alone (the
// library's SparseKeep [10]) would be chosen, held-out loss 0.63 against
// 0.38 (TestSparseKeepNarrowTable).
// The README's 5×5 table (seed 1, the fifteen shared tables) is
// identical on every row to every digit it shows. The categorical route
// is untouched: house votes' model (train --seed 2) differs only in the
// sparse_keep field of its training settings (and so its checksum).
// TestSparseKeep: two columns of 2,000 over 200 rows, fresh-row accuracy
// 0.56 → 0.86 (the 10-column fit); fifty of 1,000, no sparse fit chosen
// (at HalvesMargin the 100-column fit was, 0.643 → 0.632).
//
// # Session 39: the route check by default, on the tuple check's fits
//
// Session 30's RouteCheck gained on tables whose label adds up weak
// single effects and was left an option for its cost: ten categorical
// inner fits and ten linear ones on every categorical fit of at most
// RouteCheckMostRows rows. Where a TupleCheck runs (2 to TupleCheckMost
// placed tuples), its thirty inner fits already hold the rules' held-out
// predictions, on TupleRepeats partitions into TupleFolds folds; the
// route check now runs there by default on the predictions of the rule
// table the tuple check kept (sharedRouteCheck; RouteCheck.Shared), so
// the categorical fits cost nothing more. Two stages, the same test in
// each (weightedGainsHold: the sign test at 5 %, each changed row weighed
// by its class's loss weight where those are far from equal):
//
//   - a screen: an L2 logistic regression over the training rows'
//     standardised features, at a C = 1 fit's penalty and the linear
//     route's class weights (internal/ridge), fitted on the same inner
//     training sets (milliseconds). Where it does not predict the
//     held-out rows better than the rules, the rules stay.
//   - the linear route itself: TupleFolds × TupleRepeats inner fits with
//     model.Config.Linear on the same partitions; where they predict
//     better, the fit is made again on the linear route.
//
// Config.NoRouteCheck (hornetctl --no-route-check) skips it; RouteCheck,
// the check with categorical fits of its own, runs instead where it is
// set, and the two together are a configuration error. Measured side by
// side with NoRouteCheck (bench real macro-F1 means; logistic regression
// beside):
//
//	twenty synthetic binary tables: session 29's sixteen and  0.7716 → 0.7826 (0.707): add_r200_f20_e15 0.703 → 0.788,
//	  four of session 38's fresh draw (two pairs' or, a        add_r200_f60_e15 0.674 → 0.787, add_r400_f60_e15 0.747 →
//	  parity of three, an and of three, 10 of 100 flags        0.760, add_r200_f20_e5 0.677 → 0.688; sixteen identical
//	  added up); 5 folds, seed 7
//	sixteen real categorical tables (house votes, MONK's      0.8061 → 0.8057 (0.755): one fold of 160 changed, spect_test
//	  training files, SPECT, tic-tac-toe, Debian's weka        0.607 → 0.539 (15 rare rows of 187; the linear route chosen
//	  tables and supermarket draws); 5×2 folds, seed 101      at 49 rows gained against 31 lost, weighted)
//	noisy gates (bench synthetic --gates and,or --reps 10     20 %: identical fit by fit (5 below 0.97, the targets the top
//	  --activation polyclip --seed 202)                        tuple in 135 of 140); 15 %: identical (0 below, 140 of 140)
//	the published MONK's and SPECT splits (seed 1)            identical
//	the README's 5×5 table (seed 1), its categorical rows     identical fold by fold (house votes, spect_train, tic-tac-toe;
//	                                                           106 s against 104 s; mushroom is above RouteCheckMostRows)
//	sixteen tables used for no choice (six of the README's    0.7816 → 0.7839 (0.594): one changed, 400 rows of 12 string
//	  genotype tables, session 38's fresh draws of other       columns of 10 levels, c0 ∈ {a,b,c} ∧ c5 ∈ {d,e,f,g} with 5 %
//	  shapes); 5 folds, seed 7                                 of the labels flipped: 0.665 → 0.702 (logistic regression 0.682)
//
// Without the screen (the linear fits wherever the rules got enough
// held-out rows wrong to lose) the choices were the same but one fold of
// the 10-of-100 table (0.6040 → 0.6096 there), at a cost: the noisy
// gates' bench 91 → 129 s, the twenty tables' 4 min 42 s → 6 min 32 s;
// with the screen 84 s and 4 min 59 s.
//
// Where the tuple check does not run, neither does this check. A table
// of many weak effects whose features all pass the joint test places a
// single for each (more than TupleCheckMost tuples), and there the rules
// come close to the linear route: eight draws of 15 weak effects among 20
// flags over 200 rows (logisticFlags in the tests, seeds 1–8), accuracy
// on 2,000 fresh rows, rules → linear route: the three whose rules place
// 5 or 8 tuples take the linear route, 0.769 → 0.811, 0.787 → 0.822
// (TestSharedRouteCheck) and 0.673 → 0.811; four of the five with more
// than 8 tuples are within 0.011 either way, the fifth (9 tuples) 0.782
// against 0.824. A check on those with categorical fits of its own would
// cost fifteen fits where the tuple check costs nothing more; not built.
//
// # Session 40: the route check's screen tries what the linear route may choose
//
// The screen was one logistic regression, at a C = 1 fit's penalty over
// every column, but the linear route chooses its output layer among
// several (checkHalves: the values half at the configured penalty and
// at PenaltyScales' multiples, and on tables of at least 100 columns the
// 10 or 100 columns of largest F statistic at each): on 10 weak effects
// among 100 flags (session 38's t8_add, 300 rows) it chose 10 columns at
// 64 times the penalty, and the screen's one fit, over all 100 columns at
// the configured penalty, did not predict better (156 rows gained, 142
// lost), so the linear fits never ran. The screen now tries those
// candidates in that order (screenCandidates) and stops at the first that
// predicts the held-out rows better; the linear route's fits then decide
// as before, so a candidate that passes by chance costs their time, not a
// wrong choice. RouteCheck gains ScreenL2Scale and ScreenKeep (JSON
// screen_l2_scale, screen_keep): the candidate whose counts it reports.
// Measured side by side with session 39's final binary (bench real
// macro-F1 means, --jobs 1; logistic regression beside):
//
//	twenty synthetic binary tables (session 39's), 5 folds,   0.7826 → 0.7829 (0.707): t8_add 0.6040 → 0.6096 (one fold of
//	  seed 7                                                   five; 0.655 for the logistic regression), nineteen identical
//	sixteen real categorical tables (session 39's), 5×2      0.8057 → 0.8057, every table identical
//	  folds, seed 101
//	sixteen tables used for no choice (session 39's), 5      0.7839 → 0.7839, every table identical
//	  folds, seed 7
//	the README's 5×5 table (seed 1), its categorical rows     house votes and tic-tac-toe identical fold by fold; spect_train
//	  the check reaches                                        one fold of 25 (repeat 3, fold 1: the linear route chosen on 64
//	                                                           rows, 0.733 → 0.600), the row 0.7199 → 0.7145 (0.700)
//	noisy gates (bench synthetic --gates and,or --reps 10     20 %: identical fit by fit (5 below 0.97; top tuple = targets
//	  --activation polyclip --seed 202)                        135 of 140); 15 %: identical (0 below; 140 of 140)
//
// A generator made after the choice, for this check (sumFlags in the
// tests: ten equal weak effects among 100 flags, Gaussian noise of
// standard deviation 1.5; seeds 1–6, 200 and 300 rows; accuracy on 2,000
// fresh rows): of twelve tables, the linear route is taken on three more
// (a stronger penalty: 0.655 → 0.670, TestSharedRouteCheck; ten columns:
// 0.639 → 0.681, and 0.698 → 0.693), the linear fits run and keep the
// rules on six more (their cost), and the other three are as before.
//
// Measured and not adopted:
//   - the route check where more than TupleCheckMost tuples are placed,
//     with fifteen categorical inner fits of its own on the tuple check's
//     partitions (the shared check then as it is): the twenty synthetic
//     tables 0.7826 → 0.7836 (add_r200_f20_e15 0.788 → 0.798,
//     add_r400_f20_e15 0.787 → 0.795, add_r400_f20_e5 0.719 → 0.721,
//     seventeen identical; 7 min 1 s → 7 min 49 s), the sixteen real
//     categorical tables 0.8057 → 0.8057 (tic-tac-toe 0.9884 → 0.9872,
//     weka's soybean 0.9480 → 0.9515, fourteen identical) at 10 min 26 s
//     → 22 min 38 s (house votes, tic-tac-toe and spect_train each place
//     more than 8 tuples, so most categorical fits would pay for it).
//   - the square root of near-equal balanced weights (NearBalancedPower,
//     session 31) on the continuous route as well: eleven continuous
//     shared tables, 2×5 folds, seed 101 0.8821 → 0.8796 (skf_colon
//     0.815 → 0.800, skf_allaml 0.961 → 0.954, wine 0.970 → 0.968, sonar
//     0.753 → 0.758), seed 202 0.8820 → 0.8825 (breast cancer 0.965 →
//     0.968, wine 0.974 → 0.975, prostate 0.914 → 0.910); the three small
//     gaps to the logistic regression in the README's table (wine, breast
//     cancer, dlbcl) move with the seed, not with the weights.
//
// # Session 44: the route check where more than TupleCheckMost tuples are placed
//
// Session 39 left the route check out where the rule table places more
// than TupleCheckMost tuples (no TupleCheck shares its fits there), on
// the grounds that its rules came close to the linear route already:
// eight draws of two-class weak effects were within 0.011 but one. On
// markers of many classes they are not. Where each class has features
// of its own (a feature 1 with probability on in its class, off
// elsewhere), every marker is a main effect, the rule table holds a
// single for each that fits, and its rules, each cell's logit learnt
// without a penalty, reach training accuracy 1.000 and predict fresh
// rows far worse than a penalised linear model: 240 rows of 6 classes ×
// 8 markers (TestManyTuplesRouteCheck) 0.775 against the linear route's
// 0.871. Such a fit now runs the route check on RouteFolds categorical
// inner fits of its own, one partition (two since session 46:
// ManyTuplesRouteRepeats;
// manyTuplesHeldOut), and then as before: the logistic-regression
// screen, and the linear route's fits only where one predicts the
// held-out rows better (sharedRouteCheck; RouteCheck.Shared false, 1×5
// folds). Config.NoRouteCheck skips it. It runs only where at least half
// of the placed tuples are single features: the linear route expresses
// main effects only, so where the rules are mostly interactions a switch
// comes from the noise of the inner fits (tic-tac-toe, 56 triples, took
// the linear route in two folds of 25 of bench real --folds 5 --repeats
// 5 --seed 1, 0.988 → 0.971 and 0.994 → 0.959, before that condition).
//
// Measured side by side with session 43's binary (bench real --folds 5
// --repeats 1, macro-F1; the logistic regression on the same folds in
// brackets; the --linear column is every fold on the linear route):
//
//	table (seed 303)                    before   after    --linear  (LR)
//	markers, 24 classes × 10, 0.9/0.1    0.882   1.000    1.000     (1.000)
//	markers, 24 classes × 10, 0.6/0.1    0.446   0.836    0.836     (0.835)
//	markers, 8 classes × 10, 0.6/0.15    0.776   0.823    0.823     (0.826)
//	letters (26 classes, 40 rows each)   0.624   0.631    0.649     (0.640)
//	soybean (19)                         0.954   0.954    0.961     (0.955)
//	promoter genes (2)                   0.962   0.962    0.885     (0.866)
//	dna, income, breast-cancer (weka)    identical: dna above RouteCheckMostRows, the others
//	                                     mostly interactions or the rules kept
//	mean of the nine                     0.717   0.779    0.772     (0.760)
//	time, all folds                      1,201 s → 5,204 s (letters 347 → 1,958 s, 24 × 10
//	                                     markers 159 → 1,171 s: their inner fits screen again)
//
// (run before the majority of singles was asked for, which changes none
// of these figures: every table that changed has one; income and
// breast-cancer, where the check kept the rules, now skip it.)
//
// Identical fold by fold: nine categorical tables of ../shared and
// Debian's weka (house votes, the MONK's training files, SPECT train
// and test, tic-tac-toe, credit-g, labor; seed 303; 94 → 117 s, house
// votes 7 → 18 s), the ten genotype and flag tables of 200 columns in
// the README (seed 7), the noisy gates (bench synthetic --gates and,or
// --reps 10 --seed 202 --label-noise 0.2 --activation polyclip; 78 → 87
// s); the README's 5×5 rows of house votes and spect_train (seed 1)
// print the same figures.
// The marker tables (a generator of session 44, used for no default
// before) gain what the linear route gains; letters gains in some folds
// of five (the sign test on one partition); soybean's screen did not
// pass (24 rows gained, 17 lost on the whole table), so it keeps the
// rules and its gap to the linear route.
//
// Five more marker tables of other shapes, made after the choice, on
// another seed of folds (bench real --folds 5 --repeats 1 --seed 505;
// classes × markers, rows, on/off): 2 × 40, 200, 0.55/0.4 0.608 → 0.808
// (0.777); 3 × 30, 150, 0.6/0.35 0.813 → 0.933 (0.926); 4 × 20, 200,
// 0.55/0.3 0.596 → 0.755 (0.741); 12 × 5, 300, 0.7/0.2 0.496 → 0.624
// (0.594); 16 × 8, 400, 0.8/0.15 0.895 → 0.970 (0.970); mean 0.682 →
// 0.818 (0.801), 34 → 180 s.
//
// # Session 42: equal class weights on the noisy gates, re-measured
//
// One fit of the and gate at 15 % label noise (32 features, seed 513)
// holds the target pair alone and reads its cell f0 = f28 = 0 as
// positive: 11 positive training rows against 14 negative, and the
// square-root weights (1.18 against 0.88) tip it (0.746 on clean rows;
// the rule for that cell is dropped from the decision list as its labels
// contradict it, so the fidelity shown is 0.805). Whether such cells are
// what still keeps the gates below 0.97 was measured with equal weights
// (--class-weight none) against the default, side by side (bench
// synthetic --gates and,or --activation polyclip --reps 10 --seed S
// --label-noise P; fits below 0.97):
//
//	seed 202, 15 %   0 → 0 (every fit identical)
//	seed 202, 20 %   5 → 5 (1 better, by 0.008)
//	seed 505, 15 %   3 → 3 (and over 32, seed 513, 0.746 → 1.000; or over 32, seed 513, 0.620 → 0.746;
//	                        or over 128, seed 510, 1.000 → 0.893)
//	seed 505, 20 %   6 → 6 (4 better, none across 0.97)
//
// So the weights decide one fit of these 560; the others below 0.97
// hold a chance tuple or miss a target feature. Of five of them read (20
// %), on three a chance pair leaves fewer training rows wrong than the
// target pair (`or` over 128, seed 202: 29 against 30; `or` over 64, seed
// 510: 33 against 34; `and` over 128, seed 509: 31 against 33), so no
// rule on the training rows alone recovers them; on the other two the
// target leaves the fewest wrong but a chance single (`or` over 32, seed
// 205) or a chance triple (`and` over 128, seed 204) holds slots beside
// or instead of it: session 37's conflict with tables of weak effects.
// Not adopted; the default stays auto.
//
// # Session 46: a second partition for the route check of many tuples
//
// Session 44's route check of a rule table of many tuples, mostly single
// features, fitted its categorical side on one partition of the rows
// into five folds. On letters (26 classes, 40 rows each, one-hot codes)
// that sign test kept the rules in four folds of five; on two
// partitions (as RouteRepeats) all five take the linear route. Always
// fitting two doubles the categorical inner fits wherever the check runs,
// and on every other table measured one partition already said what two
// say; so since session 46 the check fits the second partition only
// where the first leans to the linear route without passing the test (a
// screen's logistic regression or the linear route's fits get more of
// the rows that differ right, each weighed as the test weighs it:
// weightedLeans), and then decides on both (ManyTuplesRouteRepeats,
// heldOutRows.extend). Under the null of no difference the two looks
// switch at most about 5 % + 5 % of the time, against 5 % for one; the
// second is asked only where the first leaned, so less in practice.
// Side by side with session 45's binary (bench real --folds 5 --repeats
// 1, macro-F1; the logistic regression on the same folds in brackets):
//
//	table (seed)            one partition   always two        the second where the first leans
//	letters (303)           0.6305          0.6492            0.6492, folds as always two (0.6396)
//	                        931 s           2,057 s           2,264 s
//	soybean (303)           0.9542          0.9543            0.9543, folds as always two (0.9546)
//	ten marker tables (505) 0.7478          identical         identical fold by fold (0.7298)
//	                        1,173 s         2,123 s           1,149 s
//	markers 24 × 10 0.6/0.1 and 8 × 10 0.6/0.15 (303): always two identical fold by fold
//
// (letters' last run shared the machine with the test suite for a few
// minutes; letters and soybean lean in their folds and pay for the
// second partition either way, the marker tables decide on the first.
// Letters' folds with two partitions: 0.647 → 0.660, 0.572 → 0.615,
// 0.629 → 0.658, 0.647 → 0.655, 0.657 identical; soybean's: one 0.9825 →
// 0.9828 at the same accuracy, four identical.) The ten marker tables
// (markers.py in the README) are session 44's five made after its choice
// and five new shapes: 6 × 12, 240 rows, 0.6/0.25; 10 × 6, 400,
// 0.65/0.2; 20 × 4, 400, 0.75/0.15; 5 × 15, 150, 0.55/0.3; 30 × 5, 600,
// 0.7/0.1 (seeds 61–65). The change touches no table whose rule table
// places at most TupleCheckMost tuples or mostly interactions.
//
// # Session 47: weaker penalties in FitSelect's inner check
//
// FitSelect's inner check chose the continuous route's penalty among the
// configured one (a C = 1 logistic regression's prior) and 4, 16 and 64
// times it (session 9): stronger only. On tables of many collinear
// columns that prior shrinks away the small directions that carry the
// label: mayonnaise (pls's 162 NIR spectra of 351 wavelengths, six oils)
// scores 0.749 against 0.911 with a 64 times weaker one. The check now
// also scores 1/4, 1/16 and 1/64 times it (PenaltyScales), with the same
// margin, HalvesMargin standard errors of the paired difference; the
// sparse candidates and the route check's screen keep the stronger ones
// (StrongerPenaltyScales), so that neither SparseMargin nor the route
// check's chances of a switch by chance move. Side by side (bench real,
// macro-F1, the logistic regression on the same folds last):
//
//	tables (folds, seed)                               before   after    logistic
//	eleven continuous shared (5×2, 101), selection     0.9117   0.9119   0.8991   breast_a 0.891 → 0.886, iris 0.967 → 0.973
//	the same, the README's table (5×5, 1)              0.9089   0.9092   0.8995   iris 0.966 → 0.971, wine 0.981 → 0.980
//	twelve R tables (5×2, 11), selection               0.7804   0.7943   0.7724   mayonnaise 0.749 → 0.911, crabs 0.993 → 0.998
//	nine further R tables (5×2, 5)                     0.7592   0.7590   0.7478   penguins 0.993 → 0.991
//	eight wide Gaussian tables, session 38 (5×1, 7)    0.6811   identical
//	six imbalanced tables, session 35 (5×2, 101)       0.7643   identical
//	four gene-expression tables, session 46 (5×1, 1)   0.9075   identical
//	four categorical shared (5×5, 1)                   0.9146   identical
//	five marker tables, session 46 (5×1, 505)          0.6778   0.6778   0.6582   k30 0.7574 → 0.7575 (linear route)
//
// The encoding check's fits of codes as numbers take the weaker
// penalties too: on MONK's-2's published split (bench real --test, seeds
// 1–5) its sign test no longer passes on seeds 2 and 3 (38 rows gained
// against 27, 31 against 20), which keep the codes as numbers, and seed 4
// goes the other way: 0.663 → 0.621; on seeds 101–120 0.623 → 0.622,
// MONK's-1 and -3 identical. The six MONK's files as tables (5×5, seed
// 1): MONK's-2 train 0.564 → 0.578, test 0.616 → 0.612, four identical. Every shared table's default model (train
// --seed 2) is byte-identical but dlbcl_a's, iris's and three MONK's
// files' (monks2 train and test, monks3 test).
//
// Measured and not adopted: {1/16, 1/4} only (mayonnaise 0.879, the rest
// as above), and a warm start of each weaker penalty's inner fits from
// the one before it (a path 1, 1/4, 1/16, 1/64 per fold, as glmnet
// fits its path): the time did not move (mdrr 9.4 / 8.9 s, cells 12.6 /
// 12.7 s against 4.4 and 4.3 s before), since a weak penalty leaves the
// loss ill-conditioned and L-BFGS's passes, not its start, are the cost;
// nor did a looser gradient threshold for them. The cost is the weaker
// fits' passes over the rows, on tables of more rows than columns (the
// rows' span keeps wide tables cheap); see the README for the times.
//
// # Session 48: the weaker penalties walked down one at a time
//
// Session 47's weaker penalties made the inner check slow where the
// rows outnumber the columns: a weak penalty leaves the loss
// ill-conditioned, and L-BFGS takes up to its 1000 passes. FitSelect now
// cross-validates 1/4 beside the others, then 1/16 only for a half
// whose mean held-out loss 1/4 lowered against the configured penalty,
// and 1/64 only where 1/16 lowered it against 1/4
// (HalvesCheck.WeakerScales, logged as weaker_scales): the held-out loss
// of a ridge path is nearly always unimodal in the penalty, so a step
// that does not help says the ones below it will not be chosen. Every
// measured choice is the same, and a third of the time is saved. Side
// by side, h0 (session 47's code) then this binary on an otherwise idle
// machine (`bench real --folds 5 --repeats 1 --seed 3 --jobs 2`, wall
// time; every table's macro-F1 identical to the last digit):
//
//	twelve R tables, batch 1        95.3 s → 73.1 s
//	nine R tables, batch 2         135.4 s → 94.3 s
//	eleven continuous shared        56.6 s → 52.5 s
//
// and `train --seed 2` on whole tables (models byte-identical): cells
// 9.50 → 7.08 s, mdrr 6.78 → 4.68 s, cox2 4.38 → 3.08 s, musk 3.53 →
// 2.41 s, mayonnaise 5.07 → 5.17 s (its loss falls all the way to 1/64,
// so every fit still runs). Identical too, every table's macro-F1 mean
// and standard deviation against session 47's figures: the eleven
// continuous shared tables (5×2, seed 101), both R batches (5×2, seeds
// 11 and 5), the wide Gaussian, imbalanced and gene-expression tables of
// the table in session 47, session 46's five marker tables (5×1, seed
// 505), the six MONK's files as tables (5×5, seed 1) and the published MONK's and SPECT
// splits (README, session 48).
//
// Measured and not adopted, each side by side with the default (bench
// real, macro-F1 mean; the logistic regression's unchanged):
//
// The optimum alone as the output layer where both halves are chosen at
// a penalty other than the configured one, instead of its average with
// Adam's layer (session 10 measured it on the shared tables; re-measured
// with the weaker penalties and on the twenty-one R tables). What the
// check scored is what would be deployed, but the average hedges where
// five inner folds choose noisily:
//
//	eleven continuous (5×2, 101)   0.9119 → 0.9128   sonar 0.772 → 0.785, dlbcl 0.982 → 0.978, wine 0.983 → 0.981
//	eleven continuous (5×1, 3)     0.9141 → 0.9177   sonar 0.777 → 0.801, ionosphere 0.885 → 0.898
//	eleven continuous (5×5, 1)     0.9092 → 0.9084   multi_b 0.794 → 0.781 (logistic 0.783), breast cancer 0.970 → 0.973
//	R batch 1 (5×2, 11)            0.7943 → 0.7968   scat 0.671 → 0.686, glaucoma 0.834 → 0.849, kyphosis 0.686 → 0.671
//	R batch 1 (5×1, 3)             0.7808 → 0.7778   birthwt 0.578 → 0.546
//	R batch 2 (5×2, 5)             0.7590 → 0.7591
//	R batch 2 (5×1, 3)             0.7601 → 0.7565   pima_tr 0.725 → 0.711
//	six imbalanced (5×2, 101)      0.7643 → 0.7610   lin_r200_c8 0.696 → 0.671
//	wide Gaussian, gene expression identical
//
// Larger penalties, 256 and 1024 times (on whole tables cox2, mdrr,
// pd_speech and ad_data choose 64, the largest): eleven continuous (5×2,
// 101) 0.9119 → 0.9097 (skf_colon 0.856 → 0.832, as in session 10), R
// batch 1 (5×2, 11) 0.7943 → 0.7953 (cox2 0.692 → 0.676, pd_speech 0.757
// → 0.771), R batch 2 (5×2, 5) 0.7590 → 0.7577.
//
// Two partitions of the inner folds instead of one, each row's held-out
// loss averaged over both (less noise in the choice): eleven continuous
// (5×2, 101) 0.9119 → 0.9096 (skf_colon 0.856 → 0.839, breast cancer
// 0.976 → 0.972), R batch 1 (5×2, 11) 0.7943 → 0.7935 (pd_speech 0.757 →
// 0.740), at about twice the time (batch 1 274 s, against 141–147 s for
// the default and the other variants). Averaging
// shrinks the standard error of the paired difference, so the margin
// lets more candidates past it, and the gains did not follow.
//
// All three move single tables by one to three hundredths both ways,
// and the means by less than the seeds do: the choice among these
// linear fits is at the noise of a few hundred rows.
//
// Read, not changed (a lead for issue 10's goal 4): the `or` gate over
// 32 features at 15 % noise, seed 407 (`synth --gate or --features 32
// --seed 407 --label-noise 0.15`, `train --seed 407`), 0.865 on clean
// rows, places the target pair f18, f28 and a chance pair f21, f28 whose
// rule splits the cell f18 = 1, f28 = 0. The tuple check ties, 9 held-out
// rows gained and 9 lost, and the one-standard-error rule does not apply
// because the target pair's interaction test fails: its cells hold 6 of
// 32, 22 of 26, 28 of 38 and 30 of 32 positive rows, G = 1.75 on 1
// degree of freedom, p = 0.19, where the gate's own cells would give a
// strong interaction. Measured and not adopted: the one-standard-error
// rule for any best tuple of two or more features, not only an
// interaction. At 15 % noise (`bench synthetic --gates and,or
// --activation polyclip --reps 10 --seed S --label-noise 0.15`, seeds
// 202–606) fits below 0.97 fall 0 / 0 / 1 / 3 / 2 → 0 / 0 / 0 / 3 / 2:
// this fit is repaired (0.865 → 1.000) and no other changes. But on the
// tables the interaction guard protects (session 33), `bench real
// --folds 5 --repeats 2 --seed 101`, spect_train 0.7272 → 0.7207 and
// weka's breast cancer 0.6289 → 0.6251; house votes, mushroom,
// tic-tac-toe, promoter and soybean identical. An additive pair alone
// drops the weak effects beside it, as a single alone did.
//
// # Session 49: the six gates below 0.97 at 15 % noise, read
//
// At 15 % label noise on seeds 202–606, 6 of 700 and/or fits fall below
// 0.97 on clean fresh rows (`synth --gate G --features N --seed S
// --label-noise 0.15`, `train --seed S`). Each was read against the
// training rows: how many rows the majority classes of a tuple's value
// cells leave wrong, over all pairs.
//
//	and over 64, seed 606   0.741  the rule table holds the target single f45 and a
//	                               chance pair (f13, f50) whose evidence passes narrowly
//	                               (p = 2.4e-5; the threshold of the first pair 2.5e-5);
//	                               the pair that leaves the fewest rows wrong is a chance
//	                               partner, (f4, f45), 26 against the target's 27
//	and over 64, seed 615   0.882  a chance third feature beside the target pair: the
//	                               triple's G statistic is 28.7 above the pair's on 4 df,
//	                               and it leaves 18 rows wrong against 19
//	and over 32, seed 513   0.746  the target pair alone, a cell tipped by the class
//	                               weights (session 42)
//	or over 32, seed 407    0.865  the target pair and a chance pair; the tuple check ties
//	                               9 / 9 (session 48)
//	or over 32, seed 513    0.620  two chance pairs that score above the target (G less
//	                               its penalty, 10.6 and 9.2 against 7.1); the target
//	                               leaves 23 rows wrong, they 26 each
//	or over 64, seed 513    0.741  the target single f0, whose slots go to its Extension
//	                               (f0, f17), a chance partner that corrects none of its
//	                               rows; so its Partner is not taken (session 34's variant
//	                               H), and the target pair (23 wrong against 29) just fails
//	                               the extension test (0.054 after its factor of 126)
//
// So on two of the six a chance structure fits the noisy rows at least
// as well as the target does, and no choice made on them recovers it;
// on three the target pair leaves the fewest rows wrong among all pairs,
// by 3 to 6, but screening ranks by G, which rewards a chance partner's
// pure cells. Session 37's --error-pair-over-tuples, which gives that
// pair the first slots where it leaves fewer rows wrong than the strong
// tuples together (and its permutation test holds), takes them on two of
// the six: or over 64, seed 513, 0.741 → 1.000, and and over 64, seed
// 606, whose fewest-errors pair is the chance one, 0.741 → 0.748. Probed
// and not adopted: letting an inner check decide where the option would
// change the table, the default and the option fitted on the tuple
// check's 3 × 5 inner folds (each searching anew) and the option taken
// only where it predicts the held-out rows better by the sign test at
// 5 %. On those two fits it gained 3 held-out rows and lost 3 (seed
// 606), and gained 15 and lost 10 (seed 513, p = 0.21): it repaired
// neither. On inner training sets of about 100 noisy rows the pair's
// advantage is within the folds' noise, as session 36 found for the
// fallback check.
//
// Every real table at hand, 55 (the fifteen shared, the twenty-one R,
// the four gene-expression, weka's eight ARFF examples, mlbench's bcw,
// vehicle and vowel, kernlab's spam, session 44's dna, promoter and
// income), on seed 4949, which no choice had used (`bench real --folds 5
// --repeats 2 --seed 4949 --jobs 2`): HorNets 0.821, the logistic
// regression on the same folds 0.801, better on 40, equal on 4, worse on
// 11 (Wilcoxon signed-rank p = 3e-5). The largest losses: multi_b
// −0.029, bladder −0.024, promoter −0.023, pima_tr −0.022 (standard
// errors of the folds' paired difference 0.017, 0.017, 0.037, 0.017).
// Equal class weights (--class-weight none), re-measured on the 44 of
// them that are continuous or mixed, same folds: pima_tr 0.697 → 0.712
// and diabetes 0.728 → 0.742 gain, but the mean falls 0.833 → 0.826
// (logistic regression 0.810; 14 tables better, 20 worse: glass 0.699 →
// 0.618, all_mol4 0.864 → 0.790, birthwt 0.630 → 0.578, attrition 0.732
// → 0.691, breast_a 0.911 → 0.875), and the tables below the logistic
// regression go from 9 to 10. Balanced weights stay (session 9).
//
// # Session 50: the inner checks' fits finished by Newton's method
//
// FitSelect's inner fits (internal/ridge) at the weaker penalties spent
// up to L-BFGS's 1,000 passes over the rows, 65 % of `train`'s CPU time
// on cells: the loss's curvature spans many orders of magnitude, and
// the gradient threshold, 10⁻⁴ of the penalty, lies below rounding's
// floor there. A fit of at most 1,024 parameters that L-BFGS has not
// finished within about four Newton steps' worth of passes is now
// finished by Newton's method, and L-BFGS's passes take one
// exponential per row and class instead of two (internal/ridge's
// documentation). No choice moved: `bench real --folds 5 --repeats 1
// --seed 5050 --jobs 2` on session 49's 44 continuous and mixed tables
// gives every table the same macro-F1 (mean 0.8360), in 392 s of wall
// time against 513 s (HorNets' fitting time 458 → 331 s; spam 63 → 26
// s, cells 27.5 → 11.5 s, vowel 38 → 19 s), and on its 11 categorical
// and mixed tables (their route checks' linear fits) the same (mean
// 0.7781), 579 → 513 s.
//
// # Session 51: the penalty chosen after temperature scaling, not adopted
//
// FitSelect chooses the penalty multiple by the held-out class-weighted
// cross-entropy, which charges a fit's overconfident scale (no
// prediction depends on it) as much as a wrong direction; on wide tables
// it often takes the strongest multiple, 64. A scratch build compared
// the candidates after temperature scaling instead: each candidate's
// held-out logits times the one scale (a convex problem in one variable)
// that minimises their total loss, the check otherwise unchanged. It
// moved many choices (bladder 64 → 1/4, multi_b 64 → 1/64, skf_colon 64
// → 1) and not the mean: session 49's 44 continuous and mixed tables,
// `bench real --folds 5 --repeats 1 --jobs 2`, HEAD b8c6f90 → scratch
// build, seed 5050 0.8360 → 0.8360 (tables below the logistic
// regression 7 → 7; breast_a +0.029, bladder +0.020, skf_colon +0.019,
// scat −0.025, ad_data −0.024), seed 5151 0.8352 → 0.8351 (10 → 10;
// pima_tr +0.037, skf_colon −0.017, attrition −0.013, cox2 −0.013). The
// tables change places; not adopted. On the three seeds measured so far
// (4949, 5050, 5151) pima_tr, penguins and dhfr are below the logistic
// regression on all three, by 0.003 to 0.043.
//
// # Session 51: the graph's search for the optimum starts at the inner solver's
//
// Where FitSelect keeps both halves, the output layer averages Adam's
// weights with the optimum of the penalised loss, which the graph's
// L-BFGS (model.Trainer.ContinuousOptimum) searched for from Adam's
// weights. On vowel 3 of its 4 searches (the encoding check's inner fits
// and the final fit) stopped at the 1,000-evaluation cap, 3.3 s of 12 s,
// with the gradient near 1e-7 against a threshold of 1–2e-10
// (model.OptimumGradientThreshold lies below rounding's floor, as session
// 50 found for internal/ridge). FitSelect now fits the chosen
// both-halves design on all rows with internal/ridge (L-BFGS finished by
// Newton's method) and starts the graph's search there
// (ContinuousOptimumFrom), as it did for the values half since session 8,
// while the layer keeps Adam's weights for the average. The graph's
// gradient is within the threshold at the first evaluation, and the
// optimum's loss is lower (vowel's four fits by 2e-12 to 5e-9).
// `train --seed 2`, alternating: vowel 12.7 → 10.3 s, vehicle 9.2 → 8.0
// s, spam 7.3 → 6.9 s, cells 3.9 → 3.7 s. `bench real --folds 5 --repeats
// 1 --seed 5050 --jobs 2`: the 44 continuous and mixed tables, every
// macro-F1 identical (0.8360), 383 s (b8c6f90: 407 s), and on seed 5151
// (0.8352), 358 s against 380 s; the 11
// categorical and mixed tables (their route checks' linear fits)
// identical (0.7781).
//
// # Session 52: steps beside the numbers, the encoding check's third candidate
//
// The continuous route is linear in each column, so a label that turns
// at a threshold of a column, or holds in a band of it, is out of its
// reach unless the table is binarised, which sends it to the categorical
// route and loses the slopes (session 25: binarising every column loses on
// most tables). Session 52 measured a third encoding, each continuous
// column's value beside its quartile thresholds (data.Stepped), on the
// continuous route: the linear model then has a slope and three steps
// for each column, a piecewise-linear additive model. As an upper bound
// it was first given to every one of the 28 tables of session 49's 44
// with at most 131 columns (scratch CSV files with the thresholds added
// as 0/1 columns, --no-binarise; `bench real --folds 5 --repeats 1
// --jobs 2`), against the defaults on the same folds:
//
//	seed 5050   0.8177 → 0.8207   sonar +0.052, kyphosis +0.072, mroz +0.030, pima_tr +0.027, glaucoma +0.024, spam +0.011; glass −0.030, vowel −0.024, vehicle −0.021, ad_data −0.019, glaucomam −0.015, iris −0.013
//	seed 5151   0.8152 → 0.8168   sonar +0.068, birthwt +0.045, pima_tr +0.040, glaucoma +0.042, spam +0.008; kyphosis −0.057, vehicle −0.035, infert −0.027, ad_data −0.024, glass −0.015, penguins −0.014
//
// and binarising every column (--binarise '*') 0.8177 → 0.7878 on seed
// 5050, worse on 21 of the 28. So steps are a choice per table, and
// ChooseEncoding now makes it: beside the numbers (and, on tables of up
// to EncodingMaxColumns continuous columns, the binarised encoding) it
// fits the columns with steps on the same 3 inner folds, and takes the
// steps where their held-out class-weighted cross-entropy is lower than
// the numbers' by more than StepsMargin = HalvesMargin = 1 standard
// error of the paired per-row difference, FitSelect's rule for its
// linear designs, and the binarised encoding is not chosen (it is asked
// first, by its sign test, so every table it binarised before is
// binarised still). The steps are tried on tables of up to
// EncodingMaxFeatures (128) features, so sonar (60 columns), spam (57),
// glaucoma (66) and cells (56), which the binarised check's bound of 32
// leaves out, are checked too. Measured with the check, same command and
// folds, the 28 tables, then all 44 (the other 16 have more than 128
// columns and are unchanged):
//
//	seed 5050   0.8177 → 0.8208 (44: 0.8360 → 0.8380; below the logistic regression 7 → 5; 9 better, 3 worse)   sonar +0.053, pima_tr +0.019, diabetes +0.016, glaucoma +0.012, infert +0.010, spam +0.010; scat −0.036, asah −0.008, glaucomam −0.005
//	seed 5151   0.8152 → 0.8175 (44: 0.8352 → 0.8366; below 10 → 10; 6 better, 5 worse)                        sonar +0.053, asah +0.038, glaucoma +0.018, spam +0.010, mroz +0.006; scat −0.057, wine −0.005, diabetes −0.005, swisslabor −0.004
//	seed 4949   0.8156 → 0.8198 (28 tables only, both binaries run last; below 5 → 4; 12 better, 4 worse)     pima_tr +0.034, sonar +0.024, glaucoma +0.024, birthwt +0.023, scat +0.016, spam +0.010; glass −0.028, segment −0.002
//
// The check keeps the numbers on every table the upper bound lost on
// (vehicle, vowel, glass, ad_data, crabs, iris: identical to the
// defaults on both seeds). On whole tables (`train --seed 2`) its z,
// the numbers' loss less the steps' over the standard error: spam 6.2,
// glaucoma 2.8, mroz 1.8, swisslabor 1.5, sonar 1.5, scat 1.4,
// glaucomam 1.4, diabetes 1.2 (steps); vehicle −5.4, crabs −3.9,
// cells −2.0 (numbers). Scat (110 rows, three classes) loses on seeds
// 5050 and 5151 (it gains on 4949): its steps pass the margin on 73 inner training rows and do not
// hold on the outer folds; a margin of 2 would spare it and lose sonar
// (z 1.5), so FitSelect's margin stays. The eleven categorical and mixed
// tables (seed 5050) are identical, credit-g included (its check keeps
// the numbers). Sixteen synthetic tables drawn after the choice (200 or
// 500 rows of 10 or 50 Gaussian columns, a logistic label whose score is
// linear, a threshold, a band or saturating in one or two columns; seed
// 808, both binaries side by side): 0.7342 → 0.7868, below the logistic
// regression 7 → 2; the bands over 50 columns 0.492 → 0.793 and 0.591 →
// 0.832; the four linear tables identical twice, +0.014 and −0.010. Cost: the check's three more continuous fits, and the
// check itself on tables of 33 to 128 columns: the 28 tables' fitting
// 132 → 207 s (seed 5050), most of it spam, 21.6 → 71.4 s for its five
// folds (4,601 rows, a final fit over 228 features); `train --seed 2` on
// the whole of spam 6.6 → 32.6 s.
//
// # Session 53: five levers measured, none adopted
//
// Side by side with session 52's defaults, session 49's pool, `bench
// real --folds 5 --repeats 1 --jobs 2` (mean macro-F1; README, "Five
// levers measured, none adopted"):
//
//	--singles on the 11 categorical tables, seed 5050            0.7781 → 0.7783; 4 better, 4 worse: promoter +0.020; tic-tac-toe −0.008, house votes −0.007
//	5 inner folds for the encoding check at ≤ 500 training rows   5050 0.8162 → 0.8168, 5151 0.8231 → 0.8254, 4949 0.8274 → 0.8277; 4/4, 4/4, 5/5 better/worse; scat +0.036/+0.070/−0.016, pima_tr −0.018/−0.002/−0.030
//	steps forced on 7 tables of 129 to 1,023 features, 5050       0.8436 → 0.7848: musk +0.023, mdrr +0.019, pd_speech +0.018; mayonnaise −0.427, cox2 −0.031
//	the steps check on those 7 (a bound of 1,024 features)        0.8436 → 0.8431: none of the three gains taken
//	steps only where their held-out macro-F1 is not lower too     28 tables: 5050 0.8208 → 0.8215, 5151 0.8173 → 0.8171, 4949 0.8198 → 0.8202; 6 better, 4 worse; scat unchanged
//
// And the check on a stratified sample of 2,000 rows where a table is
// longer: spam's check 22 → 10 s, but its steps then sit near the margin
// (z 1.3 on seed 2, 6.2 on all 4,601 rows) and on seed 3 of five the
// numbers are kept, giving up spam's +0.010; the check keeps every row.
//
// # Session 54: two levers on the penalty choice; the stack, an option
//
// FitSelect's choice among its candidates (seven penalties, each over
// both halves and the values half) is a noisy one on a few hundred rows:
// the levers of sessions 51 to 53 moved tables both ways by similar
// amounts. Two ways to make it less noisy, side by side with session
// 52's defaults, session 49's pool, `bench real --folds 5 --repeats 1
// --jobs 2` (mean macro-F1; README, "Two levers on the penalty choice"):
//
//	three partitions into HalvesFolds, held-out losses and logits averaged  44 tables, 5050: 0.8380 → 0.8387; 10 better, 13 worse; below the logistic regression 5 → 6; fits 207 → 325 s on the narrow 28
//	a stack of the dense candidates (exponentiated-gradient weights)        28 narrow: 5050 0.8208 → 0.8235, 5151 0.8173 → 0.8206, 4949 0.8198 → 0.8188; below the logistic regression 2 → 3, 6 → 8, 4 → 7
//	the same on the 16 wide tables                                          5050 0.8680 → 0.8646 (ge_all_mol4 −0.053), 5151 0.8703 → 0.8686 (skf_colon −0.028)
//	--stack as built (gonum's L-BFGS), 28 narrow, 5050 / 5151               0.8208 → 0.8246, 0.8173 → 0.8196; 16 / 7 and 15 / 7 better / worse; below the logistic regression 2 → 3, 6 → 8
//
// The stack (Config.Stack, hornetctl --stack) combines the candidates'
// held-out logits with the simplex weights of lowest class-weighted loss
// (stackWeights: gonum's L-BFGS over a softmax of the weights), and the
// output layer is the same combination of their fits over all rows: a
// linear layer again. It gained on every seed on vowel, vehicle, segment
// and breast cancer, and lost on every seed on infert and diabetes. Not
// adopted: more tables fall below the logistic regression on every
// seed, and the wide tables lose. Tried and dropped: the stack only where
// its held-out loss beats the chosen fit's by HalvesMargin standard
// errors (it then kept the chosen fit on every table tried), and only
// where the rows outnumber the columns (the encoding check then compared
// stacked numbers with unstacked steps on sonar, whose steps it then
// gave up in most folds: 0.855 → 0.773 on seed 5050); and the class-weight
// power chosen on the chosen fit's held-out logits rather than the
// stack's (28 narrow, 5050: 0.8246 → 0.8234; infert +0.010, glass −0.017).
//
// # Session 55: equal class weights in the encoding check; the Brier score, not adopted
//
// LossWeights is nil under EqualClassWeights (every row weighs 1), and the
// encoding check's steps loss (heldOutLoss) indexed it: every table whose
// steps were tried failed under --class-weight none since session 52
// (TestChooseEncodingEqualClassWeights). The panic reached bench real and
// tune on a worker goroutine, past the command's recovery: concurrently's
// and CrossValidate's goroutines, like package evaluate's sweep workers,
// now return a panic as an error (recovered).
//
// FitSelect compares its candidates by each row's held-out class-weighted
// cross-entropy, which is unbounded: a few confident misses can decide
// it, and on breast cancer and wine the fit it prefers scores a lower
// macro-F1 than the logistic regression. A scratch build compared them
// by the class-weighted Brier score, w_y·Σ_c (p_c − [c = y])², everywhere
// the check compares (the walk down the weaker penalties, the margins,
// the sparse fits' constant prediction), `bench real --jobs 2` (mean
// macro-F1; README, "A crash under --class-weight none fixed"):
//
//	the 11 continuous shared tables, 5×2, seed 101     0.9141 → 0.9157; 2 better, 3 worse; sonar +0.025, skf_colon −0.007, breast cancer −0.002
//	25 narrow tables of the rebuilt pool, 5×1, 5050    0.7735 → 0.7732; 6 better, 7 worse; kyphosis +0.037, glaucoma −0.024, infert −0.021
//
// Both ways by similar amounts, as every lever on the choice since
// session 51; the cross-entropy stays.
//
// # Session 59: a penalty off the configured one asked to beat its own half at it; not adopted
//
// A dense candidate at another multiple of the penalty must beat both
// halves at the configured penalty by HalvesMargin standard errors, but
// not the same half at the configured penalty. On breast cancer (the whole
// table, session 58) the check takes the values half at 16 times the
// penalty, where session 55 found that the held-out macro-F1 prefers a
// weaker one; the values half at the configured penalty is the logistic
// regression's own fit, up to the class weights. A scratch build also
// asked such a candidate to beat its own half at the configured penalty by
// the margin, the rule the check already applies to leaving both halves:
// `bench real --data DIR --folds 5 --repeats 2 --seed 8080 --jobs 2` on
// the eleven continuous shared tables changed breast cancer alone, 0.9679
// → 0.9614 (worse on 4 folds of 10, better on none; paired standard error
// 0.0028; the logistic regression 0.9706), and left the other ten
// identical to the last digit. On this seed the stronger penalty was the
// better choice there. Not adopted; not run on the pool.
package train
