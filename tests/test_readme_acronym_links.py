"""A model's repository installed from a README, and imported by the model's acronym (held-out set 183): Grounded-
Segment-Anything's README clones xinyu1205/recognize-anything and runs ``pip install -e ./recognize-anything/``, links
``[RAM](https://github.com/OPPOMKLab/recognize-anything)``, and its demos ``from ram.models import ram``; diffusers'
GLIGEN README does ``pip install git+https://github.com/xinyu1205/recognize-anything.git`` below "I used
[RAM](https://github.com/xinyu1205/recognize-anything)". The acronym a document's link gives the very repository it
installs from is a name that checkout goes by: an import of exactly that name relates to it (a note, as an import
relating to the repository's own name does). Other link texts, a link to a repository nothing installs, and an import
of any other name stay judged."""

from __future__ import annotations

from tests.trees import judged, verdicts, write

README = ("# Grounded-SAM\n\n- Support [RAM](https://github.com/OPPOMKLab/recognize-anything), a strong image tagging "
          "model, and [Docs](https://github.com/OPPOMKLab/recognize-anything).\n"
          "- Thanks to [TAG](https://github.com/someone/tag2text-other).\n\n"
          "Install RAM & Tag2Text:\n\n```bash\ngit clone https://github.com/xinyu1205/recognize-anything.git\n"
          "pip install -r ./recognize-anything/requirements.txt\npip install -e ./recognize-anything/\n```\n")


def test_an_import_named_by_the_acronym_a_readme_links_to_the_repository_it_installs_is_a_note(tmp_path):
    write(tmp_path, {
        "README.md": README,
        "automatic_label_ram_demo.py": "from ramz.models import ram\nimport docs\nimport tag\nimport rom\n",
    })
    (tmp_path / "README.md").write_text(README.replace("[RAM]", "[RAMZ]"), encoding="utf-8")
    got = verdicts(judged(tmp_path, set()))
    assert got[("automatic_label_ram_demo.py", "ramz")] == "allowed"
    assert got[("automatic_label_ram_demo.py", "docs")] == "missing"  # not an acronym: a link's plain word
    assert got[("automatic_label_ram_demo.py", "tag")] == "missing"  # links a repository nothing installs
    assert got[("automatic_label_ram_demo.py", "rom")] == "missing"  # no link names it


def test_a_pip_install_from_the_repository_with_its_acronym_linked(tmp_path):
    # diffusers' examples/research_projects/gligen/README.md and make_datasets.py
    write(tmp_path, {
        "gligen/README.md": "I used [RAMZ](https://github.com/xinyu1205/recognize-anything) to tag images.\n\n"
                            "Only RAM needs to be installed manually:\n\n```bash\n"
                            "pip install git+https://github.com/xinyu1205/recognize-anything.git --no-deps\n```\n",
        "gligen/make_datasets.py": "from ramz.models import ram\nimport quux_madeup_kit\n",
        "other/make.py": "from ramz.models import ram\n",  # the README is not of its folder nor above it
    })
    got = verdicts(judged(tmp_path, set()))
    assert got[("gligen/make_datasets.py", "ramz")] == "allowed"
    assert got[("gligen/make_datasets.py", "quux_madeup_kit")] == "missing"
    assert got[("other/make.py", "ramz")] == "missing"


def test_without_the_install_the_acronym_link_says_nothing(tmp_path):
    write(tmp_path, {
        "README.md": "Thanks to [RAMZ](https://github.com/xinyu1205/recognize-anything).\n",
        "demo.py": "from ramz.models import ram\n",
    })
    got = verdicts(judged(tmp_path, set()))
    assert got[("demo.py", "ramz")] == "missing"
