"""Plug-ins of desktop applications that run their Python inside themselves (held-out spot set 57: FreeCAD
workbenches, a Kodi add-on, QGIS plug-ins, OBS scripts, a Sublime Text package): the modules the application gives
them and the libraries their own manifests name for the application's package manager are no PyPI guesses; an
invented package imported beside them is still judged."""

from __future__ import annotations

import json
from pathlib import Path

from depguard.ecosystems.pypi.kodi_addon import module_addons
from depguard.ecosystems.pypi.package_control import libraries
from depguard.model import Origin
from tests.trees import found, judged, verdicts, write


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


def test_the_java_packages_ghidra_gives_its_scripts_are_ghidras(tmp_path):
    # held-out spot set 286: ghidraninja/ghidra_scripts' YaraSearch.py (`#@category Search`, then `from
    # ghidra.program.model.listing import CodeUnit` and three more ghidra.* imports, no java import) was reported
    # importing a missing PyPI ghidra. An invented package beside it, and Ghidra's `generic` (a name others registered
    # on PyPI), stay judged
    write(tmp_path, {
        "YaraSearch.py": "#@category Search\nfrom ghidra.program.model.listing import CodeUnit\n"
                         "from ghidra.util.exception import CancelledException\n"
                         "from docking.widgets.filechooser import GhidraFileChooser\nimport ghidra_yara_kitz\n"
                         "from generic.continues import RethrowContinuesFactory\n",
    })
    assert imports(tmp_path) == {("YaraSearch.py", "ghidra-yara-kitz"), ("YaraSearch.py", "generic")}


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
    # (the entrypoint's `python3 -m pytest` runs the module pytest: an import where the command is, since 0fadbbae)
    assert imports(tmp_path) == {("gef.py", "gef-extra-magicz"), ("examples/android.py", "pwn"),
                                 ("examples/android.py", "gdb"), ("other/helper.py", "gdb"),
                                 ("elsewhere/printers.py", "gdb"), (".github/tests/entrypoint.sh", "pytest")}


def test_a_python_file_written_for_gdbs_api_imports_gdbs_module(tmp_path):
    # numba's numba/misc/gdb_print_extension.py imports gdb.printing (one of GDB's own packages; numba's gdb hook
    # loads it with -x from Python code, which no script line shows); Cython's Debugger/Tests/test_libcython_in_gdb.py
    # runs gdb.execute and gdb.parse_and_eval inside the GDB its test driver starts. Their `import gdb` is GDB's. Still
    # judged: pwntools' example using pwnlib.gdb's debug, a file using one GDB name only, one naming it in another's
    # attribute (`io.gdb.execute`), and an invented import beside GDB's
    write(tmp_path, {
        "numba/misc/gdb_print_extension.py": "try:\n    import gdb.printing\n    import gdb\nexcept ImportError:\n"
                                             "    raise ImportError('GDB python support is not available.')\n"
                                             "import gdbprinting_extras\n",
        "Cython/Debugger/Tests/test_libcython_in_gdb.py": "import gdb\n\ndef f():\n    gdb.execute('break main')\n"
                                                          "    return gdb.parse_and_eval('x')\n",
        "examples/android.py": "from pwn import *\nimport gdb\ngdb.debug('./a.out')\ngdb.attach(p)\n",
        "one_name.py": "import gdb\ngdb.execute('run')\n",
        "io_attr.py": "import gdb\nio.gdb.execute('continue')\nio.gdb.parse_and_eval('$pc')\n",
    })
    assert imports(tmp_path) == {("numba/misc/gdb_print_extension.py", "gdbprinting-extras"), ("examples/android.py", "pwn"),
                                 ("examples/android.py", "gdb"), ("one_name.py", "gdb"), ("io_attr.py", "gdb")}


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
        "openlane/scripts/odbpy/defutil.py": ("import odb\nfrom odb import dbDatabase\nimport odbx_helpers\n"
                                              "from reader import click_odb\n"),
        "openlane/scripts/odbpy/reader.py": "import odb\nfrom openroad import Tech, Design\n",
        "scripts/setup.sh": "pip install pcbnew\n",
    })
    assert imports(tmp_path) == {("InteractiveHtmlBom/ecad/kicad.py", "pcbnew-bom-magicz"),
                                 ("kikit/actionPlugins/panelize.py", "pcbnewx"),
                                 ("openlane/scripts/odbpy/defutil.py", "odbx-helpers"),
                                 ("openlane/scripts/odbpy/reader.py", "openroad")}
    assert ("scripts/setup.sh", "pcbnew") in found(tmp_path, Origin.COMMAND)


KODI_ADDON_XML = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<addon id="plugin.video.netflix" name="Netflix" version="1.23.4+matrix.1" provider-name="libdev">
  <requires>
    <import addon="xbmc.python" version="3.0.0"/>
    <import addon="script.module.addon.signals" version="0.0.6+matrix.1"/>
    <import addon="script.module.inputstreamhelper" version="0.5.0+matrix.1"/>
    <import addon="script.module.requests"/>
  </requires>
  <extension point="xbmc.python.pluginsource" library="addon.py"><provides>video</provides></extension>
</addon>
"""


def test_the_module_add_ons_a_kodi_addon_xml_requires_come_from_kodis_repositories(tmp_path):
    # held-out set 129: plugin.video.netflix's addon.xml requires script.module.addon.signals (module AddonSignals) and
    # script.module.inputstreamhelper; its code imports both. An invented import beside them, the same imports in an
    # add-on whose addon.xml does not require them, and a module named after a required ID that is no module add-on
    # (xbmc.python) stay judged
    write(tmp_path, {
        "plugin.video.netflix/addon.xml": KODI_ADDON_XML,
        "plugin.video.netflix/resources/lib/config_wizard.py": "import inputstreamhelper\nimport AddonSignals\n"
                                                               "import kodi_stream_magicz\n",
        "plugin.video.other/addon.xml": KODI_ADDON_XML.replace('script.module.inputstreamhelper', 'script.module.six')
                                                      .replace('script.module.addon.signals', 'xbmc.addon.signals'),
        "plugin.video.other/service.py": "import inputstreamhelper\nimport AddonSignals\n",
    })
    assert imports(tmp_path) == {("plugin.video.netflix/resources/lib/config_wizard.py", "kodi-stream-magicz"),
                                 ("plugin.video.other/service.py", "inputstreamhelper"),
                                 ("plugin.video.other/service.py", "addonsignals")}


def test_only_a_kodi_addon_xml_names_module_add_ons():
    assert module_addons(KODI_ADDON_XML) == ["addon.signals", "inputstreamhelper", "requests"]
    for other in ('<requires><import addon="script.module.six"/></requires>',  # no <addon id=…> root
                  '<addon id="x"><import addon="script.module.six"/></addon>',  # not inside <requires>
                  '<addon id="x"><requires><import addon="script.module.six"/>',  # never closed
                  '<project><dependencies><dependency>six</dependency></dependencies></project>'):
        assert module_addons(other) == [], other


def test_a_sublime_text_plug_in_imports_the_default_package_sublime_text_bundles(tmp_path):
    # held-out set 129: Terminus's terminus/clipboard.py (`import sublime_plugin` then `from Default.paste_from_history
    # import ClipboardHistory`) and GitSavvy's core/utils.py (`import sublime`, and under a version test `from Default
    # import history_list`). An invented package beside them, and the same `Default` import in a file that does not
    # import Sublime Text's API (it only names it in a string), stay judged; so does `sublime` itself, a name others
    # registered on PyPI
    write(tmp_path, {
        "terminus/clipboard.py": "import sublime\nimport sublime_plugin\nfrom Default.paste_from_history import "
                                 "ClipboardHistory\nimport sublime_clip_magicz\n",
        "core/utils.py": "import os, sublime\n\nif int(sublime.version()) < 4000:\n"
                         "    from Default import history_list\n",
        "tools/report.py": "import sublime_tools_x\nfrom Default import history_list\nNAME = 'import sublime'\n",
    })
    assert imports(tmp_path) == {("terminus/clipboard.py", "sublime-clip-magicz"), ("tools/report.py", "sublime-tools-x"),
                                 ("tools/report.py", "default"), ("terminus/clipboard.py", "sublime"),
                                 ("core/utils.py", "sublime")}


def test_the_python_folders_vim_and_neovim_put_on_sys_path_for_a_plug_in(tmp_path):
    # held-out set 129: UltiSnips (plugin/UltiSnips.vim, autoload/UltiSnips/map_keys.vim) ships a deoplete source,
    # rplugin/python3/deoplete/sources/ultisnips.py: `from deoplete.base.source import Base`, deoplete's package through
    # the namespace folder deoplete/. An invented import beside it stays judged, and so does the same layout in a tree
    # that is no Vim plug-in (no Vim script in plugin/, autoload/ or ftplugin/: a README there does not count)
    source = {"rplugin/python3/deoplete/sources/ultisnips.py": "from deoplete.base.source import Base\n"
                                                               "import deoplete_snip_magicz\n",
              "pythonx/UltiSnips/__init__.py": "import vim_helperz_kit\n"}
    write(tmp_path / "ultisnips", {
        "plugin/UltiSnips.vim": "if exists('did_plugin_ultisnips') | finish | endif\n",
        "autoload/UltiSnips/map_keys.vim": "function! UltiSnips#map_keys#MapKeys() abort\nendfunction\n",
        **source,
    })
    assert imports(tmp_path / "ultisnips") == {("rplugin/python3/deoplete/sources/ultisnips.py", "deoplete-snip-magicz"),
                                               ("pythonx/UltiSnips/__init__.py", "vim-helperz-kit")}
    write(tmp_path / "other", {"plugin/README.md": "# plug-in notes\n", **source})
    assert imports(tmp_path / "other") == {("rplugin/python3/deoplete/sources/ultisnips.py", "deoplete-snip-magicz"),
                                           ("rplugin/python3/deoplete/sources/ultisnips.py", "deoplete"),
                                           ("pythonx/UltiSnips/__init__.py", "vim-helperz-kit")}


def test_weechat_scripts_libraries_are_judged_as_the_distributions_that_ship_them(tmp_path):
    # held-out set 129: WeeChat's otr.py imports potr (python-potr), mpc.py imports mpd (python-mpd2); FanFicFare's
    # vendored urllib3 contrib/ntlmpool.py imports ntlm (python-ntlm). An invented look-alike beside them stays its own
    write(tmp_path, {
        "python/otr.py": "import potr\nimport weechat\nimport potrx\n",
        "python/mpc.py": "import weechat as wc\nfrom mpd import MPDClient, CommandError\n",
        "included_dependencies/urllib3/contrib/ntlmpool.py": "from ntlm import ntlm\n",
    })
    assert {n for _, n in imports(tmp_path)} >= {"python-potr", "python-mpd2", "python-ntlm", "potrx"}
    assert not {"potr", "mpd", "ntlm"} & {n for _, n in imports(tmp_path)}


def test_openroads_odb_is_its_only_in_a_file_that_runs_in_openroad(tmp_path):
    # r25 #7 (/tmp/r25/t6): `import odb` in an application's own module (an invented ORM-like name) is judged; it is
    # OpenROAD's only where the file, or a module beside it that the file imports, imports `openroad`. A module of
    # another folder importing openroad, or an `openroad` the file only names in a string, says nothing
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "app"\ndependencies = ["requests"]\n',
        "src/app/store.py": 'import requests\nimport odb\n\nDB = odb.connect("sqlite:///app.db")\n',
        "src/app/helpers.py": 'import odb\nimport util\nRUN = "openroad -python helpers.py"\n',
        "src/app/util.py": "import os\n",
        "tools/reader.py": "from openroad import Tech\n",
        "src/app/flow.py": "import odb\nfrom reader import load\n",
        "eda/run.py": "import odb\nfrom .base import Step\n",
        "eda/base.py": "import openroad\n",
    })
    assert {(p, n) for p, n in imports(tmp_path) if n == "odb"} == {
        ("src/app/store.py", "odb"), ("src/app/helpers.py", "odb"), ("src/app/flow.py", "odb")}


def test_a_file_in_a_vim_plug_ins_python_folders_imports_vims_own_module(tmp_path):
    # spot set 129: jedi-vim's pythonx/jedi_vim.py (plugin/jedi.vim, autoload/jedi.vim beside it) imports `vim`, the
    # module Vim gives the Python it runs; PyPI has no vim. An invented import beside it stays judged, and so does
    # `import vim` in a file outside the plug-in's python folders, and in the same layout without Vim script
    plugin = {"pythonx/jedi_vim.py": "import vim\nimport jedi_vim_magicz\n",
              "python3/helper/__init__.py": "import vim\n",
              "test/test_integration.py": "import vim\n"}
    write(tmp_path / "jedi-vim", {"plugin/jedi.vim": "if !has('python3') | finish | endif\n",
                                  "autoload/jedi.vim": "function! jedi#init_python() abort\nendfunction\n", **plugin})
    assert imports(tmp_path / "jedi-vim") == {("pythonx/jedi_vim.py", "jedi-vim-magicz"),
                                              ("test/test_integration.py", "vim")}
    write(tmp_path / "plain", {"plugin/notes.txt": "x\n", **plugin})
    assert imports(tmp_path / "plain") == {("pythonx/jedi_vim.py", "jedi-vim-magicz"), ("pythonx/jedi_vim.py", "vim"),
                                           ("python3/helper/__init__.py", "vim"), ("test/test_integration.py", "vim")}


def test_a_folder_a_vim_plug_ins_own_python_puts_on_sys_path_imports_vims_module(tmp_path):
    # spot set 187: YouCompleteMe keeps its Python in python/ (not python3/ or pythonx/), and autoload/youcompleteme.vim
    # puts it on sys.path from a `py3 << EOF` block: `sys.path[ 0:0 ] = [ p.join( root_folder, 'python' ), …]`; its
    # python/ycm/*.py import `vim`. An invented import beside it stays judged, and so does `import vim` in a folder the
    # block does not name, or in a tree whose Vim script only names the folder outside a sys.path statement
    source = {"python/ycm/base.py": "import vim\nimport ycm_vim_magicz\n", "lib/helper.py": "import vim\n"}
    setup = ("function! s:SetUpPython() abort\n  py3 << EOF\nimport os.path as p\nimport sys\nimport vim\n"
             "root_folder = p.normpath( p.join( vim.eval( 's:script_folder_path' ), '..' ) )\n"
             "third_party_folder = p.join( root_folder, 'third_party' )\n"
             "sys.path[ 0:0 ] = [ p.join( root_folder, 'python' ),\n"
             "                    p.join( third_party_folder, 'ycmd' ) ]\n"
             "from ycm import base\nEOF\nendfunction\n")
    write(tmp_path / "ycm", {"plugin/youcompleteme.vim": "call youcompleteme#Enable()\n",
                             "autoload/youcompleteme.vim": setup, **source})
    assert imports(tmp_path / "ycm") == {("python/ycm/base.py", "ycm-vim-magicz"), ("lib/helper.py", "vim")}
    elsewhere = ("function! s:SetUpPython() abort\n  py3 << EOF\nimport sys\nfolder = 'python'\n"
                 "print( sys.version )\nEOF\nendfunction\n")
    write(tmp_path / "named", {"plugin/youcompleteme.vim": "call youcompleteme#Enable()\n",
                               "autoload/youcompleteme.vim": elsewhere, **source})
    assert imports(tmp_path / "named") == {("python/ycm/base.py", "ycm-vim-magicz"), ("python/ycm/base.py", "vim"),
                                           ("lib/helper.py", "vim")}


def test_a_python_file_a_vim_plug_ins_script_runs_with_py3file_imports_vims_module(tmp_path):
    # a probe of set 187's category on the shape of sjl/gundo.vim: autoload/gundo.vim runs its sibling with
    # `exe 'py3file ' . s:plugin_path . '/gundo.py'` (and `pyfile` for Python 2), and autoload/gundo.py imports `vim`.
    # An invented import in the same file stays judged, and so does `import vim` in a Python file no script runs, or in
    # the same layout whose Vim script only mentions the file's name
    source = {"autoload/gundo.py": "import difflib\nimport vim\nimport gundo_graph_magicz\n",
              "autoload/helper.py": "import vim\n"}
    runs = ("let s:plugin_path = escape(expand('<sfile>:p:h'), '\\')\n"
            "function! s:GundoOpen()\n    if s:has_supported_python == 2\n"
            "        exe 'py3file ' . s:plugin_path . '/gundo.py'\n        python3 initPythonModule()\n"
            "    else\n        exe 'pyfile ' . s:plugin_path . '/gundo.py'\n    endif\nendfunction\n")
    write(tmp_path / "gundo", {"plugin/gundo.vim": "command! -nargs=0 GundoToggle call gundo#GundoToggle()\n",
                               "autoload/gundo.vim": runs, **source})
    assert imports(tmp_path / "gundo") == {("autoload/gundo.py", "gundo-graph-magicz"), ("autoload/helper.py", "vim")}
    write(tmp_path / "named", {"plugin/gundo.vim": "command! -nargs=0 GundoToggle call gundo#GundoToggle()\n",
                               "autoload/gundo.vim": "\" the graph is drawn by gundo.py\nlet s:f = 'gundo.py'\n",
                               **source})
    assert imports(tmp_path / "named") == {("autoload/gundo.py", "gundo-graph-magicz"), ("autoload/gundo.py", "vim"),
                                           ("autoload/helper.py", "vim")}


def test_a_weechat_script_imports_weechats_own_module(tmp_path):
    # held-out set 129: weechat/scripts' python/*.py (`import weechat`, `import weechat as wc`, then
    # `weechat.register("otr", …)` / `wc.register("mpdnp", …)`): the module WeeChat's python plug-in gives its scripts,
    # which PyPI lacks. An invented import beside it stays judged, and so does `import weechat` in a file that registers
    # nothing, or that calls another module's register
    write(tmp_path, {
        "python/otr.py": "import potr\nimport weechat\nimport weechat_otr_magicz\n\n"
                         "weechat.register('otr', 'x', '1.9', 'GPL3', 'OTR', '', 'UTF-8')\n",
        "python/mpdnp.py": "import weechat as wc\n\nwc.register('mpdnp', 'x', '0.5', 'GPL', 'np for mpd', '', '')\n",
        "python/helper.py": "import weechat\n\ndef colour(name):\n    return weechat.color(name)\n",
        "python/atexit_user.py": "import atexit\nimport weechat\n\natexit.register(print)\n",
    })
    assert imports(tmp_path) == {("python/otr.py", "python-potr"), ("python/otr.py", "weechat-otr-magicz"),
                                 ("python/helper.py", "weechat"), ("python/atexit_user.py", "weechat")}


def test_the_import_reader_for_a_host_module_is_linear_in_a_long_word(tmp_path):
    # r25 #13 (/tmp/r25/t11): a file naming odb is read for its imports; a long word after `from` or in an import list
    # that is no import (a docstring's `from AAAA… blob`, `import odb, aaaa… x`) was split anew at every letter
    # (quadratic: these sizes took over 10 s). The imports are still read as before, and odb is still judged
    from depguard.ecosystems.pypi.host_companions import imported_modules

    text = ('"""Generated.\n\nfrom ' + "A" * 30_000 + ' blob\n"""\nimport requests\nimport odb, ' + "a" * 15_000
            + " x\nfrom openroad.core import Tech\nfrom .reader import load\nimport a.b.c as d, e\n")
    assert imported_modules(text) == {"requests", "odb", "openroad", ".reader", "a", "e"}
    write(tmp_path, {"requirements.txt": "requests\n",
                     "gen.py": '"""Generated.\n\nfrom ' + "A" * 30_000 + ' blob\n"""\nimport requests\nimport odb\n'})
    assert ("gen.py", "odb") in imports(tmp_path)


def test_a_netbox_plug_ins_package_imports_netboxs_own_apps(tmp_path):
    # held-out set 175: netbox-topology-views, a NetBox plug-in (netbox_topology_views/__init__.py: `from
    # netbox.plugins import PluginConfig`, `config = TopologyViewsConfig`), a Django app NetBox imports into its own
    # process: its modules import NetBox's apps (`from dcim.models import Device`, `from utilities.filters import …`),
    # top-level packages of NetBox's tree, also from a module (signals.py) and a subpackage (api/) that never import
    # netbox itself. NetBox 3's `from extras.plugins import PluginConfig` says the same. An invented package beside
    # them, and the same apps imported by a package that is no plug-in (or only names PluginConfig in a string), stay
    # judged
    write(tmp_path, {
        "netbox_maps/__init__.py": "from netbox.plugins import PluginConfig\n\n\nclass MapsConfig(PluginConfig):\n"
                                   "    name = 'netbox_maps'\n\n\nconfig = MapsConfig\n",
        "netbox_maps/signals.py": "from dcim.models import Device\nfrom utilities.filters import MultiValueCharFilter\n"
                                  "import netbox_map_layoutz\n",
        "netbox_maps/api/__init__.py": "",
        "netbox_maps/api/views.py": "from netbox.api.viewsets import NetBoxModelViewSet\nfrom dcim.models import Site\n",
        "old_plugin/__init__.py": "from extras.plugins import (\n    PluginConfig,\n)\n\n\nclass OldConfig(PluginConfig):\n"
                                  "    name = 'old_plugin'\n\n\nconfig = OldConfig\n",
        "old_plugin/models.py": "from dcim.fields import ASNField\nfrom utilities.querysets import RestrictedQuerySet\n",
        "tools/__init__.py": "NOTE = 'from netbox.plugins import PluginConfig'\n",
        "tools/inventory.py": "from dcim.models import Device\n",
    })
    assert imports(tmp_path) == {("netbox_maps/signals.py", "netbox-map-layoutz"), ("tools/inventory.py", "dcim")}


def test_the_netbox_plug_in_mark_is_found_in_linear_time():
    # reviewer r28: `from netbox.plugins import (` read its list up to the next `)` anywhere in the file, so an
    # __init__.py of many unclosed such lines was quadratic (4,000 lines: 4 s; these 20,000: ~100 s); a list over
    # several lines is still read
    from depguard.ecosystems.pypi.netbox_plugins import _declares_plugin

    text = "from netbox.plugins import (\n" * 20_000 + "PluginConfigs = 1\n"
    assert not _declares_plugin(text)  # its growth: benchmarks/crafted_inputs.py
    assert _declares_plugin("from extras.plugins import (\n    PluginTemplateExtension,\n    PluginConfig,\n)\n")
    assert not _declares_plugin("from netbox.plugins import (\n    PluginMenu,\n)\nPluginConfig = None\n")

def test_a_comfyui_custom_node_imports_comfyuis_own_modules(tmp_path):
    # set 178: ComfyUI-Manager, a ComfyUI custom node (its __init__.py exports NODE_CLASS_MAPPINGS, which is what makes
    # ComfyUI load a folder of custom_nodes/ as one; its pyproject.toml has the Comfy Registry's [tool.comfy] table),
    # imports folder_paths, server and latent_preview, modules of ComfyUI's root, which ComfyUI has on sys.path when it
    # imports its custom nodes. Each mark alone says so (a V3 node's `comfy_entrypoint` too), for every file below the
    # node's folder; an invented import beside them stays judged, and so do the same imports in a tree that is no
    # custom node, or beside an __init__.py that only mentions the name
    write(tmp_path, {
        "manager/__init__.py": "import sys\nNODE_CLASS_MAPPINGS = {}\n__all__ = ['NODE_CLASS_MAPPINGS']\n",
        "manager/glob/manager_server.py": "import folder_paths\nfrom server import PromptServer\nimport latent_preview\n"
                                          "import comfy_magic_nodes\n",
        "manager/cm-cli.py": "def f():\n    import folder_paths\n",
        "registry/pyproject.toml": '[project]\nname = "nodes-x"\n\n[tool.comfy]\nPublisherId = "me"\n',
        "registry/src/x/loader.py": "import folder_paths\nimport node_helpers\nimport folder_pathz\n",
        "v3/__init__.py": "from comfy_api.latest import ComfyExtension\n\nasync def comfy_entrypoint():\n    return None\n",
        "v3/nodes/save.py": "import folder_paths\n",
        "plain/__init__.py": "# see NODE_CLASS_MAPPINGS in ComfyUI's docs\n",
        "plain/app.py": "import folder_paths\nfrom server import PromptServer\n",
    })
    assert imports(tmp_path) == {("manager/glob/manager_server.py", "comfy-magic-nodes"),
                                 ("registry/src/x/loader.py", "folder-pathz"),
                                 ("plain/app.py", "folder-paths"), ("plain/app.py", "server")}


def test_a_stable_diffusion_web_ui_extension_imports_the_web_uis_own_modules(tmp_path):
    # held-out spot set 208: sd-webui-controlnet (its install.py does `import launch` and `launch.run_pip(…)`, which the
    # web UI runs at start-up with its root on the path) imports `from sgm.modules.attention import CrossAttention` for
    # SDXL, a module of the generative-models checkout the web UI puts on sys.path, and ADetailer (its preload.py
    # defines `preload(parser)`) imports Forge's `from lib_controlnet import external_code`. Each mark alone says so,
    # for every file below the extension's folder; an invented import beside them stays judged, and so do the same
    # imports in a tree that is no extension, or beside an install.py that does not import launch
    write(tmp_path, {
        "controlnet/install.py": "import launch\n\nif not launch.is_installed('mediapipe'):\n"
                                 "    launch.run_pip('install mediapipe', 'requirement')\n",
        "controlnet/scripts/ipadapter/patch.py": "from modules import devices\nimport modules.scripts as scripts\n"
                                                "from sgm.modules.attention import CrossAttention\nimport sgm_magic_nodes\n",
        "adetailer/preload.py": "import argparse\n\n\ndef preload(parser: argparse.ArgumentParser):\n"
                                "    parser.add_argument('--ad-no-huggingface', action='store_true')\n",
        "adetailer/controlnet_ext/forge.py": "from lib_controlnet import external_code\nfrom modules_forge import x\n",
        "plain/install.py": "import subprocess\nsubprocess.run(['pip', 'install', '-r', 'requirements.txt'])\n",
        "plain/app.py": "from sgm.modules.attention import CrossAttention\nfrom lib_controlnet import external_code\n",
    })
    assert imports(tmp_path) == {("controlnet/scripts/ipadapter/patch.py", "sgm-magic-nodes"),
                                 ("plain/app.py", "sgm"), ("plain/app.py", "lib-controlnet")}


def test_the_wheels_an_extensions_install_py_fetches_make_related_imports_notes(tmp_path):
    # held-out spot set 208: sd-webui-controlnet's install.py, which the web UI runs at start-up, installs wheels from
    # GitHub releases through a helper (`try_install_from_wheel("dsine", wheel_url=os.environ.get("DSINE_WHEEL",
    # "https://github.com/sdbds/DSINE/releases/download/1.0.2/dsine-2024.3.23-py3-none-any.whl"))`, whose helper runs
    # `launch.run_pip(f"install {wheel_url}")`); its annotator imports `dsine` and `hand_refiner` (the
    # handrefinerportable wheel), which PyPI does not have. An unrelated invented import, and the same import in a tree
    # whose wheel address is in a file of another name, stay judged
    write(tmp_path, {
        "ext/pyproject.toml": "[project]\nname = 'ext'\n",
        "ext/install.py": "import launch, os\n\n\ndef try_install_from_wheel(name, wheel_url):\n"
                          "    launch.run_pip(f'install {wheel_url}', name)\n\n\ntry_install_from_wheel(\n    'dsine',\n"
                          "    wheel_url=os.environ.get(\n        'DSINE_WHEEL',\n"
                          "        'https://github.com/sdbds/DSINE/releases/download/1.0.2/dsine-2024.3.23-py3-none-any.whl',\n"
                          "    ),\n)\nHAND = \"https://github.com/huchenlei/HandRefinerPortable/releases/download/v1.0.1/"
                          "handrefinerportable-2024.2.12.0-py2.py3-none-any.whl\"\n",
        "ext/annotator/normaldsine/__init__.py": "import dsine.utils.utils as utils\nfrom dsine.models.dsine import DSINE\n"
                                                 "import normal_estimator_kit\n",
        "ext/scripts/processor.py": "def load():\n    from hand_refiner import MeshGraphormerDetector\n",
        "other/pyproject.toml": "[project]\nname = 'other'\n",
        "other/setup_wheels.py": "WHEEL = 'https://github.com/sdbds/DSINE/releases/download/1.0.2/dsine-2024.3.23-py3-none-any.whl'\n",
        "other/use.py": "from dsine.models.dsine import DSINE\n",
    })
    got = verdicts(judged(tmp_path, {"launch"}))
    assert {k: v for k, v in got.items() if k[1] != "launch"} == {
        ("ext/annotator/normaldsine/__init__.py", "dsine"): "allowed",
        ("ext/annotator/normaldsine/__init__.py", "normal_estimator_kit"): "missing",
        ("ext/scripts/processor.py", "hand_refiner"): "allowed",
        ("other/use.py", "dsine"): "missing",
    }


def test_a_forge_spaces_app_imports_the_modules_of_the_hugging_face_space_forge_downloads(tmp_path):
    # held-out spot set 208: Stable Diffusion WebUI Forge's extensions-builtin/forge_space_iclight holds a
    # space_meta.json ("repo_id": "lllyasviel/IC-Light") and a forge_app.py; Forge downloads that Space's repository into
    # the folder, puts it on sys.path and runs forge_app.py, which imports the Space's `db_examples` and `briarmbg`
    # (PyPI has neither). An invented registered look-alike stays judged, and so do the same imports in a folder with
    # a forge_app.py but no meta file, and beside a meta file without a repo_id
    write(tmp_path, {
        "spaces/iclight/space_meta.json": '{"tag": "Relighting", "title": "IC-Light", "repo_id": "lllyasviel/IC-Light",'
                                          ' "revision": "3072485a2b69261ab332fdf2e255d0eca35b323b"}\n',
        "spaces/iclight/forge_app.py": "import spaces\nimport db_examples\nfrom briarmbg import BriaRMBG\nimport reqeusts\n",
        "spaces/vton/src/tryon_pipeline.py": "from diffusers import DiffusionPipeline\n",
        "spaces/vton/space_meta.json": '{"tag": "Try-on", "title": "IDM-VTON", "repo_id": "yisol/IDM-VTON"}\n',
        "spaces/vton/forge_app.py": "from utils_mask import get_mask_location\nfrom src.tryon_pipeline import P\n",
        "spaces/vton/sub/helper.py": "import apply_net\n",
        "other/forge_app.py": "import db_examples\n",
        "meta_only/space_meta.json": '{"tag": "x", "title": "y"}\n',
        "meta_only/forge_app.py": "from briarmbg import BriaRMBG\n",
    })
    got = verdicts(judged(tmp_path, {"spaces", "diffusers", "reqeusts"}))
    assert {k: v for k, v in got.items() if k[1] not in ("spaces", "diffusers")} == {
        ("spaces/iclight/forge_app.py", "db_examples"): "allowed",
        ("spaces/iclight/forge_app.py", "briarmbg"): "allowed",
        ("spaces/iclight/forge_app.py", "reqeusts"): "suspicious",
        ("spaces/vton/forge_app.py", "utils_mask"): "allowed",
        ("spaces/vton/sub/helper.py", "apply_net"): "allowed",
        ("other/forge_app.py", "db_examples"): "missing",
        ("meta_only/forge_app.py", "briarmbg"): "missing",
    }


def test_a_netbox_custom_script_or_report_imports_netboxs_own_apps(tmp_path):
    # NetBox loads custom scripts and reports from its SCRIPTS_ROOT/REPORTS_ROOT into its own process; each inherits
    # extras.scripts.Script (NetBox's docs: "All custom scripts must inherit from the extras.scripts.Script base
    # class") or, before NetBox 4, extras.reports.Report, and builds on NetBox's apps (`from dcim.models import
    # Device`). An invented package beside them, and the same apps imported by a file that is neither (or only names
    # extras.scripts in a string), stay judged
    write(tmp_path, {
        "scripts/new_site.py": "from dcim.choices import DeviceStatusChoices\nfrom dcim.models import Device, Site\n"
                               "from extras.scripts import Script, ObjectVar\nfrom utilities.exceptions import AbortScript\n"
                               "import netbox_site_wizardz\n",
        "reports/devices.py": "from dcim.models import Device\nfrom extras.reports import Report\n",
        "tools/export.py": "from dcim.models import Device\nHELP = 'from extras.scripts import Script'\n",
    })
    assert imports(tmp_path) == {("scripts/new_site.py", "netbox-site-wizardz"), ("tools/export.py", "dcim")}


def test_the_module_the_albert_launcher_embeds_for_its_python_extensions_is_alberts(tmp_path):
    # albertlauncher/python's archived plug-ins (held-out set 187): `from albertv0 import *` beside `__iid__ =
    # "PythonInterface/v0.1"`, the module Albert's Python extension embeds for interface v0 (its documentation's
    # python.v0.md); an invented import beside it, and the same name in other letters, stay judged
    write(tmp_path, {
        ".archive/rand/__init__.py": '"""Draws a random integer."""\nfrom albertv0 import *\nimport albert_dice_kit\n'
                                     '__iid__ = "PythonInterface/v0.1"\n',
        ".archive/xkcd/__init__.py": "import albertv0 as v0\n",
        "upper.py": "import AlbertV0\n",
    })
    assert imports(tmp_path) == {(".archive/rand/__init__.py", "albert-dice-kit"), ("upper.py", "albertv0")}


def test_the_compiled_core_ycmd_gives_a_ycm_extra_conf_is_ycmds(tmp_path):
    # spacemacs' layers/+lang/c-c++/global_conf.py (held-out set 308's second spot set), a global .ycm_extra_conf.py:
    # `import ycm_core` for ycm_core.CompilationDatabase, the module ycmd builds from its C++ core (PyPI has no
    # ycm-core; ycm_core was DG001). An invented import beside it, and look-alikes of it, stay judged
    write(tmp_path, {
        "layers/+lang/c-c++/global_conf.py": "import json\nimport ycm_core\nimport ycm_flags_helper_zz\n\n"
                                             "database = ycm_core.CompilationDatabase('/tmp')\n",
        "tools/ycm_conf.py": "import ycm_cores\nimport ycmcore\n",
    })
    assert imports(tmp_path) == {("layers/+lang/c-c++/global_conf.py", "ycm-flags-helper-zz"),
                                 ("tools/ycm_conf.py", "ycm-cores"), ("tools/ycm_conf.py", "ycmcore")}


def test_an_ableton_live_control_surface_script_imports_lives_own_modules(tmp_path):
    # spot set 186: AbletonOSC, an Ableton Live control-surface script (its package's __init__.py defines Live's entry
    # point create_instance(c_instance)), imports Live and `ableton.v2.control_surface`; Live's newer scripts import
    # ableton.v3, MidiRemoteScript, pushbase and novation, modules Live gives the scripts it runs. Every file of the
    # package (and of packages below it) has them as Live's; an invented import beside them stays judged, and so do the
    # same imports in a package whose __init__.py only mentions the entry point, or outside any package
    write(tmp_path, {
        "osc/__init__.py": "from .manager import Manager\n\ndef create_instance(c_instance):\n    return Manager(c_instance)\n",
        "osc/manager.py": "from ableton.v2.control_surface import ControlSurface\nimport Live\n",
        "osc/abletonosc/__init__.py": "",
        "osc/abletonosc/handler.py": "from ableton.v2.control_surface.component import Component\n"
                                     "import live_magic_tools\n",
        "MyController/__init__.py": "from .surface import Surface\n\n\ndef create_instance(c_instance: object) -> Surface:\n"
                                    "    return Surface(c_instance=c_instance)\n",
        "MyController/surface.py": "from ableton.v3.control_surface import ControlSurface\nimport MidiRemoteScript\n"
                                   "from pushbase.consts import PROTO_AUDIO_NOTE_MODE\nfrom novation.skin import Skin\n"
                                   "import abletonn\n",
        "notes/__init__.py": "# Live calls create_instance(c_instance) of a script\n",
        "notes/client.py": "from ableton.v3.control_surface import ControlSurface\n",
        "tools/run.py": "import ableton\nimport pushbase\n",
    })
    assert imports(tmp_path) == {("osc/abletonosc/handler.py", "live-magic-tools"),
                                 ("MyController/surface.py", "abletonn"), ("notes/client.py", "ableton"),
                                 ("tools/run.py", "ableton"),
                                 ("tools/run.py", "pushbase")}


def test_an_fl_studio_midi_controller_script_imports_fl_studios_own_modules(tmp_path):
    # set 186 (DAW tooling): FL Studio runs the device_<name>.py of a folder of its Settings/Hardware whose first line is
    # `# name=<name>`, with the folder on sys.path; the script and its folder's modules import FL Studio's transport, ui,
    # midi, mixer, plugins … (PyPI has no transport, ui, midi or plugins). Every file of the folder and below it has
    # them as FL Studio's; an invented import beside them stays judged, and so do the same imports beside a
    # device_*.py without the header, or in a folder no script's
    write(tmp_path, {
        "Hardware/MyKeys/device_MyKeys.py": "# name=My Keys\n# url=https://example.org/mykeys\n\nimport transport\n"
                                            "import ui\nimport midi\nfrom helpers import handle\n",
        "Hardware/MyKeys/helpers.py": "import mixer\nimport plugins\nimport fl_studio_magic\n",
        "Hardware/MyKeys/pages/arrange.py": "import arrangement\nimport launchMapPages\n",
        "Hardware/Other/device_Other.py": "import transport\n",
        "tools/convert.py": "import midi\nimport transport\n",
    })
    assert imports(tmp_path) == {("Hardware/MyKeys/helpers.py", "fl-studio-magic"),
                                 ("Hardware/Other/device_Other.py", "transport"), ("tools/convert.py", "midi"),
                                 ("tools/convert.py", "transport")}


def test_a_touchdesigner_projects_python_imports_touchdesigners_own_modules(tmp_path):
    # set 186 (AV and live performance tooling): the Python of a TouchDesigner project (a .toe, its components .tox),
    # kept as files beside it, runs in TouchDesigner, which gives it td, tdu, TDFunctions, TDStoreTools and TDJSON; the
    # extension template TouchDesigner writes starts `from TDStoreTools import StorageManager` / `import TDFunctions as
    # TDF` and defines `__init__(self, ownerComp)` (PyPI has no TDFunctions or TDStoreTools). A file below a folder
    # holding a .toe or .tox, or an extension anywhere, has them as TouchDesigner's; an invented import beside them stays
    # judged, and so do the same imports in a file of neither kind
    write(tmp_path, {
        "project/Show.toe": "",
        "project/scripts/ext.py": "from TDStoreTools import StorageManager\nimport TDFunctions as TDF\nimport TDJSON\n"
                                  "import td_magic_kit\n",
        "toxes/Tracker.tox": "",
        "toxes/Tracker/callbacks.py": "import td\nimport tdu\n",
        "ext/StateExt.py": "from TDStoreTools import StorageManager\nimport TDFunctions as TDF\n\n\nclass StateExt:\n"
                           "    def __init__(self, ownerComp):\n        self.ownerComp = ownerComp\n",
        "tools/render.py": "import TDFunctions\nimport tdu\n",
    })
    assert imports(tmp_path) == {("project/scripts/ext.py", "td-magic-kit"), ("tools/render.py", "tdfunctions"),
                                 ("tools/render.py", "tdu")}


ULAUNCHER_MANIFEST = ('{\n    "required_api_version": "^2.0.0",\n    "name": "Timer",\n    "developer_name": "A. G.",\n'
                      '    "icon": "images/timer.png",\n    "preferences": []\n}\n')


def test_a_ulauncher_extension_imports_ulaunchers_own_api(tmp_path):
    # the category of held-out set 187 (launcher extensions), probed on the shape of Ulauncher/ulauncher-timer:
    # manifest.json at the extension's root declares "required_api_version" (Ulauncher's extension manifest;
    # docs/extensions/tutorial.rst), and main.py and timer/TimerExtension.py import `ulauncher.api…`, the API of the
    # Ulauncher that runs them (PyPI has no ulauncher: JSON API 404). An invented import beside it stays judged, and so
    # do `import ulauncher` in a tree whose manifest.json is another kind (a WebExtension's) and a versions.json alone
    ext = {"main.py": "from timer.TimerExtension import TimerExtension\n\nif __name__ == '__main__':\n"
                      "    TimerExtension().run()\n",
           "timer/__init__.py": "",
           "timer/TimerExtension.py": "from ulauncher.api.shared.event import KeywordQueryEvent\n"
                                      "from ulauncher.api.client.Extension import Extension\nimport ulauncher_timer_kitz\n"}
    write(tmp_path / "timer", {"manifest.json": ULAUNCHER_MANIFEST, **ext})
    assert imports(tmp_path / "timer") == {("timer/TimerExtension.py", "ulauncher-timer-kitz")}
    write(tmp_path / "web", {"manifest.json": '{"manifest_version": 3, "name": "x", "version": "1"}\n',
                             "versions.json": '[{"required_api_version": "^2.0.0", "commit": "master"}]\n', **ext})
    assert imports(tmp_path / "web") == {("timer/TimerExtension.py", "ulauncher-timer-kitz"),
                                         ("timer/TimerExtension.py", "ulauncher")}


SLICER_MODULE_CMAKE = ("set(MODULE_NAME Annotator)\nset(MODULE_PYTHON_SCRIPTS\n  ${MODULE_NAME}.py\n"
                       "  ${MODULE_NAME}Lib/__init__.py\n  )\nslicerMacroBuildScriptedModule(\n  NAME ${MODULE_NAME}\n"
                       "  SCRIPTS ${MODULE_PYTHON_SCRIPTS}\n  )\n")


def test_a_3d_slicer_scripted_modules_python_imports_slicers_own_modules(tmp_path):
    # set 196 (medical imaging and health data): MONAILabel's Slicer plug-ins (plugins/slicer/MONAILabel/MONAILabel.py)
    # are 3D Slicer scripted modules: `from slicer.ScriptedLoadableModule import *`, a CMakeLists.txt calling
    # slicerMacroBuildScriptedModule, and imports of what Slicer's Python gives its modules (PythonQt's qt, Base/Python's
    # sitkUtils and vtkSegmentationCore, the DICOMScalarVolumePlugin of Modules/Scripted/DICOMPlugins). PyPI has none
    # of qt, sitkUtils, vtkSegmentationCore or DICOMScalarVolumePlugin. A file importing the template's base class, or
    # below a folder whose CMakeLists.txt builds a scripted module (its Lib package), has them as Slicer's; an invented
    # import beside them stays judged, and so do the same imports in a file of neither kind
    write(tmp_path, {
        "slicer/Annotator/CMakeLists.txt": SLICER_MODULE_CMAKE,
        "slicer/Annotator/Annotator.py": "import ctk\nimport DICOMScalarVolumePlugin\nimport qt\nimport sitkUtils\n"
                                         "import slicer\nimport vtkSegmentationCore\n"
                                         "from slicer.ScriptedLoadableModule import *\nimport slicer_annotator_kit\n",
        "slicer/Annotator/AnnotatorLib/client.py": "import qt\nimport sitkUtils\n",
        "ext/Tool.py": "import qt\nimport vtkSegmentationCore\nfrom slicer.ScriptedLoadableModule import ScriptedLoadableModule\n",
        "tools/convert.py": "import sitkUtils\nimport qt\n",
        "cmake/CMakeLists.txt": "add_subdirectory(src)\n",
        "cmake/src/viewer.py": "import qt\n",
    })
    assert imports(tmp_path) == {("slicer/Annotator/Annotator.py", "slicer-annotator-kit"),
                                 ("tools/convert.py", "sitkutils"), ("tools/convert.py", "qt"),
                                 ("cmake/src/viewer.py", "qt")}


DESIGNER_FORM = ('<?xml version="1.0" encoding="UTF-8"?>\n<ui version="4.0">\n <class>Reviewer</class>\n'
                 ' <widget class="QWidget" name="Reviewer"/>\n <customwidgets>\n  <customwidget>\n'
                 '   <class>ctkCollapsibleButton</class>\n   <extends>QWidget</extends>\n'
                 '   <header>ctkCollapsibleButton.h</header>\n   <container>1</container>\n  </customwidget>\n'
                 ' </customwidgets>\n</ui>\n')
UIC_HEADER = ("################################################################################\n"
              "## Form generated from reading UI file 'Reviewer.ui'\n##\n"
              "## Created by: Qt User Interface Compiler version 5.15.2\n"
              "################################################################################\n\n")


def test_a_form_whose_header_holds_a_long_run_of_blanks_is_read_for_its_widgets(tmp_path):
    # reviewer r30: the header's pattern (a lazy text between two runs of blanks) was quadratic in a run of blanks: 60 KB
    # of them in a form 12 s, these 120 KB ~45 s (forms are read up to 5 MB); a header padded with blanks is still
    # read, and an unclosed one declares nothing (its growth: benchmarks/crafted_inputs.py)
    from depguard.ecosystems.pypi.uic_forms import _declared_widgets

    blanks = " \n\t" * 40_000
    padded = f"<customwidget><class>ctkPad</class><header>{blanks}ctkPad.h{blanks}</header></customwidget>"
    unclosed = f"<customwidget><class>ctkOpen</class><header>a{blanks}b</customwidget>"
    assert _declared_widgets(padded + unclosed) == {("ctkPad", "ctkPad")}
    assert _declared_widgets("<customwidget><class>X</class><header> </header></customwidget>") == frozenset()


def test_a_custom_widget_a_qt_designer_form_declares_is_its_header_in_the_code_uic_generated(tmp_path):
    # set 196 (medical imaging and health data): MONAILabel's Slicer plug-in holds the code the VS Code Qt extension had
    # PySide2's uic generate from Resources/UI/MONAILabelReviewer.ui (.qt_for_python/uic/MONAILabelReviewer.py), and uic
    # turns the form's `<customwidget>` (class ctkCollapsibleButton, `<header>ctkCollapsibleButton.h</header>`, CTK's
    # C++ widget) into `from ctkCollapsibleButton import ctkCollapsibleButton`: the form's declaration of a C++ header,
    # not a PyPI name. A custom widget the form does not declare stays judged, and so does the same import in a file
    # uic did not generate, or in generated code whose form the tree does not hold
    write(tmp_path, {
        "Reviewer/Resources/UI/Reviewer.ui": DESIGNER_FORM,
        "Reviewer/.qt_for_python/uic/Reviewer.py": UIC_HEADER + "from ctkCollapsibleButton import ctkCollapsibleButton\n"
                                                  "from ctkMagicButton import ctkMagicButton\n"
                                                  "from PySide2.QtWidgets import *\n",
        "Reviewer/widgets.py": "from ctkCollapsibleButton import ctkCollapsibleButton\n",
        "Other/ui_other.py": UIC_HEADER.replace("Reviewer.ui", "Other.ui")
                             + "from ctkCollapsibleButton import ctkCollapsibleButton\n",
        # PyQt's pyuic5 heads its code with the path it was given (here from the repository's root)
        "designer/main.ui": DESIGNER_FORM.replace("ctkCollapsibleButton", "QwtPlot").replace("QwtPlot.h", "qwt_plot.h"),
        "app/ui_main.py": "# Form implementation generated from reading ui file 'designer/main.ui'\n#\n"
                          "# Created by: PyQt5 UI code generator 5.15.9\n\nfrom PyQt5 import QtCore, QtWidgets\n"
                          "from qwt_plot import QwtPlot\n",
    })
    assert imports(tmp_path) == {("Reviewer/.qt_for_python/uic/Reviewer.py", "ctkmagicbutton"),
                                 ("Reviewer/.qt_for_python/uic/Reviewer.py", "pyside2"),
                                 ("Reviewer/widgets.py", "ctkcollapsiblebutton"),
                                 ("Other/ui_other.py", "ctkcollapsiblebutton"), ("app/ui_main.py", "pyqt5")}


def test_the_wrapped_libraries_slicer_builds_for_its_loadable_modules_are_slicers_in_a_scripted_module(tmp_path):
    # a probe of set 196's category (3D Slicer extensions): Slicer's CMake wraps each loadable module's libraries for
    # Python as `vtkSlicer<Name>Module{Logic,MRML,…}Python` (and a `vtkSlicer<Name>ModuleLogic` shim), its kits as
    # `<kit>Python`/`<kit>PythonQt` (SlicerBaseLogicPython, vtkSegmentationCorePython, qSlicerBaseQTCorePythonQt):
    # SegmentStatistics' test writes `import vtkSlicerSegmentationsModuleLogicPython as vtkSlicerSegmentationsModuleLogic`,
    # an extension's logic `from vtkSlicerVascularTerritoriesModuleLogicPython import vtkSlicerVascularTerritoriesLogic`.
    # In a scripted module they are Slicer's build; an invented name that only starts like one, and the same imports
    # outside a scripted module, stay judged
    write(tmp_path, {
        "Annotator/CMakeLists.txt": SLICER_MODULE_CMAKE,
        "Annotator/Annotator.py": "import vtkSlicerSegmentationsModuleLogicPython as vtkSlicerSegmentationsModuleLogic\n"
                                  "from vtkSlicerVascularTerritoriesModuleLogicPython import vtkSlicerVascularTerritoriesLogic\n"
                                  "import vtkSlicerContoursModuleLogic\nimport vtkSegmentationCorePython\n"
                                  "from SlicerBaseLogicPython import vtkSlicerScriptedFileReaderBridge\n"
                                  "import qSlicerBaseQTCorePythonQt\nimport vtkslicer_helpers\n",
        "tools/convert.py": "import vtkSlicerSegmentationsModuleLogicPython\n",
    })
    assert imports(tmp_path) == {("Annotator/Annotator.py", "vtkslicer-helpers"),
                                 ("tools/convert.py", "vtkslicersegmentationsmodulelogicpython")}


def test_the_modules_pyrevit_and_rhino_give_the_python_they_run_are_theirs(tmp_path):
    # held-out set 250: a pyRevit extension's button script and lib (CyrilWaechter/pyRevitMEP: `from pyrevit import
    # forms`, `from Autodesk.Revit import DB`, `import rpw`; the repository is one extension, its root holding
    # pyRevitMEP.tab), and Rhino snippets (mcneel/rhino-developer-samples: `import Rhino`, `import scriptcontext`,
    # `import rhinoscriptsyntax as rs`; a snippet importing only rhinoscriptsyntax beside ones importing Rhino). An
    # invented import in those files, and the same host names in a plain project, stay judged
    write(tmp_path, {
        "ext/MEP.tab/Create.panel/Sections.pushbutton/script.py":
            "from pyrevit import forms\nfrom Autodesk.Revit import DB\nimport rpw\nimport revit_helpers_x\n",
        "ext/lib/mep/category.py": "from Autodesk.Revit.DB import Category\nimport rpw\n",
        "rhino/snippets/ex_box.py": "import Rhino\nimport scriptcontext\nimport rhinoscriptsyntax as rs\nimport rhino_kit_x\n",
        "rhino/snippets/ex_loft.py": "import rhinoscriptsyntax as rs\n",
        "rhino/gh/comp.py": "import Grasshopper\nimport ghpythonlib.components as ghcomp\n",
        "app/main.py": "import rpw\nfrom pyrevit import forms\nimport scriptcontext\nimport rhinoscriptsyntax as rs\n",
    })
    assert imports(tmp_path) == {
        ("ext/MEP.tab/Create.panel/Sections.pushbutton/script.py", "revit-helpers-x"),
        ("rhino/snippets/ex_box.py", "rhino"), ("rhino/snippets/ex_box.py", "rhino-kit-x"), ("rhino/gh/comp.py", "grasshopper"),
        ("app/main.py", "rpw"), ("app/main.py", "pyrevit"), ("app/main.py", "scriptcontext"),
        ("app/main.py", "rhinoscriptsyntax")}


def test_the_modules_nvda_gives_its_add_ons_are_nvdas(tmp_path):
    # held-out set 261: NVDA add-ons built from NV Access's add-on template (nvdaes/clipContentsDesigner's
    # addon/globalPlugins/clipContentsDesigner/__init__.py: `import addonHandler`, `import globalPluginHandler`,
    # `import ui`; its addon/installTasks.py; buildVars.py and manifest.ini.tpl beside addon/), and an unpacked add-on
    # with its manifest.ini. An invented import in those files, and the same NVDA names in a plain project or in a
    # folder with plug-in folders but no add-on's manifest, stay judged
    write(tmp_path, {
        "tpl/buildVars.py": "addon_info = {}\n",
        "tpl/manifest.ini.tpl": "name = {addon_name}\n",
        "tpl/addon/globalPlugins/clip/__init__.py":
            "import addonHandler\nimport globalPluginHandler\nimport ui\nfrom NVDAObjects import NVDAObject\n"
            "import core\nimport nvda_clip_helper_x\n",
        "tpl/addon/installTasks.py": "import addonHandler\nimport inputCore\n",
        "unpacked/myAddon/manifest.ini": "name = myAddon\n",
        "unpacked/myAddon/appModules/notepad.py": "import appModuleHandler\nimport api\nimport nvda_app_kit_x\n",
        "unpacked/myAddon/brailleDisplayDrivers/acme.py": "import braille\nimport hwIo\nfrom NVDAState import WritePaths\n",
        "plain/app.py": "import ui\nimport addonHandler\n",
        "plain/globalPlugins/x.py": "import globalPluginHandler\n",
    })
    assert imports(tmp_path) == {
        ("tpl/addon/globalPlugins/clip/__init__.py", "nvda-clip-helper-x"),
        ("unpacked/myAddon/appModules/notepad.py", "nvda-app-kit-x"),
        ("plain/app.py", "ui"), ("plain/app.py", "addonhandler"),
        ("plain/globalPlugins/x.py", "globalpluginhandler")}


def test_the_modules_gramps_3_gave_its_add_ons_are_grampss(tmp_path):
    # gramps-project/addons-source: RebuildTypes/RebuildTypes.py imports `from gui.plug import tool` and
    # `from QuestionDialog import OkDialog` (Gramps 3.x's top-level modules, its src/ on sys.path) beside its
    # RebuildTypes.gpr.py registration; PrerequisitesCheckerGramplet falls back to `from constfunc import win` for
    # Gramps 3.x. An invented import there, the same names in a plain project or beside a .gpr.py that registers
    # nothing, stay judged
    write(tmp_path, {
        "RebuildTypes/RebuildTypes.gpr.py": 'register(\n    TOOL,\n    id="rebuild_types",\n    fname="RebuildTypes.py",\n)\n',
        "RebuildTypes/RebuildTypes.py": "from gui.plug import tool\nfrom QuestionDialog import OkDialog\n"
                                        "import gramps_rebuild_kit_x\n",
        "Prereq/Prereq.gpr.py": 'register(GRAMPLET, id="prereq", fname="Prereq.py")\n',
        "Prereq/lib/checks.py": "try:\n    from gramps.gen.plug import Gramplet\nexcept ImportError:\n"
                                "    from constfunc import win\n",
        "plain/app.py": "from gui.plug import tool\nimport QuestionDialog\n",
        "notes/x.gpr.py": "# register nothing\n",
        "notes/x.py": "import constfunc\n",
    })
    assert imports(tmp_path) == {
        ("RebuildTypes/RebuildTypes.py", "gramps-rebuild-kit-x"), ("Prereq/lib/checks.py", "gramps"),
        ("plain/app.py", "gui"), ("plain/app.py", "questiondialog"), ("notes/x.py", "constfunc")}


def test_the_api_modules_appdaemon_gives_its_apps_are_appdaemons(tmp_path):
    # held-out set 266: AppDaemon apps import its plug-ins' API modules by bare names (`import hassapi as hass` in
    # benleb/ad-automoli's apps/automoli/automoli.py, `import adbase as ad` in Odianosen25/Monitor-App's
    # apps/home_presence_app/home_presence_app.py, both HACS repositories with hacs.json beside apps/; AppDaemon's
    # docs' `import adapi`, a name PyPI lacks). Below AppDaemon's configuration folder, an apps.yaml, or a HACS
    # repository's apps folder they are AppDaemon's; an invented import there, the same names in a plain project, and
    # a HACS repository's file outside its apps folder stay judged
    write(tmp_path, {
        "conf/appdaemon.yaml": "appdaemon:\n  plugins:\n    HASS:\n      type: hass\n",
        "conf/apps/lights/kitchen.py": "import hassapi as hass\nimport adapi\nimport adbase as ad\nimport ad_light_kit_x\n",
        "hacsrepo/hacs.json": '{"name": "Presence"}\n',
        "hacsrepo/apps/presence/presence.py": "import mqttapi as mqtt\nimport adbase as ad\nimport ad_presence_kit_x\n",
        "hacsrepo/tools/check.py": "import adapi\n",
        "cfg/apps.yaml": "kitchen:\n  module: kitchen\n  class: Kitchen\n",
        "cfg/kitchen.py": "import hassapi as hass\n",
        "plain/app.py": "import hassapi\nimport adapi\n",
    })
    assert imports(tmp_path) == {
        ("conf/apps/lights/kitchen.py", "ad-light-kit-x"),
        ("hacsrepo/apps/presence/presence.py", "ad-presence-kit-x"),
        ("hacsrepo/tools/check.py", "adapi"),
        ("plain/app.py", "hassapi"), ("plain/app.py", "adapi")}


def test_the_packages_openhabs_jython_gives_its_rule_scripts_are_openhabs(tmp_path):
    # a probe of held-out set 266 (home automation): openHAB's Jython rules under automation/jsr223/ import the
    # helper libraries' `core` (core.rules, core.triggers; PyPI's core is unrelated, DG002 as a look-alike of ncore),
    # the user's `personal` package from automation/lib/python/, and Java packages (`org.openhab…`, `org.joda.time`:
    # PyPI has no org). An invented import there, and the same names outside openHAB's folders, stay judged
    write(tmp_path, {
        "conf/automation/jsr223/python/personal/lights.py":
            "from core.rules import rule\nfrom core.triggers import when\nfrom personal.helpers import is_night\n"
            "from org.openhab.core.model.script.actions import ScriptExecution\nimport oh_rule_kit_x\n",
        "conf/automation/lib/python/personal/helpers.py": "from core.log import logging\nfrom org.joda.time import DateTime\n",
        "app/rules.py": "from core.rules import rule\nfrom org.openhab.core import x\n",
        "automation/jsr223x/rules.py": "from core.rules import rule\n",
        # the helper libraries' own tree (openhab-scripters/openhab-helper-libraries): its Script Examples import the
        # library's core modules and Java beside the library's Core/automation/lib/python/core; a core module the
        # library lacks is judged
        "helpers/Core/automation/lib/python/core/jsr223.py": "from org.slf4j import LoggerFactory\n",
        "helpers/Script Examples/Python/hello.py": "from core.log import logging\nfrom org.openhab.core import x\n",
        "helpers/Script Examples/Python/other.py": "from core.stuff import x\n",
        # a script elsewhere that calls openHAB's script extension is openHAB's; one naming JSR 223 runs on a JVM,
        # where only its Java domains are Java's
        "scripts/action.py": 'scriptExtension.importPreset("RuleSupport")\n'
                             "from org.openhab.core.automation.handler import ActionHandler\nfrom personal.x import y\n",
        "scripts/delay.py": 'from org.slf4j import LoggerFactory\nfrom core.log import logging\n'
                            'LOG = LoggerFactory.getLogger("jsr223.jython.core.startup_delay")\n',
    })
    assert imports(tmp_path) == {
        ("conf/automation/jsr223/python/personal/lights.py", "oh-rule-kit-x"),
        ("app/rules.py", "core"), ("app/rules.py", "org"), ("automation/jsr223x/rules.py", "core"),
        ("helpers/Script Examples/Python/other.py", "core"), ("scripts/delay.py", "core")}
