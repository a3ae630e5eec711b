"""A compose service's ``command:`` and ``entrypoint:`` run when it starts: their install commands are judged."""

from __future__ import annotations

from pathlib import Path

from depguard.parsers import Source, get_format

FIXTURE = Path(__file__).parent / "fixtures" / "compose-commands" / "docker-compose.yml"


def test_service_commands_in_every_form_are_read_at_their_place():
    # gpt-researcher's test service: `command: >` then `/bin/sh -c "` … `pip install pytest pytest-asyncio
    # faiss-cpu &&` (a folded block: the names on the line they are written on); the exec form, a block list, an
    # entrypoint string, a literal block; a `command:` outside services is not a service's
    text = FIXTURE.read_text()
    src = Source(path="docker-compose.yml", text=text)
    got = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column) for m in get_format("compose-commands").parse(src)]
    assert sorted(got) == sorted([
        ("pypi", "pytest", 12, 19), ("pypi", "pytest-asyncio", 12, 26), ("pypi", "faiss-cpu", 12, 41),
        ("pypi", "celery", 17, 40), ("pypi", "redis", 17, 47),
        ("npm", "@modelcontextprotocol/server-memory", 20, 24),
        ("pypi", "httpx", 26, 36),
        ("pypi", "alembic", 30, 19),
    ])
    lines = text.splitlines()
    for _eco, name, line, col in got:
        assert lines[line - 1][col - 1:].startswith(name)
    assert src.problems == []
