"""The argument parser's formatters get the terminal width shutil would give them, without importing shutil
(issue 19: argparse makes a formatter for every add_argument, and shutil brings zlib, bz2 and lzma)."""

from __future__ import annotations

import argparse
import shutil

import pytest

from depguard.cli import build_parser, terminal_columns


@pytest.mark.parametrize("columns", [None, "120", "40", "0", "-3", "wide", ""])
def test_terminal_columns_is_what_shutil_gives(monkeypatch, columns):
    monkeypatch.delenv("COLUMNS", raising=False)
    if columns is not None:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


@pytest.mark.parametrize("columns", [None, "60", "100", "200"])
def test_formatters_get_argparses_own_width(monkeypatch, columns):
    monkeypatch.delenv("COLUMNS", raising=False)
    if columns is not None:
        monkeypatch.setenv("COLUMNS", columns)
    parser = build_parser("check")
    assert parser._get_formatter()._width == argparse.HelpFormatter("depguard")._width  # through shutil
    assert parser.formatter_class is argparse.RawDescriptionHelpFormatter  # put back after each formatter
