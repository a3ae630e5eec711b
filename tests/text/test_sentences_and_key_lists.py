"""Prose that mentions a command, cross-reference roles and plain blocks of dotted keys are not install lists
(issue 12: pip's NEWS.rst and docs, rails' I18n guide were read as installing `prints`, `no`, `longer`, `install`
and `activerecord-errors-messages-blank`)."""

from __future__ import annotations

from pathlib import Path

from depguard.model import Origin
from depguard.parsers import Source
from depguard.text import mentions_in_text, sniff

FIXTURES = Path(__file__).parent / "fixtures"


def names(path: str) -> list[tuple[str, int]]:
    text = (FIXTURES / path).read_text()
    source = Source(path=path, text=text)
    return sorted((m.key.name, m.location.line) for m in mentions_in_text(source) if m.origin is not Origin.IMPORT)


def test_a_changelog_sentence_about_a_command_installs_nothing():
    # the command lines that are commands keep their names, the sentences lose theirs (conda's nested 2.1.0 note:
    # "pip list and pip install only happen if pip is installed")
    assert names("changelog_sentences.rst") == [("httpx", 11), ("requests-toolbelt", 10)]


def test_a_plain_block_of_dotted_keys_is_not_a_requirements_file():
    assert names("i18n_keys.md") == [("requests", 16), ("zope-interface", 15)]


def test_a_plain_block_of_words_is_a_requirements_list_only_when_the_prose_before_it_says_so():
    # mistral's cookbook explains a tokenizer on the words "low lower lowest new" (read as four packages)
    assert names("bare_words.md") == [("regex", 25), ("sentencepiece", 17), ("tiktoken", 18), ("tokenizers", 24)]
    assert sniff("low\nlower", context="Suppose we have the following text:") == ""
    assert sniff("low\nlower", context="The dependencies:") == "file:requirements.txt"


def test_module_package_and_library_speak_of_dependencies_only_as_words_of_the_prose():
    # processing/p5.js's GSoC 2017 wrap-up: its source folders in an untagged fence after "where `module_X` refers to
    # the name of the folder of the desired component, viz. :" were a requirements list (core, io, math: DG001)
    folders = "color\ncore\nevents\nio\nmath\ntypography"
    assert sniff(folders, context="where `module_X` refers to the name of the _*folder*_ of the desired component, viz. :") == ""
    assert sniff(folders, context="A modular design; see PackageName and libraryPath:") == ""
    assert sniff(folders, context="Install the following modules:") == "file:requirements.txt"
    assert sniff(folders, context="The packages it needs:") == "file:requirements.txt"
    assert sniff(folders, context="Python libraries used") == "file:requirements.txt"


def test_depending_on_in_the_prose_before_a_plain_block_says_nothing_of_dependencies():
    # prettier/prettier-vscode's README, "Format Selection": the language ids Prettier formats, in an untagged
    # fence, were read as a requirements list of javascriptreact, typescriptreact, json (PyPI: 404)
    text = ("### Format Selection\n\nFormat selection works on several languages depending on what Prettier "
            "itself supports. The following languages currently are supported:\n\n"
            "```\njavascript\njavascriptreact\ntypescript\ntypescriptreact\njson\ngraphql\nhandlebars\n```\n\n"
            "Platform-independent, these two:\n\n```\nlow\nlower\n```\n\n"
            "The extension depends on these, depending upon your platform:\n\n```\nrequests\nhttpx\n```\n")
    source = Source(path="README.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == ["httpx", "requests"]
    assert sniff("low\nlower", context="Depending on your shell, pick one of:") == ""
    assert sniff("low\nlower", context="Its dependencies, depending on the platform:") == "file:requirements.txt"


def test_depends_on_a_noun_that_decides_a_thing_says_nothing_of_dependencies():
    # nicklockwood/SwiftFormat's Snapshots/Layout/README.md (held-out set 276), "Layout Properties": the layout
    # properties every node supports, in an untagged fence, were a requirements list (left, right, width, center.x:
    # seven DG001s) because "depends" stood in the sentence before it
    properties = "top\nleft\nbottom\nright\nleading\ntrailing\nwidth\nheight\ncenter.x\ncenter.y"
    text = ("## Layout Properties\n\nThe set of expressible properties available to a `LayoutNode` depends on the view "
            "type, but every node supports the following properties at a minimum:\n\n```\n" + properties + "\n```\n\n"
            # a made-up neighbour still judged: "depends on" introducing the list itself
            "Layout itself depends on the following:\n\n```\ninvented-layout-engine\nrequests\n```\n")
    source = Source(path="Snapshots/Layout/README.md", text=text)
    found = sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT)
    assert found == ["invented-layout-engine", "requests"]
    assert sniff(properties, context="The result depends on whether the view is visible.") == ""
    assert sniff(properties, context="Which to use depends on your platform; pick:") == ""
    assert sniff(properties, context="The frame is dependent on the\nparent's size, so set:") == ""
    # the dependency sense is still read: the list, packages or libraries named in the clause, no determiner
    for context in ("This package depends on the following libraries:", "It depends on the packages below:",
                    "The app depends on the `requests` library, so:", "It depends on:", "The plugin depends on these:",
                    "Layout depends on a few modules, namely:", "The extension depends on these, depending upon your platform:"):
        assert sniff("low\nlower", context=context) == "file:requirements.txt", context


def test_a_caption_saying_the_block_lists_properties_or_fields_is_no_requirements_list():
    # probes of SwiftFormat's Layout README shape (held-out set 276): a caption ending with what the block lists, "the
    # following properties" (fields, permissions, settings, variables), says the names are those, whatever word of
    # installing or requiring stands before it
    fields = "name\nversion\nauthor\nlicense"
    for context in ("Each node requires the following properties at a minimum:\n", "Each manifest requires the following fields:",
                    "The action requires the following permissions:\n\n", "The app requires these settings:",
                    "It requires the following environment variables:"):
        assert sniff(fields, context=context) == "", context
    # made-up neighbours still read: packages named, no noun, the noun in an earlier clause
    for context in ("This requires the following packages:", "Install requires the following:", "Install these:",
                    "Install the following Python packages:", "Install the following packages with these options. Then:\n"):
        assert sniff(fields, context=context) == "file:requirements.txt", context


def test_a_plain_block_right_after_a_command_block_is_its_output_not_a_list_the_prose_introduces():
    # composer's doc/articles/versions.md: `git branch` in a shell block, then its output (v1, v2, my-feature …);
    # the words of the command block before it ("my-library") are no prose about installing
    text = ("*For the following discussion, let's assume the following sample repository:*\n\n"
            "```shell\n~/my-library$ git branch\n```\n```text\nv1\nv2\nmy-feature\nanother-feature\n```\n\n"
            "Install the dependencies:\n\n```\nrequests\nhttpx\n```\n")
    source = Source(path="doc/articles/versions.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == ["httpx", "requests"]


def test_a_line_of_output_with_angle_brackets_is_not_a_requirement_but_versions_are():
    # mem0's skills/forget/SKILL.md: a plain block "Deleted <N> memories." was parsed as a broken requirements file
    assert sniff("Deleted <N> memories.") == ""
    assert sniff("requests>=2.31,<3\nnumpy==1.*\nrich ~= 13.0") == "file:requirements.txt"


def test_sniff_dotted_paths_and_bare_names():
    assert sniff("errors.messages.blank\nerrors.attributes.name.blank") == ""
    assert sniff("zope.interface\nrequests") == "file:requirements.txt"
    assert sniff("ruamel.yaml.clib==0.2.8\nrequests") == "file:requirements.txt"  # a version says requirement


def test_a_cross_reference_role_is_a_link_not_a_command():
    # pip's docs/html/cli/pip_install.rst: the role's title and target were read as a command, Examples<pip …
    text = ("See the :ref:`pip install Examples<pip install Examples>`.\n"
            "MyST: {ref}`pip install foo <pip-install>`; Sphinx code roles stay code: :command:`pip install httpx`.\n")
    source = Source(path="docs/pip_install.rst", text=text)
    assert [(m.key.name, m.location.line) for m in mentions_in_text(source)] == [("httpx", 2)]


def test_a_sentence_about_a_runner_runs_nothing():
    # pipx's docs/explanation/comparisons.rst: "npx works with JavaScript and pipx works with Python."
    text = ("-  npx works with JavaScript and pipx works with Python.\n"
            "-  uvx runs in a throwaway environment.\n"
            "-  npx tailwindcss init\n"
            "-  npx prettier --write .\n")
    found = [(m.key.name, m.location.line) for m in mentions_in_text(Source(path="comparisons.rst", text=text))]
    assert found == [("tailwindcss", 3), ("prettier", 4)]


def test_a_guide_to_how_the_runner_works_runs_nothing():
    # anzchy/gemini-cli-mcp-server's docs/mcp-server-technical-guide.md (held-out set 268): its headings and the
    # numbered steps of an untagged block say what npx and npm do, read as npm `Locates`, `Cache`, `checks`, `asks`
    text = ("### Step 3g: npm Installs the Tarball into the npx Cache\n"
            "### Step 4a: npx Locates and Runs the Binary\n"
            "```\n"
            "4.  npx checks cache → miss on first run\n"
            "1. npx asks npm to resolve \"@anzchy/mcp-server-gemini\"\n"
            "```\n"
            # made-up neighbours still judged: a run whose name ends in an s the English verbs do not end in, a short
            # one, a run a sentence tells to do, one written as code, a runner then a name shaped like a package
            "2. npx cypresss open to debug the spec\n"
            "3. npx gtz init to set up the linter\n"
            "4. Run npx mcpservers init to start.\n"
            "5. `npx checks cache`\n"
            "6. npm installs it into the npx invented-mcp-bridge cache\n")
    found = [(m.key.name, m.location.line) for m in mentions_in_text(Source(path="docs/guide.md", text=text))]
    assert found == [("cypresss", 7), ("gtz", 8), ("mcpservers", 9), ("checks", 10), ("invented-mcp-bridge", 11)]


def test_a_run_s_subcommand_before_prose_is_still_a_run():
    # reviewer r37: the guide rule above took any word ending in an s after a runner for the guide's verb, so a step
    # that runs a package and its subcommand before prose read nothing: a real tool (mkdocs) and invented names
    # (webpacks, expressgens, Nodemons) in the same place were lost. Only a verb of what a runner does is a sentence
    text = ("1. uvx mkdocs serve and open http://localhost:8000\n"
            "2. npx webpacks build → dist/\n"
            "3. npx expressgens myapp and follow the prompts\n"
            "4. npx Nodemons server and then edit a file\n"
            "5. npx looks cache → hit on the second run\n"
            "6. uvx creates venv in the cache\n")
    found = [(m.key.name, m.location.line) for m in mentions_in_text(Source(path="docs/steps.md", text=text))]
    assert found == [("mkdocs", 1), ("webpacks", 2), ("expressgens", 3), ("Nodemons", 4)]


def test_a_block_of_browserslist_queries_is_not_a_requirements_file():
    # TanStack Query's installation docs: the supported browsers, untagged, read as requirements (chrome, ios …)
    browsers = "Chrome >= 91\nFirefox >= 90\nEdge >= 91\nSafari >= 15\niOS >= 15\nOpera >= 77"
    assert sniff(browsers, context="It is compatible with the following browsers config") == ""
    text = f"Requirements\n\nIt is compatible with the following browsers config\n\n```\n{browsers}\n```\n"
    assert list(mentions_in_text(Source(path="docs/installation.md", text=text))) == []
    # a requirements block that names one of them among packages is still a requirements block
    assert sniff("requests>=2.31\nchrome >= 1.0") == "file:requirements.txt"


def test_a_block_of_environment_variable_names_is_not_a_requirements_list():
    # marquez's CHANGELOG diffs MARQUEZ_URL into OPENLINEAGE_URL after prose about a library (read as packages)
    assert names("env_variable_diff.md") == [("httpx", 23), ("requests", 22)]
    assert sniff("OLD_URL\nNEW_URL", context="the library's settings") == ""
    assert sniff("old-url\nnew-url", context="the library's settings") == "file:requirements.txt"


def test_a_block_of_capitalised_words_is_not_a_requirements_list():
    # held-out set 286: a p4-team/ctf write-up (2015-09-16-csaw/crypto_100_notesy/README.md) shows a substitution
    # cipher's two alphabets in an untagged block after "we've noticed that dependency between letters is as follows:"
    # (read as requirements naming abcdefghijklmnopqrstuvwxyz and unhmaqwzidyprcjkbgvsloetxf)
    ctx = "we've noticed that dependency between letters is as follows:"
    assert sniff("ABCDEFGHIJKLMNOPQRSTUVWXYZ\nUNHMAQWZIDYPRCJKBGVSLOETXF", context=ctx) == ""
    assert sniff("GET\nPOST\n# and\nDELETE", context="The API requires one of:") == ""
    text = f"Notes\n\n{ctx}\n\n```\nABCDEFGHIJKLMNOPQRSTUVWXYZ\nUNHMAQWZIDYPRCJKBGVSLOETXF\n```\n"
    assert list(mentions_in_text(Source(path="README.md", text=text))) == []
    # a name written otherwise among them keeps the block a list, whose capitalised names are judged too
    assert sniff("GDAL\nrequests", context="Install the dependencies:") == "file:requirements.txt"
    assert sniff("Django\nPyYAML", context="Install the dependencies:") == "file:requirements.txt"


def test_a_documents_environment_list_names_the_interpreter_beside_the_packages_it_judges():
    # kepler.gl's docs/keplergl-jupyter/faq.md: "What's your recommended Python environment?" then a text block
    text = ("## What's your recommended Python environment?\n\n```text\npython>=3.9\njupyterlab>=4.0\nnotebook>=7.0\n"
            "jupyterlab-keplerglx>=1.0\n```\n")
    found = sorted((m.key.name, m.location.line) for m in mentions_in_text(Source(path="docs/faq.md", text=text)))
    assert found == [("jupyterlab", 5), ("jupyterlab-keplerglx", 7), ("notebook", 6)]


def test_a_comparison_with_a_bare_angle_bracket_is_a_requirement_only_after_prose_about_installing():
    # node-red-contrib-home-assistant-websocket's JSONata cookbook: the condition `data.timeSinceChangedMs < 60000`
    # in an untagged block was read as a requirements file naming `data.timeSinceChangedMs`
    condition = "data.timeSinceChangedMs < 60000"
    prose = "The test condition is the Boolean result of a JSONata expression, evaluated as `true`."
    assert sniff(condition, context=prose) == ""
    text = f"**JSONata expression for the routing _match_**\n\n{prose}\n\n```\n{condition}\n```\n"
    assert list(mentions_in_text(Source(path="docs/cookbook/switch-node.md", text=text))) == []
    # the same shape after prose about installing, and a pin or a bound with '=' anywhere, stay requirements
    assert sniff("numpy<2", context="Install a compatible version:") == "file:requirements.txt"
    assert sniff("numpy<2\nscipy >= 1.10", context=prose) == "file:requirements.txt"
    assert sniff("requests>=2.31,<3") == "file:requirements.txt"


def test_a_spaced_comparison_with_a_whole_number_is_a_requirement_only_after_prose_about_installing():
    # Ramsbaby/openclaw-self-healing's README, "### Grafana alerting example": two PromQL alert conditions in an
    # untagged block were read as requirements pinning the metric names (openclaw_gateway_healthy==0, DG001 twice)
    alerts = ("# Alert: gateway down for >5 minutes\nopenclaw_gateway_healthy == 0\n\n"
              "# Alert: recovery rate drops below 50%\nopenclaw_recovery_rate_percent < 50")
    assert sniff(alerts, context="### Grafana alerting example") == ""
    text = f"### Grafana alerting example\n\n```\n{alerts}\n```\n"
    assert list(mentions_in_text(Source(path="README.md", text=text))) == []
    assert sniff("error_rate != 0\nqueue_depth >= 100", context="Alert when:") == ""
    # after prose about installing the same lines are requirements, and so is a block with one pin of another shape
    assert sniff(alerts, context="Install the pinned versions:") == "file:requirements.txt"
    assert sniff("numpy == 2", context="Install a compatible version:") == "file:requirements.txt"
    assert sniff("numpy==2", context="### Grafana alerting example") == "file:requirements.txt"
    assert sniff("numpy == 1.26\nfoo == 0", context="### Grafana alerting example") == "file:requirements.txt"
    assert sniff("torch >= 2.1", context="### Grafana alerting example") == "file:requirements.txt"
    text = "## Requirements\n\n```\ninvented-pkg-xq == 1\nrequests >= 2\n```\n"
    found = sorted(m.key.name for m in mentions_in_text(Source(path="README.md", text=text)))
    assert found == ["invented-pkg-xq", "requests"]


def test_a_spaced_comparison_with_an_ip_address_is_a_requirement_only_after_prose_about_installing():
    # jschell/Claude's packet-capture skill, references/filter-reference.md (held-out set 279): the Wireshark display
    # filters under "### IP" were read as requirements pinning ip-addr, ip-src, ip-dst and ip-ttl (DG001 four times)
    filters = "ip.addr == 192.168.1.1\nip.src == 10.0.0.1\nip.dst == 10.0.0.2\nip.ttl < 64"
    context = "## Display Filters (Wireshark Syntax)\n\nApplied after capture, for analysis.\n\n### IP"
    assert sniff(filters, context=context) == ""
    text = f"{context}\n```\n{filters}\n```\n"
    assert list(mentions_in_text(Source(path="skills/packet-capture/references/filter-reference.md", text=text))) == []
    assert sniff("src_ip != 172.16.0.1", context="Alert when:") == ""
    # a pin of four parts unspaced, or beside a pin of another shape, stays a requirement, and after prose about
    # installing the same lines are read (an invented name among them judged)
    assert sniff("tensorrt==8.6.1.6", context=context) == "file:requirements.txt"
    assert sniff("tensorrt == 8.6.1.6\nnumpy == 1.26", context=context) == "file:requirements.txt"
    assert sniff(filters, context="Install the pinned versions:") == "file:requirements.txt"
    text = "## Requirements\n\n```\ninvented-pkg-xq == 1.2.3.4\nrequests >= 2\n```\n"
    found = sorted(m.key.name for m in mentions_in_text(Source(path="README.md", text=text)))
    assert found == ["invented-pkg-xq", "requests"]


def test_a_remark_in_a_comment_that_an_install_runs_by_itself_installs_nothing():
    # posit-dev/py-shiny's .claude/references/assets.md: `make js-build        # One-time build (npm install runs
    # automatically)` was read as installing `runs` and `automatically`; a comment naming a package still does
    text = ("Build the assets:\n\n```bash\nmake js-build        # One-time build (npm install runs automatically)\n"
            "make js-watch        # Continuous rebuild on change\n"
            "make setup           # (npm install left-pad first)\n```\n")
    source = Source(path=".claude/references/assets.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == ["left-pad"]


def test_a_tools_state_said_after_its_name_is_no_package():
    # awslabs/mcp's TROUBLESHOOTING.md: a checklist block whose comment `# uvx available (recommended runner)` sits
    # above `which uvx` was read as running the PyPI package `available`; a runner given a package in a comment, and
    # an install of packages whose names only contain such a word, still name them
    text = ("```bash\n# Python 3.10+\npython3 --version\n\n# uvx available (recommended runner)\nwhich uvx\n"
            "# npm installed? then npx left-pad\n# pip install missing-deps-helper required-by-tests\n```\n")
    source = Source(path="TROUBLESHOOTING.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == [
        "left-pad", "missing-deps-helper", "required-by-tests"]


def test_or_between_two_install_commands_of_one_line_separates_them():
    # langroid's docs/notes/weaviate.md (held-out set 88): an untagged block "uv add langroid[weaviate] or pip install
    # langroid[weaviate]" was read as uv adding `or`, `pip` and `install`; both commands are read, each on its own,
    # and an invented name in either stays a name; an "or" with no command after it, or inside quotes, is a word
    text = ("# Weaviate\n\nInstall langroid with the weaviate extra:\n```\nuv add langroid[weaviate] or pip install "
            "langroid[weaviate]\n```\n\n```bash\npip install fastapi-magic-x OR npm install leftpad-invented-y\n"
            "pip install either or\necho \"a or pip install b\"\n```\n")
    found = sorted((m.key.ecosystem, m.key.name, m.location.line, m.location.column)
                   for m in mentions_in_text(Source(path="docs/notes/weaviate.md", text=text)))
    assert found == [("npm", "leftpad-invented-y", 9, 44), ("pypi", "either", 10, 13),
                     ("pypi", "fastapi-magic-x", 9, 13), ("pypi", "langroid", 5, 8), ("pypi", "langroid", 5, 42),
                     ("pypi", "or", 10, 20)]


def test_a_full_stop_ending_a_blocks_line_is_the_sentences_not_the_names():
    # dmh2000/simple-queries's prompts/clone.md (held-out set 287): an untagged block of two sentences, "npm install -D
    # tsx." and "Run: npx tsx src/main.ts.", was read as installing npm's `tsx.`; the stop ends the sentence. The word
    # before it is judged as the name (an invented one is found, pip's and cargo's too, which judged no such word
    # before); a stop alone or after a stop is no sentence's (a local folder, the parent folder), nor one inside a name
    text = ("For run.sh, use TSX:\n```\nnpm install -D tsx.\nRun: npx tsx src/main.ts.\n```\n\n```bash\n"
            "pip install fastapi-magic-x.\ncargo add serde-invented-y.\npip install -e .\ncd ..\nnpm install left-pad.js\n```\n")
    found = sorted((m.key.ecosystem, m.key.name, m.location.line, m.location.column)
                   for m in mentions_in_text(Source(path="prompts/clone.md", text=text))
                   if m.origin is Origin.COMMAND and not m.key.name.startswith("."))
    assert found == [("cargo", "serde_invented_y", 9, 11), ("npm", "left-pad.js", 12, 13), ("npm", "tsx", 3, 16),
                     ("pypi", "fastapi-magic-x", 8, 13)]


def test_a_blocks_list_of_names_written_with_commas_is_each_name():
    # h287 (session 39): a block's "npm install express, cors, helmet" was read as helmet alone (npm's grammar refused
    # the words with a comma and nothing judged them), so an invented name in the list escaped. A comma that writes a
    # list the way prose does is blanked (columns kept); one inside a word, in quotes or at a line's end is left
    text = ("Install the server's packages:\n```bash\nnpm install zqexpress, zqcors, zqhelmet\n"
            "pip install zqflask,  zqcelery[redis], zqrq\npython -c \"import os, sys\"\n"
            "npm install --omit=dev,optional zqlone\n```\n")
    found = sorted((m.key.ecosystem, m.key.name, m.location.line, m.location.column)
                   for m in mentions_in_text(Source(path="README.md", text=text)) if m.origin is Origin.COMMAND)
    assert found == [("npm", "zqcors", 3, 24), ("npm", "zqexpress", 3, 13), ("npm", "zqhelmet", 3, 32),
                     ("npm", "zqlone", 6, 33), ("pypi", "zqcelery", 4, 23), ("pypi", "zqflask", 4, 13),
                     ("pypi", "zqrq", 4, 40)]


def test_a_blocks_line_of_two_sentences_is_read_as_prose():
    # a probe of held-out set 287's category (prompt files and plans written in sentences, as
    # dmh2000/simple-queries's prompts/clone.md is): an untagged block's "npm install zod. Then create the schema." was
    # read as installing npm's `zod.`, `Then`, `create`, `the` and `schema`. The command before the stop is read, and an
    # invented name there is still found; a sentence inside quotes leaves the command after it read
    text = ("```\nnpm install zod. Then create the schema.\npip install httpx. Use it for the client\n```\n\n```bash\n"
            "npm install zzqq-invented-a. Then run it.\necho \"Done. Next step\" && pip install zzqq-invented-b\n```\n")
    found = sorted((m.key.ecosystem, m.key.name, m.location.line, m.location.column)
                   for m in mentions_in_text(Source(path="docs/plan.md", text=text)) if m.origin is Origin.COMMAND)
    assert found == [("npm", "zod", 2, 13), ("npm", "zzqq-invented-a", 7, 13), ("pypi", "httpx", 3, 13),
                     ("pypi", "zzqq-invented-b", 8, 39)]


def test_a_plain_block_that_lists_manifest_files_is_no_requirements_list():
    # PyBaMM's CONTRIBUTING.md: "Installation of PyBaMM and its dependencies is handled via uv or pip. A `uv.lock`
    # lockfile is maintained …  Configuration files:" then an untagged block of `pyproject.toml` and `uv.lock`,
    # read as a requirements list of pyproject-toml and uv-lock (PyPI: 404)
    before = "Installation of PyBaMM and its dependencies is handled via uv or pip.\n\nConfiguration files:"
    assert sniff("pyproject.toml\nuv.lock", context=before) == ""
    assert sniff("requirements.txt\npackage.json\nCargo.toml", context=before) == ""
    text = f"{before}\n```\npyproject.toml\nuv.lock\n```\n\nInstall the dependencies:\n\n```\nrequests\nuv-lockk\n```\n"
    source = Source(path="CONTRIBUTING.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == ["requests", "uv-lockk"]


def test_a_file_name_heading_a_block_of_names_leaves_the_names_judged():
    # r26 #1: an answer's block headed by the file the names go in ("requirements.txt", then the names) is still a
    # requirements list: every invented name in it is found
    text = "Create the file and add the dependencies:\n\n```\nrequirements.txt\nflask\nflask-sqlalchemy-utilz\nreqeusts\n```\n"
    names = {m.key.name for m in mentions_in_text(Source(path="answer.md", text=text))}
    assert {"flask", "flask-sqlalchemy-utilz", "reqeusts"} <= names


def test_dotted_distribution_names_that_end_like_a_file_still_make_a_requirements_list():
    # names whose suffix is a file extension are no manifest's own file name: ruamel.yaml, flufl.lock
    assert sniff("ruamel.yaml\nflufl.lock", context="The dependencies:") == "file:requirements.txt"


def test_an_install_command_after_no_is_a_noun_not_a_command():
    # awesome-copilot's architecture skill (spot set 191): a PowerShell comment `# ─── Step 2: Built-in Script Path
    # Discovery (no pip install needed) ───` was read as installing the PyPI package `needed`. After "no" an install
    # command is the thing the step does without, not a run, when what follows is a plain word; a name shaped like a
    # package after "no pip install" is still read. Commands said otherwise in the same comments (after a
    # colon, after "then", at the start) still name their packages
    text = ("```powershell\n$x = 1\n# ─── Step 2: Built-in Script Path Discovery (no pip install needed) ───\n"
            "# no npm install step is required here\n"
            "# no pip install invented-pkg-after-no needed\n"
            "# requires: pip install invented-pkg-colon\n"
            "# Then pip install invented-pkg-then\n"
            "# pip install invented-pkg-start\n```\n")
    source = Source(path="README.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == [
        "invented-pkg-after-no", "invented-pkg-colon", "invented-pkg-start", "invented-pkg-then"]


def test_a_runner_named_as_a_noun_in_a_comments_sentence_runs_nothing():
    # Desktop Commander's README, `# For npx installations, modify your claude_desktop_config.json:`, and
    # chrome-devtools-mcp's troubleshooting page, `rm -rf ~/.npm/_npx # NOTE: this might remove other installed npx
    # executables.` (held-out set 184), were read as running the npm packages `installations` and `executables`:
    # after a determiner, a preposition or an adjective the runner is a noun's modifier, not a command. A runner
    # said as a run in the same comments (after the noun phrase, after a verb, at the comment's start) still
    # names its package
    text = ("```bash\n# For npx installations, modify your claude_desktop_config.json:\nnode dist/index.js\n"
            "rm -rf ~/.npm/_npx # NOTE: this might remove other installed npx executables.\n"
            "# For npx installations, run npx invented-mcp-server-x instead\n"
            "# Use the npx command: npx invented-mcp-server-y\n"
            "# Then run npx invented-mcp-server-z\n"
            "# uvx invented-mcp-server-w\n```\n")
    source = Source(path="README.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == [
        "invented-mcp-server-w", "invented-mcp-server-x", "invented-mcp-server-y", "invented-mcp-server-z"]


def test_a_runner_after_a_determiner_that_names_a_package_still_runs_it():
    # Reviewer r29 (b3283c11): the determiner rule took every runner after `the`/`for`/`your`… for a noun's modifier,
    # so a comment naming the package the runner starts ("# Configure the npx invented-mcp-bridge server in your
    # client", "# Use the npx @acme/invented-mcp command") named nothing and an invented package passed. Only a plain
    # word after the runner is the noun it modifies (npx installations, npx executables, npx cache)
    text = ("```bash\n# Configure the npx invented-notion-mcp-bridge server in your client\n"
            "# Use the npx @mcpkit/invented-notion-server command\n"
            "# Works for npx invented_cli_2 too\n"
            "# For npx installations, modify your config\n"
            "# this might remove other installed npx executables.\n```\n")
    source = Source(path="README.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == [
        "@mcpkit/invented-notion-server", "invented-notion-mcp-bridge", "invented_cli_2"]


def test_a_block_the_sentence_before_it_calls_an_ignore_file_is_no_requirements_list():
    # The Odin Project's restaurant-page project (held-out set 201): "you will not need to install and configure
    # `html-loader`", then "Create a `.gitignore` file … It should contain the text `node_modules` and `dist`" before
    # a ```text block of those two lines, read as a requirements list naming node-modules and dist
    prose = ("1. Start the project. If you do not plan to use images, you will not need to install and configure "
             "`html-loader`.\n1. Create a `.gitignore` file in the root of your project. It should contain the text "
             "`node_modules` and `dist` on separate lines.\n\n")
    text = prose + "   ```text\n   node_modules\n   dist\n   ```\n"
    assert list(mentions_in_text(Source(path="project_restaurant_page.md", text=text))) == []
    for ignore in (".dockerignore", "`.npmignore`", "frontend/.gitignore"):
        block = f"Install the dependencies, then add these lines to {ignore}:\n\n```\nbuild\ncoverage\n```\n"
        assert list(mentions_in_text(Source(path="guide.md", text=block))) == []
    # the same block after a sentence naming no ignore file is still a requirements list, and so is one that a
    # sentence about the ignore file two paragraphs up does not introduce
    plain = prose.replace("Create a `.gitignore` file", "Create a `tools` folder") + (
        "   ```text\n   invented-loader\n   dist\n   ```\n")
    assert [m.key.name for m in mentions_in_text(Source(path="guide.md", text=plain))] == ["invented-loader", "dist"]
    later = prose + "Then install these packages:\n\n```\ninvented-loader\ndist\n```\n"
    assert [m.key.name for m in mentions_in_text(Source(path="guide.md", text=later))] == ["invented-loader", "dist"]


def _read(text: str, path: str = "guide.md") -> list[tuple[str, int]]:
    return [(m.key.name, m.location.line) for m in mentions_in_text(Source(path=path, text=text))]


def test_an_install_the_sentence_says_finds_no_such_package_installs_nothing():
    # The Odin Project's js_bundling lesson (held-out set 201): "If you try using `yarn add
    # @hotwired/stimulus-loading`, you'll see that a package with that name can't be found. This package is only
    # meant to be used with importmaps": the install is quoted to say it fails (npm has no such package)
    lesson = ("This error is a bit more confusing. If you try using `yarn add @hotwired/stimulus-loading`, you'll see "
              "that a package with that name can't be found. Run `yarn add @hotwired/stimulus` instead.\n")
    assert _read(lesson, "js_bundling.md") == [("@hotwired/stimulus", 1)]
    assert _read("Running `npm install invented-x` gives `npm error 404`, package not found.\n"
                 "`pip install invented-y` fails: the module does not exist on PyPI.\n") == []
    # an install offered as the way out of a missing package, or one the sentence makes conditional on it, and an
    # install in a sentence that says nothing of a missing package, are still read
    assert _read("If the package can't be found, run `pip install invented-z`.\n"
                 "Run `npm install invented-w` if the package is not found in your cache.\n"
                 "If you try using `yarn add invented-v`, you'll see that it builds.\n") == [
        ("invented-z", 1), ("invented-w", 2), ("invented-v", 3)]
    # reviewer r30: what happens when the install is not run is no failed install: still read
    assert _read("Install the client with `pip install invented-sdk-client`, otherwise Python raises a module not found "
                 "error.\nRun `npm install invented-build-kit` first or the build fails because the module is not found.\n"
                 "Add `yarn add invented-plugin-q`; without it the module does not exist for webpack.\n") == [
        ("invented-sdk-client", 1), ("invented-build-kit", 2), ("invented-plugin-q", 3)]
    # reviewer r31: an install whose sentence names the error it is the way out of, or says the package is missing from
    # another place, says nothing of what the install gives: still read (an LLM's usual answer to a missing module)
    assert _read('Run `pip install invented-sdk-client` to fix the "module not found" error.\n'
                 "Install with `pip install invented-third-kit` because on conda the package can't be found.\n"
                 "Add `npm install invented-webpack-helper` to get rid of webpack's 'Module not found' error.\n") == [
        ("invented-sdk-client", 1), ("invented-third-kit", 2), ("invented-webpack-helper", 3)]
    # ... and so does one whose sentence says what happens without it after the missing module's words
    assert _read("Run `pip install invented-after-kit`, you'll get a module not found error otherwise.\n"
                 "Use `npm install invented-after-ui`: it says the module is not found unless it is installed.\n") == [
        ("invented-after-kit", 1), ("invented-after-ui", 2)]


def test_an_install_the_sentence_says_is_not_published_yet_installs_nothing():
    # pipecat-ai/docs, the Ringg STT page (held-out set 204): "It is not yet published to PyPI, so install it directly
    # from GitHub", then "A PyPI package (`pip install pipecat-ringg`) will be published after community review": the
    # page tells no one to run the quoted install now (PyPI has no pipecat-ringg)
    note = ("<Note>\n  A PyPI package (`pip install pipecat-ringgz`) will be published after community\n  review.\n"
            "</Note>\n\nThe SDK (`npm install @ringgz/sdk`) is not yet released.\n")
    assert _read(note, "ringg.mdx") == []
    # other words of the future, and a release of something else further on in the sentence, say nothing of the
    # package: still read
    assert _read("Use `pip install ringg-winz`; it will be available on Windows later.\n"
                 "Run `pip install ringg-helperz`, the next major version will be released soon.\n"
                 "Install `pip install ringg-toolz`. Version 2 will be published next month.\n") == [
        ("ringg-winz", 1), ("ringg-helperz", 2), ("ringg-toolz", 3)]
    # reviewer r31: a release of something else said right after the span is no word on the command's package (the
    # 24 characters the first version looked through took "; v2 will be released soon" for the package's own)
    assert _read("Install it with `pip install ringg-kitz`; v2 will be released soon.\n"
                 "Run `npm install ringg-ui-kitz` (the next major is not yet released).\n"
                 "Use `pip install ringg-agentz` now, version 1.0 is not yet published.\n") == [
        ("ringg-kitz", 1), ("ringg-ui-kitz", 2), ("ringg-agentz", 3)]
    # ... while one that names the command's package by a pronoun is still no install
    assert _read("Install `pip install ringg-laterz`, which is not yet published.\n") == []


def test_a_sentence_telling_the_reader_to_run_an_unformatted_command_is_read():
    # a probe of held-out set 204's category (documentation repositories) found prose commands with no code span read
    # only after a colon: "Run pip install x to get started." and a chat answer's "You can install it by running pip
    # install x." named nothing, so an invented name there went unjudged
    text = ("Run pip install zorbax-one to get started.\n"
            "- First, run npm install zorbax-two, then start the server.\n"
            "You can install it by running pip install zorbax-three.\n"
            "Then run npx zorbax-four init my-app. Run npm install zorbax-five globally.\n")
    assert sorted(_read(text, "docs/quickstart.mdx")) == [("zorbax-five", 4), ("zorbax-four", 4), ("zorbax-one", 1),
                                                  ("zorbax-three", 3), ("zorbax-two", 2)]
    # a verb in the middle of another sentence (a changelog's), the project's own install, and a runner named as a
    # noun start none
    assert _read("Fix a crash when running npm install behind a proxy.\nFixed: running npm install failing on Windows.\n"
                 "Run npm install and npm test before sending a PR.\nRun pip install -e . in the repo root.\n"
                 "Run the npx command below.\n", "CHANGELOG.md") == []


def test_a_block_its_author_marks_as_output_is_no_requirements_list():
    # The Carpentries' lessons (held-out set 201's category): the Workbench fences a program's output as ```output, the
    # older lesson template closes an untagged ~~~ block with kramdown's `{: .output}` or `{: .error}`; after prose
    # about installing, modules or libraries (any Python lesson's words), a printed list of the lesson's own names was
    # read as a requirements list
    prose = "Once the packages are installed, the script prints the names of the modules it found:\n\n"
    workbench = prose + "```output\ninflammation_tools\nreadings\n```\n"
    legacy = prose + "~~~\ninflammation_tools\nreadings\n~~~\n{: .output}\n\n> > ~~~\n> > lesson_utils\n> > data_loader\n" \
                     "> > ~~~\n> > {: .error}\n"
    assert _read(workbench) == [] and _read(legacy) == []
    # a block tagged text, or an untagged block without the mark, after the same prose is still a requirements list,
    # and so is output that prints a requirements file (python-intermediate-development: `cat requirements.txt`)
    assert _read("```bash\n$ cat requirements.txt\n```\n\n```output\ninvented-tools==1.2.0\nsix==1.16.0\n```\n") == [
        ("invented-tools", 6), ("six", 7)]
    assert _read(prose + "```text\ninvented-tools\nreadings\n```\n") == [("invented-tools", 4), ("readings", 5)]
    assert _read(prose + "~~~\ninvented-tools\nreadings\n~~~\n\nNext, the output:\n") == [("invented-tools", 4), ("readings", 5)]


ANSWER = """\
You should run pip install flask-security-utilz before importing it.
Just use npm install invented-thing-zq to get started.
Install it with pip install another-invented-zq, then import it.
If the pip install fails, try upgrading pip first.
When npm install finishes, start the server.
Make sure pip install works before you continue; the npm install step can take a while.
"""


def _said(text: str, read_sentences: bool) -> list[str]:
    from depguard.parsers import Hints

    source = Source(path="answer.md", text=text, hints=Hints(read_sentences=read_sentences))
    return sorted(m.key.name for m in mentions_in_text(source))


def test_an_answers_sentence_telling_its_reader_to_run_an_install_names_its_packages():
    # a chat answer's plain sentence that tells its reader to run an install with other words than an imperative at its
    # start ("You should run pip install x", "Install it with pip install x") was not read: an invented name there
    # passed as "0 packages checked"; a sentence that only names the command ("When npm install finishes", "make sure
    # pip install works", "the npm install step") still names nothing
    assert _said(ANSWER, True) == ["another-invented-zq", "flask-security-utilz", "invented-thing-zq"]
    # a repository's documents keep reading a line that is a command, a colon's command and code spans only
    assert _said(ANSWER, False) == []


def test_the_changelog_sentences_name_no_more_when_read_as_an_answer():
    text = (FIXTURES / "changelog_sentences.rst").read_text()
    assert _said(text, True) == _said(text, False)


def test_a_comment_saying_how_an_install_behaves_or_turning_a_runner_feature_on_names_no_package():
    # Held-out set 228: Archon's ai-assistants page, `# Windows: npm install works but is experimental.`, and
    # claude-task-master's Codex CLI page, `# Or enable npx fallback in config`, were read as installing the npm
    # packages `works` and `fallback`: a verb after the command says how it behaves (works, broke, hangs, takes …),
    # and after enable/disable the runner modifies a feature's noun. Commands said in the same comments with a
    # package's name still name it
    text = ("```bash\n# Windows: npm install works but is experimental.\n"
            "# pip install hangs behind a proxy\n"
            "# Or enable npx fallback in config\n"
            "# disable uvx caching\n"
            "# Windows: npm install invented-works-pkg\n"
            "# Or enable npx invented-fallback-cli in config\n"
            "# npm install broke? then pip install invented-after-broke\n```\n")
    source = Source(path="docs/ai-assistants.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == [
        "invented-after-broke", "invented-fallback-cli", "invented-works-pkg"]


def test_a_command_span_said_as_what_another_replaces_names_no_package():
    # claude-task-master's CHANGELOG.md (held-out set 228): "Update `.cursor/mcp.json` template to use `node
    # ./mcp-server/server.js` instead of `npx task-master-mcp`" was read as running the npm package task-master-mcp
    # (DG001): after "instead of", "rather than", "in place of" the span is the command given up. The command the
    # sentence recommends, and a span after "instead" said alone, are still read
    text = ("- **Fix MCP Server Launch:** Update `.cursor/mcp.json` template to use `node ./mcp-server/server.js` "
            "instead of `npx invented-replaced-mcp`.\n"
            "Run `uv add invented-kept-a` rather than `pip install invented-replaced-b`.\n"
            "Use `npx invented-new-cli` in place of \"npx invented-old-cli\".\n"
            "Instead, run `pip install invented-after-instead`.\n")
    source = Source(path="CHANGELOG.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == [
        "invented-after-instead", "invented-kept-a", "invented-new-cli"]


def test_a_comment_saying_what_an_install_does_names_no_package():
    # A probe of held-out set 228's category (coding agents' notes): `# npm install creates the lockfile`, `# pip
    # install pulls in torch, which is large`, `# npm install fetches packages from the registry` were read as the
    # packages creates, pulls, fetches and packages: the verb says what the command does. A package said in the same
    # position by a comment that is the command itself, or after such a sentence, is still read
    text = ("```bash\n# npm install creates the lockfile\n"
            "# pip install pulls in torch, which is large\n"
            "# npm install fetches packages from the registry\n"
            "# npm install sometimes hangs on CI\n"
            "# pip install invented-pulls-pkg\n"
            "# npm install uses the cache; then npm install invented-after-uses\n```\n")
    source = Source(path="CLAUDE.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == [
        "invented-after-uses", "invented-pulls-pkg"]


def test_an_agents_note_saying_how_an_install_ended_names_no_package():
    # A probe of held-out set 260's category (browser agents; OpenDevBrowser's docs/investigations notes): "Root cause:
    # npm install skipped postinstall scripts", "Blocker: pnpm install errors because lockfile drifted", "Status: yarn
    # add completes but warns" named skipped, postinstall, scripts, errors and completes. The same labels before a
    # command that installs a package still name it
    text = ("## Root cause: npm install skipped postinstall scripts\n\n"
            "- Blocker: pnpm install errors because lockfile drifted\n"
            "- Outcome: pip install exits with code 1, then npm install aborted\n\n"
            "Status: yarn add completes but warns.\n\n"
            "- Fix: npm install invented-fix-pkg\n"
            "- Blocker: pnpm add invented-blocker-pkg\n")
    source = Source(path="notes.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == [
        "invented-blocker-pkg", "invented-fix-pkg"]


def test_a_plain_block_that_lists_page_files_is_no_requirements_list():
    # held-out set 222's spot set: Arize-ai/phoenix's .agents/skills/phoenix-typescript-package-docs/SKILL.md says
    # "Inside each package `docs/` folder, prefer a flat page layout such as:" then an untagged block of
    # `overview.mdx` and `experiments.mdx`, read as a requirements list of overview-mdx and experiments-mdx (PyPI: 404).
    # Documents', components' and pictures' file names list files; a made-up name among them, and dotted
    # distributions that end like code or data files, still make a requirements list
    before = "Inside each package `docs/` folder, prefer a flat page layout such as:"
    assert sniff("overview.mdx\nexperiments.mdx", context=before) == ""
    assert sniff("index.html\nButton.tsx\nlogo.svg\nREADME.md", context="The package files:") == ""
    assert sniff("overview.mdx\nexperiments-kit-madeup", context=before) == "file:requirements.txt"
    assert sniff("discord.py\nruamel.yaml", context="The dependencies:") == "file:requirements.txt"
    text = f"{before}\n\n```text\noverview.mdx\nexperiments.mdx\n```\n\nThe packages:\n\n```\nrequests\noverview-mdx-kit\n```\n"
    source = Source(path="SKILL.md", text=text)
    assert sorted(m.key.name for m in mentions_in_text(source) if m.origin is not Origin.IMPORT) == ["overview-mdx-kit",
                                                                                                      "requests"]


def test_semicolon_separated_rows_are_not_requirements_with_markers():
    # apinizer/agentnizer-cookbook's .claude/skills/process-issues/SKILL.md: the CSV format after "Header row
    # required. Columns (in order, semicolon- or comma-separated):" was read as a requirements list whose ';' opened
    # environment markers, each row a parse problem ("Expected a marker variable"): exit 3 on a healthy tree
    rows = ("task_type;title;description;module\n"
            "bug;Login button does nothing on mobile;Tested on Safari iOS 18; the click does not register;frontend\n"
            "feature;Webhook endpoint for inbound events;Accept signed JSON, queue for processing;backend")
    context = "Header row required. Columns (in order, semicolon- or comma-separated):"
    assert sniff(rows, context=context) == ""
    text = f"## CSV Format\n\n{context}\n\n```\n{rows}\n```\n"
    assert list(mentions_in_text(Source(path=".claude/skills/process-issues/SKILL.md", text=text))) == []
    # requirement lines whose ';' opens a marker (a variable, a quoted string, a parenthesis) stay requirements,
    # and an invented name among them is still read
    markers = ('requests\nnumpy; python_version >= "3.9"\npandas ; \'linux\' in sys_platform\n'
               'torch ; (sys_platform == "linux")\nreqeusts-helperz; extra == "http"')
    assert sniff(markers, context="The requirements:") == "file:requirements.txt"
    found = sorted(m.key.name for m in mentions_in_text(Source(path="README.md", text=f"The requirements:\n\n```\n{markers}\n```\n")))
    assert found == ["numpy", "pandas", "reqeusts-helperz", "requests", "torch"]


def test_a_prompt_line_opening_with_a_bracketed_word_is_no_toml_table():
    # SafeRL-Lab/nano-claude-code's docs/guides/recipes.md: its REPL's prompt in untagged blocks,
    # "[project] » Review the code in src/api.py for security issues, …", sniffed as a pyproject.toml (a table
    # header's start) and failed TOML: eleven parse problems on a healthy tree
    prompt = ("[project] » Review the code in src/api.py for security issues, performance \n"
              "             problems, and potential bugs. Be specific with line numbers.")
    assert sniff(prompt) == ""
    source = Source(path="docs/guides/recipes.md", text=f"For a review:\n\n```\n{prompt}\n```\n")
    assert list(mentions_in_text(source)) == []
    # a table header on a line of its own (a comment after it, an array of tables, CRLF) is still a manifest block,
    # and its invented dependency is read
    assert sniff('[project]  # the package\r\nname = "x"\r\ndependencies = ["reqeusts-helperz"]\r\n') == "file:pyproject.toml"
    assert sniff('[[tool.uv.index]]\nname = "pytorch"\nurl = "https://download.pytorch.org/whl/cpu"') == "file:pyproject.toml"
    assert sniff('[tool.poetry.group.dev.dependencies]\npytest = "^8"') == "file:pyproject.toml"
    assert sniff("[dependencies] » add serde\nserde = 1") == ""
    assert sniff('[dependencies]\nserde = "1"') == "file:Cargo.toml"
    assert sniff("[deps] » list") == ""
    block = '```\n[project]\nname = "x"\ndependencies = ["reqeusts-helperz>=1"]\n```\n'
    assert [m.key.name for m in mentions_in_text(Source(path="README.md", text=block))] == ["reqeusts-helperz"]


def test_a_sniffers_line_pattern_splits_a_line_one_way_only():
    # reviewer r34, crafted: the pyproject sniffer's dotted part `[\w."-]+` held the dot, so an untagged block's
    # `[project.a.a.a…a x` split 2^n ways (25 parts 12 s, 28 a minute and a half, 40 never ends), and the requirement
    # sniffers' version tail `[\w.*+!-]*` took a '!' a next bound could start with (`ab==1!1!1…!1 ?`, 22 parts a
    # minute); a run of blanks after a version was split between two `\s*` (quadratic). These blocks are no manifests
    header = "[project" + ".a" * 40 + " x"
    assert sniff(header) == ""
    bangs = "requests>=2\nab==1" + "!1" * 40 + " ?"
    assert sniff(bangs, context="Install the requirements:") == ""
    blanks = "requests>=2\nab==1" + " " * 20_000 + "?"
    assert sniff(blanks, context="Install the requirements:") == ""
    # headers with quoted dotted keys, and requirement lines with an epoch, a '!=' bound after a version and blanks
    # around commas, are still read, an invented name among them too
    assert sniff('[tool.uv.sources."my.pkg"]\npath = "x"') == "file:pyproject.toml"
    assert sniff("[tool.uv.sources.'a.b']  # local\npath = \"x\"") == "file:pyproject.toml"
    lines = "numpy >= 1.2 , < 2 \nab==1!2.0\nxy>=1.0,!=1.1\nreqeusts-helperz~=1.0  "
    assert sniff(lines, context="Install the requirements:") == "file:requirements.txt"
    found = sorted(m.key.name for m in mentions_in_text(Source(path="README.md", text=f"Install:\n\n```\n{lines}\n```\n")))
    assert found == ["ab", "numpy", "reqeusts-helperz", "xy"]


def test_a_command_span_the_sentence_forbids_is_not_run():
    # coding agents' instruction files say what must not be run as often as what must (held-out set 234's category):
    # nnUNet's benchmarking page "Never `pip install torch`!", Roo-Code's rules "… NOT `npx vitest run src/…`",
    # vercel-labs/agent-browser's skill "never `npx agent-browser`" were read as runs of those packages
    def names(text: str) -> list[str]:
        return [m.key.name for m in mentions_in_text(Source(path="AGENTS.md", text=text))]

    assert names("Never run `npm install left-pad-zq` (deprecated).") == []
    assert names("- Don't use `pip install sklearn-zq`; use scikit-learn.") == []
    assert names("Avoid `pip install avoid-zq` in CI. Do NOT `npm i bad-zq`.") == []
    assert names("Use `uv add good-zq`, not `pip install notme-zq`.") == ["good-zq"]
    assert names("Run `npm install keep-zq` and never `npm i drop-zq`.") == ["keep-zq"]
    # a condition before the prohibition makes the command the one to run; other negations say nothing of it
    assert names("If you don't run `npm install cond-zq` first, the build fails.") == ["cond-zq"]
    assert names("Don't forget to run `pip install forget-zq`.") == ["forget-zq"]
    assert names("Whenever you can, run `pip install whenever-zq`.") == ["whenever-zq"]
    # reviewer r34: a question suggesting the command recommends it (an answer's "Why not `pip install x`?")
    assert names("Why not `pip install why-zq`? It does everything.") == ["why-zq"]
    assert names("Why not run `npm install why-run-zq` and be done?") == ["why-run-zq"]


def test_a_prohibition_of_how_a_command_is_run_keeps_the_command_read():
    # coordinator's review of d4459ce0: "Do not run `pip install x` without a virtual environment" forbids a manner, not
    # the command: the reader runs it, in a virtual environment, so an invented name there must still be judged
    def names(text: str) -> list[str]:
        return [m.key.name for m in mentions_in_text(Source(path="AGENTS.md", text=text))]

    assert names("Do not run `pip install venv-zq` without a virtual environment.") == ["venv-zq"]
    assert names("Never `npm install glob-zq` globally; add it to devDependencies.") == ["glob-zq"]
    assert names("Don't `pip install root-zq` as root or with sudo.") == ["root-zq"]
    assert names("Never run `pip install host-zq` on the host, only inside the container.") == ["host-zq"]
    # a prohibition with no manner after the span still drops it, and a manner in another sentence does not count
    assert names("Never run `pip install gone-zq`. Work without a venv at your own risk.") == []
    assert names("Don't use `pip install gone2-zq`; use the lockfile without changes.") == []


def test_according_ends_a_command_said_in_a_sentence():
    # held-out set 286: volatilityfoundation/community3's Gerhart_Hyper_V/README.md tells its reader, under "1. install
    # modules (yara-python, pefile, pycpryptodome)", to run `pip install yara-python according
    # https://github.com/VirusTotal/yara-python` ("according to" that page): `according` was judged a missing PyPI name
    text = ("1. install modules (yara-python, pefile)\n\n\tpip install yara-python according "
            "https://github.com/VirusTotal/yara-python\n\tpip install pefile\n\tpip install yara-pythonx accordingx\n")
    found = sorted((m.key.name, m.location.line) for m in mentions_in_text(Source(path="README.md", text=text)))
    assert found == [("accordingx", 5), ("pefile", 4), ("yara-python", 3), ("yara-pythonx", 5)]


def test_within_ends_a_command_said_in_a_sentence():
    # held-out set 300's spot set: ensdomains/ens-app-v3's README, under "External Package Local Development", tells its
    # reader "3. Run pnpm install within this repo:": `within` was judged a missing npm name. A name before it is still
    # read, and a made-up word that only starts like it is still a name (npm has a `within`, 0.1.0, judged where
    # a command is written as one)
    text = ("2. Link a local package:\n\n3. Run pnpm install within this repo:\n\n"
            "4. Run npm install left-pad within the app folder\n\n5. Run npm install withinx-zq\n")
    found = sorted((m.key.name, m.location.line) for m in mentions_in_text(Source(path="README.md", text=text)))
    assert found == [("left-pad", 5), ("withinx-zq", 7)]
    # a command written as one, in a shell fence or after a prompt, keeps the word: npm's `within` is judged there
    fenced = "```sh\nnpm install within\n```\n\n$ npm install within\n"
    assert sorted((m.key.name, m.location.line) for m in mentions_in_text(Source(path="README.md", text=fenced))) == [
        ("within", 2), ("within", 5)]
