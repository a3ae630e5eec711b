"""The ``conan`` command grammar: references named by ``--requires``/``--tool-requires`` (and Conan 1's positional
``ref@``, ``conan download``), the conanfiles a path install reads, option values that are never references,
and a remote other than ConanCenter marked as another index."""

from __future__ import annotations

import pytest

from depguard.commands import analyze


def installs(script):
    plan = analyze(script, cwd="/p")
    lines = script.split("\n")
    out = []
    for t in plan.installs:
        lead = 1 if t.word.raw[:1] in ("'", '"') else 0
        at = t.word.column + lead + t.column_shift
        assert lines[t.word.line - 1][at - 1:].startswith(t.name + "/"), (t.name, at)
        out.append((t.name, t.spec, at))
    return out


@pytest.mark.parametrize(("script", "expected"), [
    ("conan install --requires=zlib/1.3.1 --requires fmt/11.0.2", [("zlib", "1.3.1", 26), ("fmt", "11.0.2", 48)]),
    # values of profile, settings, options (with package patterns), conf and build policy are not references
    ("conan install -pr:b default -pr:h=linux -s build_type=Release -o boost/*:shared=True -c tools.build:jobs=4 "
     "--build=missing -of build --requires=boost/1.86.0", [("boost", "1.86.0", 145)]),
    ('conan install --tool-requires "cmake/[>=3.27 <4]"', [("cmake", "[>=3.27 <4]", 32)]),
    ("conan graph info --requires=openssl/3.3.2 --format=json", [("openssl", "3.3.2", 29)]),
    ("conan lock create --requires=spdlog/1.14.1", [("spdlog", "1.14.1", 30)]),
    ("conan download zlib/1.3.1 -r conancenter --only-recipe", [("zlib", "1.3.1", 16)]),
    ("conan download 'zlib/*' -r conancenter", [("zlib", None, 17)]),  # every version of one recipe
    ("conan test test_package zlib/1.3.1", [("zlib", "1.3.1", 25)]),
    ("conan install zlib/1.2.11@ --build missing", [("zlib", "1.2.11", 15)]),  # Conan 1's positional reference
    ("conan install --requires=spdlog/1.14.1@_/_", [("spdlog", "1.14.1", 26)]),
])
def test_references_a_command_installs(script, expected):
    assert installs(script) == expected


@pytest.mark.parametrize("script", [
    "conan install --requires=poco/1.9.4@mycorp/stable",  # user/channel: another remote's recipe
    "conan download '*/1.0' -r conancenter; conan download 'zl*b/1.3' -r conancenter",  # patterns of names
    "conan install --requires=$DEP",
    "conan search zlib; conan list 'zlib/*'; conan remote add mycorp https://conan.mycorp.example; conan profile detect",
    "conan export . --version=1.0; conan upload 'app/*' -r mycorp -c",
])
def test_commands_that_name_no_conancenter_recipe(script):
    assert installs(script) == []


@pytest.mark.parametrize(("script", "folder", "files"), [
    ("conan install .", "/p", ("conanfile.py", "conanfile.txt", "conan.lock")),
    ("conan install app/conanfile.txt --build=missing", "/p/app", ("conanfile.txt", "conan.lock")),
    ("conan create recipes/zlib -pr default", "/p/recipes/zlib", ("conanfile.py", "conanfile.txt", "conan.lock")),
    ("conan build", "/p", ("conanfile.py", "conanfile.txt", "conan.lock")),
    ("conan lock create .", "/p", ("conanfile.py", "conanfile.txt", "conan.lock")),
])
def test_a_path_install_reads_the_conanfiles_there(script, folder, files):
    (manifest,) = analyze(script, cwd="/p").manifests
    assert manifest.ecosystem == "conan"
    assert manifest.files == tuple(f"{folder}/{f}" for f in files)


def test_another_remote_is_marked_and_conancenter_is_not():
    plan = analyze("conan install --requires=zlib/1.3.1 -r mycorp", cwd="/p")
    (target,) = plan.installs
    assert target.index == "the Conan remote mycorp"
    assert [(u.kind, u.name) for u in plan.unresolved] == [("other-index", "zlib")]
    plan = analyze("conan install . --remote mycorp", cwd="/p")
    assert plan.manifests[0].index and [u.kind for u in plan.unresolved] == ["other-index"]
    plan = analyze("conan install --requires=zlib/1.3.1 -r conancenter", cwd="/p")
    assert plan.installs[0].index is None and not plan.unresolved


@pytest.mark.parametrize(("written", "name", "version"), [
    ("conan:zlib/1.3.1", "zlib", "1.3.1"),
    ("conan:zlib/1.3.1#b8bc2603263cf7eccbd6e17e66b0ed76", "zlib", "1.3.1"),
    ("conan:boost/[>=1.80 <2]", "boost", "[>=1.80 <2]"),
    ("conancenter:fmt", "fmt", None),
])
def test_depguard_check_reads_a_conan_reference(written, name, version):
    from depguard.scan import collect_names

    [m] = collect_names([written]).mentions
    assert (m.key.ecosystem, m.key.name, m.spec) == ("conan", name, version)
