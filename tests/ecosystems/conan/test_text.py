"""Conan files in an LLM answer reach the conan parsers through the [text] table of conan's ecosystem.toml:
a block tagged or captioned with a Conan file name, an untagged or ini-tagged conanfile.txt, a JSON Conan 2
lockfile; lines point into the answer (registry answers from httpx.MockTransport)."""

from __future__ import annotations

import httpx
import pytest

from depguard.api import check_text


def conancenter() -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        name = request.url.params["q"].removesuffix("/*")
        return httpx.Response(200, json={"results": ["zlib/1.3.1@_/_"] if name == "zlib" else []})

    return httpx.MockTransport(handler)


@pytest.mark.parametrize(("text", "line"), [
    ("Use this:\n\n```ini\n[requires]\nzlibb/1.3.1\n\n[generators]\nCMakeDeps\n```\n", 5),
    ("conanfile.txt:\n```\n[requires]\nzlibb/1.3.1\n```\n", 4),
    ("```\n[tool_requires]\nzlibb/1.3.1\n```\n", 3),
    ("```conanfile.txt\n[requires]\nzlibb/1.3.1\n```\n", 3),
    ('```json\n{"version": "0.5", "requires": ["zlibb/1.3.1#0123abcd%1700000000.0"]}\n```\n', 2),
])
def test_a_conan_file_in_an_answer_is_read_by_its_parser(text, line, settings):
    report = check_text(text, settings=settings, transport=conancenter())
    [finding] = [f for f in report.findings if f.mention.key.ecosystem == "conan"]
    assert (finding.mention.key.name, finding.verdict, finding.mention.location.line) == ("zlibb", "missing", line)
    assert finding.suggestion == "zlib"


def test_an_ini_block_without_a_requires_section_is_not_a_conanfile(settings):
    report = check_text("```ini\n[server]\nhost = zlibb/1.3.1\n```\n", settings=settings, transport=conancenter())
    assert not [f for f in report.findings if f.mention.key.ecosystem == "conan"]
