"""pnpm 10+ lockfiles hold two YAML documents (the package manager's own dependencies, then the project's):
both are read (withastro/astro's was reported 'more than one YAML document' and none of its 2,000 packages
was read)."""

from __future__ import annotations


def test_every_document_of_a_pnpm_lockfile_is_read(parse_fixture):
    parsed = parse_fixture("pnpm-lock.yaml", "pnpm/two-documents.v9.yaml")
    assert parsed.names_lines == [("pnpm", 15), ("left-pad", 38)]
    assert parsed.problems == []
