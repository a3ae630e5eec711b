"""--quiet prints only what needs attention: a name the user allowed (an inline ``depguard: ignore``, the config's
[allow], --allow) is not printed, so a run whose only findings are allowed prints nothing, as a clean run does."""

from __future__ import annotations

import pytest

from depguard.cli import main


@pytest.fixture()
def project(closed_registries):
    (closed_registries / "requirements.txt").write_text("reqeusts  # depguard: ignore our own mirror's name\n")
    return closed_registries


def test_quiet_prints_nothing_when_every_finding_is_allowed(project, capsys):
    code = main(["scan", "--no-cache", "--no-progress", "--quiet", "."])
    assert (code, capsys.readouterr().out) == (0, "")


@pytest.mark.parametrize("flags", [[], ["--verbose"]])
def test_without_quiet_the_allowed_name_is_still_listed(project, capsys, flags):
    code = main(["scan", "--no-cache", "--no-progress", *flags, "."])
    out = capsys.readouterr().out
    assert code == 0 and "reqeusts  allowed" in out and "1 allowed" in out
