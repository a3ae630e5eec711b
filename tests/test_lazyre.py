"""``depguard.lazyre``: a pattern compiled on first use answers as the compiled pattern does, and a module's
patterns are not compiled by importing it."""

from __future__ import annotations

import re
import subprocess
import sys
import warnings

import pytest

from depguard import lazyre

PATTERNS = [(r"(?P<name>[a-z]+)(?:==(?P<v>[\d.]+))?", 0), (r"^pip\s+install\b", re.M | re.I), (r"[-_.]+", 0)]
TEXTS = ["requests==2.31", "PIP install x\npip install y", "a--b__c..d", "", "Flask"]


@pytest.mark.parametrize("pattern,flags", PATTERNS)
def test_lazy_pattern_answers_as_the_compiled_one(pattern, flags):
    real = re.compile(pattern, flags)
    for text in TEXTS:
        lazy = lazyre.compile(pattern, flags)  # a fresh one per text: each method is tried as the first use
        for method, args in (("match", ()), ("fullmatch", ()), ("search", ()), ("findall", ()), ("split", ()),
                             ("sub", ("-",)), ("subn", ("-",)), ("match", (1,)), ("search", (1, 3))):
            call = [*args[:1], text, *args[1:]] if method in ("sub", "subn") else [text, *args]
            got, want = getattr(lazy, method)(*call), getattr(real, method)(*call)
            if isinstance(want, re.Match):
                assert (got.span(), got.groups()) == (want.span(), want.groups())
            else:
                assert got == want
        assert [m.span() for m in lazyre.compile(pattern, flags).finditer(text)] == \
            [m.span() for m in real.finditer(text)]
    lazy = lazyre.compile(pattern, flags)
    assert lazy.groupindex == real.groupindex and lazy.pattern == pattern
    assert lazy.compiled() is lazy.compiled()
    assert lazy.match.__self__ is lazy.compiled()  # after the first use, the compiled pattern's own methods


def test_a_bad_pattern_raises_when_used():
    bad = lazyre.compile("(")
    with pytest.raises(re.error):
        bad.search("x")


def test_importing_the_shell_model_and_project_compiles_none_of_their_module_patterns():
    code = ("import re, sys\ncompiled = []\nreal = re._compile\n"
            "re._compile = lambda p, f: compiled.append(p) or real(p, f)\n"
            "import depguard.project, depguard.commands._analysis, depguard.examples, depguard.report.escape\n"
            "from depguard import project\nfrom depguard.ecosystems.pypi import project as python_view\n"
            "print(sum(1 for p in compiled if isinstance(p, str) and p in "
            "{v.pattern for m in (project, python_view) for v in vars(m).values() if hasattr(v, 'pattern')}))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "0"


def test_importing_the_ecosystems_command_models_compiles_none_of_their_module_patterns():
    """`check requests flask` imports the shell model, which imports every ecosystem's tools module: their
    name patterns are compiled when a command of that tool is read, not at import."""
    code = ("import re, sys, importlib, pathlib\ncompiled = []\nreal = re._compile\n"
            "re._compile = lambda p, f: compiled.append(p) or real(p, f)\n"
            "import depguard.ecosystems as e\nmods = [importlib.import_module(f'depguard.ecosystems.{p.parent.name}.tools')"
            " for p in sorted(pathlib.Path(e.__file__).parent.glob('*/tools.py'))]\n"
            "mods.append(importlib.import_module('depguard.ecosystems.maven.spec'))\n"
            "ours = {v.pattern for m in mods for v in vars(m).values() if isinstance(v, depguard.lazyre.Pattern)}\n"
            "print(len(mods), len(ours), sum(1 for p in compiled if isinstance(p, str) and p in ours))")
    proc = subprocess.run([sys.executable, "-c", code.replace("import depguard.ecosystems as e",
                                                              "import depguard.lazyre, depguard.ecosystems as e")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    modules, patterns, compiled = proc.stdout.split()
    assert int(modules) > 15 and int(patterns) > 25 and compiled == "0"


STORE_CASES = [(r"(?P<name>[a-z]+)(?:==(?P<v>[\d.]+))?", 0), (r"^pip\s+install\b", re.M | re.I), (r"[-_.]+", 0),
               (r"(?<![\w.-])(?:ß|straße|İ)+(?=\s|$)", re.I), (rb"\x00[\x80-\xff]+(?P<tail>.)", re.S),
               (r"(?x) a  b # comment", 0), (r"(?i)(a)(?:b)(?P<c>c)?\1", 0), (r"[^\W\d_]{2,}", re.A)]


@pytest.fixture
def store(tmp_path, monkeypatch):
    """A private pattern store, empty, as a new process starts with."""
    path = tmp_path / "patterns.marshal"
    monkeypatch.setattr(lazyre, "_store", lambda: str(path))
    monkeypatch.setattr(lazyre, "_PROGRAMS", None)
    monkeypatch.setattr(lazyre, "_MADE", {})
    monkeypatch.setattr(lazyre, "_USED", set())
    monkeypatch.setattr(lazyre.sys, "dont_write_bytecode", False)
    monkeypatch.setattr("atexit.register", lambda fn: fn)

    def next_process():
        lazyre._write()
        monkeypatch.setattr(lazyre, "_PROGRAMS", None)
        monkeypatch.setattr(lazyre, "_MADE", {})
        monkeypatch.setattr(lazyre, "_USED", set())

    return path, next_process


def same(got: re.Pattern, want: re.Pattern) -> None:
    assert got == want  # the engine compares flags and the compiled program
    assert (got.pattern, got.flags, got.groups, got.groupindex) == (want.pattern, want.flags, want.groups,
                                                                     want.groupindex)


@pytest.mark.parametrize("pattern,flags", STORE_CASES)
def test_a_stored_pattern_is_the_pattern_re_compiles(store, pattern, flags):
    path, next_process = store
    same(lazyre.stored(pattern, flags), re.compile(pattern, flags))
    next_process()
    assert path.is_file()
    real = re.compile(pattern, flags)
    from_store = lazyre.stored(pattern, flags)
    same(from_store, real)
    sample = "requests==2.31 pip install x STRASSE straße ab abcc aA éé" if isinstance(pattern, str) else b"\x00\x90zy"
    assert [m.span() for m in from_store.finditer(sample)] == [m.span() for m in real.finditer(sample)]


def test_the_next_run_compiles_a_stored_pattern_without_re(store, monkeypatch):
    path, next_process = store
    lazyre.compile(r"^(?P<lead>[ \t]*(?:[-*+]|\d{1,3}[.)])?[ \t]*)(?P<cmd>pip install \S+)$").search("x")
    next_process()
    monkeypatch.setattr(re, "compile", lambda *a: pytest.fail(f"re.compile{a}"))
    got = lazyre.compile(r"^(?P<lead>[ \t]*(?:[-*+]|\d{1,3}[.)])?[ \t]*)(?P<cmd>pip install \S+)$").match(
        "- pip install requests")
    assert got is not None and got.group("cmd") == "pip install requests"
    assert lazyre._MADE == {}  # nothing new: the store is not written again


def test_a_damaged_or_foreign_store_is_not_used(store):
    path, next_process = store
    lazyre.stored(r"a(b+)c")
    next_process()
    good = path.read_bytes()
    import marshal

    head, _, body = good.partition(b"\n")
    damaged = {key: marshal.dumps((0, [1, 2, 3], 0, {}, ())) for key in marshal.loads(body)}  # not a program
    for text in (head + b"\n" + marshal.dumps(damaged), head.replace(b"patterns 1", b"patterns 0") + b"\n" + body,
                 b"garbage", head + b"\n" + b"\x00\x01"):
        path.write_bytes(text)
        next_process()
        same(lazyre.stored(r"a(b+)c"), re.compile(r"a(b+)c"))
        assert lazyre.stored(r"a(b+)c").fullmatch("abbc").group(1) == "bb"


def test_a_bad_pattern_raises_as_re_does_and_is_not_stored(store):
    path, next_process = store
    with pytest.raises(re.error):
        lazyre.stored("(")
    next_process()
    assert not path.exists()


def test_no_store_is_written_when_python_writes_no_bytecode(store, monkeypatch):
    path, next_process = store
    monkeypatch.setattr(lazyre.sys, "dont_write_bytecode", True)
    lazyre.stored(r"x+y")
    next_process()
    assert not path.exists()


def test_the_store_keeps_only_this_runs_patterns_past_its_bound(store, monkeypatch):
    path, next_process = store
    monkeypatch.setattr(lazyre, "_KEEP", 5)
    for k in range(5):
        lazyre.stored(f"old{k}")
    next_process()
    lazyre.stored("old0")
    for k in range(3):
        lazyre.stored(f"new{k}")
    next_process()
    import marshal

    kept = marshal.loads(path.read_bytes().partition(b"\n")[2])
    assert sorted(p for p, _ in kept) == ["new0", "new1", "new2", "old0"]


@pytest.fixture
def installed(store):
    """The store as the depguard command uses it: every pattern the process compiles goes through it."""
    lazyre.install()
    re.purge()
    yield store
    lazyre.uninstall()
    re.purge()


def _observed(compiled: re.Pattern) -> tuple:
    sample = "requests==2.31 pip install x STRASSE straße ab abcc aA éé key = v # c\n"
    if isinstance(compiled.pattern, bytes):
        sample = sample.encode("utf-8")
    return (compiled.pattern, compiled.flags, compiled.groups, dict(compiled.groupindex),
            [(m.span(), m.groups()) for m in compiled.finditer(sample)])


def test_installed_every_compiled_pattern_comes_from_the_store_the_next_run(installed, monkeypatch):
    path, next_process = installed
    want = {}
    for pattern, flags in STORE_CASES:
        lazyre.uninstall()
        want[pattern, flags] = _observed(re.compile(pattern, flags))  # re alone
        re.purge()
        lazyre.install()
        assert _observed(re.compile(pattern, flags)) == want[pattern, flags]  # compiled by re, program kept
    assert len(lazyre._MADE) == len(STORE_CASES)
    next_process()
    re.purge()
    for pattern, flags in STORE_CASES:
        assert _observed(re.compile(pattern, flags)) == want[pattern, flags]
    assert lazyre._MADE == {}  # every one from the store: nothing parsed, nothing new to write


def test_installed_a_pattern_re_may_warn_about_is_never_stored_and_warns_every_run(installed):
    path, next_process = installed
    for _ in range(2):
        re.purge()
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            re.compile(r"[[a]")
            lazyre.stored(r"[+--]")
        assert [w.category for w in seen] == [FutureWarning, FutureWarning]
        next_process()
    assert not path.exists()


def test_installed_a_bad_pattern_raises_as_before(installed):
    with pytest.raises(re.error):
        re.compile(r"(unclosed")
    assert lazyre._MADE == {}


def test_importing_depguard_leaves_re_alone():
    code = ("import re\nreal = getattr(re, '_compiler', None) or re.sre_compile\nbefore = real.compile\n"
            "import depguard, depguard.api, depguard.cli, depguard.lazyre\nprint(real.compile is before)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "True", proc.stderr


def test_no_pattern_that_warns_is_called_storable():
    """Every pattern re's parser warns about (nested sets, set operations, conditional groups, bytes group
    names) is one :func:`lazyre.storable` refuses: 20,000 random patterns over the characters that matter."""
    import random

    rng = random.Random(19)
    alphabet = ["[", "]", "^", "-", "&", "~", "|", "#", "\\", "a", "\n", " ", "(?(", "(", ")", "(?x)", "?", "(?P<é>"]
    compiler = getattr(re, "_compiler", None) or re.sre_compile
    warned = 0
    for _ in range(20_000):
        pattern = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 9)))
        if rng.random() < 0.6:  # most warnings are about what a set holds
            pattern = rng.choice(("", "a", "#", "\\[", "(?x)#")) + "[" + pattern + "]" + rng.choice(("", "]", "a"))
        flags = rng.choice((0, int(re.X), int(re.I)))
        text: str | bytes = pattern.encode("utf-8") if rng.random() < 0.2 else pattern
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            try:
                compiler.compile(text, flags)
            except (re.error, RecursionError, OverflowError):
                continue
        if seen:
            warned += 1
            assert not lazyre.storable(text, flags), (text, flags, [str(w.message) for w in seen])
    assert warned > 100  # the test did meet patterns that warn


@pytest.mark.parametrize("layout", ["engine replaced", "no compile step"])
def test_install_leaves_a_re_laid_out_otherwise_alone(monkeypatch, layout):
    """On a Python whose re does not compile through ``_compiler.compile`` and ``_compiler._sre`` (another
    version's layout, or something else already in their place) install changes nothing."""
    compiler = getattr(re, "_compiler", None) or re.sre_compile
    if layout == "engine replaced":
        monkeypatch.setattr(compiler, "_sre", type("Other", (), {"compile": staticmethod(sys.modules["_sre"].compile)})())
    else:
        monkeypatch.delattr(compiler, "compile")
    before = (getattr(compiler, "compile", None), compiler._sre)
    lazyre.install()
    try:
        assert lazyre._INSTALLED == []
        assert (getattr(compiler, "compile", None), compiler._sre) == before
    finally:
        lazyre.uninstall()
