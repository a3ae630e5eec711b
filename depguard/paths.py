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
