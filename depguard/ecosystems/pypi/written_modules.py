"""The modules a Python file or notebook makes at run time, read once per file (:func:`written_modules`).

Each shape :func:`depguard.ecosystems.pypi.project.writes_module` documents is one pattern whose name is a group, found
by one pass over the text: the file's imports are then looked up in the set. (l39: asked per imported name, each
name searched the whole text again, 4,000 names in a 40 KB file 2.4 s.) A name is a Python identifier, a run of
word characters: every shape has it between characters that are not (a quote, a slash, a space, ``.py``, ``=``).
"""

from __future__ import annotations

import functools
import re

from ... import lazyre

# the scaffold commands of Python frameworks that make a package named by their argument in the folder they run in (or
# the one given after it): Scrapy's `scrapy startproject NAME [DIR]` (NAME/scrapy.cfg beside the package NAME/NAME/,
# which the tutorial's notebooks `%cd` into and import), Django's `django-admin startproject NAME` and `startapp NAME`
# (also through `manage.py`). NAME is the word right after the subcommand (options come after it in both tools' usage)
SCAFFOLD = lazyre.compile(r"""(?:\bscrapy|\bdjango-admin(?:\.py)?|\bmanage\.py)[ \t]+start(?:project|app)[ \t]+['"]?"""
                          r"""(\w+)(?=['"]?(?:[\s;&|)]|$))""")
# the file a notebook cell magic writes (``%%writefile [-a] PATH``, ``%%file PATH``)
CELL_WRITES = lazyre.compile(r"""%%(?:writefile|file)[ \t]+(?:-a[ \t]+)?['"]?([^\s'"]+)""")
# a copy of a module file or package folder into the working directory, where an import finds it: a shell ``cp`` whose
# last source is ``…/name``, ``…/name.py`` or ``…/name/`` and whose destination is ``.``, ``./`` or Kaggle's working
# folder (an offline Kaggle notebook: ``!cp -r ../input/ranger-opt/ranger .``, then ``from ranger import Ranger``), or
# ``shutil.copytree(src, "./name")`` naming the copy. The copy's tail is found first; ``cp`` is then looked for on its
# line, at most COPY_LINE characters back (many ``cp`` words on one long line stay linear)
COPIED_TAIL = lazyre.compile(r"""/(\w+)(?:\.py)?/?[ \t]+(?:\./?|/kaggle/working/?)(?=[ \t]*(?:[;&|\n"'\\]|$))"""
                             r"""|,[ \t]*['"](?:\./|/kaggle/working/)?(\w+)/?['"][ \t]*[,)]""")
COPY_COMMAND = lazyre.compile(r"(?:^|[\s;&|(!'\"])cp[ \t]+[^\n;&|]*$|\bcopytree\([^\n()]*$")
COPY_LINE = 500
# PyTorch builds an extension module at run time: torch.utils.cpp_extension.load(name="name", …), load_inline(…)
CPP_EXTENSION = lazyre.compile(r"""\bload(?:_inline)?\(\s*(?:name\s*=\s*)?['"](\w+)['"]""")
MODULE_FILE_TAIL = r"(?:/__init__)?\.(?:pyi?|pyx|hy)"
# a temporary folder bound to a name: ``with tmpfile() as dirname``, ``d = tempfile.mkdtemp()``, ``with
# TemporaryDirectory() as root``
TEMP_FOLDER = lazyre.compile(r"\bwith\s+[\w.]*(?:te?mp\w*|TemporaryDirectory)\([^()\n]*\)\s+as\s+([A-Za-z_]\w*)"
                             r"|^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*[\w.]*(?:mkdtemp|TemporaryDirectory)\(", re.M)
# a folder of a name joined onto a variable: ``os.path.join(dirname, "package_1")``
JOINED_ONTO = lazyre.compile(r"""\bjoin\(\s*([A-Za-z_]\w*)\s*,\s*['"](\w+)['"]\s*[,)]""")
# a variable bound to a name as a literal (``package_name = "mock_tool_package_name"``)
BOUND = lazyre.compile(r"""^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*['"](\w+)['"][ \t]*(?:#.*)?$""", re.M)
# ... a package folder made from it (``Path(temp_dir) / package_name``), or a module file an f-string names with it
# (``f"{tmp_dir}/{modname}.py"``)
BOUND_USED = lazyre.compile(r"""(?:\s/\s*|joinpath\(\s*)([A-Za-z_]\w*)\b(?!\s*[.(\[])"""
                            rf"""|\b[rR]?[fF][rR]?['"][^'"\n]*\{{([A-Za-z_]\w*)\}}{MODULE_FILE_TAIL}['"]""")
# a call that writes, copies or makes a file or folder: a file without one writes no module at run time
WRITES = lazyre.compile(r"""\.write_(?:text|bytes)\(|\bopen\([^\n]*?,\s*(?:mode\s*=\s*)?[rRbBtT]?['"][rbt]*[wax]"""
                        r"""|\bshutil\.(?:copy\w*|move)\(|\b(?:write_file|writestr|copyfile|copy2|copytree|symlink_to|"""
                        r"""mkdir|makedirs|touch|makepyfile|makefile|extractall|unpack_archive|run_pf_command|fork_app)\(""")
# (r23 12b: not re.compile(, dict.copy(, a build( or sys.stdout.write(: none of them makes a file)


def _written(path: str) -> str:
    """A pattern for the path literal ``path`` (a pattern) as what a call writes: ``open(path, "w")`` (``"wb"``,
    ``"a"``, ``"x"``, ``mode=``), ``Path(path).write_text(…)``/``.write_bytes(…)``, ``zip.writestr(path, …)``, a
    virtual file system's ``write_file(path, …)`` (panda3d's VFS)."""
    return (rf"""\bopen\(\s*{path}\s*,\s*(?:mode\s*=\s*)?['"][wax]"""
            rf"""|\b(?:writestr|write_file|write_text|write_bytes)\(\s*{path}"""
            rf"""|{path}\s*\)\s*\.write_(?:text|bytes)\(""")


# a file path literal naming a module file, and a package folder joined onto a path: they count only in a file that
# writes or copies something (r23 #12: a skip list's {"name.py", "setup.py"} or EXCLUDE = [ROOT / "name"] in a file
# that writes nothing makes no module). A package's __init__ and a plain module file are two patterns: one literal
# ("a/name/__init__.py") holds both a folder's name and the file's
NAMED = (lazyre.compile(r"""['"](?:[^'"\n]*/)?(\w+)/__init__\.(?:pyi?|pyx|hy)['"]"""),
         lazyre.compile(r"""['"](?:[^'"\n]*/)?(\w+)\.(?:pyi?|pyx|hy)['"]"""),
         lazyre.compile(r"""(?:\s/\s*|joinpath\(\s*)['"](\w+)['"]"""))
WRITTEN = tuple(lazyre.compile(p) for p in (
    r"""%%(?:writefile|file)\s+(?:-a\s+)?['"]?(?:[^\s'"]*/)?(\w+)\.py\b""",  # a notebook cell writes it
    # a module file the file writes into a folder of that name: a namespace package (a path only named, a skip list's
    # "name/_version.py", is none: r22 #8)
    _written(r"""['"](?:[^'"\n]*/)?(\w+)/[A-Za-z_]\w*\.py['"]"""),
    r"""\bjoin\(\s*(?i:[\w.]*te?mp\w*)\s*,\s*['"](\w+)['"]\s*[,)]""",  # ... into a temporary folder
    # a module file joined onto the package folder and written (r22 D, r23 #8: a list's items, str.join, a path only
    # read are none)
    _written(r"""(?:(?:\bos\.)?\bpath\.join\([^()\n]*['"](\w+)['"]\s*,\s*['"][\w.-]+\.py['"]\s*\)"""
             r"""|(?:\bPath\(\s*)?['"](\w+)['"]\s*\)?\s*/\s*['"][\w.-]+\.py['"])"""),
    # py.path's ensure() creates the file it names part by part: pytest's test_pyimport_and_import writes
    # tmpdir.ensure("xxxpackage", "__init__.py") and imports xxxpackage
    r"""\.ensure\(\s*['"](\w+)['"]\s*,\s*['"][\w.-]+\.py['"]""",
    r"""['"](?:[^'"\n]*/)?(\w+)-[\w.!+-]*\.(?:egg|whl)['"]""",  # an egg or wheel of it that the file names
    r"""\bchdir\(\s*['"](\w+)/?['"]\s*\)""",  # the code enters that folder (one it downloads: camel's api_bank)
    # a clone's folder, and a clone into a folder: read ahead of the command's words, so that the match ends there and
    # the next line's clone is read too (a match to its folder could take the next line's first word)
    r"""\bgit\s+clone\b(?=[^\n;&|]*?\s\S*/(\w+)(?:\.git)?/?(?=[\s"'\\]|$)(?![ \t]+[\w.-]))""",
    r"""\bgit\s+clone\b(?=[^\n;&|]*?\s\S*[/:]\S*\s+['"]?(\w+)/?['"]?(?=[\s;&|"'\\]|$))""",
))
# pytester / testdir: makepyfile(name="""…""") writes name.py; every keyword of the call names a module
MAKEFILE = lazyre.compile(r"\bmake(?:py)?file\s*\(")
KEYWORD = lazyre.compile(r"\b(\w+)\s*=")


def _names(pattern, text: str, found: set[str]) -> None:
    """Each name ``pattern`` (every group of it a name) finds in ``text``, added to ``found``."""
    for m in pattern.finditer(text):
        found.update(g for g in m.groups() if g)


@functools.lru_cache(maxsize=8)  # asked per imported name of one text: read once
def written_modules(text: str) -> frozenset[str]:
    """The modules ``text`` writes at run time (:func:`depguard.ecosystems.pypi.project.writes_module`), each shape
    found by one pass over the text."""
    from .project import downloaded_files

    found: set[str] = set()
    if "start" in text:
        _names(SCAFFOLD, text, found)  # a framework's scaffold command: `!scrapy startproject name`, then `import name`
    if "%%" in text:  # a notebook cell writes a module file into a folder of that name: `%%writefile name/spiders/x.py`
        found.update(part for path in CELL_WRITES.findall(text) if path.endswith(".py") for part in path.split("/")[:-1])
    if "cp" in text or "copytree" in text:
        for m in COPIED_TAIL.finditer(text):  # a copy into the working directory: `!cp -r ../input/lib/name .`
            line_start = text.rfind("\n", 0, m.start()) + 1
            if COPY_COMMAND.search(text[max(line_start, m.start() - COPY_LINE):m.start()]):
                found.add(m.group(1) or m.group(2))
    if "curl" in text or "wget" in text or "urlretrieve" in text or "hf_hub_download" in text:
        found.update(f[:-3] for f in downloaded_files(text) if f.endswith(".py"))  # `!curl -O https://…/name.py`
    if "cpp_extension" in text:
        _names(CPP_EXTENSION, text, found)
    temps = {m.group(1) or m.group(2) for m in TEMP_FOLDER.finditer(text)}
    if temps:  # a temporary folder bound to a name of any spelling (dask/distributed's test: ``with tmpfile() as
        # dirname:``, ``package_1 = os.path.join(dirname, "package_1")``, an __init__.py written into it)
        found.update(m.group(2) for m in JOINED_ONTO.finditer(text) if m.group(1) in temps)
    bound: dict[str, set[str]] = {}
    for m in BOUND.finditer(text):  # the name bound to a variable, a folder or module file made from the variable
        bound.setdefault(m.group(1), set()).add(m.group(2))
    if bound:
        for m in BOUND_USED.finditer(text):
            found.update(bound.get(m.group(1) or m.group(2), ()))
    if WRITES.search(text):
        for pattern in NAMED:
            _names(pattern, text, found)
    for pattern in WRITTEN:
        _names(pattern, text, found)
    if "makepyfile" in text or "makefile" in text:
        end = 0
        for m in MAKEFILE.finditer(text):
            if m.start() < end:
                continue  # a call inside the previous one's arguments: read with them
            close = text.find(")", m.end())
            end = len(text) if close < 0 else close
            found.update(KEYWORD.findall(text, m.end(), end))
    return frozenset(found)
