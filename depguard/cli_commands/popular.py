"""depguard popular update [ECOSYSTEM] | status: refresh or show the popular-package lists of the typosquat check."""

from __future__ import annotations

import argparse
import sys

ORDER = 70
HELP = "refresh the popular-package lists from the registries, or show which lists are in use"


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    # no report options here (nothing is judged), so only the registry options of the common set
    p = sub.add_parser(
        "popular", help=HELP,
        description="The typosquat check compares names with each ecosystem's most popular packages. depguard "
                    "ships lists for some ecosystems; 'update' fetches the registry's own popularity ordering "
                    "(where its ecosystem.toml names one) into the user data directory (DEPGUARD_DATA_DIR "
                    "overrides), which is used from then on. 'status' shows which list each ecosystem uses.")
    p.add_argument("action", choices=("update", "status"))
    p.add_argument("ecosystems", nargs="*", metavar="ECOSYSTEM", help="ecosystem ids (default: all)")
    p.add_argument("--config", metavar="FILE", help="config file (registry base URLs are read from it)")
    p.add_argument("--timeout", type=float, metavar="SECONDS", help="timeout of one registry request (default 10)")
    return p


def run(args: argparse.Namespace) -> int:
    from .. import popular
    from ..ecosystems import catalog
    from ..errors import RegistryError
    from ._shared import settings_from

    cat = catalog()
    ecos = [cat.get(e) for e in args.ecosystems] if args.ecosystems else list(cat)
    if args.action == "status":
        for eco in ecos:
            print(_status(eco, popular))
        return 0
    settings = settings_from(args, None)
    failed = 0
    for eco in ecos:
        if popular.PopularSource.of(eco) is None:
            if args.ecosystems:
                shipped = " (depguard ships a snapshot)" if popular.shipped_list_path(eco) else ""
                print(f"depguard: error: {eco.id}: its registry has no popularity ordering depguard can fetch{shipped}",
                      file=sys.stderr)
                return 2
            continue
        try:
            done = popular.update(eco, settings)
        except RegistryError as exc:
            print(f"{eco.id}: update failed: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(f"{eco.id}: {done.count:,} names from {done.pages} page(s) -> {done.path}")
    return 3 if failed else 0


def _status(eco, popular) -> str:  # noqa: ANN001 (the popular module, imported lazily by run)
    """One line: the list in use (with or without download counts), or why there is none and what would give one."""
    plist = popular.load(eco)
    if plist is None:
        source = eco.data.get("popular", {}).get("source") if isinstance(eco.data.get("popular"), dict) else None
        if popular.PopularSource.of(eco) is not None:
            return (f"{eco.id}: no popular list; `depguard popular update {eco.id}` fetches {source or 'its ordering'}"
                    " (look-alikes are not judged until then)")
        return (f"{eco.id}: no popular list: {eco.display} publishes no popularity ordering depguard can use, so "
                f"look-alikes are not judged (a list at {popular.user_list_path(eco)} is used)")
    where = "refreshed" if plist.path and plist.path == popular.user_list_path(eco) else "shipped"
    counts = "with download counts" if plist.has_downloads else "ranking only, no download counts"
    return f"{eco.id}: {len(plist.names):,} names ({counts}), taken {plist.taken or 'unknown'}, {where}: {plist.path}"
