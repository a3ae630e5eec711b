"""What an ecosystem package declares: the one :class:`EcosystemPackage` value its ``__init__.py`` exports as
``ECOSYSTEM``.

Everything is declared statically (module names as strings, file-name patterns, tool names), so the engine
can tell which module reads a file or runs a tool's grammar without importing any of them; a module is
imported only when one of its formats, tools or import rules is needed. ``tests/test_consistency.py`` checks
that every declaration says what its module really registers.

A module name is relative to the ecosystem package (``"requirements"`` is
``depguard.ecosystems.pypi.requirements``) unless it holds a dot, then it is absolute.
"""

from __future__ import annotations

from ..records import record


@record(frozen=True)
class Format:
    """A file format: the parser registered as ``name`` (with ``@file_format``) in ``module``."""

    name: str
    module: str
    patterns: tuple[str, ...]  # fnmatch patterns on the file name, or on the path tail when they hold '/'
    kind: str = "manifest"  # manifest, lockfile, script, source, document, binary


@record(frozen=True)
class Tools:
    """Install-tool grammars: ``module`` registers (with ``@grammar``) one for each of ``names``.
    ``versioned``: a name is also read with a version suffix (``pip3.12``, ``python3.11``); False for a name
    that is a common word, read only as itself (``go``)."""

    module: str
    names: tuple[str, ...]
    versioned: bool = True


@record(frozen=True)
class Language:
    """A source language whose imports are read with tree-sitter: the grammar wheel (``module.function()``
    gives the language) and the query file (in the ecosystem's folder) the import rule runs."""

    id: str
    grammar_module: str
    grammar_function: str = "language"
    query: str = ""  # file name beside the package's modules; "" when the language shares another's query


@record(frozen=True)
class EcosystemPackage:
    """Everything one ecosystem contributes to the engine. ``id`` is the catalog id (``github-actions``);
    ``package`` the Python package (``depguard.ecosystems.github_actions``), whose folder also holds the data
    (``ecosystem.toml``, popular list, import maps)."""

    id: str
    package: str
    formats: tuple[Format, ...] = ()  # manifests, lockfiles, scripts: tried before import rules
    imports: tuple[Format, ...] = ()  # import rules (source files read for the packages they import)
    languages: tuple[Language, ...] = ()
    tools: tuple[Tools, ...] = ()
    registry: str | None = None  # the registry client module, where the generic JSON one does not fit

    @property
    def folder(self) -> str:
        """The package's folder name (the id, with '-' as '_')."""
        return self.package.rpartition(".")[2]

    def module(self, name: str) -> str:
        """The absolute module name of ``name`` as a declaration writes it."""
        return name if "." in name else f"{self.package}.{name}"
