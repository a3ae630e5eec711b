"""depguard cache stats|clear: look at or empty the answer cache."""

from __future__ import annotations

import argparse

ORDER = 80
HELP = "show or clear the registry answer cache"


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    p = sub.add_parser("cache", help=HELP, description="The answer cache lives in the user cache directory "
                       "(DEPGUARD_CACHE_DIR overrides). Existing names are kept 7 days, missing ones 1 hour; "
                       "failures are never cached.")
    p.add_argument("action", choices=("stats", "clear", "path"), help="stats: counts and size; clear: empty it; path: where it is")
    return p


def run(args: argparse.Namespace) -> int:
    from ..cache import AnswerCache

    cache = AnswerCache()
    if args.action == "path":
        print(cache.path)
    elif args.action == "stats":
        s = cache.stats()
        print(f"cache: {s.path}\nentries: {s.entries} ({s.exists} exist, {s.missing} missing, {s.expired} expired)\n"
              f"size: {s.size_bytes:,} bytes")
    else:
        n = cache.clear()
        print(f"cleared {n} cached answers from {cache.path}")
    cache.close()
    return 0
