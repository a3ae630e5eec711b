"""Fixtures the security tests share: ``in_repo`` makes a real temporary git repository."""

from tests.security._gitrepo import in_repo  # noqa: F401 (a fixture: pytest finds it here)
