"""The OTP applications the scanned tree holds itself (``Hints.local_otp_apps``): every ``src/<app>.app.src``,
the file OTP names after its application. rebar3 takes a dependency of that name from the tree, never from Hex:
a project app of an umbrella (``apps/<app>``), or a checkout (``_checkouts/<app>``, often a link a script makes:
launchdarkly/erlang-server-sdk's Makefile links the repository into ``test-service/_checkouts/ldclient``, and
``test-service/rebar.config`` depends on ``ldclient``). File names only, nothing read."""

from __future__ import annotations

from ... import lazyre

TYPE_CHECKING = False  # typing is not imported at run time for annotations
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path
    from typing import Any

SUFFIX = ".app.src"
APP = lazyre.compile(r"[a-z][a-z0-9_]*")  # an application name that could also be a Hex package's


def project_hints(root: Path, files: Iterable[str] | None, limit: int, cache: Any = None,
                  data_files: Iterable[str] = (), near: Iterable[str] = ()) -> dict[str, Any]:
    """``{"local_otp_apps": names}`` of ``files`` (relative to ``root``, POSIX); none without a file list."""
    apps: set[str] = set()
    for rel in files or ():
        if rel.endswith(SUFFIX):
            folder, _, file = rel.rpartition("/")
            app = file[: -len(SUFFIX)]
            if (folder == "src" or folder.endswith("/src")) and APP.fullmatch(app):
                apps.add(app)
    return {"local_otp_apps": frozenset(apps)}
