"""Registry-sourced dependencies of a manifest, counted without depguard (the recall reference).

Deliberately small and independent of depguard's parsers: tomllib for TOML (pyproject, Cargo.toml,
Cargo.lock, uv.lock, poetry.lock), json for package.json and package-lock.json (lockfileVersion 1's tree too), PyYAML's safe_load_all for
pnpm-lock.yaml, a line reader for requirements files, go.mod and Gemfile, ElementTree for pom.xml and MSBuild
project files (PackageReference/PackageVersion), json for composer.json and composer.lock, a DCF reader for an R
DESCRIPTION, tomllib for a Gradle version catalog, a regex over a mix.exs ``deps`` function, PyYAML for a
pubspec.yaml, a pubspec.lock and a Podfile.lock, json for a SwiftPM Package.resolved, line readers for a
Gemfile.lock and a Yarn 1 yarn.lock, a bracket-counting reader of a mix.lock's Elixir map and of the
``Mix.install`` lists in a Livebook notebook's elixir cells. Only dependencies that come from the
ecosystem's registry count: local paths, git and URL sources, workspace links are left out, and so are
names the repository itself publishes (``local``: the ``name`` of its own package.json files, since a
workspace resolves ``"astro": "^5"`` to its own folder, and a ``[tool.uv.sources]`` entry).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import tomllib

_PEP508_NAME = re.compile(r"\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)")


def normalise(ecosystem: str, name: str) -> str:
    if ecosystem == "pypi":
        return re.sub(r"[-_.]+", "-", name).lower()
    if ecosystem == "cargo":
        return name.lower().replace("_", "-")
    if ecosystem in ("npm", "rubygems", "composer", "nuget"):
        return name.lower()
    if ecosystem == "conda":  # the channel a name is asked on (bioconda::fastqc) is not part of the package name
        return name.rpartition("::")[2].lower()
    return name


def _pep508(spec: str) -> str | None:
    """The distribution name of a PEP 508 requirement from a registry (None for `x @ url`)."""
    if "@" in spec.split(";")[0] and "://" in spec or re.search(r"\s@\s", spec.split(";")[0]):
        return None
    m = _PEP508_NAME.match(spec)
    return m.group(1) if m else None


# PEP 723's inline script metadata, as the PEP's reference regular expression reads it
_PEP723_BLOCK = re.compile(r"(?m)^# /// (?P<type>[a-zA-Z0-9-]+)$\s(?P<content>(^#(| .*)$\s)+)^# ///$")


def _pep723(text: str) -> set[tuple[str, str]]:
    """The ``dependencies`` of a Python script's ``# /// script`` block (uv run, pipx run: a Claude Code hook)."""
    out = set()
    for m in _PEP723_BLOCK.finditer(text):
        if m.group("type") != "script":
            continue
        body = "".join(line[2:] if line.startswith("# ") else line[1:]
                       for line in m.group("content").splitlines(keepends=True))
        for spec in tomllib.loads(body).get("dependencies", []):
            name = _pep508(spec)
            if name:
                out.add(("pypi", name))
    return out


def _pyproject(data: dict) -> set[tuple[str, str]]:
    out: set[str] = set()
    project = data.get("project", {})
    specs = list(project.get("dependencies", []))
    for group in project.get("optional-dependencies", {}).values():
        specs += group
    for group in data.get("dependency-groups", {}).values():
        specs += [s for s in group if isinstance(s, str)]
    specs += data.get("build-system", {}).get("requires", [])
    own = _pep508(project.get("name", "")) if project.get("name") else None
    # uv takes these from a workspace member, a path, git or a URL (an `index` source is still a registry)
    sourced = {normalise("pypi", n) for n, v in data.get("tool", {}).get("uv", {}).get("sources", {}).items()
               if not (isinstance(v, dict) and set(v) <= {"index", "marker", "extra", "group"})}
    for spec in specs:
        name = _pep508(spec)
        # A self-reference (`pkg[extra]` in the project's own extras) names the project, not a dependency.
        if name and (own is None or normalise("pypi", name) != normalise("pypi", own)) \
                and normalise("pypi", name) not in sourced:
            out.add(name)
    poetry = data.get("tool", {}).get("poetry", {})
    tables = [poetry.get("dependencies", {}), poetry.get("dev-dependencies", {})]
    tables += [g.get("dependencies", {}) for g in poetry.get("group", {}).values()]
    for table in tables:
        for name, value in table.items():
            if name == "python" or (isinstance(value, dict) and ({"path", "git", "url"} & value.keys())):
                continue
            out.add(name)
    return {("pypi", n) for n in out}


def _requirements(text: str) -> set[tuple[str, str]]:
    out = set()
    for line in text.splitlines():
        line = line.split(" #")[0].strip()
        if not line or line.startswith(("#", "-", ".", "/")) or "://" in line:
            continue
        name = _pep508(line)
        if name:
            out.add(("pypi", name))
    return out


def _hass_manifest(data: dict) -> set[tuple[str, str]]:
    """A Home Assistant integration's manifest.json: its ``requirements``, which Home Assistant pip-installs."""
    reqs = data.get("requirements") if isinstance(data, dict) else None
    return {("pypi", n) for r in reqs or [] if isinstance(r, str) and "://" not in r and (n := _pep508(r))}


def _conda_env(data: dict) -> set[tuple[str, str]]:
    """A conda environment file: its ``dependencies`` strings are conda packages (``bioconda::fastqc=0.12.1``,
    ``numpy >=1.2``), the ``pip:`` list PyPI requirements; a Jinja slot (``{{ tool }}``) names nothing."""
    out: set[tuple[str, str]] = set()
    for dep in data.get("dependencies") or []:
        if isinstance(dep, str) and "{{" not in dep:
            name = re.split(r"[\s=<>!~\[]", dep.strip(), maxsplit=1)[0]
            if name:
                out.add(("conda", name))
        elif isinstance(dep, dict) and isinstance(dep.get("pip"), list):
            out |= _requirements("\n".join(x for x in dep["pip"] if isinstance(x, str)))
    return out


def _galaxy_tool(text: str) -> set[tuple[str, str]]:
    """A Galaxy tool or macro file: each ``<requirement type="package">NAME</requirement>`` is a conda package (read
    with the standard library's ElementTree on the repository's own files; a macro token ``@X@`` names nothing)."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(text)
    out: set[tuple[str, str]] = set()
    for req in root.iter("requirement"):
        name = (req.text or "").strip()
        if req.get("type", "package") == "package" and name and "@" not in name and "$" not in name:
            out.add(("conda", name.lower()))
    return out


def _conda_explicit(text: str) -> set[tuple[str, str]]:
    """A conda explicit file (after its ``@EXPLICIT`` line, one package file URL a line): each anaconda.org package by
    its file name ``<name>-<version>-<build>.conda``; a file on another host is not the registry's."""
    out: set[tuple[str, str]] = set()
    lines = text.splitlines()
    for line in lines[lines.index("@EXPLICIT") + 1:] if "@EXPLICIT" in lines else []:
        url = line.split("#", 1)[0].strip()
        if url.startswith(("https://conda.anaconda.org/", "https://repo.anaconda.com/")):
            stem = re.sub(r"\.(conda|tar\.bz2)$", "", url.rsplit("/", 1)[-1])
            out.add(("conda", stem.rsplit("-", 2)[0]))
    return out


def _pixi_lock(data: dict) -> set[tuple[str, str]]:
    """pixi.lock's packages: conda files by their file name (``<name>-<version>-<build>.conda``), PyPI wheels and
    sdists served from files.pythonhosted.org by their ``name`` (``pypi: .``, git and paths are not the registry's)."""
    out: set[tuple[str, str]] = set()
    for pkg in data.get("packages") or []:
        if not isinstance(pkg, dict):
            continue
        if isinstance(pkg.get("conda"), str):
            stem = re.sub(r"\.(conda|tar\.bz2)$", "", pkg["conda"].rsplit("/", 1)[-1])
            out.add(("conda", pkg.get("name") or stem.rsplit("-", 2)[0]))
        elif isinstance(pkg.get("pypi"), str) and pkg["pypi"].startswith("https://files.pythonhosted.org/"):
            out.add(("pypi", pkg["name"]))
    return out


# (a bare relative or absolute path is a folder too: npm reads ``"./test/fixtures/loader"`` as ``file:``; mocha's
# ``"@test/esm-only-loader": "./test/compiler-fixtures/esm-only-loader"``)
_NOT_REGISTRY = ("workspace:", "file:", "link:", "portal:", "git+", "git:", "github:", "http:", "https:", "patch:", "jsr:",
                 "./", "../", "/", "~/")


def _package_json(data: dict, catalogs: dict | None = None) -> set[tuple[str, str]]:
    out = set()
    for table in ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies"):
        deps = data.get(table)
        if not isinstance(deps, dict):
            continue
        for name, value in deps.items():
            value = value if isinstance(value, str) else ""
            if value.startswith("catalog:"):  # pnpm: the workspace's catalog entry says what is installed
                entry = (catalogs or {}).get(value[8:].strip() or "default", {}).get(name)
                value = entry.strip() if isinstance(entry, str) and entry.strip().startswith(("npm:",) + _NOT_REGISTRY) else value
            if value.startswith(_NOT_REGISTRY):
                continue
            if value.startswith("npm:"):  # an alias: the registry package is the one after npm:
                target = value[4:]
                name = target[: target.rindex("@")] if target.rfind("@") > 0 else target
            elif re.fullmatch(r"[\w.-]+/[\w.-]+(#.*)?", value):  # owner/repo on GitHub
                continue
            out.add(("npm", name))
    return out


def _cargo(data: dict) -> set[tuple[str, str]]:
    out = set()

    def take(table):
        for name, value in (table or {}).items():
            if isinstance(value, dict):
                if {"path", "git", "workspace"} & value.keys():
                    continue
                name = value.get("package", name)
            out.add(("cargo", name))

    for key in ("dependencies", "dev-dependencies", "build-dependencies"):
        take(data.get(key))
        take(data.get("workspace", {}).get(key))
    for target in data.get("target", {}).values():
        for key in ("dependencies", "dev-dependencies", "build-dependencies"):
            take(target.get(key))
    return out


def _gomod(text: str) -> set[tuple[str, str]]:
    text = re.sub(r"//.*", "", text)
    local = {m.group(1) for m in re.finditer(r"^\s*(?:replace\s+)?(\S+)(?:\s+\S+)?\s+=>\s+\.{1,2}/", text, re.M)}
    out = set()
    for block in re.findall(r"^require\s*\((.*?)^\)", text, re.M | re.S):
        for line in block.splitlines():
            parts = line.split()
            if len(parts) >= 2:
                out.add(parts[0])
    for m in re.finditer(r"^require\s+(\S+)\s+v\S+", text, re.M):
        out.add(m.group(1))
    # `replace X => Y vN`: Go fetches module Y in X's place (traefik's containous forks), never X itself
    swapped = {m.group(1): m.group(2) for m in
               re.finditer(r"^\s*(?:replace\s+)?(\S+)(?:\s+v\S+)?\s+=>\s+(?![./])(\S+)\s+v\S+", text, re.M)}
    return {("go", swapped.get(m, m)) for m in out - local}


def _gemfile(text: str) -> set[tuple[str, str]]:
    out = set()
    private = None  # the indentation of a `source "https://other.host/" do` block the gems below come from
    # (or of a `path "vendor/gems/x" do` / `git "url" do` block: huginn's vendored dotenv)
    for line in text.splitlines():
        block = re.match(r"(\s*)(source|path|git|github)\b\s*\(?\s*[\"']?([^\"']+)[\"']?.*\bdo\b", line)
        if block and (block.group(2) != "source" or "rubygems.org" not in block.group(3)):
            private = block.group(1)
            continue
        if private is not None:
            if re.fullmatch(re.escape(private) + r"end\b.*", line):
                private = None
            continue
        m = re.match(r"\s*gem\s+[\"']([A-Za-z0-9_.-]+)[\"']([^\n]*)", line)
        if m and not re.search(r"\b(path|git|github|source):|:(path|git|github|source)\s*=>", m.group(2)):
            out.add(("rubygems", m.group(1)))
    return out


def _pnpm_lock(text: str) -> set[tuple[str, str]]:
    import yaml

    out = set()
    for doc in yaml.safe_load_all(text):  # pnpm 10+: the package manager's document, then the project's
        if not isinstance(doc, dict):
            continue
        old = str(doc.get("lockfileVersion", "9")).split(".")[0] < "6"
        for key, entry in (doc.get("packages") or {}).items():
            res = (entry or {}).get("resolution") or {}
            # a runtime pnpm downloads from its own site (pnpm's `node@runtime:26.7.0`: nodejs.org binaries,
            # `resolution: {type: variations}`), no registry package
            if res.get("type") in ("git", "directory", "variations") or "commit" in res or \
                    str(res.get("tarball", "")).startswith(("file:", "http://localhost")):
                continue
            key = str(key).lstrip("/").split("(")[0]
            if key.startswith(("file:", "link:")) or ":" in key.split("@")[0] or "://" in key:  # x@https://…: a tarball
                continue
            if "@runtime:" in key or res.get("type") == "variations":  # pnpm's runtime: node from nodejs.org's archives
                continue
            name = key.rsplit("/", 1)[0] if old else key[: key.rfind("@")] if key.rfind("@") > 0 else key
            out.add(("npm", (entry or {}).get("name") or name))
    return out


def _pnpm_catalogs(manifest: Path) -> dict:
    """The catalogs of the nearest pnpm-workspace.yaml above a package.json (``catalog:`` as ``default``)."""
    import yaml

    for folder in manifest.parents:
        workspace = folder / "pnpm-workspace.yaml"
        if workspace.is_file():
            data = yaml.safe_load(workspace.read_text(encoding="utf-8", errors="replace")) or {}
            if not isinstance(data, dict):
                return {}
            named = data.get("catalogs") if isinstance(data.get("catalogs"), dict) else {}
            return {"default": data.get("catalog") or {}, **named}
    return {}


def _package_lock(data: dict) -> set[tuple[str, str]]:
    if "packages" not in data:  # lockfileVersion 1: a tree of "dependencies", each name its key
        return _package_lock_v1(data.get("dependencies") or {})
    out = set()
    for key, entry in (data.get("packages") or {}).items():
        if "node_modules/" not in key or entry.get("link"):
            continue
        resolved = entry.get("resolved", "")
        if resolved and not resolved.startswith(("https://registry.npmjs.org/", "https://registry.yarnpkg.com/")):
            continue
        out.add(("npm", entry.get("name") or key.rsplit("node_modules/", 1)[1]))
    return out


def _package_lock_v1(tree: dict) -> set[tuple[str, str]]:
    """A lockfileVersion 1 ``dependencies`` tree: registry entries (a ``resolved`` registry URL, or none) by name,
    an alias (``"version": "npm:real@1.0.0"``) by the name it installs; file:, git and URL versions left out."""
    out = set()
    for key, entry in tree.items():
        if not isinstance(entry, dict):
            continue
        version = str(entry.get("version", ""))
        resolved = entry.get("resolved", "")
        registry = not resolved or resolved.startswith(("https://registry.npmjs.org/", "https://registry.yarnpkg.com/"))
        if version.startswith("npm:"):
            out.add(("npm", version[4:].rsplit("@", 1)[0]))
        elif registry and not re.match(r"(?:file|git|github|link|https?):|git\+", version):
            out.add(("npm", key))
        out |= _package_lock_v1(entry.get("dependencies") or {})
    return out


def _toml_lock(data: dict, ecosystem: str) -> set[tuple[str, str]]:
    """Cargo.lock (source "registry+…"), uv.lock (source {registry = …}), poetry.lock (no source table)."""
    out = set()
    for pkg in data.get("package", []):
        source = pkg.get("source")
        if ecosystem == "cargo":
            ok = isinstance(source, str) and source.startswith("registry+")
        elif isinstance(source, dict):
            ok = "registry" in source or source.get("type") == "legacy"
        else:
            ok = source is None
        if ok:
            out.add((ecosystem, pkg["name"]))
    return out


# Composer's platform packages: the PHP runtime and its extensions, not Packagist names
_COMPOSER_PLATFORM = re.compile(r"(?:php(?:-64bit|-ipv6|-zts|-debug)?|hhvm|composer(?:-plugin-api|-runtime-api)?|"
                                r"(?:ext|lib)-.+)\Z", re.I)


def _composer(data: dict, here: Path) -> set[tuple[str, str]]:
    """require and require-dev, less platform packages, the packages of ``path`` repositories (the
    ``composer.json`` names at their ``url`` globs: a monorepo's own packages) and those a ``vcs``/``git``
    repository serves (a fork: the package whose name part is the URL's last segment, as Composer names it)."""
    local = set()
    forks = set()
    repos = data.get("repositories") or []
    for repo in repos.values() if isinstance(repos, dict) else repos:
        if isinstance(repo, dict) and repo.get("type") == "path" and isinstance(repo.get("url"), str):
            for manifest in here.glob(repo["url"].strip("/") + "/composer.json"):
                name = json.loads(manifest.read_text(encoding="utf-8", errors="replace")).get("name")
                local.add(str(name).lower())
        elif isinstance(repo, dict) and repo.get("type") in ("vcs", "git", "github") and isinstance(repo.get("url"), str):
            forks.add(repo["url"].rstrip("/").rsplit("/", 1)[-1].removesuffix(".git").lower())
    out = set()
    for table in ("require", "require-dev"):
        for name in data.get(table) or {}:
            if (not _COMPOSER_PLATFORM.match(name) and name.lower() not in local
                    and name.lower().rpartition("/")[2] not in forks):
                out.add(("composer", name))
    return out


def _pom(text: str, path: Path | None = None) -> set[tuple[str, str]]:
    """Every <parent>, <dependency> and <plugin> (groupId defaulting to org.apache.maven.plugins) with a literal
    groupId and artifactId, less the project's own coordinates and ${...} placeholders, and less a parent the
    tree holds where Maven looks for it first (``<relativePath>``, by default ``../pom.xml``): a module's parent
    of the same build is read from disk, not from a repository."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(text)
    ns = root.tag[: root.tag.index("}") + 1] if root.tag.startswith("{") else ""

    def coord(el, default=None):
        group = el.findtext(f"{ns}groupId", default) or ""
        artifact = el.findtext(f"{ns}artifactId") or ""
        return (group.strip(), artifact.strip()) if group and artifact else None

    own = coord(root, root.findtext(f"{ns}parent/{ns}groupId"))
    out = set()
    for tag, default in (("parent", None), ("dependency", None), ("plugin", "org.apache.maven.plugins")):
        for el in root.iter(f"{ns}{tag}"):
            c = coord(el, default)
            if c and c != own and "${" not in "".join(c) and not (tag == "parent" and _on_disk(el, ns, c, path)):
                out.add(("maven", f"{c[0]}:{c[1]}"))
    return out


def _on_disk(parent, ns: str, c: tuple[str, str], path: Path | None) -> bool:
    """Whether the POM at the parent's relativePath (default ../pom.xml) beside ``path`` has the coordinates ``c``."""
    import xml.etree.ElementTree as ET

    if path is None:
        return False
    relative = (parent.findtext(f"{ns}relativePath") or "../pom.xml").strip()
    if not relative:
        return False  # <relativePath/>: looked up in the repositories only
    target = path.parent / relative
    target = target / "pom.xml" if target.is_dir() else target
    if not target.is_file():
        return False
    try:
        there = ET.fromstring(target.read_text(encoding="utf-8", errors="replace"))
    except ET.ParseError:
        return False
    tns = there.tag[: there.tag.index("}") + 1] if there.tag.startswith("{") else ""
    group = there.findtext(f"{tns}groupId") or there.findtext(f"{tns}parent/{tns}groupId") or ""
    return (group.strip(), (there.findtext(f"{tns}artifactId") or "").strip()) == c


def _msbuild(text: str) -> set[tuple[str, str]]:
    """NuGet packages of a .csproj/.fsproj/Directory.Packages.props/Directory.Build.props: PackageReference,
    PackageVersion and GlobalPackageReference ``Include`` names, and the project SDKs written with a version
    (``<Project Sdk="Aspire.AppHost.Sdk/9.0.0">``, ``<Sdk Name="X" Version="1.0" />``, ``<Import Sdk="X"
    Version="1.0" …/>``): a versioned SDK is what MSBuild's NuGet SDK resolver fetches from the registry."""
    import xml.etree.ElementTree as ET

    out = set()
    for el in ET.fromstring(text.lstrip("\ufeff")).iter():
        tag = el.tag.rsplit("}", 1)[-1]
        name = el.get("Include") or ""
        if tag in ("PackageReference", "PackageVersion", "GlobalPackageReference") and name and "$(" not in name:
            out.add(("nuget", name))
        if tag == "Project":
            for sdk in (el.get("Sdk") or "").split(";"):
                sdk_name, slash, version = sdk.strip().partition("/")
                if slash and sdk_name and version and "$(" not in sdk:
                    out.add(("nuget", sdk_name))
        elif tag in ("Sdk", "Import") and el.get("Version"):
            sdk_name = el.get("Name") if tag == "Sdk" else el.get("Sdk")
            if sdk_name and "$(" not in sdk_name:
                out.add(("nuget", sdk_name))
    return out


# R's base and recommended-with-R packages ship with R itself; ``R`` in Depends is the R version
_R_BASE = frozenset("R base compiler datasets graphics grDevices grid methods parallel splines stats stats4 tcltk tools "
                    "utils".split())


def _description(text: str) -> set[tuple[str, str]]:
    """An R package's DESCRIPTION (Debian control format): the packages of Depends, Imports, LinkingTo, Suggests
    and Enhances, less R's base packages and those a ``Remotes`` entry (``owner/repo``) fetches from elsewhere."""
    fields: dict[str, str] = {}
    key = None
    for line in text.splitlines():
        if line[:1].isspace() and key:
            fields[key] += " " + line.strip()
        elif ":" in line:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    remote = {r.strip().rstrip("/").rsplit("/", 1)[-1].split("@")[0] for r in fields.get("Remotes", "").split(",")}
    out = set()
    for field in ("Depends", "Imports", "LinkingTo", "Suggests", "Enhances"):
        for item in fields.get(field, "").split(","):
            name = re.sub(r"\(.*?\)", "", item).strip()
            if name and name not in _R_BASE and name not in remote:
                out.add(("cran", name))
    return out


def _gradle_catalog(data: dict) -> set[tuple[str, str]]:
    """A Gradle version catalog's ``[libraries]``: ``"g:a:v"``, ``{ module = "g:a" }`` or ``{ group, name }``
    (``[plugins]`` are Gradle Plugin Portal ids, not Maven coordinates)."""
    out = set()
    for value in (data.get("libraries") or {}).values():
        if isinstance(value, str):
            module = ":".join(value.split(":")[:2])
        elif isinstance(value, dict) and "module" in value:
            module = value["module"]
        elif isinstance(value, dict) and "group" in value and "name" in value:
            module = f"{value['group']}:{value['name']}"
        else:
            continue
        out.add(("maven", module))
    return out


def _mix_exs(text: str) -> set[tuple[str, str]]:
    """The Hex packages of a mix.exs ``deps`` function: ``{:name, "~> 1.0"}`` tuples, less ``path:``, ``git:``,
    ``github:`` and ``in_umbrella:`` ones (and a ``hex: :other`` tuple counts as that package)."""
    m = re.search(r"^(\s*)defp?\s+deps\b.*?\bdo\s*$(.*?)^\1end\b", text, re.M | re.S)
    out = set()
    for t in re.finditer(r"\{\s*:(\w+)\s*,([^{}]*)\}", m.group(2) if m else ""):
        rest = t.group(2)
        if re.search(r"\b(path|git|github|in_umbrella)\s*:", rest):
            continue
        alias = re.search(r"\bhex\s*:\s*:(\w+)", rest)
        out.add(("hex", alias.group(1) if alias else t.group(1)))
    return out


def _elixir_terms(text: str) -> list[str]:
    """The top-level comma-separated terms of ``text`` (brackets counted, strings skipped), each stripped."""
    terms, depth, start, quote, i = [], 0, 0, False, 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == '"':
                quote = False
        elif ch == '"':
            quote = True
        elif ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth -= 1
        elif ch == "," and depth == 0:
            terms.append(text[start:i].strip())
            start = i + 1
        i += 1
    if text[start:].strip():
        terms.append(text[start:].strip())
    return terms


def _mix_lock(text: str) -> set[tuple[str, str]]:
    """A mix.lock's ``{:hex, :package, version, hash, managers, deps, repo, hash}`` entries from hex.pm (the repo
    term ``"hexpm"``, or absent in old locks): not ``:git``/``:path`` entries nor a private organisation's."""
    body = text.strip()
    body = body[2:-1] if body.startswith("%{") and body.endswith("}") else body
    out = set()
    for entry in _elixir_terms(body):
        _key, sep, value = entry.partition(":")
        value = value.strip()
        if not sep or not value.startswith("{") or not value.endswith("}"):
            continue
        terms = _elixir_terms(value[1:-1])
        if len(terms) < 2 or terms[0] != ":hex":
            continue
        repo = terms[6].strip('"') if len(terms) > 6 else "hexpm"
        if repo == "hexpm":
            out.add(("hex", terms[1].lstrip(":")))
    return out


def _livemd(text: str) -> set[tuple[str, str]]:
    """The Hex packages of the ``Mix.install([...])`` calls in a Livebook notebook's ```` ```elixir ```` cells:
    ``:name`` and ``{:name, …}`` (not ``path:``/``git:``/``github:``/``organization:``; ``hex: :real`` is ``real``),
    and the PyPI dependencies of its ```` ```pyproject.toml ```` cells (Pythonx installs them with uv)."""
    out = set()
    for cell in re.findall(r"^```pyproject\.toml[ \t]*\n(.*?)^```", text, re.M | re.S):
        out |= _pyproject(tomllib.loads(cell))  # a Pythonx cell: the Python project uv installs
    for cell in re.findall(r"^```elixir[ \t]*\n(.*?)^```", text, re.M | re.S):
        for call in re.finditer(r"Mix\.install\(\s*\[", cell):
            depth, at = 1, call.end()
            while at < len(cell) and depth:
                depth += {"[": 1, "]": -1}.get(cell[at], 0)
                at += 1
            for term in _elixir_terms(cell[call.end():at - 1]):
                if term.startswith(":"):
                    out.add(("hex", term[1:]))
                elif term.startswith("{:"):
                    parts = _elixir_terms(term[1:-1])
                    if any(re.match(r"(path|git|github|organization)\s*:", p) for p in parts[1:]):
                        continue
                    renamed = [p.split(":", 1)[1].strip().lstrip(":").strip('"') for p in parts[1:]
                               if re.match(r"hex\s*:", p)]
                    out.add(("hex", renamed[0] if renamed else parts[0][1:]))
    return out


def _composer_lock(data: dict) -> set[tuple[str, str]]:
    """composer.lock's ``packages`` and ``packages-dev`` resolved from a repository (a ``path`` dist is local)."""
    out = set()
    for table in ("packages", "packages-dev"):
        for entry in data.get(table) or []:
            if isinstance(entry, dict) and isinstance(entry.get("name"), str) \
                    and (entry.get("dist") or {}).get("type") != "path":
                out.add(("composer", entry["name"]))
    return out


def _pubspec(data: dict, here: Path) -> set[tuple[str, str]]:
    """A pubspec.yaml's dependencies and dev_dependencies from pub.dev: not ``sdk:``, ``path:``, ``git:`` or another
    ``hosted:`` server, and not overridden to a path or git source (``dependency_overrides`` in the file or in the
    ``pubspec_overrides.yaml`` beside it: a monorepo's own packages)."""
    import yaml

    def elsewhere(spec) -> bool:
        hosted = spec.get("hosted") if isinstance(spec, dict) else None
        url = hosted.get("url") if isinstance(hosted, dict) else hosted
        return isinstance(spec, dict) and (bool({"sdk", "path", "git"} & spec.keys())
                                           or (isinstance(url, str) and "pub.dev" not in url))

    overrides = dict(data.get("dependency_overrides") or {})
    beside = here / "pubspec_overrides.yaml"
    if beside.is_file():
        overrides.update((yaml.safe_load(beside.read_text(encoding="utf-8")) or {}).get("dependency_overrides") or {})
    out = set()
    for table in ("dependencies", "dev_dependencies"):
        for name, spec in (data.get(table) or {}).items():
            if not elsewhere(spec) and not elsewhere(overrides.get(name)):
                out.add(("pub", name))
    return out


def _pubspec_lock(data: dict) -> set[tuple[str, str]]:
    """A pubspec.lock's packages with ``source: hosted`` from pub.dev (not sdk, path, git or another server)."""
    out = set()
    for name, entry in (data.get("packages") or {}).items():
        desc = entry.get("description") if isinstance(entry, dict) else None
        url = desc.get("url", "") if isinstance(desc, dict) else ""
        if isinstance(entry, dict) and entry.get("source") == "hosted" and ("pub.dev" in url or "pub.dartlang.org" in url):
            out.add(("pub", name))
    return out


COCOAPODS_TRUNK = ("trunk", "https://github.com/CocoaPods/Specs.git", "https://cdn.cocoapods.org/")


def _podfile_lock(data: dict) -> set[tuple[str, str]]:
    """A Podfile.lock's pods from the CocoaPods trunk (``SPEC REPOS``; ``EXTERNAL SOURCES`` are paths and git)."""
    repos = data.get("SPEC REPOS") or {}
    return {("cocoapods", name) for key in COCOAPODS_TRUNK for name in repos.get(key) or ()}


def _package_resolved(data: dict) -> set[tuple[str, str]]:
    """A SwiftPM Package.resolved's remote pins (v1 ``object.pins[].repositoryURL``, v2/v3 ``pins[].location`` of
    kind remoteSourceControl), as host/owner/repo in lower case without ``.git`` (how Swift names them)."""
    pins = data.get("pins") or (data.get("object") or {}).get("pins") or []
    out = set()
    for pin in pins:
        url = pin.get("location") or pin.get("repositoryURL") or ""
        if pin.get("kind", "remoteSourceControl") != "remoteSourceControl" or "://" not in url:
            continue
        path = url.split("://", 1)[1].rstrip("/")
        path = path[:-4] if path.endswith(".git") else path
        out.add(("swift", path.lower()))
    return out


def _gemfile_lock(text: str) -> set[tuple[str, str]]:
    """A Gemfile.lock's ``GEM`` sections from rubygems.org: their ``specs:`` entries (``    name (version)``)."""
    out = set()
    section = remote = ""
    for line in text.splitlines():
        if line and not line[0].isspace():
            section, remote = line.strip(), ""
        elif section == "GEM" and line.startswith("  remote:"):
            remote = line.split(":", 1)[1].strip()
        elif section == "GEM" and "rubygems.org" in remote:
            m = re.match(r"^ {4}([A-Za-z0-9_.-]+) \(", line)
            if m:
                out.add(("rubygems", m.group(1)))
    return out


def _yarn_lock_v1(text: str) -> set[tuple[str, str]]:
    """A Yarn 1 lockfile's entries resolved from the npm registry (``resolved`` on registry.yarnpkg.com or
    registry.npmjs.org): the name of the entry's first key, or the package an ``npm:`` alias installs."""
    out = set()
    key = None
    for line in text.splitlines():
        if line and not line[0].isspace() and line.rstrip().endswith(":") and not line.startswith("#"):
            keys = [k.strip().strip('"') for k in line.rstrip()[:-1].split(", ")]
            first = keys[0]
            key, _, spec = first[1:].partition("@")
            key = first[0] + key
            # an alias ("lokijs@npm:@nozbe/lokijs@0.26"): the package it installs, also when yarn merged a plain
            # range into the alias's entry (marquez's docs: `react-loadable@*, "react-loadable@npm:@docusaurus/…"`)
            alias = next((k[1:].partition("@")[2] for k in keys if k[1:].partition("@")[2].startswith("npm:")), "")
            if alias:
                target = alias[4:]
                key = target[:target.rindex("@")] if "@" in target[1:] else target
        elif key and line.strip().startswith("resolved "):
            url = line.strip().split(" ", 1)[1].strip('"')
            if "registry.yarnpkg.com/" in url or "registry.npmjs.org/" in url:
                out.add(("npm", key))
            key = None
    return out


def package_name(path: Path) -> tuple[str, str] | None:
    """(ecosystem, name) a manifest publishes, if it names one (package.json's name, a pom.xml's coordinates: for local names)."""
    if path.name == "package.json":
        try:  # utf-8-sig: a package.json may open with a BOM (vite's tests hold one); a fixture may not be JSON
            data = json.loads(path.read_text(encoding="utf-8-sig", errors="replace"))
        except ValueError:
            return None
        name = data.get("name") if isinstance(data, dict) else None
        return ("npm", name) if isinstance(name, str) and name else None
    if path.name == "pom.xml":  # a module of the build (OpenMRS core's bom/ and test/): its own coordinates
        import xml.etree.ElementTree as ET

        try:
            root = ET.fromstring(path.read_text(encoding="utf-8", errors="replace"))
        except ET.ParseError:
            return None
        ns = root.tag[: root.tag.index("}") + 1] if root.tag.startswith("{") else ""
        group = (root.findtext(f"{ns}groupId") or root.findtext(f"{ns}parent/{ns}groupId") or "").strip()
        artifact = (root.findtext(f"{ns}artifactId") or "").strip()
        return ("maven", f"{group}:{artifact}") if group and artifact and "${" not in group + artifact else None
    return None


def workspace_names(tree: Path, within: str = "") -> set[tuple[str, str]]:
    """The npm names of the workspace packages of the tree's root and of every folder above the manifest ``within``
    (relative to the tree; package.json ``workspaces``, pnpm-workspace.yaml ``packages``): a manifest's dependency
    on one of them is the project's own, never a registry package (anchor's ``ts/package.json`` makes
    ``ts/packages/*`` a workspace of their own, below a root with none)."""
    import yaml

    out = set()
    parts = Path(within).parts[:-1] if within else ()
    for depth in range(len(parts) + 1):
        base = tree.joinpath(*parts[:depth])
        patterns: list = []
        root = base / "package.json"
        if root.is_file():
            spaces = json.loads(root.read_text(encoding="utf-8", errors="replace")).get("workspaces") or []
            patterns += spaces.get("packages") or [] if isinstance(spaces, dict) else spaces
        pnpm = base / "pnpm-workspace.yaml"
        if pnpm.is_file():
            patterns += (yaml.safe_load(pnpm.read_text(encoding="utf-8", errors="replace")) or {}).get("packages") or []
        for pattern in patterns:
            if isinstance(pattern, str) and not pattern.startswith("!"):
                for manifest in base.glob(pattern.strip("/") + "/package.json"):
                    if "node_modules" not in manifest.parts:
                        out.add(package_name(manifest))
    return {n for n in out if n}


def _jsr_form(eco: str, name: str) -> tuple[str, str]:
    """npm's ``@jsr/scope__name`` is JSR's ``@scope/name`` (served to npm clients by npm.jsr.io)."""
    if eco == "npm" and name.startswith("@jsr/") and "__" in name:
        scope, _, package = name[5:].partition("__")
        if scope and package:
            return "jsr", f"@{scope}/{package}"
    return eco, name


def expected_dependencies(path: Path, local: frozenset = frozenset()) -> set[tuple[str, str]]:
    """Registry-sourced (ecosystem, name) pairs of the manifest at ``path``, less the ``local`` ones."""
    return {_jsr_form(eco, n) for eco, n in _expected(path) if (eco, normalise(eco, n)) not in local}


def _deno_json(data: dict) -> set[tuple[str, str]]:
    """``jsr:``/``npm:`` targets of a deno.json's ``imports`` and ``scopes`` (URLs and paths are no packages)."""
    targets = list((data.get("imports") or {}).values())
    for table in (data.get("scopes") or {}).values():
        targets += list(table.values())
    out = set()
    for t in targets:
        m = re.match(r"^(jsr|npm):/?((?:@[^/@]+/)?[^/@]+)", t) if isinstance(t, str) else None
        if m and m.group(2) != data.get("name"):
            out.add((m.group(1), m.group(2)))
    return out


def _deno_lock(data: dict) -> set[tuple[str, str]]:
    """The keys of deno.lock's ``jsr`` and ``npm`` tables (v4/v5 at the top, v3 under ``packages``)."""
    holder = data if ("jsr" in data or "npm" in data) else (data.get("packages") or {})
    out = set()
    for eco in ("jsr", "npm"):
        for key in holder.get(eco) or {}:
            out.add((eco, key[:key.index("@", 1)]))
    return out


def _expected(path: Path) -> set[tuple[str, str]]:
    name = path.name
    raw = path.read_bytes()
    # a file saved as UTF-16 with its byte-order mark (Windows' conda env export: t81_558's environment.yml)
    text = raw.decode("utf-16" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8", errors="replace")
    if name == "pyproject.toml":
        return _pyproject(tomllib.loads(text))
    if name == "pyproject.toml.jinja":  # a copier template's: its Jinja-only lines and placeholder keys left out
        kept = [line for line in text.split("\n") if not re.fullmatch(r"\s*(\{%.*?%\}\s*)+", line)]
        return _pyproject(tomllib.loads("\n".join(re.sub(r"^\{\{.*?\}\}(?=\s*=)", "key", line) for line in kept)))
    if name == "manifest.json":
        return _hass_manifest(json.loads(text))
    if name == "package.json":
        return _package_json(json.loads(text), _pnpm_catalogs(path))
    if name == "deno.json":
        return _deno_json(json.loads(text))
    if name == "deno.lock":
        return _deno_lock(json.loads(text))
    if name == "Cargo.toml":
        return _cargo(tomllib.loads(text))
    if name == "go.mod":
        return _gomod(text)
    if name == "Gemfile":
        return _gemfile(text)
    if name == "pnpm-lock.yaml":
        return _pnpm_lock(text)
    if name in ("package-lock.json", "npm-shrinkwrap.json"):
        return _package_lock(json.loads(text))
    if name == "Cargo.lock":
        return _toml_lock(tomllib.loads(text), "cargo")
    if name in ("uv.lock", "poetry.lock"):
        return _toml_lock(tomllib.loads(text), "pypi")
    if name.endswith(".pin.txt") or re.fullmatch(r"conda-.*\.lock", name):
        return _conda_explicit(text)
    if name.endswith((".txt", ".in")):
        return _requirements(text)
    if name == "composer.json":
        return _composer(json.loads(text), path.parent)
    if name == "pom.xml":
        return _pom(text, path)
    if name.endswith((".csproj", ".fsproj", ".vbproj")) or name in ("Directory.Packages.props", "Directory.Build.props",
                                                                     "Directory.Build.targets"):
        return _msbuild(text)
    if name == "DESCRIPTION":
        return _description(text)
    if name.endswith(".versions.toml"):
        return _gradle_catalog(tomllib.loads(text))
    if name == "mix.exs":
        return _mix_exs(text)
    if name == "pubspec.yaml":
        import yaml

        return _pubspec(yaml.safe_load(text) or {}, path.parent)
    if name.endswith(".livemd"):
        return _livemd(text)
    if name == "mix.lock":
        return _mix_lock(text)
    if name == "composer.lock":
        return _composer_lock(json.loads(text))
    if name == "pixi.lock":
        import yaml

        return _pixi_lock(yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {})
    if re.fullmatch(r"(?:[\w.-]*[-._])?environment(?:[-.][\w.-]+)?\.ya?ml", name) or name.endswith((".yaml", ".yml")) \
            and re.search(r"^channels:", text, re.M) and re.search(r"^dependencies:", text, re.M):  # Snakemake's envs/x.yaml
        import yaml

        return _conda_env(yaml.safe_load(text) or {})
    if name.endswith(".xml") and "<requirement" in text and re.search(r"<(tool|macros)[\s>]", text):
        return _galaxy_tool(text)
    if name == "pubspec.lock":
        import yaml

        return _pubspec_lock(yaml.safe_load(text) or {})
    if name == "Podfile.lock":
        import yaml

        return _podfile_lock(yaml.safe_load(text) or {})
    if name == "Package.resolved":
        return _package_resolved(json.loads(text))
    if name in ("Gemfile.lock", "gems.locked"):
        return _gemfile_lock(text)
    if name == "yarn.lock" and "# yarn lockfile v1" in text[:200]:
        return _yarn_lock_v1(text)
    if name.endswith(".py") and _PEP723_BLOCK.search(text):
        return _pep723(text)
    raise ValueError(f"{path}: no reference reader for this manifest kind")
