// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"github.com/urfave/cli/v2"
)

// benchSubcommands build the subcommands of hornetctl bench; each lives
// in a file of its own (bench_<name>.go) and adds itself here from an
// init function, so files can be added without editing this one.
var benchSubcommands []func(ios *iostreams) *cli.Command

// newBenchCmd is hornetctl bench: the paper's experiments, one
// subcommand each.
func newBenchCmd(ios *iostreams) *cli.Command {
	cmd := &cli.Command{
		Name:            "bench",
		Usage:           "rerun the paper's experiments",
		UsageText:       "hornetctl bench <experiment> [flags]",
		HideHelpCommand: true,
	}
	for _, sub := range benchSubcommands {
		cmd.Subcommands = append(cmd.Subcommands, sub(ios))
	}
	return cmd
}
