"""FastMCP's server configuration is a manifest (issue 12, held-out set 63): ``fastmcp run`` hands a fastmcp.json's
``environment.dependencies`` to uv, which installs them from PyPI. Before, no parser read the file, and the dozen docs
blocks of FastMCP showing one were each a read problem ("no ecosystem depguard knows reads fastmcp.json")."""

from __future__ import annotations

from depguard.model import Origin
from depguard.parsers import Source
from depguard.text import mentions_in_text
from tests.test_docs_examples import verdicts, write

FASTMCP_JSON = """{
  "$schema": "https://gofastmcp.com/public/schemas/fastmcp.json/v1.json",
  "source": {"path": "server.py", "entrypoint": "mcp"},
  "environment": {
    "python": "3.12",
    "dependencies": ["requests>=2.31.0", "mcp-weather-toolkit-zq",
                     "tools @ git+https://github.com/example/tools.git"],
    "requirements": "requirements.txt",
    "editable": ["."]
  },
  "deployment": {"transport": "http", "port": 8000, "env": {"DEBUG": "false"}}
}
"""


def test_a_fastmcp_json_declares_what_uv_installs_from_pypi(tmp_path):
    write(tmp_path, {"server/fastmcp.json": FASTMCP_JSON, "server/dev.fastmcp.json": FASTMCP_JSON,
                     "other/settings.json": FASTMCP_JSON})  # another JSON file of the same shape names nothing
    got = verdicts(tmp_path)
    assert got[("server/fastmcp.json", "requests")] == "ok"
    assert got[("server/fastmcp.json", "mcp-weather-toolkit-zq")] == "missing"
    assert got[("server/dev.fastmcp.json", "mcp-weather-toolkit-zq")] == "missing"
    assert not any(path.startswith("other/") for path, _ in got)
    assert not any(name in ("tools", "requirements.txt", ".") for _, name in got)


def test_a_docs_block_of_a_fastmcp_json_is_read_as_one():
    text = f"Save this as `fastmcp.json`:\n\n```json fastmcp.json\n{FASTMCP_JSON}```\n"
    source = Source(path="docs/deployment/server-configuration.mdx", text=text)
    found = [m for m in mentions_in_text(source) if m.origin is not Origin.IMPORT]
    assert sorted(m.key.name for m in found) == ["mcp-weather-toolkit-zq", "requests"]
    assert not source.problems


def test_an_environment_of_another_type_names_nothing():
    other = FASTMCP_JSON.replace('"python": "3.12",', '"type": "conda", "python": "3.12",')
    from depguard.ecosystems.pypi.fastmcp_json import parse

    assert list(parse(Source(path="fastmcp.json", text=other))) == []
