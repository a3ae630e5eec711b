"""LangGraph's application configuration is a manifest: ``langgraph build``/``up`` and LangGraph Platform pip-install a
``langgraph.json``'s ``dependencies`` into the application's image; before, no reader read the file, so an invented
requirement there went unjudged."""

from __future__ import annotations

from depguard.parsers import Source, get_format
from tests.test_docs_examples import verdicts, write

# the shape of langchain-ai/deepagents' libs/evals/deepagents_harbor/langgraph_project/langgraph.json: local
# packages beside PyPI requirements
LANGGRAPH_JSON = """{
  "dependencies": [
    "./.local_deps/deepagents",
    ".",
    "requests>=2.31.0,<3.0.0",
    "langgraph-zq-invented-tools",
    "git+https://github.com/example/tools.git"
  ],
  "graphs": {"agent": "./agent/graph.py:graph"},
  "env": ".env",
  "dockerfile_lines": ["RUN apt-get update && apt-get install -y libmagic-dev", "RUN pip install zq-in-a-dockerfile-line"]
}
"""


def test_a_langgraph_json_declares_what_its_image_installs(tmp_path):
    write(tmp_path, {"app/langgraph.json": LANGGRAPH_JSON, "app/agent/graph.py": "import requests\n"})
    got = {k: v for k, v in verdicts(tmp_path).items() if k[0] == "app/langgraph.json"}
    assert got == {("app/langgraph.json", "requests"): "ok",
                   ("app/langgraph.json", "langgraph-zq-invented-tools"): "missing",
                   ("app/langgraph.json", "zq-in-a-dockerfile-line"): "missing"}


def test_a_langgraph_json_places_each_name_and_leaves_a_javascript_application_alone():
    source = Source(path="langgraph.json", text=LANGGRAPH_JSON)
    lines = LANGGRAPH_JSON.split("\n")
    found = list(get_format("langgraph.json").parse(source))
    assert [(m.written, lines[m.location.line - 1][m.location.column - 1:].startswith(m.written)) for m in found] == [
        ("requests", True), ("langgraph-zq-invented-tools", True), ("zq-in-a-dockerfile-line", True)]
    assert source.problems == []
    # langchain-ai/deepagentsjs' examples: a JavaScript application lists the folders of its package.json files
    js = '{"node_version": "20", "dependencies": ["zq-not-pypi"], "graphs": {"research": "./research-agent.ts:agent"}}'
    assert list(get_format("langgraph.json").parse(Source(path="langgraph.json", text=js))) == []
    ts_only = '{"dependencies": ["zq-not-pypi"], "graphs": {"a": "./src/a.ts:graph", "b": {"path": "./b.mts:g"}}}'
    assert list(get_format("langgraph.json").parse(Source(path="langgraph.json", text=ts_only))) == []


def test_a_one_line_langgraph_json_of_many_dockerfile_lines_reads_each_on_its_own(monkeypatch):
    # reviewer r35: each RUN line was handed to the shell reader padded with the blanks of its column, so a minified
    # langgraph.json of n dockerfile_lines was read ~n²/2 characters deep (2,000: 52 s). At most PLACED_BLANKS blanks now,
    # placed by a column offset: each name still at its place
    import depguard.commands

    read: list[int] = []
    real = depguard.commands.mentions_in_script
    monkeypatch.setattr(depguard.commands, "mentions_in_script",
                        lambda source, *a, **k: read.append(len(source.text)) or real(source, *a, **k))
    text = ('{"dependencies": ["."], "graphs": {"a": "./a.py:g"}, "dockerfile_lines": ['
            + ", ".join(f'"RUN pip install zq-lg-{i}"' for i in range(200)) + "]}")
    found = list(get_format("langgraph.json").parse(Source(path="langgraph.json", text=text)))
    assert [m.written for m in found] == [f"zq-lg-{i}" for i in range(200)]
    assert all(text[m.location.column - 1:].startswith(m.written) for m in found)
    assert len(read) == 200 and max(read) <= len("pip install zq-lg-199") + 8  # at most PLACED_BLANKS blanks
