"""A Beancount ledger's ``plugin "x.y"`` directives name the Python modules Beancount's loader imports: before, no
reader read ``*.beancount`` files, so an invented plug-in went unjudged (session 36's h262, plain-text accounting).
The module is judged as an ``import`` on the directive's line: a distribution's module is that distribution, a module of
the ledger's own tree stays quiet, and a module nothing installs is flagged."""

from __future__ import annotations

from pathlib import Path

from depguard.parsers import Source, get_format
from tests.test_docs_examples import verdicts, write

# the shape of jbms/beancount-import's and andreasgerstmayr/fava-dashboards' example ledgers: Beancount's and Fava's
# plug-ins, a plug-in package's, the ledger's own, a configuration string after the module
LEDGER = '''option "title" "Example"
plugin "beancount.plugins.auto_accounts"
plugin "plugins.tag_pending"
plugin "beancount_reds_plugins.capital_gains_classifier.long_short" "{}"
plugin  "requests.zq_not_a_plugin"
plugin "zq_invented_beancount_plugin"
; plugin "zq_commented_out"
  plugin "zq_indented_is_no_directive"
2024-01-01 open Assets:Cash
'''


def test_each_plugin_directive_is_an_import_of_its_module_at_its_place(tmp_path):
    write(tmp_path, {"ledger/main.beancount": LEDGER, "ledger/plugins/__init__.py": "",
                     "ledger/plugins/tag_pending.py": ""})
    path = tmp_path / "ledger/main.beancount"
    source = Source(path="ledger/main.beancount", text=LEDGER, fs_path=path, root=tmp_path)
    lines = LEDGER.split("\n")
    found = list(get_format("beancount-plugins").parse(source))
    assert [(m.key.name, m.written, m.location.line) for m in found] == [
        ("beancount", "beancount", 2),
        ("beancount-reds-plugins", "beancount_reds_plugins", 4),
        ("requests", "requests", 5),
        ("zq-invented-beancount-plugin", "zq_invented_beancount_plugin", 6)]
    assert all(lines[m.location.line - 1][m.location.column - 1:].startswith(m.written) for m in found)


def test_a_scan_flags_a_plugin_nothing_installs_and_not_the_ledgers_own(tmp_path):
    write(tmp_path, {"main.bean": 'plugin "plugins.tag_pending"\nplugin "requests.x"\nplugin "zq_invented_plugin"\n',
                     "plugins/__init__.py": "", "plugins/tag_pending.py": ""})
    got = verdicts(tmp_path)
    assert {k: v for k, v in got.items() if k[0] == "main.bean"} == {
        ("main.bean", "requests"): "ok", ("main.bean", "zq_invented_plugin"): "missing"}


def test_a_ledger_without_plugins_or_another_file_names_nothing():
    assert list(get_format("beancount-plugins").parse(Source(path="a.beancount", text=LEDGER.replace("plugin", "option")))) == []
    assert [p for p in get_format("beancount-plugins").patterns] == ["*.beancount", "*.bean"]
    assert not Path("x.ledger").match("*.beancount")
