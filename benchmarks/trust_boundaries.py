"""Registry answers nobody on the project wrote, through depguard's real lookup stage: are real documents
still answers, and is every degenerate 200 not-checked?

The bodies are the public registries' own, copied from other projects' test fixtures into
``../shared/registry-responses`` (provenance in its NOTES.md). Each is served by an ``httpx.MockTransport``
as a mirror, proxy or captive portal would:

- ``real``: the document at the status the registry gave, for the name it describes (must be exists, or
  missing for npm's tombstone);
- ``404 body as 200``: the registry's own "not found" body with status 200 (a proxy rewriting statuses);
- ``other name``: a real document served for a different name (a mirror serving one fixed document);
- ``wrong document``: a real document of another kind at the asked URL (npm's version document, RubyGems'
  gem-info document, NuGet's service index, Docker's tag list);
- ``HTML``: real HTML pages (go-get discovery, PyPI's legacy simple page) served as 200 to every registry.

A quiet pass is a degenerate answer read as ``exists``. Run: ``python benchmarks/trust_boundaries.py``
(``--corpus DIR`` to point elsewhere). Prints one line per case and the totals.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CORPUS = ROOT.parent / "shared" / "registry-responses"

# (ecosystem, name asked, file, expected existence when served as it is)
REAL = [
    ("pypi", "numpy", "pypi/json-api-project-numpy.trimmed.json", "exists"),
    ("npm", "is-stream", "npm/packument-existing-is-stream.trimmed.json", "exists"),
    ("npm", "webpack.js.org", "npm/packument-security-holding-webpack.js.org.json", "exists"),
    ("npm", "foobar", "npm/packument-abbreviated-foobar.json", "exists"),
    ("npm", "babel-plugin-autocss", "npm/packument-unpublished-tombstone-babel-plugin-autocss.json", "missing"),
    ("cargo", "utf8-ranges", "cargo/api-v1-crate-utf8-ranges.json", "exists"),
    ("conda", "pytest", "conda/anaconda-api-package-main-pytest.trimmed.json", "exists"),
    ("composer", "dependabot/dummy-pkg-a", "composer/p2-dependabot-dummy-pkg-a.trimmed.json", "exists"),
    ("hex", "certifi", "hex/api-packages-certifi.trimmed.json", "exists"),
    ("rubygems", "prius", "rubygems/api-v1-versions-prius.json", "exists"),
    ("maven", "com.google.guava:guava", "maven/maven-metadata-guava.xml", "exists"),
    ("pub", "retry", "pub/api-packages-retry.trimmed.json", "exists"),
    ("go", "github.com/go-kit/kit", "go/proxy-at-v-list-go-kit.renovate-edited.txt", "exists"),
]
# (ecosystem, name, file): the registry's own 404 body
NOT_FOUND = [
    ("pypi", "numpy", "pypi/json-api-missing-404.json"),
    ("npm", "is-stream", "npm/packument-missing-404.json"),
    ("cargo", "utf8-ranges", "cargo/api-v1-crate-missing-404.json"),
    ("composer", "dependabot/dummy-pkg-a", "composer/p2-missing-404.json"),
    ("hex", "certifi", "hex/api-packages-missing-404.json"),
    ("rubygems", "prius", "rubygems/api-v1-gems-missing-404.txt"),
    ("github-actions", "actions/checkout", "github-actions/github-api-repo-missing-404.json"),
    ("go", "github.com/go-kit/kit", "go/proxy-missing-module-404.body-as-quoted-by-go.txt"),
]
OTHER_NAME = [  # a real document served for another name
    ("pypi", "numpyy", "pypi/json-api-project-numpy.trimmed.json"),
    ("npm", "is-streem", "npm/packument-existing-is-stream.trimmed.json"),
    ("cargo", "utf8-rangse", "cargo/api-v1-crate-utf8-ranges.json"),
    ("conda", "pytset", "conda/anaconda-api-package-main-pytest.trimmed.json"),
    ("composer", "dependabot/dummy-pkg-b", "composer/p2-dependabot-dummy-pkg-a.trimmed.json"),
    ("hex", "certifii", "hex/api-packages-certifi.trimmed.json"),
    ("maven", "com.google.guava:guavaa", "maven/maven-metadata-guava.xml"),
    ("pub", "retyr", "pub/api-packages-retry.trimmed.json"),
    ("julia", "HTTPP", "julia/General-H-HTTP-Package.toml"),
]
WRONG_DOCUMENT = [
    ("npm", "etag", "npm/version-document-etag-1.0.0.json"),
    ("rubygems", "rails", "rubygems/api-v1-gems-rails.json"),
    ("nuget", "NLog", "nuget/v3-service-index.json"),
    ("docker", "library/ubuntu", "docker/registry-v2-tags-list-ubuntu.trimmed.json"),
    ("nuget", "NLog", "nuget/v3-registration-index-nlog.json"),
]
HTML = ["go/go-get-meta-github.html", "go/go-get-meta-vanity-k8s-apimachinery.html", "pypi/simple-html-yanked-files.trimmed.html"]
EVERY = {"pypi": "numpy", "npm": "is-stream", "cargo": "serde", "cocoapods": "Alamofire", "composer": "monolog/monolog",
         "conda": "pytest", "cpan": "Plack::Request", "cran": "dplyr", "docker": "library/nginx",
         "github-actions": "actions/checkout", "go": "github.com/go-kit/kit", "hackage": "aeson", "hex": "certifi",
         "homebrew": "wget", "jsr": "@std/path", "julia": "HTTP", "maven": "com.google.guava:guava",
         "nuget": "NLog", "pub": "retry", "rubygems": "rails", "swift": "github.com/apple/swift-nio"}


def ask(eco: str, name: str, body: bytes, status: int = 200, content_type: str = "application/json") -> str:
    import httpx

    from depguard.config import Settings
    from depguard.ecosystems import catalog
    from depguard.http import HttpSettings
    from depguard.lookup import resolve

    def handler(request: httpx.Request) -> httpx.Response:
        if eco == "julia" and request.url.path.endswith("Versions.toml"):
            versions = CORPUS / "julia" / "General-H-HTTP-Versions.trimmed.toml"
            return httpx.Response(status, content=versions.read_bytes())
        return httpx.Response(status, content=body, headers={"Content-Type": content_type})

    settings = Settings(use_cache=False, http=HttpSettings(retries=0, timeout=2, deadline=4))
    key = catalog().key(eco, name)
    return resolve([key], settings, transport=httpx.MockTransport(handler))[key].existence.value


def main(argv: list[str] | None = None) -> int:
    global CORPUS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args(argv)
    CORPUS = args.corpus
    rows: list[tuple[str, str, str, str, str]] = []  # (kind, ecosystem, file, expected, got)
    for eco, name, file, expected in REAL:
        ctype = "application/xml" if file.endswith(".xml") else "text/plain" if file.endswith((".txt", ".toml")) else "application/json"
        rows.append(("real", eco, file, expected, ask(eco, name, (CORPUS / file).read_bytes(), 200, ctype)))
    julia = (CORPUS / "julia" / "General-H-HTTP-Package.toml").read_bytes()
    rows.append(("real", "julia", "julia/General-H-HTTP-Package.toml", "exists", ask("julia", "HTTP", julia, 200, "text/plain")))
    for eco, name, file in NOT_FOUND:
        body = (CORPUS / file).read_bytes()
        rows.append(("404 body as 200", eco, file, "unknown", ask(eco, name, body)))
        rows.append(("real 404", eco, file, "missing", ask(eco, name, body, 404)))
    for eco, name, file in OTHER_NAME:
        rows.append(("other name", eco, file, "unknown", ask(eco, name, (CORPUS / file).read_bytes())))
    for eco, name, file in WRONG_DOCUMENT:
        rows.append(("wrong document", eco, file, "unknown", ask(eco, name, (CORPUS / file).read_bytes())))
    for file in HTML:
        body = (CORPUS / file).read_bytes()
        for eco, name in sorted(EVERY.items()):
            rows.append(("HTML", eco, file, "unknown", ask(eco, name, body, 200, "text/html")))
    wrong = [r for r in rows if r[3] != r[4]]
    for kind, eco, file, expected, got in rows:
        mark = "ok " if expected == got else "BAD"
        print(f"{mark} {kind:16} {eco:15} {file:70} expected {expected:8} got {got}")
    degenerate = [r for r in rows if r[3] == "unknown"]
    quiet = [r for r in degenerate if r[4] == "exists"]
    lost = [r for r in rows if r[3] in ("exists", "missing") and r[4] != r[3]]
    print(f"\n{len(rows)} answers served: {len(degenerate)} degenerate 200s, {len(rows) - len(degenerate)} real answers")
    print(f"quiet passes (degenerate read as exists): {len(quiet)}")
    print(f"real answers misread: {len(lost)}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
