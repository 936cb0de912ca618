// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"github.com/sirupsen/logrus"
	G "gorgonia.org/gorgonia"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
)

// EpochStats is what one epoch did.
type EpochStats struct {
	Epoch     int           `json:"epoch"` // 1-based
	TrainLoss float64       `json:"train_loss"`
	ValLoss   float64       `json:"val_loss,omitempty"` // NaN-free: 0 when no validation split
	Elapsed   time.Duration `json:"elapsed"`            // since the start of training
	Refreshed int           `json:"refreshed,omitempty"`
}

// Recorder receives the stats of every epoch; returning an error stops
// training with that error. Progress bars and log lines implement it.
type Recorder interface {
	Record(EpochStats) error
}

// RecorderFunc adapts a function to Recorder.
type RecorderFunc func(EpochStats) error

// Record calls f.
func (f RecorderFunc) Record(s EpochStats) error { return f(s) }

// Options are the optional collaborators of Fit.
type Options struct {
	// Log receives the resolved configuration, the route taken and the
	// stop reason; nil discards.
	Log logrus.FieldLogger
	// Recorder receives per-epoch stats; nil means none.
	Recorder Recorder
}

// Result is the outcome of Fit.
type Result struct {
	Network   *model.Network
	Status    Status
	Epochs    int     // epochs run
	BestEpoch int     // epoch whose weights the network holds
	BestLoss  float64 // monitored loss at BestEpoch
	History   []EpochStats
	Duration  time.Duration
	// Route is the route most training batches took.
	Route model.Route
}

// Fit trains a HorNets network on ds. The context cancels training between
// batches; the best model so far is then returned with Status Canceled and
// a nil error. The same configs and data give the same model bit for bit.
func Fit(ctx context.Context, ds *data.Dataset, mcfg model.Config, cfg Config, opts *Options) (*Result, error) {
	start := time.Now()
	if opts == nil {
		opts = &Options{}
	}
	log := opts.Log
	if log == nil {
		l := logrus.New()
		l.Out = io.Discard
		log = l
	}
	cfg = cfg.Resolved()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if ds == nil || ds.Rows == 0 {
		return nil, fmt.Errorf("%w: no training rows", ErrData)
	}
	if ds.Features == nil { // name the columns f0, f1, … rather than refuse
		named := *ds
		named.Features = make([]string, ds.Cols)
		for j := range named.Features {
			named.Features[j] = fmt.Sprintf("f%d", j)
		}
		ds = &named
	}
	if err := ds.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrData, err)
	}
	if ds.Y == nil {
		return nil, fmt.Errorf("%w: training data has no labels", ErrData)
	}
	C := len(ds.Classes)
	if cfg.ClassWeights != nil && len(cfg.ClassWeights) != C {
		return nil, fmt.Errorf("%w: %d class weights for %d classes", ErrConfig, len(cfg.ClassWeights), C)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x486f724e657473)) // "HorNets"

	trainSet, valSet := ds, (*data.Dataset)(nil)
	if cfg.ValFraction > 0 {
		tr, va := StratifiedSplit(ds.Y, C, cfg.ValFraction, rng)
		if len(tr) == 0 || len(va) == 0 {
			return nil, fmt.Errorf("%w: validation fraction %g leaves an empty split of %d rows", ErrConfig, cfg.ValFraction, ds.Rows)
		}
		trainSet, valSet = ds.Subset(tr), ds.Subset(va)
	}

	net, err := model.New(mcfg, ds.Cols, ds.Features, C, log)
	if err != nil {
		return nil, err
	}
	if err := net.SetFeatureGroups(ds.Groups); err != nil {
		return nil, err
	}
	if err := net.Init(trainSet.X, trainSet.Rows, trainSet.Y, rng); err != nil {
		return nil, err
	}
	batch := min(cfg.BatchSize, trainSet.Rows)
	if err := net.Compile(batch, cfg.ClassWeights); err != nil {
		return nil, err
	}
	mres := net.Config()
	log.WithFields(logrus.Fields{
		"rows": trainSet.Rows, "features": ds.Cols, "classes": C, "val_rows": rowsOf(valSet),
		"rules": mres.Rules, "order": mres.Order, "exp_param": mres.ExpParam, "activation": mres.Activation,
		"heads": mres.Heads, "pool": mres.Pool, "screen_order": mres.ScreenOrder,
		"lr": cfg.LearningRate, "continuous_lr": cfg.ContinuousLearningRate, "batch": batch, "epochs": cfg.Epochs, "patience": cfg.Patience, "seed": cfg.Seed,
	}).Info("training")

	solvers := [2]*G.AdamSolver{
		G.NewAdamSolver(G.WithLearnRate(cfg.LearningRate)),
		G.NewAdamSolver(G.WithLearnRate(cfg.ContinuousLearningRate)),
	}
	vgs := [2][]G.ValueGrad{net.ValueGrads(model.Categorical), net.ValueGrads(model.Continuous)}

	res := &Result{Network: net, Status: MaxEpochs, BestLoss: math.Inf(1)}
	best := net.Snapshot()
	sinceBest := 0
	D := ds.Cols
	xb := make([]float64, batch*D)
	yb := make([]int, batch)
	perm := make([]int, trainSet.Rows)

epochs:
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		for i := range perm {
			perm[i] = i
		}
		rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		steps := (len(perm) + batch - 1) / batch
		total := 0.0
		for s := range steps {
			if ctx.Err() != nil {
				res.Status = Canceled
				break epochs
			}
			// The last batch wraps around to the start of the permutation:
			// the graph's batch size is fixed, and every row is seen.
			for i := range batch {
				r := perm[(s*batch+i)%len(perm)]
				copy(xb[i*D:(i+1)*D], trainSet.Row(r))
				yb[i] = trainSet.Y[r]
			}
			route, loss, err := net.TrainStep(xb, yb, rng)
			if err != nil {
				return nil, err
			}
			if math.IsNaN(loss) || math.IsInf(loss, 0) {
				return nil, fmt.Errorf("%w: epoch %d, batch %d (%s route); try a smaller learning rate", ErrDiverged, epoch, s+1, route)
			}
			if err := solvers[route].Step(vgs[route]); err != nil {
				return nil, fmt.Errorf("train: optimiser step: %w", err)
			}
			total += loss
		}
		st := EpochStats{Epoch: epoch, TrainLoss: total / float64(steps)}
		monitored := st.TrainLoss
		if valSet != nil {
			if st.ValLoss, err = net.Loss(valSet.X, valSet.Rows, valSet.Y); err != nil {
				return nil, err
			}
			monitored = st.ValLoss
		}
		res.Epochs = epoch
		if monitored < res.BestLoss-cfg.MinDelta || epoch == 1 {
			res.BestLoss, res.BestEpoch, sinceBest = monitored, epoch, 0
			best = net.Snapshot()
		} else {
			sinceBest++
		}
		stop := false
		if cfg.LossTarget >= 0 && monitored <= cfg.LossTarget {
			res.Status, stop = Converged, true
			if monitored < res.BestLoss {
				res.BestLoss, res.BestEpoch = monitored, epoch
				best = net.Snapshot()
			}
		} else if cfg.Patience > 0 && sinceBest >= cfg.Patience {
			res.Status, stop = EarlyStopped, true
		}
		if !stop && mres.RefreshEvery > 0 && epoch%mres.RefreshEvery == 0 {
			if err := net.ScoreRules(trainSet.X, trainSet.Rows); err != nil {
				return nil, err
			}
			if st.Refreshed, err = net.RefreshRules(rng); err != nil {
				return nil, err
			}
		}
		st.Elapsed = time.Since(start)
		res.History = append(res.History, st)
		if opts.Recorder != nil {
			if err := opts.Recorder.Record(st); err != nil {
				return nil, err
			}
		}
		if stop {
			break
		}
	}
	if err := net.Restore(best); err != nil {
		return nil, err
	}
	if err := net.ScoreRules(trainSet.X, trainSet.Rows); err != nil {
		return nil, err
	}
	cat, cont := net.RouteUse()
	if cont > cat {
		res.Route = model.Continuous
	}
	res.Duration = time.Since(start)
	log.WithFields(logrus.Fields{
		"status": res.Status.String(), "epochs": res.Epochs, "best_epoch": res.BestEpoch,
		"best_loss": fmt.Sprintf("%.4g", res.BestLoss), "categorical_batches": cat, "continuous_batches": cont,
		"seconds": fmt.Sprintf("%.3f", res.Duration.Seconds()),
	}).Info("training stopped")
	if res.Status == Canceled && res.Epochs == 0 {
		return res, fmt.Errorf("train: canceled before the first epoch ended: %w", ctx.Err())
	}
	return res, nil
}

func rowsOf(d *data.Dataset) int {
	if d == nil {
		return 0
	}
	return d.Rows
}

// StratifiedSplit splits row indices into train and validation parts,
// holding out round(fraction·n_c) rows of each class c (at least one when
// the class has two rows or more).
func StratifiedSplit(y []int, classes int, fraction float64, rng *rand.Rand) (trainRows, valRows []int) {
	byClass := make([][]int, classes)
	for i, c := range y {
		byClass[c] = append(byClass[c], i)
	}
	for _, rows := range byClass {
		rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		k := int(math.Round(fraction * float64(len(rows))))
		if k == 0 && len(rows) >= 2 && fraction > 0 {
			k = 1
		}
		valRows = append(valRows, rows[:k]...)
		trainRows = append(trainRows, rows[k:]...)
	}
	return trainRows, valRows
}
