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
imports. Only a literal list or dict of string literals is read: a name the program computes (``packages_to_install
= import_packages``) is filled in when it runs and names nothing here; URL, VCS and local path entries name no
registry package. A KFP ``pip_index_urls`` whose first index is not PyPI makes the file's KFP names not checked
unless PyPI has them, as ``--index-url`` does in a requirements file. A test's literals are its input and are not
read.
"""

from __future__ import annotations

import re

from ...model import Origin
from ._python import LOCAL_PATH, from_other_index, other_index_url, requirement_mention

TYPE_CHECKING = False
if TYPE_CHECKING:

    from ...model import Mention
    from ...parsers import Source

PARSER = "pipeline-packages"
# where a literal of each framework starts (the opening bracket is the match's last character)
KFP = re.compile(r"\bpackages_to_install\s*=\s*[\[(]")
MLFLOW = re.compile(r"\b(?:extra_)?pip_requirements\s*=\s*[\[(]")
RAY = re.compile(r"""["'](?:pip|uv)["']\s*:\s*(?:\{\s*["']packages["']\s*:\s*)?\[|\b(?:pip|uv)\s*=\s*\[""")
METAFLOW = re.compile(r"@pypi(?:_base)?\s*\((?:[^()]{0,400}?)\bpackages\s*=\s*\{")
KFP_INDEX = re.compile(r"\bpip_index_urls\s*=\s*\[\s*(?P<q>[\"'])(?P<url>[^\"'\n]{1,300})(?P=q)")
LITERAL_LIMIT = 20_000  # a list of packages is short; a longer run is not read
CLOSE = {"[": "]", "(": ")", "{": "}"}


def pipeline_packages(source: Source, test: bool) -> list[Mention]:
    """The mentions of the packages the file's pipeline steps install (see the module docstring)."""
    text = source.text
    pip_keys = "runtime_env" in text or "RuntimeEnv" in text or "conda_env" in text
    if test or ("packages_to_install" not in text and "@pypi" not in text and "pip_requirements" not in text
                and not pip_keys):
        return []
    index = KFP_INDEX.search(text)
    elsewhere = other_index_url(index.group("url")) if index is not None else None
    patterns = [(KFP, False, elsewhere), (MLFLOW, False, None), (METAFLOW, True, None)]
    if pip_keys:  # a Ray runtime environment's or an MLflow conda_env's "pip" list
        patterns.append((RAY, False, None))
    lines = text.split("\n")
    starts = [0]  # the offset of each line's first character, for placing each literal once
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    out: list[Mention] = []
    for pattern, keys, other in patterns:
        read_to = 0  # a literal's text is read once: an opening inside one already read (or given up on) is skipped
        for m in pattern.finditer(text):
            if m.end() <= read_to:
                continue
            found, read_to = _strings(source, m.end() - 1, keys, lines, starts)
            out.extend(found if other is None else
                       [from_other_index(f, f"the component pip-installs it from {other} (pip_index_urls) first",
                                         ok_passes=True) for f in found])
    return out


def _strings(source: Source, start: int, keys: bool, lines: list[str],
             starts: list[int]) -> tuple[list[Mention], int]:
    """The mentions of the string literals of the list (or, ``keys``, the keys of the dict) opening at ``start``, and
    where the reading stopped (``lines``: the text's lines, ``starts``: the offset each begins at)."""
    import ast
    from bisect import bisect_right

    end, read_to = _closing(source.text, start)
    if end is None:
        return [], read_to
    literal = source.text[start:end + 1]
    try:
        node = ast.parse(literal, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return [], read_to
    items = node.keys if keys and isinstance(node, ast.Dict) else getattr(node, "elts", None)
    if items is None:
        return [], read_to
    strings = [item for item in items if isinstance(item, ast.Constant) and isinstance(item.value, str)]
    if len(strings) != len(items):
        return [], read_to  # a name the program computes: what it installs is filled in when it runs
    literal_lines = literal.split("\n")
    first_line = bisect_right(starts, start)
    first_col = start - starts[first_line - 1]
    out: list[Mention] = []
    for item in strings:
        req = str(item.value).strip()
        if not req or "://" in req or req.startswith(("-", "/", "file:")) or LOCAL_PATH.match(req):
            continue
        line = first_line + item.lineno - 1
        # ast's column counts UTF-8 bytes of the literal's line: as characters, then 1-based and past the quote
        piece = literal_lines[item.lineno - 1].encode("utf-8", "surrogatepass")[:item.col_offset]
        col = (first_col if item.lineno == 1 else 0) + len(piece.decode("utf-8", "replace")) + 2
        found = requirement_mention(source, lines, req, line, col, PARSER, "a pipeline step's packages",
                                    origin=Origin.MANIFEST)
        if found is not None:
            out.append(found)
    return out, read_to


def _closing(text: str, start: int) -> tuple[int | None, int]:
    """The index of the bracket closing the one at ``start`` (skipping string literals and comments), or None when
    there is none within :data:`LITERAL_LIMIT` or a string does not end on its line; and where the reading stopped."""
    stack = [CLOSE[text[start]]]
    i, stop = start + 1, min(len(text), start + LITERAL_LIMIT)
    while i < stop:
        c = text[i]
        if c in "\"'":
            newline = text.find("\n", i, stop)
            line_end = stop if newline < 0 else newline
            end = text.find(c, i + 1, line_end)
            while end > 0 and text[end - 1] == "\\":
                end = text.find(c, end + 1, line_end)
            if end < 0:
                return None, line_end  # no string of one line: not a literal read here
            i = end + 1
            continue
        if c == "#":
            newline = text.find("\n", i, stop)
            i = stop if newline < 0 else newline
            continue
        if c in CLOSE:
            stack.append(CLOSE[c])
        elif c in ")]}":
            if c != stack.pop():
                return None, i
            if not stack:
                return i, i
        i += 1
    return None, stop
