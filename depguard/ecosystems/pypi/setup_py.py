"""``setup.py``, read statically with :mod:`ast` (the file is never executed): the requirement lists passed to
``setup(...)`` as ``install_requires``, ``setup_requires`` and ``tests_require``, and the dict of lists passed
as ``extras_require``.

A keyword may be a literal or name a variable. A variable's value is what the file's statements put into
it, read without running anything: assignments (``REQUIRES = [...]``, ``ALL = BASE + TESTS``), ``+=``,
``.append(x)``, ``.extend([...])``, ``.insert(i, x)``, for dicts ``EXTRAS["dev"] = [...]``, ``.update(...)``,
``dict(dev=[...])`` and ``{**BASE, "dev": [...]}``; ``EXTRAS["a"] + EXTRAS["b"]`` reads the entries of those
keys, and ``EXTRAS.get("k", [])`` those and the default, ``sum(EXTRAS.values(), [])`` and
``itertools.chain.from_iterable([A, B])`` every list they join; both sides of ``x if cond else y`` count; an f-string
names its requirement when the name is written out before the first substitution (``f"acme>={version}"``), and
so does a literal formatted by ``.format`` or ``%`` (``'acme=={0!s}'.format(RELEASE)``). Statements in every branch of an ``if``/``try``/``with`` (at module level or in the function that calls
``setup``) count: a requirement added under a condition is still a requirement. Anything computed (a list
read from a file, a comprehension, a function's result) is not guessed at and is recorded as a problem, unless
the file's string literals name requirements files beside it (``open("requirements.txt")``, celery's
``os.path.join(os.getcwd(), "requirements", *f)`` over ``requirements/default.txt``): setup.py reads its lists
from them at build time, and they are read and judged as requirements files themselves, so nothing is lost.

The setup.py of a ROS 2 ``ament_python`` package (a ROS ``package.xml`` beside it) names other ROS packages in its
lists (ros2cli's ``ros2action/setup.py``: ``install_requires=['ros2cli']``; launch_ros's ``ament_index_python``),
which its package.xml declares too: colcon builds such a package without resolving ``install_requires`` (``setup.py
develop --no-deps``), bloom's Debian packages take their dependencies from package.xml, and rosdep or the workspace
installs them, never pip. A requirement the package.xml beside it declares is therefore reported not checked (DG100:
never a pass, never a note): PyPI's answer says nothing about that ROS package. Every other requirement of the file
(``setuptools``, a PyPI library) is judged as usual.
"""

from __future__ import annotations

import ast
import functools
import posixpath
import re
from collections.abc import Iterator

from ...fsview import active
from ...model import Mention
from ...names import canonicalize_name
from ...parsers import Source, file_format
from ...parsers._util import load_python
from ._python import own_name, requirement_mention

PARSER = "setup.py"
LIST_KEYWORDS = ("install_requires", "setup_requires", "tests_require")
SETUP_FUNCTIONS = {"setup", "setuptools.setup", "distutils.core.setup"}
ADD_ONE = ("append", "add")  # list.append(x), set.add(x)
ADD_MANY = ("extend", "update")  # list.extend(xs), set.update(xs), dict.update(...)
CHAIN_ALL = {"itertools.chain.from_iterable", "chain.from_iterable"}  # one iterable of lists, joined
MAX_DEPTH = 200  # nested expressions and name -> name chains followed at most this deep
MAX_STEPS = 20_000  # expressions followed for one file


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _label(key: ast.expr | None) -> str | None:
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None


REQUIREMENT_END = re.compile(r"[\s=<>!~;@\[(]")


def _literal_name(node: ast.JoinedStr) -> ast.Constant | None:
    """The requirement of an f-string whose name is written out before its first substitution
    (``f"acme>={version}"`` -> ``acme``), as a constant at the f-string's place; None when a substitution
    may be part of the name (``f"pkg-{flavour}"``)."""
    first = node.values[0] if node.values else None
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)) or len(node.values) < 2:
        return None
    return _name_before(first.value, node)


def _name_before(written: str, node: ast.expr) -> ast.Constant | None:
    """The requirement name written out in ``written``, the text before a string's first substitution, as a
    constant at ``node``'s place; None when the name may go on into the substitution."""
    end = REQUIREMENT_END.search(written)
    if end is None or end.start() == 0:
        return None
    return ast.copy_location(ast.Constant(written[:end.start()]), node)


def _formatted_name(node: ast.expr) -> ast.Constant | None:
    """The same for a literal formatted by ``str.format`` or ``%`` (MDAnalysis' ``'MDAnalysisTests=={0!s}'.format(
    RELEASE)``, ``"acme>=%s" % version``): the name written before the first replacement field."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format" \
            and isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str):
        text, slot = node.func.value.value, "{"
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) \
            and isinstance(node.left.value, str):
        text, slot = node.left.value, "%"
    else:
        return None
    at = text.find(slot)
    return _name_before(text[:at], node) if at > 0 else None


def _concatenated(node: ast.expr) -> ast.Constant | None:
    """A requirement written as string literals joined by ``+`` (mu's ``"PyQt5==5.13.2" + ';"arm" not in
    platform_machine'``): the whole string when every part is a literal, else the name written out before the first
    part that is not one (``"acme>=" + version`` -> ``acme``), as a constant at the expression's place."""
    leaves: list[ast.expr] = []
    stack: list[ast.expr] = [node]
    while stack and len(leaves) <= 32:
        part = stack.pop()
        if isinstance(part, ast.BinOp) and isinstance(part.op, ast.Add):
            stack.extend((part.right, part.left))  # the left operand first
        else:
            leaves.append(part)
    if stack or not leaves or not (isinstance(leaves[0], ast.Constant) and isinstance(leaves[0].value, str)):
        return None
    written = ""
    for leaf in leaves:
        if not (isinstance(leaf, ast.Constant) and isinstance(leaf.value, str)):
            if REQUIREMENT_END.search(written) is None and _only_specifiers(leaf):
                # fhir.resources' "flake8" + (PY_VERSION_10_OR_LATER and "==7.3.0" or "==5.0.4;…"): whatever the
                # condition, what follows the name starts a version or a marker, so the name ends where it is written
                return _name_before(written + "=", node)
            return _name_before(written, node)
        written += leaf.value
    return ast.copy_location(ast.Constant(written), node)


def _only_specifiers(node: ast.expr, depth: int = 0) -> bool:
    """Whether every string the expression ``node`` can give starts a version specifier, a marker or extras
    (``==7.3.0``, ``>=6``, ``;python_version<'3.10'``, ``[dev]``), or is empty: a condition choosing between such
    literals (``cond and "==1" or "==2"``, ``"==1" if cond else ""``). A variable or call that may give a string is
    not known, so it answers False (``"flake8" + suffix`` may go on with ``-isort``)."""
    if depth > 8:
        return False
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and (node.value == "" or REQUIREMENT_END.match(node.value) is not None)
    if isinstance(node, ast.IfExp):
        return _only_specifiers(node.body, depth + 1) and _only_specifiers(node.orelse, depth + 1)
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        # `a and b`: b when a is true; a itself when false, a condition (a string there would be empty: falsy)
        return _only_specifiers(node.values[-1], depth + 1)
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
        return all(_only_specifiers(v, depth + 1) for v in node.values)
    return False


# the suffixes of pip's requirements files in a requirements folder (``.pip``: flask-restx's requirements/install.pip)
REQUIREMENTS_SUFFIXES = (".txt", ".in", ".pip")
# a dependency table (:meth:`_Reader.table`): this many requirement strings at least, each keyed by its leading name
TABLE_MIN = 3
TABLE_KEY = re.compile(r"^([^!=<>~ ;@]+)")


class _Bindings:
    """Every value each variable is given in a body of statements (nested blocks included, functions and
    classes not), in order: whole values for ``name``, keyed values for ``name[key]``."""

    def __init__(self) -> None:
        self.values: dict[str, list[ast.expr]] = {}
        self.items: dict[str, list[tuple[str | None, ast.expr]]] = {}  # name -> (key, value) of dict writes

    def read(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            self.statement(stmt)

    def statement(self, stmt: ast.stmt) -> None:
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                self.assign(target, stmt.value)
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            self.assign(stmt.target, stmt.value)
        elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, (ast.Add, ast.BitOr)):
            self.assign(stmt.target, stmt.value)
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            self.method_call(stmt.value)
        elif isinstance(stmt, (ast.If, ast.For, ast.While, ast.With, ast.Try)) or type(stmt).__name__ == "TryStar":
            for part in ("body", "orelse", "finalbody"):
                self.read(getattr(stmt, part, []))
            for handler in getattr(stmt, "handlers", []):
                self.read(handler.body)

    def assign(self, target: ast.expr, value: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self.values.setdefault(target.id, []).append(value)
        elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
            self.items.setdefault(target.value.id, []).append((_label(target.slice), value))

    def method_call(self, call: ast.Call) -> None:
        func = call.func
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
            return
        name = func.value.id
        if func.attr in ADD_ONE and len(call.args) == 1:
            self.values.setdefault(name, []).append(ast.copy_location(ast.List(elts=[call.args[0]], ctx=ast.Load()), call))
        elif func.attr == "insert" and len(call.args) == 2:
            self.values.setdefault(name, []).append(ast.copy_location(ast.List(elts=[call.args[1]], ctx=ast.Load()), call))
        elif func.attr in ADD_MANY:
            for arg in call.args:
                self.values.setdefault(name, []).append(arg)
            if call.keywords:  # d.update(dev=[...])
                self.values.setdefault(name, []).append(
                    ast.copy_location(ast.Call(func=ast.Name("dict", ast.Load()), args=[], keywords=call.keywords), call))


def requirement_files(tree: ast.Module, source: Source) -> list[str]:
    """The requirements files beside ``source`` (a setup.py) that its string literals name, relative to its
    folder: a file the requirements reader reads (``"requirements.txt"``, ``"requirements/base.txt"``) or a
    ``requirements`` folder holding ``.txt``/``.in``/``.pip`` files (named with its files joined at run time:
    flask-restx's ``os.path.join("requirements", "{0}.pip".format(name))``)."""
    if source.fs_path is None:
        return []
    from .project import REQUIREMENTS_FILE

    here = source.fs_path.parent
    view = active()
    found: list[str] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or not 0 < len(node.value) < 256:
            continue
        rel = posixpath.normpath(node.value.strip().replace("\\", "/"))
        if rel.startswith(("/", "..")) or rel == "." or rel in found or "\n" in rel:
            continue
        name = posixpath.basename(rel)
        if REQUIREMENTS_FILE.match(name) or (posixpath.dirname(rel).lower().startswith("requirements")
                                             and name.endswith(REQUIREMENTS_SUFFIXES)):
            if view.is_file(here / rel):
                found.append(rel)
        elif name.lower() == "requirements" and any(
                entry.endswith(REQUIREMENTS_SUFFIXES) or is_dir for entry, is_dir in view.listdir(here / rel) or ()):
            found.append(rel)
    return found


def _marked_entry(elt: ast.expr, target: str) -> bool:
    """Whether ``elt`` is the loop variable ``target`` with a marker or a version written after it, its name
    unchanged: ``'%s; %s' % (r, MARKER)`` (MAVProxy's map3d requirements), ``f"{r}; {MARKER}"``,
    ``"{}; {}".format(r, MARKER)``, ``r + "; sys_platform == 'linux'"``."""
    def ends_name(text: str) -> bool:
        return not text or REQUIREMENT_END.match(text) is not None

    def is_target(node: ast.expr) -> bool:
        return isinstance(node, ast.Name) and node.id == target

    if isinstance(elt, ast.BinOp) and isinstance(elt.op, ast.Mod) and isinstance(elt.left, ast.Constant) \
            and isinstance(elt.left.value, str) and elt.left.value.startswith("%s") and ends_name(elt.left.value[2:]):
        first = elt.right.elts[0] if isinstance(elt.right, ast.Tuple) and elt.right.elts else elt.right
        return is_target(first)
    if isinstance(elt, ast.JoinedStr) and elt.values and isinstance(elt.values[0], ast.FormattedValue):
        head, rest = elt.values[0], elt.values[1:]
        return is_target(head.value) and head.conversion == -1 and head.format_spec is None and (
            not rest or (isinstance(rest[0], ast.Constant) and isinstance(rest[0].value, str) and ends_name(rest[0].value)))
    if isinstance(elt, ast.Call) and isinstance(elt.func, ast.Attribute) and elt.func.attr == "format" \
            and isinstance(elt.func.value, ast.Constant) and isinstance(elt.func.value.value, str) and elt.args:
        text = elt.func.value.value
        slot = next((s for s in ("{}", "{0}") if text.startswith(s)), None)
        return slot is not None and ends_name(text[len(slot):]) and is_target(elt.args[0])
    if isinstance(elt, ast.BinOp) and isinstance(elt.op, ast.Add) and is_target(elt.left):
        return isinstance(elt.right, ast.Constant) and isinstance(elt.right.value, str) and ends_name(elt.right.value)
    return False


def _copying_comprehension(node: ast.AST) -> tuple[ast.expr, bool] | None:
    """(what it walks, whether that is a list of lists) for a comprehension that copies entries unfiltered, each
    unchanged or with a marker or version written after its name (:func:`_marked_entry`): ``[r for r in BASE]``
    (BASE, False), ``['%s; %s' % (r, MARKER) for r in BASE]`` (BASE, False: the names are BASE's) or the flattening
    ``[dep for deps in EXTRAS.values() for dep in deps]`` (``EXTRAS.values()``, True: obspy's
    ``EXTRAS_REQUIRES['all']``); None for any other (a condition, an entry changed otherwise, a third loop: what it
    keeps is computed)."""
    if not isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)) \
            or any(g.ifs or g.is_async for g in node.generators):
        return None
    gens = node.generators
    targets = [g.target.id for g in gens if isinstance(g.target, ast.Name)]
    if len(gens) == 1 and len(targets) == 1 and not isinstance(node.elt, ast.Name) and _marked_entry(node.elt, targets[0]):
        return gens[0].iter, False
    if not isinstance(node.elt, ast.Name):
        return None
    if len(gens) == 1 and targets == [node.elt.id]:
        return gens[0].iter, False
    if len(gens) == 2 and isinstance(gens[1].iter, ast.Name) and targets == [gens[1].iter.id, node.elt.id]:
        return gens[0].iter, True
    return None


class _Reader:
    def __init__(self, source: Source, bindings: _Bindings, read_from: list[str] | None = None) -> None:
        self.source = source
        self.lines = source.text.splitlines()
        self.bindings = bindings
        self.read_from = read_from or []  # requirements files the lists are read from at build time
        self.steps = 0  # expressions followed so far (``B = A + A; C = B + B; …`` must not take forever)
        self.limited = False

    def computed(self, where: str, node: ast.AST, what: str = "a literal list") -> None:
        if self.read_from:
            return  # read from the requirements files the file names, which are judged themselves
        self.source.problem(f"{where} is not {what}; not read", getattr(node, "lineno", None),
                            getattr(node, "col_offset", -1) + 1)

    def over_limit(self, where: str, node: ast.AST, depth: int) -> bool:
        """Whether reading must stop here (recorded once as a limit problem)."""
        self.steps += 1
        if self.steps <= MAX_STEPS and depth <= MAX_DEPTH:
            return False
        if not self.limited:
            self.limited = True
            self.source.problem(f"{where}: the requirement lists are built in more than {MAX_STEPS} steps or "
                                f"{MAX_DEPTH} levels; the rest is not read", getattr(node, "lineno", None), kind="limit")
        return True

    def entries(self, node: ast.expr, where: str, depth: int = 0,
                active: frozenset[str] = frozenset()) -> Iterator[ast.Constant]:
        """The string constants a requirement-list expression holds (problems for what cannot be read).
        ``active``: the variables being expanded (in ``X = X + [...]`` the inner ``X`` adds nothing new)."""
        if isinstance(node, ast.Name) and node.id in active:
            return
        if self.over_limit(where, node, depth):
            return
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node  # setuptools accepts one string of lines too
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            for item in node.elts:
                if isinstance(item, ast.Starred):
                    yield from self.entries(item.value, where, depth + 1, active)
                elif isinstance(item, (ast.List, ast.Tuple)):
                    # a list inside the list: setuptools reads requirements with a yield_lines that walks nested
                    # lists (MetaGPT's `extras_require["dev"] = (["pylint~=3.0.3", "black~=23.3.0"],)`, a trailing
                    # comma making a tuple of the list)
                    yield from self.entries(item, where, depth + 1, active)
                elif isinstance(item, ast.Constant) and isinstance(item.value, str):
                    yield item
                elif isinstance(item, ast.JoinedStr) and (literal := _literal_name(item)) is not None:
                    yield literal
                elif (literal := _formatted_name(item)) is not None:
                    yield literal
                elif isinstance(item, ast.BinOp) and (literal := _concatenated(item)) is not None:
                    yield literal
                elif isinstance(item, ast.Name) and item.id in self.bindings.values:
                    yield from self.entries(item, where, depth + 1, active)  # a variable holding one string
                elif (tabled := self.tabled(item)) is not None:
                    yield tabled  # deps["filelock"]: the table's requirement of that name
                else:
                    self.source.problem(f"{where}: an entry is not a literal string; not read", item.lineno,
                                        item.col_offset + 1)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            yield from self.entries(node.left, where, depth + 1, active)
            yield from self.entries(node.right, where, depth + 1, active)
        elif isinstance(node, ast.IfExp):  # [...] + (["ordereddict"] if old_python() else []): either may be installed
            yield from self.entries(node.body, where, depth + 1, active)
            yield from self.entries(node.orelse, where, depth + 1, active)
        elif isinstance(node, ast.Name) and node.id in self.bindings.values:
            for value in self.bindings.values[node.id]:
                yield from self.entries(value, where, depth + 1, active | {node.id})
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            # core_testenv[:] + visdom_req (gensim): a copy, or a part, of the list holds some of its entries
            yield from self.entries(node.value, where, depth + 1, active)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and _label(node.slice) is not None:
            entry = f"{node.value.id}[{_label(node.slice)!r}]"  # EXTRAS["all"] = EXTRAS["a"] + EXTRAS["b"]
            if entry in active:
                return
            found = [v for k, v in self.extras(node.value, where, depth + 1) if k == _label(node.slice)]
            if not found:
                self.computed(where, node)
            for value in found:
                yield from self.entries(value, where, depth + 1, active | {entry})
        elif isinstance(node, ast.Call) and _dotted(node.func) in ("list", "tuple", "set", "sorted") \
                and len(node.args) == 1 and not node.keywords:
            yield from self.entries(node.args[0], where, depth + 1, active)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and isinstance(node.func.value, ast.Name) and node.args and _label(node.args[0]) is not None:
            # EXTRAS.get("windows", []): the entries of that key, and the default
            yield from self.entries(ast.copy_location(ast.Subscript(node.func.value, node.args[0], ast.Load()), node),
                                    where, depth + 1, active)
            for default in node.args[1:2]:
                yield from self.entries(default, where, depth + 1, active)
        elif isinstance(node, ast.Call) and not node.keywords and (
                (_dotted(node.func) == "sum" and len(node.args) in (1, 2))
                or (_dotted(node.func) in CHAIN_ALL and len(node.args) == 1)):
            # sum(EXTRAS.values(), []), itertools.chain.from_iterable([A, B]): every list of the first argument
            for part in self.lists(node.args[0], where, depth + 1, active):
                yield from self.entries(part, where, depth + 1, active)
            for start in node.args[1:]:
                yield from self.entries(start, where, depth + 1, active)
        elif isinstance(node, ast.JoinedStr) and (literal := _literal_name(node)) is not None:
            yield literal
        elif (literal := _formatted_name(node)) is not None:
            yield literal
        elif (looked_up := self.tabled_call(node)) is not None:
            yield from looked_up  # deps_list("torch", "accelerate"): each name's requirement in the table
        elif (copied := _copying_comprehension(node)) is not None:
            # [dep for deps in EXTRAS.values() for dep in deps] (obspy's "all" extra), [r for r in BASE]: the entries
            # of the lists it walks, unchanged
            walked, nested = copied
            if nested:
                for part in self.lists(walked, where, depth + 1, active):
                    yield from self.entries(part, where, depth + 1, active)
            else:
                yield from self.entries(walked, where, depth + 1, active)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("split", "splitlines", "strip") and not node.keywords and (not node.args or (
                    node.func.attr == "split" and len(node.args) == 1 and isinstance(node.args[0], ast.Constant)
                    and node.args[0].value == "\n")):
            # """\ndjango==4.2\nflask\n""".split() / .strip().splitlines(): the string's lines, one requirement each
            yield from self.entries(node.func.value, where, depth + 1, active)
        else:
            self.computed(where, node)

    @functools.cached_property
    def table(self) -> dict[str, ast.Constant]:
        """The requirements of a dependency table, by the name each is written with (its text before a version
        specifier): a variable given one literal list of requirement strings, at least :data:`TABLE_MIN` of them,
        that the file looks names up in (Hugging Face's ``_deps = ["Pillow", "accelerate>=0.31.0", …]``, made
        into ``deps = {name: requirement}`` and read as ``deps["filelock"]`` and ``deps_list("torch", …)`` in
        transformers, diffusers and their kin). Nothing is run: the keys are the strings' own leading names."""
        out: dict[str, ast.Constant] = {}
        for values in self.bindings.values.values():
            if len(values) != 1 or not isinstance(values[0], (ast.List, ast.Tuple)) or len(values[0].elts) < TABLE_MIN:
                continue
            items = [i for i in values[0].elts if isinstance(i, ast.Constant) and isinstance(i.value, str)]
            if len(items) != len(values[0].elts):
                continue
            named = {m.group(1): i for i in items if (m := TABLE_KEY.match(str(i.value))) is not None}
            if len(named) == len(items):
                out.update(named)
        return out

    def tabled(self, node: ast.expr) -> ast.Constant | None:
        """``deps["name"]``: the table's requirement written with that name, or None."""
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id not in \
                self.bindings.items and (key := _label(node.slice)) is not None:
            found = self.table.get(key)
            return ast.copy_location(ast.Constant(found.value), node) if found is not None else None
        return None

    def tabled_call(self, node: ast.expr) -> list[ast.Constant] | None:
        """``deps_list("torch", "accelerate")``: a call of a function of the file with names only, every one of
        them in the table; their requirements (at the call's place), or None."""
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args and not node.keywords):
            return None
        names = [a for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if len(names) != len(node.args) or not self.table:
            return None
        found = [self.table.get(str(a.value)) for a in names]
        if any(f is None for f in found):
            return None
        return [ast.copy_location(ast.Constant(f.value), a) for f, a in zip(found, names) if f is not None]

    def lists(self, node: ast.expr, where: str, depth: int,
              active: frozenset[str]) -> Iterator[ast.expr]:
        """The requirement-list expressions of a list of lists: a literal one, or ``EXTRAS.values()`` (every extra
        of that dict; inside the expansion of one of them, as marquez's ``extras_require["dev"] =
        set(sum(extras_require.values(), []))``, the extras being expanded add nothing new)."""
        if isinstance(node, (ast.List, ast.Tuple)):
            yield from (item for item in node.elts if not isinstance(item, ast.Starred))
            for item in node.elts:
                if isinstance(item, ast.Starred):
                    yield from self.lists(item.value, where, depth + 1, active)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "values" \
                and isinstance(node.func.value, ast.Name) and not node.args and not node.keywords:
            name = node.func.value.id
            for key, value in list(self.extras(node.func.value, where, depth + 1)):
                if f"{name}[{key!r}]" not in active:
                    yield ast.copy_location(ast.Subscript(node.func.value, ast.Constant(key), ast.Load()), value) \
                        if key is not None else value
        else:
            self.computed(where, node)

    def extras(self, node: ast.expr, where: str, depth: int = 0,
               active: frozenset[str] = frozenset()) -> Iterator[tuple[str | None, ast.expr]]:
        """(extra name, requirement-list expression) of an ``extras_require`` expression."""
        if isinstance(node, ast.Name) and node.id in active:
            return
        if self.over_limit(where, node, depth):
            return
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if key is None:  # {**BASE, ...}
                    yield from self.extras(value, where, depth + 1, active)
                else:
                    yield _label(key), value
        elif isinstance(node, ast.Call) and _dotted(node.func) == "dict":
            for arg in node.args:
                yield from self.extras(arg, where, depth + 1, active)
            for kw in node.keywords:
                if kw.arg is None:
                    yield from self.extras(kw.value, where, depth + 1, active)
                else:
                    yield kw.arg, kw.value
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):  # BASE | {...}
            yield from self.extras(node.left, where, depth + 1, active)
            yield from self.extras(node.right, where, depth + 1, active)
        elif isinstance(node, ast.Name) and (node.id in self.bindings.values or node.id in self.bindings.items):
            for value in self.bindings.values.get(node.id, []):
                yield from self.extras(value, where, depth + 1, active | {node.id})
            yield from self.bindings.items.get(node.id, [])
        else:
            self.computed(where, node, "a literal dict")

    def strings(self, node: ast.expr, where: str, own: str | None, seen: set[tuple[object, ...]]) -> Iterator[Mention]:
        """Mentions of the requirement strings ``node`` holds; ``seen``: the places of the strings already read
        (one string reached by two paths, ``dev = tests + lint`` and ``tests``, is one requirement). A place, not
        ``id()``: a name read from a formatted literal is a new constant each time, and a freed one's id is reused."""
        for item in self.entries(node, where):
            place = (item.lineno, item.col_offset, item.end_lineno, item.end_col_offset, item.value)
            if place in seen:
                continue
            seen.add(place)
            if not isinstance(item.value, str):  # entries() yields string constants only
                continue
            for offset, text in enumerate(item.value.splitlines() or [""]):
                requirement = text.split(" #", 1)[0].strip()
                if not requirement or requirement.startswith("#"):
                    continue
                line = item.lineno + offset
                col = item.col_offset + 1 if offset == 0 else 1
                mention = requirement_mention(self.source, self.lines, requirement, line, col, PARSER, where, own)
                if mention is not None:
                    yield mention

    def own_name(self, keywords: list[tuple[str, ast.expr]]) -> str | None:
        for given, value in keywords:
            if given == "name":
                if isinstance(value, ast.Name) and len(self.bindings.values.get(value.id, [])) == 1:
                    value = self.bindings.values[value.id][0]
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    return own_name(value.value)
        return None

    def unpacked(self, node: ast.expr, depth: int = 0,
                 active: frozenset[str] = frozenset()) -> Iterator[tuple[str, ast.expr]]:
        """(keyword, value) of what ``setup(**kwargs)`` passes: a literal dict's string keys, ``dict(...)``'s
        keywords, and a variable's values and keyed writes (Pyomo's ``setup_kwargs = dict(install_requires=[],
        extras_require={...})`` … ``setup(**setup_kwargs)``). A computed mapping passes nothing that can be read."""
        if self.over_limit("setup(**...)", node, depth):
            return
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                label = _label(key)
                if key is None:
                    yield from self.unpacked(value, depth + 1, active)
                elif label is not None:
                    yield label, value
        elif isinstance(node, ast.Call) and _dotted(node.func) == "dict":
            for arg in node.args:
                yield from self.unpacked(arg, depth + 1, active)
            for kw in node.keywords:
                if kw.arg is None:
                    yield from self.unpacked(kw.value, depth + 1, active)
                else:
                    yield kw.arg, kw.value
        elif isinstance(node, ast.Name) and node.id not in active:
            for value in self.bindings.values.get(node.id, []):
                yield from self.unpacked(value, depth + 1, active | {node.id})
            for written, value in self.bindings.items.get(node.id, []):
                if written is not None:
                    yield written, value

    def setup_call(self, call: ast.Call) -> Iterator[Mention]:
        keywords = [(kw.arg, kw.value) for kw in call.keywords if kw.arg]
        for kw in call.keywords:
            if kw.arg is None:  # setup(**kwargs)
                keywords.extend(self.unpacked(kw.value))
        own = self.own_name(keywords)
        seen: set[tuple[object, ...]] = set()
        for key in LIST_KEYWORDS:
            for given, value in keywords:
                if given == key:
                    yield from self.strings(value, key, own, seen)
        for given, value in keywords:
            if given == "extras_require":
                for label, listed in self.extras(value, "extras_require"):
                    yield from self.strings(listed, f"extras_require[{label or '?'!r}]", own, seen)


def _scopes(tree: ast.Module) -> Iterator[tuple[list[ast.stmt], list[ast.Call]]]:
    """(statements of a scope, the setup() calls in it): the module, and each function that calls setup."""
    def calls(body: list[ast.stmt]) -> list[ast.Call]:
        found = []
        stack: list[ast.AST] = list(body)
        while stack:
            node = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                continue
            if isinstance(node, ast.Call) and _dotted(node.func) in SETUP_FUNCTIONS:
                found.append(node)
            stack.extend(ast.iter_child_nodes(node))
        return sorted(found, key=lambda c: (c.lineno, c.col_offset))

    yield tree.body, calls(tree.body)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner = calls(node.body)
            if inner:
                yield node.body, inner


@file_format("setup.py", ("setup.py",), ecosystem="pypi", kind="manifest",
             description="setuptools setup.py requirement lists (read with ast, never executed)")
def parse(source: Source) -> Iterator[Mention]:
    tree = load_python(source.text, source.path)
    module = _Bindings()
    module.read(tree.body)
    read_from: list[str] | None = None
    for body, calls in _scopes(tree):
        if read_from is None:
            read_from = requirement_files(tree, source)
        bindings = module
        if body is not tree.body:  # a function's own variables, then the module's
            bindings = _Bindings()
            bindings.values = {k: list(v) for k, v in module.values.items()}
            bindings.items = {k: list(v) for k, v in module.items.items()}
            local = _Bindings()
            local.read(body)
            for k, v in local.values.items():
                bindings.values[k] = v  # a local name shadows the module's
            for k, items in local.items.items():
                bindings.items.setdefault(k, []).extend(items)
        reader = _Reader(source, bindings, read_from)
        declared: dict[str, str] | None = None  # the package.xml beside it, read once, at the first requirement
        for call in calls:
            for found in reader.setup_call(call):
                if declared is None:
                    declared = _ros_declared(source)
                yield _ros_package(found, declared)


def _ros_package(mention: Mention, declared: dict[str, str]) -> Mention:
    """``mention`` reported not checked when the ROS ``package.xml`` beside the setup.py (``declared``: its declared
    packages) declares its name (module docstring), else itself."""
    if mention.key.name not in declared:
        return mention
    from ._python import from_other_index

    return from_other_index(mention, f"a ROS package that {declared[mention.key.name]} declares too: rosdep and the "
                                     "ROS workspace install it for colcon, which builds this package without pip")


AMENT_PYTHON = re.compile(r"<build_type>\s*ament_python\s*</build_type>")


def _ros_declared(source: Source) -> dict[str, str]:
    """The ROS packages (normalised) that the ``package.xml`` beside ``source`` declares, each with where
    (``x/package.xml``), when that package.xml builds an ament_python package (``<build_type>ament_python</build_type>``,
    whose setup.py colcon runs); nothing for any other."""
    if source.fs_path is None:
        return {}
    from .ros_package import NAME, declared_dependencies

    text = active().read_text(source.fs_path.with_name(NAME), 1024 * 1024)
    if not text or not AMENT_PYTHON.search(text):
        return {}
    where = posixpath.join(posixpath.dirname(source.path), NAME)
    return {canonicalize_name(name): where for name in declared_dependencies(text)}


def own_package(text: str) -> str | None:
    """The distribution a ``setup(...)`` call of the file names, written as a string literal (``name="x"``), or
    None (read by :mod:`depguard.declarers`; the file is parsed, never run)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _dotted(node.func) in SETUP_FUNCTIONS:
            for kw in node.keywords:
                if kw.arg == "name" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                    return kw.value.value.strip() or None
    return None
