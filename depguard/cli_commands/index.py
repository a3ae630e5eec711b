"""depguard index build|pull|info: local name indexes for --offline."""

from __future__ import annotations

import argparse
from pathlib import Path

ORDER = 70
HELP = "build, download or inspect the offline name indexes used by --offline"
DESCRIPTION = """\
An index is the set of every name a registry holds, kept locally so that --offline can answer without
network: a name in the index is ok (offline), a name absent from an index younger than
index-max-age-days (default 30) is missing, anything else is not checked.

  depguard index build pypi --from simple.json
      from a listing you saved (lines, JSON list, PEP 691 JSON)
  depguard index pull pypi      the registry's own listing (where it has one)
  depguard index info           what is installed, how old, how many names
"""


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    from ..helpformat import HelpFormatter

    p = sub.add_parser("index", help=HELP, description=DESCRIPTION, formatter_class=HelpFormatter)
    p.add_argument("action", choices=("build", "pull", "info"))
    p.add_argument("ecosystem", nargs="?", help="ecosystem id (pypi, npm, …); info: all when omitted")
    p.add_argument("--from", dest="source", metavar="FILE", help="build: the saved listing (- for stdin)")
    p.add_argument("--dir", metavar="DIR", help="where indexes live (default: the user data dir; DEPGUARD_INDEX_DIR)")
    return p


def run(args: argparse.Namespace) -> int:
    import sys

    from .. import index
    from ..config import load_settings
    from ..ecosystems import catalog
    from ..errors import ConfigError, InputError

    directory = Path(args.dir) if args.dir else None
    if args.action == "info":
        ids = [catalog().get(args.ecosystem).id] if args.ecosystem else catalog().ids()
        shown = 0
        for eco_id in ids:
            idx = index.open_index(eco_id, directory)
            if idx is None:
                continue
            i = idx.info
            size = i.path.stat().st_size
            print(f"{eco_id}: {i.count:,} names, built {i.built_at:%Y-%m-%d %H:%M} UTC, {size:,} bytes, {i.source} ({i.path})")
            idx.close()
            shown += 1
        if not shown:
            print(f"no offline indexes in {directory or index.index_dir()}")
        return 0
    if not args.ecosystem:
        raise ConfigError(f"index {args.action}: name the ecosystem (one of {', '.join(catalog().ids())})")
    eco = catalog().get(args.ecosystem)
    if args.action == "build":
        if not args.source:
            raise ConfigError("index build: --from FILE is required (a listing of names; - for stdin)")
        if args.source == "-":
            data = sys.stdin.buffer.read()
            shown_src = "stdin"
        else:
            try:
                data = Path(args.source).read_bytes()
            except OSError as exc:
                raise InputError(f"{args.source}: {exc.strerror or exc}") from None
            shown_src = args.source
        info = index.build(eco, index.names_from_listing(data, (eco.data.get("index") or {}).get("names")),
                           f"built from {shown_src}", directory)
    else:
        info = index.pull(eco, load_settings(Path.cwd()), directory)
    print(f"{eco.id}: {info.count:,} names written to {info.path}")
    return 0
