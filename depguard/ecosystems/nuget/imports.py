"""C# ``using`` directives (``*.cs``), parsed with the official tree-sitter-c-sharp grammar: a namespace names a
NuGet package only where ``depguard/ecosystems/nuget/namespace-map.tsv`` says so (ecosystem ``nuget``).

C# namespaces are not package names: one package may define many namespaces and many packages share one
(``Microsoft.Extensions.Logging`` comes from several), and the framework's own (``System.*``, ``Microsoft.*``,
``Windows.*``) need no package. So the rule is conservative: the longest listed namespace that the directive's
namespace is or starts with (on ``.`` boundaries: ``Newtonsoft.Json.Linq`` → Newtonsoft.Json,
``NUnit.Framework`` → NUnit, ``CommandLine`` → CommandLineParser) gives the package; a namespace that is not in
the table is never guessed from. ``using static X.Y`` and the target of ``using A = X.Y`` count; namespaces the
file declares itself (the library's own source) and ``Hints.local_packages`` are skipped.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...imports import ImportRef, data_map, emit, knows, longest_prefix, matches, position, text_of
from ...model import Mention
from ...parsers import Source, file_format

PARSER = "csharp-imports"


def package_for(namespace: str) -> tuple[str, str] | None:
    """(package id, the listed namespace it was found from) for a namespace, or None."""
    table = data_map("nuget", "map")
    found = longest_prefix(namespace.split("."), ".", table)
    return (table[found[1]], found[1]) if found else None


def import_refs(text: str, own: frozenset[str] = frozenset()) -> Iterator[ImportRef]:
    """(nuget, package id, line, column) for each using directive whose namespace names a known package."""
    if "using" not in text:
        return
    src = text.encode("utf-8", errors="surrogatepass")
    used, declared = [], []
    for caps in matches("csharp", src):
        if "decl" in caps:
            declared.append("".join(text_of(caps["decl"][0]).split()))
        elif not caps["stmt"][0].has_error:
            used.append(caps["ns"][0])
    for node in used:
        namespace = "".join(text_of(node).split())
        found = package_for(namespace)
        if found is None:
            continue
        package, listed = found
        if package.lower() in own or any(d == listed or d.startswith(listed + ".") for d in declared):
            continue
        line, col = position(src, node)
        yield ImportRef("nuget", package, line, col, namespace, module=listed if listed.lower() != package.lower() else None)


@file_format(PARSER, ("*.cs",), ecosystem="nuget", kind="source",
             description="C# using directives of well-known package namespaces (tree-sitter)")
def parse(source: Source) -> Iterator[Mention]:
    if not knows("nuget"):
        return
    own = frozenset(n.lower() for n in source.hints.local_packages)
    yield from emit(source, import_refs(source.text, own), PARSER)
