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
            plist = popular.load(eco)
            if plist is None:
                print(f"{eco.id}: no popular list")
            else:
                where = "refreshed" if plist.path and plist.path == popular.user_list_path(eco) else "shipped"
                print(f"{eco.id}: {len(plist.names):,} names, taken {plist.taken or 'unknown'}, {where}: {plist.path}")
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
