"""reStructuredText has no fences, and a sentence that mentions a file does not caption the next block (issue 12:
flask's docs/cli.rst read a '~~~~' heading underline as a fence and reported a broken pyproject.toml; hugo's
command docs read a usage block as go.sum): both were parse problems, so exit 3 on healthy repositories."""

from __future__ import annotations

from pathlib import Path

from depguard.model import Origin
from depguard.parsers import Source
from depguard.text import mentions_in_text

FIXTURES = Path(__file__).parent / "fixtures"


def scan(path: str) -> tuple[list[tuple[str, int]], list]:
    source = Source(path=path, text=(FIXTURES / path).read_text())
    found = sorted((m.key.name, m.location.line) for m in mentions_in_text(source) if m.origin is not Origin.IMPORT)
    return found, source.problems


def test_rst_heading_underlines_are_not_fences():
    found, problems = scan("sections.rst")
    assert found == [("flask-sqlalchemy", 7)]  # the command between two headings is read, not swallowed
    assert problems == []


def test_a_sentence_naming_files_does_not_caption_a_block_but_an_introduction_does():
    found, problems = scan("command_usage.md")
    assert found == [("requests", 12)]  # "Add this to `requirements.txt`." captions its block
    assert problems == []


def test_a_file_named_in_parentheses_is_an_aside_not_the_caption_of_the_next_block():
    # crewAI's Korean docs: "inside a crew project (where `pyproject.toml` lives) this creates …:" before a
    # folder listing was read as a broken pyproject.toml (30 read problems); the next caption still counts
    found, problems = scan("parenthetical_caption.md")
    assert found == [("rich", 16)]
    assert problems == []


def test_a_docs_block_whose_writer_left_lines_out_with_an_ellipsis_is_read_without_them():
    # instructor's blog: a pyproject block with `...` lines was a read problem; a really broken block still is one
    found, problems = scan("elided_block.md")
    assert ("openai", 8) in found
    assert problems and all("Unclosed array" in p.message for p in problems)  # only the broken block


def test_a_toml_block_of_alternative_lines_reads_every_choice():
    # sqlx's README: `# PICK ONE OF THE FOLLOWING:` and a `sqlx = {…}` line per runtime in one Cargo.toml block
    # was a read problem (TOML sets a key once) and judged no name; each choice is now read, at its own line. A
    # repeated key over several lines is still a problem
    found, problems = scan("alternative_lines.md")
    assert found == [("serde", 16), ("sqlx", 11), ("sqlx", 13), ("sqlx", 15)]
    assert len(problems) == 1 and "Cannot overwrite a value" in problems[0].message  # the second block


def test_a_block_of_commands_is_a_run_even_when_the_sentence_before_it_names_a_file():
    # uv's docs/concepts/projects/dependencies.md: "Dependencies declared in a `requirements.txt` file can be added
    # to the project with the `-r` option:" before `uv add -r requirements.txt` was read as a broken requirements.txt
    found, problems = scan("command_after_file_caption.md")
    assert found == [("requests", 12)]
    assert problems == []


def test_a_captioned_block_that_is_not_the_named_file_is_read_as_the_block_it_is():
    # netbox's install docs ("add the package to `local_requirements.txt`:" before `sudo sh -c "echo …"`) and
    # gradio's CONTRIBUTING ("Delete `/node_modules` and `pnpm-lock.yaml`:" before `rm` lines): the prose named
    # a file the commands act on, not the block's text; a block that is the file but broken is still a problem
    found, problems = scan("caption_of_a_command_block.md")
    assert found == [("django", 26), ("flask-cors", 20)]
    assert [p.location.line for p in problems] == [27, 39]  # and a cut JSON file (fresh's diff of deno.json)


def test_a_tools_version_banner_in_a_console_transcript_is_output_not_a_command():
    # netbox's web UI docs: `$ yarn upgrade bootstrap --latest` prints `yarn upgrade v1.22.19` (read as installing
    # the npm name `v1.22.19`); an unprompted install line among prompted ones is still read
    text = ("```\n$ yarn upgrade bootstrap --latest\nyarn upgrade v1.22.19\n[1/4] Resolving packages...\n"
            "yarn add left-pad\nDone in 0.95s.\n```\n")
    source = Source(path="web-ui.md", text=text)
    found = sorted((m.key.name, m.location.line) for m in mentions_in_text(source) if m.origin is not Origin.IMPORT)
    assert found == [("bootstrap", 2), ("left-pad", 5)]


def test_a_json_manifest_excerpt_with_comments_and_trailing_commas_is_read_as_jsonc():
    # filament's contributing guide: "Install the packages in your app's `composer.json`:" before a ```jsonc block
    # with `// ...` elisions and a trailing comma was a read problem ("not valid JSON"); a broken one still is
    found, problems = scan("jsonc_manifest_excerpt.md")
    assert found == [("acme/widgets", 14), ("left-pad", 35)]
    assert [p.location.line for p in problems] == [47]


def test_a_json_manifest_excerpt_of_members_without_the_objects_braces_is_read():
    # a PHP library's README in streetsidesoftware/vscode-spell-checker's samples: "Install the package via composer
    # by adding this section to the composer.json file:" before `"require": {"revinate/sequence": "~0.4"},` was a
    # read problem ("not valid JSON: Extra data") and its name went unjudged; a broken one still is a problem
    found, problems = scan("json_members_excerpt.md")
    assert found == [("acme/widget-tests", 21), ("acme/widgets", 18), ("revinate/sequence", 9)]
    assert [p.location.line for p in problems] == [28]


def test_asciidoc_listing_and_literal_blocks_are_code_blocks_and_comment_blocks_are_not_text():
    # rubocop's Antora docs (docs/modules/ROOT/pages/*.adoc): `[source,sh]` + `----` blocks holding
    # `$ gem install rubocop` were never read (AsciiDoc was no document depguard knew): a silent miss.
    # A `////` comment block is not part of the page.
    found, problems = scan("antora_page.adoc")
    assert found == [("toolkit-bridge", 21), ("toolkit-lint", 8), ("toolkit-lint", 15), ("toolkit-lint-js", 28)]
    assert problems == []


def test_a_block_in_the_manifests_language_that_the_caption_names_is_that_manifest():
    # rubocop's and every gem's README: "Add this line to your application's Gemfile:" before a ruby block; the
    # same shape for mix.exs (elixir), pubspec.yaml (yaml) and build.gradle.kts (kotlin): the language's tag hid
    # the file the caption names, so these install instructions yielded no mention. Code the file's parsers do
    # not read as that file stays code (Bundler.setup names no gem).
    source = Source(path="README.md", text=(FIXTURES / "install_sections.md").read_text())
    found = sorted((m.key.ecosystem, m.key.name, m.location.line) for m in mentions_in_text(source)
                   if m.origin is Origin.MANIFEST)
    assert found == [("hex", "widgetry_ex", 22), ("maven", "dev.widgetry:widgetry-core", 42),
                     ("pub", "widgetry_flutter", 33), ("rubygems", "widgetry", 8)]
    assert source.problems == []


def test_only_a_manifest_known_by_its_own_name_takes_over_a_language_tagged_block():
    # a format that looks at every *.yml file's content (compose) does not make any YAML caption its manifest
    from depguard.text import _manifest_name

    assert [_manifest_name(n) for n in ("Gemfile", "pubspec.yaml", "build.gradle.kts", "ci.yml", "notes.txt")] == [
        True, True, True, False, False]


def test_a_toml_docs_block_whose_writer_left_a_value_out_is_read_with_the_key_kept():
    # kedro-academy's extending-kedro README: `custom_kedro_hook = ...` under `[project.entry-points."kedro.hooks"]`
    # was a read problem, reported twice (pyproject.toml is pixi's file too); an elided dependency's name is still
    # judged, and a block broken for another reason is still one problem, once
    found, problems = scan("elided_value.md")
    assert found == [("kedro", 17)]
    assert [p.message.split(":")[0] for p in problems] == ["pyproject.toml block"]


def test_a_root_prompt_or_quoted_command_in_prose_ends_where_the_sentence_goes_on():
    # xinference's doc/source/getting_started/troubleshooting.rst (a `.. code-block:: bash`, read as prose lines):
    # `# uv pip install "xinference[audio]" will then install the following packages (as of Oct 27, 2025):` looked up
    # `install` and `following` on PyPI; the prose words after the command are the sentence's, as on a bare line
    text = ("Mirrors\n=======\n\n.. code-block:: bash\n\n"
            "   # uv pip install \"xinference[audio]\" will then install the following packages (as of Oct 27, 2025):\n"
            "   + x-transformers==2.10.2\n\n"
            "> pip install quotedpkg-madeup will pull in the following\n\n"
            "# pip install rootpkg-madeup another-madeup\n\n"
            "$ pip install strongpkg-madeup the\n")
    source = Source(path="docs/troubleshooting.rst", text=text)
    found = sorted((m.key.name, m.location.line) for m in mentions_in_text(source) if m.origin is Origin.COMMAND)
    # every name the commands install is still read (an invented one too); a `$ ` prompt's words are all arguments
    assert found == [("another-madeup", 11), ("quotedpkg-madeup", 9), ("rootpkg-madeup", 11),
                     ("strongpkg-madeup", 13), ("the", 13), ("xinference", 6)]
