"""Issue 14: each resource limit a hook could fail open on is linear and bounded, at the size that showed it."""

from __future__ import annotations

import threading

import httpx
import pytest

from depguard.config import Settings
from depguard.ecosystems.pypi.imports import MODULE_SUFFIXES, file_view
from depguard.imports import AnyOf, sibling_modules
from depguard.model import Verdict
from depguard.parsers import Source
from depguard.scan import MAX_TEXT_NAMES, collect_paths, collect_text, evaluate
from depguard.verify.local import LocalTree


def test_files_of_one_folder_share_its_sibling_set(tmp_path):
    """100,000 files in one folder took 872 s: every file copied the folder's module set into a union of its
    own (n files x n names). Proven at 20,000 files by identity: each file's view holds the one shared set."""
    folder = tmp_path / "pkg"
    folder.mkdir()
    for i in range(20_000):
        (folder / f"m{i}.py").write_bytes(b"")
    siblings = sibling_modules(folder / "m0.py", MODULE_SUFFIXES)
    assert len(siblings) == 20_000
    for i in range(0, 20_000, 997):
        path = folder / f"m{i}.py"
        local, _ = file_view(Source(path=path.name, text="", fs_path=path, root=tmp_path))
        assert isinstance(local, AnyOf) and any(part is siblings for part in local.parts)
        assert f"m{i + 1}" in local or i + 1 == 20_000


@pytest.mark.slow
def test_a_tree_1500_folders_deep_is_scanned(tmp_path):
    """A 1,500-deep tree outside git crashed ``scan`` with RecursionError (os.walk recurses before 3.12)."""
    here = tmp_path
    for _ in range(1500):
        here = here / "d"
        here.mkdir()
    (here / "requirements.txt").write_text("flask\n")
    try:
        collected = collect_paths([tmp_path], Settings(use_cache=False))
        assert [m.key.name for m in collected.mentions] == ["flask"]
        assert any(f.endswith("/requirements.txt") for f in LocalTree(tmp_path).files())
    finally:  # shutil.rmtree (pytest's clean-up) recurses too: take the tree down from the bottom
        (here / "requirements.txt").unlink()
        while here != tmp_path:
            here.rmdir()
            here = here.parent


def _finishes(fn, seconds: float = 300.0):
    """Run ``fn`` in a thread; a generous bound that only a super-linear scan misses (not a speed test)."""
    out: list = []
    worker = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert out, f"did not finish within {seconds:g} s"
    return out[0]


LINE = 4_800_000  # the size of the line that took over 120 s


@pytest.mark.slow
@pytest.mark.parametrize("unit", ["<code>a ", ": pip"])
def test_a_4_8_mb_line_of_prose_is_read_in_linear_time(unit):
    text = unit * (LINE // len(unit))
    _finishes(lambda: collect_text(text))


@pytest.mark.slow
def test_a_4_8_mb_comment_line_in_a_code_block():
    text = "```\n" + "# pip " * (LINE // 6) + "\n```\n"
    _finishes(lambda: collect_text(text))


def test_a_4_8_mb_requirements_line_is_refused_not_parsed(tmp_path):
    (tmp_path / "requirements.txt").write_text("reqeusts==1 " * (LINE // 12) + "\n")
    collected = _finishes(lambda: collect_paths([tmp_path], Settings(use_cache=False)))
    assert [p.kind for p in collected.problems] == ["limit"]  # reported (exit 3), never a quiet pass


def test_javascript_columns_on_one_long_line_are_counted_once():
    """Each import's column decoded its line from the start: quadratic on one long line. Count the bytes."""
    from depguard.imports import parser, position

    decoded = [0]
    code = "const é = 1;" + "require('a');" * 20_000
    src = _counting(code.encode(), decoded)
    tree = parser("javascript").parse(bytes(src))
    calls = list(_calls(tree.root_node))
    assert len(calls) == 20_000
    columns = [position(src, node)[1] for node in calls]
    assert columns[1] - columns[0] == len("require('a');")
    assert decoded[0] <= 2 * len(src)  # linear: each byte decoded a bounded number of times


def _counting(data: bytes, decoded: list[int]) -> bytes:
    """``data`` as bytes that add the length of every slice taken of them to ``decoded[0]``."""

    class Counting(bytes):
        def __getitem__(self, item):
            got = bytes.__getitem__(self, item)
            if isinstance(item, slice):
                decoded[0] += len(got)
            return got

    return Counting(data)


def _calls(node):
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "call_expression":
            yield n
        stack.extend(reversed(n.children))


def test_one_answer_looks_up_a_bounded_number_of_names():
    names = [f"zzunlikely-pkg-{i}" for i in range(MAX_TEXT_NAMES + 150)]
    text = "\n".join(f"pip install {n}" for n in names) + "\n"
    asked: list[str] = []

    def handle(request: httpx.Request) -> httpx.Response:
        asked.append(request.url.path)
        return httpx.Response(404)

    collected = collect_text(text)
    report = evaluate(collected, Settings(use_cache=False), transport=httpx.MockTransport(handle))
    assert len(asked) <= MAX_TEXT_NAMES
    unchecked = [f for f in report.findings if f.verdict is Verdict.NOT_CHECKED]
    assert len(unchecked) == 150 and all("not looked up" in f.reasons[0] for f in unchecked)
    assert any(p.kind == "limit" for p in report.problems)
    assert report.exit_code() == 1  # the names that were looked up are missing; the rest are not a pass


def test_a_string_far_along_one_long_line_is_read_in_linear_time():
    """detectron2's generated LVIS table (``lvis_v1_categories.py``): one 219 kB line of dicts, a few of whose
    strings name a tool (``'... used to mix paints'``). Each such string is read as text placed at its column,
    so its first line starts with ~134,000 spaces, and the Markdown fence pattern tried on that line backtracked
    quadratically over them (two ``[ \\t]*`` runs in a row): ~3 s a string, the scan of detectron2 did not end in
    20 minutes. With two million spaces the old pattern would run for hours; it must take one pass."""
    from depguard.ecosystems.pypi.said_installs import said_installs
    from depguard.parsers import Source
    from depguard.text import FENCE

    assert FENCE.match(" " * 2_000_000 + "x") is None
    assert FENCE.match("> " + " " * 2_000_000 + "x") is None
    for line, indent in (("```toml", ""), ("  > > ~~~ sh", "  > > "), (">   ```", ">   "), ("\t```", "\t")):
        m = FENCE.match(line)
        assert m is not None and m.group("indent") == indent
    assert FENCE.match("  >> x ```") is None
    entry = "{'id': %d, 'def': 'a dispenser that holds a substance', 'name': 'can'}, "
    table = "LVIS = [" + "".join(entry % i for i in range(20_000)) + "{'def': 'a pip install-free palette to mix paints'}]\n"
    found = list(said_installs(Source(path="datasets/lvis_categories.py", text="# fmt: off\n" + table), False))
    assert found == []


def test_python_call_columns_on_one_long_line_are_counted_once():
    """The Python call reader's places (depguard.commands.python_calls.point: run calls, said installs, pipeline step
    packages) decoded the line from its start for each place: quadratic on one long non-ASCII line (reviewer r36: a
    line of 160,000 places took 78 s, 0.9 s now). Count the bytes decoded, and check the columns."""
    from depguard.commands.python_calls import point

    decoded = [0]
    src = _counting(("x = 'é'; " + "'a', " * 20_000).encode(), decoded)
    first = len("x = 'é'; ".encode())
    columns = [point(src, first + 5 * i, (0, first + 5 * i))[1] for i in range(20_000)]
    assert columns[:2] == [len("x = 'é'; "), len("x = 'é'; 'a', ")]
    assert columns[-1] - columns[0] == 5 * 19_999
    assert decoded[0] <= 2 * len(src)  # linear: each byte decoded a bounded number of times
    assert point(src, first, (0, first)) == (1, len("x = 'é'; "))  # an earlier place again: from the line's start
    other = "é = 1\nprint('b')\n".encode()
    assert point(other, other.index(b"'b'"), (1, len("print("))) == (2, len("print("))  # another text's place
