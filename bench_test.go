// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package hornets_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	G "gorgonia.org/gorgonia"

	"github.com/hornets-go/hornets/activations"
	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/ops"
	"github.com/hornets-go/hornets/train"
)

// The benchmark story, in size tiers:
//   - the two custom ops, forward + backward, on a HorNets-sized batch;
//   - one training step and one epoch of each route;
//   - a full fit at the paper's settings and at our defaults;
//   - predicting 1000 rows.
// Data comes from the seeded synthetic generator, never from files.

func gate(b *testing.B, g data.Gate, features int) (*data.Dataset, *data.Dataset) {
	b.Helper()
	s, err := data.NewSynth(data.SynthConfig{Gate: g, Features: features, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	return s.Sample(128), s.Sample(1000)
}

// benchmarkGraph times RunAll of a compiled graph whose loss is
// Sum(op(x) ⊙ c): the op's forward and backward kernels plus a little glue.
func benchmarkGraph(b *testing.B, build func(g *G.ExprGraph) (*G.Node, G.Nodes)) {
	g := G.NewGraph()
	out, params := build(g)
	c := G.NewTensor(g, G.Float64, out.Dims(), G.WithShape(out.Shape()...), G.WithName("c"), G.WithInit(G.Uniform(-1, 1)))
	prod, err := G.HadamardProd(out, c)
	if err != nil {
		b.Fatal(err)
	}
	cost, err := G.Sum(prod)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := G.Grad(cost, params...); err != nil {
		b.Fatal(err)
	}
	vm := G.NewTapeMachine(g, G.BindDualValues(params...))
	defer vm.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		vm.Reset()
		if err := vm.RunAll(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPolyClip(b *testing.B) {
	for _, size := range []struct{ rows, cols int }{{16, 64}, {16, 5000}} {
		b.Run(fmt.Sprintf("%dx%d", size.rows, size.cols), func(b *testing.B) {
			benchmarkGraph(b, func(g *G.ExprGraph) (*G.Node, G.Nodes) {
				x := G.NewMatrix(g, G.Float64, G.WithShape(size.rows, size.cols), G.WithName("x"), G.WithInit(G.Uniform(-1.2, 1.2)))
				y, err := ops.PolyClip(x, 4)
				if err != nil {
					b.Fatal(err)
				}
				return y, G.Nodes{x}
			})
		})
	}
}

func BenchmarkCombAct(b *testing.B) {
	for _, size := range []struct{ batch, features, rules, order int }{{16, 64, 256, 5}, {16, 64, 64, 3}, {16, 5000, 256, 5}} {
		name := fmt.Sprintf("%dx%d/R=%d/order=%d", size.batch, size.features, size.rules, size.order)
		b.Run(name, func(b *testing.B) {
			benchmarkGraph(b, func(g *G.ExprGraph) (*G.Node, G.Nodes) {
				width := size.features + size.order
				x := G.NewMatrix(g, G.Float64, G.WithShape(size.batch, width), G.WithName("x"), G.WithInit(G.Uniform(0, 1)))
				m := G.NewMatrix(g, G.Float64, G.WithShape(size.order, size.rules), G.WithName("M"), G.WithInit(G.Uniform(-1, 1)))
				op, err := ops.NewCombAct(size.order, size.rules, activations.Func{Kind: activations.PolyClip, K: 4}, false)
				if err != nil {
					b.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(1, 1))
				idx := make([]int, 0, size.rules*size.order)
				for range size.rules {
					idx = append(idx, rng.Perm(width)[:size.order]...)
				}
				if err := op.SetRules(idx); err != nil {
					b.Fatal(err)
				}
				f, err := op.Apply(x, m)
				if err != nil {
					b.Fatal(err)
				}
				return f, G.Nodes{m}
			})
		})
	}
}

// benchmarkEpoch times one epoch (forward, backward and Adam on every
// batch) on an initialised, compiled network.
func benchmarkEpoch(b *testing.B, ds *data.Dataset, cfg model.Config, batch int) {
	rng := rand.New(rand.NewPCG(1, 2))
	net, err := model.New(cfg, model.Data{X: ds.X, Rows: ds.Rows, Features: ds.Cols, Y: ds.Y, Classes: len(ds.Classes)}, rng)
	if err != nil {
		b.Fatal(err)
	}
	tr, err := model.NewTrainer(net, batch, nil)
	if err != nil {
		b.Fatal(err)
	}
	solver := train.NewAdam(0.05)
	steps := ds.Rows / batch
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for s := range steps {
			route, _, err := tr.Step(ds.X[s*batch*ds.Cols:(s+1)*batch*ds.Cols], ds.Y[s*batch:(s+1)*batch], rng)
			if err != nil {
				b.Fatal(err)
			}
			vgs, err := tr.ValueGrads(route)
			if err != nil {
				b.Fatal(err)
			}
			if err := solver.Step(vgs); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*steps), "µs/step")
}

func BenchmarkEpoch(b *testing.B) {
	b.Run("categorical/128x64/R=256/order=5", func(b *testing.B) {
		tr, _ := gate(b, data.Xor, 64)
		benchmarkEpoch(b, tr, model.Config{Rules: 256, Order: 5, ExpParam: 4}, 16)
	})
	b.Run("categorical/128x64/defaults", func(b *testing.B) {
		tr, _ := gate(b, data.Xor, 64)
		benchmarkEpoch(b, tr, model.DefaultConfig(), 16)
	})
	b.Run("continuous/128x5000", func(b *testing.B) {
		rng := rand.New(rand.NewPCG(3, 3))
		const rows, cols = 128, 5000
		ds := &data.Dataset{Rows: rows, Cols: cols, X: make([]float64, rows*cols), Y: make([]int, rows), Classes: []string{"0", "1"}}
		for i := range ds.X {
			ds.X[i] = rng.NormFloat64()
		}
		for i := range ds.Y {
			ds.Y[i] = i % 2
		}
		benchmarkEpoch(b, ds, model.DefaultConfig(), 16)
	})
}

// BenchmarkFit times whole fits, screening and compilation included.
// "paper-settings" runs exactly 300 epochs (no early stop) with the
// paper's README settings: R = 256, order 5, exp_param 4, batch 16.
func BenchmarkFit(b *testing.B) {
	for _, tt := range []struct {
		name     string
		features int
		m        model.Config
		c        train.Config
	}{
		{"paper-settings/64-features/300-epochs", 64, model.Config{Rules: 256, Order: 5, ExpParam: 4}, train.Config{Epochs: 300, NoEarlyStopping: true, NoLossTarget: true, LearningRate: 0.1}},
		{"defaults/64-features", 64, model.Config{}, train.Config{}},
		{"defaults/128-features", 128, model.Config{}, train.Config{}},
	} {
		b.Run(tt.name, func(b *testing.B) {
			tr, _ := gate(b, data.Xor, tt.features)
			b.ReportAllocs()
			for range b.N {
				res, err := train.Fit(context.Background(), tr, tt.m, tt.c, nil)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(res.Epochs), "epochs")
			}
		})
	}
}

func BenchmarkPredict(b *testing.B) {
	tr, te := gate(b, data.Xor, 64)
	res, err := train.Fit(context.Background(), tr, model.Config{}, train.Config{Epochs: 20}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("1000-rows", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := res.Network.Predict(te.X, te.Rows); err != nil {
				b.Fatal(err)
			}
		}
	})
}
