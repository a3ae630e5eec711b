"""ConanCenter end to end: a conanfile.txt in a scanned tree and a conan command in an answer's text reach the
lookup, a missing recipe is reported at its path:line with the look-alike from the shipped popular list, a
real one is ok (registry answers from httpx.MockTransport, in the documented search shape)."""

from __future__ import annotations

import json

import httpx

from depguard.api import check_text, scan_paths

KNOWN = {"zlib": ["zlib/1.3.1@_/_"], "fmt": ["fmt/11.0.2@_/_"], "openssl": ["openssl/3.3.2@_/_"]}


def conancenter() -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        name = request.url.params["q"].removesuffix("/*")
        return httpx.Response(200, content=json.dumps({"results": KNOWN.get(name, [])}).encode(),
                              headers={"Content-Type": "application/json"})

    return httpx.MockTransport(handler)


def by_name(report):
    return {f.mention.key.name: f for f in report.findings if f.mention.key.ecosystem == "conan"}


def test_a_missing_recipe_in_a_conanfile_is_reported_with_the_recipe_it_imitates(tmp_path, settings):
    (tmp_path / "conanfile.txt").write_text("[requires]\nzlibb/1.3.1\nfmt/11.0.2\n", encoding="utf-8")
    found = by_name(scan_paths([tmp_path], settings=settings, transport=conancenter()))
    assert found["zlibb"].verdict == "missing"
    location = found["zlibb"].mention.location
    assert (location.path.endswith("/conanfile.txt"), location.line, location.column) == (True, 2, 1)
    assert found["zlibb"].suggestion == "zlib"
    assert found["fmt"].verdict == "ok"


def test_a_conan_command_in_an_answer_is_checked(settings):
    text = "Install it with:\n\n```sh\nconan install --requires=opensll/3.3.2 --build=missing\n```\n"
    found = by_name(check_text(text, settings=settings, transport=conancenter()))
    assert found["opensll"].verdict == "missing"
    assert found["opensll"].suggestion == "openssl"
