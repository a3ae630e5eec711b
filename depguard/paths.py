"""Where depguard keeps what it writes: the user cache directory (``DEPGUARD_CACHE_DIR`` overrides).

A module of its own, importing nothing heavy, because every run asks it (the answer cache, the stored
typosquat keys and plug-in tables live there).
"""

from __future__ import annotations

import os
from pathlib import Path

_private: set[str] = set()  # cache folders already made (or found) user-only in this process


def cache_dir() -> Path:
    """The cache folder, created user-only (0700). Everything depguard keeps there (answers, parsed tables,
    typosquat keys, the environment map) decides what a run trusts, so a folder another user owns is refused
    (:class:`~depguard.errors.ConfigError`), and one of ours that others could read or write is narrowed."""
    env = os.environ.get("DEPGUARD_CACHE_DIR")
    if env:
        path = Path(env)
    else:
        path = linux_user_dir("XDG_CACHE_HOME", "~/.cache") or _platformdirs("user_cache_dir")
    if str(path) not in _private:
        make_private(path)
        _private.add(str(path))
    return path


def linux_user_dir(variable: str, default: str) -> Path | None:
    """platformdirs' ``user_*_dir("depguard", appauthor=False)`` without importing platformdirs (it imports
    tempfile, random and shutil: ~5 ms of a 70 ms warm run), in the case every platformdirs version answers
    alike: Linux (not Android), ``HOME`` an absolute path, ``variable`` (``XDG_CACHE_HOME``, ...) unset, empty
    or an absolute path without surrounding spaces; ``default`` the folder under the home (``~/.cache``).
    None otherwise: then ask platformdirs."""
    import sys

    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel") or "ANDROID_DATA" in os.environ \
            or "ANDROID_ROOT" in os.environ:
        return None
    home = os.environ.get("HOME", "")
    value = os.environ.get(variable, "")
    if not home.startswith("/") or value != value.strip() or (value and not value.startswith("/")):
        return None
    return Path(os.path.join(value or os.path.expanduser(default), "depguard"))


def _platformdirs(kind: str) -> Path:
    import platformdirs

    return Path(getattr(platformdirs, kind)("depguard", appauthor=False))


def make_private(folder: Path) -> None:
    """Create ``folder`` user-only; narrow it to 0700 when it is ours; refuse it when it is another user's."""
    from .errors import ConfigError

    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        st = folder.stat()
    except OSError:
        return  # unwritable or absent: each reader and writer meets that on its own
    if not hasattr(os, "geteuid"):
        return
    if st.st_uid != os.geteuid():  # the user whose files this process creates
        raise ConfigError(f"{folder}: the depguard cache folder belongs to another user (uid {st.st_uid}); what it "
                          "holds would decide what depguard trusts. Set DEPGUARD_CACHE_DIR to a folder of your own")
    if st.st_mode & 0o077:
        try:
            os.chmod(folder, 0o700)
        except OSError:
            pass


def open_for_writing(path: str | os.PathLike[str], mode: int = 0o600, regular: bool = True) -> int:
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



def open_private(path: str | os.PathLike[str]) -> int | None:
    """A file descriptor for reading a file depguard itself kept in its cache folder, or None when it is absent,
    a symbolic link, not a regular file, another user's, or writable by others: what such a file holds could
    have been planted, and it decides what a run trusts (the caller closes the descriptor)."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
    except OSError:
        st = None
    if st is None or not stat.S_ISREG(st.st_mode) or (
            hasattr(os, "geteuid") and (st.st_uid != os.geteuid() or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH))):
        os.close(fd)
        return None
    return fd


def write_private(path: Path, data: bytes) -> bool:
    """Replace ``path`` by a file holding ``data`` atomically, written user-only (0600) (:func:`write_atomic`).
    The folder is made user-only first (:func:`make_private`). False when it could not be written."""
    from .errors import ConfigError

    try:
        make_private(path.parent)
    except ConfigError:
        return False
    return write_atomic(path, data, 0o600)


def write_atomic(path: str | Path, data: bytes, mode: int) -> bool:
    """Replace ``path`` by a file holding ``data`` atomically (readers see the old file or the new one, never
    half of one), through a new randomly named file (O_EXCL: never through a link planted at its name) made with
    ``mode``. False when it could not be written."""
    tmp = f"{path}.{os.getpid()}.{os.urandom(6).hex()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), mode)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False
    return True
