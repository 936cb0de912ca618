// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"
)

// Shell completion: bash and zsh ask hornetctl itself for the words that
// may follow (urfave/cli's --generate-bash-completion, enabled in newApp);
// fish gets a static script generated from the command tree.

// bashCompletion is sourced by bash: source <(hornetctl completion bash).
const bashCompletion = `# bash completion for hornetctl: source <(hornetctl completion bash)
_hornetctl_complete() {
  local cur="${COMP_WORDS[COMP_CWORD]}"
  local words=("${COMP_WORDS[@]:0:COMP_CWORD}")
  local opts
  if [[ "$cur" == -* ]]; then
    opts=$("${words[@]}" "$cur" --generate-bash-completion 2>&1)
  else
    opts=$("${words[@]}" --generate-bash-completion 2>&1)
  fi
  if [[ "$opts" == hornetctl:* ]]; then
    COMPREPLY=()
    return 0
  fi
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -o bashdefault -o default -F _hornetctl_complete hornetctl
`

// zshCompletion is sourced by zsh: source <(hornetctl completion zsh).
const zshCompletion = `#compdef hornetctl
# zsh completion for hornetctl: source <(hornetctl completion zsh)
_hornetctl() {
  local -a opts
  local cur=${words[-1]}
  if [[ "$cur" == -* ]]; then
    opts=("${(@f)$(${words[@]:0:#words[@]-1} ${cur} --generate-bash-completion 2>&1)}")
  else
    opts=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion 2>&1)}")
  fi
  if [[ "${opts[1]}" != "" && "${opts[1]}" != hornetctl:* ]]; then
    _describe 'values' opts
  else
    _files
  fi
}
compdef _hornetctl hornetctl
`

// docApp is a fresh command tree to generate the fish script and the man
// page from. The running app's tree is not used: once urfave/cli has set
// it up it may hold its package-wide help command, which in a process that
// ran "help" before can list itself as its own subcommand, sending the
// generators into endless recursion.
func docApp(ios *iostreams) *cli.App {
	return newApp(ios)
}

func newCompletionCmd(ios *iostreams) *cli.Command {
	return leaf(&cli.Command{
		Name:      "completion",
		Usage:     "print the shell completion script for bash, zsh or fish",
		UsageText: "hornetctl completion bash|zsh|fish\n\nsource <(hornetctl completion bash)\nhornetctl completion fish > ~/.config/fish/completions/hornetctl.fish",
		Description: "Prints a script that completes hornetctl's commands and flags. Load it in the current shell with\n" +
			"source <(hornetctl completion bash) (or zsh), or save it where the shell looks for completions.",
		Action: func(c *cli.Context) error {
			if c.Args().Len() != 1 {
				return usagef("completion: want one shell: bash, zsh or fish (see 'hornetctl completion --help')")
			}
			var script string
			switch shell := strings.ToLower(c.Args().First()); shell {
			case "bash":
				script = bashCompletion
			case "zsh":
				script = zshCompletion
			case "fish":
				s, err := docApp(ios).ToFishCompletion()
				if err != nil {
					return fmt.Errorf("completion fish: %w", err)
				}
				script = s
			default:
				return usagef("completion: unknown shell %q: want bash, zsh or fish", shell)
			}
			_, err := io.WriteString(ios.Out, script)
			return err
		},
	})
}

func newManCmd(ios *iostreams) *cli.Command {
	return leaf(&cli.Command{
		Name:      "man",
		Usage:     "print the manual page (roff, section 1)",
		UsageText: "hornetctl man > hornetctl.1 && man ./hornetctl.1",
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			page, err := docApp(ios).ToManWithSection(1)
			if err != nil {
				return fmt.Errorf("man: %w", err)
			}
			_, err = io.WriteString(ios.Out, page)
			return err
		},
	})
}
