"""shadcn-registry: the npm packages a shadcn registry's items install (registry.json, registry-item.json)."""

from __future__ import annotations

from depguard.model import Origin

from .._fixtures import parse

FMT = "shadcn-registry"


def test_an_empty_registry_names_nothing():
    assert parse(FMT, '{"$schema": "https://ui.shadcn.com/schema/registry.json", "name": "acme", "items": []}\n') == ([], [])


def test_a_registry_items_dependencies_and_dev_dependencies_are_npm_packages_with_their_versions():
    # shadcn-ui/ui's docs (registry-json.mdx, held-out spot set 66): items list the npm packages `shadcn add` installs;
    # registryDependencies name other registry items (button, @acme/input-form), not npm packages; a git source is no
    # registry name
    text = ('{\n  "$schema": "https://ui.shadcn.com/schema/registry.json",\n  "name": "acme",\n  "items": [\n'
            '    {\n      "name": "hello-world",\n      "type": "registry:block",\n'
            '      "dependencies": ["is-even@3.0.0", "motion", "@radix-ui/react-slot@^1.2", "github:o/r"],\n'
            '      "devDependencies": ["@types/is-even"],\n      "registryDependencies": ["button", "@acme/input-form"]\n'
            '    }\n  ]\n}\n')
    mentions, problems = parse(FMT, text, path="registry.json")
    assert [(m.key.name, m.spec, m.location.line, m.location.column, m.origin) for m in mentions] == [
        ("is-even", "3.0.0", 8, 25, Origin.MANIFEST), ("motion", None, 8, 42, Origin.MANIFEST),
        ("@radix-ui/react-slot", "^1.2", 8, 52, Origin.MANIFEST), ("@types/is-even", None, 9, 28, Origin.MANIFEST)]
    assert problems == []


def test_a_registry_item_is_one_item():
    text = ('{"$schema": "https://ui.shadcn.com/schema/registry-item.json", "name": "login-01", "type": "registry:block",\n'
            ' "dependencies": ["zod"], "registryDependencies": ["card"]}\n')
    mentions, _ = parse(FMT, text, path="registry-item.json")
    assert [(m.key.name, m.location.line) for m in mentions] == [("zod", 2)]


def test_a_json_of_the_same_name_without_registry_items_is_another_tools_and_names_nothing():
    # an MCP or plug-in registry.json: entries without a `registry:` type
    assert parse(FMT, '{"servers": [{"name": "x", "dependencies": ["left-pad"]}]}\n')[0] == []
    assert parse(FMT, '{"items": [{"name": "x", "type": "plugin", "dependencies": ["left-pad"]}]}\n')[0] == []
    assert parse(FMT, '[1, 2]\n')[0] == []
