"""The whole command corpus (fixtures/agent_commands.tsv): every form surfaces exactly what it installs.

Named packages through wrappers, runners, interpreters, nested shells, eval, pipes, here-documents, variables,
loops, xargs and quoting tricks; manifest installs with the files they read; what cannot be resolved (asked
about); clean controls that install nothing. benchmarks/agent_commands.py prints the same per family."""

from __future__ import annotations

import pytest

from benchmarks.agent_commands import CORPUS, found, load

FORMS = load()


def test_the_corpus_is_big_and_has_clean_controls():
    assert len(FORMS) >= 300
    assert sum(1 for f in FORMS if not f.expected) >= 50
    assert len({f.command for f in FORMS}) == len(FORMS), "a command is listed twice"


@pytest.mark.parametrize("form", FORMS, ids=[f"{f.family}-{f.line}" for f in FORMS])
def test_form(form):
    got = found(form.command)
    assert got == form.expected, f"{CORPUS.name}:{form.line} {form.command!r}"
