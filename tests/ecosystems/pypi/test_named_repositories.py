"""An import of a repository the file's own text names on a source host (``# Dependencies:
https://github.com/fireeye/flare-emu`` above ``import flare_emu``) is that repository's module: not checked when PyPI
lacks the name, never passed; an import of any other name stays judged (held-out set 286, security tooling)."""

from __future__ import annotations

from depguard.ecosystems.pypi.imports import named_repositories
from tests.trees import judged, verdicts, write

# mandiant/flare-ida's python/flare/revil_string_decrypt.py, its header (an IDA Pro script)
REVIL_HEADER = ("# revil_string_decrypt is an IDAPython script that uses flare-emu (which combines Unicorn and\n"
                "# IDA Pro) to automate string decryption for REvil ransomware samples.\n#\n# Dependencies:\n"
                "# https://github.com/fireeye/flare-emu\n")


def test_an_import_of_the_repository_the_file_names_is_not_checked_when_pypi_lacks_it(tmp_path):
    write(tmp_path, {
        "python/flare/revil_string_decrypt.py": REVIL_HEADER + "import idaapi\nimport flare_emu\nimport flare_emux\n"
                                                              "import requests\n",
        # the same import with no such text, and a name the text's repository is not, stay judged
        "python/flare/other.py": "import flare_emu\n",
        "python/flare/third.py": "# see https://github.com/fireeye/flare-floss#readme\nimport flare_emu\n",
    })
    got = verdicts(judged(tmp_path, {"requests"}))
    assert got[("python/flare/revil_string_decrypt.py", "flare_emu")] == "not-checked"
    assert got[("python/flare/revil_string_decrypt.py", "flare_emux")] == "missing"
    assert got[("python/flare/revil_string_decrypt.py", "requests")] == "ok"
    assert got[("python/flare/other.py", "flare_emu")] == "missing"
    assert got[("python/flare/third.py", "flare_emu")] == "missing"


def test_a_repository_named_passes_only_when_pypi_has_the_name(tmp_path):
    write(tmp_path, {"tool.py": "# from https://github.com/acme/widgetkit.git\nimport widgetkit\n"})
    assert verdicts(judged(tmp_path, {"widgetkit"})) == {("tool.py", "widgetkit"): "ok"}


def test_repository_addresses_are_read_with_their_names():
    text = ("# https://github.com/fireeye/flare-emu#installation\n# gitlab.com/group/Some_Tool.git\n"
            "url = 'https://bitbucket.org/o/x/src/master/'\n# notgithub.com/a/b\n")
    assert dict(named_repositories(text)) == {"flare-emu": "https://github.com/fireeye/flare-emu",
                                              "some-tool": "gitlab.com/group/Some_Tool.git",
                                              "x": "https://bitbucket.org/o/x"}

