// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/model/rulesearch"
	"github.com/hornets-go/hornets/train"
)

// fitOptions are the model and training hyper-parameters shared by train
// and cv. A flag that is not given leaves its field at the zero value, which
// the library resolves to its default.
type fitOptions struct {
	Model    model.Config
	Train    train.Config
	OrderSet bool // --order was given: it must not exceed the feature columns
}

// Values of --class-weight.
const (
	classWeightAuto     = "auto"
	classWeightNone     = "none"
	classWeightBalanced = "balanced"
)

// fitFlag is one hyper-parameter flag and how it sets the configs.
type fitFlag struct {
	flag cli.Flag
	// set copies the flag's value into o; it is called only for a flag given
	// on the command line, and returns a message (not an error) for a value
	// that the library would silently replace by its default.
	set func(c *cli.Context, o *fitOptions) string
}

const (
	catModel    = "Model"
	catTraining = "Training"
)

// fitFlagTable lists the hyper-parameter flags in the order they are
// applied, so that a cross-field check (screen-order <= order, samples <=
// rules) blames the later flag. Defaults shown in --help come from
// model.DefaultConfig and train.DefaultConfig.
func fitFlagTable() []fitFlag {
	md, td := model.DefaultConfig(), train.DefaultConfig()
	sd := md.Search
	itoa := strconv.Itoa
	ftoa := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	intF := func(cat, name, usage, def string) *cli.IntFlag {
		return &cli.IntFlag{Name: name, Category: cat, Usage: usage, DefaultText: def}
	}
	floatF := func(cat, name, usage, def string) *cli.Float64Flag {
		return &cli.Float64Flag{Name: name, Category: cat, Usage: usage, DefaultText: def}
	}
	// positive reads a flag whose valid range is 1..hi (Validate checks
	// the bound; 0 would mean the default to the library).
	positive := func(name string, hi int, set func(*fitOptions, int)) func(*cli.Context, *fitOptions) string {
		return func(c *cli.Context, o *fitOptions) string {
			v := c.Int(name)
			if v == 0 {
				return fmt.Sprintf("want 1..%d", hi)
			}
			set(o, v)
			return ""
		}
	}
	// zeroOff reads a flag whose 0 means "off", which the library spells
	// with an explicit switch.
	zeroOff := func(name string, hi int, set func(*fitOptions, int), off func(*fitOptions)) func(*cli.Context, *fitOptions) string {
		return func(c *cli.Context, o *fitOptions) string {
			switch v := c.Int(name); {
			case v == 0:
				off(o)
			case v < 0:
				return fmt.Sprintf("want 0..%d", hi)
			default:
				set(o, v)
			}
			return ""
		}
	}
	return []fitFlag{
		{intF(catModel, "rules", fmt.Sprintf("number of rule slots `R` of the categorical route, 1..%d; by default %d, doubled up to %d where the feature tuples with evidence need more runs of --heads (many classes)", model.MaxRules, md.Rules, model.GrownRules), itoa(md.Rules)),
			positive("rules", model.MaxRules, func(o *fitOptions, v int) { o.Model.Rules, o.Model.FixedRules = v, true })},
		{intF(catModel, "order", fmt.Sprintf("literals per rule `K`, pseudovariables included, 1..%d and at most the number of feature columns", model.MaxOrder), itoa(md.Order)),
			positive("order", model.MaxOrder, func(o *fitOptions, v int) { o.Model.Order, o.OrderSet = v, true })},
		{intF(catModel, "heads", fmt.Sprintf("rule slots `H` per screened feature tuple, 1..%d", rulesearch.MaxHeads), itoa(sd.Heads)),
			positive("heads", rulesearch.MaxHeads, func(o *fitOptions, v int) { o.Model.Search.Heads = v })},
		{intF(catModel, "pool", fmt.Sprintf("screened feature tuples `P` kept, 1..%d; 0 switches screening off", rulesearch.MaxPool), itoa(sd.Pool)),
			zeroOff("pool", rulesearch.MaxPool, func(o *fitOptions, v int) { o.Model.Search.Pool = v }, func(o *fitOptions) { o.Model.Search.NoScreening = true })},
		{&cli.BoolFlag{Name: "extended-bic", Category: catModel, Usage: "screen with the extended BIC instead of the default false-discovery-rate test: drops weak single effects (see model/rulesearch)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Model.Search.ExtendedBIC = c.Bool("extended-bic")
				return ""
			}},
		{&cli.BoolFlag{Name: "main-effects", Category: catModel, Usage: "give every screened single feature with evidence rule slots of its own, even where a stronger tuple contains it: for tables of many weak single effects (see model/rulesearch)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Model.Search.MainEffects = c.Bool("main-effects")
				return ""
			}},
		{&cli.BoolFlag{Name: "singles", Category: catModel, Usage: "give every feature a single-feature tuple of its own in the tuples the screened ones leave free, best first: a main effect for each feature, as a logistic regression has, for tables of many weak single effects; hurts a few interactions under label noise (see model/rulesearch)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Model.Search.Singles = c.Bool("singles")
				return ""
			}},
		{&cli.BoolFlag{Name: "no-evidence-singles", Category: catModel, Usage: "give no single-feature tuples to the features with evidence of their own that no strong tuple contains (by default they get the tuples the screened ones leave free: the main effects the interactions leave unexplained; see model/rulesearch)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Model.Search.NoEvidenceSingles = c.Bool("no-evidence-singles")
				return ""
			}},
		{&cli.BoolFlag{Name: "no-joint-singles", Category: catModel, Usage: "do not test jointly the features that no strong tuple or evidence single holds (by default, where they depend on the label together, every feature gets a single-feature tuple, as with --singles: for tables of many weak single effects; see model/rulesearch)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Model.Search.NoJointSingles = c.Bool("no-joint-singles")
				return ""
			}},
		{&cli.BoolFlag{Name: "no-tuple-check", Category: catTraining, Usage: fmt.Sprintf("do not run the tuple check: where the categorical route's rule table places 2 to %d feature tuples, %d inner fits (%d partitions into %d folds) decide whether the best tuple alone predicts held-out rows better, and the fit keeps it alone if so (see train)", train.TupleCheckMost, 2*train.TupleFolds*train.TupleRepeats, train.TupleRepeats, train.TupleFolds), DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Train.NoTupleCheck = c.Bool("no-tuple-check")
				return ""
			}},
		{&cli.BoolFlag{Name: "tuple-sign-test", Category: catTraining, Usage: "let the tuple check keep the best tuple alone only where it predicts the held-out rows better by a sign test at 5 %, as up to session 32; by default it is also kept where it is an interaction and every tuple predicts better by at most one standard error (the one-standard-error rule): chance tuples beside a noisy interaction cost rows, but a second real interaction that the inner fits cannot confirm is lost (see train)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Train.TupleSignTest = c.Bool("tuple-sign-test")
				return ""
			}},
		{&cli.BoolFlag{Name: "route-check", Category: catTraining, Usage: fmt.Sprintf("run the route check: on a table of 0/1 features of at most %d rows, %d inner fits (%d partitions into %d folds) decide whether the linear route (a weight on each feature, as --linear) predicts held-out rows better than the categorical route's rules, and the fit takes it if so: for tables whose label adds up many weak single effects (see train)", train.RouteCheckMostRows, 2*train.RouteFolds*train.RouteRepeats, train.RouteRepeats, train.RouteFolds), DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Train.RouteCheck = c.Bool("route-check")
				return ""
			}},
		{&cli.BoolFlag{Name: "no-route-check", Category: catTraining, Usage: fmt.Sprintf("do not run the default route check: on at most %d training rows, where the tuple check ran, %d inner fits on the linear route (a weight on each feature, as --linear), on the tuple check's partitions, and where the rule table places more than %d tuples, at least half of them single features (no tuple check), %d categorical inner fits and as many on the linear route, decide whether it predicts held-out rows better than the rules kept, and the fit takes it if so (see train); --route-check runs a check with categorical fits of its own instead", train.RouteCheckMostRows, train.TupleFolds*train.TupleRepeats, train.TupleCheckMost, train.RouteFolds*train.ManyTuplesRouteRepeats), DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Train.NoRouteCheck = c.Bool("no-route-check")
				return ""
			}},
		{&cli.BoolFlag{Name: "linear", Category: catModel, Usage: "send a table of 0/1 features to the linear route (LinAtt: a weight on each feature, printed by rules as feature effects) instead of the categorical route's rules, without the route check", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Model.Linear = c.Bool("linear")
				return ""
			}},
		{&cli.BoolFlag{Name: "weight-check", Category: catTraining, Usage: fmt.Sprintf("run the weight check: where the categorical route's balanced class weights are near equal, %d inner fits (%d partitions into %d folds) decide whether equal class weights predict held-out rows better, and the fit takes them if so (see train)", 2*train.WeightFolds*train.WeightRepeats, train.WeightRepeats, train.WeightFolds), DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Train.WeightCheck = c.Bool("weight-check")
				return ""
			}},
		{&cli.BoolFlag{Name: "pair-fallback", Category: catModel, Usage: "where screening finds no feature tuple with evidence, give the rule slots to the best pair it scored (if its G statistic is above its BIC penalty and its two features interact, at 5 %) instead of random tuples: with noisy labels the target pair is often the best pair without the evidence of all pairs, and random tuples learn the flipped labels; on tables of many weak additive effects random tuples predict better (see model/rulesearch)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Model.Search.PairFallback = c.Bool("pair-fallback")
				return ""
			}},
		{&cli.BoolFlag{Name: "no-error-pair", Category: catModel, Usage: fmt.Sprintf("where screening finds no feature tuple with evidence, keep random tuples; by default the pair whose value cells' majority classes leave the fewest training rows wrong takes their rule slots where no pair leaves as few wrong under %.0f %% or more of %d permutations of the labels (a test over all pairs at once; skipped on tables of more than about 450 active features): with noisy labels around a fixed concept that pair is the concept's more often than the pair of largest G statistic (see model/rulesearch)", 100*model.ErrorPairP, model.ErrorPairPermutations), DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Model.Search.NoErrorPair = c.Bool("no-error-pair")
				return ""
			}},
		{&cli.BoolFlag{Name: "error-pair-over-tuples", Category: catModel, Usage: "let the error pair (see --no-error-pair) take the first rule slots where screening's strong tuples have evidence too, if it leaves fewer training rows wrong than they do together and its permutation test holds; the strong tuples then keep their slots only where they add significantly to it. For labels that are one noisy function of two features (flipped gate labels); on tables of several weak effects a real feature's chance partner passes the test and held-out rows are lost, which is why it is not the default (see model/rulesearch, session 37)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Model.Search.ErrorPairOverTuples = c.Bool("error-pair-over-tuples")
				return ""
			}},
		{&cli.BoolFlag{Name: "extension-test", Category: catModel, Usage: "where the only strong feature tuple is a single feature, give its rule slots to its best pair only if the pair's added feature splits one of its value cells with evidence (5 % after a Bonferroni factor over the partners and cells), as up to session 31; by default, where the single's best-scoring pair corrects some of its training rows, the pair that leaves the fewest training rows wrong among those screening dropped for it takes them: a single feature expresses no interaction, under label noise the target pair often splits its cell at p = 0.005, short of the factor, and a chance partner's pure cells can give its pair a larger score than the target's (see model/rulesearch)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Model.Search.ExtensionTest = c.Bool("extension-test")
				return ""
			}},
		{&cli.BoolFlag{Name: "rank-by-score", Category: catModel, Usage: "give the rule slots to the screened tuples with the highest scores of their own instead of choosing each by what it adds to those chosen before it (see model/rulesearch)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Model.Search.RankByScore = c.Bool("rank-by-score")
				return ""
			}},
		{intF(catModel, "screen-order", fmt.Sprintf("largest feature tuple `S` scored by screening, 1..%d (at most order is used)", rulesearch.MaxScreenOrder), fmt.Sprintf("min(%d, order)", sd.ScreenOrder)),
			positive("screen-order", rulesearch.MaxScreenOrder, func(o *fitOptions, v int) { o.Model.Search.ScreenOrder = v })},
		{floatF(catModel, "cutoff", "screened tuples scoring at least `C` times the best tuple's score get rule slots at the start, 0 < C <= 1", ftoa(sd.Cutoff)),
			func(c *cli.Context, o *fitOptions) string {
				if o.Model.Search.Cutoff = c.Float64("cutoff"); o.Model.Search.Cutoff == 0 {
					return "want 0 < c <= 1"
				}
				return ""
			}},
		{intF(catModel, "refresh-every", fmt.Sprintf("replace the weakest rule tuples every `N` epochs, 1..%d; 0 switches refreshing off", train.EpochLimit), itoa(td.RefreshEvery)),
			zeroOff("refresh-every", train.EpochLimit, func(o *fitOptions, v int) { o.Train.RefreshEvery = v }, func(o *fitOptions) { o.Train.NoRefresh = true })},
		{intF(catModel, "samples", "rules `N` active in one training step, 0..rules; 0 for all", "0"),
			func(c *cli.Context, o *fitOptions) string { o.Model.Samples = c.Int("samples"); return "" }},
		{intF(catModel, "exp-param", fmt.Sprintf("polyClip exponent parameter `E`, 1..%d (the polynomial has degree 2E+1; --activation clip is E = 0)", model.MaxExpParam), itoa(md.ExpParam)),
			positive("exp-param", model.MaxExpParam, func(o *fitOptions, v int) { o.Model.ExpParam = v })},
		{&cli.StringFlag{Name: "activation", Category: catModel, Usage: "activation `NAME`: polyclip, clip or relu", DefaultText: md.Activation},
			func(c *cli.Context, o *fitOptions) string {
				if o.Model.Activation = c.String("activation"); o.Model.Activation == "" {
					return "want polyclip, clip or relu"
				}
				return ""
			}},
		{floatF(catModel, "dropout", "drop probability `P` of the rule outputs in training, 0 for none", ftoa(md.Dropout)),
			func(c *cli.Context, o *fitOptions) string {
				switch o.Model.Dropout = c.Float64("dropout"); {
				case o.Model.Dropout == 0:
					o.Model.NoDropout = true
				case !(o.Model.Dropout > 0 && o.Model.Dropout < 1):
					return dropoutRange
				}
				return ""
			}},

		{floatF(catTraining, "lr", fmt.Sprintf("Adam learning `RATE` of the categorical route, 0 < RATE <= %d", train.MaxLearningRate), ftoa(td.LearningRate)),
			func(c *cli.Context, o *fitOptions) string {
				if o.Train.LearningRate = c.Float64("lr"); o.Train.LearningRate == 0 {
					return "want > 0"
				}
				return ""
			}},
		{floatF(catTraining, "continuous-lr", fmt.Sprintf("Adam learning `RATE` of the continuous route, 0 < RATE <= %d", train.MaxLearningRate), "lr/5"),
			func(c *cli.Context, o *fitOptions) string {
				if o.Train.ContinuousLearningRate = c.Float64("continuous-lr"); o.Train.ContinuousLearningRate == 0 {
					return "want > 0"
				}
				return ""
			}},
		{floatF(catTraining, "continuous-l2", fmt.Sprintf("strength `S` of the L2 penalty on the continuous route's weights, in units of the prior of a C = 1 logistic regression on standardised features, 0 <= S <= %g; 0 for none", train.MaxContinuousL2), ftoa(td.ContinuousL2)),
			func(c *cli.Context, o *fitOptions) string {
				switch o.Train.ContinuousL2 = c.Float64("continuous-l2"); {
				case o.Train.ContinuousL2 == 0:
					o.Train.NoContinuousL2 = true
				case !(o.Train.ContinuousL2 > 0 && o.Train.ContinuousL2 <= train.MaxContinuousL2):
					// The bound is train.Config.Validate's, said in the
					// flag's terms (0 is none), as dropoutRange does.
					return fmt.Sprintf("want 0 <= s <= %g (0 for none)", train.MaxContinuousL2)
				}
				return ""
			}},
		{&cli.StringFlag{Name: "continuous-fit", Category: catTraining, Usage: "`FIT` of the continuous route's output layer once training stops: select (inner 5-fold cross-validation on the training rows chooses average, or the optimum over the standardised values alone where the rows' direction does not help, and the L2 penalty of the optimum: 1/64, 1/16, 1/4, 1, 4, 16 or 64 times --continuous-l2, each weaker one tried only where the one before it lowered the held-out loss), average (of Adam's and the penalised optimum's weights), adam (Adam's alone, as the paper trains) or optimum", DefaultText: string(td.ContinuousFit)},
			func(c *cli.Context, o *fitOptions) string {
				if o.Train.ContinuousFit = train.ContinuousFit(strings.ToLower(c.String("continuous-fit"))); o.Train.ContinuousFit == "" {
					return fmt.Sprintf("want %s, %s, %s or %s", train.FitSelect, train.FitAverage, train.FitAdam, train.FitOptimum)
				}
				return ""
			}},
		{&cli.BoolFlag{Name: "sparse", Category: catTraining, Usage: "let the continuous route's output layer weigh only the 10 or 100 columns of largest F statistic (screened again in each inner fold of --continuous-fit select) where that predicts held-out rows better than every column and than the class prior, by a margin corrected for the 8 sparse fits tried, on tables of 100 columns or more: for wide tables where a few columns carry the label, such as one variant among thousands. The default with --continuous-fit select since session 38; the flag stays for scripts (see train/doc.go)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				if c.Bool("sparse") {
					o.Train.SparseKeep = train.DefaultSparseKeep()
				}
				return ""
			}},
		{&cli.BoolFlag{Name: "no-sparse", Category: catTraining, Usage: "let the continuous route's output layer weigh every column: no sparse fits (see --sparse) in the inner check of --continuous-fit select, as up to session 37", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Train.NoSparse = c.Bool("no-sparse")
				return ""
			}},
		{&cli.BoolFlag{Name: "stack", Category: catTraining, Usage: "make the continuous route's output layer a stack of the fits the inner check of --continuous-fit select compares, weighed by their held-out logits, where no sparse fit is chosen (session 54: not the default)", DisableDefaultText: true},
			func(c *cli.Context, o *fitOptions) string {
				o.Train.Stack = c.Bool("stack")
				return ""
			}},
		{intF(catTraining, "batch-size", fmt.Sprintf("mini-batch size `B`, 1..%d", train.MaxBatchSize), itoa(td.BatchSize)),
			positive("batch-size", train.MaxBatchSize, func(o *fitOptions, v int) { o.Train.BatchSize = v })},
		{intF(catTraining, "epochs", fmt.Sprintf("maximum number of epochs `N`, 1..%d", train.EpochLimit), fmt.Sprintf("%d on the categorical route, %d on the continuous", train.CategoricalEpochs, train.ContinuousEpochs)),
			positive("epochs", train.EpochLimit, func(o *fitOptions, v int) { o.Train.Epochs = v })},
		{intF(catTraining, "patience", fmt.Sprintf("stop after `N` epochs without a better loss, 1..%d; 0 switches early stopping off", train.EpochLimit), fmt.Sprintf("%d on the categorical route, %d on the continuous", train.CategoricalPatience, train.ContinuousPatience)),
			zeroOff("patience", train.EpochLimit, func(o *fitOptions, v int) { o.Train.Patience = v }, func(o *fitOptions) { o.Train.NoEarlyStopping = true })},
		{intF(catTraining, "lr-decay-after", fmt.Sprintf("halve the learning rates after every `N` epochs without a better loss, 1..%d; 0 switches the decay off", train.EpochLimit), fmt.Sprintf("%d on the categorical route, off on the continuous", train.DefaultDecayAfter)),
			zeroOff("lr-decay-after", train.EpochLimit, func(o *fitOptions, v int) { o.Train.DecayAfter = v }, func(o *fitOptions) { o.Train.NoDecay = true })},
		{floatF(catTraining, "output-lr-scale", fmt.Sprintf("multiply the categorical learning rate by `S` for the output weights that read the softmax over the rules, 0 < S <= %d; 1 as in the paper", train.MaxOutputRateScale), "√rules"),
			func(c *cli.Context, o *fitOptions) string {
				if o.Train.OutputRateScale = c.Float64("output-lr-scale"); !(o.Train.OutputRateScale > 0) {
					return "want > 0"
				}
				return ""
			}},
		{floatF(catTraining, "val-fraction", "share `F` of the rows held out (stratified) to watch for early stopping, 0 for none", ftoa(td.ValFraction)),
			func(c *cli.Context, o *fitOptions) string { o.Train.ValFraction = c.Float64("val-fraction"); return "" }},
		{&cli.Uint64Flag{Name: "seed", Category: catTraining, Usage: "`SEED` of every random choice (initialisation, screening ties, shuffling, dropout, splits)", DefaultText: "0"},
			func(c *cli.Context, o *fitOptions) string { o.Train.Seed = c.Uint64("seed"); return "" }},
	}
}

// dropoutRange is the one message for every bad --dropout (issue 8: the
// library's own message spoke of "no dropout", a switch the flag spells 0).
const dropoutRange = "want 0 <= p < 1 (0 for none)"

// fitFlags returns the hyper-parameter flags of train and cv.
func fitFlags() []cli.Flag {
	return append(fitFlagsExcept(), classWeightFlag())
}

// classWeightFlag is --class-weight, read by readClassWeight.
func classWeightFlag() cli.Flag {
	return &cli.StringFlag{Name: "class-weight", Category: catTraining, Value: classWeightAuto,
		Usage: "`WEIGHTING` of the classes in the loss: balanced (n/(classes·n_c), each class counts as much as the others), none (equal) or auto (balanced, but their square root on the categorical route where every balanced weight lies within (1/2, 2): nearer one half, a noisy cell of the larger class keeps its class; see train)"}
}

// readClassWeight reads --class-weight into o.
func readClassWeight(c *cli.Context, o *fitOptions) error {
	switch w := strings.ToLower(c.String("class-weight")); w {
	case classWeightNone:
		o.Train.EqualClassWeights = true
	case classWeightBalanced:
		o.Train.FullBalance = true
	case classWeightAuto: // the library's default, from each training set's labels
	default:
		return oneOf("class-weight", w, classWeightAuto, classWeightBalanced, classWeightNone)
	}
	return nil
}

// fitFlagsExcept returns the hyper-parameter flags but those named skip
// (a command that defines them otherwise) and --class-weight.
func fitFlagsExcept(skip ...string) []cli.Flag {
	var out []cli.Flag
	for _, f := range fitFlagTable() {
		if !slices.Contains(skip, f.flag.Names()[0]) {
			out = append(out, f.flag)
		}
	}
	return out
}

// readFitFlags reads the hyper-parameter flags into configs, checking each
// given flag with the library's Resolved().Validate() as it is applied, so
// that an impossible value is a usage error naming its flag.
func readFitFlags(c *cli.Context) (fitOptions, error) {
	o := fitOptions{}
	if err := readClassWeight(c, &o); err != nil {
		return o, err
	}
	return readFitFlagsExcept(c, o)
}

// readFitFlagsExcept reads the flags of fitFlagsExcept(skip...) into o.
func readFitFlagsExcept(c *cli.Context, o fitOptions, skip ...string) (fitOptions, error) {
	for _, f := range fitFlagTable() {
		name := f.flag.Names()[0]
		if !c.IsSet(name) || slices.Contains(skip, name) {
			continue
		}
		value := fmt.Sprint(c.Value(name))
		if msg := f.set(c, &o); msg != "" {
			return o, usagef("invalid --%s %s: %s", name, value, msg)
		}
		err := o.Model.Resolved().Validate()
		if err == nil {
			err = o.Train.Resolved().Validate()
		}
		if err != nil {
			return o, usagef("invalid --%s %s: %s%s", name, value, configMessage(err), withoutPriorNote(o, name, c.IsSet("continuous-fit") && !slices.Contains(skip, "continuous-fit")))
		}
	}
	if c.IsSet("exp-param") && !slices.Contains(skip, "exp-param") {
		// clip and relu have no exponent: the value would be stored and
		// never used.
		if a := strings.ToLower(strings.TrimSpace(o.Model.Resolved().Activation)); a != "polyclip" {
			return o, usagef("--exp-param applies to --activation polyclip only (%s has no exponent parameter)", a)
		}
	}
	return o, nil
}

// withoutPriorNote returns, where the flag name would be valid but for
// --continuous-l2 0 (no L2 prior, so the continuous fit can only be adam,
// which is then also the default where fitGiven, --continuous-fit, is
// not), a note that says so: without it the message names a fit, "adam",
// that the user never asked for (--stack --continuous-l2 0). Otherwise "".
func withoutPriorNote(o fitOptions, name string, fitGiven bool) string {
	if !o.Train.NoContinuousL2 || name == "continuous-l2" {
		return ""
	}
	t := o.Train
	t.NoContinuousL2, t.ContinuousL2 = false, 0 // the default prior
	if !fitGiven {
		t.ContinuousFit = "" // adam came from the missing prior
	}
	if o.Model.Resolved().Validate() != nil || t.Resolved().Validate() != nil {
		return ""
	}
	return "; --continuous-l2 0 switches the L2 prior off, and without it the continuous fit can only be adam"
}

// configMessage strips the sentinel's prefix from a library config error:
// the flag name already says it is a configuration error.
func configMessage(err error) string {
	msg := err.Error()
	for _, sentinel := range []error{model.ErrConfig, train.ErrConfig} {
		if errors.Is(err, sentinel) {
			msg = strings.TrimPrefix(msg, sentinel.Error()+": ")
		}
	}
	return msg
}

// readFitInputs reads what every fitting command (train, cv, tune) takes
// besides its own flags, in this order: the data flags, the model and
// training flags, --memory-budget-mb and the verbosity.
func readFitInputs(c *cli.Context, stdin io.Reader, data *dataOptions, fit *fitOptions, budget *int64, v *verbosity) error {
	var err error
	if *data, err = readDataFlags(c, stdin); err != nil {
		return err
	}
	if *fit, err = readFitFlags(c); err != nil {
		return err
	}
	if *budget, err = readMemoryBudget(c); err != nil {
		return err
	}
	*v, err = readVerbosity(c)
	return err
}
