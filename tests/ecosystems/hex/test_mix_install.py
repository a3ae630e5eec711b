"""``Mix.install([...])``: the Hex packages an Elixir script or a Livebook notebook installs when it runs (livebook's
learn notebooks, ``lib/livebook/notebook/learn/*.livemd``; its test's heredoc inputs install nothing)."""

from __future__ import annotations

from depguard.parsers import Source, get_format

SCRIPT = '''\
# Mix.install([:commented_out])
Mix.install(
  [
    :decimal,
    {:jason, "~> 1.4"},
    {:req, "~> 0.5", only: :dev},
    {:local_thing, path: "../local_thing"},
    {:kino_db, github: "livebook-dev/kino_db"},
    {:private_pkg, "~> 1.0", organization: "acme"},
    {:alias_name, "~> 2.0", hex: :real_name}
  ],
  config: [nx: [default_backend: EXLA.Backend]]
)

IO.puts("Mix.install([:in_a_string])")
'''

TEST_INPUT = '''\
defmodule Livebook.Runtime.DependenciesTest do
  use ExUnit.Case, async: true

  test "adds a dependency" do
    assert Dependencies.add_dependencies("", [%{dep: {:kino, "~> 0.5.0"}}]) ==
             {:ok,
              """
              Mix.install([
                {:kino, "~> 0.5.0"}
              ])\\
              """}
    code = ~S"""
    Mix.install([{:jason, "~> 1.3.0"}])
    """
    assert code =~ "Mix.install"
  end
end
'''

NOTEBOOK = '''\
<!-- livebook:{"default_language":"python"} -->

# Working with Python

```elixir
Mix.install(
  [
    {:pythonx, "~> 0.4.9"},
    {:kino_pythonx, "~> 0.1.0"}
  ]
)
```

```pyproject.toml
[project]
name = "project"
version = "0.0.0"
requires-python = "==3.13.*"
dependencies = [
  "numpy==2.2.3"
]
```

Python code cells run in the notebook's own interpreter:

```python
import numpy as np
```
'''


def _found(fmt: str, path: str, text: str) -> list[tuple[str, str, int, int, str | None]]:
    return [(m.key.ecosystem, m.key.name, m.location.line, m.location.column, m.spec)
            for m in get_format(fmt).parse(Source(path=path, text=text))]


def test_mix_install_in_a_script_names_its_hex_packages():
    # atoms and tuples; path:, github:, organization: are not hex.pm names; hex: renames; comments and strings
    # install nothing
    assert _found("mix-install", "scripts/setup.exs", SCRIPT) == [
        ("hex", "decimal", 4, 6, None),
        ("hex", "jason", 5, 7, "~> 1.4"),
        ("hex", "req", 6, 7, "~> 0.5"),
        ("hex", "real_name", 10, 7, "~> 2.0"),
    ]


def test_mix_install_inside_strings_heredocs_and_sigils_is_no_install():
    assert _found("mix-install", "test/livebook/runtime/dependencies_test.exs", TEST_INPUT) == []


def test_a_livebook_notebook_is_markdown_whose_elixir_cells_install():
    found = _found("markdown", "lib/livebook/notebook/learn/intro_to_python.livemd", NOTEBOOK)
    assert [(eco, name, line) for eco, name, line, _col, _spec in found if eco == "hex"] == [
        ("hex", "pythonx", 8), ("hex", "kino_pythonx", 9)]
    # the notebook's pyproject.toml cell (Pythonx installs it with uv) is read as that file
    assert ("pypi", "numpy", 20) in [(eco, name, line) for eco, name, line, _col, _spec in found]


def test_an_answers_elixir_block_installs_what_mix_install_names():
    from depguard.text import mentions_in_text

    answer = "Add the client in your script:\n\n```elixir\nMix.install([{:phoenix_pubsub_redis_cluster, \"~> 3.0\"}])\n```\n"
    names = {(m.key.ecosystem, m.key.name) for m in mentions_in_text(Source(path="answer.md", text=answer))}
    assert ("hex", "phoenix_pubsub_redis_cluster") in names


def test_an_elixir_block_holding_a_deps_function_is_a_mix_exs_excerpt():
    # what an answer (or a guide) shows to add to a project, with no caption naming mix.exs: its tuples are Hex
    # dependencies, as in a mix.exs; a block of other Elixir code stays code
    from depguard.text import mentions_in_text

    answer = ("Add the dependency to your project:\n\n```elixir\ndefp deps do\n  [\n"
              "    {:phoenix_live_charts_pro, \"~> 0.3\"},\n    {:local_lib, path: \"../local_lib\"}\n  ]\nend\n```\n\n"
              "Then call it:\n\n```elixir\nPhoenixLiveChartsPro.render(socket)\n```\n")
    found = [(m.key.ecosystem, m.key.name, m.location.line, m.parser)
             for m in mentions_in_text(Source(path="answer.md", text=answer))]
    assert found == [("hex", "phoenix_live_charts_pro", 6, "mix.exs")]
