"""3D Slicer's Python: the modules Slicer gives the scripted modules of its extensions (held-out set 196).

A scripted module of a Slicer extension is a folder whose ``CMakeLists.txt`` calls ``slicerMacroBuildScriptedModule``
(the Extension Wizard's template: ``set(MODULE_PYTHON_SCRIPTS ${MODULE_NAME}.py ${MODULE_NAME}Lib/__init__.py)``), and
its module file starts ``from slicer.ScriptedLoadableModule import *`` and derives ``ScriptedLoadableModule``. Slicer
runs it in its own Python, whose path holds what Slicer builds (Slicer/Slicer): PythonQt's ``qt`` and CTK's ``ctk``,
Base/Python's modules (``slicer``, ``sitkUtils``, ``vtkSegmentationCore``, ``vtkITK``, ``mrml`` …), the scripted
modules of Modules/Scripted (``SampleData``, ``DICOMLib``, the ``DICOMPlugins`` modules such as
``DICOMScalarVolumePlugin`` …) and the Python packages of loadable modules (``SegmentEditorEffects``,
``SubjectHierarchyPlugins``), and the libraries its CMake wraps for Python: each loadable module's
``vtkSlicer<Name>ModuleLogic`` (and ``…MRML`` …, with its ``…Python`` module), a Qt library's ``qSlicer<Name>Module…PythonQt``,
the kits' ``vtkSegmentationCorePython``, ``SlicerBaseLogicPython`` …, an extension's own loadable modules' as well
(``vtkSlicerVascularTerritoriesModuleLogicPython``). MONAILabel's plugins/slicer/MONAILabel/MONAILabel.py imports ``qt``, ``sitkUtils``,
``vtkSegmentationCore`` and ``DICOMScalarVolumePlugin``; PyPI has none of them (JSON API 404, 2026-12-06), and its
``slicer`` and ``ctk`` are strangers' projects.

So a file that imports ``slicer.ScriptedLoadableModule`` (the template's base classes), or whose folder or a folder
above it inside the scan holds a ``CMakeLists.txt`` calling ``slicerMacroBuildScriptedModule``, has those modules as
Slicer's. The same imports anywhere else, and any other import in such a file, are judged.

Read: only for a file that imports one of the modules and not the template's base classes, the ``CMakeLists.txt``
files at and above it (each once a scan).
"""

from __future__ import annotations

from ... import lazyre
from ...imports import files_above, read_related
from .host_companions import imported_modules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# the modules Slicer's Python gives a scripted module (Slicer/Slicer: PythonQt and CTK's wrappers, Base/Python's top-level
# modules, Modules/Scripted's modules and the DICOMPlugins' files, the loadable modules' Python packages)
SLICER_MODULES = frozenset({
    "qt", "ctk", "slicer", "slicerqt", "mrml", "mrmlLogic", "mrmlcli", "teem", "tpycl", "saferef", "sitkUtils",
    "vtkAddon", "vtkITK", "vtkSegmentationCore", "vtkTeem",
    "DataProbe", "DMRIInstall", "Editor", "EditorLib", "LabelStatistics", "PerformanceTests", "SampleData",
    "ScreenCapture", "SegmentEditor", "SegmentStatistics", "SelfTests", "SurfaceToolbox", "VectorToScalarVolume",
    "ExtensionWizard", "Endoscopy", "DICOM", "DICOMLib", "DICOMPatcher", "CropVolumeSequence", "ImportItkSnapLabel",
    "WebServer", "DICOMGeAbusPlugin", "DICOMImageSequencePlugin", "DICOMScalarVolumePlugin",
    "DICOMVolumeSequencePlugin", "DICOMSlicerDataBundlePlugin",
    "SegmentEditorEffects", "SubjectHierarchyPlugins", "SegmentStatisticsPlugins",
})
# the libraries Slicer's CMake wraps for Python (SlicerMacroPythonWrapModuleVTKLibrary and the kits slicer/__init__.py
# loads): a loadable module's `vtkSlicer<Name>Module{Logic,MRML,…}` (its shim) and `…Python`, a Qt module library's
# `qSlicer<Name>Module{,Widgets}PythonQt`, and the kits' `<kit>Python`/`<kit>PythonQt`
KITS = ("MRMLCore", "MRMLLogic", "MRMLCLI", "MRMLDisplayableManager", "SlicerBaseLogic", "vtkSegmentationCore",
        "vtkAddon", "vtkITK", "vtkTeem", "qMRMLWidgets", "qSlicerBaseQTCore", "qSlicerBaseQTGUI")
WRAPPED = lazyre.compile(r"vtkSlicer[A-Za-z0-9]+Module(?:Logic|MRML|MRMLDisplayableManager|VTKWidgets|Widgets)"
                         r"(?:Python)?|qSlicer[A-Za-z0-9]+Module(?:Widgets)?PythonQt|(?:%s)(?:Python|PythonQt)"
                         % "|".join(KITS))
# one of them as a word (or a wrapped library's start): only a file naming one is read for its imports
NAMED = lazyre.compile(r"\b(?:%s)\b|\b(?:vtkSlicer|qSlicer)[A-Za-z0-9]*Module|\b(?:%s)Python"
                       % ("|".join(sorted(SLICER_MODULES)), "|".join(KITS)))
# the template's import of its base classes: `from slicer.ScriptedLoadableModule import *`, `import slicer.Scripted…`
TEMPLATE = lazyre.compile(r"(?m)^[ \t]*(?:from[ \t]+slicer\.ScriptedLoadableModule[ \t]+import\b"
                          r"|import[ \t]+slicer\.ScriptedLoadableModule\b)")
# a scripted module's build: Slicer's CMake macro, called
BUILD = lazyre.compile(r"(?im)^[ \t]*slicerMacroBuildScriptedModule[ \t]*\(")


def slicer_modules(source: Source) -> frozenset[str]:
    """Slicer's modules (``SLICER_MODULES``) the file imports when it is a Slicer scripted module's Python (module
    docstring); none otherwise."""
    if source.fs_path is None or NAMED.search(source.text) is None:
        return frozenset()
    wanted = frozenset(module for module in imported_modules(source.text)
                       if module in SLICER_MODULES or WRAPPED.fullmatch(module) is not None)
    return wanted if wanted and _in_scripted_module(source) else frozenset()


def _in_scripted_module(source: Source) -> bool:
    """Whether the file imports the template's base classes or lies at or below a scripted module's build."""
    if "ScriptedLoadableModule" in source.text and TEMPLATE.search(source.text) is not None:
        return True
    return any(read_related(source, path, _builds_scripted_module) for path in files_above(source, "CMakeLists.txt"))


def _builds_scripted_module(text: str) -> bool:
    """Whether a ``CMakeLists.txt`` text calls ``slicerMacroBuildScriptedModule``."""
    return BUILD.search(text) is not None
