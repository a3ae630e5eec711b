"""mise's configuration: the ``[tools]`` it installs from a package registry through a backend.

``mise install`` (and ``mise use -g npm:prettier``, which writes the entry) installs each tool of a ``[tools]``
table; a key ``"backend:name"`` names a registry's package: ``"npm:prettier" = "3.5.3"`` is npm's prettier,
``"pipx:httpie" = "latest"`` PyPI's httpie (extras as ``"pipx:vectorcode[lsp]"``), ``"cargo:eza"`` the crate,
``"go:github.com/x/y/cmd/z"`` the Go package, ``"gem:rails"`` the gem. A project's ``mise.toml`` (``.mise.toml``,
``mise.local.toml``, ``mise.<env>.toml``) pins its development tools this way, and a dotfiles repository's
``.config/mise/config.toml`` (``dot_config/mise/config.toml`` under chezmoi) its global ones. A key without a
backend (``node``, ``python``, ``prettier``) is a tool of mise's own registry, which maps it to a backend of its
choosing, and is not read; nor is a backend that is no package registry (``ubi:``, ``aqua:``, ``github:``,
``asdf:``) or a name no registry of that backend can have (``pipx:psf/black``, a GitHub repository;
``cargo:https://…``, a git URL).

Which backend installs from which registry is each ecosystem's ``[mise] backends`` (npm's ``npm``, PyPI's
``pipx``, …); this module names none. A template of a mise configuration that TOML cannot read before rendering
(a chezmoi ``config.toml.tmpl``) is read as far as it can be, and not reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import ParseError
from ..model import Mention, Origin
from . import Source, file_format, rendered_path
from ._util import TomlLines
from .template_directives import load_template_toml

PARSER = "mise"
PATTERNS = ("mise.toml", ".mise.toml", "mise.*.toml", ".mise.*.toml", ".rtx.toml", "mise/config.toml",
            "mise/config.*.toml", "mise/conf.d/*.toml")
_BACKENDS: dict[str, str] = {}


def backends() -> dict[str, str]:
    """Backend -> ecosystem, from the ecosystems' ``[mise]`` tables."""
    if not _BACKENDS:
        from ..ecosystems import catalog

        for eco in catalog():
            table = eco.data.get("mise")
            if isinstance(table, dict):
                _BACKENDS.update(dict.fromkeys(table.get("backends", ()), eco.id))
    return _BACKENDS


def _without_action_lines(text: str) -> str:
    """``text`` with each line that holds only Go template actions (``{{ if .work -}}``, ``{{ end }}``) made spaces of
    its width (lines and columns kept)."""
    from ..commands.placeholders import EXPRESSION

    return "\n".join(" " * len(line) if line.strip() and not EXPRESSION.sub("", line).strip() else line
                     for line in text.split("\n"))


def backend_tool(key: str) -> tuple[str, str, int] | None:
    """``(ecosystem, name, column shift)`` of a tool named with a registry's backend (``npm:prettier``,
    ``pipx:vectorcode[lsp]``), or None: no backend, a backend of no registry, a name that registry cannot have."""
    from ..ecosystems import catalog

    backend, sep, name = key.partition(":")
    ecosystem = backends().get(backend.strip())
    if not sep or ecosystem is None:
        return None
    name = name.split("[", 1)[0].strip()  # "pipx:vectorcode[lsp,mcp]": extras; "x[exe=y]": mise's options
    if not name or catalog().get(ecosystem).name_rule.invalid_reason(name) is not None:
        return None
    return ecosystem, name, len(backend) + 1


@file_format("mise", PATTERNS, ecosystem=None, kind="manifest",
             description="mise configuration: [tools] installed through a registry's backend (npm:, pipx:, cargo: …)")
def parse(source: Source) -> Iterator[Mention]:
    template = rendered_path(source.path) != source.path
    if template and "{{" in source.text:  # a chezmoi template's lines that are only actions ({{ if .work }}): blanked
        source = source.fragment(_without_action_lines(source.text), 1)
    try:
        data = load_template_toml(source.text)
    except ParseError:
        if template:
            return  # a template that is TOML only once rendered
        raise
    tools = data.get("tools")
    if not isinstance(tools, dict):
        return
    lines = TomlLines(source.text)
    for key, value in tools.items():
        tool = backend_tool(key)
        if tool is None:
            continue
        ecosystem, name, shift = tool
        if isinstance(value, dict):
            value = value.get("version")
        spec = value if isinstance(value, str) else None
        line, column = lines.key(("tools",), key)
        if line is None:  # a table of its own: [tools."npm:prettier"]
            line, column = lines.line(("tools", key)) or 1, None
        elif column is not None:
            column += shift
        yield source.mention(ecosystem, name, line, column, Origin.MANIFEST, PARSER, spec=spec)
