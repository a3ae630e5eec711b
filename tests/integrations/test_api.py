"""The Python API as an embedding program uses it: ``import depguard``; ``depguard.check_text`` and
``depguard.check_names`` return a Report."""

from __future__ import annotations

import inspect

import depguard
from depguard.model import Report, Verdict


def test_check_text_and_check_names(registry, settings):
    report = depguard.check_text("Run `pip install reqeusts flask`.", settings=settings)
    assert isinstance(report, Report)
    assert {(f.mention.key.name, f.verdict) for f in report.findings} == {("reqeusts", Verdict.MISSING),
                                                                        ("flask", Verdict.OK)}
    assert report.exit_code() == 1
    report = depguard.check_names(["requests", "npm:lodash", "@types/node"], settings=settings)
    assert [(f.mention.key.ecosystem, f.verdict) for f in report.findings] == [
        ("pypi", Verdict.OK), ("npm", Verdict.OK), ("npm", Verdict.OK)]
    assert report.exit_code() == 0


def test_api_is_typed_and_documented():
    for fn in (depguard.check_text, depguard.check_names, depguard.scan_paths, depguard.inventory):
        sig = inspect.signature(fn)
        assert sig.return_annotation in ("Report", Report), fn.__name__
        assert all(p.annotation is not inspect.Parameter.empty for p in sig.parameters.values()), fn.__name__
        assert fn.__doc__ and len(fn.__doc__.strip()) > 40
