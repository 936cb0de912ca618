// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package hornets_test

import (
	"context"
	"errors"
	"testing"

	"github.com/hornets-go/hornets"
	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/train"
)

// TestNilArguments: a nil *Classifier given to Fit or FitCSV, a nil
// context, and a nil table (to Fit or to a fitted classifier's methods)
// are errors that errors.Is matches against a documented sentinel; they
// were plain messages.
func TestNilArguments(t *testing.T) {
	t.Parallel()
	clf := fittedClassifier(t)
	tab := xorTable(t, 16, 3, "t.csv")
	var nilClf *hornets.Classifier
	var nilCtx context.Context
	for _, tt := range []struct {
		name string
		call func() error
		want error
	}{
		{"nil Classifier Fit", func() error { return nilClf.Fit(context.Background(), tab) }, hornets.ErrNilClassifier},
		{"nil Classifier FitCSV", func() error { return nilClf.FitCSV(context.Background(), "t.csv") }, hornets.ErrNilClassifier},
		{"nil context", func() error { return (&hornets.Classifier{}).Fit(nilCtx, tab) }, train.ErrConfig},
		{"Fit nil table", func() error { return (&hornets.Classifier{}).Fit(context.Background(), nil) }, data.ErrEmpty},
		{"PredictProba nil table", func() error { _, err := clf.PredictProba(nil); return err }, data.ErrEmpty},
		{"Predict nil table", func() error { _, err := clf.Predict(nil); return err }, data.ErrEmpty},
		{"Check nil table", func() error { _, err := clf.Check(nil); return err }, data.ErrEmpty},
		{"Score nil table", func() error { _, err := clf.Score(nil); return err }, data.ErrEmpty},
		{"RulesOn nil table", func() error { _, err := clf.RulesOn(nil); return err }, data.ErrEmpty},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.call(); !errors.Is(err, tt.want) {
				t.Errorf("got  %v\nwant %v", err, tt.want)
			}
		})
	}
}
