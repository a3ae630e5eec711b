"""Plug-ins of desktop applications that run their Python inside themselves (held-out spot set 57: FreeCAD
workbenches, a Kodi add-on, QGIS plug-ins, OBS scripts, a Sublime Text package): the modules the application gives
them and the libraries their own manifests name for the application's package manager are no PyPI guesses; an
invented package imported beside them is still judged."""

from __future__ import annotations

import json
from pathlib import Path

from depguard.ecosystems.pypi.package_control import libraries
from depguard.model import Origin
from tests.trees import found, write


def imports(root: Path) -> set[tuple[str, str]]:
    return found(root, Origin.IMPORT)


def test_the_modules_desktop_applications_give_their_plug_ins_are_theirs(tmp_path):
    # held-out spot set 57: a FreeCAD workbench (FreeCAD, FreeCADGui, Part, Draft, pivy), a Kodi add-on (xbmc*), a QGIS
    # plug-in (qgis, pyplugin_installer), an OBS script (obspython), a Sublime Text package (sublime_plugin); the same
    # names in other letters, and an invented package beside them, stay judged
    write(tmp_path, {
        "InitGui.py": "import FreeCAD as App\nimport FreeCADGui as Gui\nimport Part\nimport Draft\n"
                      "from pivy import coin\nimport freecad_bolt_tables\n",
        "resources/lib/plugin.py": "import xbmc\nimport xbmcgui\nimport xbmcaddon\nimport xbmcplugin\n",
        "quick_map/plugin.py": "import pyplugin_installer\nfrom qgis.core import QgsProject\nimport qgis_tile_magic\n",
        "scripts/scene.py": "import obspython as obs\n",
        "plugin/core/views.py": "import sublime_plugin\nimport sublime_api\nimport sublime_plugin_kit\n",
        "lower.py": "import part\n",
    })
    assert imports(tmp_path) == {("InitGui.py", "freecad-bolt-tables"), ("quick_map/plugin.py", "qgis-tile-magic"),
                                 ("plugin/core/views.py", "sublime-plugin-kit"), ("lower.py", "part")}


def test_add_ons_of_desktop_applications_that_other_plug_ins_import_are_the_applications(tmp_path):
    # held-out spot set 57: Assembly4's FastenersLib.py imports FastenerBase, ScrewMaker and FastenersCmd of FreeCAD's
    # Fasteners workbench add-on; sublimelsp/LSP's tests import the UnitTesting package Sublime Text runs them under.
    # An invented import beside them stays judged
    write(tmp_path, {
        "FastenersLib.py": "import FreeCAD as App\nfrom FastenerBase import FSBaseObject\nfrom ScrewMaker import screwTables\n"
                           "import FastenersCmd as FS\nimport fastener_tables_plus\n",
        "tests/test_configs.py": "from unittesting import DeferrableTestCase\nimport sublime_test_helpers_x\n",
    })
    assert imports(tmp_path) == {("FastenersLib.py", "fastener-tables-plus"),
                                 ("tests/test_configs.py", "sublime-test-helpers-x")}


def test_the_libraries_a_sublime_packages_dependencies_json_names_come_from_package_control(tmp_path):
    # sublimelsp/LSP: dependencies.json lists mdpopups and wcmatch for every platform and build; its plug-in imports
    # them. Another package without the file, and an invented import beside them, stay judged.
    listed = {"*": {">=4096": ["bracex", "mdpopups", "wcmatch"]}, "windows": {"*": ["pywin32_ctypes_lite"]}}
    write(tmp_path, {
        "LSP/dependencies.json": json.dumps(listed, indent=4),
        "LSP/plugin/hover.py": "import mdpopups\nimport wcmatch.glob\nimport pywin32_ctypes_lite\nimport lsp_popup_magic\n",
        "Other/plugin.py": "import mdpopups\n",
    })
    assert imports(tmp_path) == {("LSP/plugin/hover.py", "lsp-popup-magic"), ("Other/plugin.py", "mdpopups")}


def test_only_package_controls_shape_of_dependencies_json_names_libraries():
    assert libraries('{"*": {"*": ["mdpopups", "bracex"]}}') == ["mdpopups", "bracex"]
    for other in ('["mdpopups"]', '{"dependencies": ["a"]}', '{"*": {"*": "mdpopups"}}', '{"*": {"*": [1]}}',
                  '{}', 'not json', '{"name": "x", "version": "1"}'):
        assert libraries(other) == [], other


def test_gimp_2_python_fu_and_python_for_androids_modules_are_theirs(tmp_path):
    # spot set 68: kivy's tools/image-testsuite/gimp28-testsuite.py (`from gimpfu import *`, a GIMP 2.8 Python-Fu
    # script) and kivy/app.py on Android (`from android import mActivity`, python-for-android's module); an invented
    # package beside them, and the same names in other letters, stay judged
    write(tmp_path, {
        "tools/gimp28-testsuite.py": "from gimpfu import *\nimport gimpenums\nimport gimp_magic_layers\n",
        "app/android_main.py": "from android import mActivity\nfrom android.permissions import request_permissions\n"
                               "import android_toolkitz\n",
        "upper.py": "import Android\n",
    })
    assert imports(tmp_path) == {("tools/gimp28-testsuite.py", "gimp-magic-layers"),
                                 ("app/android_main.py", "android-toolkitz"), ("upper.py", "android")}


def test_the_modules_reverse_engineering_applications_give_their_scripts_are_theirs(tmp_path):
    # held-out set 116: capa's IDA and Binary Ninja feature extractors (idc, idaapi, idautils, ida_bytes, ida_funcs …;
    # `from binaryninja import BasicBlock`), pwndbg's binja_script.py, ida_script.py and pwndbg-lldb.py. `idc` is a name
    # others registered on PyPI and stays judged as that name; a module IDAPython does not have in IDA's own shape
    # (ida_magic_helpers), an invented package beside them, and GDB's `gdb` stay judged
    write(tmp_path, {
        "capa/features/extractors/ida/helpers.py": "import idc\nimport idaapi\nimport ida_nalt\nimport idautils\n"
                                                   "import ida_bytes\nimport ida_funcs\nimport ida_magic_helpers\n",
        "capa/ida/plugin/form.py": "import ida_kernwin\nimport ida_loader\nfrom ida_hexrays import decompile\n",
        "capa/features/extractors/binja/basicblock.py": "from binaryninja import BasicBlock\n"
                                                        "from binaryninja.enums import MediumLevelILOperation\n"
                                                        "import binja_feature_kitz\n",
        "binja_script.py": "import binaryninja\nimport binaryninjaui\n",
        "pwndbg-lldb.py": "def main():\n    import lldb\n    lldb.SBDebugger.Initialize()\n",
        "gdbinit.py": "import gdb\n",
    })
    assert imports(tmp_path) == {("capa/features/extractors/ida/helpers.py", "idc"),
                                 ("capa/features/extractors/ida/helpers.py", "ida-magic-helpers"),
                                 ("capa/features/extractors/binja/basicblock.py", "binja-feature-kitz"),
                                 ("gdbinit.py", "gdb")}


def test_pwntools_package_pwnlib_is_judged_as_pwntools(tmp_path):
    # held-out set 116: pwndbg declares pwntools and imports pwnlib.* (pwntools' package; PyPI has no pwnlib); an
    # invented pwnlib look-alike beside it stays judged as its own name
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "pwndbg"\nversion = "1"\ndependencies = ["pwntools>=4.14"]\n',
        "pwndbg/aglib/arch.py": "import pwnlib\nfrom pwnlib.util.packing import p64\nimport pwnlibx\n",
    })
    assert {n for p, n in imports(tmp_path) if p.endswith(".py")} == {"pwntools", "pwnlibx"}


def test_a_python_file_the_trees_scripts_load_into_gdb_imports_gdbs_module(tmp_path):
    # held-out set 116: gef's CI writes `echo "source /gef/gef.py" > /root/.gdbinit` (.github/tests/entrypoint.sh) and
    # `echo "source $(pwd)/gef.py" > ~/.gdbinit` (its docs workflow); a Makefile runs `gdb -x tools/printers.py`, a
    # workflow step `gdb-multiarch --batch -ex "source ext/loader.py"`. Each of those files' `import gdb` is GDB's embedded module. An invented
    # import beside it stays judged, and so does `import gdb` in a file nothing loads into GDB (pwntools' example,
    # which means pwnlib.gdb), in one a line names without speaking of GDB, and in one a GDB line names in another folder
    write(tmp_path, {
        "gef.py": "try:\n    import gdb\nexcept ImportError:\n    print('gef cannot run as standalone')\n"
                  "    sys.exit(1)\nimport gef_extra_magicz\n",
        ".github/tests/entrypoint.sh": '#!/bin/bash\nset -e\necho "source /gef/gef.py" > /root/.gdbinit\n'
                                       "python3 -m pytest -n 4 tests/\n",
        ".github/workflows/ci.yml": "jobs:\n  t:\n    steps:\n      - run: |\n"
                                    '          gdb-multiarch --batch -ex "source ext/loader.py" ./a.out\n',
        "ext/loader.py": "import gdb\n",
        "Makefile": "debug:\n\tgdb -q -x tools/printers.py ./build/app\n",
        "tools/printers.py": "import gdb.printing\n",
        "examples/android.py": "from pwn import *\nimport gdb\n",
        "scripts/run.sh": "python3 source_tools/helper.py\nsource other/helper.py\n",
        "other/helper.py": "import gdb\n",
        "elsewhere/printers.py": "import gdb\n",
    })
    assert imports(tmp_path) == {("gef.py", "gef-extra-magicz"), ("examples/android.py", "pwn"),
                                 ("examples/android.py", "gdb"), ("other/helper.py", "gdb"),
                                 ("elsewhere/printers.py", "gdb")}


def test_pyfx_is_judged_as_python_fx(tmp_path):
    # held-out spot set 116: qiling declares python-fx and its qltui.py does `from pyfx import PyfxApp` (python-fx's
    # module; PyPI has no pyfx); an invented look-alike beside it stays judged as its own name
    write(tmp_path, {
        "pyproject.toml": '[tool.poetry]\nname = "qiling"\nversion = "1"\n\n[tool.poetry.dependencies]\npython-fx = "*"\n',
        "qltui.py": "from pyfx import PyfxApp\nimport pyfxx_viewer\n",
    })
    assert {n for p, n in imports(tmp_path) if p.endswith(".py")} == {"python-fx", "pyfxx-viewer"}


def test_a_long_token_after_a_gdb_load_keyword_is_read_in_one_pass():
    # r24 finding 6 (/tmp/r24/t2): `gdb -batch -ex "source AAAA…"` with no .py in 100,000 characters; the old pattern
    # (a lazy run before a greedy one of the same class) retried every split of the token, quadratic. Read linearly,
    # the line names nothing, and a real load on the next line is still found
    from depguard.ecosystems.pypi.gdb_scripts import gdb_loaded

    long_token = "A" * 100_000
    script = (f'gdb -batch -ex "source {long_token}"\ngdb -x --command=-x={long_token}/{long_token}\n'
              f"gdb -batch -ex 'source tools/printers.py'\n")
    files = frozenset({"main.py", "tools/printers.py", f"{long_token}.py"})
    assert gdb_loaded(["debug.sh"], files, {"debug.sh": script}.get) == frozenset({"tools/printers.py"})


def test_only_gdbs_own_options_and_whole_paths_name_a_file_gdb_loads(tmp_path):
    # r24 finding 9: `gdb -x tools/gdb/helpers.py` names that file, not the root's helpers.py (a relative path's tree
    # file holds all its components), and `-x` of another command on a line that installs gdb loads nothing into GDB;
    # an absolute path's leading folders are the checkout's place (gef's CI: `source /gef/gef.py`, the root's gef.py),
    # and it names the tree file matching most of it (/src/ext/x.py: ext/x.py, not also the root's x.py)
    write(tmp_path, {
        "Makefile": "debug:\n\tgdb -q -x tools/gdb/helpers.py ./build/app\n",
        "tools/gdb/helpers.py": "import gdb\n",
        "helpers.py": "import gdb\n",
        "src/app/helpers.py": "import gdb\n",
        "ci.sh": "apt-get install -y gdb && python -x runner.py\nsudo gdb -batch --command=scripts/dbg.py ./a.out\n",
        "runner.py": "import gdb\n",
        "scripts/dbg.py": "import gdb\n",
        "entrypoint.sh": 'echo "source /gef/gef.py" > /root/.gdbinit\necho "source /src/ext/x.py" >> ~/.gdbinit\n',
        "gef.py": "import gdb\n",
        "ext/x.py": "import gdb\n",
        "x.py": "import gdb\n",
    })
    assert imports(tmp_path) == {("helpers.py", "gdb"), ("src/app/helpers.py", "gdb"), ("runner.py", "gdb"),
                                 ("x.py", "gdb")}


def test_the_modules_electronic_design_applications_give_their_scripts_are_theirs(tmp_path):
    # held-out set 126: InteractiveHtmlBom's and KiKit's KiCad action plug-ins (`import pcbnew`, KiCad's PCB editor
    # API) and openlane2's scripts/odbpy, which its steps run with `openroad -python` (`import odb`, OpenROAD's
    # OpenDB). An invented package beside them, a look-alike of either name and `openroad` (registered on PyPI by
    # another project) stay judged; so does `pip install pcbnew` in a script (an install command names a registry
    # package, whatever a host application provides)
    write(tmp_path, {
        "InteractiveHtmlBom/ecad/kicad.py": "import pcbnew\nfrom pcbnew import BOARD\nimport pcbnew_bom_magicz\n",
        "kikit/actionPlugins/panelize.py": "import pcbnew\nimport pcbnewx\n",
        "openlane/scripts/odbpy/defutil.py": "import odb\nfrom odb import dbDatabase\nimport odbx_helpers\n",
        "openlane/scripts/odbpy/reader.py": "import openroad\n",
        "scripts/setup.sh": "pip install pcbnew\n",
    })
    assert imports(tmp_path) == {("InteractiveHtmlBom/ecad/kicad.py", "pcbnew-bom-magicz"),
                                 ("kikit/actionPlugins/panelize.py", "pcbnewx"),
                                 ("openlane/scripts/odbpy/defutil.py", "odbx-helpers"),
                                 ("openlane/scripts/odbpy/reader.py", "openroad")}
    assert ("scripts/setup.sh", "pcbnew") in found(tmp_path, Origin.COMMAND)
