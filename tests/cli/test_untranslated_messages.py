"""argparse's messages are given to it unchanged, without gettext's look-up, only where that look-up can find
no translation (depguard.cli._untranslated, issue 19): the output is what gettext would have made."""

from __future__ import annotations

import gettext
import os
import struct
import subprocess
import sys
import types
from pathlib import Path

import pytest

from depguard import cli

MESSAGES = ["usage: ", "show this help message and exit", "the following arguments are required: %s",
            "unrecognized arguments: %s", "%(prog)s: error: %(message)s\n", ""]


def _fresh_argparse() -> types.SimpleNamespace:
    return types.SimpleNamespace(_=gettext.gettext, ngettext=gettext.ngettext)


def _run(code: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)


def _mo(path: Path, catalog: dict[str, str]) -> None:
    """A GNU .mo file of ``catalog`` (ASCII text), as msgfmt writes it."""
    keys = sorted(catalog)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(catalog[k].encode() + b"\0" for k in keys)
    start = 7 * 4 + 16 * len(keys)
    table, offset = [], 0
    for k in keys:
        table += [len(k.encode()), start + offset]
        offset += len(k.encode()) + 1
    trans, offset = [], 0
    for k in keys:
        trans += [len(catalog[k].encode()), start + len(ids) + offset]
        offset += len(catalog[k].encode()) + 1
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(struct.pack("<7I", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
                     + struct.pack(f"<{2 * len(keys)}I", *table) + struct.pack(f"<{2 * len(keys)}I", *trans)
                     + ids + strs)


@pytest.mark.skipif(os.path.isdir(gettext.bindtextdomain(gettext.textdomain())),
                    reason="this Python has a locale folder: gettext's look-up is kept")
def test_without_a_locale_folder_messages_are_what_gettext_returns(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    argparse = _fresh_argparse()
    cli._untranslated(argparse)
    assert argparse._ is not gettext.gettext
    for message in MESSAGES:
        assert argparse._(message) == gettext.gettext(message)
    for n in (0, 1, 2, 5):
        assert argparse.ngettext("one %s", "many %s", n) == gettext.ngettext("one %s", "many %s", n)


@pytest.mark.parametrize("var", ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"])
def test_a_language_variable_holding_a_path_keeps_gettext(monkeypatch, tmp_path, var):
    monkeypatch.setenv(var, str(tmp_path / "fr"))
    argparse = _fresh_argparse()
    cli._untranslated(argparse)
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext


def test_replaced_functions_are_left_alone():
    mine = types.SimpleNamespace(_=str.upper, ngettext=gettext.ngettext)
    cli._untranslated(mine)
    assert mine._ is str.upper and mine.ngettext is gettext.ngettext


def test_a_bound_catalog_still_translates_argparse(tmp_path):
    """Messages a catalog translates are printed translated, as before (the look-up is kept)."""
    _mo(tmp_path / "locale" / "fr" / "LC_MESSAGES" / "messages.mo",
        {"usage: ": "utilisation : ", "show this help message and exit": "afficher cette aide"})
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DEPGUARD_", "LC_", "LANG"))}
    env.update(LANGUAGE="fr", DEPGUARD_SERVER="0", COLUMNS="100")
    code = ("import gettext, sys; gettext.bindtextdomain('messages', sys.argv[-1]) if len(sys.argv) > 1 else None; "
            "from depguard import cli; sys.exit(cli.main(['check', '--help']))")
    bound = _run(code.replace("sys.argv[-1]", repr(str(tmp_path / "locale"))).replace("len(sys.argv) > 1", "True"),
                 env)
    assert bound.returncode == 0, bound.stderr
    assert bound.stdout.startswith("utilisation : depguard check") and "afficher cette aide" in bound.stdout
    plain = _run(code, env)
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.startswith("usage: depguard check") and "show this help message and exit" in plain.stdout
