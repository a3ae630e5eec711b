"""Whether a Python import is *guarded*: the code handles the module's absence, so the import is optional.

Six shapes, the first five found in the syntax tree between the import and the function (or module) holding it:

1. **A ``try`` that catches the import's failure**: the import lies in the body of a ``try`` with an ``except``
   clause catching ImportError, ModuleNotFoundError, Exception or BaseException, or a bare ``except:``
   (``try: import accimage`` / ``except ImportError: accimage = None``), or a name the file binds to one of those
   at module level (generateDS's ``ModulenotfoundExp_ = ModuleNotFoundError`` … ``except ModulenotfoundExp_ :``).
   A ``try`` around a function definition guards nothing in it: its body runs when it is called.
2. **Behind an availability check**: the import lies in the branch of an ``if`` or ``elif`` whose condition asks
   whether something is available (``if is_mlu_available(): import torch_mlu``, ``if HAS_TORCH:``,
   ``if importlib.util.find_spec("x"):``, ``if jh.has_live_trade_plugin():``), or that hands the imported module's
   own name to a call (psi4's ``elif module == 'CCT3' and extras.addons("cct3"): import cct3``).
3. **After an availability check that leaves**: an earlier statement of an enclosing block is an ``if`` on an
   availability check whose branch ends by returning, raising, continuing or breaking
   (``if importlib.util.find_spec("torch_mlu") is None: return False`` / ``import torch_mlu``).
4. **In a function an availability decorator guards**: the function holding the import is decorated with an
   availability check (``@if_lending_app_installed``, ``@unittest.skipUnless(HAS_X, …)``, a decorator handed the
   imported module's own name: psi4's tests ``@uusing("psixas") def test_psixas(): import psixas``), or is a top-level
   helper its file calls only from such functions.
5. **In a method of a class whose ``__init__`` imports the same module under one of those guards**: the object exists
   only when that import succeeded (mmcv's ``MemcachedBackend``: ``__init__`` guards ``import mc``, ``get`` imports it).
6. **A conditional import of a module its file imports elsewhere in a ``try`` that goes on without it**: in a function
   or a branch of an ``if`` (xinference's device_utils.py: ``is_metax_available()`` does ``try: from pymxsml import …``
   / ``except ImportError: return False``, and the helper reading a MetaX GPU's memory imports pymxsml unguarded). A
   handler that raises, and an import at the top of the file, run every time, make nothing optional.

A guard whose code tells its reader to install something with a package manager (``except ImportError: raise
ImportError("pip install tts-autolabel -f …")``) is not one: the code sends the reader to an installer, and the
name it imports is judged as usual. Nor is a handler that ends the process (``sys.exit(1)``), nor one that raises at
module level: the file cannot run without the module, which it requires (a handler raising inside a function makes
one feature require it, and the program runs on without that feature: ``raise ValueError("… torchdistx is not
installed")``). Nor is a check on anything but availability (``if sys.platform == "win32":``).

Such an import of a name that no registry has is reported as a note (``depguard/ecosystems/pypi/imports.py``),
unless the setting ``judge-guarded-imports`` is true.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from ...imports import text_of

# a condition asking whether a module, a feature or a device is there: is_x_available(), _has_x, HAS_X,
# x_installed, importlib.util.find_spec("x"), pkgutil.find_loader("x")
AVAILABILITY = re.compile(r"\w*(?:available|installed|importable)\w*|(?<!\w)_?has_\w+|\bfind_spec\s*\(|\bfind_loader\s*\(",
                          re.I)
# what an except clause's header names for the import's failure to be caught by it
CATCHES_IMPORT_FAILURE = re.compile(r"\b(?:ImportError|ModuleNotFoundError|Exception|BaseException)\b")
# a package manager's install command in a guard's code: the code sends its reader to install something
INSTALL_COMMAND = re.compile(r"\b(?:pip3?|uv|poetry|pipenv|pipx|conda|mamba|micromamba|easy_install)(?:\s+pip)?"
                             r"\s+(?:install|add)\b", re.I)
# statements that leave the block: an availability check ending in one makes what follows it conditional
LEAVES = ("return_statement", "raise_statement", "continue_statement", "break_statement")
# a call that ends the process
EXITS = re.compile(r"(?<![\w.])(?:sys\.exit|exit|quit|os\._exit)\s*\(")
SCOPES = ("function_definition", "lambda", "module")


def guard(stmt, depth: int = 2, elsewhere: bool = True) -> str | None:
    """How the import (or ``importlib.import_module``/``__import__`` call) ``stmt`` is guarded, in words with the
    guard's line (``"in a try whose except ImportError (line 12) handles its absence"``), or None when it is not
    (module docstring). ``depth``: how many helpers deep the calls of the function holding it are followed
    (:func:`_callers_guard`); ``elsewhere``: a conditional import may be guarded by another import of the same module
    in its file (:func:`_file_guard`)."""
    said = _own_guard(stmt, depth)
    if said is None and elsewhere:
        said = _file_guard(stmt)
    return said


def _own_guard(stmt, depth: int) -> str | None:
    """Shapes 1 to 5 of the module docstring, for ``stmt`` alone."""
    scope = stmt.parent
    while scope is not None and scope.type not in SCOPES:
        scope = scope.parent
    in_function = scope is not None and scope.type != "module"
    asks = _asking(_imported_tops(stmt), scope)
    child, node = stmt, stmt.parent
    while node is not None and node.type not in SCOPES:
        said = _try_guard(child, node, in_function) or _branch_guard(child, node, asks) \
            or _earlier_guard(child, node, in_function, asks)
        if said is not None:
            return said
        child, node = node, node.parent
    if node is not None and node.type == "module":
        return _earlier_guard(child, node, in_function, asks)
    if node is not None and node.type == "function_definition":
        return (_decorator_guard(node, asks) or (_callers_guard(node, depth) if depth > 0 else None)
                or _init_guard(node, _imported_tops(stmt)))
    return None


# the nodes that make a statement below them run only sometimes: a function's body, a branch
CONDITIONAL = ("function_definition", "lambda", "if_statement", "elif_clause", "else_clause")


def _file_guard(stmt) -> str | None:
    """6. A conditional import (in a function, or in a branch of an ``if``) of a module that its file imports under
    one of the other guards elsewhere, going on without it: the file treats the module as optional, and the function
    or branch is one of the paths it takes when the module is there (xinference's device_utils.py: ``is_metax_available()`` does ``try:
    from pymxsml import mxSmlGetDeviceCount`` / ``except ImportError: return False``, and the helper reading a MetaX
    GPU's memory does ``from pymxsml import mxSmlGetDeviceInfo``). An import at the top of the file, run every time,
    is not made optional by another one."""
    tops = _imported_tops(stmt)
    node, conditional = stmt.parent, False
    while node is not None and node.type != "module":
        conditional = conditional or node.type in CONDITIONAL
        node = node.parent
    if not tops or not conditional or node is None:
        return None
    guarded = _file_guards(node)
    found = [guarded[top] for top in tops if top in guarded and guarded[top][0] != stmt.start_byte]
    return min(found)[1] if found else None


def _goes_on_without(stmt) -> bool:
    """Whether the import ``stmt`` lies in the body of a ``try`` whose handlers go on without the module (``except
    ImportError: return False``, ``x = None``): the file says the module is optional. A handler that raises
    (``raise ImportError("Please install memcached")``, mmcv's MemcachedBackend.__init__) says a feature requires it,
    nothing of the file's other code; an import guarded another way (a method of such a class) counts neither."""
    child, node = stmt, stmt.parent
    while node is not None and node.type not in SCOPES:
        if node.type == "try_statement" and node.child_by_field_name("body") == child:
            pending = [h for h in node.children if h.type == "except_clause"]
            while pending:
                item = pending.pop()
                if item.type == "raise_statement":
                    return False
                pending.extend(item.named_children)
            return True
        child, node = node, node.parent
    return False


@functools.lru_cache(maxsize=8)  # asked per unguarded conditional import of a file: read once (as _init_guards)
def _file_guards(module) -> dict[str, tuple[int, str]]:
    """For each top-level module an import of the file ``module`` (its syntax tree's root) guards: (that import's
    start, how: as :func:`_file_guard` says it)."""
    guarded: dict[str, tuple[int, str]] = {}
    pending = list(module.named_children)
    while pending:
        node = pending.pop()
        if node.type in IMPORT_NODES:
            tops = _imported_tops(node)
            if tops - guarded.keys() and _goes_on_without(node) \
                    and (why := guard(node, depth=0, elsewhere=False)) is not None:
                said = f"as its file's import of it on line {_line(node)} is: {why}"
                for top in tops:
                    if top not in guarded or node.start_byte < guarded[top][0]:
                        guarded[top] = (node.start_byte, said)
            continue
        pending.extend(node.named_children)
    return guarded


IMPORT_NODES = ("import_statement", "import_from_statement")


def _init_guard(function, tops: frozenset[str]) -> str | None:
    """5. In a method of a class whose ``__init__`` imports the same module under a guard: the object exists only when
    that import succeeded (mmcv's ``MemcachedBackend.__init__``: ``try: import mc / except ImportError: raise
    ImportError("Please install memcached …")``; its ``get`` does ``import mc``). Only ``__init__``'s own imports
    count, and only guarded ones; a function outside a class is not a method."""
    holder = function.parent
    if holder is not None and holder.type == "decorated_definition":
        holder = holder.parent
    if not tops or holder is None or holder.type != "block" or holder.parent is None \
            or holder.parent.type != "class_definition":
        return None
    own = function.child_by_field_name("name")
    if own is not None and text_of(own) == "__init__":
        return None  # __init__'s own imports are guarded or not by themselves (and reading it here would recurse)
    init_start, guarded = _init_guards(holder)
    if init_start is None or init_start == function.start_byte:
        return None
    found = [guarded[top] for top in tops if top in guarded]
    return min(found)[1] if found else None


@functools.lru_cache(maxsize=8)  # asked per import in a method of the class: read once (reviewer r29)
def _init_guards(block) -> tuple[int | None, dict[str, tuple[int, str]]]:
    """The start of the ``__init__`` of the class whose body is ``block`` (None without one) and, for each top-level
    module an import of that ``__init__`` guards, (the import's place in the walk, how: as :func:`_init_guard` says
    it). Read once a class (the cache holds the node, so its tree stays alive and a key is never reused): before,
    each import in a method walked the class's children and ``__init__`` again, quadratic (3,000 methods: 90 s)."""
    for child in block.named_children:
        init = child
        if init.type == "decorated_definition":
            init = next((c for c in init.named_children if c.type == "function_definition"), init)
        name = init.child_by_field_name("name") if init.type == "function_definition" else None
        if name is None or text_of(name) != "__init__":
            continue
        guarded: dict[str, tuple[int, str]] = {}
        pending = list(init.named_children)
        order = 0
        while pending:
            node = pending.pop()
            if node.type in IMPORT_NODES:
                order += 1
                tops = _imported_tops(node)
                if tops - guarded.keys() and (why := guard(node, depth=0, elsewhere=False)) is not None:
                    said = f"in a method of a class whose __init__ imports it (line {_line(node)}) {why}"
                    for top in tops:
                        guarded.setdefault(top, (order, said))
                continue
            pending.extend(node.named_children)
        return init.start_byte, guarded
    return None, {}


IMPORTED = re.compile(r"\s*(?:from\s+(?P<source>[A-Za-z_]\w*)|import\s+(?P<names>[\w.,\s]+?)(?:\s+as\b|$))")
CALLED_NAME = re.compile(r"""\(\s*['"](?P<name>[A-Za-z_]\w*)['"]""")
# a call handed a module's name whose callee asks after an add-on: psi4's ``extras.addons("cct3")``, its tests'
# ``@uusing("gpu_dfcc")``, a skip marker ``@requires("x")``; never a lookup, a comparison or a registration
# (``cfg.get("x")``, ``name.startswith("x")``, ``@register("x")``, ``backend in ("x", …)``)
ASKING_CALL = re.compile(r"""(?P<callee>[A-Za-z_]\w*)\s*\(\s*['"](?P<name>[A-Za-z_]\w*)['"]""")
ASKING_CALLEE = re.compile(r"(?i)addons?|u?using|uses|requires?|required|needs?|with_|skip_?(?:if|unless)_?\w*|"
                           r"import(?:orskip|_or_skip|_optional)\w*|optional_import|try_import|lazy_import")


def _imported_tops(stmt) -> frozenset[str]:
    """The top-level modules an import statement (``import x.y``, ``from x import y``, ``import a, b``) or an
    ``importlib.import_module("x")`` call names."""
    text = text_of(stmt)
    m = IMPORTED.match(text)
    if m is None:
        called = CALLED_NAME.search(text)
        return frozenset({called["name"]}) if called else frozenset()
    if m["source"]:
        return frozenset({m["source"]})
    return frozenset(part.strip().split(".")[0] for part in m["names"].split(",") if part.strip())


def _installed_list(said: str, at: int, scope) -> bool:
    """Whether what ``said`` tests membership in from ``at`` on is a collection of what is installed or loaded
    (:data:`INSTALLED_LIST`), itself or a variable ``scope`` (the function or module node holding the test) binds
    to one."""
    if INSTALLED_LIST.match(said, at):
        return True
    bare = BARE_NAME.match(said, at)
    if bare is None or scope is None:
        return False
    var = re.escape(bare["var"])
    return any(INSTALLED_LIST.fullmatch(" " + re.sub(r"\(\s*\)$", "", m["value"].strip()))
               for m in re.finditer(rf"^[ \t]*{var}[ \t]*=[ \t]*(?P<value>[^\n=][^\n]*)$", text_of(scope), re.M))


def _asking(modules: frozenset[str], scope=None) -> Callable[[str], object]:
    """Whether a condition's or a decorator's text asks whether something is available: an availability word
    (:data:`AVAILABILITY`), or a call of an add-on asking callee (:data:`ASKING_CALLEE`) handed one of the imported
    ``modules``' own names as a string, the way a program asks after its optional add-ons (psi4's
    ``extras.addons("cct3")``, its tests' ``@uusing("gpu_dfcc")``, a skip marker ``@requires("x")``): the code names
    the module it is about to import and branches on it."""
    def asks(said: str) -> bool:
        if AVAILABILITY.search(said):
            return True
        if not modules:
            return False
        return any(m["name"] in modules and ASKING_CALLEE.fullmatch(m["callee"]) for m in ASKING_CALL.finditer(said)) \
            or any(m["name"] in modules and _installed_list(said, m.end(), scope) for m in MEMBER_TEST.finditer(said)) \
            or ("exist" in said or "isfile" in said or "is_file" in said) \
            and any(m["name"] in modules for m in OWN_FILE_CHECK.finditer(said))
    return asks


# a check that the imported module's own file is there: markdown2's `if exists(join(test_dir, "test_markdown2.py")):
# sys.path.insert(0, test_dir); from test_markdown2 import norm_html_from_html` (vendored by held-out set 261's
# WebAccessForNVDA); the literal is the call's argument or an argument of a call inside it (a path join), on one line
OWN_FILE_CHECK = re.compile(r"""\b(?:exists|isfile|is_file)\s*\([^()\n'"]*(?:\([^()\n'"]*)?"""
                            r"""(?:['"][^'"\n]*['"]\s*,\s*)*['"](?:[^'"\n]*/)?(?P<name>[A-Za-z_]\w*)\.py['"]""")


# the imported module's own name tested for membership, the way a program asks whether an app or plug-in of that
# name is installed or loaded: frappe/lms's ``"raven_integration" in frappe.get_installed_apps()``, ``"x" in
# sys.modules``, ``"x" in settings.INSTALLED_APPS`` (``not in`` asks the opposite and is no guard of the branch)
MEMBER_TEST = re.compile(r"""(["'])(?P<name>[A-Za-z_]\w*)\1\s+in\b""")
# what such a test looks in: a collection of what is installed or loaded (``sys.modules``, ``INSTALLED_APPS``,
# ``frappe.get_installed_apps()``, ``apps``, ``available_plugins``), never a configuration choice or the command
# line (``"x" in settings.BACKENDS``, ``settings.ENABLED_PLUGINS``, ``"x" in argv``: the import that follows fails
# unhandled when x is absent)
INSTALLED_LIST = re.compile(r"\s*(?:(?![\w.]*\b(?:args|argv|options|opts|cli|params|config|conf|cfg)\.)(?:[\w.]*\.)?"
                            r"(?:\w*_)?(?:installed|loaded|available)(?:_\w*)?\b"
                            r"|sys\.(?:modules|builtin_module_names)\b|(?:[\w.]*\.)?distributions\(\))", re.I)
# (r22: not ENABLED_PLUGINS; r23: not args.modules, nor a word that only holds the letters: downloaded, preloaded; nor
# what the command line or a configuration chose: args.loaded_plugins, self.args.loaded_plugins, self.config.loaded)
# ... or a variable the same function (or module) binds to such a collection: frappe/lms's ``apps =
# frappe.get_installed_apps()``, then ``"raven_integration" in apps``
BARE_NAME = re.compile(r"\s*(?P<var>[A-Za-z_]\w*)\b(?![.(\[])")
# a condition that reads a dict's entry by a module's name: ``state["raven_integration"]``
ENTRY_READ = re.compile(r"""(?P<var>[A-Za-z_]\w*)\s*\[\s*(["'])(?P<key>[A-Za-z_]\w*)\2\s*\]""")


CALLERS_MAX = 32  # calls of one function looked at, at most


def _callers_guard(function, depth: int) -> str | None:
    """A function of the module's top level that its own file calls, and only from guarded places: calls that are
    themselves guarded in one of the four shapes (:func:`guard`, following helpers ``depth`` deep), like
    frappe/hrms's ``process_loan_interest_accruals``, called only by ``@if_lending_app_installed def
    set_loan_repayment``, and the tests' ``setup_lending()``, called only by ``@if_lending_app_installed`` tests. A
    function called from anywhere else, or never called in its file (another module may call it unguarded), is not
    guarded this way."""
    holder = function.parent.parent if function.parent is not None and function.parent.type == "decorated_definition" \
        else function.parent
    name_node = function.child_by_field_name("name")
    if holder is None or holder.type != "module" or name_node is None:
        return None
    name = text_of(name_node)
    calls = _calls_of(holder, name)
    if not calls or len(calls) > CALLERS_MAX:
        return None
    for call in calls:
        caller = call.parent
        while caller is not None and caller.type not in SCOPES:
            caller = caller.parent
        if caller == function or guard(call, depth - 1, elsewhere=False) is None:
            return None
    return f"in {name}(), which its file calls only where the module's absence is handled"


@functools.lru_cache(maxsize=1)
def _call_query():
    from tree_sitter import Query

    from ...imports import language

    return Query(language("python"), "(call function: (identifier) @fn)")


def _calls_of(module, name: str) -> list:
    """The calls ``name(...)`` anywhere in ``module`` (a plain name, not an attribute), found by a tree-sitter
    query (no walk in Python over every node of a large file), once per file (:func:`_calls_by_name`)."""
    return _calls_by_name(module).get(name, [])


@functools.lru_cache(maxsize=8)  # asked per function holding an unguarded import: the file's calls are found once
def _calls_by_name(module) -> dict[str, list]:
    """Every call of a plain name in ``module`` (its syntax tree's root), by that name: one query per file (reviewer
    r33: a query per function holding an import was quadratic, a file of 4,000 such functions took 4.5 minutes)."""
    from tree_sitter import QueryCursor

    out: dict[str, list] = {}
    for fn in QueryCursor(_call_query()).captures(module).get("fn", []):
        out.setdefault(text_of(fn), []).append(fn.parent)
    return out


def _decorator_guard(function, asks: Callable[[str], object] = AVAILABILITY.search) -> str | None:
    """A decorator of ``function`` that is an availability check: the function runs (or its test is run) only when
    the module is there (frappe/hrms's ``@if_lending_app_installed``, ``@unittest.skipUnless(HAS_X, …)``,
    ``@pytest.mark.skipif(not is_x_available(), …)``)."""
    decorated = function.parent
    if decorated is None or decorated.type != "decorated_definition":
        return None
    for decorator in decorated.children:
        if decorator.type == "decorator" and asks(said := text_of(decorator)) \
                and not INSTALL_COMMAND.search(said):
            return f"in a function its decorator `{_short(said)}` (line {_line(decorator)}) runs only when it is there"
    return None


def _line(node) -> int:
    return node.start_point[0] + 1


def _try_guard(child, node, in_function: bool) -> str | None:
    """A ``try`` whose body holds ``child`` and one of whose except clauses catches an import failure and lets the
    program run on (``in_function``: the try is in a function, where raising fails one feature)."""
    if node.type != "try_statement" or node.child_by_field_name("body") != child:
        return None
    for handler in node.children:
        if handler.type != "except_clause":
            continue
        block = next((c for c in handler.children if c.type == "block"), None)
        header = text_of(handler) if block is None else text_of(handler)[: block.start_byte - handler.start_byte]
        caught = header.split(":", 1)[0].strip()
        if caught != "except" and not catches_import_failure(handler, caught, CATCHES_IMPORT_FAILURE):
            continue
        said = text_of(handler)
        if INSTALL_COMMAND.search(said) or EXITS.search(said):
            return None  # the handler sends the reader to an installer, or ends the process
        if not in_function and block is not None and any(c.type == "raise_statement" for c in block.named_children):
            return None  # raised at module level: the file requires the module
        return f"in a try whose `{' '.join(caught.split())[:60]}` (line {_line(handler)}) handles its absence"
    return None


# an except clause's header: the names it catches, before any ``as name``
CAUGHT_NAMES = re.compile(r"[A-Za-z_][\w.]*")
# the statements between a module and its top-level assignments: a file binds its names in tries and ifs too
# (generateDS's ``try: ModulenotfoundExp_ = ModuleNotFoundError`` / ``except NameError: ModulenotfoundExp_ = …``)
MODULE_LEVEL = ("module", "block", "try_statement", "except_clause", "else_clause", "finally_clause",
                "if_statement", "elif_clause", "expression_statement")


def catches_import_failure(handler, caught: str, names: re.Pattern[str]) -> bool:
    """Whether the ``except`` clause ``handler`` (its header ``caught``, ``except X as e``) catches what ``names``
    matches (ImportError, ModuleNotFoundError …): by naming it, or by naming a module-level alias the file binds to
    it (generateDS's ``ModulenotfoundExp_ = ModuleNotFoundError`` … ``except ModulenotfoundExp_ :``; a tuple
    ``(ValueError, ModulenotfoundExp_)`` bound to a name as well). A name bound in a function is not the file's."""
    if names.search(caught):
        return True
    said = re.sub(r"\bas\s+\w+\s*$", "", caught.removeprefix("except").strip())
    used = set(CAUGHT_NAMES.findall(said))
    if not used:
        return False
    root = handler
    while root.parent is not None:
        root = root.parent
    return bool(used & _aliases(root, names))


@functools.lru_cache(maxsize=8)  # a file's handlers ask for the same module: walked once (r26 #10), few trees kept
def _aliases(module, names: re.Pattern[str]) -> frozenset[str]:
    """The names ``module`` binds, outside functions and classes, to what ``names`` matches or to a tuple holding
    one of those (or an earlier such name), in the order the file binds them."""
    found: set[str] = set()
    stack = [module]
    assignments = []
    while stack:
        node = stack.pop()
        if node.type == "assignment":
            assignments.append(node)
            continue
        if node.type in MODULE_LEVEL:
            stack.extend(node.named_children)
    for node in sorted(assignments, key=lambda n: n.start_byte):
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None or left.type != "identifier":
            continue
        parts = right.named_children if right.type in ("tuple", "parenthesized_expression") else [right]
        if any(p.type == "identifier" and (names.fullmatch(text_of(p)) or text_of(p) in found) for p in parts):
            found.add(text_of(left))
    return frozenset(found)


def _condition(node, asks: Callable[[str], object] = AVAILABILITY.search) -> str | None:
    """The condition text of an ``if``/``elif`` when it asks whether something is available, else None: itself, or
    through the entries of a dict literal it reads, assigned earlier in the same function (frappe/lms's
    ``state = {"raven_integration": "raven_integration" in apps, …}`` then ``if state["raven_integration"]:``)."""
    cond = node.child_by_field_name("condition")
    said = text_of(cond) if cond is not None else ""
    if not said:
        return None
    if asks(said):
        return said
    if "[" in said:
        for m in ENTRY_READ.finditer(said):
            entry = _dict_entry(node, m["var"], m["key"])
            if entry is not None and asks(entry):
                return said
    return None


def _dict_entry(node, var: str, key: str) -> str | None:
    """The text of the value of ``key`` in the dict literal last assigned to ``var`` before ``node`` in the function
    (or module) holding it, when there is one."""
    scope = node.parent
    while scope is not None and scope.type not in SCOPES:
        scope = scope.parent
    if scope is None:
        return None
    found = None
    stack = [scope]
    while stack:
        n = stack.pop()
        if n.start_byte >= node.start_byte:
            continue
        if n.type == "assignment":
            left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
            if left is not None and right is not None and right.type == "dictionary" and text_of(left) == var:
                for pair in right.named_children:
                    k = pair.child_by_field_name("key") if pair.type == "pair" else None
                    if k is not None and k.type == "string" and text_of(k)[1:-1] == key:
                        value = pair.child_by_field_name("value")
                        if value is not None and (found is None or n.start_byte > found[0]):
                            found = (n.start_byte, text_of(value))
            continue
        if n.type in ("function_definition", "class_definition") and n is not scope:
            continue  # another function's names
        stack.extend(n.children)
    return found[1] if found else None


def _branch_guard(child, node, asks: Callable[[str], object] = AVAILABILITY.search) -> str | None:
    """An ``if``/``elif`` on an availability check whose branch (its consequence) holds ``child``."""
    if node.type not in ("if_statement", "elif_clause") or node.child_by_field_name("consequence") != child:
        return None
    said = _condition(node, asks)
    if said is None or INSTALL_COMMAND.search(text_of(child)):
        return None
    return f"behind the availability check `{_short(said)}` (line {_line(node)})"


def _earlier_guard(child, node, in_function: bool, asks: Callable[[str], object] = AVAILABILITY.search) -> str | None:
    """An ``if`` before ``child`` in the block ``node`` on an availability check, whose branch leaves the block
    (by raising only ``in_function``: raised at module level, the file requires the module)."""
    if node.type not in ("block", "module"):
        return None
    for start, earlier, raises in _leaving_ifs(node):
        if start >= child.start_byte:
            return None
        if raises and not in_function:
            continue
        if (said := _condition(earlier, asks)) is not None:
            return f"after the availability check `{_short(said)}` (line {_line(earlier)}), which leaves without it"
    return None


@functools.lru_cache(maxsize=8)  # asked per import of a block: its ifs found once (l39: each import walked every
def _leaving_ifs(node) -> tuple:  # statement before it, quadratic: a module of 6,000 imports took 25 s)
    """(start, node, ends in a raise) of each ``if`` of the block ``node`` whose branch leaves the block (a return,
    raise, continue or break last) without installing or exiting, in order."""
    out = []
    for earlier in node.children:
        if earlier.type != "if_statement":
            continue
        branch = earlier.child_by_field_name("consequence")
        last = branch.named_children[-1] if branch is not None and branch.named_children else None
        if last is None or last.type not in LEAVES:
            continue
        if not INSTALL_COMMAND.search(left := text_of(branch)) and not EXITS.search(left):
            out.append((earlier.start_byte, earlier, last.type == "raise_statement"))
    return tuple(out)


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= 60 else flat[:57] + "..."
