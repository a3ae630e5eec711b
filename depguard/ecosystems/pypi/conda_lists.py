"""The requirements-named files of a tree that conda reads: spec lists its scripts hand to ``conda install --file``.

``conda|mamba|micromamba install|create|update --file F`` (``-f F``) reads ``F`` as one conda match spec a line:
conda's own CI installs its test environment with ``--file tests/requirements.txt --file tests/requirements-ci.txt
--file tests/requirements-${{ runner.os }}.txt``, files named like pip's requirements that hold conda names
(``python >=3.10``, ``conda-libmamba-solver``, ``conda-forge::xonsh``). Read as pip's, their names are PyPI guesses and
their channel lines parse errors; read as what the command makes of them, they are conda's.

Each script of the tree (a file one of depguard's script formats reads: shell scripts, workflows, Makefiles,
Dockerfiles …) holding such a command is read as text: continued lines joined, the file values taken from the
conda command's own line (and, in a workflow's folded ``run: >`` step, the option lines after it). A value is resolved from the script's folder and from the scan root (a workflow step runs
at the root); a variable in it matches any name (``requirements-${{ runner.os }}.txt``: the per-OS lists), and a
variable that begins the path names the checkout (``${CONDA_SRC}/tests/requirements.txt`` in a dev container's
post-create script). Environment files (``.yml``) are conda's by their own format and are not listed here.

What a script's conda commands install from (its spec lists, its environment files, a workflow step's
``environment-file:``) declares for the script's sub-project, as its ``pip install`` does (:func:`conda_installs`,
read by the project view): the environment the tree's code then runs in (conda's ``conda/testing/`` imports
``xprocess`` from the ``pytest-xprocess`` its CI installs from ``tests/requirements-ci.txt``).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable, Sequence

from ... import lazyre

CONDA_COMMAND = lazyre.compile(r"(?<![\w.-])(?:micro)?(?:conda|mamba)(?:\.exe|\.bat)?[ \t]+(?:env[ \t]+)?"
                               r"(?:install|create|update|upgrade)\b(?P<rest>[^\n]*)")
FILE_OPTION = lazyre.compile(r"(?:^|[ \t])(?:--file|-f)(?:=|[ \t]+)(?P<value>\"[^\"\n]+\"|'[^'\n]+'|(?:\$\{\{[^}\n]*\}\}|[^\s;&|)])+)")
VARIABLE = lazyre.compile(r"\$\{\{[^}]*\}\}|\$\{[^}]*\}|\$\(?[A-Za-z_]\w*\)?|%[A-Za-z_]\w*%")
# sh, PowerShell and cmd line continuations, and a YAML folded scalar's next line that is an option (a workflow's
# ``run: >`` step writes ``conda install`` and then ``--file tests/requirements.txt`` a line each)
CONTINUED = lazyre.compile(r"[ \t]*(?:\\|`|\^)[ \t]*\r?\n|[ \t]*\r?\n(?=[ \t]*-[\w-])")
COMMAND_END = lazyre.compile(r"&&|\|\||[;|]")  # the conda command ends there (`… && pip install -f wheels/ x`)
HINTS = ("conda", "mamba")
ENV_SUFFIXES = (".yml", ".yaml")
ENVIRONMENT_FILE_KEY = "environment-file"
ENVIRONMENT_FILE = lazyre.compile(r"^[ \t]*environment-file[ \t]*:[ \t]*(?P<value>\"[^\"\n]+\"|'[^'\n]+'|[^\s#]+)", re.M)


# One line of a spec list that conda reads and pip's requirements grammar has no room for besides: a channel-qualified
# spec (`conda-forge::pre-commit`), or conda's exact-match form with a single `=` and an optional build after a second
# one (`python=3.13.*`, `libblas=*=*openblas`), which pip refuses ("= is not a valid operator").
CONDA_ONLY_LINE = lazyre.compile(r"[ \t]*(?:[\w.-]+(?:/[\w.-]+)*::[A-Za-z0-9_][\w.+-]*[^#]*"
                                 r"|[A-Za-z0-9_][\w.+-]*[ \t]*=(?![=<>])[^\s=#;,]*(?:=[^\s#;]+)?[ \t]*)(?:#.*)?")
# the channel-qualified form alone: a line pip has no reading of at all, where a single `=` may be a typo of `==`
CHANNEL_LINE = lazyre.compile(r"[ \t]*[\w.-]+(?:/[\w.-]+)*::[A-Za-z0-9_][\w.+-]*[^#]*(?:#.*)?")
# A line both read the same way: a name with optional version constraints (`psutil`, `setuptools-scm>=8`,
# `conda-forge-pinning==2026.01.07`); pip's own syntax (options, extras, markers, URLs, paths) is none of these.
SHARED_LINE = lazyre.compile(r"[ \t]*[A-Za-z0-9_][\w.+-]*(?:[ \t]*(?:[<>!]=?|==|~=)[ \t]*[\w.*+!-]+"
                             r"(?:[ \t]*,[ \t]*(?:[<>!]=?|==|~=)[ \t]*[\w.*+!-]+)*)?[ \t]*(?:#.*)?")


def conda_spec_text(lines: list[str]) -> bool:
    """Whether a requirements-named file is, by its own lines, a conda spec list (one match spec a line) rather than
    pip's: every requirement line is one conda reads, none uses a syntax only pip has, and most of them are
    written in a form only conda accepts, or one of them names a channel. bioconda-utils generates
    ``bioconda_utils/bioconda_utils-requirements.txt`` from its pixi.toml (``python=3.13.*``, ``git=2.*``,
    ``findutils``) for ``conda install --file`` in a Dockerfile that first copies it to ``/opt``: read as pip's, 38
    lines were parse errors and ``findutils`` a PyPI guess. A channel-qualified line (``pytorch::cpuonly``) is no pip
    requirement in any spelling, so pip refuses the whole file: TaskWeaver's DS-1000 list pins eleven packages with
    ``==``, which both read alike, beside ``pytorch::cpuonly`` and conda's ``yaml`` (libyaml), which read as pip's was a
    PyPI guess. A pip file with one mistyped ``x=1.0`` among ``==`` pins stays pip's (the mistake is reported): a
    single ``=`` can be a typo of pip's ``==``, a channel cannot."""
    specs = [ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]
    conda_only = sum(1 for ln in specs if CONDA_ONLY_LINE.fullmatch(ln))
    return bool(specs) and (2 * conda_only > len(specs) or any(CHANNEL_LINE.fullmatch(ln) for ln in specs)) \
        and all(CONDA_ONLY_LINE.fullmatch(ln) or SHARED_LINE.fullmatch(ln) for ln in specs)


def conda_spec_lists(scripts: Iterable[str], files: frozenset[str], read: Callable[[str], str | None]) -> frozenset[str]:
    """The files among ``files`` (relative, POSIX) that a conda command of one of ``scripts`` installs from with
    ``--file``, other than environment files; ``read(rel)`` is a script's text (None when unreadable)."""
    return frozenset(f for named in conda_installs(scripts, files, read).values() for f in named
                     if not f.endswith(ENV_SUFFIXES))


def conda_installs(scripts: Iterable[str], files: frozenset[str], read: Callable[[str], str | None]) -> dict[str, set[str]]:
    """Script -> the files among ``files`` its conda commands install from: ``--file`` spec lists and environment
    files, and the ``environment-file:`` of a workflow step that sets up conda (mamba's ``setup-micromamba`` with
    ``./dev/environment-dev.yml``, the environment its tests then run in)."""
    out: dict[str, set[str]] = {}
    for rel in scripts:
        text = read(rel)
        if not text or not any(h in text for h in HINTS) or "-f" not in text and ENVIRONMENT_FILE_KEY not in text:
            continue
        folder = rel.rpartition("/")[0]
        named: set[str] = set()
        for command in CONDA_COMMAND.finditer(CONTINUED.sub(" ", text)):
            for option in FILE_OPTION.finditer(COMMAND_END.split(command.group("rest"), 1)[0]):
                named |= _matches(option.group("value").strip("\"'"), folder, files)
        for key in ENVIRONMENT_FILE.finditer(text):
            named |= _matches(key.group("value").strip("\"'"), "", files)  # a workflow step runs at the root
        if named:
            out[rel] = named
    return out


def _matches(value: str, folder: str, files: frozenset[str]) -> set[str]:
    pattern = VARIABLE.sub("*", value.replace("\\", "/"))
    if pattern.startswith("/"):
        return set()
    tries = {posixpath.normpath(posixpath.join(folder, pattern)), posixpath.normpath(pattern)}
    if pattern.startswith("*/"):  # a variable naming the checkout: the rest is a path from the root
        tries.add(posixpath.normpath(pattern[2:]))
    found: set[str] = set()
    for tried in tries:
        if tried.startswith("..") or tried.startswith("*"):
            continue
        if "*" not in tried:
            if tried in files:
                found.add(tried)
            continue
        parts = tried.split("*")
        found.update(f for f in files if glob_match(parts, f))  # a variable stands for a name, never a folder path
    return found


def glob_match(parts: Sequence[str], name: str) -> bool:
    """Whether ``name`` is ``parts`` joined by runs of any characters but ``/`` (a written name whose variables stand
    for any part of one path component: ``["requirements-", ".txt"]`` matches ``requirements-Linux.txt``).

    Linear (r25 #14): a regular expression of ``.*`` between the parts backtracks exponentially in their number (a
    script's ``-r req-${X}a${X}a…${X}zzz.txt`` against a tree's ``req-aaaa….txt``; both are the scanned tree's). A
    run never holds ``/``, so the ``/``s of the name and of the parts pair up in order: each path component is matched
    alone, its first part a prefix, its last a suffix, the parts between found leftmost from left to right (the
    leftmost place of each leaves the most room to the rest, so this finds a match whenever there is one)."""
    components: list[list[str]] = [[""]]
    for index, part in enumerate(parts):
        if index:
            components[-1].append("")  # a run between two parts
        first, *rest = part.split("/")
        components[-1][-1] += first
        components.extend([piece] for piece in rest)
    names = name.split("/")
    return len(names) == len(components) and all(map(_component_match, components, names))


def _component_match(parts: list[str], name: str) -> bool:
    if len(parts) == 1:
        return name == parts[0]
    first, last = parts[0], parts[-1]
    end = len(name) - len(last)
    if end < len(first) or not name.startswith(first) or not name.endswith(last):
        return False
    at = len(first)
    for part in parts[1:-1]:
        found = name.find(part, at, end)
        if found < 0:
            return False
        at = found + len(part)
    return True
