"""Without the MCP SDK installed, ``depguard mcp`` says how to install it (and nothing else breaks)."""

from __future__ import annotations

import sys

from depguard.cli import main


def test_depguard_mcp_without_the_sdk_says_how_to_install_it(monkeypatch, capsys):
    for name in [m for m in sys.modules if m == "mcp" or m.startswith("mcp.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "mcp", None)  # as if not installed: importing it fails
    assert main(["mcp"]) == 2
    err = capsys.readouterr().err
    assert 'pipx inject depguard-names "mcp>=1.25,<3"' in err and "MCP Python SDK" in err
    assert 'pip install "depguard[mcp]"' not in err  # PyPI's depguard is another project (issue 17)
