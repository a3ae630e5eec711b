"""``@record``: the classes ``@dataclasses.dataclass`` makes, for the options depguard uses, made cheaply.

A dataclass is cheap to use and dear to make: ``dataclasses`` writes the source of ``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` for every class and compiles each one, about
0.7 ms per class here, paid again by every process. A warm ``depguard check`` or agent hook defines ~50 of
them before it answers: a third of its run (issue 19). ``record`` compiles one function per class (the
``__init__``, written as the dataclass one is, so making an instance costs the same) and gives the other
methods from shared code over an ``operator.attrgetter`` of the fields. What it makes behaves as the
dataclass does: the same ``__init__`` signature, defaults and factories, ``repr``, equality and ordering on
the tuple of compared fields (the same hash values), frozen instances that refuse assignment, a class
attribute for each plain default, ``__match_args__``, and methods the class body defines left alone.
``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` work on it: ``__dataclass_fields__`` is
made (by ``dataclasses`` itself, from the same declarations) the first time something asks for it.

Options: ``frozen``, ``eq`` and ``order`` as ``dataclass`` has them; ``field(default=…, default_factory=…,
compare=…, repr=…)``. Not supported (an error, not a silent difference): inheriting fields from another
record, ``ClassVar``/``InitVar`` fields, ``slots``, ``kw_only``, ``init=False``; ``__post_init__`` is not
called. The class keeps its own docstring (a dataclass without one gets its signature as ``__doc__``).
"""

from __future__ import annotations

import marshal
import operator
import os
import reprlib
import sys

TYPE_CHECKING = False  # typing is not imported at run time: every process would pay for it
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar, overload

    from typing_extensions import dataclass_transform

    T = TypeVar("T")
else:
    def overload(fn):
        return fn

    def dataclass_transform(**_kw):
        return overload


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
_FACTORY: Any = type("_HasFactory", (), {"__slots__": (), "__repr__": lambda self: "<factory>"})()


class Field:
    """One ``field(...)`` declaration."""

    __slots__ = ("default", "default_factory", "compare", "repr")

    def __init__(self, default: Any, default_factory: Any, compare: bool, repr: bool) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.default = default
        self.default_factory = default_factory
        self.compare = compare
        self.repr = repr


@overload
def field(*, default: T, compare: bool = True, repr: bool = True) -> T: ...
@overload
def field(*, default_factory: Callable[[], T], compare: bool = True, repr: bool = True) -> T: ...  # noqa: F811
@overload
def field(*, compare: bool = True, repr: bool = True) -> Any: ...  # noqa: F811


def field(*, default: Any = MISSING, default_factory: Any = MISSING, compare: bool = True,  # noqa: F811
          repr: bool = True) -> Any:
    """A field's default, factory, and whether it takes part in equality (and hash, order) and in repr."""
    return Field(default, default_factory, compare, repr)


class FrozenInstanceError(AttributeError):
    """Assignment to a field of a frozen record (as :class:`dataclasses.FrozenInstanceError`)."""


class _DataclassFields:
    """``__dataclass_fields__`` on first access: ``dataclasses`` makes the class once more, from the same
    declarations, and its fields replace this descriptor (so ``fields``/``replace``/``asdict`` see what
    they see on a dataclass)."""

    def __get__(self, instance: object, owner: type) -> Any:
        import dataclasses

        spec = owner.__dict__["__record__"]
        body: dict[str, Any] = {"__annotations__": dict(owner.__dict__.get("__annotations__", {})),
                                "__module__": owner.__module__, "__qualname__": owner.__qualname__}
        for name, f in spec.fields:
            body[name] = dataclasses.field(default=f.default if f.default is not MISSING else dataclasses.MISSING,
                                           default_factory=(f.default_factory if f.default_factory is not MISSING
                                                            else dataclasses.MISSING),
                                           compare=f.compare, repr=f.repr)
        twin: Any = dataclasses.dataclass(frozen=spec.frozen, eq=spec.eq, order=spec.order)(
            type(owner.__name__, (), body))
        fields = twin.__dataclass_fields__
        type.__setattr__(owner, "__dataclass_fields__", fields)
        return fields


class _Spec:
    __slots__ = ("fields", "frozen", "eq", "order")

    def __init__(self, fields: list[tuple[str, Field]], frozen: bool, eq: bool, order: bool) -> None:
        self.fields, self.frozen, self.eq, self.order = fields, frozen, eq, order


def _key(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """obj -> the tuple of its ``names`` attributes (a C-level attrgetter from two names on)."""
    if len(names) >= 2:
        return operator.attrgetter(*names)
    if names:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return lambda obj: ()


def _set(cls: type, name: str, value: Any) -> bool:
    """Set ``name`` unless the class body defines it (as dataclasses does); True when it was there."""
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _methods(cls: type, fields: list[tuple[str, Field]], frozen: bool, order: bool) -> None:
    """The methods made from shared code: repr, ordering, frozen assignment (not on the per-instance path)."""
    names = [name for name, _ in fields]
    shown = [name for name, f in fields if f.repr]

    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"

    _set(cls, "__repr__", __repr__)
    if order:
        key = _key([name for name, f in fields if f.compare])
        for name, op in (("__lt__", operator.lt), ("__le__", operator.le), ("__gt__", operator.gt),
                         ("__ge__", operator.ge)):
            if _set(cls, name, _compare(op, key)):
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}. Consider using "
                                "functools.total_ordering")
    if frozen:
        protected = frozenset(names)

        def __setattr__(self: Any, name: str, value: Any) -> None:
            if type(self) is cls or name in protected:
                raise FrozenInstanceError(f"cannot assign to field {name!r}")
            super(cls, self).__setattr__(name, value)  # type: ignore[misc, arg-type]

        def __delattr__(self: Any, name: str) -> None:
            if type(self) is cls or name in protected:
                raise FrozenInstanceError(f"cannot delete field {name!r}")
            super(cls, self).__delattr__(name)  # type: ignore[misc, arg-type]

        for name, fn in (("__setattr__", __setattr__), ("__delattr__", __delattr__)):
            if _set(cls, name, fn):
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")


def _compare(op: Callable[[Any, Any], Any], key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def compare(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return op(key(self), key(other))
        return NotImplemented

    return compare


# The store is keyed by what the generated source is made of (see _compiled), not by the source itself: writing
# the source out for every class of every run was ~4M instructions of a warm run (issue 19)
_CODES: dict[tuple[Any, ...], Any] | None = None  # key of a generated source -> its compiled code, kept between runs
_MADE: dict[tuple[Any, ...], Any] = {}  # what this process compiled
_USED: dict[tuple[Any, ...], str | None] = {}  # key -> the file of the module whose class it was made for (or None)
_KEEP = 2000  # past this many stored entries, keep only what this process used
_HEAD = b"depguard records 3 "  # and sys.version: a store of another format or Python is not read


def _store() -> str:
    """Where compiled code is kept: beside the compiled modules of depguard itself (``__pycache__``), so it
    is trusted exactly as far as they are; one file per Python version."""
    return os.path.join(os.path.dirname(__file__), "__pycache__", f"records.{sys.implementation.cache_tag}.marshal")


def _load() -> tuple[dict[tuple[Any, ...], Any], dict[str, Any]]:
    """The stored (codes, owners): codes maps the key of a source -> code; owners maps the file of a module
    that made records to ``(mtime_ns, size, keys)``, its stamp when they were stored."""
    try:
        with open(_store(), "rb") as fh:
            head = fh.readline()
            if head != _HEAD + sys.version.encode() + b"\n":
                return {}, {}
            codes, owners = marshal.loads(fh.read())
    except (OSError, ValueError, EOFError, TypeError):
        return {}, {}
    code_type = type(_load.__code__)
    if (not isinstance(codes, dict) or not isinstance(owners, dict)
            or not all(type(k) is tuple and type(v) is code_type for k, v in codes.items())):
        return {}, {}
    return codes, owners


def _read() -> dict[tuple[Any, ...], Any]:
    return _load()[0]


def _stamp(path: str | None) -> tuple[int, int] | None:
    if path is None:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def _write() -> None:
    """At exit: add what this process compiled to the store (unless Python writes no bytecode either). What
    the store keeps: the code this process used, and the code made for modules whose file has not changed
    since it was stored; code of a changed (or removed) module's file is dropped, so the store, which every
    run loads whole, does not grow with each version of the source (a run needing a dropped class compiles
    it again: the key determines the text, so nothing stale is ever used, this only bounds the size)."""
    if not _MADE or sys.dont_write_bytecode:
        return
    stored, owners = _load()
    kept: dict[tuple[Any, ...], Any] = {}
    files: dict[str, tuple[int, int, list[tuple[Any, ...]]]] = {}
    for path, entry in owners.items():
        if (isinstance(path, str) and isinstance(entry, tuple) and len(entry) == 3
                and _stamp(path) == entry[:2] and isinstance(entry[2], (tuple, list))):
            sources = [src for src in entry[2] if type(src) is tuple and src in stored]
            kept.update((src, stored[src]) for src in sources)
            files[path] = (*entry[:2], sources)
    if len(kept) + len(_USED) > _KEEP:
        kept, files = {}, {}
    current = {**(_CODES or {}), **_MADE}
    for src, owner in _USED.items():
        stamp = _stamp(owner)
        if src not in current:
            continue
        kept[src] = current[src]
        if owner is not None and stamp is not None:
            mtime, size, sources = files.get(owner, (*stamp, []))
            if (mtime, size) != stamp:  # stored under an older stamp of the file: this run's view replaces it
                mtime, size, sources = *stamp, []
            if src not in sources:
                sources.append(src)
            files[owner] = (mtime, size, sources)
    owners_out = {path: (mtime, size, tuple(sources)) for path, (mtime, size, sources) in files.items()}
    path = _store()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    except OSError:
        return
    from .paths import write_atomic  # at exit, and only when the store changed: not on the start-up path

    # as importlib writes a .pyc (0644, a new file made with O_EXCL, so never through a link planted at its name)
    write_atomic(path, _HEAD + sys.version.encode() + b"\n" + marshal.dumps((kept, owners_out)), 0o644)


def _code(key: tuple[Any, ...], source: Callable[[], str], owner: str | None) -> Any:
    """The compiled ``source()``: from the store when an earlier run compiled the source ``key`` stands for
    (``key`` determines the text: a changed class is a new entry), else written and compiled now and stored at
    exit. ``owner``: the file of the module defining the class (how long the store keeps the entry, see
    :func:`_write`)."""
    global _CODES
    if _CODES is None:
        _CODES = _read()
    _USED[key] = owner
    code = _CODES.get(key)
    if code is None:
        code = compile(source(), "<string>", "exec")
        if not _MADE:
            import atexit

            atexit.register(_write)
        _CODES[key] = _MADE[key] = code
    return code


def _owner(cls: type) -> str | None:
    module = sys.modules.get(cls.__module__)
    path = getattr(module, "__file__", None)
    return path if isinstance(path, str) else None


def _compiled(cls: type, fields: list[tuple[str, Field]], frozen: bool, eq: bool) -> None:
    """``__init__``, and with ``eq`` ``__eq__`` and (frozen) ``__hash__``, written as dataclasses writes them
    and compiled together: they run per instance and per dictionary look-up, so they cost what a
    dataclass's do."""
    scope: dict[str, Any] = {"__record_set__": object.__setattr__, "__record_factory__": _FACTORY}
    kinds = []  # (name, 2: a factory, 1: a default, 0: neither, compared)
    for name, f in fields:
        if f.default_factory is not MISSING:
            scope[f"__record_factory_{name}__"] = f.default_factory
            kinds.append((name, 2, bool(f.compare)))
        elif f.default is not MISSING:
            scope[f"__record_default_{name}__"] = f.default
            kinds.append((name, 1, bool(f.compare)))
        else:
            kinds.append((name, 0, bool(f.compare)))
    own_hash = cls.__dict__.get("__hash__", MISSING)
    explicit_hash = not (own_hash is MISSING or (own_hash is None and "__eq__" in cls.__dict__))
    made = ["__init__", *(["__eq__"] if eq else []), *(["__hash__"] if eq and frozen and not explicit_hash else [])]

    def source() -> str:
        params, body = [], []
        for name, kind, _ in kinds:
            if kind == 2:
                params.append(f"{name}=__record_factory__")
                value = f"__record_factory_{name}__() if {name} is __record_factory__ else {name}"
            elif kind == 1:
                params.append(f"{name}=__record_default_{name}__")
                value = name
            else:
                params.append(name)
                value = name
            body.append(f"  __record_set__(self, {name!r}, {value})" if frozen else f"  self.{name} = {value}")
        lines = [f" def __init__(self, {', '.join(params)}):", *(body or ["  pass"])]
        if eq:
            compared = [name for name, _, compare in kinds if compare]
            mine, theirs = (f"({''.join(f'{who}.{n},' for n in compared)})" for who in ("self", "other"))
            lines += [" def __eq__(self, other):", "  if other.__class__ is self.__class__:",
                      f"   return {mine} == {theirs}", "  return NotImplemented"]
            if "__hash__" in made:
                lines += [" def __hash__(self):", f"  return hash({mine})"]
        return (f"def __make__({', '.join(scope)}):\n" + "\n".join(lines)
                + f"\n return ({''.join(f'{m}, ' for m in made)})\n")

    # what the source is made of, so the key of its code: the same key is the same text
    key = (frozen, eq, explicit_hash, tuple(kinds))
    namespace: dict[str, Any] = {}
    exec(_code(key, source, _owner(cls)), {"__builtins__": __builtins__}, namespace)  # noqa: S102 - our own text, made from field names
    for name, fn in zip(made, namespace["__make__"](**scope)):
        fn.__qualname__ = f"{cls.__qualname__}.{name}"
        if name == "__hash__":
            cls.__hash__ = fn  # type: ignore[method-assign]
        else:
            _set(cls, name, fn)
    if eq and not frozen and not explicit_hash:
        cls.__hash__ = None  # type: ignore[assignment]


def _declared(cls: type) -> list[tuple[str, Field]]:
    if any("__record__" in base.__dict__ or "__dataclass_fields__" in base.__dict__ for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: a record cannot inherit fields")
    fields: list[tuple[str, Field]] = []
    seen_default = False
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if str(annotation).startswith(("ClassVar", "typing.ClassVar", "InitVar", "dataclasses.InitVar")):
            raise TypeError(f"{cls.__name__}.{name}: ClassVar and InitVar fields are not supported by record")
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(value, MISSING, True, True)
        if f.default is not MISSING and f.default.__class__.__hash__ is None:
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed: use "
                             "default_factory")
        if isinstance(value, Field):  # as dataclasses: the class attribute is the plain default, if any
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        has_default = f.default is not MISSING or f.default_factory is not MISSING
        if seen_default and not has_default:
            raise TypeError(f"non-default argument {name!r} follows default argument")
        seen_default = seen_default or has_default
        fields.append((name, f))
    return fields


@dataclass_transform(field_specifiers=(field,))
@overload
def record(cls: type[T], /) -> type[T]: ...
@overload
def record(*, frozen: bool = False, eq: bool = True,  # noqa: F811
           order: bool = False) -> Callable[[type[T]], type[T]]: ...


def record(cls: Any = None, /, *, frozen: bool = False, eq: bool = True, order: bool = False) -> Any:  # noqa: F811
    """``@record`` / ``@record(frozen=True, order=True)``: as ``@dataclasses.dataclass`` with those options."""
    if order and not eq:
        raise ValueError("eq must be true if order is true")

    def make(cls: type) -> type:
        fields = _declared(cls)
        _compiled(cls, fields, frozen, eq)
        _methods(cls, fields, frozen, order)
        cls.__match_args__ = tuple(name for name, _ in fields)  # type: ignore[attr-defined, misc]
        cls.__record__ = _Spec(fields, frozen, eq, order)  # type: ignore[attr-defined]
        cls.__dataclass_fields__ = _DataclassFields()  # type: ignore[attr-defined]
        return cls

    return make if cls is None else make(cls)


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of record ``obj`` with ``changes`` (as :func:`dataclasses.replace`)."""
    for name, _ in type(obj).__dict__["__record__"].fields:
        if name not in changes:
            changes[name] = getattr(obj, name)
    return obj.__class__(**changes)


def field_names(cls: type) -> tuple[str, ...]:
    """The names of a record class's fields, in order."""
    return tuple(name for name, _ in cls.__dict__["__record__"].fields)


def is_record(obj: object) -> bool:
    """Whether ``obj`` is an instance of a record class (not the class itself)."""
    return "__record__" in type(obj).__dict__
