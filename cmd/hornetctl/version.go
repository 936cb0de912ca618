// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"fmt"
	"runtime"

	"github.com/urfave/cli/v2"
)

func newVersionCmd(ios *iostreams) *cli.Command {
	return leaf(&cli.Command{
		Name:      "version",
		Usage:     "print the version of hornetctl and of Go",
		UsageText: "hornetctl version",
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			_, err := fmt.Fprintf(ios.Out, "hornetctl %s (%s %s/%s)\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return err
		},
	})
}
