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
	// Spare processors for Gorgonia's thread handoffs; same results and
	// as many fits at once (package procs).
	procs.OversubscribeUnlessSet()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() { <-ctx.Done(); stop() }() // a second Ctrl-C kills at once
	os.Exit(run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr))
}
