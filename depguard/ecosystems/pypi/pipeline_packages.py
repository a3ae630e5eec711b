"""The PyPI packages an ML pipeline framework installs for a step, as the Python source declares them.

- Kubeflow Pipelines: a lightweight component's ``packages_to_install=["pandas==2.1", "google-cloud-aiplatform"]``
  (``@dsl.component(...)``, ``create_component_from_func(...)``, ``func_to_container_op(...)``), which KFP pip-installs
  in the step's container before it runs the function (Google's ML immersion labs);
- Ray: a runtime environment's ``"pip": ["requests==2.26.0", "emoji"]`` (or ``"uv": […]``, ``"pip": {"packages":
  […]}``), in a file that names ``runtime_env`` or ``RuntimeEnv``, which Ray installs on every worker;
- Metaflow: ``@pypi(packages={"pandas": "2.1.1"})`` and ``@pypi_base(packages={…})``, installed for the step or flow;
- MLflow: a logged model's ``pip_requirements=[…]`` and ``extra_pip_requirements=[…]``, and the ``"pip": […]`` list of
  a ``conda_env`` dict, which MLflow installs where the model is served.

Each is install input like a requirements file (origin ``manifest``), and what a file declares so explains its
imports. Only a literal list or dict of string literals is read, as tree-sitter reads the code (the reading of
:mod:`depguard.commands.python_calls`; never executed): a keyword argument (``packages_to_install=[…]``) or an
assignment (``packages_to_install = […]``) of the name, a dict entry keyed ``"pip"``/``"uv"``, a ``@pypi``
decorator's ``packages`` dict. A name the program computes (``packages_to_install = import_packages``, a list with one
computed entry) is filled in when it runs and names nothing here; a comment or a docstring is no code; URL, VCS and
local path entries name no registry package. A KFP ``pip_index_urls`` whose first index is not PyPI makes the file's
KFP names not checked unless PyPI has them, as ``--index-url`` does in a requirements file. A test's literals are its
input and are not read.
"""

from __future__ import annotations

import functools
import re

from ...model import Origin
from ._python import LOCAL_PATH, from_other_index, other_index_url, requirement_mention

TYPE_CHECKING = False
if TYPE_CHECKING:

    from ...model import Mention
    from ...parsers import Source

PARSER = "pipeline-packages"
KFP = frozenset({"packages_to_install"})  # a KFP component's keyword (or a variable of that name)
MLFLOW = frozenset({"pip_requirements", "extra_pip_requirements"})
RAY = frozenset({"pip", "uv"})  # a Ray runtime environment's (or an MLflow conda_env's) key or keyword
METAFLOW = frozenset({"pypi", "pypi_base"})  # the decorators whose ``packages`` dict names what the step installs
PLAIN_OPENING = re.compile(r"[rRuU]?[\"']")  # a string literal read as it is written: no bytes, no f-string
KFP_INDEX = re.compile(r"\bpip_index_urls\s*=\s*\[\s*(?P<q>[\"'])(?P<url>[^\"'\n]{1,300})(?P=q)")


def pipeline_packages(source: Source, test: bool) -> list[Mention]:
    """The mentions of the packages the file's pipeline steps install (see the module docstring)."""
    from tree_sitter import QueryCursor

    from ...imports import parse

    text = source.text
    pip_keys = "runtime_env" in text or "RuntimeEnv" in text or "conda_env" in text
    if test or ("packages_to_install" not in text and "@pypi" not in text and "pip_requirements" not in text
                and not pip_keys):
        return []
    index = KFP_INDEX.search(text)
    elsewhere = other_index_url(index.group("url")) if index is not None else None
    src = text.encode("utf-8", errors="surrogatepass")
    found = QueryCursor(_query()).captures(parse("python", src)).get("node", ())
    lines = text.split("\n")
    out: list[Mention] = []
    for node in sorted(found, key=lambda n: n.start_byte):
        for literal, keys, kfp in _literals(node, pip_keys):
            items = _strings(src, literal, keys)
            for (line, column), req in items or ():
                if not req or "://" in req or req.startswith(("-", "/", "file:")) or LOCAL_PATH.match(req):
                    continue
                m = requirement_mention(source, lines, req, line, column + 1, PARSER, "a pipeline step's packages",
                                        origin=Origin.MANIFEST)
                if m is not None and kfp and elsewhere is not None:
                    m = from_other_index(m, f"the component pip-installs it from {elsewhere} (pip_index_urls) first",
                                         ok_passes=True)
                if m is not None:
                    out.append(m)
    return out


@functools.lru_cache(maxsize=1)
def _query():
    from tree_sitter import Query

    from ...imports import language

    return Query(language("python"), "[(keyword_argument) (assignment) (pair)] @node")


def _name(node) -> str:
    """The name a keyword argument gives, an assignment assigns (``x``, ``self.x``: ``x``), a dict entry's string key."""
    if node.type == "string":
        body = (node.text or b"").decode("utf-8", errors="replace")
        return body[1:-1] if len(body) >= 2 and body[0] in "\"'" and body[-1] == body[0] else ""
    if node.type == "attribute":
        node = node.child_by_field_name("attribute")
    return (node.text or b"").decode("utf-8", errors="replace") if node is not None and node.type == "identifier" else ""


def _literals(node, pip_keys: bool):
    """(literal, whether its keys are read, whether it is a KFP component's) for each step-package literal ``node``
    (a keyword argument, an assignment or a dict entry) gives."""
    if node.type == "pair":
        key, value = node.child_by_field_name("key"), node.child_by_field_name("value")
        if not pip_keys or key is None or value is None or _name(key) not in RAY:
            return
        if value.type == "dictionary":  # "pip": {"packages": [...], "pip_check": False}
            value = next((p.child_by_field_name("value") for p in value.named_children if p.type == "pair"
                          and p.child_by_field_name("key") is not None
                          and _name(p.child_by_field_name("key")) == "packages"), None)
        if value is not None and value.type == "list":
            yield value, False, False
        return
    field = ("name", "value") if node.type == "keyword_argument" else ("left", "right")
    key, value = node.child_by_field_name(field[0]), node.child_by_field_name(field[1])
    if key is None or value is None or key.type not in ("identifier", "attribute"):
        return
    name = _name(key)
    if name in KFP or name in MLFLOW:
        if value.type in ("list", "tuple"):
            yield value, False, name in KFP
    elif name in RAY:
        if pip_keys and value.type == "list":  # RuntimeEnv(pip=[...])
            yield value, False, False
    elif name == "packages" and node.type == "keyword_argument" and value.type == "dictionary":
        arguments = node.parent
        call = arguments.parent if arguments is not None else None  # @pypi(…, packages={…})
        if call is None or call.type != "call" or call.parent is None or call.parent.type != "decorator":
            return
        function = call.child_by_field_name("function")
        if function is not None and function.type == "identifier" and _name(function) in METAFLOW:
            yield value, True, False


def _evaluated(node) -> str | None:
    """The text of the string literal ``node`` (one, or several written together) as Python reads it, or None when it
    is no text (bytes) or no literal (an f-string)."""
    import ast

    try:
        value = ast.literal_eval("(" + (node.text or b"").decode("utf-8", errors="replace") + ")")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return value if isinstance(value, str) else None


def _strings(src: bytes, literal, keys: bool) -> list[tuple[tuple[int, int], str]] | None:
    """((line, 0-based column), text) of each string literal of the list or tuple ``literal`` (``keys``: each key of the
    dict), or None when one element is not a plain string literal: what the program computes is filled in when it
    runs, so the literal names nothing here; or when tree-sitter's error recovery left the literal open."""
    from ...commands.python_calls import string_literal

    if literal.has_error:
        return None
    items = [c for c in literal.named_children if c.type != "comment"]
    if keys:
        if any(c.type != "pair" for c in items):
            return None  # **defaults
        items = [c.child_by_field_name("key") for c in items]
    out = []
    for item in items:
        if item is None or item.type not in ("string", "concatenated_string"):
            return None
        first = item if item.type == "string" else item.named_children[0] if item.named_children else None
        read = string_literal(src, first) if first is not None and first.type == "string" else None
        if read is None:
            return None  # an f-string with slots
        at, written, _ = read
        value = written if item is first and "\\" not in written and PLAIN_OPENING.fullmatch(
            (first.children[0].text or b"").decode("utf-8", errors="replace")) else _evaluated(item)
        if value is None:  # "pan" "das", "a\x2db", b"x", f"x" are evaluated as Python reads the literal: no text
            return None
        out.append((at, value.strip()))
    return out
