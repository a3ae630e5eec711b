#!/usr/bin/env python3
"""DG002's own-description rule on real descriptions: which real squats and which legitimate look-alikes it excuses.

    python benchmarks/attacks/descriptions.py [--packages /work/.library/env/packages]

``run.py`` plants its squats in mockreg, which serves planted names without a description, so it cannot show
what the rule does with the descriptions real squats carry. Here every name of ``squats.tsv``,
``legit.tsv`` and ``legit_unlisted.tsv`` that the package lists still hold (``pypi.tsv``/``npm.tsv``: the
summary the registry serves) is judged by :func:`depguard.checks.typosquat.own_description` as an
established look-alike of its targets (its matches in the popular index), with the targets' summaries from
the same lists as their descriptions (every target's when there are at most ``DESCRIBED_TARGETS``, as the lookup
asks them). Printed: per set, how many names the lists hold, how many the
rule would excuse (for squats that is a miss the rule causes; for legitimate names a false alarm it
removes), and each excused squat.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

from depguard.checks.typosquat import DESCRIBED_TARGETS, imitated, own_description, popular_index
from depguard.config import Thresholds
from depguard.model import Existence, PackageKey, RegistryAnswer
from depguard.names import canonicalize_name

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from described import summaries  # noqa: E402  (ecosystem -> normalised name -> the lists' summary)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--packages", default="/work/.library/env/packages")
    args = ap.parse_args(argv)
    known = summaries(Path(args.packages))
    t = Thresholds()
    print("set\tecosystem\tnames\tin the lists\tmatched\texcused")
    for file in ("squats.tsv", "legit.tsv", "legit_unlisted.tsv"):
        rows = list(csv.DictReader((HERE / file).open(encoding="utf-8"), delimiter="\t"))
        for eco in ("pypi", "npm"):
            idx = popular_index(eco)
            assert idx is not None
            mine = [r for r in rows if r["ecosystem"] == eco]
            held = matched = 0
            excused = []
            for r in mine:
                name = r["name"]
                norm = canonicalize_name(name) if eco == "pypi" else name.lower()
                if norm not in known[eco]:
                    continue
                held += 1
                found = imitated(idx, name, None, t.typosquat_popularity_ratio, t.typosquat_max_rank)
                if not found:
                    continue
                matched += 1
                targets = list(dict.fromkeys(m.target for m in found))
                said = [known[eco].get(canonicalize_name(t) if eco == "pypi" else t.lower(), "") for t in targets]
                # as the lookup asks them: every target's description when there are at most DESCRIBED_TARGETS
                others = tuple(zip(targets[1:], said[1:])) if len(targets) <= DESCRIBED_TARGETS else ()
                answer = RegistryAnswer(PackageKey(eco, norm), Existence.EXISTS, "lists", description=known[eco][norm],
                                        lookalike_of=targets[0], lookalike_of_description=said[0],
                                        lookalike_others=others)
                if own_description(answer, found, t, idx.prefixes + idx.suffixes):
                    excused.append(f"{name} ({known[eco][norm][:60]!r}; target {targets[0]})")
            print(f"{file}\t{eco}\t{len(mine)}\t{held}\t{matched}\t{len(excused)}")
            if file == "squats.tsv":
                for e in excused:
                    print(f"  excused squat: {e}")
            elif excused:
                print("  " + "; ".join(e.split(" (")[0] for e in excused))
    return 0


if __name__ == "__main__":
    sys.exit(main())
