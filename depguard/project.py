"""The read-only view of the scanned tree that is no one ecosystem's: which files are documents, fixture data or
code that is data, and the sub-project manifests and source suffixes the ecosystems declare (their ``[project]``
tables). What a tree provides in one language is its ecosystem's: each declares a ``hints`` function in its
``[project]`` table that :func:`depguard.scan.project_hints` calls (the Python view: importable modules and
declared dependencies, ``depguard/ecosystems/pypi/project.py``).

* **Evidence weight** (:func:`docs_path`, :func:`fixture_root`, :func:`mirrored_roots`): imports in documents
  are illustrations (:mod:`depguard.scan` does not judge them), and fixture-data trees are the input of the
  project's tests and tools, not the project (:mod:`depguard.discover` leaves them out); both are configurable.
  So is a requirements file nothing names below another language's tests (:func:`unnamed_test_inputs`), and a
  file below a test folder whose snapshot lies beside it under its own name (:func:`snapshot_inputs`).
* **Code as data** (:func:`code_as_data`): a source file inside a sub-project of another language, or a
  snapshot test's input, has its imports left unjudged.

Nothing here touches the network.
"""

from __future__ import annotations

import os
import posixpath
import re
import stat
from collections.abc import Iterable

from . import lazyre
from .records import record

# Documents: code blocks in them illustrate; install commands in them are still judged. Coding agents' rule files
# (Cursor's .mdc, .cursorrules, .windsurfrules, .clinerules) are Markdown an agent reads and follows. Quarto and R
# Markdown documents too, but the chunks they run are code (the source-kind formats that read them: scan._run_by_document)
DOC_SUFFIXES = (".md", ".markdown", ".mdx", ".mdc", ".rst", ".adoc", ".asciidoc", ".cursorrules", ".windsurfrules",
                ".clinerules", ".qmd", ".rmd", ".rmarkdown")
# Folders whose files are data for the project's tests and tools (formatter, linter and bundler corpora;
# ``__testfixtures__``: jscodeshift's defineTest reads a codemod's input and expected output from there)
FIXTURE_DIRS = frozenset({
    "fixtures", "fixture", "__fixtures__", "__testfixtures__", "test-fixtures", "test_fixtures", "testfixtures",
    "testdata", "test_data", "test-data", "test_configs", "test-configs", "playground", "__snapshots__",
})
TEST_DIRS = frozenset({"test", "tests", "__tests__", "testing", "spec", "specs", "ui-tests"})  # ui-tests: JupyterLab extensions' Galata tests
# ``roots``: sphinx.testing's test roots (``tests/roots/test-<name>/``, a small Sphinx project each, which Sphinx
# and its extensions' test suites build with ``@pytest.mark.sphinx(testroot="<name>")``); ``assets``: the files a
# test reads (errbot's ``tests/assets/requirements_never_there.txt``, the input of its dependency-check test);
# ``workspaces``: the sample projects a scanner's or installer's tests run it in (the Snyk CLI's
# ``test/acceptance/workspaces/<name>/``, 128 projects its tests copy and scan, some pinning names since unpublished
# or private on purpose; uv's ``test/workspaces/``). Outside a test folder a workspaces folder is the project's own.
# ``files``: the files the tests open (okpy/ok's ``tests/files/``: the difflib_before.py test_highlight.py reads, and
# a notebook whose cell's output shows its `import hi` failing, held-out set 252; eslint-plugin-import's
# ``tests/files/``, the modules its rules' tests lint), and ``testfiles`` (``test-files``), the same folder named as
# the tests' files: svelte's language server tests its code actions on
# ``test/plugins/typescript/testfiles/code-actions/*.svelte``, which import made-up ``bla`` and ``blubb`` for the
# organize-imports action to sort and remove (held-out set 308's spot set). Not ``test_files``: below a test folder
# that may be a Python package of tests of a ``files`` module.
DATA_UNDER_TESTS = frozenset({"data", "resources", "samples", "inputs", "input", "cases", "corpus", "corpora",
                              "roots", "assets", "workspaces", "files", "testfiles", "test-files"})
# Compound names of the same folders below a test folder: a fixture tree named for what it holds (nuxt's
# ``test/components-fixture``, ``esm_fixtures``, ``basicFixtures``) and a folder of cases named for their kind
# (webpack's ``test/configCases``, ``hotCases``, ``watchCases``: each case a small app the test runner bundles).
# Elsewhere such a name is the project's own code (babel's ``packages/babel-helper-fixtures``, a library).
# A root folder the tests hand to the tool under test is the same data: jest-runtime's ``src/__tests__/test_root`` and
# ``test_esm_sync_graph_root`` (modules its resolver tests require, mapped, mocked or missing on purpose). A compound
# that starts with the word and a hyphen is the same data (Vendure's ``packages/dashboard/vite/tests/fixtures-path-alias``,
# ``fixtures-esm``: one small project per case, which the spec beside them compiles; held-out set 155); not one with an
# underscore, an importable package of test helpers the tests import (``tests/fixture_factories``: reviewer r27)
FIXTURE_COMPOUND = lazyre.compile(r".+(?:[-_.](?:fixtures?|testdata)|[a-z0-9]Fixtures?|[-_]roots?)|fixtures?-.+")
# A folder named for test data it holds, anywhere: ``test_data`` is in FIXTURE_DIRS, and a compound ending in it is
# as plainly data (Cirq's ``dev_tools/modules_test_data/mod1/requirements.txt``, the input of its modules tool's tests)
TEST_DATA_COMPOUND = lazyre.compile(r".+[-_.]test[-_]?data", re.I)
# Erlang's Common Test gives each suite ``x_SUITE`` the data folder ``x_SUITE_data`` beside it, wherever the suites lie
# (rebar3's ``systest/all_SUITE_data/grisp_explode/``, a small project with a rebar.config and rebar.lock per case)
COMMON_TEST_DATA = lazyre.compile(r".+_SUITE_data")
CASES_COMPOUND = lazyre.compile(r".+(?:[-_.]cases|[a-z0-9]Cases)")
# A folder of mock projects, anywhere: the small made-up projects a tool's tests run it on (lion's
# providence-analytics ``test-helpers/project-mocks/importing-target-project/``, whose ``all-notations.js`` imports
# ``imported/source`` and ``my/source-e`` for its import analyzer's end-to-end test, held-out set 200). Plural only:
# ``src/mock-project/`` or ``mock_project.py`` may be a library that makes one, code of the project's own
MOCK_PROJECTS = lazyre.compile(r"(?:projects?|repos|repositories|workspaces)[-_]?mocks|mock[-_]?(?:projects|repos|repositories|workspaces)",
                               re.I)
# and a data folder named for its tests' kind below a test folder (pylint's ``tests/regrtest_data``, the modules its
# regression tests run pylint on; ``input_data``, ``mock_data``), unless it holds tests (:func:`named_data_roots`)
DATA_COMPOUND = lazyre.compile(r".+[-_.]data", re.I)
# A documentation folder, and the folder of the docs build's data below it: the files a docs extension reads and
# shows (pylint's ``doc/data/messages/<letter>/<message>/bad.py`` and ``good.py``, each message's example pair,
# which ``doc/exts/pylint_messages.py`` includes in the generated page with ``literalinclude`` and
# ``doc/test_messages_documentation.py`` runs pylint on), as ``tests/data`` holds the tests' input
DOCS_DIRS = frozenset({"doc", "docs", "documentation"})
DATA_UNDER_DOCS = "data"


SYNTAX_TEST_PREFIX = "syntax_test_"
# A test by its runner's naming: jest/vitest's default testMatch (``x.test.js``, ``x.spec.ts``), and pytest's
# (``test_x.py``, ``x_test.py``, ``conftest.py``); a JS ``test_x.js`` is not a jest test (prettier's inputs)
TEST_FILE = lazyre.compile(r"[^/]*\.(?:test|spec)\.[^/.]+\Z|(?:test_[^/]*|[^/]*_test|conftest)\.pyi?\Z", re.I)


def manifest_ecosystem(name: str, tables: ProjectTables | None = None) -> str | None:
    """The ecosystem whose sub-project manifest a file named ``name`` is (as its ``[project]`` table names it),
    or None. ``tables``: :func:`_project_tables`, when the caller asks for many names."""
    if name.lower().startswith(SYNTAX_TEST_PREFIX):
        return None
    tables = tables or _project_tables()
    found = tables.manifests.get(name)
    if found is None:
        found = next((eco for rx, eco in tables.patterns if rx.match(name)), None)
    return found


@record(frozen=True)
class ProjectTables:
    """What the ecosystems' ``[project]`` tables declare (``manifests``, ``manifest_pattern``, ``named_manifests``,
    ``labels``, ``sources``)."""

    manifests: dict  # file name -> the ecosystem (or its label: build.gradle's sub-project is "gradle")
    patterns: tuple  # (compiled manifest_pattern, ecosystem)
    sources: dict  # source suffix -> the ecosystem whose manifests declare what such a file imports
    # the ecosystems whose manifest_pattern files an installer reads only when a command names them
    # (``named_manifests``: pip's ``-r requirements-dev.txt``), never by a conventional name in a folder
    named: frozenset = frozenset()


_TABLES: list = []  # [(catalog, ProjectTables)]


def _project_tables() -> ProjectTables:
    from .ecosystems import catalog

    known = catalog()
    if not _TABLES or _TABLES[0][0] is not known:
        manifests: dict[str, str] = {}
        patterns = []
        sources: dict[str, str] = {}
        named: set[str] = set()
        for eco in known:
            table = eco.data.get("project", {})
            labels = table.get("labels", {})
            manifests.update((name, labels.get(name, eco.id)) for name in table.get("manifests", ()))
            if "manifest_pattern" in table:
                patterns.append((re.compile(table["manifest_pattern"]), eco.id))
                if table.get("named_manifests") is True:
                    named.add(eco.id)
            sources.update(dict.fromkeys(table.get("sources", ()), eco.id))
        _TABLES[:] = [(known, ProjectTables(manifests, tuple(patterns), sources, frozenset(named)))]
    return _TABLES[0][1]


def code_as_data(names: Iterable[str]) -> dict[str, str]:
    """The files among ``names`` (every file of a tree, relative to its root, POSIX) whose imports are data,
    with why; their manifests and install commands are still read and judged. Two kinds:

    * a source file inside a sub-project of another language: its nearest folder holding a sub-project
      manifest (the scan root's own excepted: a repository's top describes the repository, and scripts
      around it are its tooling) holds manifests of other ecosystems only, and the file lies below that
      folder, not beside the manifest (``crates/parser/resources/inline/x.py`` in a Cargo crate is the
      parser's input; a PyO3 crate with its own ``pyproject.toml`` is Python, a ``build.py`` beside
      ``Cargo.toml`` is the crate's tooling);
    * a file beside a jest-style ``__snapshots__/`` folder (holding ``*.snap`` files) below a test folder, not
      itself named as a test (``*.test.*``, ``*.spec.*``; ``test_*.py``): a snapshot test's input (``tests/format/js/x/a.js`` beside
      ``format.test.js`` and ``__snapshots__/format.test.js.snap``). Colocated component snapshots outside
      test folders leave the components judged;
    * a source file in a golden-file corpus below a test folder (:func:`golden_input_roots`: most of its source
      files have their expected output beside them, ``import_error.py`` and ``import_error.txt``), not itself
      named as a test: a checker's input (pylint's ``tests/functional/``);
    * a source file in a ``data`` folder below a documentation folder (``doc/data/``, ``docs/source/data/``), not
      itself named as a test: the docs build's input, shown as text (pylint's ``doc/data/messages/*/*/bad.py``,
      each message's example, importing made-up modules on purpose). Other folders of the docs (``conf.py``, its
      extensions, ``docs_src`` examples a reader copies) stay code;
    * a codemod test's cases kept beside the transform and its test (:func:`codemod_cases`: ``basic.input.ts``
      and ``basic.output.ts`` beside ``index.spec.ts``);
    * a file of a copy of Python's standard library (:func:`stdlib_copy_roots`: RustPython's ``Lib/``), the
      interpreter's modules and CPython's regression tests: its modules stay the tree's (Brython's pages import
      its ``browser`` package), their imports are the interpreter's."""
    names = list(names)
    tables = _project_tables()
    golden = golden_input_roots(names, tables)
    cases = codemod_cases(names, tables)
    stdlib = stdlib_copy_roots(names)
    rules = {posixpath.splitext(rel.rpartition("/")[2])[0]: rel for rel in names if rel.lower().endswith(YARA_RULES)}
    manifests: dict[str, set[str]] = {}
    snapshot_dirs: set[str] = set()
    for rel in names:
        folder, _, name = rel.rpartition("/")
        parts = folder.split("/") if "__snapshots__" in folder else []  # (most paths hold no such folder)
        if "__snapshots__" in parts:
            at = parts.index("__snapshots__")
            above = parts[:at]
            if name.endswith(".snap") and any(p.lower() in TEST_DIRS for p in above):
                snapshot_dirs.add("/".join(above))
            continue
        eco = manifest_ecosystem(name, tables)
        if eco is not None and fixture_root(rel) is None:
            manifests.setdefault(folder, set()).add(eco)
    out: dict[str, str] = {}
    nearest_of: dict[str, tuple[set[str], str] | None] = {}  # folder -> the nearest sub-project above, once each
    for rel in names:
        folder, _, name = rel.rpartition("/")
        if folder in snapshot_dirs and not TEST_FILE.match(name):
            out[rel] = "snapshot test input"
            continue
        if rel in cases:
            out[rel] = f"a codemod test's input or expected output ({cases[rel]})"
            continue
        if stdlib and (copy := next((c for c in stdlib if folder == c or folder.startswith(c + "/")), None)):
            out[rel] = f"a copy of Python's standard library ({copy})"
            continue
        if rules and not TEST_FILE.match(name) and posixpath.splitext(name)[0] in rules \
                and posixpath.splitext(name)[1].lower() in tables.sources and _below_tests(folder):
            out[rel] = f"the test input of a YARA rule ({rules[posixpath.splitext(name)[0]]})"
            continue
        if golden and not TEST_FILE.match(name):
            corpus = next((g for g in golden if folder == g or folder.startswith(g + "/")), None)
            if corpus is not None and posixpath.splitext(name)[1].lower() in tables.sources:
                out[rel] = f"golden-file test input ({corpus})"
                continue
        if not folder or folder in manifests:  # beside a manifest: the sub-project's own code or tooling
            continue
        docs_data = docs_data_folder(folder) if DATA_UNDER_DOCS in folder else None
        if docs_data is not None and not TEST_FILE.match(name) and posixpath.splitext(name)[1].lower() in tables.sources:
            out[rel] = f"the docs build's data ({docs_data})"
            continue
        if folder in nearest_of:
            nearest = nearest_of[folder]
        else:
            nearest = nearest_of[folder] = _manifest_above(folder, manifests)
        if nearest is None:
            continue
        eco = tables.sources.get(posixpath.splitext(name)[1].lower())
        if eco is not None and eco not in nearest[0]:
            out[rel] = f"inside a {'/'.join(sorted(nearest[0]))} sub-project ({nearest[1]})"
    return out


# A codemod test's case, named as jscodeshift's defineTest names them (``<case>.input.ts`` and the expected
# ``<case>.output.ts``), which a codemod may keep beside the transform rather than in ``__testfixtures__``
CODEMOD_CASE = lazyre.compile(r"(?P<case>[^/]+)\.(?P<role>input|output)(?P<ext>\.[^/.]+)\Z")


def codemod_cases(names: Iterable[str], tables: ProjectTables | None = None) -> dict[str, str]:
    """The source files among ``names`` named as a codemod test's cases (``<case>.input.<ext>``,
    ``<case>.output.<ext>``) in a folder that holds a test file (``*.spec.*``, ``*.test.*``) and at least one case
    with both its input and its expected output, each with that test file: the test's input, which imports whatever
    the transform must rewrite or leave alone (Payload's ``packages/codemod/src/transforms/<transform>/``:
    ``basic.input.ts``, ``basic.output.ts`` and ``non-matching.input.ts``, importing a made-up
    ``some-other-package/types``, beside the ``index.spec.ts`` that reads them). A folder without such a test or
    such a pair keeps its files judged, and so do the transform's other files."""
    tables = tables or _project_tables()
    found: dict[str, list[tuple[str, str, str]]] = {}  # folder -> (file, case, role) of its source files so named
    tests: dict[str, str] = {}  # folder -> its first test file
    for rel in names:
        folder, _, name = rel.rpartition("/")
        m = CODEMOD_CASE.match(name)
        if m is not None and m.group("ext").lower() in tables.sources:
            found.setdefault(folder, []).append((rel, m.group("case"), m.group("role")))
        elif TEST_FILE.match(name) and folder not in tests:
            tests[folder] = rel
    out: dict[str, str] = {}
    for folder, files in found.items():
        if folder not in tests:
            continue
        inputs = {case for _, case, role in files if role == "input"}
        if any(role == "output" and case in inputs for _, case, role in files):
            out.update((rel, tests[folder]) for rel, _, _ in files)
    return out


# YARA rule files: a malware scanner's tests run each rule on a sample of the same stem below its test folder (guarddog's
# tests/analyzer/sourcecode/threat-runtime-obfuscation-pyarmor.py for guarddog/analyzer/sourcecode/…-pyarmor.yar)
YARA_RULES = (".yar", ".yara")
# semgrep's test annotations (``# ruleid: eval-detected``, ``// ok: npm-steganography``): a file holding them is the
# input of ``semgrep --test``, code written to match or miss a rule, importing whatever the rule is about
RULE_TEST_ANNOTATION = lazyre.compile(
    r"^[ \t]*(?:#|//|--|/\*|<!--|;|%|\{#|\{\{!--)[ \t]*(?:todo)?ruleid[ \t]*:[ \t]*[A-Za-z0-9_.-]+", re.M)


def _below_tests(folder: str) -> bool:
    return any(part.lower() in TEST_DIRS for part in folder.split("/"))


def below_test_folder(path: str) -> bool:
    """Whether the file ``path`` (relative or as shown, POSIX) lies below a test folder (``tests/``, ``spec/`` …)."""
    return _below_tests(path.rpartition("/")[0])


def rule_test_input(text: str) -> bool:
    """Whether a source file is a static-analysis rule's test input: it holds semgrep's ``ruleid:`` annotation."""
    return "ruleid" in text and RULE_TEST_ANNOTATION.search(text) is not None


def docs_data_folder(folder: str) -> str | None:
    """The ``data`` folder below a documentation folder that ``folder`` (relative, POSIX) is or lies in, or None."""
    parts = folder.split("/")
    under_docs = False
    for i, part in enumerate(parts):
        low = part.lower()
        if under_docs and low == DATA_UNDER_DOCS:
            return "/".join(parts[: i + 1])
        under_docs = under_docs or low in DOCS_DIRS
    return None


# The expected output a golden-file test compares a checker's run on an input with, kept beside the input under
# the input's stem (pylint's ``import_error.py`` and ``import_error.txt``)
EXPECTED_OUTPUT_SUFFIXES = (".txt", ".out", ".expected", ".exp", ".err", ".stderr", ".stdout", ".output", ".golden")
GOLDEN_MIN_FILES = 3  # inputs with their expected output beside them before a folder counts as a corpus


def golden_input_roots(names: Iterable[str], tables: ProjectTables | None = None) -> frozenset[str]:
    """The folders below a test folder (not the test folder itself) that are golden-file corpora, outermost only:
    of the source files in and below the folder that are not named as tests (nor ``__init__.py``), at least
    ``GOLDEN_MIN_FILES`` and at least half have a sibling of the same stem holding expected output
    (:data:`EXPECTED_OUTPUT_SUFFIXES`, alone or followed by the output's format: ``decorators.expected.json``). A linter's functional tests keep each input module beside the messages it
    must produce (pylint's ``tests/functional/i/import_error.py`` and ``import_error.txt``; an input with no message
    has no twin, hence "half"); a folder of test helpers or tests has no such twins."""
    tables = tables or _project_tables()
    by_folder: dict[str, list[str]] = {}
    for rel in names:
        folder, _, name = rel.rpartition("/")
        by_folder.setdefault(folder, []).append(name)
    sources: dict[str, int] = {}
    twins: dict[str, int] = {}
    for folder, files in by_folder.items():
        parts = folder.split("/") if folder else []
        first = next((i for i, p in enumerate(parts) if p.lower() in TEST_DIRS), None)
        if first is None or first == len(parts) - 1:
            continue
        expected = {n.rpartition(".")[0] for n in files if n.lower().endswith(EXPECTED_OUTPUT_SUFFIXES)}
        # ... or the marker followed by the output's own format (Pyrefly's ``decorators.expected.json``)
        expected.update(inner.rpartition(".")[0] for n in files
                        if (inner := n.rpartition(".")[0]).lower().endswith(EXPECTED_OUTPUT_SUFFIXES))
        found = paired = 0
        for n in files:
            stem, ext = posixpath.splitext(n)
            if ext.lower() in tables.sources and not TESTLIKE.match(n):
                found += 1
                paired += stem in expected
        if not found:
            continue
        for i in range(first + 2, len(parts) + 1):
            above = "/".join(parts[:i])
            sources[above] = sources.get(above, 0) + found
            twins[above] = twins.get(above, 0) + paired
    roots = {f for f, n in twins.items() if n >= GOLDEN_MIN_FILES and 2 * n >= sources[f]}
    return frozenset(r for r in roots if not any(r.startswith(o + "/") for o in roots))


NAMING_SEARCH_BYTES = 64 << 20  # the most the search for a name reads; past it every candidate counts as named
NAMING_FILE_BYTES = 1 << 20  # the part of each file searched


# The snapshot a snapshot test writes beside its input, named after the input's whole file name (insta's
# ``assert_snapshot!`` as Biome's spec runner calls it: ``tests/specs/<group>/<rule>/valid.js`` and ``valid.js.snap``)
SNAPSHOT_SUFFIX = ".snap"


def snapshot_inputs(names: Iterable[str]) -> frozenset[str]:
    """The files among ``names`` (every file of a tree, relative, POSIX) that are a snapshot test's input, which the
    walk leaves out as fixture data, manifests and all: the file lies below a test folder, a file of the same name
    plus ``.snap`` lies beside it (the tool's output on it, recorded by the test), and it is not itself named as a
    test. Biome's rule tests keep each case so (``crates/biome_json_analyze/tests/specs/nursery/noUntrustedLicenses/
    invalid/package.json`` and ``package.json.snap``, a package.json declaring made-up packages for the linter to
    read). A test file whose snapshot a jest resolver keeps beside it (``util.test.js.snap``) is the test, code; a
    snapshot outside every test folder says nothing."""
    names = list(names)
    inputs = {rel[: -len(SNAPSHOT_SUFFIX)] for rel in names if rel.endswith(SNAPSHOT_SUFFIX)}
    if not inputs:
        return frozenset()
    out: set[str] = set()
    for rel in names:
        if rel not in inputs:
            continue
        folder, _, name = rel.rpartition("/")
        if TEST_FILE.match(name) or TESTLIKE.match(name):
            continue
        if folder and any(part.lower() in TEST_DIRS for part in folder.split("/")):
            out.add(rel)
    return frozenset(out)


def unnamed_test_inputs(names: Iterable[str], root: str) -> frozenset[str]:
    """The manifests among ``names`` (every file of the tree at ``root``, relative, POSIX) that are the input of
    another language's tests, which the walk leaves out as fixture data. All three must hold:

    * the file is a manifest an installer reads only when a command names it (an ecosystem's ``manifest_pattern``
      with ``named_manifests``: pip reads ``example-requirements.txt`` only as ``pip install -r
      example-requirements.txt``; no tool installs it for sitting in a folder, as npm does a package.json);
    * it lies below a test folder (``test``, ``tests`` …) whose tests, the files below it named as tests, are all
      of other ecosystems (vscode-python's ``src/test`` holds mocha's ``*.test.ts`` and no ``test_*.py``), so no
      test runner of the manifest's own ecosystem uses it;
    * no other file of the tree holds its file name (case ignored): no script, workflow, Dockerfile, tox or nox
      file, other requirements file (``-r``), document or test names it, so nothing installs it
      (vscode-python's ``src/test/pipRequirements/example-requirements.txt``, a sample of every requirements
      syntax for the extension's grammar). A requirements file some command installs stays judged wherever it
      lives, and so does every one when the search would read more than ``NAMING_SEARCH_BYTES``."""
    tables = _project_tables()
    if not tables.named:
        return frozenset()
    names = list(names)
    patterns = [(rx, eco) for rx, eco in tables.patterns if eco in tables.named]
    candidates: dict[str, tuple[str, str]] = {}  # manifest -> (its ecosystem, its test folder)
    of_name: dict[str, str | None] = {}  # file name -> the ecosystem whose named manifest it is
    test_of: dict[str, str] = {}  # folder -> the nearest test folder at or above it ("" for none), once each
    for rel in names:
        folder, _, name = rel.rpartition("/")
        test = test_of.get(folder)
        if test is None:
            low = folder.lower()
            parts = low.split("/") if "test" in low or "spec" in low else []  # (every TEST_DIRS name holds one)
            at = next((i for i in range(len(parts) - 1, -1, -1) if parts[i] in TEST_DIRS), None)
            test = test_of[folder] = "" if at is None else "/".join(folder.split("/")[: at + 1])
        if not test or name in tables.manifests:
            continue
        eco = of_name.get(name, "?")
        if eco == "?":  # test folders repeat their file names (input.js, options.json): each is matched once
            eco = of_name[name] = next((e for rx, e in patterns if rx.match(name)), None)
        if eco is not None and fixture_root(rel) is None:  # (a fixture-data tree is left out already)
            candidates[rel] = (eco, test)
    if not candidates:
        return frozenset()
    tests: dict[str, set[str]] = {folder: set() for _, folder in candidates.values()}  # test folder -> their ecosystems
    for rel in names:
        name = rel.rpartition("/")[2]
        if name != "__init__.py" and TESTLIKE.match(name):
            eco = tables.sources.get(posixpath.splitext(name)[1].lower())
            if eco is not None:
                for folder, found in tests.items():
                    if rel.startswith(folder + "/"):
                        found.add(eco)
    unnamed = {rel for rel, (eco, folder) in candidates.items() if tests[folder] and eco not in tests[folder]}
    return _named_nowhere(unnamed, names, root) if unnamed else frozenset()


class _OverBudget(Exception):
    """A search for names read more than ``NAMING_SEARCH_BYTES`` of the tree's files: it answers nothing."""


class _Heads:
    """The heads of the tree's files (:func:`_head`), read in turn, at most ``NAMING_SEARCH_BYTES`` in all; reading
    past that raises :class:`_OverBudget`."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.left = NAMING_SEARCH_BYTES

    def read(self, rel: str) -> bytes | None:
        data = _head(self.root, rel)
        if data is not None:
            self.left -= len(data)
            if self.left < 0:
                raise _OverBudget
        return data


def _named_nowhere(files: set[str], names: list[str], root: str) -> frozenset[str]:
    """The files of ``files`` whose file name no other file of ``names`` holds (case ignored; read, never run)."""
    needles = {rel: rel.rpartition("/")[2].lower().encode("utf-8", "surrogateescape") for rel in files}
    heads = _Heads(root)
    for rel in names:
        if not needles:
            break
        try:
            data = heads.read(rel)
        except _OverBudget:
            return frozenset()
        if data is None:
            continue
        low = data.lower()
        for other, needle in list(needles.items()):
            if other != rel and needle in low:
                del needles[other]
    return frozenset(needles)


def _head(root: str, rel: str) -> bytes | None:
    """The first ``NAMING_FILE_BYTES`` of the regular file ``rel`` below ``root`` (read, never run), or None for a
    link, a special file (a FIFO would block) or one that cannot be read."""
    path = os.path.join(root, rel)
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        with open(path, "rb") as fh:
            return fh.read(NAMING_FILE_BYTES)
    except OSError:
        return None


def _manifest_above(folder: str, manifests: dict[str, set[str]]) -> tuple[set[str], str] | None:
    """(ecosystems, folder) of the nearest folder above ``folder`` holding a sub-project manifest; never the
    root ("")."""
    parts = folder.split("/")
    for depth in range(len(parts) - 1, 0, -1):
        where = "/".join(parts[:depth])
        found = manifests.get(where)
        if found is not None:
            return found, where
    return None


def docs_path(rel: str) -> bool:
    """Whether ``rel`` is a document (Markdown, reStructuredText, AsciiDoc) whose code blocks illustrate."""
    return rel.lower().endswith(DOC_SUFFIXES)


# the names (less their suffix, any case) of a guide to working on the tree itself: CONTRIBUTING.md, DEVELOPMENT.md,
# HACKING.rst, BUILDING.md (a user-facing DEVELOPERS.md or docs/developers/ page may be about building on the project)
CONTRIBUTOR_GUIDES = frozenset({"contributing", "contribute", "development", "developing", "hacking", "building"})


# the instructions a coding agent reads when it works in a checkout of the tree: AGENTS.md, CLAUDE.md, GEMINI.md, and the
# documents of the agents' own folders in the tree (`.claude/skills/<skill>/SKILL.md`, `.cursor/rules/`, Copilot's
# `.github/copilot-instructions.md` and `.github/instructions/`), which an agent loads for the project it works on
AGENT_GUIDES = frozenset({"agents", "claude", "gemini", "copilot-instructions"})
AGENT_FOLDERS = (".claude/", ".cursor/", ".windsurf/", ".agents/", ".github/instructions/")


def contributor_guide(rel: str) -> bool:
    """Whether ``rel`` is a document addressed to those who work on the tree in a checkout of it (:data:`CONTRIBUTOR_GUIDES`,
    and a coding agent's instructions for the project, :data:`AGENT_GUIDES` and :data:`AGENT_FOLDERS`): the commands it
    runs run there, after the tree's own install, as the tree's scripts do."""
    if not docs_path(rel):
        return False
    path = "/" + rel.replace("\\", "/").lower()
    stem = path.rpartition("/")[2].partition(".")[0]
    return stem in CONTRIBUTOR_GUIDES or stem in AGENT_GUIDES or any("/" + f in path for f in AGENT_FOLDERS)


# The input files of an agent skill's evals (Anthropic's skill-creator: a skill's ``evals/evals.json`` lists each eval's
# prompt and its ``"files": ["evals/files/sample1.pdf"]``): what the prompt hands the agent, as tests/data is a test's
# (NVIDIA Warp's skills/warp-eval/evals/files/gate-d-mature-incumbent/contact_api.py imports a contact_cuda module its
# baseline.md describes, a scenario for the agent to judge; held-out set 235's spot set)
EVAL_INPUTS = ("evals", "files")


def fixture_root(rel: str) -> str | None:
    """The fixture-data tree ``rel`` lies in (a folder named like ``fixtures``, ``testdata``, ``__fixtures__``
    or ``playground``, or a ``data``/``resources``/``samples``/``cases`` folder below a test folder:
    ``tests/data``; compound names too: ``components-fixture``, ``test/configCases``), or None. Its files are the input of the project's tests and tools, not the project.
    A syntax-test file (``syntax_test_*``, Sublime Text's convention, used by syntect and bat) is its own
    fixture: a highlighter's test input (``syntax_test_requirements.txt`` is no requirements file)."""
    if rel.rsplit("/", 1)[-1].lower().startswith(SYNTAX_TEST_PREFIX):
        return rel
    return fixture_folder(rel.rpartition("/")[0])


def fixture_folder(folder: str) -> str | None:
    """:func:`fixture_root` of any file in ``folder`` (relative, POSIX; "" for the top) that is not a
    syntax-test file: the same for every file of the folder. A hidden folder (``.fixtures``) counts as its name."""
    folders = folder.split("/") if folder else []
    under_tests = False
    for i, part in enumerate(folders):
        low = part.lower()
        # a hidden folder of the same name is the same data (pnpm's ``pnpr/.fixtures/packages``: the packages its
        # registry stand-in serves to the tests)
        # and so is one marked private with underscores (cyclonedx-python's ``tests/_data/infiles``, its SBOM tests' input)
        bare = low.strip("_") if low[:1] == "_" else low
        if low in FIXTURE_DIRS or (low[:1] in "._" and low.lstrip(".").strip("_") in FIXTURE_DIRS) \
                or TEST_DATA_COMPOUND.fullmatch(part) or COMMON_TEST_DATA.fullmatch(part) or MOCK_PROJECTS.fullmatch(bare) or (low == EVAL_INPUTS[1] and i and folders[i - 1].lower() == EVAL_INPUTS[0]) \
                or (under_tests and (bare in DATA_UNDER_TESTS or FIXTURE_COMPOUND.fullmatch(part)
                                     or CASES_COMPOUND.fullmatch(part))):
            return "/".join(folders[: i + 1])
        under_tests = under_tests or low in TEST_DIRS
    return None


def named_data_roots(names: Iterable[str]) -> frozenset[str]:
    """Folders below a test folder named for the data they hold (``*_data``, ``*-data``: pylint's
    ``tests/regrtest_data``, the modules its regression tests run pylint on, a few of them named ``test_*.py`` as
    inputs), outermost only, unless at least half of the files in and below them (``__init__.py`` aside) are named as
    tests: saleor's ``tests/export/products_data/`` holds ``test_get_products_data.py`` and two more tests of a function
    so named beside one helper, a folder of tests that stays code."""
    counts: dict[str, list[int]] = {}  # folder -> [files, files named as tests]
    for rel in names:
        parts = rel.split("/")
        under_tests = False
        for i, part in enumerate(parts[:-1]):
            if under_tests and DATA_COMPOUND.fullmatch(part):
                name = parts[-1]
                if name != "__init__.py":
                    seen = counts.setdefault("/".join(parts[: i + 1]), [0, 0])
                    seen[0] += 1
                    seen[1] += bool(TESTLIKE.match(name))
                break
            under_tests = under_tests or part.lower() in TEST_DIRS
    return frozenset(f for f, (files, tests) in counts.items() if 2 * tests < files)


# A golden test case's folder below a test folder: the input the tool under test runs on beside the output it must
# give (lingui's packages/cli/test/extractor-experimental-template/ holds fixtures/ and expected/ beside the
# package.json and lingui.config.ts the extractor runs in, a project its test copies by name:
# prepare("extractor-experimental-template") in packages/cli/test/index.test.ts). All of it is the case's data when a
# test outside it names it and nothing else enters it; a file in it named as a test makes it a folder of tests.
EXPECTED_DIRS = frozenset({"expected", "expect", "__expected__", "expected-output", "expected_output", "golden"})
CASE_INPUT_DIRS = FIXTURE_DIRS | {"input", "inputs", "actual", "existing"}
# ... or a checker's cases by their expected outcome, a folder of inputs that must pass beside one of inputs that must
# fail (checkov's tests/dockerfile/checks/example_AliasIsUnique/success/ and failure/, whose failure/Dockerfile builds
# FROM baseImage, an invalid image name on purpose, named by test_AliasIsUnique.py as "/example_AliasIsUnique")
PASSING_DIRS = frozenset({"success", "pass", "passing", "passed", "good", "positive"})
FAILING_DIRS = frozenset({"failure", "fail", "failing", "failed", "bad", "negative"})
CASE_PARTS = CASE_INPUT_DIRS | EXPECTED_DIRS | PASSING_DIRS | FAILING_DIRS
# a variant of an outcome folder is one too: the word, then digits or a separator and a qualifier (checkov's
# success_platform/ beside success/ and failure/, success2/, failure_latest_version_tag/); not a longer word
# (successor/, failover/, badge/)
OUTCOME_VARIANT = lazyre.compile("(" + "|".join(sorted(PASSING_DIRS | FAILING_DIRS, key=len, reverse=True))
                                 + r")(?:\d+|[_-][\w.-]+)")

# what a case folder may hold of its own besides its input and expected folders: the configuration the tool under
# test reads there (lingui's package.json, tsconfig.json, lingui.config.ts); a script or a module of its own (a
# harness's run.js, setup.sh, a mocha test named cli.js) makes it a folder of tests, judged (r22)
# (no .ini: a tox.ini or pytest.ini is a test runner's, a harness's; nor a named requirements file, requirements.txt,
# which the ecosystems' manifest patterns find: an installer's input, r23)
CASE_CONFIG = lazyre.compile(r"(?i)(?:\.(?:json5?|jsonc|toml|ya?ml|lock|cfg|txt|md|rst|po|pot)|\.config\.[cm]?[jt]s|^\.[\w.-]+rc)$")
# a manifest's "scripts" table: commands a harness runs (npm test, composer test)
CASE_SCRIPTS = lazyre.compile(r'"scripts"\s*:\s*\{\s*"')


def _case_part(part: str) -> str:
    """A folder name below a test folder, lower case, a variant of an outcome folder as its outcome's word."""
    part = part.lower()
    variant = OUTCOME_VARIANT.fullmatch(part)
    return variant.group(1) if variant else part


def golden_case_roots(names: Iterable[str], root: str) -> frozenset[str]:
    """Folders below a test folder holding both an expected-output folder (:data:`EXPECTED_DIRS`) and an input folder
    (:data:`CASE_INPUT_DIRS`), or a folder of inputs that must pass and one of inputs that must fail
    (:data:`PASSING_DIRS`, :data:`FAILING_DIRS`), no file named as a test (``__init__.py`` aside) and no file of their own but
    configuration (:data:`CASE_CONFIG`), outermost only, when the evidence that a test reads them as data holds
    (:func:`_cases_named_by_tests`, r23): no requirements file or tox.ini, no manifest with a ``scripts`` table of
    their own, a test outside them names them and no other file enters them."""
    names = list(names)
    tables = _project_tables()
    requirements = [rx for rx, eco in tables.patterns if eco in tables.named]
    children: dict[str, set[str]] = {}  # folder below a test folder -> its sub-folders (lower case)
    tests: set[str] = set()  # folders below a test folder holding, in or below them, a file named as a test
    runs: set[str] = set()  # folders below a test folder holding a file of their own that is no configuration
    manifests: dict[str, list[str]] = {}  # folder below a test folder -> the manifests of its own
    for rel in names:
        parts = rel.split("/")
        first = next((i for i, p in enumerate(parts[:-1]) if p.lower() in TEST_DIRS), None)
        if first is None:
            continue
        name = parts[-1]
        testlike = name != "__init__.py" and bool(TESTLIKE.match(name))
        if len(parts) - 2 > first:
            # every folder holding it outside an input or expected folder (r22: test/e2e/harness/run.js)
            owners = []
            for i in range(len(parts) - 2, first, -1):
                owners.append("/".join(parts[: i + 1]))
                if _case_part(parts[i]) in CASE_PARTS:
                    break
            if not CASE_CONFIG.search(name) or any(rx.match(name) for rx in requirements):
                runs.update(owners)  # a script, a module, an installer's input: a harness runs there
            elif name in tables.manifests:  # (an ecosystem's manifest: its scripts, if any, are read below)
                for owner in owners:
                    manifests.setdefault(owner, []).append(rel)
        for i in range(first + 1, len(parts) - 1):
            folder = "/".join(parts[: i + 1])
            if testlike:
                tests.add(folder)
            if i + 1 < len(parts) - 1:
                children.setdefault(folder, set()).add(_case_part(parts[i + 1]))
    roots = {f for f, kids in children.items() if f not in tests and f not in runs
             and (kids & EXPECTED_DIRS and kids & CASE_INPUT_DIRS or kids & PASSING_DIRS and kids & FAILING_DIRS)}
    roots = {r for r in roots if not any(_has_scripts(root, m) for m in manifests.get(r, ()))}
    roots = _cases_named_by_tests(roots, names, root) if roots else set()
    return frozenset(r for r in roots if not any(r.startswith(o + "/") for o in roots))


def _has_scripts(root: str, rel: str) -> bool:
    """Whether the manifest ``rel`` has a non-empty ``scripts`` table (or cannot be read: a harness for all we know)."""
    data = _head(root, rel)
    return data is None or bool(CASE_SCRIPTS.search(data.decode("utf-8", "replace")))


def _cases_named_by_tests(cases: set[str], names: list[str], root: str) -> set[str]:
    """The folders of ``cases`` (golden case folders below a test folder) that a test reads as data: a file named as a
    test below the same test folder, outside the case, names it as a path part (lingui's index.test.ts:
    ``prepare("extractor-experimental-template")``), and no other file of the tree names its path from that file's
    folder or the top (a CI step's ``pip install -r tests/regression/requirements.txt``, a package.json script's
    ``npm --prefix test/visual ci``, a harness's ``cd visual``: something installs or runs there). Read, never run;
    when the search would read more than ``NAMING_SEARCH_BYTES`` none counts."""
    named: dict[str, re.Pattern[bytes]] = {}  # case -> its name as a path part of a string
    test_folder: dict[str, str] = {}  # case -> the nearest test folder above it
    for case in cases:
        parts = case.split("/")
        at = max(i for i, p in enumerate(parts[:-1]) if p.lower() in TEST_DIRS)
        test_folder[case] = "/".join(parts[: at + 1])
        named[case] = re.compile(rb"[\"'`/]" + re.escape(parts[-1].encode("utf-8", "surrogateescape")) + rb"[\"'`/]")
    found: set[str] = set()  # the cases a test names
    entered: set[str] = set()  # the cases another file names by path
    heads = _Heads(root)
    for rel in names:
        folder, _, name = rel.rpartition("/")
        testlike = name != "__init__.py" and bool(TESTLIKE.match(name))
        todo = [c for c in cases if not rel.startswith(c + "/") and c not in entered
                and (c not in found if testlike and rel.startswith(test_folder[c] + "/") else not testlike)]
        if not todo:
            continue
        try:
            data = heads.read(rel)
        except _OverBudget:
            return set()
        if data is None:
            continue
        for case in todo:
            if testlike:
                if named[case].search(data):
                    # a test that names the case and runs an installer enters it as a CI step does (r23 3b: an
                    # execSync("npm install", { cwd: dir }) into the case fetches its dependencies from the registry)
                    (entered if CASE_INSTALL.search(data) else found).add(case)
                continue
            paths = {case} | ({case[len(folder) + 1:]} if folder and case.startswith(folder + "/") else set())
            if any(re.search(rb"(?<![\w.-])" + re.escape(p.encode("utf-8", "surrogateescape")) + rb"(?![\w.-])", data)
                   for p in paths):
                entered.add(case)
    return found - entered


# an installer run by a test's code or shell strings: npm/yarn/pnpm/bun install, ci, add, a bare "yarn"; pip, poetry, uv,
# composer, bundle (not `yarn extract` quoted in a snapshot's text: lingui's)
CASE_INSTALL = re.compile(rb"\b(?:(?:npm|pnpm|bun)\s+(?:install|ci|i|add)\b|yarn\s+(?:install|add)\b|(?<=[\"'`])yarn(?=[\"'`])"
                           rb"|pip3?\s+install\b|poetry\s+install\b|uv\s+(?:sync|pip\s+install)\b"
                           rb"|composer\s+(?:install|require)\b|bundle\s+install\b)")
# A file named as a test by any runner's convention (``test_x.py``, ``x_test.rb``, ``x_spec.rb``, ``x.test.ts``)
TESTLIKE = lazyre.compile(r"(?:test_[^/]*|[^/]*(?:_test|_spec|\.test|\.spec)\.[^/.]+|conftest\.py|__init__\.py)\Z", re.I)
MIRROR_MIN_FILES = 3  # golden-file twins needed before two folders count as input and expected output


# what a Python standard library holds at its top, all of it: no project lays out its own os.py beside packages named
# importlib, encodings and collections
STDLIB_MARKERS = ("os.py", "importlib/__init__.py", "encodings/__init__.py", "collections/__init__.py")


def stdlib_copy_roots(names: Iterable[str]) -> frozenset[str]:
    """Folders holding a copy of Python's standard library (every file of :data:`STDLIB_MARKERS` at their top): a
    Python implementation's own library (RustPython's ``Lib/``, GraalPy's ``graalpython/lib-python/3``, Brython's
    ``www/src/Lib``), the interpreter's modules and CPython's regression tests, whose imports are the interpreter's
    built-in modules (``xxsubtype``, ``_testcapi``) and modules the tests make at run time (``test_pkg``'s ``t1`` …
    ``t8``), never registry packages: their imports are not judged (:func:`code_as_data`; ``judge-fixtures`` judges
    them), while the folder's modules stay the tree's; one marker short, a folder stays the project's."""
    seen: dict[str, int] = {}
    for rel in names:
        for marker in STDLIB_MARKERS:
            if rel == marker or rel.endswith("/" + marker):
                folder = rel[: len(rel) - len(marker)].rstrip("/")
                seen[folder] = seen.get(folder, 0) | (1 << STDLIB_MARKERS.index(marker))
    full = (1 << len(STDLIB_MARKERS)) - 1
    return frozenset(f for f, bits in seen.items() if bits == full and f)


def mirrored_roots(names: Iterable[str]) -> frozenset[str]:
    """Folders below a test folder that mirror a sibling folder file for file: golden-file tests keep each
    input and its expected output at the same relative path in two trees (bat's
    ``tests/syntax-tests/source/Requirements.txt/requirements.txt`` and ``highlighted/…/requirements.txt``),
    and both trees are the tests' data. Two sibling folders mirror each other when at least
    ``MIRROR_MIN_FILES`` of their files, not named as tests (nor ``__init__.py``), have a twin in the other and
    the twins are at least half the files of each; ordinary test folders (``unit/``, ``integration/``) hold
    tests by their runners' names and do not. A twin may carry its tree's name before its extension (echarts'
    ``test/build/esm2cjs/src/basic.src.js`` and ``expect/basic.expect.js``, the input and expected output of its
    ES-module-to-CommonJS transform test, held-out set 90): the name is compared without it."""
    branches: dict[tuple[str, str], set[str]] = {}  # (parent folder, path below the branch) -> branches
    files: dict[str, int] = {}  # folder below a test folder -> files below it
    for rel in names:
        parts = rel.split("/")
        first = next((i for i, p in enumerate(parts[:-1]) if p.lower() in TEST_DIRS), None)
        if first is None:
            continue
        twin = not TESTLIKE.match(parts[-1])
        for i in range(first + 1, len(parts) - 1):
            parent = "/".join(parts[:i])
            files[f"{parent}/{parts[i]}"] = files.get(f"{parent}/{parts[i]}", 0) + 1
            if twin:
                branches.setdefault((parent, _twin_path(parts[i + 1:], parts[i])), set()).add(parts[i])
    pairs: dict[tuple[str, str, str], int] = {}
    for (parent, _), found in branches.items():
        if 1 < len(found) <= 4:  # input, expected output, maybe an update: not a case per folder
            ordered = sorted(found)
            for j, a in enumerate(ordered):
                for b in ordered[j + 1:]:
                    pairs[(parent, a, b)] = pairs.get((parent, a, b), 0) + 1
    roots: set[str] = set()
    for (parent, a, b), n in pairs.items():
        if n >= MIRROR_MIN_FILES and 2 * n >= files[f"{parent}/{a}"] and 2 * n >= files[f"{parent}/{b}"]:
            roots |= {f"{parent}/{a}", f"{parent}/{b}"}
    roles = ansible_roles(names) if roots else frozenset()
    roots = {r for r in roots if r not in roles and r.rpartition("/")[0] not in roles}
    return frozenset(r for r in roots if not any(r.startswith(o + "/") for o in roots))


def _twin_path(below: list[str], branch: str) -> str:
    """The path of a file below a golden-file tree ``branch``, its name without a dot-part naming the tree
    (``basic.src.js`` below ``src`` and ``basic.expect.js`` below ``expect`` are both ``basic.js``)."""
    pieces = below[-1].split(".")
    if len(pieces) > 2:
        low = branch.lower()
        pieces = [pieces[0], *(p for p in pieces[1:-1] if p.lower() != low), pieces[-1]]
    return "/".join([*below[:-1], ".".join(pieces)])


# An Ansible role's entry files: ``tasks/main.yml`` (what the role runs) or ``meta/main.yml`` (what it depends on)
ROLE_ENTRY = lazyre.compile(r"(?P<role>.+)/(?:tasks|meta)/main\.ya?ml\Z")


def ansible_roles(names: Iterable[str]) -> frozenset[str]:
    """The folders that are Ansible roles (they hold ``tasks/main.yml`` or ``meta/main.yml``; ansible-test's
    integration targets are roles too). Roles share file names by Ansible's convention (``main.yml`` in each of
    ``tasks/``, ``vars/``, ``defaults/``, ``meta/``; ``Debian.yml``, ``RedHat.yml`` in ``tasks/`` and ``vars/``), so
    two sibling roles, or two folders of one role, look like golden-file twins (community.docker's
    ``tests/integration/targets/setup_docker_compose_v2`` and its siblings): they are code that runs, not data."""
    out = set()
    for rel in names:
        m = ROLE_ENTRY.match(rel)
        if m:
            out.add(m.group("role"))
    return frozenset(out)
