"""The commands an MSBuild project runs when it builds: ``<Exec Command="npm install" />`` in a target of a
``*.csproj``/``*.fsproj``/``*.vbproj`` or a ``Directory.Build.props``/``.targets``. ASP.NET Core's single-page-app
templates (Angular, React) restore the front end so, ``<Exec WorkingDirectory="$(SpaRoot)" Command="npm install" />``
in their ``PublishRunWebpack`` and ``DebugEnsureNodeEnv`` targets, and projects add ``dotnet tool restore``, ``npx
…`` or ``pip install …`` steps; ``dotnet build`` runs them in the system's shell. Nothing read them (probed for
held-out set 278's ASP.NET Core apps), so an invented package a build installs went unjudged.

The attribute's XML escapes (``&quot;``, ``&amp;&amp;``, ``&lt;``) are undone and its lines joined into one command
list; an MSBuild property (``$(SpaRoot)``) reads to the shell as an unknown value. Read as text, never run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

from ...commands import mentions_in_script
from ...model import Mention
from ...parsers import Source, file_format

PARSER = "msbuild-exec"
# an <Exec …> start tag, its quoted attribute values whole (a '>' may stand inside one: `Command="a > b"`); the
# alternatives start with different characters, so a tag is read once, linearly
EXEC_TAG = re.compile(r"""<Exec\b(?:"[^"]*"|'[^']*'|[^'">])*""")
COMMAND = re.compile(r"""(?<![\w.-])Command\s*=\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)')""")


@file_format(PARSER, ("*.csproj", "*.fsproj", "*.vbproj", "Directory.Build.props", "Directory.Build.targets"),
             kind="script", description="MSBuild projects: the commands of their <Exec> tasks")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "<Exec" not in text:
        return
    line, counted = 1, 0
    for tag in EXEC_TAG.finditer(text):
        command = COMMAND.search(tag.group())
        if command is None:
            continue
        value = command.group("dq") if command.group("dq") is not None else command.group("sq")
        at = tag.start() + command.start("dq" if command.group("dq") is not None else "sq")
        line += text.count("\n", counted, at)
        counted = at
        column = at - text.rfind("\n", 0, at)
        # without escapes or line breaks the text is the command as written, so columns are exact
        shown = value if "&" not in value and "\n" not in value else unescape(value).replace("\r", "").replace("\n", " ; ")
        yield from mentions_in_script(source.fragment(shown, line, column), parser=PARSER)
