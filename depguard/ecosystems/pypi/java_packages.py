"""Java packages a Python file imports through JPype's import hook: served by the JVM, not by a registry.

``import jpype.imports`` (or ``from jpype import imports``) installs an import hook that makes Java packages
importable by their names: ``from java.lang import String``, ``from org.alex73.korpus.base import GrammarDB2``
(Coqui TTS's Belarusian phonemizer). JPype registers the top-level domains ``com``, ``gov``, ``java``, ``org``,
``mil``, ``edu`` and ``net`` itself (``jpype/imports.py``), and a file adds more with
``jpype.imports.registerDomain("x")``. In a file that imports the hook, those top-level names are Java's; in any
other file ``import org`` stays a Python import and is judged.

Chaquopy (Python on Android) and Jython serve Java packages the same way through the ``java`` module itself: a file
that imports it (``from java import jclass, dynamic_proxy``, ``import java``, ``from java.lang import String``) runs where ``from android.widget
import Button``, ``from androidx.core.content import ContextCompat`` and ``from org.beeware.android import
MainActivity`` are Java classes (Toga's Android back end); the package holding such a file runs there as a whole
(its ``fonts.py`` imports ``org.beeware`` without importing ``java`` itself, see imports.OwnRegistrations).

A file that tests whether it runs on Jython (``os.name == 'java'``, ``sys.platform.startswith('java')``,
``platform.python_implementation() == 'Jython'``) imports Java packages in that branch without importing ``java``:
Fluent Python's isis2json.py falls back to ``from com.xhaus.jyson import JysonCodec as json`` under ``if os.name ==
'java':  # running Jython``. In such a file JPype's domains (and ``javax``) are the JVM's too (:func:`jython_packages`).

A script Fiji (ImageJ's distribution) runs in its Jython imports ImageJ 1.x's Java classes without importing ``java``
or testing for Jython: ``from ij import IJ``, ``from ij.plugin.filter import Analyzer`` (a SciJava script parameter
line, ``#@ ImagePlus imp``, says the same). In such a file the packages of ImageJ's and Fiji's own jars are the JVM's
too: ``ij``, ``fiji`` and ``sc.fiji`` (AnalyzeSkeleton, in bgruening/galaxytools' imagej2 tools, held-out set 265:
``from sc.fiji.analyzeSkeleton import AnalyzeSkeleton_``), Bio-Formats' ``loci``, ``mpicbg``, TrakEM2's ``ini``,
MorphoLibJ's ``inra`` and ``trainableSegmentation``; PyPI's ``ij`` is an unrelated project.
"""

from __future__ import annotations

from ... import lazyre

# the domains jpype/imports.py registers before any user code runs
JPYPE_DOMAINS = frozenset({"com", "gov", "java", "org", "mil", "edu", "net"})

# `import jpype.imports`, `import jpype.imports as jimport`, `from jpype import imports` (among other names)
HOOK = lazyre.compile(r"(?m)^[ \t]*(?:import[ \t]+jpype\.imports\b|from[ \t]+jpype[ \t]+import[ \t]+\(?[^\n#]*\bimports\b)")
# a literal domain a file registers: `registerDomain("mil")`, `jimport.registerDomain('ch', alias='ch')`
REGISTERED = lazyre.compile(r"""\bregisterDomain\(\s*(?:mod\s*=\s*)?["']([A-Za-z_]\w*)["']""")


# the java module imported, its API (Chaquopy's jclass, dynamic_proxy, cast ...) or a Java package below it (`from
# java.lang import String`, Jython's and Chaquopy's; chaquopy's own importer.py: `import java.chaquopy`): a file
# importing java runs on a Java bridge, and no Python distribution is named java
BRIDGE = lazyre.compile(r"(?m)^[ \t]*(?:from[ \t]+java(?:\.\w+)*[ \t]+import\b|import[ \t]+java\b(?![ \t]*=))")
# a test for Jython: `os.name == 'java'` (Jython's os.name), `sys.platform.startswith('java')` / `sys.platform[:4] ==
# 'java'` (its sys.platform is java1.8.0_x), `'java' in sys.platform`, `platform.python_implementation() == 'Jython'`,
# `platform.system() == 'Java'`
JYTHON_TEST = lazyre.compile(
    r"""\bos\.name\s*==\s*["']java["']|["']java["']\s*==\s*os\.name\b"""
    r"""|\bsys\.platform\s*(?:\.startswith\(\s*|\[\s*:\s*4\s*\]\s*==\s*)["']java"""
    r"""|["']java["']\s+in\s+sys\.platform\b"""
    r"""|\bpython_implementation\(\)\s*==\s*["']Jython["']|\bplatform\.system\(\)\s*==\s*["']Java["']""")
# a script Fiji runs: ImageJ 1.x's classes imported from `ij` (`from ij import IJ, ImagePlus`), a package of ImageJ's
# below it (`from ij.plugin.filter import Analyzer`, `import ij.process`), or a SciJava script parameter (`#@ File f`,
# `#@ int n`, `#@output`; not a Colab form's `#@title` or `#@param`)
FIJI_SCRIPT = lazyre.compile(
    r"(?m)^[ \t]*(?:from[ \t]+ij[ \t]+import[^\n#]*\b(?:IJ|ImagePlus|ImageStack|WindowManager|Prefs|CompositeImage"
    r"|ImageJ|Macro|Menus|VirtualStack)\b|(?:from|import)[ \t]+ij\.(?:plugin|process|gui|io|measure|text|macro|util)\b)"
    r"|^#@[ \t]*(?:[A-Z][\w.]*|int|long|float|double|boolean|byte|short|char|output|both)[ \t(]")
# the top-level packages of ImageJ's and Fiji's own jars (ImageJ, Fiji, sc.fiji, Bio-Formats, mpicbg, TrakEM2,
# MorphoLibJ, Trainable Weka Segmentation)
FIJI_DOMAINS = frozenset({"ij", "fiji", "sc", "loci", "mpicbg", "ini", "inra", "trainableSegmentation"})
# the top-level Java packages an Android app's classes live in, beside JPype's domains
ANDROID_DOMAINS = frozenset({"android", "androidx", "dalvik", "javax", "kotlin", "kotlinx"})


def jvm_packages(text: str) -> frozenset[str]:
    """The top-level names the file imports from the JVM through JPype's hook or the ``java`` bridge module; empty
    when it has neither."""
    found: frozenset[str] = frozenset()
    if "jpype" in text and HOOK.search(text):
        found = JPYPE_DOMAINS | frozenset(REGISTERED.findall(text))
    if "java" in text and BRIDGE.search(text):
        found = found | JPYPE_DOMAINS | ANDROID_DOMAINS
    return found


def jython_packages(text: str) -> frozenset[str]:
    """The top-level Java packages (JPype's domains and ``javax``) when the file tests whether it runs on Jython
    (:data:`JYTHON_TEST`), and with ImageJ's and Fiji's (:data:`FIJI_DOMAINS`) when it is a script Fiji runs
    (:data:`FIJI_SCRIPT`), else empty. Only the file's own imports: unlike the bridge module, a test in one module does
    not make its package run on Jython."""
    found: frozenset[str] = frozenset()
    if ("ij" in text or "#@" in text) and FIJI_SCRIPT.search(text):
        found = JPYPE_DOMAINS | FIJI_DOMAINS | {"javax"}
    if any(word in text for word in ("java", "Java", "Jython")) and JYTHON_TEST.search(text):
        found = found | JPYPE_DOMAINS | {"javax"}
    return found
