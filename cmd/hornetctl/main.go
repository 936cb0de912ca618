// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Command hornetctl trains HorNets networks on CSV or LibSVM tables,
// evaluates them, predicts with them and prints the logical rules they
// learned. Run "hornetctl help" for the commands.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/hornets-go/hornets/internal/procs"
)

func main() {
	spareProcs()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() { <-ctx.Done(); stop() }() // a second Ctrl-C kills at once
	os.Exit(run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// spareProcs doubles GOMAXPROCS (procs.Oversubscribe) unless the
// environment sets it: each training step hands the processor between two
// OS threads (Gorgonia's RunAll), and with one processor per CPU the CPU
// idles while the other thread wakes. The number of concurrent fits, and
// the results, stay the same; cv of the house votes on 2 CPUs took 22.3 s
// with it and 28.9 s without (session 56).
func spareProcs() {
	if os.Getenv("GOMAXPROCS") == "" {
		procs.Oversubscribe()
	}
}
