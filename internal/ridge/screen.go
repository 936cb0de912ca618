// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ridge

import (
	"context"
	"fmt"
	"math"
	"sort"
)

// Screen is a sparse candidate of train's inner check (Config.SparseKeep):
// the L2-penalised softmax regression over only the K columns of cols
// whose one-way ANOVA F statistic against the class (for two classes, t²)
// is largest among the rows it is fitted to (ties to the lower column).
// The screening is redone on every inner fold's training rows, so the
// held-out rows never choose the columns that predict them.
type Screen struct {
	p    Problem
	cols Columns
	K    int
}

// NewScreen validates p and returns the screened candidate over cols
// keeping k columns (all of them when cols has k or fewer).
func NewScreen(p Problem, cols Columns, k int) (*Screen, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	if cols.Lo < 0 || cols.Hi > p.Cols || cols.Lo >= cols.Hi || k < 1 {
		return nil, fmt.Errorf("%w: columns [%d, %d) of %d, keep %d", ErrProblem, cols.Lo, cols.Hi, p.Cols, k)
	}
	return &Screen{p: p, cols: cols, K: min(k, cols.Hi-cols.Lo)}, nil
}

// WithPenalty returns the Screen with another penalty and gradient
// threshold.
func (s *Screen) WithPenalty(l2, threshold float64) (*Screen, error) {
	p := s.p
	p.L2, p.GradientThreshold = l2, threshold
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &Screen{p: p, cols: s.cols, K: s.K}, nil
}

// pick returns the K columns (indices into p.X's columns, ascending) with
// the largest F statistic over the rows rows.
func (s *Screen) pick(rows []int) []int {
	p := s.p
	C := p.Classes
	n := make([]float64, C)
	for _, i := range rows {
		n[p.Y[i]]++
	}
	width := s.cols.Hi - s.cols.Lo
	score := make([]float64, width)
	sum := make([]float64, C)
	sq := make([]float64, C)
	for j := range width {
		col := s.cols.Lo + j
		clear(sum)
		clear(sq)
		tot := 0.0
		for _, i := range rows {
			v := p.X[i*p.Cols+col]
			sum[p.Y[i]] += v
			sq[p.Y[i]] += v * v
			tot += v
		}
		mean := tot / float64(len(rows))
		between, within := 0.0, 0.0
		for c := range C {
			if n[c] == 0 {
				continue
			}
			m := sum[c] / n[c]
			between += n[c] * (m - mean) * (m - mean)
			within += sq[c] - n[c]*m*m
		}
		switch {
		case !(between > 1e-12*(between+within)):
			score[j] = 0
		case !(within > 1e-12*between):
			score[j] = math.Inf(1)
		default:
			score[j] = between / within
		}
	}
	idx := make([]int, width)
	for j := range idx {
		idx[j] = j
	}
	sort.SliceStable(idx, func(a, b int) bool { return score[idx[a]] > score[idx[b]] })
	keep := append([]int(nil), idx[:s.K]...)
	sort.Ints(keep)
	for j := range keep {
		keep[j] += s.cols.Lo
	}
	return keep
}

func (s *Screen) solve(ctx context.Context, rows []int) ([]int, fitted, error) {
	if ctx == nil {
		return nil, fitted{}, fmt.Errorf("%w: nil context", ErrProblem)
	}
	keep := s.pick(rows)
	design := make([]float64, 0, len(rows)*len(keep))
	for _, i := range rows {
		for _, j := range keep {
			design = append(design, s.p.X[i*s.p.Cols+j])
		}
	}
	f, err := solve(ctx, s.p, design, rows, len(keep))
	return keep, f, err
}

// CrossValidateLogits is Design.CrossValidateLogits for the screened
// candidate.
func (s *Screen) CrossValidateLogits(ctx context.Context, fold []int, folds int) (loss, all []float64, err error) {
	p := s.p
	if folds < 2 || len(fold) != p.Rows {
		return nil, nil, fmt.Errorf("%w: %d folds over %d of %d rows", ErrProblem, folds, len(fold), p.Rows)
	}
	loss = make([]float64, p.Rows)
	all = make([]float64, p.Rows*p.Classes)
	row := make([]float64, s.K)
	for f := range folds {
		train, test := foldSplit(fold, f)
		if len(test) == 0 || len(train) == 0 {
			continue
		}
		keep, fit, err := s.solve(ctx, train)
		if err != nil {
			return nil, nil, err
		}
		for _, i := range test {
			for k, j := range keep {
				row[k] = p.X[i*p.Cols+j]
			}
			z := all[i*p.Classes : (i+1)*p.Classes]
			fit.logits(row, z)
			loss[i] = p.weight(p.Y[i]) * crossEntropy(z, p.Y[i])
		}
	}
	return loss, all, nil
}

// Fit screens and fits on every row and returns the weights over all of
// p's columns (Cols × Classes, row-major; zero outside the kept columns)
// and the intercepts.
func (s *Screen) Fit(ctx context.Context) (w, b []float64, keep []int, err error) {
	all := make([]int, s.p.Rows)
	for i := range all {
		all[i] = i
	}
	keep, f, err := s.solve(ctx, all)
	if err != nil {
		return nil, nil, nil, err
	}
	C := s.p.Classes
	w = make([]float64, s.p.Cols*C)
	for k, j := range keep {
		copy(w[j*C:(j+1)*C], f.theta[k*C:(k+1)*C])
	}
	return w, f.b, keep, nil
}
