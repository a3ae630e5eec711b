"""conan.lock (v1 graph_lock, v2 reference lists), conanfile.txt and conanfile.py: parser fixtures (empty, one,
several, not-this-format, bad entries) with expected names and lines; references with a user or channel are
another remote's and are left out; a bad entry is a problem at its path:line and the file goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard.parsers import formats_for
from tests.ecosystems._fixtures import ERROR, case_ids, check_case, parse_fixture

FIXTURES = Path(__file__).parent / "fixtures"

CASES = [
    ("conan.lock", "conan.lock/empty.v2.lock", []),
    ("conan.lock", "conan.lock/empty.v1.lock", []),  # only the consumer's own node
    ("conan.lock", "conan.lock/one-package.v2.lock", [("zlib", 4)]),
    ("conan.lock", "conan.lock/one-package.v1.lock", [("zlib", 11)]),
    # revisions and timestamps; "@_/_" is no user/channel; @mycorp/stable is another remote's; build and python requires
    ("conan.lock", "conan.lock/several.v2.lock",
     [("openssl", 4), ("fmt", 5), ("spdlog", 7), ("cmake", 10), ("cmake-utils", 13)]),
    # lockfile 0.3 names nodes by package reference ("pref"); the consumer "conanfile:<id>" has no name
    ("conan.lock", "conan.lock/pref.v03.lock", [("poco", 9)]),
    ("conan.lock", "conan.lock/not-json.txt", ERROR),
    ("conan.lock", "conan.lock/not-a-lockfile.json", ERROR),
    ("conanfile.txt", "conanfile.txt/empty.txt", []),
    ("conanfile.txt", "conanfile.txt/one.txt", [("zlib", 2)]),
    # version range with an inline comment, a revision, another remote's reference, tool and build requires;
    # [options] patterns and [generators] are not recipes
    ("conanfile.txt", "conanfile.txt/several.txt",
     [("boost", 3), ("openssl", 4), ("nlohmann_json", 5), ("cmake", 9), ("ninja", 10), ("protobuf", 13)]),
    ("conanfile.py", "conanfile.py/empty.py", []),
    ("conanfile.py", "conanfile.py/one.py", [("zlib", 6)]),
    # class attributes (tuple, list, python_requires), self.requires/tool_requires/test_requires, an f-string's
    # literal name, Conan 1's build_requires.add; a computed reference and another remote's are not read
    ("conanfile.py", "conanfile.py/several.py",
     [("fmt", 8), ("spdlog", 8), ("cmake", 9), ("pyreq-base", 10), ("openssl", 14), ("boost", 15),
      ("winflexbison", 18), ("ninja", 21), ("gtest", 22), ("m4", 23)]),
    ("conanfile.py", "conanfile.py/not-python.py", ERROR),
]


@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)


def test_the_name_column_points_at_the_name():
    for fmt, fixture in (("conan.lock", "conan.lock/several.v2.lock"), ("conan.lock", "conan.lock/one-package.v1.lock"),
                         ("conanfile.txt", "conanfile.txt/several.txt"), ("conanfile.py", "conanfile.py/several.py")):
        found, _, _ = parse_fixture(FIXTURES / fixture, fmt)
        lines = (FIXTURES / fixture).read_text(encoding="utf-8").splitlines()
        for m in found:
            at = lines[m.location.line - 1][m.location.column - 1:]
            assert at.startswith(m.key.name + "/"), (fixture, m.key.name, at)


def test_versions_are_kept_as_the_spec():
    found, _, _ = parse_fixture(FIXTURES / "conanfile.txt/several.txt", "conanfile.txt")
    assert {m.key.name: m.spec for m in found}["openssl"] == "[>=3.0 <4]"
    found, _, _ = parse_fixture(FIXTURES / "conan.lock/one-package.v2.lock", "conan.lock")
    assert [m.spec for m in found] == ["1.3.1"]


@pytest.mark.parametrize(("fmt", "fixture", "line"), [("conan.lock", "conan.lock/not-json.txt", 1),
                                                      ("conanfile.py", "conanfile.py/not-python.py", 4)])
def test_a_file_that_is_not_the_format_is_an_error_with_its_line(fmt, fixture, line):
    _, _, error = parse_fixture(FIXTURES / fixture, fmt)
    assert error is not None and error.line == line


@pytest.mark.parametrize(("fmt", "fixture", "names", "problems"), [
    ("conan.lock", "conan.lock/bad-reference.v2.lock", [("bzip2", 5)], [4]),
    ("conanfile.txt", "conanfile.txt/bad.txt", [], [2, 3]),  # after a broken header nothing is read as requires
    ("conanfile.py", "conanfile.py/bad-reference.py", [("fmt", 7)], [6]),
])
def test_a_bad_entry_is_a_problem_at_its_line_and_the_rest_is_read(fmt, fixture, names, problems):
    found, got, error = parse_fixture(FIXTURES / fixture, fmt, shown=f"sub/{fmt}")
    assert error is None
    assert [(m.key.name, m.location.line) for m in found] == names
    assert [p.location.line for p in got] == problems
    assert all(p.location.path == f"sub/{fmt}" for p in got)


@pytest.mark.parametrize("path", ["conan.lock", "app/conanfile.txt", "recipes/zlib/conanfile.py"])
def test_the_files_are_routed_by_name(path):
    assert [f.name for f in formats_for(path) if f.ecosystem == "conan"] == [path.rsplit("/", 1)[-1]]


def _conandata(tmp_path, recipe: str | None, data: str):
    from depguard.parsers import Source, get_format

    if recipe is not None:
        (tmp_path / "conanfile.py").write_text(recipe, encoding="utf-8")
    path = tmp_path / "conandata.yml"
    path.write_text(data, encoding="utf-8")
    source = Source(path="conandata.yml", text=data, fs_path=path, root=tmp_path)
    return [(m.key.name, m.location.line, m.spec) for m in get_format("conandata.yml").parse(source)], source.problems


CURA_DATA = ('version: "5.14.0"\nrequirements:\n  - "scripta/[>=1.1.0]@ultimaker/testing"\n  - "libpng/1.6.48"\n'
             '  - "zeus_expected/[>=1.1.1]"\nrequirements_arcus:\n  - "arcus/5.11.1"\nrequirements_unused:\n'
             '  - "zlib/1.3.1"\nsources:\n  "1.0":\n    url: "https://example.org/x.tar.gz"\n')


def test_conandata_lists_the_recipe_beside_it_requires_are_its_requirements(tmp_path):
    # Ultimaker's CuraEngine: `for req in self.conan_data["requirements"]: self.requires(req)` (and .get for an
    # optional list); a list the recipe never requires (requirements_unused) and ConanCenter's sources: are not read
    recipe = ('from conan import ConanFile\n\nclass Engine(ConanFile):\n    def requirements(self):\n'
              '        for req in self.conan_data["requirements"]:\n            if req.startswith("x/"):\n'
              '                continue\n            self.requires(req)\n'
              '        if self.options.enable_arcus:\n'
              '            for req in self.conan_data.get("requirements_arcus", []):\n'
              '                self.requires(req)\n        for v in self.conan_data["requirements_unused"]:\n'
              '            print(v)\n')
    found, problems = _conandata(tmp_path, recipe, CURA_DATA)
    # scripta@ultimaker/testing is another remote's
    assert found == [("libpng", 4, "1.6.48"), ("zeus_expected", 5, "[>=1.1.1]"), ("arcus", 7, "5.11.1")]
    assert problems == []


def test_conandata_without_a_recipe_requiring_its_lists_names_nothing(tmp_path):
    assert _conandata(tmp_path, None, CURA_DATA) == ([], [])  # no conanfile.py beside it
    recipe = 'class R:\n    def source(self):\n        get(self, **self.conan_data["sources"][self.version])\n'
    assert _conandata(tmp_path, recipe, CURA_DATA) == ([], [])  # a ConanCenter recipe reads only its sources
