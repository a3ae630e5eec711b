"""A JupyterLab extension's companion packages (``jupyterlab.discovery`` in its package.json): the server and kernel
packages JupyterLab's extension manager tells its user to pip-install beside the extension (session 36, h256: nbdime's
packages/labextension/package.json and JupyterLab's extension examples hold the table; no parser read it)."""

from __future__ import annotations

from depguard.parsers import Source, get_format

# the server part as nbdime's packages/labextension/package.json writes it (jupyter/nbdime)
PACKAGE = """{
  "name": "nbdime-jupyterlab",
  "dependencies": {"@jupyterlab/application": "^4.0.0"},
  "jupyterlab": {
    "extension": true,
    "discovery": {
      "server": {
        "base": {
          "name": "nbdime"
        },
        "managers": ["pip", "conda"]
      },
      "kernel": [
        {"kernel_spec": {"language": "^python"}, "base": {"name": "zq-kernel-invented"}, "managers": ["pip"]},
        {"base": {"name": "zq-conda-only"}, "managers": ["conda"]},
        {"base": {"name": "zq-no-manager"}}
      ]
    }
  }
}
"""


def _found(text: str, path: str = "package.json") -> list[tuple[str, int, int]]:
    got = list(get_format("jupyterlab-discovery").parse(Source(path=path, text=text)))
    lines = text.split("\n")
    for m in got:
        assert lines[m.location.line - 1][m.location.column - 1:].startswith(m.written), m
    return [(m.key.name, m.location.line, m.location.column) for m in got]


def test_companion_packages_installed_with_pip_are_read_at_their_place():
    assert [(name, line) for name, line, _ in _found(PACKAGE)] == [("nbdime", 9), ("zq-kernel-invented", 14)]


def test_a_package_json_without_the_table_names_nothing_on_pypi():
    assert _found('{"name": "x", "dependencies": {"nbdime": "1.0.0"}}') == []
    assert _found('{"name": "x", "keywords": ["discovery"], "node-red": {"nodes": {"discovery": "mdns.js"}}}') == []
    assert _found('{"jupyterlab": {"discovery": {"server": {"base": {"name": "zq-conda"}, "managers": ["conda"]}}}}') == []
    assert _found('{"jupyterlab": {"discovery": ') == []  # not JSON: the npm reader of the file says so


def test_a_scan_judges_a_companion_package(tmp_path):
    from tests.test_docs_examples import verdicts, write

    write(tmp_path, {"package.json": '{"name": "zq-ext", "jupyterlab": {"discovery": {"server": {"managers": ["pip"], '
                                     '"base": {"name": "zq-server-invented"}}}}}\n'})
    assert verdicts(tmp_path)[("package.json", "zq-server-invented")] == "missing"


def test_the_package_the_extension_ships_in_is_no_companion(tmp_path):
    # jupyterlab/extension-examples' server-extension: its pyproject.toml names the same server package
    from tests.test_docs_examples import verdicts, write

    discovery = '"jupyterlab": {"discovery": {"server": {"managers": ["pip"], "base": {"name": "%s"}}}}'
    write(tmp_path, {"ext/package.json": '{"name": "zq-ext", %s}\n' % (discovery % "zq_own_server"),
                     "ext/pyproject.toml": '[project]\nname = "zq-own-server"\n',
                     "other/package.json": '{"name": "zq-other", %s}\n' % (discovery % "zq-companion-invented"),
                     "other/pyproject.toml": '[project]\nname = "zq-other"\n'})
    found = verdicts(tmp_path)
    assert ("ext/package.json", "zq_own_server") not in found
    assert found[("other/package.json", "zq-companion-invented")] == "missing"
