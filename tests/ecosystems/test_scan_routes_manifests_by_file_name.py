"""Manifests of many ecosystems through the scan pipeline: routing by file name, several formats on one file, and YAML
files that belong to none of them."""

from __future__ import annotations

from depguard.scan import collect_paths


def test_each_manifest_in_a_tree_reaches_its_formats(tmp_path, settings):
    files = {
        "Dockerfile": "FROM python:3.12\nRUN pip install requests\n",
        "docker-compose.yml": "services:\n  db:\n    image: postgres:16\n",
        "k8s/job.yaml": "apiVersion: batch/v1\nkind: Job\nspec:\n  containers:\n    - image: busybox\n",
        ".github/workflows/ci.yml": "on: push\njobs:\n  a:\n    container:\n      image: node:20\n",
        "Brewfile": 'brew "wget"\ncask "firefox"\n',
        "environment.yml": "dependencies:\n  - numpy\n",
        "Package.swift": '.package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0")\n',
        "Podfile": "pod 'Alamofire'\n",
        "cpanfile": "requires 'Plack';\n",
        "demo.cabal": "name: demo\nlibrary\n  build-depends: base\n",
        "DESCRIPTION": "Package: demo\nImports: dplyr\n",
        "deno.json": '{"imports": {"@std/path": "jsr:@std/path@^1"}}\n',
        "Project.toml": '[deps]\nHTTP = "cd3eb016-35fb-5094-929b-558a96fad6f3"\n',
    }
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    collected = collect_paths([tmp_path], settings)
    prefix = f"{tmp_path.as_posix()}/"
    got = {(m.key.ecosystem, m.key.name, m.location.path.removeprefix(prefix)) for m in collected.mentions}
    assert {
        ("docker", "library/python", "Dockerfile"), ("pypi", "requests", "Dockerfile"),
        ("docker", "library/postgres", "docker-compose.yml"), ("docker", "library/busybox", "k8s/job.yaml"),
        ("homebrew", "wget", "Brewfile"), ("homebrew", "homebrew/cask/firefox", "Brewfile"),
        ("conda", "numpy", "environment.yml"), ("swift", "github.com/apple/swift-nio", "Package.swift"),
        ("cocoapods", "Alamofire", "Podfile"), ("cpan", "Plack", "cpanfile"), ("hackage", "base", "demo.cabal"),
        ("cran", "dplyr", "DESCRIPTION"), ("jsr", "@std/path", "deno.json"), ("julia", "HTTP", "Project.toml"),
    } <= got
    # a workflow's container image is read once, by the workflow reader, not as a Kubernetes or compose image
    workflow = [m for m in collected.mentions if m.location.path.endswith(".github/workflows/ci.yml") and m.key.ecosystem == "docker"]
    assert [(m.key.name, m.parser) for m in workflow] == [("library/node", "workflow-images")]
    assert [p for p in collected.problems if p.kind == "parse"] == []
