#!/usr/bin/env python3
"""Write depguard/ecosystems/pypi/ros-packages.tsv from a checkout of ros/rosdistro.

    python scripts/ros_packages.py --git-dir PATH/rosdistro.git [--commit REV] [--distros humble jazzy ...]

Input: each distribution's ``<distro>/distribution.yaml`` at ``--commit`` of the repository (read with ``git show``,
never a work tree): its ``repositories`` map, where a repository with a ``release`` section releases the packages of
its ``packages`` list, or one package named as the repository when the list is absent (REP 143). Output: a ``#``
header naming the commit and its date, then one row per package, ``name<TAB>distributions``, sorted by name. These
are the packages the ROS build farm releases (``ros-<distro>-<name>`` in the ROS apt repository); an ament_python or
catkin package's Python module is its package name. Not shipped in the package.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "depguard" / "ecosystems" / "pypi" / "ros-packages.tsv"
# the ROS 2 distributions supported or in development at the snapshot, and ROS 1's last one, whose rospy code is
# still common (end of life May 2025)
DISTROS = ("humble", "jazzy", "kilted", "lyrical", "rolling", "noetic")


def released(distribution: dict) -> set[str]:
    """The package names a distribution file releases."""
    out: set[str] = set()
    for repo, info in (distribution.get("repositories") or {}).items():
        release = info.get("release") if isinstance(info, dict) else None
        if isinstance(release, dict):
            out.update(str(p) for p in (release.get("packages") or [repo]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--git-dir", required=True, help="a clone of https://github.com/ros/rosdistro (bare is fine)")
    ap.add_argument("--commit", default="HEAD")
    ap.add_argument("--distros", nargs="+", default=list(DISTROS))
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)

    def git(*cmd: str) -> str:
        return subprocess.run(["git", "--git-dir", args.git_dir, *cmd], check=True, capture_output=True,
                              text=True).stdout

    sha, date = git("log", "-1", "--format=%H %cs", args.commit).split()
    where: dict[str, list[str]] = {}
    for distro in args.distros:
        for name in released(yaml.safe_load(git("show", f"{sha}:{distro}/distribution.yaml"))):
            where.setdefault(name, []).append(distro)
    lines = [
        "# The packages the ROS distributions release: name<TAB>distributions. Written by scripts/ros_packages.py from",
        f"# https://github.com/ros/rosdistro at {sha} ({date}), the distribution.yaml of {', '.join(args.distros)}.",
        "# An import of one of these names from ROS code (a ROS package's file, or a node or launch file) that PyPI does",
        "# not have is the ROS distribution's: a note while PyPI lacks the name (imports.ros_distribution_note).",
    ]
    lines += [f"{name}\t{' '.join(where[name])}" for name in sorted(where)]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(where)} packages", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
