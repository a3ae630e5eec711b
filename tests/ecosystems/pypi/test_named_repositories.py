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
        # reviewer r39: outside a host application's script (no IDA module imported) a repository named like the
        # module is the usual home of a registry package and says nothing (r24 #10): an invented import stays missing
        "tools/plain.py": REVIL_HEADER.replace("flare-emu", "flare-emux") + "import flare_emux\n",
    })
    got = verdicts(judged(tmp_path, {"requests"}))
    assert got[("python/flare/revil_string_decrypt.py", "flare_emu")] == "not-checked"
    assert got[("python/flare/revil_string_decrypt.py", "flare_emux")] == "missing"
    assert got[("python/flare/revil_string_decrypt.py", "requests")] == "ok"
    assert got[("python/flare/other.py", "flare_emu")] == "missing"
    assert got[("python/flare/third.py", "flare_emu")] == "missing"
    assert got[("tools/plain.py", "flare_emux")] == "missing"


def test_a_repository_named_passes_only_when_pypi_has_the_name(tmp_path):
    write(tmp_path, {"tool.py": "# from https://github.com/acme/widgetkit.git\nimport widgetkit\n"})
    assert verdicts(judged(tmp_path, {"widgetkit"})) == {("tool.py", "widgetkit"): "ok"}


def test_repository_addresses_are_read_with_their_names():
    text = ("# https://github.com/fireeye/flare-emu#installation\n# gitlab.com/group/Some_Tool.git\n"
            "url = 'https://bitbucket.org/o/x/src/master/'\n# notgithub.com/a/b\n")
    assert dict(named_repositories(text)) == {"flare-emu": "https://github.com/fireeye/flare-emu",
                                              "some-tool": "gitlab.com/group/Some_Tool.git",
                                              "x": "https://bitbucket.org/o/x"}



def test_a_named_repository_pypi_has_and_doubts_stays_judged(tmp_path):
    # reviewer r39: the named repository made every verdict of its import not checked, so a five-day-old PyPI package
    # of a GitHub-only project's name (the squat `pip install flare_emu` would take) and a look-alike of requests whose
    # repository a comment names were DG100, not flagged. A name PyPI lacks is still not checked, one it has passes
    import datetime as dt

    from depguard.config import Settings
    from depguard.model import Existence, RegistryAnswer
    from depguard.scan import judge_all
    from tests.trees import scan

    write(tmp_path, {"flare.py": REVIL_HEADER + "import idaapi\nimport flare_emu\n",
                     "typo.py": "# based on https://github.com/someone/reqeusts\nimport idc\nimport reqeusts\n",
                     "gone.py": "# https://github.com/acme/widgetkit\nimport idaapi\nimport widgetkit\n"})
    young = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=5)
    collected = scan(tmp_path)
    answers = {k: RegistryAnswer(k, Existence.MISSING, "stand-in") if k.name == "widgetkit" else
               RegistryAnswer(k, Existence.EXISTS, "stand-in", first_release=young, latest_release=young, version_count=1)
               for k in {m.key for m in collected.mentions}}
    got = {(f.mention.location.path, f.mention.written): (f.verdict.value, f.rule)
           for f in judge_all(collected, answers, Settings()).findings}
    assert got[("flare.py", "flare_emu")] == ("suspicious", "DG003")
    assert got[("typo.py", "reqeusts")] == ("suspicious", "DG002")
    assert got[("gone.py", "widgetkit")] == ("not-checked", "DG100")
