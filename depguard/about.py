"""Who depguard is on the wire and in its reports: the distribution it is installed as, and where its own
documentation lives.

The command and the import package are ``depguard``; the *distribution* is not, because the PyPI project
``depguard`` belongs to someone else (an unrelated vulnerability scanner). A report must never send a reader,
and a request must never name, that project as ours.

No public location (repository or documentation site) of this project is recorded yet. Until one is, the
User-Agent names the tool, its version and its distribution without a URL, and SARIF carries each rule's help
text itself instead of a link. When the project gets a home, set ``[project.urls] Homepage`` in pyproject.toml
and :data:`HOMEPAGE` here to the same address (tests/test_project_identity.py keeps the two in step).
"""

from __future__ import annotations

DISTRIBUTION = "depguard-names"  # free on PyPI (checked against PyPI's project list, PEP 503-normalised)
HOMEPAGE: str | None = None  # an absolute https URL of this project's documentation, once there is one


def user_agent(version: str) -> str:
    """The User-Agent of every request: tool/version, what it is, and its distribution (and home, if any)."""
    home = f"; +{HOMEPAGE}" if HOMEPAGE else ""
    return f"depguard/{version} (package-hallucination guard; {DISTRIBUTION}{home})"
