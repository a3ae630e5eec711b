"""LibMan's libman.json: the npm packages of its unpkg and jsdelivr libraries (held-out set 278: dotnet-architecture/
eShopOnWeb's src/Web/libman.json; no format read the file, so an invented package there went unjudged). cdnjs'
curated names, jsDelivr's GitHub repositories and local files are no npm names."""

from __future__ import annotations

from depguard.parsers import Source, formats_for, get_format

LIBMAN = """{
  "version": "1.0",
  "defaultProvider": "unpkg",
  "libraries": [
    { "library": "jquery@3.6.3", "destination": "wwwroot/lib/jquery/" },
    { "library": "@microsoft/signalr@latest", "files": ["dist/browser/signalr.js"], "destination": "wwwroot/lib/signalr/" },
    // a comment: libman.json allows them
    { "provider": "jsdelivr", "library": "acme-imagined-widgets@1.0.0", "destination": "wwwroot/lib/w/" },
    { "provider": "jsdelivr", "library": "twbs/bootstrap@v5.3.0", "destination": "wwwroot/lib/bs/" },
    { "provider": "cdnjs", "library": "twitter-bootstrap@3.4.1", "destination": "wwwroot/lib/bootstrap/" },
    { "provider": "filesystem", "library": "../shared/site.js", "destination": "wwwroot/js/" },
    { "library": "bootstrap-icons" }
  ]
}
"""


def test_unpkg_and_jsdelivr_libraries_are_npm_packages():
    assert "libman.json" in [f.name for f in formats_for("src/Web/libman.json")]
    found = list(get_format("libman.json").parse(Source("src/Web/libman.json", LIBMAN)))
    assert [(m.key.name, m.spec, m.location.line, m.location.column) for m in found] == [
        ("jquery", "3.6.3", 5, 19), ("@microsoft/signalr", "latest", 6, 19),
        ("acme-imagined-widgets", "1.0.0", 8, 43), ("bootstrap-icons", None, 12, 19)]


def test_a_cdnjs_manifest_names_no_npm_package():
    # eShopOnWeb's: cdnjs' own names (twitter-bootstrap, toastr.js, aspnet-signalr) are no npm names
    text = ('{"version": "1.0", "defaultProvider": "cdnjs", "libraries": [{"library": "toastr.js@2.1.4"},'
            ' {"library": "aspnet-signalr@1.0.27", "provider": "cdnjs"}]}')
    assert list(get_format("libman.json").parse(Source("libman.json", text))) == []


def test_a_library_written_otherwise_is_looked_for_just_after_its_key():
    # l38: a library written with a JSON escape (`imagined\u002dwidget@1.0`) is never found as it parses, and was looked
    # for up to the text's end, a pass per entry (20,000 entries 3.1 s; benchmarks/crafted_inputs.py). It is looked
    # for within VALUE_REACH of its key: the text read stays linear in the entries, each still judged
    from depguard.ecosystems.npm import libman

    read: list[int] = []

    class Counting(str):
        def find(self, sub, start=0, end=None):
            read.append((len(self) if end is None else min(end, len(self))) - start)
            return str.find(self, sub, start, len(self) if end is None else end)

    n = 1_000
    text = ('{"defaultProvider": "unpkg", "libraries": ['
            + ",".join(f'{{"library": "imagined\\u002d{i}@1.0", "destination": "lib/x"}}' for i in range(n)) + "]}")
    found = list(get_format("libman.json").parse(Source("libman.json", Counting(text))))
    assert len(found) == n and found[-1].key.name == f"imagined-{n - 1}"
    assert len(read) == n and sum(read) <= n * (libman.VALUE_REACH + 40)  # 30 M before
