// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package model

import (
	"reflect"
	"testing"

	"github.com/hornets-go/hornets/model/rulesearch"
)

func TestRouteOf(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		batch []float64
		want  Route
	}{
		{"empty", nil, Categorical},
		{"one value", []float64{3, 3, 3}, Categorical},
		{"binary", []float64{0, 1, 1, 0}, Categorical},
		{"two arbitrary values", []float64{-2, 5, 5, -2}, Categorical},
		{"three values", []float64{0, 1, 2}, Continuous},
		{"third value late", []float64{0, 1, 0, 1, 0, 0.5}, Continuous},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := RouteOf(tt.batch); got != tt.want {
				t.Errorf("RouteOf(%v)\ngot  %v\nwant %v", tt.batch, got, tt.want)
			}
		})
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		mod  func(*Config)
		ok   bool
	}{
		{"defaults", func(*Config) {}, true},
		{"relu", func(c *Config) { c.Activation = "ReLU" }, true},
		{"negative rules", func(c *Config) { c.Rules = -1 }, false},
		{"negative order", func(c *Config) { c.Order = -2 }, false},
		{"default screen order with order 2", func(c *Config) { c.Order = 2 }, true},
		{"screen order above 8", func(c *Config) { c.Search.ScreenOrder = 9 }, false},
		{"unknown activation", func(c *Config) { c.Activation = "tanh" }, false},
		{"negative exp param", func(c *Config) { c.ExpParam = -1 }, false},
		{"samples above rules", func(c *Config) { c.Samples = 1000 }, false},
		{"dropout one", func(c *Config) { c.Dropout = 1 }, false},
		{"negative dropout", func(c *Config) { c.Dropout = -1 }, false},
		{"no dropout", func(c *Config) { c.NoDropout = true }, true},
		{"rules above the bound", func(c *Config) { c.Rules = 1 << 20 }, false},
		{"refresh fraction above one", func(c *Config) { c.Search.RefreshFraction = 2 }, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := DefaultConfig()
			tt.mod(&c)
			err := c.Resolved().Validate()
			if (err == nil) != tt.ok {
				t.Errorf("Validate()\ngot  %v\nwant ok=%v", err, tt.ok)
			}
		})
	}
}

// Resolving a resolved config changes nothing: a loaded model keeps the
// settings it was trained with.
func TestResolvedIsIdempotent(t *testing.T) {
	t.Parallel()
	for _, c := range []Config{{}, {NoDropout: true, Search: rulesearch.Config{NoScreening: true}}, {Activation: "ReLU", Order: 5, ExpParam: 3}} {
		once := c.Resolved()
		if twice := once.Resolved(); !reflect.DeepEqual(once, twice) {
			t.Errorf("Resolved twice\ngot  %+v\nwant %+v", twice, once)
		}
	}
}

// DefaultConfig is Config{} resolved, and valid.
func TestDefaultConfigIsResolvedZero(t *testing.T) {
	t.Parallel()
	if got, want := DefaultConfig(), (Config{}).Resolved(); got != want {
		t.Errorf("DefaultConfig()\ngot  %+v\nwant %+v", got, want)
	}
	if err := DefaultConfig().Validate(); err != nil {
		t.Errorf("DefaultConfig().Validate() = %v", err)
	}
}
