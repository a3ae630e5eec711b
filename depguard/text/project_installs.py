"""Where a document has its reader install the project of the folder they are in: a bare ``npm install``, ``npm ci``,
``yarn`` or ``pnpm install`` (any ecosystem's command that installs a project from its manifests and lockfile, as the
shell model reads it: :class:`depguard.commands.Manifest` of format ``project`` at ``.``), in a shell block, a prompt
line or a code span of the page.

After such a command the reader is in a checkout of the project with its lockfile's packages installed, and a runner
that runs an installed command before it fetches (npx) runs the commands that lockfile puts in ``node_modules/.bin``
(:mod:`depguard.ecosystems.npm.locked_bins`). WebdriverIO's appium-boilerplate README (held-out set 241) says
``npm install`` under "Installation", then ``npx start-appium-inspector`` under "Appium Inspector": the bin of
``@wdio/appium-service``, which its package-lock.json records; npm has no package of that name."""

from __future__ import annotations

from ..parsers import rendered_path
from . import ASCIIDOC_SUFFIXES, RST_SUFFIXES, fragments, transcript_body


def first_project_install(text: str, path: str, ecosystem: str) -> int | None:
    """The 1-based line of the first command of the document ``text`` (at ``path``) that installs the project of the
    folder it runs in with a tool of ``ecosystem``, or None when the page has none. A command that installs another
    folder's project (``cd app && npm install``) or named packages (``npm install x``) is not one."""
    from ..commands import analyze

    low = rendered_path(path).lower()
    first: int | None = None
    for frag in fragments(text, fences=not low.endswith(RST_SUFFIXES), asciidoc=low.endswith(ASCIIDOC_SUFFIXES)):
        if frag.lang != "shell" or (first is not None and frag.line >= first):
            continue
        body = transcript_body(frag.text) if frag.kind == "fenced" else frag.text
        try:
            plan = analyze(body)
        except (ValueError, RecursionError):
            continue
        for m in plan.manifests:
            if m.ecosystem == ecosystem and m.format == "project" and m.path == ".":
                at = frag.line + (m.word.line - 1 if m.word is not None else 0)
                first = at if first is None else min(first, at)
    return first
