"""Add-ons and tools of digital content creation applications (held-out set 72: Blender add-ons, a Maya rigging
framework, Houdini and Cinema 4D tools, a VFX pipeline toolkit): the modules the application gives them, the folders
it puts on ``sys.path`` for them, a checkout that is itself an add-on package, and a requirement the code installs
from a VCS with its own helper are no PyPI guesses; an invented package imported beside them is still judged."""

from __future__ import annotations

from pathlib import Path

from depguard.ecosystems.pypi.host_folders import maya_module_folders
from depguard.model import Origin
from tests.test_project_model import git_tree
from tests.trees import found, scan, write


def imports(root: Path) -> set[tuple[str, str]]:
    return found(root, Origin.IMPORT)


def test_the_modules_blender_houdini_cinema_4d_and_maya_give_their_tools_are_theirs(tmp_path):
    # BlenderKit (addon_utils, bl_operators, bl_pkg, rna_keymap_ui), Dream Textures (bl_ui, nodeitems_utils, cycles),
    # qLib (nodegraphutils, mvexportutils), Cinema 4D's examples (c4d, maxon, mxutils), mGear (pyside2uic), ayon-core
    # (mvpxr, PyOpenColorIO, opentimelineio_contrib: real distributions' modules); invented names beside them stay judged
    write(tmp_path, {
        "blenderkit/__init__.py": "import bpy\nimport addon_utils\nfrom bl_operators import userpref\n"
                                  "import bl_pkg.bl_extension_ui as exui\nimport rna_keymap_ui\nimport blender_asset_magic\n",
        "engine/engine.py": "from bl_ui.properties_render import RENDER_PT_color_management\nimport nodeitems_utils\n"
                            "import cycles\n",
        "scripts/python/qlibutils.py": "import nodegraphutils\nimport mvexportutils\nimport soptoolutils\n"
                                       "import houdini_magic_tools\n",
        "scripts/c4d_example.py": "import c4d\nimport maxon\nimport mxutils\nimport c4d_geometry_helpers\n",
        "maya_tool/pyqt.py": "from pyside2uic import compileUi\nfrom mvpxr import Usd\n",
        "pipeline/colorspace.py": "import PyOpenColorIO\nimport opentimelineio_contrib.adapters.ffmpeg_burnins as fb\n",
        # held-out set 263: ayon-houdini's creator_node_shelves.py (loptoolutils, cop2toolutils), ayon-maya's
        # pipeline.py, lib_renderproducts.py and load_multiverse_usd.py (xgenm, rfm2, multiverse), rez's rezgui (Qt)
        "houdini/shelves.py": "import loptoolutils\nimport cop2toolutils\nimport chop2toolutils_x\n",
        "maya/pipeline.py": "import xgenm\nimport rfm2\nimport multiverse\nimport xgenm_helpers_x\n",
        "gui/about.py": "from Qt import QtCore, QtWidgets\nimport qt\n",
    })
    got = imports(tmp_path)
    assert {name for _, name in got} == {"bpy", "blender-asset-magic", "houdini-magic-tools", "c4d-geometry-helpers",
                                         "opencolorio", "opentimelineio", "chop2toolutils-x", "xgenm-helpers-x",
                                         "qt-py", "qt"}


def test_a_blender_addons_folder_and_a_maya_modules_scripts_folder_are_on_sys_path(tmp_path):
    # glTF-Blender-IO: addons/io_scene_gltf2/ (a legacy add-on: bl_info), imported by the example add-ons beside it;
    # mGear: release/mGear.mod names ./platforms/2024/linux/x64 with scripts: ../../../../scripts, where the mgear
    # package its tests import lies. A folder named addons without an add-on, and a .mod file without a module line,
    # put nothing on the path.
    write(tmp_path, {
        "addons/io_gltf_thing/__init__.py": "bl_info = {\n    'name': 'glTF thing',\n}\n",
        "addons/io_gltf_thing/exp.py": "x = 1\n",
        "example-addons/example_ext/__init__.py": "from io_gltf_thing import exporter_extension_layout_draw\n",
        "other/addons/plain_pkg/__init__.py": "VALUE = 1\n",
        "release/mGear.mod": "+ MAYAVERSION:2024 PLATFORM:linux mGear 4.0 ./platforms/2024/linux/x64\n"
                             "scripts: ../../../../scripts\nicons: ../../../../icons\n",
        "release/scripts/mgearish/__init__.py": "",
        "release/scripts/mgearish/core.py": "x = 1\n",
        "tests/test_core.py": "from mgearish.core import x\nimport plain_pkg\nimport otherlib_notes\n",
        "tools/notes.mod": "not a module description\n",
        "tools/otherlib_notes/__init__.py": "",
    })
    assert imports(tmp_path) == {("tests/test_core.py", "plain-pkg"), ("tests/test_core.py", "otherlib-notes")}


def test_maya_module_descriptions():
    text = ("+ MAYAVERSION:2024 PLATFORM:win64 mGear 4.0 ./platforms/2024/windows/x64\nscripts: ../../../../scripts\n\n"
            "+ Other 1.0 ../other\nPYTHONPATH +:= lib/python\n\n+ Abs 1.0 /opt/abs\n+ Var 1.0 ${HOME}/x\n")
    assert maya_module_folders(text, "release") == ["release/scripts", "other/lib/python", "other/scripts"]
    assert maya_module_folders("+ Up 1.0 ../../outside\n", "release") == []
    assert maya_module_folders("module go.example/x\n", "") == []


def test_houdini_python_libs_and_a_vendor_folder_are_on_sys_path(tmp_path):
    # a Houdini package's python3.11libs/ (Houdini puts it on sys.path by its name); ayon-core's
    # client/ayon_core/vendor/python/qargparse.py, put on sys.path by its launcher and imported as qargparse; an
    # invented name beside them stays judged
    write(tmp_path, {
        "python3.11libs/qlib_tools.py": "x = 1\n",
        "client/core/vendor/python/qargparse.py": "x = 1\n",
        "client/core/tools/widgets.py": "import qargparse\nimport qlib_tools\nimport qargparse_extra\n",
    })
    git_tree(tmp_path)  # outside git a folder named vendor is taken for build output and not walked
    assert imports(tmp_path) == {("client/core/tools/widgets.py", "qargparse-extra")}


def test_a_checkout_that_is_itself_a_package_is_imported_by_its_folders_name(tmp_path):
    # Dream Textures: the repository's root is the add-on (its __init__.py holds bl_info); an example back-end add-on
    # in community_backends/ imports it as dream_textures. A checkout without a root __init__.py gets no such name.
    addon = tmp_path / "dream-textures"
    write(addon, {
        "__init__.py": "bl_info = {'name': 'Dream Textures'}\n",
        "api/__init__.py": "",
        "community_backends/test.py": "from dream_textures.api import *\nimport dream_texturez\n",
    })
    assert imports(addon) == {("community_backends/test.py", "dream-texturez")}
    plain = tmp_path / "plain-repo"
    write(plain, {"tools/run.py": "import plain_repo\n"})
    assert imports(plain) == {("tools/run.py", "plain-repo")}


def test_a_requirement_the_code_installs_from_a_vcs_with_its_own_helper_excuses_related_imports(tmp_path):
    # BlenderProc's BopLoader: SetupUtility.setup_pip(["git+https://github.com/thodan/bop_toolkit"]), then
    # `from bop_toolkit_lib import dataset_params`: a note, not a flag; an unrelated import of the same file, and the
    # same import in a file without the requirement, stay judged
    write(tmp_path, {
        "loader/bop.py": "def setup():\n    SetupUtility.setup_pip([\"git+https://github.com/thodan/bop_toolkit\"])\n\n"
                         "def load():\n    from bop_toolkit_lib import dataset_params\n    import mesh_loader_magic\n",
        "loader/other.py": "from bop_toolkit_lib import inout\n",
    })
    judged = {(m.location.path, m.key.name): m.example is not None for m in scan(tmp_path).mentions
              if m.origin is Origin.IMPORT}
    assert judged == {("loader/bop.py", "bop-toolkit-lib"): True, ("loader/bop.py", "mesh-loader-magic"): False,
                      ("loader/other.py", "bop-toolkit-lib"): False}


def test_each_folder_a_sys_path_extend_list_adds_is_on_the_path(tmp_path):
    # GIMP-ML's gimp-plugins/inpainting.py: baseLoc = dirname(realpath(__file__)) + '/', then
    # sys.path.extend([baseLoc + 'gimpenv/lib/python2.7', baseLoc + 'Inpainting']) and `from DFNet_core import DFNet`
    # (gimp-plugins/Inpainting/DFNet_core.py); gimpcolor is GIMP 2's pygimp module. The list's elements were joined
    # into one path. An invented import beside them stays judged.
    write(tmp_path, {
        "gimp-plugins/inpainting.py": "import os\nbaseLoc = os.path.dirname(os.path.realpath(__file__)) + '/'\n"
                                      "from gimpfu import *\nimport gimpcolor\nimport sys\n"
                                      "sys.path.extend([baseLoc + 'gimpenv/lib/python2.7', baseLoc + 'Inpainting'])\n"
                                      "from DFNet_core import DFNet\nimport inpaint_magic_net\n",
        "gimp-plugins/Inpainting/DFNet_core.py": "class DFNet: pass\n",
        "tools/more.py": "import sys\nsys.path += ['libs', 'extra']\nimport extra_mod\n",
        "tools/extra/extra_mod.py": "",
    })
    assert imports(tmp_path) == {("gimp-plugins/inpainting.py", "inpaint-magic-net")}


def test_the_folders_a_nuke_init_py_adds_with_plugin_add_path_are_on_sys_path(tmp_path):
    # a Nuke tool set (the common layout: ~/.nuke/<tools>/init.py adds ./python and ./gizmos, menu.py imports from
    # them); a folder added with addToSysPath=False, and an invented import, stay judged
    write(tmp_path, {
        "nuke_tools/init.py": "import nuke\nnuke.pluginAddPath('./python')\nnuke.pluginAddPath('./icons', addToSysPath=False)\n",
        "nuke_tools/menu.py": "import nuke\nimport comp_helpers\nimport icon_tools\nimport nuke_render_magic\n",
        "nuke_tools/python/comp_helpers.py": "",
        "nuke_tools/icons/icon_tools.py": "",
    })
    assert imports(tmp_path) == {("nuke_tools/init.py", "nuke"), ("nuke_tools/menu.py", "nuke"),  # PyPI's, judged
                                 ("nuke_tools/menu.py", "icon-tools"), ("nuke_tools/menu.py", "nuke-render-magic")}


def test_calibre_gives_its_plugins_their_namespace_and_its_qt_shim(tmp_path):
    # readest's calibre plug-in (held-out spot set 83): `from calibre_plugins.readest.api import ReadestClient` (calibre
    # loads the plug-in as calibre_plugins.readest, named by plugin-import-name-readest.txt) and `from qt.core import
    # QWidget` (calibre's Qt shim); a bare `import qt` and an invented module beside them stay judged
    write(tmp_path, {
        "apps/readest-calibre-plugin/plugin-import-name-readest.txt": "",
        "apps/readest-calibre-plugin/ui.py": "from qt.core import QMenu\nfrom calibre_plugins.readest.api import Client\n"
                                             "import calibre_sync_helpers\n",
        "legacy/pyqt3_app.py": "import qt\n",
    })
    assert imports(tmp_path) == {("apps/readest-calibre-plugin/ui.py", "calibre-sync-helpers"), ("legacy/pyqt3_app.py", "qt")}


def test_the_modules_ayon_gives_its_add_ons_are_ayons(tmp_path):
    # held-out set 263: an AYON add-on (ynput/ayon-maya: package.py with ayon_server_version, ayon_required_addons
    # {"core": ...}, ayon_compatible_addons {"deadline": ...}; server/__init__.py `from ayon_server.addons import
    # BaseServerAddon`; client/ayon_maya/hooks/pre_copy_mel.py `from ayon_applications import PreLaunchHook`). An
    # invented ayon_ module its package.py does not name, and the same imports beside a package.py that is no AYON
    # add-on's (a Rez package's), stay judged
    write(tmp_path, {
        "addon/package.py": 'name = "maya"\nversion = "0.6.5"\nclient_dir = "ayon_maya"\n'
                            'ayon_server_version = ">=1.1.2"\nayon_required_addons = {\n    "core": ">=1.8.0",\n}\n'
                            'ayon_compatible_addons = {\n    "deadline": ">=0.7.0",\n}\n',
        "addon/server/__init__.py": "from ayon_server.addons import BaseServerAddon\nimport ayon_magic_settings_x\n",
        "addon/client/ayon_maya/hooks/pre_copy_mel.py": "from ayon_applications import PreLaunchHook\n"
                                                         "from ayon_deadline import lib\nimport ayon_render_farm_x\nimport qargparse\n",
        "rezpkg/package.py": 'name = "tool"\nversion = "1.0"\nrequires = ["python"]\n',
        "rezpkg/python/tool.py": "from ayon_server.addons import BaseServerAddon\nfrom ayon_applications import x\n"
                                 "import qargparse\n",
    })
    assert imports(tmp_path) == {
        ("addon/server/__init__.py", "ayon-magic-settings-x"),
        ("addon/client/ayon_maya/hooks/pre_copy_mel.py", "ayon-render-farm-x"),
        ("rezpkg/python/tool.py", "ayon-server"), ("rezpkg/python/tool.py", "ayon-applications"),
        ("rezpkg/python/tool.py", "qargparse")}
