"""Where depguard keeps what it writes: the user cache directory (``DEPGUARD_CACHE_DIR`` overrides).

A module of its own, importing nothing heavy, because every run asks it (the answer cache, the stored
typosquat keys and plug-in tables live there).
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    env = os.environ.get("DEPGUARD_CACHE_DIR")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("depguard", appauthor=False))


def open_for_writing(path: str | os.PathLike, mode: int = 0o600, regular: bool = True) -> int:
    """A file descriptor for writing ``path`` (created with ``mode``, truncated), opened without following a
    symbolic link: a link planted where depguard writes (its server log, a report's ``--output``) would
    otherwise make it overwrite whatever the link points at. ``regular``: refuse anything but a plain file.
    Errors are :class:`~depguard.errors.ConfigError` naming the path."""
    from .errors import ConfigError

    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    if regular:
        flags |= getattr(os, "O_NONBLOCK", 0)  # a FIFO planted there must not hang the open; refused below
    try:
        fd = os.open(path, flags, mode)
    except OSError as exc:
        if os.path.islink(path):
            raise ConfigError(f"{path}: a symbolic link; depguard does not write through one") from None
        raise ConfigError(f"{path}: {exc.strerror or exc}") from None
    if regular:
        import stat

        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise ConfigError(f"{path}: not a regular file")
        os.set_blocking(fd, True)
    return fd

