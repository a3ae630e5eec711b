"""The folders of the tree that a Dockerfile puts on its image's ``PYTHONPATH``.

kubeflow/katib's ``cmd/metricscollector/v1beta1/tfevent-metricscollector/Dockerfile`` copies the repository's
``pkg/`` and the collector's own folder into ``/opt/katib`` and sets ``ENV PYTHONPATH
${TARGET_DIR}:…:${TARGET_DIR}/pkg/metricscollector/v1beta1/common/``; the collector's ``main.py`` then imports
``const`` and ``tfevent_loader`` from those folders, which are packages of the tree (with ``__init__.py``) whose
modules are imported alone only because the image's path says so. A ``PYTHONPATH`` entry is mapped back into the
tree through the stage's ``COPY``/``ADD`` lines (not ``--from`` another stage or image), with the stage's ``ENV``
and ``ARG`` defaults expanded and relative destinations taken from its ``WORKDIR``; the build context is the
scan root or the Dockerfile's folder, whichever holds the copied sources. It applies to the Python files that
the same stage copies into the image, below the Dockerfile's folder: the code that runs there with that path.
Anything the reading cannot place (a variable without a value, a destination no copy explains) adds nothing.
"""

from __future__ import annotations

import posixpath
import re
import shlex

DOCKERFILE = re.compile(r"^(?:Dockerfile(?:\.[\w.-]+)?|[\w.-]+\.[Dd]ockerfile)$")
VARIABLE = re.compile(r"\$(?:\{(?P<braced>[A-Za-z_]\w*)(?::?[-+][^}]*)?\}|(?P<bare>[A-Za-z_]\w*))")
MAX_INSTRUCTIONS = 400


def _instructions(text: str) -> list[tuple[str, str]]:
    """(instruction in capitals, its arguments) of a Dockerfile, continuation lines joined, comments dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for line in text.splitlines():
        if not pending and line.lstrip().startswith("#"):
            continue
        stripped = line.rstrip()
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        whole = (pending + stripped).strip()
        pending = ""
        if whole:
            word, _, rest = whole.partition(" ")
            out.append((word.upper(), rest.strip()))
            if len(out) >= MAX_INSTRUCTIONS:
                break
    return out


def _expand(value: str, env: dict[str, str]) -> str | None:
    """``value`` with its ``$X``/``${X}`` variables replaced from ``env``; None when one has no value there."""
    missing = False

    def one(m: re.Match[str]) -> str:
        nonlocal missing
        name = m.group("braced") or m.group("bare")
        if name not in env:
            missing = True
            return ""
        return env[name]

    out = VARIABLE.sub(one, value)
    return None if missing else out


def _words(rest: str) -> list[str]:
    try:
        return shlex.split(rest)
    except ValueError:
        return rest.split()


def _assignments(rest: str) -> dict[str, str]:
    """``ENV A=1 B=2`` or the old ``ENV A 1`` form; ``ARG A=1`` (an ARG without a default sets nothing)."""
    words = _words(rest)
    if words and "=" not in words[0]:
        return {words[0]: " ".join(words[1:])} if len(words) > 1 else {}
    return dict(w.split("=", 1) for w in words if "=" in w)


Stage = tuple[str | None, list[tuple[list[str], str]], list[str], list[str]]


def stages(text: str) -> list[Stage]:
    """Per build stage: (its ``PYTHONPATH`` expanded, or None; its copies from the context as (sources,
    absolute destination); the absolute destinations of its copies from another stage or image; its ``RUN``
    commands as written), every path expanded."""
    out: list[Stage] = []
    env: dict[str, str] = {}
    copies: list[tuple[list[str], str]] = []
    filled: list[str] = []
    runs: list[str] = []
    workdir = "/"
    started = False
    for word, rest in _instructions(text):
        if word == "FROM":
            if started:
                out.append((env.get("PYTHONPATH"), copies, filled, runs))
            # PYTHONPATH starts empty (`ENV PYTHONPATH="${PYTHONPATH}:/app"` extends nothing)
            env, copies, filled, runs, workdir, started = {"PYTHONPATH": ""}, [], [], [], "/", True
        elif word == "RUN":
            runs.append(rest)
        elif word in ("ENV", "ARG"):
            for key, value in _assignments(rest).items():
                expanded = _expand(value, env)
                if expanded is not None and (word == "ENV" or key not in env):
                    env[key] = expanded
        elif word == "WORKDIR":
            expanded = _expand(rest.strip().strip("\"'"), env)
            if expanded:
                workdir = posixpath.normpath(posixpath.join(workdir, expanded))
        elif word in ("COPY", "ADD"):
            words = _words(rest)
            paths = [w for w in words if not w.startswith("--")]
            resolved = [r for p in paths if (r := _expand(p, env)) is not None]
            if len(paths) < 2 or len(resolved) < len(paths):
                continue
            *sources, dest = resolved
            dest = posixpath.normpath(posixpath.join(workdir, dest))
            if any(w.startswith("--from") for w in words):
                filled.append(dest)  # another stage's or image's files: no folder of the tree
                continue
            copies.append((sources, dest))
    if started:
        out.append((env.get("PYTHONPATH"), copies, filled, runs))
    return out


def image_python_path(text: str, dockerfile_folder: str, file_folder: str, exists, is_dir) -> list[str]:
    """The tree's folders (relative to the scan root, POSIX) that the Dockerfile ``text`` in ``dockerfile_folder``
    puts on the ``PYTHONPATH`` of a stage that also copies ``file_folder`` (a Python file's folder) into its image;
    ``exists(rel)``/``is_dir(rel)`` say whether the tree has that path, that folder."""
    out: list[str] = []
    for python_path, copies, _, _ in stages(text):
        if not python_path:
            continue
        mapped = _copied_into(copies, dockerfile_folder, file_folder, exists)
        if mapped is None:
            continue  # the file is not in this image: its path is not the file's
        for entry in python_path.split(":"):
            entry = entry.strip()
            if not entry.startswith("/"):
                continue
            entry = posixpath.normpath(entry)
            for src, dest in mapped:
                if entry == dest or entry.startswith(dest.rstrip("/") + "/"):
                    folder = posixpath.normpath(posixpath.join(src or ".", entry[len(dest):].lstrip("/")))
                    folder = "" if folder == "." else folder
                    if not folder.startswith("..") and is_dir(folder):
                        out.append(folder)
    return list(dict.fromkeys(out))


def image_runs(text: str, dockerfile_folder: str, file_folder: str, exists) -> list[str]:
    """The ``RUN`` commands of the stages of the Dockerfile ``text`` in ``dockerfile_folder`` that copy
    ``file_folder`` (a Python file's folder, relative to the scan root) into their image: what is installed where
    that code runs (mailcow's ``data/Dockerfiles/netfilter/Dockerfile`` copies ``modules/`` and runs ``apk add …
    py3-nftables``, the system's Python binding that ``modules/NFTables.py`` imports)."""
    out: list[str] = []
    for _, copies, _, runs in stages(text):
        if runs and _copied_into(copies, dockerfile_folder, file_folder, exists) is not None:
            out.extend(runs)
    return out


def image_destinations(text: str, dockerfile_folder: str, file_folder: str, exists) -> list[str]:
    """The image folders (absolute, POSIX) that the stages of the Dockerfile ``text`` in ``dockerfile_folder`` which copy
    ``file_folder`` into their image fill from the tree (``COPY . /app``: ``/app``): where the tree itself lies when
    that code runs, so a ``sys.path`` addition of such a folder adds the tree's own modules (reviewer r28)."""
    out: list[str] = []
    for _, copies, _, _ in stages(text):
        mapped = _copied_into(copies, dockerfile_folder, file_folder, exists)
        out.extend(dest for _, dest in mapped or ())
    return list(dict.fromkeys(out))


def _copied_into(copies: list[tuple[list[str], str]], dockerfile_folder: str, file_folder: str,
                 exists) -> list[tuple[str, str]] | None:
    """A stage's copies from the build context as (the tree's path, the image's destination), when one of them brings
    ``file_folder`` into the image; None when none does (the file's code does not run in that image)."""
    if not copies:
        return None
    context = _context(copies, dockerfile_folder, exists)
    if context is None:
        return None
    mapped = [(held, dest) for sources, dest in copies for src in sources if (held := _in_tree(context, src)) is not None]
    if any(src == "" or file_folder == src or file_folder.startswith(src + "/") for src, _ in mapped):
        return mapped
    return None


def _in_tree(context: str, src: str) -> str | None:
    if src.startswith(("http://", "https://", "git@")) or any(c in src for c in "*?["):
        return None
    joined = posixpath.normpath(posixpath.join(context or ".", src.lstrip("/")))
    return None if joined.startswith("..") else ("" if joined == "." else joined)


def _context(copies: list[tuple[list[str], str]], dockerfile_folder: str, exists) -> str | None:
    """The build context: the scan root or the Dockerfile's folder, whichever holds more of the copied sources;
    None when neither holds any."""
    sources = [s for srcs, _ in copies for s in srcs]
    best, count = None, 0
    for context in dict.fromkeys(["", dockerfile_folder]):
        n = sum(1 for s in sources if (held := _in_tree(context, s)) is not None and exists(held))
        if n > count:
            best, count = context, n
    return best


NODE_MODULE = re.compile(r"^(?P<base>.*?)/node_modules/(?P<name>@[^/]+/[^/]+|[^/@][^/]*)$")


def image_node_modules(text: str, dockerfile_folder: str, exists, is_dir) -> list[tuple[str, str]]:
    """(the tree's package folder, the package name) for each ``node_modules/<name>`` that a stage of the
    Dockerfile ``text`` fills from another stage or image (``COPY --from=lib /src/dist/kubeflow/
    ./node_modules/kubeflow/``) beside a folder of the tree that the same stage copies in and that holds a
    ``package.json`` (Katib's UI: ``COPY ./pkg/ui/v1beta1/frontend/ .`` with ``WORKDIR /src``): the project builds
    that package itself, and its code imports it from there."""
    out: list[tuple[str, str]] = []
    for _, copies, filled, _ in stages(text):
        if not copies or not filled:
            continue
        context = _context(copies, dockerfile_folder, exists)
        if context is None:
            continue
        for dest in filled:
            m = NODE_MODULE.match(dest)
            if m is None:
                continue
            for sources, copied_to in copies:
                if copied_to != (m.group("base") or "/"):
                    continue
                for src in sources:
                    held = _in_tree(context, src)
                    if held is not None and is_dir(held) and exists(posixpath.join(held or ".", "package.json")):
                        out.append((held, m.group("name")))
    return list(dict.fromkeys(out))
