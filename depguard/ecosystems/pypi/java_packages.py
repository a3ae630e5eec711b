"""Java packages a Python file imports through JPype's import hook: served by the JVM, not by a registry.

``import jpype.imports`` (or ``from jpype import imports``) installs an import hook that makes Java packages
importable by their names: ``from java.lang import String``, ``from org.alex73.korpus.base import GrammarDB2``
(Coqui TTS's Belarusian phonemizer). JPype registers the top-level domains ``com``, ``gov``, ``java``, ``org``,
``mil``, ``edu`` and ``net`` itself (``jpype/imports.py``), and a file adds more with
``jpype.imports.registerDomain("x")``. In a file that imports the hook, those top-level names are Java's; in any
other file ``import org`` stays a Python import and is judged.
"""

from __future__ import annotations

from ... import lazyre

# the domains jpype/imports.py registers before any user code runs
JPYPE_DOMAINS = frozenset({"com", "gov", "java", "org", "mil", "edu", "net"})

# `import jpype.imports`, `import jpype.imports as jimport`, `from jpype import imports` (among other names)
HOOK = lazyre.compile(r"(?m)^[ \t]*(?:import[ \t]+jpype\.imports\b|from[ \t]+jpype[ \t]+import[ \t]+\(?[^\n#]*\bimports\b)")
# a literal domain a file registers: `registerDomain("mil")`, `jimport.registerDomain('ch', alias='ch')`
REGISTERED = lazyre.compile(r"""\bregisterDomain\(\s*(?:mod\s*=\s*)?["']([A-Za-z_]\w*)["']""")


def jvm_packages(text: str) -> frozenset[str]:
    """The top-level names the file imports from the JVM through JPype's hook; empty when it has no hook."""
    if "jpype" not in text or not HOOK.search(text):
        return frozenset()
    return JPYPE_DOMAINS | frozenset(REGISTERED.findall(text))
