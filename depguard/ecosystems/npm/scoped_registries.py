"""npm scopes that a tracked ``.npmrc``, ``.yarnrc.yml`` or ``bunfig.toml`` sends to another registry: not checked,
never a pass.

``@aspect-build:registry=https://npm.pkg.github.com/`` in a folder's ``.npmrc`` makes npm, pnpm and Yarn 1 fetch
every ``@aspect-build/*`` package of the projects in and below that folder from GitHub's registry, and Yarn 2+ reads
the same fact from ``.yarnrc.yml``'s ``npmScopes: {aspect-build: {npmRegistryServer: …}}``, Bun from ``bunfig.toml``'s
``[install.scopes]`` (``myorg = { url = "https://…", token = "$TOKEN" }``). The public npm registry's
answer says nothing about such a name (rules_js's auth e2e test depends on ``@aspect-build/a``, which only GitHub's
registry has), and the registry it comes from cannot be asked without the project's credentials. So the names of a
mapped scope in the manifests and lockfiles below that file are reported **not checked** (DG100, exit 3), with the
registry and the file that maps it: never ok, never allowed, and an invalid name stays invalid. So are the imports of
such a scope in the source files below it (the package the import loads comes from there too).

Trust boundary: ``.npmrc`` is a credentials file. Only lines of the form ``@scope:registry=URL`` are looked at; nothing
else of the file is kept or shown (tokens, ``_auth``, ``//host/:_authToken`` lines are skipped unread), and a URL is
shown without its user, password, query or fragment. A change that adds such a file turns a missing name of that scope
into not checked, which fails a CI job that accepts only exit 0 and is listed by name; it cannot make a name pass.
A mapping to the public registry itself (``registry.npmjs.org``, ``registry.yarnpkg.com``) or to a public mirror of it
(``registry.npmmirror.com``: npm's ``public_index``) changes nothing, and a top-level ``registry=`` (a mirror of the
whole registry) is not read: those names are judged as before.
"""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit

from ... import lazyre
from ...model import Example, Mention, Origin
from ._npm_specs import public_registry as is_public
from .lock_registries import LOCKFILES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from pathlib import Path
    from typing import Any

    from ...parsers import Source

CONFIG_LIMIT = 64 * 1024  # a registry configuration is a few lines; a larger file is not read
SCOPE_LINE = lazyre.compile(r"""^[ \t]*(@[a-z0-9][a-z0-9._~-]*)[ \t]*:[ \t]*registry[ \t]*=[ \t]*["']?([^"'\s]+)["']?[ \t]*$""",
                            re.M | re.I)




def shown_url(url: str) -> str:
    """``url`` without its user, password, query and fragment (what may be shown of a credentials file's value)."""
    if "$" in url and "@" not in url:
        return url  # set by an environment variable, as written (its name, never its value)
    try:
        parts = urlsplit(url)
    except ValueError:
        return "an unreadable URL"
    # the host and port as written, the credentials left out (parts.port raises on a port that is no number, which a
    # tree's .npmrc may hold: reviewer r32)
    where = parts.netloc.rpartition("@")[2]
    return f"{parts.scheme}://{where}{parts.path}" if parts.scheme else url.split("?", 1)[0].split("#", 1)[0]


def npmrc_scopes(text: str) -> dict[str, str]:
    """scope -> registry URL of the ``@scope:registry=URL`` lines of an ``.npmrc`` (nothing else is read)."""
    out: dict[str, str] = {}
    if ":registry" not in text:
        return out
    for m in SCOPE_LINE.finditer(text):
        out.setdefault(m.group(1).lower(), m.group(2))
    return out


def yarnrc_scopes(text: str) -> dict[str, str]:
    """scope -> registry URL of ``npmScopes.<scope>.npmRegistryServer`` in a ``.yarnrc.yml``."""
    if "npmScopes" not in text:
        return {}
    from ...parsers._util import load_yaml

    try:
        data = load_yaml(text)
    except Exception:  # noqa: BLE001 - an unreadable file maps nothing (its own format is not depguard's to judge)
        return {}
    scopes = data.get("npmScopes") if isinstance(data, dict) else None
    out: dict[str, str] = {}
    for scope, conf in (scopes.items() if isinstance(scopes, dict) else ()):
        server = conf.get("npmRegistryServer") if isinstance(conf, dict) else None
        if isinstance(scope, str) and isinstance(server, str) and server:
            out[f"@{scope.lstrip('@').lower()}"] = server
    return out


def bunfig_scopes(text: str) -> dict[str, str]:
    """scope -> registry URL of ``[install.scopes]`` in Bun's ``bunfig.toml`` (``myorg = "https://…"`` or ``"@myorg" =
    { url = "https://…", token = "$TOKEN" }``: only the URL is kept)."""
    if "scopes" not in text:
        return {}
    from ...compat import tomllib  # tomllib is 3.11+; depguard supports 3.10

    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return {}
    install = data.get("install")
    scopes = install.get("scopes") if isinstance(install, dict) else None
    out: dict[str, str] = {}
    for scope, conf in (scopes.items() if isinstance(scopes, dict) else ()):
        url = conf.get("url") if isinstance(conf, dict) else conf
        if isinstance(scope, str) and scope.strip("@") and isinstance(url, str) and url:
            out[f"@{scope.lstrip('@').lower()}"] = url
    return out


def scoped_registries(source: Source) -> dict[str, tuple[str, str]]:
    """scope -> (registry URL as shown, the file mapping it, relative to the scan root) for the file of ``source``:
    the ``.npmrc``, ``.yarnrc.yml`` and ``bunfig.toml`` of its folder and every folder above it up to the scan root, the nearest
    mapping of a scope first; public-registry mappings left out. Read through ``source.files`` (recorded)."""
    if source.fs_path is None or source.root is None:
        return {}
    root = os.path.abspath(source.root)
    folder = os.path.dirname(os.path.abspath(source.fs_path))
    if folder != root and not folder.startswith(root + os.sep):
        return {}
    found: dict[str, tuple[str, str]] = {}
    while True:
        for name, read in ((".npmrc", npmrc_scopes), (".yarnrc.yml", yarnrc_scopes), ("bunfig.toml", bunfig_scopes)):
            text = source.files.read_text(os.path.join(folder, name), limit=CONFIG_LIMIT)
            if text:
                where = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
                for scope, url in read(text).items():
                    if not is_public(url):
                        found.setdefault(scope, (shown_url(url), where))
        if folder == root:
            return found
        folder = os.path.dirname(folder)


def mark_other_registries(source: Source, mentions: Iterable[Mention],
                          origins: frozenset[Origin] | None = None) -> list[Mention]:
    """``mentions`` (one file's), the npm manifest and lockfile names (or those of ``origins``) of a scope another
    registry serves for that file marked not checked (:class:`Example` with ``unchecked``)."""
    mentions = list(mentions)
    marked = MARKED if origins is None else origins
    if not any(m.key.ecosystem == "npm" and m.key.name.startswith("@") and m.origin in marked
               and (origins is None or m.example is None) for m in mentions):
        return mentions
    scopes = scoped_registries(source)
    if not scopes:
        return mentions
    from ...records import replace

    out = []
    for m in mentions:
        mapped = (scopes.get(m.key.name.partition("/")[0].lower()) if m.key.ecosystem == "npm" and m.origin in marked
                  and (origins is None or m.example is None) else None)
        if mapped is not None:
            url, where = mapped
            m = replace(m, example=Example(f"its scope is fetched from {url} ({where}), a registry depguard does not ask",
                                           any_verdict=True, setting=None, unchecked=True))
        out.append(m)
    return out


MARKED = frozenset({Origin.MANIFEST, Origin.LOCKFILE, Origin.IMPORT})


def mark_commands(source: Source, mentions: Iterable[Mention]) -> list[Mention]:
    """npm's ``[project] command_marks``: the install commands of a file that is no manifest (a README, a script, a
    CI step) below a tracked ``.npmrc``, ``.yarnrc.yml`` or ``bunfig.toml`` that sends a scope to another registry:
    their names of that scope come from there too (npm's scopes have one registry each), so they are not checked,
    never a pass. So are the names of a scope that a page of the tree sends to a private registry, or that a
    lockfile of the tree resolves from one (``Hints.documented_scopes``, :func:`documented_scopes`), and on a
    document saying its installs need a subscription or a licence (:func:`gated_page`) the names of a scope the tree's
    own packages are published under (``Hints.local_packages``: the vendor's own docs), unless the public registry has the name (the reader of
    that page may not have set the registry up: Font Awesome's free packages come from npm, its Pro ones from its own
    registry, under one scope). A command already judged otherwise (a documentation example) is left as it is."""
    out = mark_other_registries(source, mentions, COMMANDS)
    if not any(m.origin is Origin.COMMAND and m.key.ecosystem == "npm" and m.key.name.startswith("@")
               and m.example is None for m in out):
        return out
    documented: dict[str, tuple[str, str]] = {}
    for entry in sorted(source.hints.documented_scopes):
        scope, url, page = entry.split("\t", 2)
        documented.setdefault(scope, (url, page))
    gated = gated_page(source)
    # the scopes of the packages the tree defines: only its owner publishes in a scope, so a page of the vendor's own
    # docs saying its packages need a subscription speaks of the vendor's registry
    own_scopes = {name.partition("/")[0].lower() for name in source.hints.local_packages
                  if name.startswith("@") and "/" in name} if gated else set()
    if not documented and not own_scopes:
        return out
    from ...records import replace

    marked = []
    for m in out:
        mine = m.origin is Origin.COMMAND and m.key.ecosystem == "npm" and m.key.name.startswith("@") and m.example is None
        said = documented.get(m.key.name.partition("/")[0].lower()) if mine else None
        if said is None and mine and gated and m.key.name.partition("/")[0].lower() in own_scopes:
            said = ("", gated)
        if said is not None and not said[0]:
            why = (f"this page says what it installs needs a paid plan or a key (\"{said[1]}\"): a vendor's package "
                   "from its own registry, which depguard does not ask")
            m = replace(m, example=Example(why, any_verdict=True, setting=None, unchecked=True, ok_passes=True))
        elif said is not None:
            url, page = said
            if url == "-":
                why = (f"a page of this tree ({page}) says its scope's packages are hosted in a private registry, "
                       "which depguard does not ask (npm fetches a scope from one registry)")
            elif page.rpartition("/")[2] in LOCKFILES:
                why = (f"its scope is fetched from {url}, as this tree's {page} locks it: a registry depguard does not "
                       "ask (npm fetches a scope from one registry)")
            else:
                why = f"its scope is fetched from {url}, as a page of this tree ({page}) shows: a registry depguard does not ask"
            # the page installing it may be read without that registry set up, from the public one, whose name
            # passes as before (ok_passes): only a name it lacks or doubts is not checked
            m = replace(m, example=Example(why, any_verdict=True, setting=None, unchecked=True, ok_passes=True))
        marked.append(m)
    return marked


# a sentence of a document saying what it installs needs a paid plan or a key, which a vendor's own registry asks
# for: "other packages require a Font Awesome Pro subscription and additional configuration" (angular-fontawesome),
# "This plugin requires an API key to install, contact our sales team" (Payload), "This feature requires a valid
# Enterprise Edition subscription" (react-admin's headless docs)
GATED = lazyre.compile(r"(?i)\b(?:requires?|needs?)\b[^.!?\n]{0,80}?\b(?P<what>(?:[\w-]+ )?subscription|licen[cs]e(?: key)?"
                       r"|api key|access token)\b")


def gated_page(source: Source) -> str:
    """The words of a document's sentence saying its installs need a paid plan or a key (``"require a Font Awesome Pro
    subscription"``), or "": a sentence of the file, a
    document (:data:`DOCUMENTS`), saying something requires or needs a subscription, a licence or its key, an API key
    or an access token, with nothing negative before it on its line ("does not require a subscription"). Read only in
    a scanned tree's documents (npm's command_marks): an answer's text saying so is judged as written."""
    if not source.path.lower().endswith(DOCUMENTS) or not re.search(r"(?i)subscription|licen[cs]e|api key|access token",
                                                                     source.text):
        return ""
    text = re.sub(r"\]\([^)\s]*\)", "]", source.text)  # a Markdown link's URL is no part of the sentence
    # a negation before one sentence of a line comes before every later one of the line too: the line is left whole
    # (a line of many negated sentences was read from its start for each: 64,000 of them, 13 s; reviewer r34)
    at = 0
    while (m := GATED.search(text, at)) is not None:
        start = text.rfind("\n", 0, m.start()) + 1
        if not NEGATION.search(text, start, m.end()):
            return " ".join(m.group(0).split())
        end = text.find("\n", m.end())
        if end < 0:
            return ""
        at = end + 1
    return ""


# the documents whose pages may tell where a scope's packages come from (the install page of BullMQ Pro, react-admin's
# Enterprise Edition pages)
DOCUMENTS = (".md", ".mdx", ".markdown", ".rst", ".adoc", ".txt")
SCOPED_NAME = lazyre.compile(r"(?<![\w@/.-])(@[a-z0-9][a-z0-9._~-]*)/([a-z0-9][a-z0-9._~-]*)", re.I)


def private_page_scopes(text: str) -> dict[str, str]:
    """scope -> the registry URL as shown ("-" for a sentence) of the scopes a page sends to a registry other than
    the public one: an ``.npmrc`` line or a command mapping it (:func:`page_scopes`), or a sentence saying a name of it
    is hosted in a private registry (:func:`prose_private_names`): the sentence names the scope itself ("All
    `@acme` packages are published to our private registry"), a scoped name, or the own name of a scoped name the
    page writes ("ra-rbac … hosted in a private npm registry" beside ``@react-admin/ra-rbac``); an own name alone
    counts only when it is no plain word (it holds a hyphen, a dot, an underscore or a digit: "core" does not)."""
    if "egistr" not in text:
        return {}
    out: dict[str, str] = {}
    for found in (npmrc_scopes, command_scopes):
        for scope, url in found(text).items():
            if not is_public(url):
                out.setdefault(scope, shown_url(url))
    private = prose_private_names(text)
    if private:
        for word in sorted(private):
            if word.startswith("@") and len(word) > 1:
                out.setdefault(word.partition("/")[0], "-")
        for m in SCOPED_NAME.finditer(text):
            scope, tail = m.group(1).lower(), m.group(2).lower()
            if tail in private and re.search(r"[-._0-9]", tail):
                out.setdefault(scope, "-")
    return out


def documented_scopes(root: Path, files: Iterable[str] | None, limit: int, cache: Any = None) -> frozenset[str]:
    """``Hints.documented_scopes``: ``"scope\turl\tpage"`` for each scope a document of the tree (``files``, relative
    to ``root``) sends to a registry other than the public one (:func:`private_page_scopes`; url "-" for a
    sentence saying so), the first such page of the listing each, and each scope a lockfile of the tree resolves from
    such a registry (:func:`locked_scopes`). npm fetches every package of a scope from the one
    registry its configuration maps the scope to, so a reader who set up the registry one page tells of installs
    the scope's packages another page names from there too (BullMQ's NestJS page installs
    ``@taskforcesh/nestjs-bullmq-pro`` after the install page's ``@taskforcesh:registry=…`` line; react-admin's
    headless pages install ``@react-admin/ra-core-ee`` while other pages say the Enterprise Edition's packages are
    hosted in a private npm registry). None without a file list (text checks run from a folder)."""
    if files is None:
        return frozenset()
    from ...fsview import digest, text_of

    names = list(files)
    listed = sorted(rel for rel in names if rel.lower().endswith(DOCUMENTS))
    locks = sorted(rel for rel in names if rel.rpartition("/")[2] in LOCKFILES)

    def compute() -> frozenset[str]:
        found: dict[str, str] = {}
        for rel in listed:
            text = text_of(root / rel, limit)
            if not text or "egistr" not in text:
                continue
            for scope, url in private_page_scopes(text).items():
                found.setdefault(scope, f"{scope}\t{url}\t{rel}")
        for rel in locks:
            text = text_of(root / rel, limit)
            for scope, url in (locked_scopes(text) if text else {}).items():
                found.setdefault(scope, f"{scope}\t{url}\t{rel}")
        return frozenset(found.values())

    if cache is None:
        return compute()
    inputs = digest(f"{limit}\0{root}\0".encode() + "\0".join(listed + locks).encode("utf-8", "surrogateescape"))
    return cache.fact("npm-documented-scopes", inputs, compute, _entries)


# the start of a URL of the public registry, and the end of the run of text a URL fills
PUBLIC_URL = lazyre.compile(r"https?://registry\.(?:npmjs\.(?:org|com)|yarnpkg\.com)/")
URL_END = lazyre.compile(r"[\s\"']")


def public_tarball(text: str) -> bool:
    """Whether ``text`` holds a tarball URL of the public registry (``https://registry.npmjs.org/…/x-1.0.0.tgz``): a
    ``.tgz`` in the run of text after such a URL's start. Each run is read once, its last ``.tgz`` looked for once
    (a pattern asking for the ``.tgz`` lazily, tried at each URL start of a run without one, read the run to its end
    from each: 8,000 starts in one run, 86 s; reviewer r34)."""
    run_end = last = -1
    for m in PUBLIC_URL.finditer(text):
        start = m.end()
        if start > run_end:
            end = URL_END.search(text, start)
            run_end = end.start() if end else len(text)
            last = text.rfind(".tgz", start, run_end)
        if last > start:
            return True
    return False


def locked_scopes(text: str) -> dict[str, str]:
    """scope -> registry (as shown) of the scoped packages a lockfile's text resolves from a registry other than the
    public one or a public mirror (:func:`.lock_registries.locked_registries`), when the same lockfile resolves other
    packages from the public registry: the project's configuration sends that scope, not every name, elsewhere
    (Bryntum's quick-start frontends lock ``@bryntum/gantt`` from ``https://npm.bryntum.com`` beside npm's own
    packages). A lockfile that takes everything from one other host (a company's proxy of the whole registry) tells
    nothing of a scope."""
    if ".tgz" not in text or not public_tarball(text):
        return {}
    from .lock_registries import locked_registries

    out: dict[str, str] = {}
    for name, registry in sorted(locked_registries(text).items()):
        if name.startswith("@") and "/" in name:
            out.setdefault(name.partition("/")[0].lower(), registry)
    return out


def _entries(value: Any) -> frozenset[str]:
    if type(value) is not frozenset or not all(type(n) is str and n.count("\t") >= 2 for n in value):
        raise ValueError("bad entries")
    return value


COMMANDS = frozenset({Origin.COMMAND})


def page_scopes(text: str) -> Callable[[Mention], Mention] | None:
    """The ``[text] page_marks`` of npm: a page (a README, a docs page, an answer) that shows an ``.npmrc`` line
    ``@scope:registry=URL`` sends that scope to another registry for the installs it then tells its reader to run
    (BullMQ Pro's install page: ``@taskforcesh:registry=https://npm.taskforce.sh/``, then ``yarn add
    @taskforcesh/bullmq-pro``; Graphile Worker Pro's, GitHub Packages), or a command writing that mapping
    (:func:`command_scopes`: Font Awesome Pro's ``npm config set "@fortawesome:registry" https://npm.fontawesome.com/``):
    those commands' names of the scope are not checked, never a pass. So are the scoped names a sentence of the page says are hosted in a private registry (see
    :func:`prose_private_names`). None when the page maps no scope to a registry other than the public one and says
    no name is private."""
    lines, commands = ({scope: url for scope, url in found(text).items() if not is_public(url)}
                       for found in (npmrc_scopes, command_scopes))
    scopes = {**{scope: (url, "a command on this page sets") for scope, url in commands.items()},
              **{scope: (url, "this page's .npmrc line says") for scope, url in lines.items()}}
    private = prose_private_names(text)
    if not scopes and not private:
        return None
    from ...records import replace

    def mark(m: Mention) -> Mention:
        if not m.key.name.startswith("@") or m.origin is not Origin.COMMAND or m.example is not None:
            return m
        scope, _, tail = m.key.name.lower().partition("/")
        mapped = scopes.get(scope)
        if mapped is not None:
            why = f"its scope is fetched from {shown_url(mapped[0])}, as {mapped[1]}: a registry depguard does not ask"
        elif private & {m.key.name.lower(), scope, tail}:
            why = "this page says it is hosted in a private registry, which depguard does not ask"
        else:
            return m
        return replace(m, example=Example(why, any_verdict=True, setting=None, unchecked=True))
    return mark


# a scope mapped to a registry by a command the page shows: `npm config set "@fortawesome:registry"
# https://npm.fontawesome.com/` (Font Awesome Pro), `pnpm config set @acme:registry=https://…`, `echo
# "@acme:registry=https://…" >> .npmrc`, `npm install @acme/ui --@acme:registry=https://…`
COMMAND_SCOPE = lazyre.compile(r"""(?i)(?<![\w/.])(@[a-z0-9][a-z0-9._~-]*)["']?[ \t]*:[ \t]*registry["']?(?:[ \t]*=[ \t]*|[ \t]+)"""
                               r"""["']?(https?://[^"'\s`<>)]+)""")
# Yarn 2+: `yarn config set npmScopes.acme.npmRegistryServer "https://…"`
YARN_SCOPE = lazyre.compile(r"""(?i)npmScopes\.["']?([a-z0-9][a-z0-9._~-]*)["']?\.npmRegistryServer["']?[ \t]+["']?"""
                            r"""(https?://[^"'\s`<>)]+)""")
# `npm login --scope=@acme --registry=https://npm.pkg.github.com` (GitHub Packages' docs), either order on one line
LOGIN_SCOPE = lazyre.compile(r"(?i)--scope[= ]@?([a-z0-9][a-z0-9._~-]*)\b")
LOGIN_REGISTRY = lazyre.compile(r"""(?i)--registry[= ]["']?(https?://[^"'\s`<>)]+)""")


def command_scopes(text: str) -> dict[str, str]:
    """scope -> registry URL of the commands of a page that map a scope to a registry (:data:`COMMAND_SCOPE`,
    :data:`YARN_SCOPE`, an ``npm login`` line's ``--scope`` with its ``--registry``): the same fact an ``.npmrc`` line
    shows, written as the command that writes it."""
    if "registry" not in text.lower() and "npmRegistryServer" not in text:
        return {}
    out: dict[str, str] = {}
    for m in COMMAND_SCOPE.finditer(text):
        out.setdefault(m.group(1).lower(), m.group(2))
    for m in YARN_SCOPE.finditer(text):
        out.setdefault(f"@{m.group(1).lower()}", m.group(2))
    if "--scope" in text:
        for line in text.splitlines():
            scope, registry = LOGIN_SCOPE.search(line), LOGIN_REGISTRY.search(line)
            if scope and registry:
                out.setdefault(f"@{scope.group(1).lower()}", registry.group(1))
    return out


# a sentence saying something is hosted in a private registry: "`ra-rbac` is part of the Enterprise Edition, and
# hosted in a private npm registry" (react-admin's docs), "@acme packages are published to our private registry"
PRIVATE_REGISTRY = lazyre.compile(r"(?i)\bprivate\s+(?:npm\s+|package\s+)?registr(?:y|ies)\b")
NEGATION = lazyre.compile(r"(?i)\b(?:not|no|never|without)\b|n't\b")
SENTENCE_END = lazyre.compile(r"(?<=[.!?])\s+(?=[^a-z\s])|\n[ \t]*\n")
PROSE_NAME = lazyre.compile(r"@?[a-z0-9][a-z0-9._-]*(?:/[a-z0-9][a-z0-9._-]*)?")


def prose_private_names(text: str) -> frozenset[str]:
    """The words (a scoped name, a scope, a package's name without its scope) of the page's sentences that say a
    registry is private, the sentence saying nothing negative ("not", "no", "without"): react-admin's Enterprise
    Edition pages tell ``npm install --save @react-admin/ra-rbac``, then "ra-rbac is part of the React-Admin
    Enterprise Edition, and hosted in a private npm registry" (held-out set 230). Only a scoped install whose full
    name, scope or own name is a word of such a sentence is marked: another name on the page stays judged."""
    if "rivate" not in text:
        return frozenset()
    out: set[str] = set()
    for m in PRIVATE_REGISTRY.finditer(text):
        starts = [e.end() for e in SENTENCE_END.finditer(text, max(0, m.start() - 2000), m.start())]
        start = starts[-1] if starts else max(0, m.start() - 2000)
        end_m = SENTENCE_END.search(text, m.end(), m.end() + 2000)
        sentence = text[start:end_m.start() if end_m else min(len(text), m.end() + 2000)]
        if NEGATION.search(sentence):
            continue
        sentence = re.sub(r"\]\([^)\s]*\)", "]", sentence)  # a Markdown link's URL names nothing
        out.update(w.lower().rstrip("._-") for w in PROSE_NAME.findall(sentence.lower()))
    return frozenset(out - {"private", "registry", "npm"})
