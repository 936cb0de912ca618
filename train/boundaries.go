// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package train

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/sirupsen/logrus"

	"github.com/hornets-go/hornets/model"
)

// BoundaryCheck is the inner cross-validation with which a categorical
// fit chooses its decision boundaries where the balanced class weights
// are far from equal: Folds networks, each trained as this one on all
// inner folds but one, predict the rows of the one left out, and their
// held-out log-probabilities choose ClassWeightPower and BiasShift as
// HalvesCheck's do on the continuous route (weightPower: the weights',
// or those of the weights to the power 1/2 or 0, a weaker power only
// where more of the held-out rows it changes become right than wrong by
// a one-sided sign test at 5 %). The shift is added to CatInt's output
// bias before the decision list is extracted, so the rules reproduce the
// shifted network. The inner networks are trained with this fit's
// Config, a ValFraction included (each holds out that share of its own
// rows), and a Seed of their own.
type BoundaryCheck struct {
	Folds            int       `json:"folds"`
	ClassWeightPower float64   `json:"class_weight_power"`
	BiasShift        []float64 `json:"bias_shift,omitempty"`
}

// BoundaryImbalance is how far from 1 a balanced class weight must be
// (at least BoundaryImbalance, or at most its inverse) for a categorical
// fit to run its BoundaryCheck: nearer 1 the shift moves few rows, and
// the check costs BoundaryFolds more fits.
const BoundaryImbalance = 2.0

// BoundaryFolds is the number of inner folds of a BoundaryCheck.
const BoundaryFolds = 5

// farFromEqual reports whether a class weight is BoundaryImbalance or more,
// or its inverse or less: the tables of the BoundaryCheck, where the
// WeightCheck does not run.
func farFromEqual(weights []float64) bool {
	return slices.ContainsFunc(weights, func(w float64) bool { return w >= BoundaryImbalance || w <= 1/BoundaryImbalance })
}

// fewestRows returns the number of rows of the rarest of C classes among
// the labels y (0 where a class has none): an inner check of k folds
// needs k or more.
func fewestRows(y []int, C int) int {
	counts := make([]int, C)
	for _, c := range y {
		counts[c]++
	}
	return slices.Min(counts)
}

// categoricalBoundaries runs the BoundaryCheck of a categorical fit with
// balanced class weights far from equal, and shifts the output bias as
// it chooses; nothing where it does not apply (another route, weights set
// by the caller, a canceled run, an inner fit itself, a class with fewer
// rows than BoundaryFolds).
func (l *Loop) categoricalBoundaries(ctx context.Context) error {
	if l.inner || l.res.Status == Canceled || l.res.Network.Route() != model.Categorical ||
		l.cfg.ClassWeights != nil || l.cfg.EqualClassWeights || l.classWeights == nil {
		return nil
	}
	C, rows := len(l.classWeights), l.train.Rows
	if !farFromEqual(l.classWeights) || fewestRows(l.train.Y, C) < BoundaryFolds {
		return nil
	}
	l.log.WithFields(logrus.Fields{"folds": BoundaryFolds}).Info("choosing the categorical decision boundaries by inner folds")
	rng := rand.New(rand.NewPCG(l.cfg.Seed, 0x426f756e6473)) // "Bounds"
	fold := StratifiedFolds(l.train.Y, C, BoundaryFolds, rng)
	logp := make([]float64, rows*C)
	mcfg := l.res.Network.Config()
	err := concurrently(ctx, BoundaryFolds, func(ctx context.Context, f int) error {
		if err := ctx.Err(); err != nil {
			return err // canceled: build no more inner networks
		}
		tr, te := foldRows(fold, f)
		cfg := l.cfg
		cfg.Seed = l.cfg.Seed + uint64(f) + 1
		net, err := innerFit(ctx, l.train.Subset(tr), mcfg, cfg, nil)
		if err != nil {
			return err
		}
		held := l.train.Subset(te)
		p, _, err := net.PredictProba(held.X, held.Rows)
		if err != nil {
			return err
		}
		for i, r := range te {
			for c := range C {
				logp[r*C+c] = math.Log(max(p[i*C+c], math.SmallestNonzeroFloat64))
			}
		}
		return nil
	})
	if err != nil {
		if ctx.Err() != nil {
			l.Stop(Canceled) // as the continuous route's check: the weights' boundaries, status canceled
			return nil
		}
		return fmt.Errorf("train: categorical boundary check: %w", err)
	}
	check := &BoundaryCheck{Folds: BoundaryFolds}
	check.ClassWeightPower, check.BiasShift = weightPower(logp, l.train.Y, l.classWeights, C)
	if check.BiasShift != nil {
		if err := l.trainer.ShiftCategoricalBias(check.BiasShift); err != nil {
			return err
		}
	}
	l.res.Boundaries = check
	l.log.WithFields(logrus.Fields{"folds": BoundaryFolds, "class_weight_power": check.ClassWeightPower}).Info("categorical decision boundaries")
	return nil
}
