// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model_test

import (
	"bytes"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/hornets-go/hornets/model"
)

// Many goroutines predicting with one Network get exactly what sequential
// calls get, on a trained network (its evaluation pool already in use) and
// on a freshly loaded one (every goroutine builds its graphs at once).
// Meant for go test -race.
func TestConcurrentPrediction(t *testing.T) {
	t.Parallel()
	const (
		goroutines = 12
		calls      = 4
	)
	ds := mixedData(t, 4, 96)
	trained := fit(t, ds, 4, 8, 4)
	test := mixedData(t, 40, 300) // longer than one 256-row chunk
	D, C := test.Cols, len(test.Classes)

	for _, tt := range []struct {
		name string
		net  func() *model.Network
	}{
		{"trained", func() *model.Network { return trained }},
		{"freshly loaded", func() *model.Network { return reload(t, trained) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// subset k holds rows k, k+step, … of the test table, with
			// step and length varying with k.
			subset := func(k int) (x []float64, y []int) {
				step := 1 + k%5
				for i := k % 7; i < test.Rows && len(y) < 40+37*(k%9); i += step {
					x = append(x, test.X[i*D:(i+1)*D]...)
					y = append(y, test.Y[i])
				}
				return x, y
			}
			type outcome struct {
				proba []float64
				pred  []int
				loss  float64
				saved []byte
			}
			predict := func(net *model.Network, k int) (outcome, error) {
				x, y := subset(k)
				rows := len(y)
				var o outcome
				var err error
				if o.proba, _, err = net.PredictProba(x, rows); err != nil {
					return o, fmt.Errorf("PredictProba: %w", err)
				}
				if o.pred, err = net.Predict(x, rows); err != nil {
					return o, fmt.Errorf("Predict: %w", err)
				}
				if o.loss, err = net.Loss(x, rows, y); err != nil {
					return o, fmt.Errorf("Loss: %w", err)
				}
				if _, err = net.Interactions(5); err != nil {
					return o, fmt.Errorf("Interactions: %w", err)
				}
				if _, err = net.Rules(); err != nil {
					return o, fmt.Errorf("Rules: %w", err)
				}
				if _, err = net.Effects(); err != nil {
					return o, fmt.Errorf("Effects: %w", err)
				}
				var buf bytes.Buffer
				if err = net.Save(&buf, nil); err != nil {
					return o, fmt.Errorf("Save: %w", err)
				}
				o.saved = buf.Bytes()
				return o, nil
			}

			// The sequential answers, from a network of their own.
			want := make([]outcome, goroutines*calls)
			ref := reload(t, trained)
			for k := range want {
				var err error
				if want[k], err = predict(ref, k); err != nil {
					t.Fatalf("subset %d: %v", k, err)
				}
			}

			net := tt.net()
			got := make([]outcome, goroutines*calls)
			errs := make([]error, goroutines*calls)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for g := range goroutines {
				wg.Go(func() {
					<-start
					for c := range calls {
						k := (g*calls + c*5) % len(got) // each subset once, in a scattered order
						got[k], errs[k] = predict(net, k)
					}
				})
			}
			close(start)
			wg.Wait()

			for k := range got {
				if errs[k] != nil {
					t.Errorf("subset %d: %v", k, errs[k])
					continue
				}
				if !slices.Equal(got[k].proba, want[k].proba) {
					t.Errorf("subset %d: PredictProba\ngot  %v\nwant %v", k, head(got[k].proba, 2*C), head(want[k].proba, 2*C))
				}
				if !slices.Equal(got[k].pred, want[k].pred) {
					t.Errorf("subset %d: Predict\ngot  %v\nwant %v", k, got[k].pred, want[k].pred)
				}
				if got[k].loss != want[k].loss {
					t.Errorf("subset %d: Loss\ngot  %v\nwant %v", k, got[k].loss, want[k].loss)
				}
				if !bytes.Equal(got[k].saved, want[k].saved) {
					t.Errorf("subset %d: Save wrote other bytes than a sequential Save", k)
				}
			}
		})
	}
}

func head(v []float64, n int) []float64 { return v[:min(n, len(v))] }
