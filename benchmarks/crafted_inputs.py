"""Crafted inputs that once took quadratic time, timed at two sizes in one run: the ratio says how the work grows.

Each case is a reviewer's finding (r25, r28, r29, r30): a file shaped to make one reader repeat its work per line. The tests
beside each reader check what it finds on the large input; this benchmark checks how the time grows, as the
project measures speed (a ratio in one run, never a wall-clock bound in a test). Linear work doubles when the input
doubles; quadratic work quadruples. A ratio above ``--limit`` (default 3) is reported and the exit status is 1.

    python benchmarks/crafted_inputs.py [--scale 1.0] [--limit 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _anchor_chain(n: int) -> Callable[[], object]:
    from depguard.parsers.scripts import yaml_run_blocks

    text = "install: *a0\n" + "".join(f"k{i}: &a{i}\n  - pip install tool-zq{i}\n  - *a{i + 1}\n" for i in range(n))
    return lambda: yaml_run_blocks(text)


def _class_methods(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.imports import _parse
    from depguard.parsers import Source

    text = ("class Backend:\n    def __init__(self):\n        try:\n            import mcz\n        except ImportError:\n"
            "            raise ImportError('Please install memcached')\n"
            + "".join(f"        self.a{i} = mcz.get({i})\n" for i in range(n))
            + "".join(f"    def m{i}(self):\n        import mcz\n        import quux_madeup_kit\n" for i in range(n)))
    return lambda: list(_parse(Source(path="backend.py", text=text)))


def _protoc_path(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.project import documented_protoc_modules

    text = "protoc --python_out=. " + "a/" * n + " " + "b~" * n + " ./serve/x.proto\n"
    return lambda: documented_protoc_modules(["README.md"], lambda rel: text)


def _thrift_namespaces(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.project import thrift_modules

    text = "namespace py " + "a" * n + "-\n" + "namespace   " * n + "\n" + " \t" * n + "namespace * b.c\n"
    return lambda: thrift_modules(["x.thrift"], lambda rel: text)


def _brew_tap_options(n: int) -> Callable[[], object]:
    from depguard.ecosystems.homebrew.taps import page_taps

    text = "brew tap " + "-x " * n + "\n" + "brew  tap\t" * (n // 10) + "brew tap a/" + "b" * n + "\n"
    return lambda: page_taps(text)


def _bazel_maven_calls(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("bazel-maven").parse
    text = ("maven.install(artifacts = [" + 'maven.artifact("g", "a", "1"),\n' * (n // 40) + '"x:y:1",' * (n // 10)
            + "])\n" + "maven.install(" * (n // 20) + "(" * n + " maven.artifact(" * (n // 20))
    return lambda: list(parse(Source(path="MODULE.bazel", text=text)))


def _unclosed_comments(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.native_modules import defined_modules

    text = 'PyImport_AppendInittab("embedded_x", init);\n' + "/* open\n" * n
    return lambda: defined_modules(text)


def _sys_path_additions(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.project import absent_path_imports, run_time_path_imports

    literal = "import sys\n" + "".join(f'sys.path.append("lib{i}/x")\nimport m{i}\n' for i in range(n))
    given = "import sys\nd = sys.argv[1]\n" + "sys.path.append(d)\nimport plugin_mod\n" * n
    return lambda: (absent_path_imports(literal, "", None, lambda path: False), run_time_path_imports(given))


def _working_folder_copies(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.project import writes_module
    from depguard.ecosystems.pypi.written_modules import written_modules

    one_line = "!" + "cp /a/b " * n + "/c/name .\n"  # many cp words on one line, the copy's tail at its end
    tails = "x = '" + "/name . /" * n + "'\n"  # many copy tails and no cp
    # the cache is the one a95118f5 moved to written_modules: clear it so each run reads the text again
    return lambda: (written_modules.cache_clear(), writes_module(one_line, "name"), writes_module(tails, "name"))


def _handler_addresses(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.imports import _parse
    from depguard.parsers import Source

    mirrors = " ".join(["see http://x.io/a"] * n)
    text = ("try:\n    import fastjsonx\nexcept ImportError as exc:\n"
            f"    raise ImportError(\"fastjsonx is missing; mirrors: {mirrors}\") from exc\n")
    return lambda: list(_parse(Source(path="mirrors.py", text=text)))


def _netbox_unclosed_lists(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.netbox_plugins import _declares_plugin

    text = "from netbox.plugins import (\n" * n + "PluginConfigs = 1\n"
    return lambda: _declares_plugin(text)


def _form_header_blanks(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.uic_forms import _declared_widgets

    text = "<ui><customwidgets><customwidget><class>W</class><header>a" + " " * n + "b</customwidget></customwidgets>"
    return lambda: _declared_widgets(text)


def _znc_unclosed_bases(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.irc_client_scripts import irc_client_modules

    text = "import znc\n" + "class a(\n" * n
    return lambda: irc_client_modules(text)


def _nuclio_run_steps(n: int) -> Callable[[], object]:
    from depguard.parsers.scripts import nuclio_run_blocks

    head = "spec:\n  handler: main:handler\n  build:\n    directives:\n      preCopy:\n        - kind: ENV\n"
    loose = head + "          kind: RUN\n" * n  # RUN kinds outside any step of their own
    steps = head + "        - kind: RUN\n          value: pip install x\n" * n
    return lambda: (nuclio_run_blocks(loose), nuclio_run_blocks(steps))


def _terraform_unclosed_blocks(n: int) -> Callable[[], object]:
    from depguard.parsers.terraform import _shell_text

    # local-exec blocks under a python interpreter never closed (each one a span to the end), and lists never closed
    blocks = ('provisioner "local-exec" {\n  interpreter = ["python3", "-c"]\n  command = "pip install x"\n' * n).split("\n")
    lists = ('  commands = ["pip install a",\n' * n).split("\n")
    return lambda: (_shell_text(blocks), _shell_text(lists))


def _test_folder_of_many_inputs(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.loaded_test_inputs import loaded_test_inputs

    names = [f"tests/test_{i}.py" for i in range(n)] + [f"tests/d{i}/x{i}.py" for i in range(n)]
    return lambda: loaded_test_inputs(names, "/nonexistent-root")  # (nothing read: the walk over the names is timed)


def _userscript_headers(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm.userscript import parse
    from depguard.parsers import Source

    unclosed = "// ==UserScript==\n" * n  # start lines without an end line (each once searched to the file's end)
    many = "// ==UserScript==\n" + "// @require https://unpkg.com/a@1/a.js\n" * n + "// ==/UserScript==\n"
    return lambda: (list(parse(Source(path="a.user.js", text=unclosed))), list(parse(Source(path="b.user.js", text=many))))


def _addon_sdk_markers(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm.addon_sdk import addon_sdk_modules

    unclosed = "require('chrome')\n{" + " Cc" * n  # an open brace before many XPCOM names and no `} = require`
    calls = ("x = require('chrome');\n{" + " a" * 100 + "\n") * (n // 50)
    return lambda: (addon_sdk_modules(unclosed), addon_sdk_modules(calls))


def _sibling_folders(n: int) -> Callable[[], object]:
    import atexit
    import os
    import shutil
    import tempfile

    from depguard.config import Settings
    from depguard.scan import collect_paths

    root = Path(tempfile.mkdtemp(prefix="depguard-siblings-"))
    atexit.register(shutil.rmtree, root, True)
    for i in range(n):  # one-file folders side by side: each file's helpers walk the folders above it
        (root / "pkg" / f"d{i}").mkdir(parents=True)
        (root / "pkg" / f"d{i}" / "a.py").write_text("import os\nimport sys\nimport json\n")

    def run() -> object:
        here = os.getcwd()
        cache = Path(tempfile.mkdtemp(prefix="depguard-cache-"))
        os.chdir(root)
        try:  # a cold scan each time: a parse cache of its own
            return collect_paths([Path(".")], Settings(cache_dir=cache))
        finally:
            os.chdir(here)
            shutil.rmtree(cache, True)
    return run


def _long_comment_run(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.imports import _parse
    from depguard.parsers import Source

    # python-cheatsheet's web/empty_script.py (h210): code, then an ASCII-art comment of thousands of lines
    text = "from math import sin, pi\nprint(sin(pi))\n" + "".join("#" * (1 + i % 40) + "\n" for i in range(n))
    return lambda: list(_parse(Source(path="empty_script.py", text=text)))


def _scrapy_settings_one_line(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.scrapy_settings import component_imports

    text = "import scrapy\nITEM_PIPELINES = {" + ", ".join(f"'plugin{i}.Pipe': {i}" for i in range(n)) + "}\n"
    return lambda: component_imports(text)


def _playwright_extends(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm.playwright_fixtures import EXTENDS

    line = "base.extend<" * n + ">" * 3
    return lambda: EXTENDS.search(line)


def _destructured_require(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm.imports import REBOUND_REQUIRE

    starts = "let {a, require, b " * n  # destructuring patterns naming require, never closed
    return lambda: REBOUND_REQUIRE.search(starts)


def _notebook_lines(n: int) -> Callable[[], object]:
    import json

    from depguard.ecosystems.pypi.imports import notebook_cells

    def notebook(lines: list[str] | str, ensure_ascii: bool) -> str:
        return json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": lines}],
                           "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4}, ensure_ascii=ensure_ascii,
                          indent=1)

    # code lines with a Chinese comment as Jupyter writes them (UTF-8), and lines written with another escape of the
    # same text (each once searched to the file's end), and a cell kept as one string
    written = notebook([f"x{i} = {i}  # 第{i}行\n" for i in range(n)], False)
    escaped = notebook([f"x{i} = {i}\n" for i in range(n)], True).replace('"x', '"\\u0078')
    one = notebook("".join(f"x{i} = {i}\n" for i in range(n)), True)
    return lambda: [list(notebook_cells(t)) for t in (written, escaped, one)]


def _each_mention_of_a_line(line: str, check: Callable[..., bool], cache: Callable[..., object]) -> Callable[[], object]:
    """``check(mention, lines)`` (one of examples.mark's tests) for every mention of a document whose code block is the
    one ``line``, its per-line cache cleared first."""
    from depguard.parsers import Source
    from depguard.text import mentions_in_text

    text = "```bash\n" + line + "\n```\n"
    mentions = list(mentions_in_text(Source(path="docs/guide.md", text=text)))
    lines = text.split("\n")

    def run() -> object:
        cache.cache_clear()  # type: ignore[attr-defined]
        return [check(m, lines) for m in mentions]
    return run


def _mcp_adds_on_a_line(n: int) -> Callable[[], object]:
    from depguard.examples import _mcp_adds, mcp_template

    # a document's line of many `claude mcp add` commands, each with a name of its own under a slot: every mention
    # walked every `mcp add` before it (c1c07fdf)
    return _each_mention_of_a_line("claude mcp add server-name -- npx -y invented-zq-pkg; " * n, mcp_template, _mcp_adds)


def _block_lines_of_sentences(n: int) -> Callable[[], object]:
    from depguard.parsers import Source
    from depguard.text import mentions_in_text

    # an untagged block whose one line holds many sentences (each a command, a full stop, a capital) and many lines
    # more: each line holding a sentence is cut as prose once (h287's sentence_lines)
    line = "npm install zq-invented. Then run it. " * n
    text = "```\n" + line + "\n" + "pip install zq-other. Use it\n" * n + "```\n"
    return lambda: list(mentions_in_text(Source(path="plan.md", text=text)))


def _bracketed_slots_on_a_line(n: int) -> Callable[[], object]:
    from depguard.examples import _bracketed_phrases, in_bracketed_phrase

    # a document's line of many slots described between braces, each with a name beside it: every name looked through
    # every slot of the line (25402024 added braces to the angle and square brackets read so)
    line = "pip install" + "".join(f" {{your build path}} invented-zq{i}" for i in range(n))
    return _each_mention_of_a_line(line, in_bracketed_phrase, _bracketed_phrases)


def _codex_servers(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("mcp-config-toml").parse
    # a .codex/config.toml of many [mcp_servers.x] tables, and one server of many arguments (each found by a table
    # lookup and a search per quote kind to the table's end, before: quadratic)
    tables = "".join(f'[mcp_servers.s{i}]\ncommand = "npx"\nargs = ["-y", "pkg-{i}"]\n\n' for i in range(n))
    one = '[mcp_servers.a]\ncommand = "npx"\nargs = [' + ", ".join('"-y"' for _ in range(n)) + ', "pkg"]\n'
    return lambda: [list(parse(Source(path=".codex/config.toml", text=t))) for t in (tables, one)]


def _translated_words(n: int) -> Callable[[], object]:
    from depguard.examples import _said_words, mark_translated
    from depguard.model import Location, Mention, Origin, PackageKey

    # a translation's many prose words against a large original: each word searched the whole original (d872518f)
    original = "Some prose about the project and its build.\n" * (n * 4)
    mentions = [Mention(PackageKey("npm", f"wort{i}"), f"wort{i}", Location("translations/de/README.md", i + 1, 10),
                        Origin.COMMAND, "text:line") for i in range(n)]

    def run() -> object:
        _said_words.cache_clear()
        return mark_translated(mentions, "README.md", original)
    return run


def _agent_settings_escaped(n: int) -> Callable[[], object]:
    import json

    from depguard.parsers import Source, get_format

    # Claude Code settings of many hooks and an OpenCode config of many providers, each value written with an escape:
    # each value was searched for to the end of the text, a search its escape defeats (before: quadratic)
    hooks = json.dumps({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": f'echo "x{i}"'}
                                                       for i in range(n)]}]}})
    providers = json.dumps({"provider": {f"p{i}": {"npm": f'@ai-sdk/x\\"{i}'} for i in range(n)}})
    claude, opencode = get_format("claude-settings").parse, get_format("opencode-config").parse
    return lambda: (list(claude(Source(path=".claude/settings.json", text=hooks))),
                    list(opencode(Source(path="opencode.json", text=providers))))


def _cloudbuild_escaped_steps(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("cloudbuild").parse
    # a Cloud Build file of many steps whose image is written with a YAML escape: each searched to the file's end
    text = "steps:\n" + "".join(f'- name: "acme/imagined-\\x61{i}"\n' for i in range(n))
    return lambda: list(parse(Source(path="cloudbuild.yaml", text=text)))


def _bazel_pulls(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("bazel-oci").parse
    # a .bzl file of many oci_pull calls: each pull's line was counted from the file's start
    text = "".join(f'oci_pull(name = "b{i}", image = "acme/imagined-{i}", tag = "1")\n' for i in range(n))
    return lambda: list(parse(Source(path="deps.bzl", text=text)))


def _importmap_pins(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm.snippets import lenient_package_json
    from depguard.parsers import Source, get_format

    parse = get_format("importmap").parse
    # a Rails importmap of many pins and a lenient package.json snippet of many pairs: each line counted from the start
    pins = "".join(f'pin "invented-pkg-{i}" # @1.0.{i}\n' for i in range(n))
    snippet = '"dependencies": {' + "".join(f'\n  "invented-{i}": "1.0.0",' for i in range(n)) + "\n}\n"
    return lambda: (list(parse(Source(path="config/importmap.rb", text=pins))),
                    list(lenient_package_json(Source(path="a.md", text=snippet))))


def _gleam_manifests(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    manifest, lock = get_format("gleam.toml").parse, get_format("gleam-manifest.toml").parse
    # a gleam.toml of many dependencies and a manifest.toml of many packages written without the usual spacing: each
    # name's line is looked up once in a map built in one pass, never searched for from the file's start
    toml = "[dependencies]\n" + "".join(f'imagined_{i} = "~> 1.0"\n' for i in range(n))
    locked = "packages = [\n" + "".join(f'  {{name="imagined_{i}", version="1.0.0", source="hex"}},\n'
                                         for i in range(n)) + "]\n"
    return lambda: (list(manifest(Source(path="gleam.toml", text=toml))),
                    list(lock(Source(path="manifest.toml", text=locked))))


def _ocb_replaces(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("otelcol-builder").parse
    # an OpenTelemetry Collector builder manifest of many components and as many replaces: entries, none of them
    # for a component (5a8f0ba3 walked the whole replaces list for each component: 8,000 of each took 20 s)
    text = ("receivers:\n" + "".join(f"  - gomod: github.com/acme/comp{i} v1.0.{i}\n" for i in range(n))
            + "replaces:\n" + "".join(f"  - github.com/other/mod{i} => github.com/fork/mod{i} v1.0.0\n" for i in range(n)))
    return lambda: list(parse(Source(path="builder-config.yaml", text=text)))


def _looped_tags(n: int) -> Callable[[], object]:
    from depguard.ecosystems.docker._local_images import images_in_commands, shell_literals

    # a build script of many tags over its own loops: one loop of many words, one of a build matrix's 64 values, and
    # one variable assigned and built many times (c35f1d8a worked out each tag for every value of its loop, again
    # for every command: 2,000 tags over a loop of 2,000 words took 145 s; the assigned variable's values were read
    # again for every build of it)
    matrix = " ".join(f"{i}.{'x' * 20}" for i in range(64))
    text = (f"for v in {' '.join(f'w{i}' for i in range(n))}; do echo; done\nfor u in {matrix}; do echo; done\n"
            + "".join(f"docker build -t img{i}-${{v%%.*}} .\ndocker build -t x-${{u##*{i % 10}}} .\n"
                      f"IMAGE=app{i}\ndocker build -t $IMAGE .\n" for i in range(n)))
    return lambda: images_in_commands(text, shell_literals(text))


def _rebar_files(n: int) -> Callable[[], object]:
    from depguard.errors import ParseError
    from depguard.parsers import Source, get_format

    config, lock = get_format("rebar.config").parse, get_format("rebar.lock").parse
    # a rebar.config of many dependencies on one line, a rebar.lock of many entries, and an unterminated string and
    # binary of many characters: one regular expression tokenizes, each token once; the parser never re-reads
    deps = "{deps, [" + ", ".join(f'{{imagined_{i}, "1.0.{i}"}}' for i in range(n)) + "]}.\n"
    locked = '{"1.2.0",\n[' + ",\n ".join(f'{{<<"imagined_{i}">>,{{pkg,<<"imagined_{i}">>,<<"1.0.0">>}},0}}'
                                           for i in range(n)) + "]}.\n"
    broken = '{deps, [{x, "' + "a\\\"" * n + "]}.\n" + "{x, <<" + '"b",' * n

    def run() -> object:
        try:
            list(config(Source(path="rebar.config", text=broken)))
        except ParseError:
            pass
        return (list(config(Source(path="rebar.config", text=deps))), list(lock(Source(path="rebar.lock", text=locked))))

    return run


def _haskell_long_words(n: int) -> Callable[[], object]:
    from depguard.commands import targets_in_script
    from depguard.parsers import Source, get_format

    cabal, freeze, stack = (get_format(f).parse for f in ("cabal", "cabal.project.freeze", "stack.yaml"))
    # a word of many letters that is no package name (it ends in '#'): the Hackage name pattern
    # [A-Za-z0-9]*[A-Za-z][A-Za-z0-9]* tried every split of it (8,000 letters 11 s in a build-depends); and a freeze
    # constraint of a long run of spaces, which a lazy `.*?\s*,?\s*$` took cubic time over (4,000 spaces 208 s)
    word = "a" * n + "#"
    return lambda: (list(cabal(Source(path="x.cabal", text=f"name: x\nlibrary\n  build-depends: {word}\n"))),
                    list(freeze(Source(path="cabal.project.freeze",
                                       text="constraints: any.foo ==1.0" + " " * n + "x\n"))),
                    list(stack(Source(path="stack.yaml", text=f"extra-deps:\n  - {word}\n"))),
                    list(targets_in_script(f"cabal install {word}\n")))


def _hpack_dependencies(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("package.yaml").parse
    # an hpack package.yaml of many dependencies on one flow-style line, and as many conditionals naming `base`: each
    # name's place is taken from an index of the text's words built in one pass, never searched for along the line
    flow = "name: x\nlibrary:\n  dependencies: [" + ", ".join(f"imagined-n{i}" for i in range(n)) + "]\n"
    whens = "name: x\nlibrary:\n  when:\n" + "".join(
        f"  - condition: flag(f{i})\n    dependencies: base\n" for i in range(n))
    return lambda: (list(parse(Source(path="package.yaml", text=flow))),
                    list(parse(Source(path="package.yaml", text=whens))))


def _r_install_calls(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("r-install").parse
    # an R script of many install.packages calls: each call's line was counted from the text's start (_calls.position)
    text = "".join(f'install.packages("invented{i}")\n' for i in range(n))
    return lambda: list(parse(Source(path="setup.R", text=text)))


def _own_bin_sections(n: int) -> Callable[[], object]:
    from depguard.model import Location, Mention, Origin, PackageKey
    from depguard.parsers import OWN_BIN, OWN_BIN_OF, Hints
    from depguard.scan import Collected, _drop_own

    # a changelog of many sections, each running the tree's own bin (fedify's CHANGES.md shape, 1022b63c): the heading
    # above each run was looked for from the text's start, and each run after an install walked every section (r33)
    text = "# Changes\n\n`npm i @acme/zq-cli`\n\n" + "".join(f"## Part {i}\n\nRun `npx zqbin` here.\n\n" for i in range(n))
    key = PackageKey("npm", "zqbin")
    hints = Hints(local_packages=frozenset({"@acme/zq-cli", f"{OWN_BIN}zqbin", f"{OWN_BIN}zqbin{OWN_BIN_OF}@acme/zq-cli"}))
    installed = Mention(PackageKey("npm", "@acme/zq-cli"), "@acme/zq-cli", Location("CHANGES.md", 3, 2), Origin.COMMAND,
                        "test")
    runs = [Mention(key, "zqbin", Location("CHANGES.md", 7 + 4 * i, 6), Origin.COMMAND, "test", note="runs the package")
            for i in range(n)]
    return lambda: _drop_own(Collected(mentions=[installed, *runs]), hints, text)


def _functions_importing(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.imports import _parse
    from depguard.parsers import Source

    # a module of many top-level functions, each importing a module: for each, the file's calls of that function were
    # looked for with a query over the whole syntax tree (guarded._callers_guard), once per function (r33)
    text = "".join(f"def f{i}():\n    import quux_madeup_kit\n    return f{i + 1}()\n\n" for i in range(n))
    return lambda: list(_parse(Source(path="pkg/funcs.py", text=text)))



def _sniffed_lines(n: int) -> Callable[[], object]:
    from depguard.parsers import Source
    from depguard.text import mentions_in_text

    # untagged blocks whose line a sniffer's pattern could split many ways: a TOML-like table header of many dotted
    # parts (the pyproject sniffer's part `[\w."-]+` held the dot: 2^n splits), a requirement line of many '!' parts
    # after its version (a version's '!' or a '!' bound) and one of many blanks after a version (r34)
    text = ("Install the requirements:\n\n```\n[project" + ".a" * n + " x\n```\n\n```\nrequests>=2\nab==1"
            + "!1" * n + " ?\n```\n\n```\nrequests>=2\nab==1" + " " * n + "?\n```\n")
    return lambda: list(mentions_in_text(Source(path="README.md", text=text)))


def _go_required_imports(n: int) -> Callable[[], object]:
    from depguard.ecosystems.go.imports import go_mod_modules, import_refs

    # a go.mod of many requires and local replaces, and a file importing a package of each: each import was looked
    # for through every module (4db37681's requires, and the local replaces before; r34)
    go_mod = ("module example.com/me\n\nrequire (\n" + "".join(f"\texample.org/m{i} v1.0.0\n" for i in range(n)) + ")\n"
              + "".join(f"replace example.org/local{i} => ../local{i}\n" for i in range(n)))
    src = ("package main\n\nimport (\n" + "".join(f'\t_ "example.org/m{i}/pkg"\n' for i in range(n))
           + "".join(f'\t_ "example.org/local{i}/pkg"\n' for i in range(n)) + ")\n")

    def run() -> object:
        mod = go_mod_modules(go_mod)
        return list(import_refs(src, None, mod.local, mod.required))
    return run


def _lockfile_url_run(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm.lock_registries import locked_registries

    # a lockfile's run of many URL starts and no tarball after a `.tgz`: the lazy `.tgz` pattern read the run to its
    # end from each `http` (331f5d57; r34)
    text = "x.tgz\n" + "https://a" * n + "\nhttps://npm.corp.example/@corp/ui/-/@corp/ui-1.0.0.tgz\n"
    return lambda: locked_registries(text)


def _assignment_folders(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.course_assignments import in_folders

    # a tree of many okpy assignment folders and many files outside them: each file was compared with every folder
    # (3fdd08d1; r34)
    folders = frozenset(f"course/hw{i}" for i in range(n))
    files = [f"student/proj{i}/main.py" for i in range(n)]
    return lambda: [in_folders(rel, folders) for rel in files]


def _go_mod_empty_lines(n: int) -> Callable[[], object]:
    from depguard.ecosystems.go.own_modules import MODULE_LINE

    # a go.mod of a long run of empty lines: the module-line pattern's `^\s*` read the rest of the run from each line
    # start (the tree's go.mod files are all read since 1860fb76; r34)
    text = "\n" * n + "module example.com/big\n"
    return lambda: MODULE_LINE.search(text)


def _lockfile_public_run(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm.scoped_registries import locked_scopes

    # a lockfile's run of many public-registry URL starts and no tarball: the lazy `.tgz` pattern asking whether the
    # lockfile takes anything from npm read the run to its end from each (0328fe1f; r34)
    text = "x.tgz\n" + "https://registry.npmjs.org/a" * n + "\nhttps://npm.corp.example/@corp/ui/-/@corp/ui-1.0.0.tgz\n"
    return lambda: locked_scopes(text)


def _gated_sentences(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm.scoped_registries import gated_page
    from depguard.parsers import Source

    # a document's line of many negated sentences saying something requires a key: each read the line from its start
    # for a negation (b483f82b; r34)
    source = Source(path="docs/x.md", text="This does not matter: " + "it requires an api key. " * n)
    return lambda: gated_page(source)


def _feeds_and_artifacts(n: int) -> Callable[[], object]:
    from depguard.ecosystems.docker._local_images import images_in_skaffold
    from depguard.ecosystems.nuget.feeds import config_feeds

    # a nuget.config run of <add tags without a value, and a Skaffold configuration of a long run of empty lines: a
    # lazy value pattern from each "<add" and an artifact pattern's `^\s*` at each line start read to the run's end
    # (22845e32, baf02d1a; r34)
    config = "<packageSources>" + "<add " * n + "></packageSources>"
    skaffold = "apiVersion: skaffold/v4beta1\nbuild:\n  artifacts:\n" + "\n" * (10 * n) + "  - image: svc\n"
    return lambda: (config_feeds(config), images_in_skaffold(skaffold))


def _loops_and_additions(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.project import path_additions

    # a module of many one-line loops over literal folders and many sys.path additions: each addition tried every loop
    # above it with a pattern compiled for each (73683bd4, fb1add59; r34)
    text = ("".join(f'for n{i} in ("a", "b"):\n    pass\n' for i in range(n))
            + "".join(f'sys.path.insert(0, os.path.join(ROOT, "x{i}"))\n' for i in range(n)))
    return lambda: path_additions(text, "pkg")


def _folder_install_flags(n: int) -> Callable[[], object]:
    from depguard.examples import defined_names

    # a document line of many flags after `npm install` before no folder: the folder-install pattern split each `--x`
    # two ways, 2^n in all (0fa2b494; r35: 22 flags 3.5 s); and a line of many flags before a folder
    text = ("See /docs.\n" + "npm install " + "--ab " * n + "x\n") * 4 + "npm install " + "-D " * n + "./pkgs/own\n"
    return lambda: defined_names.__wrapped__(text)  # the function, not its cache of answers


def _scaffold_names(n: int) -> Callable[[], object]:
    from depguard.examples import defined_names

    # a document of many `--name` options, on one long line and on continued lines, with no scaffolding verb: each is
    # looked at backwards over a bounded stretch only (h289)
    text = "docker run " + "--name a " * n + "\n" + "docker run \\\n  --name b \\\n" * n + "cargo new --name own\n"
    return lambda: defined_names.__wrapped__(text)  # the function, not its cache of answers


def _placed_pieces(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.run_calls import run_calls
    from depguard.ecosystems.pypi.said_installs import said_installs
    from depguard.parsers import Source, get_format

    # a minified Python line of many os.system calls and strings, and a one-line langgraph.json of many RUN lines: each
    # piece was read padded with the blanks of its column (187313ba, 70d2a21c and the said-installs reader; r35)
    py = Source(path="m.py", text="import os; " + "os.system('pip install zq-a'); x = 'pip install zq-b'; " * n + "\n")
    lg = Source(path="langgraph.json", text='{"dependencies": ["."], "dockerfile_lines": ['
                + ", ".join(['"RUN pip install zq-c"'] * n) + "]}")
    return lambda: (list(run_calls(py, False)), list(said_installs(py, False)), list(get_format("langgraph.json").parse(lg)))


def _pipeline_step_openings(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.pipeline_packages import pipeline_packages
    from depguard.parsers import Source

    # openings of step package lists that never close, and the same closed: each stretch of text is read once
    text = "runtime_env\n" + '@pypi(packages={"a": "1", ' * n + 'packages_to_install=["a", ' * n + '"pip": ["b"], ' * n
    source = Source(path="pipeline.py", text=text)
    return lambda: pipeline_packages(source, False)



def _step_packages_one_long_line(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.pipeline_packages import pipeline_packages
    from depguard.parsers import Source

    # one line of many step package URLs after a non-ASCII character: each string's column was decoded from the line's
    # start (python_calls.point; r36: 40,000 took 9.3 s, 80,000 took 130 s; 2.0 s and 3.5 s now)
    text = 'runtime_env = {"é": 1, "pip": [' + ", ".join(f'"https://h.example/{i}.whl"' for i in range(n)) + "]}\n"
    source = Source(path="job.py", text=text)
    return lambda: pipeline_packages(source, False)



def _function_words(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm.imports import REBOUND_REQUIRE

    # a run of `function` words with no parenthesis: each one's name was read to the run's end looking for its
    # parameters (REBOUND_REQUIRE, which every JS file naming require is searched with; r36: 10,000 took 18 s)
    text = "var a = require('a');\n/* " + "function " * n + "*/\n"
    return lambda: REBOUND_REQUIRE.search(text)



def _circup_words(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.requirements import _circup_given, circup_list

    # a requirements file's comment and a README line of many `circup` words and no install command: each was read to
    # the line's end (CIRCUP_INSTALL; r36: 8,000 took 18 s)
    text = "# " + "circup " * n + "\nneopixel\n"
    doc = "circup " * n + "\n"
    return lambda: (circup_list("requirements.txt", text, lambda path: None), _circup_given(doc))



def _gradle_plugin_requests(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    # h277: a plugins { } line of a request followed by a long run of spaces and no version, one line of many requests,
    # a settings script of many unclosed eachPlugin { useModule } blocks (each read a bounded span)
    parse = get_format("build.gradle").parse
    spaces = Source(path="build.gradle.kts", text='plugins {\nid("a.b")' + " " * (50 * n) + ")\n" + 'id ( "c.d" ) ' * n + "\n")
    settings = Source(path="settings.gradle.kts", text='plugins {\n    id("e.f") version "1"\n' + "".join(
        f'eachPlugin {{ if (requested.id.id == "p{i}.q") useModule("a:b:1")\n' for i in range(n)))
    # and a dependencies { } line of a long name and blanks before no string, and of many add( with no comma
    deps = Source(path="build.gradle.kts", text="dependencies {\n" + "a" * (50 * n) + " " * (50 * n) + "(x)\n"
                  + "add(" * (10 * n) + "\n")
    return lambda: (list(parse(spaces)), list(parse(settings)), list(parse(deps)))


def _sbt_modules(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    # an sbt build of many modules whose versions are names, and one line of many modules after an addSbtPlugin: each
    # version was looked up from the text's start and each module looked for the plug-in call from its line's start
    # (r36: 8,000 modules 100 s and 34 s)
    parse = get_format("build.sbt").parse
    named = Source(path="build.sbt", text='scalaVersion := "2.13.1"\n' + "".join(
        f'libraryDependencies += "org.x" % "a{i}" % v{i % 7}\n' for i in range(n)))
    line = Source(path="build.sbt", text='scalaVersion := "2.13.1"\naddSbtPlugin("a" % "b" % "1")\n' + "".join(
        f'"org.x" % "a{i}" % "1.0", ' for i in range(n)) + "\n")
    return lambda: (list(parse(named)), list(parse(line)))



def _sys_modules_variables(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.project import _registered_by_name

    # many variables given to sys.modules[...]: each had the whole text searched for its bindings (a14fbaa0; r36:
    # 8,000 took 16 s)
    text = "".join(f"sys.modules[v{i}] = m\n" for i in range(n)) + "x = 1\n" * (n * 5)
    return lambda: _registered_by_name(text)


# (what, case, size at scale 1)
def _html_import_map_tags(n: int) -> Callable[[], object]:
    import os
    import tempfile

    from depguard.ecosystems.npm._js_project import html_importmap_aliases

    page = os.path.join(tempfile.mkdtemp(), "index.html")
    with open(page, "w", encoding="utf-8") as f:
        f.write('<script type="importmap">{"imports": {"a": "b"}}' * n + "</script>")
    return lambda: html_importmap_aliases(page, 10**9)


def _ansible_unclosed_templates(n: int) -> Callable[[], object]:
    from depguard.parsers import Source
    from depguard.parsers.ansible import parse

    # a free-form pip task's arguments and a shell task's command, each of many Jinja openings and no closing
    text = ('- name: a\n  pip: "name=x ' + "{{ " * n + '"\n- name: b\n  shell: "pip install y ' + "{% " * n + '"\n')
    return lambda: list(parse(Source(path="roles/x/tasks/main.yml", text=text)))


def _glued_template_words(n: int) -> Callable[[], object]:
    from depguard.commands import mentions_in_script
    from depguard.parsers import Source
    from depguard.parsers.scripts import without_expressions

    # a shell line of one word of many glued template expressions (each an unknown variable), one of many unknown
    # expansions, and a workflow run line of many expression openings with no closing
    script = "pip install " + "{{a}}" * n + "\npip install " + "${___}" * n + "\n"
    workflow = "pip install " + "${{ " * n

    def run() -> object:
        found = list(mentions_in_script(Source(path="install.sh", text=script).fragment(script, 1), parser="shell"))
        return found, without_expressions(workflow)
    return run


def _python_options_without_code(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.image_checks import checked_modules

    # a Dockerfile's RUN lines of many python options and no quoted -c code (once exponential in the options: 32 took
    # 7.9 s), n options in all
    text = ("RUN python3" + " -a" * 30 + " -c x import y\n") * max(1, n // 30)
    return lambda: checked_modules(text)


def _unclosed_templates_in_tags_and_specs(n: int) -> Callable[[], object]:
    from depguard.ecosystems.conda.conda_env import parse
    from depguard.ecosystems.docker._local_images import images_in_workflow
    from depguard.parsers import Source

    # a docker/metadata-action step's tags line and a conda environment's spec, each of many openings and no closing
    workflow = ("jobs:\n  b:\n    steps:\n      - uses: docker/metadata-action@v5\n        with:\n          tags: "
                + "${{ " * n + "\n")
    env = "name: x\ndependencies:\n  - 'numpy " + "{{ " * n + "'\n"
    return lambda: (images_in_workflow(workflow), list(parse(Source(path="environment.yml", text=env))))


def _dotnet_container_publish(n: int) -> Callable[[], object]:
    from depguard.ecosystems.docker._local_images import images_in_commands, images_in_msbuild

    # a script line of one dotnet publish with the container target and many path-like words, property flags and
    # project-file-like words, and a project file of many ContainerRepository openings never closed (h278)
    line = ("dotnet publish /t:PublishContainer " + "a/b.c/d.e " * n + "-p:ContainerRepository= " * n
            + "x.csproj." * n + "\n")
    project = "<Project>" + "<ContainerRepository " * n + "</Project>"
    return lambda: (images_in_commands(line), images_in_msbuild(project))


def _dotnet_container_calls(n: int) -> Callable[[], object]:
    from depguard.ecosystems.docker.dotnet_containers import parse
    from depguard.parsers import Source

    # an app host of many AddContainer calls never closed, one of an unclosed verbatim string, and a line of many
    # WithImage calls after a comment (h278)
    text = ("var b = DistributedApplication.CreateBuilder(args);\n" + 'b.AddContainer("a", "acme/x", ' * n + "\n"
            + 'b.WithImage(@"' + '""' * n + "\n" + "// " + ".WithImage(" * n + "\n")
    return lambda: list(parse(Source(path="AppHost.cs", text=text)))


def _script_package_directives(n: int) -> Callable[[], object]:
    from depguard.ecosystems.nuget.script_refs import parse
    from depguard.parsers import Source

    # an F# script of many #r lines never closing their string, one long line of spaces and colons after #r "nuget,
    # and a Cake script line of many package= parts (h278)
    script = '#r "nuget: A\n' * n + '#r "nuget' + " :" * n + "\n"
    cake = "#addin nuget:?" + "package=A&" * n + "\n"
    return lambda: (list(parse(Source(path="x.fsx", text=script))), list(parse(Source(path="build.cake", text=cake))))


def _msbuild_exec_tags(n: int) -> Callable[[], object]:
    from depguard.ecosystems.nuget.msbuild_exec import parse
    from depguard.parsers import Source

    # a project of many Exec start tags never closed, and one Exec tag of many Command= with no quoted value (h278)
    text = "<Project>" + "<Exec " * n + "\n<Exec " + "Command= " * n + "/>\n</Project>"
    return lambda: list(parse(Source(path="a.csproj", text=text)))


def _razor_comments(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm.html_cdn import parse
    from depguard.parsers import Source

    # a Razor component of many unclosed @* comments and CDN script tags between them (h278)
    text = '<script src="https://unpkg.com/a@1/x.js"></script>' + ('@* <script src="https://unpkg.com/b@1/x.js">' * n)
    return lambda: list(parse(Source(path="App.razor", text=text)))


def _wdl_runtime_variables(n: int) -> Callable[[], object]:
    from depguard.ecosystems.docker.wdl import parse
    from depguard.parsers import Source

    # one WDL task of many runtime sections, each naming a variable no declaration gives
    text = "task t {\n" + "runtime {\ndocker: x\n}\n" * n
    return lambda: list(parse(Source(path="tasks/t.wdl", text=text)))


def _ansible_loop_over_a_long_command(n: int) -> Callable[[], object]:
    from depguard.parsers import Source
    from depguard.parsers.ansible import parse

    # a shell task of n statements over a literal loop of n entries (each entry read into the whole command)
    command = "pip install {{ item }} && " + " && ".join(["echo install ok"] * n)
    text = '- name: a\n  shell: "' + command + '"\n  loop:\n' + "".join(f"    - zz{i}\n" for i in range(n))
    return lambda: list(parse(Source(path="roles/x/tasks/main.yml", text=text)))


def _unclosed_node_paths(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm._js_project import NODE_PATHS

    # an esbuild script of many unclosed nodePaths lists (r37: the value ran to the next "]")
    text = 'nodePaths: ["../deps", ' * n
    return lambda: list(NODE_PATHS.finditer(text))


def _xcodeproj_references(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("xcodeproj").parse
    stray = 'repositoryURL = "https://github.com/a/b";\n' * n  # keys of no object: each stretch searched once
    objects = "".join(f'R{i} = {{ isa = XCRemoteSwiftPackageReference; repositoryURL = "https://github.com/o/r{i}"; '
                      f"requirement = {{ kind = branch; branch = main; }}; }};\n" for i in range(n))
    unclosed = "{ isa = XCRemoteSwiftPackageReference;\n" * n + 'repositoryURL = "https://github.com/o/z";\n' * n
    texts = (stray + objects, unclosed)
    return lambda: [list(parse(Source(path="App.xcodeproj/project.pbxproj", text=t))) for t in texts]


def _apptainer_definition(n: int) -> Callable[[], object]:
    from depguard.ecosystems.docker.apptainer_def import parse
    from depguard.parsers import Source
    from depguard.parsers.scripts import apptainer_headers, apptainer_shell

    # an Apptainer definition file whose header values are long runs of blanks between two words, then many stages
    # and section lines (h281: the header's `Key: value` reader)
    text = f"Bootstrap: docker\nFrom: a{' ' * n}b\nLabel: x{' ' * n}y\n" + "Bootstrap: docker\nFrom: c\n%post\n%files\n" * n
    return lambda: (apptainer_headers(text), apptainer_shell(text), list(parse(Source(path="x.def", text=text))))


def _catalog_plugin_runs(n: int) -> Callable[[], object]:
    from depguard.ecosystems.maven.gradle_build import _declared_in_build_file

    # an included build's file of one run of many `libs.plugins.` before `x.get().pluginId`: a lazy alias after each
    # one rescanned the rest of the run (l38)
    text = "id = " + "libs.plugins." * n + "x.get().pluginId\n" + "libs.plugins.-" * n + "\n"
    return lambda: _declared_in_build_file(text)


def _gradle_calls_on_one_line(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("build.gradle").parse
    # a build script of one line of many plugin requests and dependency calls: whether each call was an exclude(…)
    # argument was searched for from the line's start (l38)
    text = 'plugins { id("com.acme.x") version "1.0" } dependencies { implementation(' * n + "\n"
    return lambda: list(parse(Source(path="build.gradle.kts", text=text)))


def _cake_directives(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("nuget-script-refs").parse
    # a Cake script of many #addin directives: the feeds a package may come from were read for each one (l38)
    text = "".join(f"#addin nuget:?package=Cake.Imagined{i}&version=1.0\n" for i in range(n))
    return lambda: list(parse(Source(path="build.cake", text=text)))


def _xcodegen_escaped_urls(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("xcodegen").parse
    # an XcodeGen spec of many packages whose urls are written with an escape: each url, not found as written after
    # the cursor, was looked for again from the text's start (l38)
    text = "targets:\n  App: {}\npackages:\n" + "".join(
        f'  P{i}:\n    url: "https://github.com/acme/imagined{i}\\u0041"\n    from: 1.0.0\n' for i in range(n))
    return lambda: list(parse(Source(path="project.yml", text=text)))


def _mocharc_escaped_ids(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("mocharc").parse
    # a .mocharc.json of many required ids written with a JSON escape: each, never found as written, was looked for up
    # to the text's end (l38)
    text = '{"require": [' + ", ".join(f'"imagined\\u002d{i}"' for i in range(n)) + ', "ts-node/register"]}'
    return lambda: list(parse(Source(path=".mocharc.json", text=text)))


def _libman_escaped_libraries(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("libman.json").parse
    # a libman.json of many libraries written with a JSON escape: each was looked for up to the text's end (l38)
    text = ('{"defaultProvider": "unpkg", "libraries": ['
            + ",".join(f'{{"library": "imagined\\u002d{i}@1.0", "destination": "lib/x"}}' for i in range(n)) + "]}")
    return lambda: list(parse(Source(path="libman.json", text=text)))


def _mcp_escaped_commands(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("mcp-config").parse
    # an .mcp.json of many servers whose command is written with a JSON escape: each was looked for up to the text's
    # end (l38)
    text = '{"mcpServers": {' + ",".join(f'"s{i}": {{"command": "node\\u0020srv{i}.js"}}' for i in range(n)) + "}}"
    return lambda: list(parse(Source(path=".mcp.json", text=text)))


def _pex_lock_requirements(n: int) -> Callable[[], object]:
    import json

    from depguard.parsers import Source, get_format

    parse = get_format("pex-lock").parse
    # a Pants/pex lockfile of many locked requirements, half their names written with a JSON escape: each name was
    # looked for from the text's start, an escaped one to the text's end (4,000: 35 s and 275 s; reviewer r39)
    requirements = [{"project_name": f"imagined{'-' if i % 2 else '_'}{i}", "version": "1.0",
                     "artifacts": [{"url": f"https://files.pythonhosted.org/x/imagined-{i}.whl"}]} for i in range(n)]
    text = "// pants\n" + json.dumps({"locked_resolves": [{"locked_requirements": requirements}]}, indent=2)
    text = text.replace('-"', '\\u002d"').replace('imagined-', 'imagined\\u002d')
    return lambda: list(parse(Source(path="default.lock", text=text)))


def _cabal_project_over_packages(n: int) -> Callable[[], object]:
    import atexit
    import shutil
    import tempfile

    from depguard.ecosystems.hackage.own_packages import defined_packages

    root = Path(tempfile.mkdtemp(prefix="depguard-cabal-"))
    atexit.register(shutil.rmtree, root, True)
    files = []
    for i in range(n):  # one-line packages, and a cabal.project naming as many folders and globs none of them matches
        (root / f"p{i}").mkdir()
        (root / f"p{i}" / f"p{i}.cabal").write_text(f"name: p{i}\n")
        files.append((root / f"p{i}" / f"p{i}.cabal", f"p{i}/p{i}.cabal"))
    (root / "cabal.project").write_text("packages:\n" + "".join(f"  q{i}/*.cabal\n  r{i}\n" for i in range(n)))
    return lambda: defined_packages(files, 10**7)


def _node_options_env_lines(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    # a workflow of many NODE_OPTIONS entries, each one long line of blanks and options (h282's env reader)
    text = "on: push\nenv:\n" + "".join(f"  NODE_OPTIONS: {' ' * 50}--max-old-space-size={i} {'-x ' * 20}  \n"
                                          for i in range(n))
    return lambda: list(get_format("ci-yaml").parse(Source(path=".github/workflows/ci.yml", text=text)))


def _caption_nouns(n: int) -> Callable[[], object]:
    from depguard.text import sniff

    # prose of many "these properties" runs, each followed by blank lines and then more words, and a long blank tail
    context = "Install the packages. " + "the following a " * n + ("these properties\n  \n \n" * n) + "x\n" + "   \n" * n
    return lambda: sniff("name\nversion", context=context)


def _repository_addresses(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.imports import named_repositories

    # a long owner with no slash after it, a long dotted name, and many short addresses of one repository
    text = ("# github.com/" + "a" * n + " x\n# https://github.com/o/" + "b." * n + "!\n"
            + "# https://github.com/o/r\n" * (n // 20))
    return lambda: named_repositories(text)


def _markdown_comments_and_spans(n: int) -> Callable[[], object]:
    from depguard.text.hidden import hidden_parts

    # a Markdown line of many code spans and comments, and one of many comment openings inside code spans: the line's
    # spans were read again for each comment, and each opening looked through all of them (l39)
    text = "`x` " * n + "<!-- a -->" * n + "\n" + "`<!--` " * n + "\n"
    return lambda: hidden_parts(text, "README.md")


def _nested_substitutions(n: int) -> Callable[[], object]:
    from depguard.commands import analyze

    # a command of n nested `$(echo …)`: each level's text was parsed again for its output inside the level above's
    # reading (200 levels, a 1.6 KB line: minutes; l39). Kept under MAX_FEED_SCRIPT (4 KB), past which none is read
    return lambda: analyze("pip install " + "$(echo " * n + "invented-zq" + ")" * n)


def _workflow_matrix_jobs(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("workflow-images").parse
    # a workflow of many jobs, each taking its container from its matrix: each value was looked for from its job to the
    # file's end, and each job found by walking the jobs back from the last (l39)
    text = "on: push\njobs:\n" + "".join(f"  j{i}:\n    runs-on: x\n    strategy:\n      matrix:\n        image:\n"
                                        f"          - acme/zq-img{i}\n    container: ${{{{ matrix.image }}}}\n"
                                        for i in range(n))
    return lambda: list(parse(Source(path=".github/workflows/ci.yml", text=text)))


def _globs_of_many_stars(n: int) -> Callable[[], object]:
    from depguard.ecosystems.npm._js_project import _include_regex
    from depguard.ecosystems.pub.own_packages import _melos_glob

    # a melos.yaml glob and a tsconfig include entry of many stars against a long path they do not match: as regular
    # expressions they backtracked over every split of the path (10 stars, 40 characters: minutes; l39)
    melos, include = _melos_glob("**/" * 12 + "z"), _include_regex("/p/**/" + "*a" * 8 + "*b.ts")
    folder, file = "a/" * n, "/p/x/" + "a" * n + ".ts"
    return lambda: (melos.match(folder), include.match(file))


def _json_trailing_blanks(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("global.json").parse
    # a JSON file ending in many empty lines: the token pattern's leading blanks were matched and given back at each
    # start of the run (l39)
    text = '{"msbuild-sdks": {"Acme.Sdk": "1.0.0"}}' + "\n" * n
    return lambda: list(parse(Source(path="global.json", text=text)))


def _module_of_many_imports(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.imports import _parse
    from depguard.parsers import Source

    # a module of many top-level imports (of a few names: each distinct name is also looked for in the whole text by
    # project.writes_module, left): each walked every statement before it for an availability check that leaves (l39)
    text = "".join(f"import zq_mod{i % 50}\n" for i in range(n))
    return lambda: list(_parse(Source(path="pkg/many.py", text=text)))


def _gitignore_many_stars(n: int) -> Callable[[], object]:
    from depguard.gitignore import parse_rules

    # a .gitignore rule of many stars in one name and a long folder name it does not match: pathspec's expression
    # backtracked over every split of the name by the stars (l39: 9 stars, 40 letters, 11 s); such a rule is not used
    name = "a" * n + "/"
    return lambda: [r.regex.match(name) for r in parse_rules("*a" * 8 + "*b\nsrc/\n", ".gitignore")]


def _unclosed_calls(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("r-imports").parse
    # an R script of many unclosed `require(` calls: each call's arguments were read to its closing bracket (the
    # text's end), at every level (l39). (Nested closed calls still copy each level's argument text: C-speed)
    text = "require(" * n + "\n" + "library(" * 50 + "x" + ")" * 50 + "\n"
    return lambda: list(parse(Source(path="setup.R", text=text)))



def _restored_words(n: int) -> Callable[[], object]:
    from depguard.commands import analyze
    from depguard.confusables import as_written, skeleton

    # a script of many look-alike names given back as written: a name the word only refers to (a variable's), one
    # quoted inside its word, one in a longer image name were each looked for from the script's start (l39, l40)
    text = "".join(f"x{i}=r\u0435quests{i}; pip install $x{i}\npip install re'q'u\u0435sts{i}\ndocker run r\u0435dis{i}\n"
                   for i in range(n))
    plan = analyze(skeleton(text))
    return lambda: as_written(text, plan)


def _imported_names(n: int) -> Callable[[], object]:
    from depguard.ecosystems.pypi.project import writes_module
    from depguard.ecosystems.pypi.written_modules import written_modules

    # a file importing many distinct names, each also quoted (so no quick test ruled it out): the file was searched
    # once per name (l39: 4,000 names in 40 KB 2.4 s)
    text = "import os\nopen('x.txt', 'w')\n" + "".join(f'import mod_{i}\nSKIP_{i} = "mod_{i}"\n' for i in range(n))
    names = [f"mod_{i}" for i in range(n)]

    def run() -> object:
        written_modules.cache_clear()
        return [writes_module(text, name) for name in names]
    return run


def _perl_long_line(n: int) -> Callable[[], object]:
    from depguard.parsers import Source, get_format

    parse = get_format("perl-imports").parse
    # a Perl file of one long line of calls and unclosed calls: tree-sitter-perl's scanner works in proportion to each
    # token's column (l39: runs of require( on one line; 8,000 `foo(1); ` 61 s). Read by one pass instead (l40)
    text = "use strict;\nuse Fake::Module;\n" + "foo(1); " * n + "require(" * n + "\nrequire Other::Fake;\n"
    return lambda: list(parse(Source(path="lib/Tool.pm", text=text)))

CASES: tuple[tuple[str, Callable[[int], Callable[[], object]], int], ...] = (
    ("CI YAML alias chain (r28)", _anchor_chain, 8_000),
    ("CI YAML of many NODE_OPTIONS entries (h282)", _node_options_env_lines, 1_000),
    ("class with many methods importing (r29)", _class_methods, 1_000),
    ("protoc command with a long path (r29)", _protoc_path, 400_000),
    ("Thrift namespace lines, long and unfinished (h288)", _thrift_namespaces, 400_000),
    ("Bazel maven.install calls, nested and unclosed (h288)", _bazel_maven_calls, 400_000),
    ("a page's brew tap lines with many options (h292)", _brew_tap_options, 400_000),
    (".gitignore rule of many stars against a long folder name (l39)", _gitignore_many_stars, 200_000),
    ("C source with unclosed comments (r29)", _unclosed_comments, 800_000),
    ("sys.path additions (r29)", _sys_path_additions, 4_000),
    ("copies into the working folder on one long line (h225)", _working_folder_copies, 100_000),
    ("import handler naming many addresses (r25)", _handler_addresses, 8_000),
    ("a file's comments naming long repository addresses (h286)", _repository_addresses, 200_000),
    ("unclosed netbox.plugins import lists (r28)", _netbox_unclosed_lists, 20_000),
    ("Qt Designer form header of blanks (r30)", _form_header_blanks, 1_000_000),
    ("unclosed class base lists importing znc (r27)", _znc_unclosed_bases, 20_000),
    ("Nuclio function of many RUN kinds (h195)", _nuclio_run_steps, 20_000),
    ("test folder of many tests and input folders (h195)", _test_folder_of_many_inputs, 10_000),
    ("Terraform local-exec blocks and lists never closed (h267)", _terraform_unclosed_blocks, 10_000),
    ("Scrapy settings dict of many paths on one line (h209)", _scrapy_settings_one_line, 20_000),
    ("a line of many Playwright .extend< (h209)", _playwright_extends, 20_000),
    ("a Python file's long run of comment lines (h210)", _long_comment_run, 20_000),
    ("userscript start lines without an end, many @require lines (h206)", _userscript_headers, 20_000),
    ("Add-on SDK markers: XPCOM names after an open brace (h206)", _addon_sdk_markers, 2_000_000),
    ("unclosed destructuring patterns naming require (h206)", _destructured_require, 100_000),
    ("scan of many one-file sibling folders (r31)", _sibling_folders, 1_000),
    ("notebook code lines written in UTF-8 or escaped (r32)", _notebook_lines, 8_000),
    ("a document's line of many agent mcp add commands (r32)", _mcp_adds_on_a_line, 1_000),
    ("a document's line of many slots between braces (r32)", _bracketed_slots_on_a_line, 2_000),
    ("a block's lines of sentences, one long (h287)", _block_lines_of_sentences, 1_000),
    ("Codex config of many MCP servers, one of many args (h215)", _codex_servers, 2_000),
    ("a translation's prose words against its large original (r32)", _translated_words, 2_000),
    ("Cloud Build steps of escaped image names (r32)", _cloudbuild_escaped_steps, 4_000),
    ("a .bzl file of many oci_pull calls (r32)", _bazel_pulls, 20_000),
    ("an importmap of many pins, a package.json snippet of many pairs (r32)", _importmap_pins, 20_000),
    ("an R script of many install.packages calls (r32)", _r_install_calls, 10_000),
    ("a gleam.toml of many dependencies, a manifest.toml of many packages (h280)", _gleam_manifests, 20_000),
    ("a rebar.config and rebar.lock of many dependencies, an unterminated string (c42)", _rebar_files, 5_000),
    ("an OpenTelemetry Collector builder manifest of many components and replaces (r42)", _ocb_replaces, 2_000),
    ("Hackage readers: a long word that is no name, a freeze constraint of many spaces (h280)", _haskell_long_words,
     100_000),
    ("an hpack package.yaml of many dependencies on one line, many conditionals (h280)", _hpack_dependencies, 10_000),
    ("agent settings of many escaped hook and provider values (h215)", _agent_settings_escaped, 4_000),
    ("a changelog of many sections running the tree's own bin (r33)", _own_bin_sections, 8_000),
    ("a module of many functions importing a module (r33)", _functions_importing, 2_000),
    ("blocks a sniffer's line pattern could split many ways (r34)", _sniffed_lines, 20_000),
    ("a go.mod of many requires, a file importing each (r34)", _go_required_imports, 4_000),
    ("a lockfile run of many URL starts without a tarball (r34)", _lockfile_url_run, 200_000),
    ("many okpy assignment folders, many files outside them (r34)", _assignment_folders, 100_000),
    ("a go.mod of a long run of empty lines (r34)", _go_mod_empty_lines, 1_000_000),
    ("a lockfile run of many public URL starts without a tarball (r34)", _lockfile_public_run, 100_000),
    ("a document line of many negated sentences needing a key (r34)", _gated_sentences, 64_000),
    ("a nuget.config run of <add tags, a Skaffold file of empty lines (r34)", _feeds_and_artifacts, 20_000),
    ("many literal loops and sys.path additions (r34)", _loops_and_additions, 2_000),
    ("a document line of many npm install flags before no folder (r35)", _folder_install_flags, 20_000),
    ("document of many --name options without a scaffolding verb (h289)", _scaffold_names, 20_000),
    ("pipeline step package lists, unclosed and closed (c35)", _pipeline_step_openings, 4_000),
    ("a Python line of many calls and strings, a langgraph.json line of RUN lines (r35)", _placed_pieces, 1_000),
    ("a one-line list of step packages after a non-ASCII character (r36)", _step_packages_one_long_line, 20_000),
    ("a JS file's run of function words with no parenthesis (r36)", _function_words, 100_000),
    ("a line of many circup words and no install command (r36)", _circup_words, 20_000),
    ("an sbt build of many modules, named versions and one line (r36)", _sbt_modules, 8_000),
    ("Gradle plugin requests and other configurations: blanks, one line, unclosed blocks (h277)", _gradle_plugin_requests, 4_000),
    ("many variables registering modules in sys.modules (r36)", _sys_modules_variables, 8_000),
    ("a web page of many import-map start tags before one end tag (c35)", _html_import_map_tags, 20_000),
    ("Ansible task arguments of many Jinja openings and no closing (r37)", _ansible_unclosed_templates, 16_000),
    ("a word of many template expressions or unknown values, a run line of open ${{ (r37)", _glued_template_words,
     8_000),
    ("Dockerfile RUN lines of many python options and no -c code (r37)", _python_options_without_code, 60_000),
    ("a workflow's tags line and a conda spec of open templates (r37)", _unclosed_templates_in_tags_and_specs, 16_000),
    ("a WDL task of many runtime sections naming a variable (r37)", _wdl_runtime_variables, 10_000),
    ("a dotnet publish line of many words, a project of open Container tags (h278)", _dotnet_container_publish, 20_000),
    ("an app host of many unclosed AddContainer and WithImage calls (h278)", _dotnet_container_calls, 20_000),
    ("an F# script of unclosed #r lines, a Cake line of many packages (h278)", _script_package_directives, 40_000),
    ("a project of many unclosed Exec tags and Command= without values (h278)", _msbuild_exec_tags, 40_000),
    ("a Razor component of many unclosed @* comments and CDN tags (h278)", _razor_comments, 20_000),
    ("an esbuild script of many unclosed nodePaths lists (r37)", _unclosed_node_paths, 20_000),
    ("an Ansible shell task of many statements over a loop of as many entries (r37)", _ansible_loop_over_a_long_command,
     500),
    ("an Xcode project of stray, many and unclosed package references (h276)", _xcodeproj_references, 20_000),
    ("a caption of many 'the following' runs and blank lines (h276)", _caption_nouns, 20_000),
    ("an Apptainer definition file of many stages of long header values (h281)", _apptainer_definition, 4_000),
    ("many one-line cabal packages, a cabal.project of as many entries (r38)", _cabal_project_over_packages, 4_000),
    ("a run of many catalog plugin references before one call (l38)", _catalog_plugin_runs, 100_000),
    ("a Gradle script of one line of many plugin requests and calls (l38)", _gradle_calls_on_one_line, 2_000),
    ("a Cake script of many #addin directives (l38)", _cake_directives, 8_000),
    ("an XcodeGen spec of many packages with escaped urls (l38)", _xcodegen_escaped_urls, 2_000),
    ("a .mocharc.json of many escaped required ids (l38)", _mocharc_escaped_ids, 10_000),
    ("a libman.json of many escaped libraries (l38)", _libman_escaped_libraries, 10_000),
    ("an .mcp.json of many servers with escaped commands (l38)", _mcp_escaped_commands, 8_000),
    ("a Markdown line of many comments and code spans (l39)", _markdown_comments_and_spans, 20_000),
    ("a command of many nested $(echo …) substitutions (l39)", _nested_substitutions, 100),
    ("a workflow of many jobs taking their container from their matrix (l39)", _workflow_matrix_jobs, 1_000),
    ("a melos glob and a tsconfig include of many stars against a long path (l39)", _globs_of_many_stars, 5_000),
    ("a pex lockfile of many requirements, half their names escaped (r39)", _pex_lock_requirements, 4_000),
    ("a JSON file ending in many empty lines (l39)", _json_trailing_blanks, 1_000_000),
    ("a Python module of many top-level imports (l39)", _module_of_many_imports, 2_000),
    ("an R script of many unclosed calls (l39)", _unclosed_calls, 40_000),
    ("a script of many look-alike names restored as written (l40)", _restored_words, 2_000),
    ("a file importing many distinct names, each quoted (l40)", _imported_names, 4_000),
    ("a Perl file of one long line of calls (l40)", _perl_long_line, 20_000),
    ("a build script of many tags over its own loops and variables (r43)", _looped_tags, 2_000),
)


def best_of(run: Callable[[], object], times: int = 3) -> float:
    best = float("inf")
    for _ in range(times):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="Each case is timed at its size and at twice it (best of three); the table "
                                        "shows both times and their ratio.")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every case's size (default 1)")
    ap.add_argument("--limit", type=float, default=3.0, help="the largest ratio taken for linear growth (default 3)")
    args = ap.parse_args(argv)
    worst = 0.0
    print(f"{'case':45} {'size':>9} {'time':>8} {'2x size':>8} {'ratio':>6}")
    for what, make, size in CASES:
        n = max(1, int(size * args.scale))
        small, large = best_of(make(n)), best_of(make(2 * n))
        ratio = large / small if small > 0 else float("inf")
        worst = max(worst, ratio)
        flag = "" if ratio <= args.limit else "  <- grows faster than linear"
        print(f"{what:45} {n:>9,} {small:>7.3f}s {large:>7.3f}s {ratio:>6.2f}{flag}")
    return 0 if worst <= args.limit else 1


if __name__ == "__main__":
    raise SystemExit(main())
