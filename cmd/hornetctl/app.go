// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// version is the program version; release builds set it with
//
//	go build -ldflags "-X main.version=1.2.3" ./cmd/hornetctl
var version = "0.1.0-dev"

// Exit codes. run is the only place that maps errors to them.
const (
	exitOK          = 0
	exitError       = 1   // bad data, bad model file, I/O
	exitUsage       = 2   // bad flags or arguments
	exitInterrupted = 130 // context cancelled (Ctrl-C, SIGTERM)
)

// iostreams are the standard streams a command reads and writes; tests pass
// bytes.Buffers.
type iostreams struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
}

// usageError marks an error in the command line: an unknown or missing
// flag, or an impossible value. It exits with code 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usagef returns a usageError with a formatted message.
func usagef(format string, a ...any) error { return &usageError{fmt.Errorf(format, a...)} }

// interrupted is the error of a command stopped by its context. Its message
// says what was kept; errors.Is(err, context.Canceled) holds.
type interrupted struct{ msg string }

func (e *interrupted) Error() string        { return e.msg }
func (e *interrupted) Is(target error) bool { return target == context.Canceled }

// run runs hornetctl with the command line args (args[0] is the program
// name) and returns the exit code. Every error is printed as one line on
// stderr.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		// Last resort: no Go trace ever reaches the user.
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "hornetctl: internal error: %s (this is a bug in hornetctl; please report it)\n", oneLine(fmt.Sprint(r)))
			code = exitError
		}
	}()
	out := &recordingWriter{w: stdout}
	ios := &iostreams{In: stdin, Out: out, Err: stderr}
	err := newApp(ios).RunContext(ctx, args)
	if err == nil && out.err != nil {
		// A write the command did not check (urfave/cli's help, say)
		// failed: the output is lost, so the run is too.
		err = out.err
	}
	if err == nil {
		return exitOK
	}
	if msg := err.Error(); strings.HasPrefix(msg, helpTopicMissing) {
		// urfave/cli's error for "help nosuch" and "bench nosuch", with its
		// own exit code 3: a usage error like any unknown command.
		err = usagef("no command or help topic%s (see 'hornetctl help')", strings.TrimPrefix(msg, helpTopicMissing))
	}
	fmt.Fprintf(stderr, "hornetctl: %s\n", oneLine(err.Error()))
	return exitCode(err)
}

// exitCode maps an error to the process exit code.
func exitCode(err error) int {
	var ue *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, context.Canceled):
		return exitInterrupted
	case errors.As(err, &ue):
		return exitUsage
	}
	return exitError
}

// recordingWriter passes writes to w and keeps the first error, so that
// run fails where an output was lost even if the writer's caller ignored
// the error.
type recordingWriter struct {
	w   io.Writer
	err error
}

func (r *recordingWriter) Write(p []byte) (int, error) {
	n, err := r.w.Write(p)
	if err != nil && r.err == nil {
		r.err = err
	}
	return n, err
}

// helpTopicMissing begins urfave/cli's error for a help topic or
// subcommand that does not exist.
const helpTopicMissing = "No help topic for"

// oneLine folds a message onto one line.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }), "; ")
	// Other control characters (an escape sequence in a file name, say)
	// would reach the terminal: they are written as Go escapes.
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isControl(r) {
			fmt.Fprintf(&b, "\\x%02x", r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isControl reports the runes oneLine escapes: C0 and C1 control
// characters and DEL, but not the tab.
func isControl(r rune) bool {
	return (r < 0x20 && r != '\t') || (r >= 0x7f && r < 0xa0)
}

// newApp builds the command tree. Nothing in it calls os.Exit or writes to
// the process's own streams.
func newApp(ios *iostreams) *cli.App {
	return &cli.App{
		Name:      "hornetctl",
		Usage:     "train HorNets networks on small wide tables and read the rules they learn",
		UsageText: "hornetctl command [options]\n\nhornetctl synth --gate xor --features 64 --rows 128 --out train.csv\nhornetctl train --data train.csv --out model.json\nhornetctl rules --model model.json",
		Writer:    ios.Out,
		ErrWriter: ios.Err,
		// Errors are returned to run, which prints them and picks the code.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError:   onUsageError,
		HideVersion:    true,
		Commands: []*cli.Command{
			newSynthCmd(ios, nil),
			newTrainCmd(ios, nil),
			newEvalCmd(ios, nil),
			newPredictCmd(ios, nil),
			newRulesCmd(ios, nil),
			newCVCmd(ios, nil),
			newTuneCmd(ios, nil),
			newBenchCmd(ios),
			newMergeCmd(ios, nil),
			newVersionCmd(ios),
			newCompletionCmd(ios),
			newManCmd(ios),
		},
		// hornetctl ... --generate-bash-completion lists the words that may
		// follow; the scripts of hornetctl completion call it.
		EnableBashCompletion: true,
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return usagef("unknown command %q (see 'hornetctl help')", c.Args().First())
			}
			return cli.ShowAppHelp(c)
		},
	}
}

// helpFlag is urfave/cli's --help flag with an Apply that writes nothing
// but the flag set it is given. The library's own Apply records the flag's
// default in the flag itself, and cli.HelpFlag is one package-level value
// shared by every App, so two apps parsing flags at once (tests that run
// hornetctl's shards in goroutines) wrote it together: a data race under
// go test -race. Help is shown, listed and documented as before.
type helpFlag struct{ *cli.BoolFlag }

// Apply defines the flag and its aliases in set as plain bools.
func (f helpFlag) Apply(set *flag.FlagSet) error {
	for _, name := range f.Names() {
		set.Bool(name, false, f.Usage)
	}
	return nil
}

func init() {
	if bf, ok := cli.HelpFlag.(*cli.BoolFlag); ok {
		cli.HelpFlag = helpFlag{bf}
	}
}

// onUsageError turns urfave's flag-parsing errors into usage errors,
// without printing the help text (stderr gets one line).
func onUsageError(c *cli.Context, err error, isSubcommand bool) error {
	if isSubcommand && c.Command != nil {
		name := commandPath(c)
		return usagef("%s: %v (see 'hornetctl %s --help')", name, err, name)
	}
	return usagef("%v (see 'hornetctl --help')", err)
}

// commandPath names c's command with its parents ("bench real"), as
// typed after hornetctl.
func commandPath(c *cli.Context) string {
	var names []string
	for _, ctx := range c.Lineage() {
		if ctx.Command != nil && ctx.Command.Name != "" && (c.App == nil || ctx.Command.Name != c.App.Name) && (len(names) == 0 || names[0] != ctx.Command.Name) {
			names = append([]string{ctx.Command.Name}, names...)
		}
	}
	return strings.Join(names, " ")
}

// leaf sets what every command without subcommands shares.
func leaf(cmd *cli.Command) *cli.Command {
	cmd.HideHelpCommand = true
	cmd.OnUsageError = onUsageError
	return cmd
}

// noArgs rejects positional arguments: every input is a flag.
func noArgs(c *cli.Context) error {
	if c.Args().Present() {
		name := commandPath(c)
		return usagef("%s: unexpected argument %q (inputs are given with flags; see 'hornetctl %s --help')", name, c.Args().First(), name)
	}
	return nil
}

// requireFlags reports the required flags that are missing, all at once.
func requireFlags(c *cli.Context, names ...string) error {
	var missing []string
	for _, n := range names {
		if !c.IsSet(n) || c.String(n) == "" {
			missing = append(missing, "--"+n)
		}
	}
	switch len(missing) {
	case 0:
		return nil
	case 1:
		return usagef("%s: missing required flag %s", c.Command.Name, missing[0])
	}
	return usagef("%s: missing required flags %s", c.Command.Name, strings.Join(missing, ", "))
}

// oneOf checks that the value of flag is one of valid.
func oneOf(flag, value string, valid ...string) error {
	for _, v := range valid {
		if strings.EqualFold(value, v) {
			return nil
		}
	}
	return usagef("invalid --%s %q: want %s", flag, value, strings.Join(valid, " or "))
}

// configError turns a configuration error that the library found only
// once it saw the data (e.g. a validation split left empty) into a usage
// error; any other error is returned as it is.
func configError(err error) error {
	if errors.Is(err, model.ErrConfig) || errors.Is(err, train.ErrConfig) {
		return &usageError{err}
	}
	return err
}
