"""Commands in package.json ``scripts`` are install commands too: ``npx`` there runs a package."""

from __future__ import annotations

from depguard.model import Origin
from depguard.parsers import Source, get_format

TEXT = """{
  "name": "app",
  "scripts": {
    "postinstall": "npx prisma generate",
    "setup": "npm install --save-dev husky && pip install black",
    "build": "tsc -p .",
    "weird": "echo \\"quoted\\""
  },
  "dependencies": {"next": "14.0.0"}
}
"""


def test_script_commands_with_positions():
    src = Source(path="package.json", text=TEXT)
    got = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column, m.origin)
           for m in get_format("package.json").parse(src)]
    assert got == [
        ("npm", "next", 9, 21, Origin.MANIFEST),
        ("npm", "prisma", 4, 25, Origin.COMMAND),
        ("npm", "husky", 5, 38, Origin.COMMAND),
        ("pypi", "black", 5, 59, Origin.COMMAND),
    ]
    lines = TEXT.split("\n")
    for _eco, name, line, col, _origin in got:
        assert lines[line - 1][col - 1:].startswith(name)


def _commands(text: str) -> list[str]:
    return [m.key.name for m in get_format("package.json").parse(Source(path="package.json", text=text))
            if m.origin is Origin.COMMAND]


COUCH = """{
  "name": "openmct-couch-plugin",
  "dependencies": {"@cloudant/couchbackup": "2.9.9"},
  "devDependencies": {"uglify-js": "3.19.0", "@types/swagger-gen-cli": "1.0.0"},
  "scripts": {
    "backup": "npx couchbackup -d openmct -o backup.txt",
    "min": "npx uglifyjs app.js",
    "other": "npx cuochbackup -d openmct",
    "dlx": "pnpm dlx couchbackup -d openmct",
    "typed": "npx swagger-gen-cli",
    "tagged": "npx uglifyjs@latest app.js"
  }
}
"""


def test_a_script_runs_the_bin_of_a_dependency_its_package_json_declares():
    # npm run puts node_modules/.bin on PATH and npx runs an installed bin, fetching nothing: uglify-js's bin is
    # uglifyjs, the same letters. A scoped dependency's name after its scope is no sure bin (nasa/openmct's "npx
    # couchbackup" beside @cloudant/couchbackup is read, and depguard/runner_bins.py finds it in the registry's `bin`;
    # @types/X has none: r26 #6), and a runner given a tag (`npx uglifyjs@latest`) fetches the registry's package
    got = _commands(COUCH)
    assert "uglifyjs" in got and got.count("uglifyjs") == 1  # the tagged one only


def test_a_script_runner_given_a_name_no_declared_dependency_installs_is_still_read():
    # an invented name in the same position is still a package npx fetches; so is anything pnpm dlx is given, and
    # the name of a typings package's library
    assert _commands(COUCH) == ["couchbackup", "cuochbackup", "couchbackup", "swagger-gen-cli", "uglifyjs"]
