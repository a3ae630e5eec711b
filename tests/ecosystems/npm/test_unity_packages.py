"""A Unity package manifest (package.json with Unity's ``unity`` version and a reverse-domain name): its
dependencies come from Unity's registry or the project's scoped registries, not npm (issue 12: CoplayDev/unity-mcp's
``com.unity.*`` and keijiro/Lasp's ``com.unity.burst`` were DG001). Not checked, never a pass; a scope the project
maps to npm itself is judged on npm, and an npm package's manifest is judged as before."""

from __future__ import annotations

import json

from depguard.config import Settings
from depguard.ecosystems.npm.unity_packages import project_scopes, unity_manifest
from tests.trees import judged, scan, verdicts, write

EXISTING = {"jp.keijiro.libsoundio", "left-pad"}
PROJECT_MANIFEST = {
    "scopedRegistries": [
        {"name": "Unity NuGet", "url": "https://unitynuget-registry.azurewebsites.net", "scopes": ["org.nuget"]},
        {"name": "Keijiro", "url": "https://registry.npmjs.com", "scopes": ["jp.keijiro"]},
    ],
    "dependencies": {"com.unity.ugui": "1.0.0"},
}


def upm(name: str, deps: dict[str, str]) -> str:
    return json.dumps({"name": name, "version": "2.1.6", "displayName": "LASP", "unity": "2019.4",
                       "unityRelease": "0f1", "dependencies": deps}, indent=2)


def test_a_unity_package_manifests_dependencies_are_not_checked_unless_the_project_maps_their_scope_to_npm(tmp_path):
    write(tmp_path, {
        # keijiro/Lasp: an embedded package of a Unity project whose manifest maps jp.keijiro to npm
        "Packages/manifest.json": json.dumps(PROJECT_MANIFEST),
        "Packages/jp.keijiro.lasp/package.json": upm("jp.keijiro.lasp", {
            "com.unity.burst": "1.4.4", "jp.keijiro.libsoundio": "1.0.4", "org.nuget.system.memory": "4.5.3",
            "jp.keijiro.invented-audio-kit": "1.0.0"}),
        # CoplayDev/unity-mcp: a package outside any project, Unity's registry only
        "MCPForUnity/package.json": upm("com.coplaydev.unity-mcp", {
            "com.unity.modules.physics": "1.0.0", "com.unity.nuget.newtonsoft-json": "3.0.2"}),
        # an npm package's manifest that happens to say "unity": its names are npm's
        "tools/package.json": json.dumps({"name": "unity-build-tools", "unity": "2021.3",
                                          "dependencies": {"left-pad": "1.3.0", "com.unity.burst": "1.0.0"}}),
    })
    rep = judged(tmp_path, EXISTING)
    assert verdicts(rep) == {
        ("Packages/jp.keijiro.lasp/package.json", "com.unity.burst"): "not-checked",
        ("Packages/jp.keijiro.lasp/package.json", "jp.keijiro.libsoundio"): "ok",  # fetched from npm: judged there
        ("Packages/jp.keijiro.lasp/package.json", "org.nuget.system.memory"): "not-checked",
        ("Packages/jp.keijiro.lasp/package.json", "jp.keijiro.invented-audio-kit"): "missing",  # npm's scope, npm lacks it
        ("MCPForUnity/package.json", "com.unity.modules.physics"): "not-checked",
        ("MCPForUnity/package.json", "com.unity.nuget.newtonsoft-json"): "not-checked",
        ("tools/package.json", "left-pad"): "ok",
        ("tools/package.json", "com.unity.burst"): "missing",
        ("Packages/manifest.json", "com.unity.ugui"): "not-checked",  # the project's own (unity-manifest)
    }
    reasons = {f.mention.written: f.reasons[0] for f in rep.findings if f.verdict.value == "not-checked"}
    assert "unitynuget-registry.azurewebsites.net (Packages/manifest.json's scopedRegistries)" in \
        reasons["org.nuget.system.memory"]
    assert "Unity's registry (packages.unity.com)" in reasons["com.unity.burst"]


def test_an_invented_unity_dependency_never_passes_so_the_scan_exits_3(tmp_path):
    write(tmp_path, {"package.json": upm("com.example.game-kit", {"com.unity.invented-physics-pro": "1.0.0"})})
    rep = judged(tmp_path, EXISTING)
    assert verdicts(rep) == {("package.json", "com.unity.invented-physics-pro"): "not-checked"}
    assert rep.exit_code(Settings().fail_on) == 3


def test_unity_manifest_needs_both_of_unitys_marks():
    assert unity_manifest({"name": "com.coplaydev.unity-mcp", "unity": "2021.3"})
    assert unity_manifest({"name": "jp.keijiro.lasp", "unity": "6000.0"})
    assert not unity_manifest({"name": "unity-webgl", "unity": "2021.3"})  # an npm name
    assert not unity_manifest({"name": "com.example.kit"})  # no Unity version
    assert not unity_manifest({"name": "com.example.kit", "unity": {"version": "2021.3"}})
    assert project_scopes(json.dumps(PROJECT_MANIFEST)) == {
        "org.nuget": "https://unitynuget-registry.azurewebsites.net", "jp.keijiro": "https://registry.npmjs.com"}
    assert project_scopes("not json") == {}


def test_a_unity_project_manifest_judges_npm_mapped_scopes_and_reports_the_rest_not_checked(tmp_path):
    manifest = dict(PROJECT_MANIFEST, dependencies={
        "org.nuget.system.memory": "4.5.3", "com.unity.ugui": "1.0.0", "com.unity.modules.uielements": "1.0.0",
        "jp.keijiro.libsoundio": "1.0.4", "jp.keijiro.invented-audio-kit": "1.0.0",  # npm's scope: judged on npm
        "com.coplaydev.unity-mcp": "https://github.com/CoplayDev/unity-mcp.git?path=/MCPForUnity#main",  # git
        "com.example.local": "file:../LocalPackages/com.example.local"})
    write(tmp_path, {
        "Packages/manifest.json": json.dumps(manifest, indent=2),
        # another tool's manifest.json is not read so (a web app manifest, a browser extension's)
        "web/manifest.json": json.dumps({"name": "com.example.app", "dependencies": {"left-pad": "1"}}),
    })
    rep = judged(tmp_path, EXISTING)
    assert verdicts(rep) == {
        ("Packages/manifest.json", "org.nuget.system.memory"): "not-checked",
        ("Packages/manifest.json", "com.unity.ugui"): "not-checked",
        ("Packages/manifest.json", "com.unity.modules.uielements"): "not-checked",
        ("Packages/manifest.json", "jp.keijiro.libsoundio"): "ok",
        ("Packages/manifest.json", "jp.keijiro.invented-audio-kit"): "missing",
    }
    reasons = {f.mention.written: f.reasons[0] for f in rep.findings if f.verdict.value == "not-checked"}
    assert reasons["org.nuget.system.memory"] == (
        "a Unity package: its scope org.nuget is fetched from https://unitynuget-registry.azurewebsites.net "
        "(Packages/manifest.json's scopedRegistries), a registry depguard does not ask")  # the file as the scan shows it
    lines = {f.mention.written: f.mention.location.line for f in rep.findings}
    assert lines["jp.keijiro.libsoundio"] == json.dumps(manifest, indent=2).splitlines().index(
        '    "jp.keijiro.libsoundio": "1.0.4",') + 1


def test_a_unity_project_manifest_that_is_not_valid_json_is_a_problem_not_a_quiet_pass(tmp_path):
    # a merge left the manifest cut short: Unity refuses it, and a scan must not exit 0 with nothing checked
    write(tmp_path, {
        "Packages/manifest.json": '{\n  "dependencies": {\n    "com.unity.textmeshpro": "3.0.6",\n',
        # another tool's manifest.json at that path, not JSON and naming no Unity package, is still not read
        "site/Packages/manifest.json": "dependencies: [left-pad]\n",
    })
    collected = scan(tmp_path)
    assert [(p.location.path, p.location.line) for p in collected.problems] == [("Packages/manifest.json", 4)]
    assert "not valid JSON" in collected.problems[0].message
    assert judged(tmp_path, EXISTING).exit_code(Settings().fail_on) == 3
