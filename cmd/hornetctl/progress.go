// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/sirupsen/logrus"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/hornets-go/hornets/train"
)

// verbosity is the amount of logging asked for by --quiet and --verbose.
type verbosity int

const (
	normal  verbosity = iota
	quiet             // errors only
	verbose           // every epoch, and the library's debug lines
)

// verbosityFlags are --quiet and --verbose; normal says what is logged
// without them.
func verbosityFlags(normal string) []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Category: "Output", Usage: "log errors only (default: " + normal + ")", DisableDefaultText: true},
		&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Category: "Output", Usage: "log every epoch and the screened feature tuples", DisableDefaultText: true},
	}
}

// quietFlag is --quiet for the commands that have no --verbose: it keeps
// warnings and progress lines off stderr; errors are still printed.
func quietFlag() cli.Flag {
	return &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Category: "Output", Usage: "print no warnings or progress on stderr (errors still are)", DisableDefaultText: true}
}

// warnings is where a command writes its warnings and progress lines:
// stderr, or nowhere with --quiet.
func warnings(ios *iostreams, quiet bool) io.Writer {
	if quiet {
		return io.Discard
	}
	return ios.Err
}

// readVerbosity reads --quiet and --verbose.
func readVerbosity(c *cli.Context) (verbosity, error) {
	switch q, v := c.Bool("quiet"), c.Bool("verbose"); {
	case q && v:
		return normal, usagef("--quiet and --verbose exclude each other")
	case q:
		return quiet, nil
	case v:
		return verbose, nil
	}
	return normal, nil
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// stdinIsTerminal reports whether r, the standard input, is a terminal;
// a variable for the tests.
var stdinIsTerminal = func(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// newLogger returns a logger writing to w at the level of v. It is never
// the global logger.
func newLogger(w io.Writer, v verbosity) *logrus.Logger {
	l := logrus.New()
	l.SetOutput(w)
	l.SetFormatter(&logrus.TextFormatter{FullTimestamp: true, TimestampFormat: time.TimeOnly})
	switch v {
	case quiet:
		l.SetLevel(logrus.ErrorLevel)
	case verbose:
		l.SetLevel(logrus.DebugLevel)
	default:
		l.SetLevel(logrus.InfoLevel)
	}
	return l
}

// progress reports training epochs: a bar on a terminal, log lines
// otherwise. It implements train.Recorder.
type progress struct {
	log   *logrus.Logger
	every int // log every every-th epoch; 0 for never
	bar   *progressbar.ProgressBar
	out   *barWriter
}

// newProgress returns the epoch reporter for a run of at most epochs
// epochs, logging to log (whose output it may wrap, so that log lines do
// not run into the bar). A bar is drawn when w is a terminal and neither
// --quiet nor --verbose is given.
func newProgress(log *logrus.Logger, w io.Writer, v verbosity, epochs int) *progress {
	p := &progress{log: log}
	switch {
	case v == quiet:
	case v == verbose:
		p.every = 1
	case isTerminal(w):
		p.bar = progressbar.NewOptions(epochs,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription("epoch 0"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		p.out = &barWriter{w: w, bar: p.bar}
		log.SetOutput(p.out)
	default:
		p.every = 10
	}
	return p
}

// Record implements train.Recorder.
func (p *progress) Record(s train.EpochStats) error {
	if p.bar != nil {
		desc := fmt.Sprintf("epoch %d  loss %.4f", s.Epoch, s.TrainLoss)
		if s.ValLoss != 0 {
			desc += fmt.Sprintf("  val %.4f", s.ValLoss)
		}
		err := p.bar.Set(s.Epoch)
		p.bar.Describe(desc) // renders now, with the new count
		return err
	}
	if p.every == 0 || s.Epoch%p.every != 0 && s.Epoch != 1 {
		return nil
	}
	f := logrus.Fields{"epoch": s.Epoch, "loss": fmt.Sprintf("%.4g", s.TrainLoss), "elapsed": s.Elapsed.Round(time.Millisecond).String()}
	if s.ValLoss != 0 {
		f["val_loss"] = fmt.Sprintf("%.4g", s.ValLoss)
	}
	if s.Refreshed > 0 {
		f["refreshed_rules"] = s.Refreshed
	}
	p.log.WithFields(f).Info("epoch")
	return nil
}

// done removes the bar, if any.
func (p *progress) done() {
	if p.bar != nil {
		p.out.clear()
		p.bar.Exit()
	}
}

// barWriter clears the progress bar's line before a log line is written,
// so that the two do not mix; the bar is redrawn at the next epoch.
type barWriter struct {
	mu  sync.Mutex
	w   io.Writer
	bar *progressbar.ProgressBar
}

func (b *barWriter) Write(p []byte) (int, error) {
	b.clear()
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Write(p)
}

func (b *barWriter) clear() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bar.IsStarted() {
		b.bar.Clear()
	}
}

// unitProgress shows the units of a sweep done, the elapsed time and the
// time left: a bar on a terminal, nothing otherwise (the results file, if
// any, is the record).
type unitProgress struct {
	bar *progressbar.ProgressBar
}

// newUnitProgress returns the progress of a sweep of total units, done of
// them finished before (resumed), drawn on w when show and w is a
// terminal. The bar counts the units this run fits, so that the time left
// is estimated from them only.
func newUnitProgress(w io.Writer, show bool, total, done int, what string) *unitProgress {
	if !show || !isTerminal(w) {
		return &unitProgress{}
	}
	desc := what + " units"
	if done > 0 {
		desc = fmt.Sprintf("%s units (%d of %d done before)", what, done, total)
	}
	return &unitProgress{bar: progressbar.NewOptions(total-done,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// add counts one finished unit.
func (p *unitProgress) add() {
	if p.bar != nil {
		p.bar.Add(1)
	}
}

// done removes the bar.
func (p *unitProgress) done() {
	if p.bar != nil {
		p.bar.Exit()
	}
}
