"""``git clone URL [DIR]`` in a script, a notebook or a page: the repository it fetches and the folder it makes.

Shared by the readers that follow a clone: pypi's project view (a clone installed with pip, imports after a change
into the clone's folder) and the documentation examples (a folder the page clones is somebody's published project,
not one the page has the reader create). Text only; nothing is fetched or run.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import lazyre

# options before the URL (``--depth 1``, ``-b main``, ``--recurse-submodules``), the URL (a scheme or scp-like
# ``git@host:o/r``), then the folder when one is given (``~/VLABench`` too; an option after the URL is none:
# KivyMD's ``git clone https://github.com/kivymd/KivyMD.git --depth 1`` makes ``KivyMD``). An option is matched one
# way only (``-{1,2}`` then a word character; its value never starts with ``-``): ``--?[\w-]+`` split ``--x`` two
# ways, and a clone of many options and no URL took 2^n tries (r22 finding 10)
GIT_CLONE = lazyre.compile(r"\bgit\s+clone\s+(?:-{1,2}\w[\w-]*(?:[= ](?!(?:https?|ssh|git)://|git@|-)[^\s;&|]+)?\s+)*"
                           r"(?P<url>(?:https?|ssh|git)://[^\s;&|'\"]+|git@[^\s;&|'\"]+)(?:[ \t]+(?!-)(?P<dir>(?:~/)?[\w./-]+))?")


# the same as the argument list of a Python call (``subprocess.run(["git", "clone", "--depth", "1", "--branch",
# "main", "https://github.com/unslothai/unsloth.git"], check=True)``): quoted words, one or more per line
_WORD = r"""\s*,\s*["']"""
GIT_CLONE_LIST = lazyre.compile(r"""["']git["']""" + _WORD + r"""clone["']"""
                                r"""(?:""" + _WORD + r"""-{1,2}\w[\w-]*(?:=[^"'\s]*)?["'](?:""" + _WORD
                                + r"""(?!(?:https?|ssh|git)://|git@|-)[^"'\s]*["'])?)*"""
                                + _WORD + r"""(?P<url>(?:https?|ssh|git)://[^\s'"]+|git@[^\s'"]+)["']"""
                                r"""(?:""" + _WORD + r"""(?!-)(?P<dir>(?:~/)?[\w./-]+)["'])?""")


def clones(text: str) -> Iterator[tuple[str, str, int]]:
    """(URL, folder, end of the command in ``text``) of each ``git clone`` of ``text``, written as a command or as
    the argument list of a Python call: the folder given, else the URL's last part without ``.git``
    (``https://github.com/o/coolproj.git`` makes ``coolproj``)."""
    for url, folder, _start, end in clone_spans(text):
        yield url, folder, end


def clone_spans(text: str) -> Iterator[tuple[str, str, int, int]]:
    """:func:`clones` with the start of each command too (URL, folder, start, end)."""
    if "clone" not in text:
        return
    found = list(GIT_CLONE.finditer(text))
    if "git" in text and ("'clone'" in text or '"clone"' in text):
        found = sorted(found + list(GIT_CLONE_LIST.finditer(text)), key=lambda m: m.start())
    for m in found:
        url = m.group("url")
        folder = (m.group("dir") or url.rstrip("/").rpartition("/")[2].rpartition(":")[2]).rstrip("/")
        folder = folder[:-4] if folder.endswith(".git") and not m.group("dir") else folder
        yield url, folder, m.start(), m.end()
