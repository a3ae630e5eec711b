"""``depguard.records.record`` makes what ``dataclasses.dataclass`` makes, for the options depguard uses.

Each case declares the same class twice, once with each decorator, and compares what instances do: the
constructor (positional, keyword, defaults, factories, errors), repr, equality, hash values, ordering, frozen
assignment, class attributes, ``__match_args__``, and the ``dataclasses`` functions (fields, replace, asdict,
is_dataclass), pickling and copying. Then the compiled-code store: a second process reuses the first one's
code, a damaged store is ignored, and nothing is written when Python writes no bytecode either.
"""

from __future__ import annotations

import copy
import dataclasses
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from depguard import records
from depguard.records import field, record, replace

OPTIONS = [{}, {"frozen": True}, {"frozen": True, "order": True}, {"frozen": True, "eq": False}, {"eq": False},
           {"order": True}]


def _pair(options: dict, body: str) -> tuple[type, type]:
    """The class ``body`` declares, made by dataclass and by record with ``options``."""
    made = []
    for decorate, fld in ((dataclasses.dataclass(**options), dataclasses.field), (record(**options), field)):
        namespace: dict = {"field": fld}
        exec(f"class Thing:\n{body}", namespace)  # noqa: S102 - test source
        made.append(decorate(namespace["Thing"]))
    return made[0], made[1]


BODY = """\
    '''A thing.'''
    name: str
    count: int = 0
    tags: list = field(default_factory=list)
    note: str | None = field(default=None, compare=False)
    secret: str = field(default="", repr=False)
"""


def _behaviour(cls: type) -> list:
    a, b, c = cls("x"), cls("x", 2, ["t"], note="n"), cls(name="x", note="other")
    out = [repr(a), repr(b), a == cls("x"), a == c, a == b, a != c, a == "x", cls.__match_args__,
           getattr(cls, "count", "absent"), getattr(cls, "note", "absent"), hasattr(cls, "tags"),
           cls("y").tags is not cls("y").tags]
    try:
        out.append(hash(a) == hash(cls("x")))
        out.append(hash(a) if cls.__hash__ is not object.__hash__ else "identity hash")
    except TypeError as exc:
        out.append(f"unhashable: {exc}")
    for op in ("__lt__", "__le__", "__gt__", "__ge__"):
        try:
            out.append(getattr(a, op)(b))
        except TypeError as exc:
            out.append(str(exc))
    try:
        a.name = "z"
        out.append(a.name)
        del a.count
        out.append("deleted")
    except AttributeError as exc:
        out.append((isinstance(exc, AttributeError), str(exc)))
    for args, kwargs in (((), {}), (("x", 1, [], None, "", "extra"), {}), (("x",), {"name": "y"}),
                         (("x",), {"unknown": 1})):
        try:
            cls(*args, **kwargs)
            out.append("made")
        except TypeError as exc:
            out.append(str(exc).split("() ", 1)[-1])  # the message names __init__'s qualname differently
    d = cls("q", 3, ["a"], "n", "s")
    out += [[f.name for f in dataclasses.fields(d)], dataclasses.asdict(d), dataclasses.is_dataclass(d),
            repr(dataclasses.replace(d, count=4)), repr(copy.copy(d)), repr(copy.deepcopy(d)), copy.deepcopy(d) == d]
    return out


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "plain")
def test_record_behaves_as_the_dataclass(options):
    made_by_dataclass, made_by_record = _pair(options, BODY)
    assert _behaviour(made_by_record) == _behaviour(made_by_dataclass)


@record(frozen=True, order=True)
class Pickled:
    name: str
    tags: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict, compare=False)


def test_records_pickle_as_dataclasses_do():
    thing = Pickled("x", ("a",), {"k": 1})
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(thing, protocol))
        assert again == thing and again.extra == {"k": 1} and type(again) is Pickled
    with pytest.raises(AttributeError):
        again.name = "y"


def test_methods_the_class_defines_are_kept():
    body = BODY + "    def __repr__(self):\n        return 'mine'\n    def __eq__(self, other):\n        return True\n"
    for options in ({}, {"frozen": True}):
        made_by_dataclass, made_by_record = _pair(options, body)
        for cls in (made_by_dataclass, made_by_record):
            assert repr(cls("x")) == "mine" and cls("x") == cls("y")
        assert (made_by_record.__hash__ is None) == (made_by_dataclass.__hash__ is None)


@pytest.mark.parametrize("body,error", [
    ("    a: int = 1\n    b: int\n", TypeError),  # a field without a default after one with
    ("    a: list = []\n", ValueError),  # a mutable default
    ("    a: int = field(default=1, default_factory=int)\n", ValueError),
])
def test_declaration_errors_are_the_dataclass_ones(body, error):
    with pytest.raises(error):
        _pair({}, body)


def test_records_replace_and_field_names():
    _, cls = _pair({"frozen": True}, BODY)
    thing = cls("x", 1, ["a"], "n", "s")
    assert replace(thing, count=2) == cls("x", 2, ["a"], "n", "s")
    assert records.field_names(cls) == ("name", "count", "tags", "note", "secret")
    with pytest.raises(TypeError):
        replace(thing, unknown=1)


def test_not_supported_options_are_refused():
    class Base:
        pass

    base = record(type("Base", (), {"__annotations__": {"a": "int"}}))
    with pytest.raises(TypeError):
        record(type("Child", (base,), {"__annotations__": {"b": "int"}}))
    with pytest.raises(TypeError):
        record(type("C", (), {"__annotations__": {"a": "ClassVar[int]"}}))
    with pytest.raises(ValueError):
        record(order=True, eq=False)(Base)


STORE_PROGRAM = """\
import sys
from depguard import records
records._store = lambda: sys.argv[1]
namespace = {}
exec("class Kept:\\n    a: int\\n    b: str = 'x'\\n", namespace)
Kept = records.record(frozen=True)(namespace["Kept"])
print(len(records._MADE), Kept(1), Kept(1) == Kept(1), hash(Kept(1)) == hash((1, 'x')))
"""


def _run(store: Path, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    environment.update(env)
    proc = subprocess.run([sys.executable, "-c", STORE_PROGRAM, str(store)], env=environment, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_compiled_code_is_kept_for_the_next_run(tmp_path):
    store = tmp_path / "records.marshal"
    assert _run(store) == "1 Kept(a=1, b='x') True True"  # compiled here, stored at exit
    assert store.is_file()
    assert _run(store) == "0 Kept(a=1, b='x') True True"  # the same class: nothing to compile
    store.write_bytes(store.read_bytes()[:-7])  # a damaged store is no store
    assert _run(store) == "1 Kept(a=1, b='x') True True"


def test_nothing_is_stored_when_python_writes_no_bytecode(tmp_path):
    store = tmp_path / "records.marshal"
    assert _run(store, PYTHONDONTWRITEBYTECODE="1") == "1 Kept(a=1, b='x') True True"
    assert not store.exists()


def test_the_store_is_never_written_through_a_link_planted_at_its_temporary_name(tmp_path, monkeypatch):
    """As importlib writes a .pyc: a new file, created exclusively, so a symbolic link planted where the store's
    temporary file goes does not make depguard overwrite what it points at."""
    from depguard import records

    store = tmp_path / "records.marshal"
    victim = tmp_path / "victim"
    victim.write_text("untouched", encoding="utf-8")
    monkeypatch.setattr(records, "_store", lambda: str(store))
    monkeypatch.setattr(records.os, "urandom", lambda n: b"\x00" * n)
    for name in (f"{store}.{os.getpid()}.tmp", f"{store}.{os.getpid()}.{'00' * 6}.tmp"):
        os.symlink(victim, name)
    monkeypatch.setattr(records, "_MADE", {"x = 1": compile("x = 1", "<string>", "exec")})
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    records._write()
    assert victim.read_text(encoding="utf-8") == "untouched"


def test_depguard_defines_records_not_dataclasses():
    """A new ``@dataclass`` in depguard would bring the dataclasses module (and inspect, ast, dis) back onto
    every run's start-up: depguard's classes are records."""
    package = Path(records.__file__).parent
    offenders = [str(p.relative_to(package)) for p in package.rglob("*.py") if p.name != "records.py"
                 and ("from dataclasses import" in p.read_text(encoding="utf-8")
                      or "import dataclasses" in p.read_text(encoding="utf-8"))]
    assert offenders == [], "use depguard.records.record (and its field/replace) instead of dataclasses"


OWNERS_PROGRAM = """
import importlib, sys
from depguard import records
records._store = lambda: sys.argv[1]
sys.path.insert(0, sys.argv[2])
for name in sys.argv[3:]:
    importlib.import_module(name)
print(len(records._MADE))
"""


def _define(folder: Path, name: str, *fields: str) -> None:
    body = "".join(f"    {f}\n" for f in fields)
    (folder / f"{name}.py").write_text(f"from depguard.records import record\n\n\n@record\nclass {name.upper()}:\n"
                                       f"{body}", encoding="utf-8")


def test_the_store_drops_code_of_a_changed_module_and_keeps_what_unchanged_modules_made(tmp_path, monkeypatch):
    """Every run loads the store whole: code made for an older version of a module is dropped when the
    store is next written, code of a module whose file is unchanged stays (if this run did not use it)."""
    store, folder = tmp_path / "records.marshal", tmp_path / "mods"
    folder.mkdir()
    _define(folder, "a", "x: int")
    _define(folder, "b", "y: int")

    def run(*names: str) -> int:
        environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        proc = subprocess.run([sys.executable, "-c", OWNERS_PROGRAM, str(store), str(folder), *names],
                              env=environment, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        return int(proc.stdout)

    monkeypatch.setattr(records, "_store", lambda: str(store))
    assert run("a", "b") == 2
    assert run("a", "b") == 0  # both kept
    for version in range(3):  # b changes three times; each run uses b only
        _define(folder, "b", "y: int", *(f"z{i}: int = 0" for i in range(version + 1)))
        assert run("b") == 1
        assert len(records._read()) == 2, "the old b's code stays in the store"
    assert run("a", "b") == 0  # a's code was kept though those runs did not use it
    (folder / "a.py").unlink()
    _define(folder, "b", "y: str")
    assert run("b") == 1
    assert len(records._read()) == 1  # a's file is gone: its code too



def test_the_store_key_stands_for_the_generated_text(monkeypatch):
    """Code is kept under what its source is made of (field names and kinds, compared fields, frozen, eq, an
    own __hash__), so classes of one shape share one entry, and each difference that changes the text is an
    entry of its own with the behaviour of its own options."""
    monkeypatch.setattr(records, "_CODES", {})
    monkeypatch.setattr(records, "_MADE", {})
    monkeypatch.setattr(records, "_USED", {})
    monkeypatch.setattr(records, "_write", lambda: None)

    def make(name: str, frozen: bool = True, **fields: object) -> type:
        return record(frozen=frozen)(type(name, (), {"__annotations__": dict.fromkeys(fields, "int"), **{
            k: v for k, v in fields.items() if v is not None}}))

    one, two = make("One", a=None, b=2), make("Two", a=None, b=2)
    assert len(records._MADE) == 1 and one(1) == one(1, 2) and two(1).b == 2
    made = [make("Three", a=None, b=None), make("Four", frozen=False, a=None, b=2),
            make("Five", a=None, b=field(default=2, compare=False)), make("Six", a=None, b=field(default_factory=list))]
    assert len(records._MADE) == 5
    three, four, five, six = made
    assert three(1, 2) == three(1, 2) and hash(three(1, 2)) == hash((1, 2))
    x = four(1)
    x.b = 3
    assert x == four(1, 3) and four.__hash__ is None
    assert five(1, 2) == five(1, 3) and hash(five(1, 2)) == hash((1,))
    assert six(1).b == [] and six(1).b is not six(1).b
    assert all(isinstance(key, tuple) for key in records._MADE)
