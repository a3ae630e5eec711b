"""depguard completion bash|zsh|fish: a shell completion script, made from the argument parser itself."""

from __future__ import annotations

import argparse

ORDER = 90
HELP = "print a shell completion script (bash, zsh, fish)"
DESCRIPTION = """\
Print a completion script for SHELL, generated from depguard's own options (so it never goes stale):
  bash:  eval "$(depguard completion bash)"      (e.g. in ~/.bashrc)
  zsh:   eval "$(depguard completion zsh)"       (e.g. in ~/.zshrc)
  fish:  depguard completion fish > ~/.config/fish/completions/depguard.fish
"""


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    from ..helpformat import HelpFormatter

    p = sub.add_parser("completion", help=HELP, description=DESCRIPTION,
                       formatter_class=HelpFormatter)
    p.add_argument("shell", choices=("bash", "zsh", "fish"), help="the shell to complete in")
    return p


def commands(parser: argparse.ArgumentParser) -> dict[str, tuple[str, list[str], dict[str, list[str]]]]:
    """sub-command -> (help, its options, option -> the values it takes when they are a fixed set)."""
    out: dict[str, tuple[str, list[str], dict[str, list[str]]]] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            for name, sub in action.choices.items():
                options: list[str] = []
                values: dict[str, list[str]] = {}
                for a in sub._actions:
                    options.extend(o for o in a.option_strings if o.startswith("--"))
                    if a.choices and a.option_strings:
                        for o in a.option_strings:
                            values[o] = [str(c) for c in a.choices]
                    elif a.choices and not a.option_strings:  # completion SHELL, hook HOST, cache stats|clear|path
                        values[""] = values.get("", []) + [str(c) for c in a.choices]
                out[name] = (helps.get(name, ""), sorted(set(options)), values)
    return out


def _bash(cmds: dict) -> str:
    cases = []
    for name, (_help, _options, values) in cmds.items():
        for option, choices in values.items():
            if not option:
                continue
            cases.append(f'    {name}:{option}) COMPREPLY=($(compgen -W "{" ".join(choices)}" -- "$cur")); return ;;')
    per_command = [f'    {name}) opts="{" ".join(options)}"; words="{" ".join(values.get("", ()))}" ;;'
                   for name, (_h, options, values) in cmds.items()]
    return "\n".join([
        "# depguard completion for bash (and zsh through bashcompinit)",
        "_depguard() {",
        '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" cmd="" opts="" words="" i',
        "  COMPREPLY=()",
        "  for ((i = 1; i < COMP_CWORD; i++)); do",
        '    case "${COMP_WORDS[i]}" in -*) ;; *) cmd="${COMP_WORDS[i]}"; break ;; esac',
        "  done",
        '  case "$cmd:$prev" in',
        *cases,
        "  esac",
        '  if [ -z "$cmd" ]; then',
        f'    COMPREPLY=($(compgen -W "{" ".join(cmds)} --help --version" -- "$cur")); return',
        "  fi",
        '  case "$cmd" in',
        *per_command,
        "  esac",
        '  if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "$opts" -- "$cur"))',
        '  elif [ -n "$words" ]; then COMPREPLY=($(compgen -W "$words" -- "$cur")); fi',
        "}",
        "complete -o default -o bashdefault -F _depguard depguard",
        "",
    ])


def _fish_text(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _fish(cmds: dict) -> str:
    lines = ["# depguard completion for fish", "complete -c depguard -f -n __fish_use_subcommand -l help",
             "complete -c depguard -f -n __fish_use_subcommand -l version"]
    for name, (help_text, options, values) in cmds.items():
        lines.append(f"complete -c depguard -f -n __fish_use_subcommand -a {name} -d {_fish_text(help_text)}")
        if "" in values:
            lines.append(f"complete -c depguard -f -n '__fish_seen_subcommand_from {name}' -a {_fish_text(' '.join(values['']))}")
        for option in options:
            takes = f" -x -a {_fish_text(' '.join(values[option]))}" if option in values else ""
            lines.append(f"complete -c depguard -n '__fish_seen_subcommand_from {name}' -l {option[2:]}{takes}")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    import sys

    from ..cli import build_parser

    cmds = commands(build_parser())
    if args.shell == "fish":
        sys.stdout.write(_fish(cmds))
    elif args.shell == "zsh":
        sys.stdout.write("autoload -U +X bashcompinit && bashcompinit\n" + _bash(cmds))
    else:
        sys.stdout.write(_bash(cmds))
    return 0
