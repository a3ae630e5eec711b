"""``Pipfile`` (TOML): ``[packages]``, ``[dev-packages]`` and any other package category. Entries installed
from a ``path``, a ``file`` URL or a VCS (``git``, ``hg``, ``svn``, ``bzr``) are not registry names. A key may carry extras (``"requests[socks]" = "*"``): the name is ``requests``.
A project template's Pipfile (cookiecutter-flask: ``{% if cookiecutter.use_pipenv == "True" … -%}`` around its
``[requires]`` table) is read as the TOML it renders to, every branch kept (:func:`load_template_toml`)."""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import TomlLines, find_line
from ...parsers.template_directives import load_template_toml

PARSER = "Pipfile"
NOT_CATEGORIES = {"source", "requires", "pipenv", "scripts"}
NON_REGISTRY_KEYS = ("path", "file", "git", "hg", "svn", "bzr")


@file_format("Pipfile", ("Pipfile",), ecosystem="pypi", kind="manifest",
             description="Pipenv Pipfile: packages, dev-packages and other categories")
def parse(source: Source) -> Iterator[Mention]:
    data = load_template_toml(source.text)
    toml = TomlLines(source.text)
    for category, packages in data.items():
        if category in NOT_CATEGORIES or not isinstance(packages, dict):
            continue
        for name, spec in packages.items():
            if isinstance(spec, dict) and any(k in spec for k in NON_REGISTRY_KEYS):
                continue
            line, col = toml.key((category,), name)
            if line is None:
                line, col = find_line(toml.lines, name, quoted=False)
            # '"requests[socks]" = "*"': the key may carry extras (pipenv installs requests with them)
            name = name.split("[", 1)[0].strip() if "[" in name else name
            version = spec if isinstance(spec, str) else spec.get("version") if isinstance(spec, dict) else None
            yield source.mention("pypi", name, line or 1, col, Origin.MANIFEST, PARSER,
                                 spec=version if isinstance(version, str) and version != "*" else None,
                                 note=None if category == "packages" else category)
