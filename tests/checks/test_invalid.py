"""DG004: a name its registry cannot hold is reported with a reason that reads as a sentence."""

from __future__ import annotations

import pytest

from depguard.api import check_names


@pytest.mark.parametrize("name, reason", [
    ("", "'': empty name; not looked up"),
    ("evil\x1b[31m", "'evil\\x1b[31m': contains control characters; not looked up"),
    ("foo bar", "'foo bar': not a valid name (letters, digits, '.', '_' and '-', starting and ending with a letter or "
                "digit); not looked up"),
], ids=["empty", "control-characters", "space"])
def test_invalid_reason(name, reason):
    (finding,) = check_names([name], ecosystem="pypi").findings
    assert finding.rule == "DG004"
    assert finding.reasons == (reason,)
