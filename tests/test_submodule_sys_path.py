"""Git submodules on sys.path (research code, held-out set 183: Grounded-Segment-Anything …): a script that puts the folder of one of the
repository's git submodules on ``sys.path`` and imports from it (``sys.path.insert(0, 'grounded-sam-osx')``, then
``from osx import get_model``) imports the submodule's modules, which a clone without ``git submodule update`` (or a
snapshot) does not hold: a name no registry has is a note naming the submodule. An invented import that is not right
after such an addition, one after a folder ``.gitmodules`` does not list, and a registered look-alike stay judged."""

from __future__ import annotations

from tests.trees import judged, verdicts, write

GITMODULES = ('[submodule "grounded-sam-osx"]\n\tpath = grounded-sam-osx\n'
              '\turl = https://github.com/linjing7/grounded-sam-osx.git\n'
              '[submodule "VISAM"]\n\tpath = VISAM\n\turl = https://github.com/BingfengYan/VISAM\n')


def test_an_import_right_after_a_submodule_s_folder_is_put_on_sys_path_is_a_note(tmp_path):
    # Grounded-Segment-Anything's grounded_sam_osx_demo.py and grounded_sam_visam.py
    write(tmp_path, {
        ".gitmodules": GITMODULES,
        "grounded_sam_osx_demo.py": "import os\nimport sys\nsys.path.insert(0, 'grounded-sam-osx')\n"
                                    "from osxz import get_model\nfrom config import cfg\n\n"
                                    "os.environ['PYOPENGL_PLATFORM'] = 'egl'\nimport quux_madeup_kit\n",
        "grounded_sam_visam.py": "import sys\nsys.path.append('VISAM')\nfrom mainz import get_args_parser\n"
                                 "from reqeusts.tool import load_model\n",
        # a script of a sub-folder run from the repository's root, as the README runs the demos
        "tools/demo.py": "import sys\nsys.path.append('./VISAM/models')\nimport visam_structuresz\n",
    })
    got = verdicts(judged(tmp_path, {"reqeusts"}))
    assert got[("grounded_sam_osx_demo.py", "osxz")] == "allowed"
    assert got[("grounded_sam_visam.py", "mainz")] == "allowed"
    assert got[("tools/demo.py", "visam_structuresz")] == "allowed"
    assert got[("grounded_sam_osx_demo.py", "quux_madeup_kit")] == "missing"  # not right after the addition
    assert got[("grounded_sam_visam.py", "reqeusts")] == "suspicious"  # a registered look-alike stays judged


def test_an_empty_submodule_folder_is_the_submodule_s_too(tmp_path):
    # a clone without `git submodule update` holds the submodule's folder, empty
    write(tmp_path, {".gitmodules": GITMODULES, "demo.py": "import sys\nsys.path.append('VISAM')\nimport mainz\n"})
    (tmp_path / "VISAM").mkdir()
    got = verdicts(judged(tmp_path, set()))
    assert got[("demo.py", "mainz")] == "allowed"


def test_a_folder_no_gitmodules_lists_says_nothing(tmp_path):
    write(tmp_path, {
        ".gitmodules": GITMODULES,
        "demo.py": "import sys\nsys.path.append('VISAM2')\nimport mainz\nsys.path.append('other')\nimport osxz\n",
        "nosub/demo.py": "import sys\nsys.path.append('grounded-sam-osx-fork')\nimport osxz\n",
    })
    got = verdicts(judged(tmp_path, set()))
    assert got[("demo.py", "mainz")] == "missing"
    assert got[("demo.py", "osxz")] == "missing"
    assert got[("nosub/demo.py", "osxz")] == "missing"


def test_without_gitmodules_an_absent_folder_says_nothing(tmp_path):
    write(tmp_path, {"demo.py": "import sys\nsys.path.append('VISAM')\nimport mainz\n"})
    got = verdicts(judged(tmp_path, set()))
    assert got[("demo.py", "mainz")] == "missing"


FHIR_GITMODULES = '[submodule "fhir-parser"]\n\tpath = fhir-parser\n\turl = https://github.com/smart-on-fhir/fhir-parser.git\n'
GENERATE = ("#!/bin/bash\n\nif [ ! -e fhir-parser ]; then\n\tgit submodule update --init --recursive\nfi\n"
            "cp fhir-parser-resources/settings.py fhir-parser/settings.py\ncd fhir-parser\n./generate.py $1\ncd ..\n")


def test_a_file_a_script_copies_into_a_submodule_the_tree_does_not_check_out_imports_the_submodule_s_modules(tmp_path):
    # held-out set 196: fhirclient (smart-on-fhir/client-py) keeps its class generator's settings in
    # fhir-parser-resources/settings.py (`from Default.settings import *`), and generate_models.sh copies it into the
    # fhir-parser submodule (`cp fhir-parser-resources/settings.py fhir-parser/settings.py`), where fhir-parser's
    # Default/settings.py is: a module of that submodule, which a snapshot without it cannot show. A registered
    # look-alike in the copied file stays judged, and so do the same imports in a file no script copies, a file copied
    # into a folder .gitmodules does not list, and a file copied into a submodule the tree checks out
    write(tmp_path, {
        ".gitmodules": FHIR_GITMODULES,
        "generate_models.sh": GENERATE + "cp other/settings.py vendor/settings.py\n",
        "fhir-parser-resources/settings.py": "from Default.settings import *\nimport reqeusts\n",
        "fhir-parser-resources/template.py": "from Default.settings import *\n",
        "other/settings.py": "from Default.settings import *\n",
    })
    got = verdicts(judged(tmp_path, {"reqeusts"}))
    assert got[("fhir-parser-resources/settings.py", "Default")] == "allowed"
    assert got[("fhir-parser-resources/settings.py", "reqeusts")] == "suspicious"
    assert got[("fhir-parser-resources/template.py", "Default")] == "missing"
    assert got[("other/settings.py", "Default")] == "missing"
    write(tmp_path / "checked", {".gitmodules": FHIR_GITMODULES, "generate_models.sh": GENERATE,
                                 "fhir-parser/generate.py": "print('generating')\n",
                                 "fhir-parser-resources/settings.py": "from Default.settings import *\n"})
    got = verdicts(judged(tmp_path / "checked", set()))
    assert got[("fhir-parser-resources/settings.py", "Default")] == "missing"


GENESIS_GITMODULES = ('[submodule "genesis/ext/ParticleMesher"]\n\tpath = genesis/ext/ParticleMesher\n'
                      '\turl = https://github.com/ACMLCZH/ParticleMesher\n')
PARTICLE = ("import os\nimport sys\n\nfrom . import misc as miu\n\n"
            "# Make sure ParticleMesherPy shared libary can be found in search path\n"
            'LD_LIBRARY_PATH = os.path.join(miu.get_src_dir(), "ext/ParticleMesher/ParticleMesherPy")\n'
            "sys.path.append(LD_LIBRARY_PATH)\n\n\n"
            "def particles_to_mesh(positions):\n    x = 1\n    import ParticleMesherPy\n\n"
            "    return ParticleMesherPy.MeshConstructor(x)\n")


def test_a_submodule_folder_found_from_a_run_time_value_and_imported_by_its_name_far_on_is_a_note(tmp_path):
    # held-out set 87: Genesis' genesis/utils/particle.py appends os.path.join(miu.get_src_dir(),
    # "ext/ParticleMesher/ParticleMesherPy") to sys.path and imports ParticleMesherPy 340 lines on, inside a function:
    # the build output of its genesis/ext/ParticleMesher submodule, which a snapshot does not hold. The folder's head is
    # a function's result, so only its literal tail says where it lies, and only an import of the folder's own name is
    # that folder's: another invented import, the same shape with a folder of no submodule, and a registered
    # look-alike stay judged
    write(tmp_path, {
        ".gitmodules": GENESIS_GITMODULES,
        "genesis/__init__.py": "",
        "genesis/utils/__init__.py": "",
        "genesis/utils/misc.py": "import os\n\ndef get_src_dir():\n    return os.path.dirname(os.path.dirname(__file__))\n",
        "genesis/utils/particle.py": PARTICLE + "\n\ndef other():\n    import particle_mesher_kit\n",
        "genesis/utils/other.py": PARTICLE.replace("ParticleMesher/ParticleMesherPy", "VolumeMesher/ParticleMesherPy"),
        "genesis/utils/squat.py": PARTICLE.replace("ParticleMesherPy", "reqeusts"),
    })
    got = verdicts(judged(tmp_path, {"reqeusts"}))
    assert got[("genesis/utils/particle.py", "ParticleMesherPy")] == "allowed"
    assert got[("genesis/utils/particle.py", "particle_mesher_kit")] == "missing"  # not the folder's name
    assert got[("genesis/utils/other.py", "ParticleMesherPy")] == "missing"  # a folder of no submodule
    assert got[("genesis/utils/squat.py", "reqeusts")] == "suspicious"  # a registered look-alike stays judged


def test_run_time_headed_folders_reads_only_a_path_ending_in_literal_folders():
    from depguard.ecosystems.pypi.project import run_time_headed_folders

    assert run_time_headed_folders(PARTICLE) == (("ParticleMesherPy", "ext/ParticleMesher/ParticleMesherPy"),)
    assert run_time_headed_folders("import sys\nsys.path.insert(0, os.path.join(base(), 'ext', 'Mesher'))\n") == (
        ("Mesher", "ext/Mesher"),)
    # a literal path, one built from the file's own place, a variable after the literal, a slot, a folder above
    assert run_time_headed_folders("import sys\nsys.path.append('ext/Mesher')\n") == ()
    assert run_time_headed_folders("import sys\nsys.path.append(os.path.join(os.path.dirname(__file__), 'ext'))\n") == ()
    assert run_time_headed_folders("import sys\nsys.path.append(os.path.join(base(), 'ext', name))\n") == ()
    assert run_time_headed_folders("import sys\nsys.path.append(os.path.join(base(), 'ext', name, 'x'))\n") == ()
    assert run_time_headed_folders("import sys\nsys.path.append(os.path.join(base(), '../Mesher'))\n") == ()
    assert run_time_headed_folders("import sys\nP = f(1)\nP = os.path.join(base(), 'x')\nsys.path.append(P)\n") == ()
