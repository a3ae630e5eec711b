"""depguard cache stats|clear|path: look at or empty the answer cache and what is kept of the trees scanned."""

from __future__ import annotations

import argparse

ORDER = 80
HELP = "show or clear the registry answer cache and what is kept of the trees scanned"


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    p = sub.add_parser("cache", help=HELP, description="The answer cache lives in the user cache directory "
                       "(DEPGUARD_CACHE_DIR overrides). Existing names are kept 7 days, missing ones 1 hour; "
                       "failures are never cached. Beside it depguard keeps, per scanned folder, each file's "
                       "parse results and the report's text, and the look-alike matches and judgements of the names judged; "
                       "a folder not scanned for 30 days loses its part (and only the 64 most recently "
                       "scanned keep theirs).")
    p.add_argument("action", choices=("stats", "clear", "path"),
                   help="stats: counts and size; clear: empty the answer cache and remove the parse results, "
                        "report texts, look-alike matches and judgements kept of scanned trees; path: where it is")
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
        from ..parsecache import forget_trees

        n = cache.clear()
        print(f"cleared {n} cached answers from {cache.path}")
        files = forget_trees(cache.directory)
        print(f"removed {files} files kept of scanned trees (parse results, report texts, look-alike matches, judgements) "
              f"from {cache.directory}")
    cache.close()
    return 0
