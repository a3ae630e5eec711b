"""Plug-ins of chat bots and other hosts that pip-install what a plug-in's JSON manifest lists (set 154: chat bots and
bot frameworks). A Red-DiscordBot cog is a package with an ``info.json`` whose ``requirements`` Red's downloader
passes to pip when the cog is installed (Red's schema, ``schema/red_cog.schema.json``: "List of required libraries
that are passed to pip on cog install"); a Home Assistant integration's ``manifest.json`` and a FastMCP server's
``fastmcp.json`` list what their host installs the same way. What such a manifest lists declares for the plug-in's
folder, as a requirements file there would: an import of a listed distribution named otherwise is judged as that
distribution, and an import of what a listed URL installs is no registry guess (Trusty-cogs' NotSoBot cog imports
``jpglitch``, which its info.json installs from ``git+https://github.com/Kareeeeem/jpglitch``; PyPI has no such
project). An invented package imported beside them is still judged."""

from __future__ import annotations

import json
from pathlib import Path

from depguard.ecosystems.pypi.red_cog import parse
from depguard.model import Origin
from depguard.parsers import Source
from tests.trees import found, judged, verdicts, write

NOTSOBOT = {
    "author": ["NotSoSuper", "TrustyJAID"],
    "description": "Magick, trigger and manipulate images with many commands from NotSoSuper's NotSoBot.",
    "end_user_data_statement": "This cog does not persistently store data or metadata about users.",
    "install_msg": "Please read the README.md for instructions on how and what to install.",
    "min_bot_version": "3.1.8",
    "name": "NotSoBot",
    "requirements": ["pyfiglet", "numpy", "pillow", "git+https://github.com/Kareeeeem/jpglitch", "wand"],
    "short": "Some working commands from NotSoBot",
    "type": "COG",
}


def _source(root: Path, rel: str) -> Source:
    path = root / rel
    return Source(path=rel, text=path.read_text(encoding="utf-8"), fs_path=path, root=root)


def test_a_cog_s_info_json_requirements_are_read_at_their_place(tmp_path):
    write(tmp_path, {"notsobot/info.json": json.dumps(NOTSOBOT, indent=4), "notsobot/__init__.py": ""})
    source = _source(tmp_path, "notsobot/info.json")
    got = [(m.written, m.location.line, m.origin) for m in parse(source)]
    # the git URL is no registry name; the names beside it are
    assert [(name, origin) for name, _, origin in got] == [
        ("pyfiglet", Origin.MANIFEST), ("numpy", Origin.MANIFEST), ("pillow", Origin.MANIFEST), ("wand", Origin.MANIFEST)]
    assert got[0][1] == 12
    assert not source.problems


def test_an_info_json_that_is_no_cog_s_names_nothing(tmp_path):
    write(tmp_path, {
        # the repository's own info.json (Red shows it on `[p]repo add`): no requirements
        "info.json": json.dumps({"author": ["TrustyJAID"], "install_msg": "Thanks!", "short": "cogs"}),
        # a cog's manifest needs the package beside it (Red loads a cog as a package)
        "loose/info.json": json.dumps(NOTSOBOT),
        # another tool's info.json with a list called requirements
        "spec/info.json": json.dumps({"title": "Task", "requirements": ["Create UI", "Handle hydration"]}),
        "spec/__init__.py": "",
    })
    for rel in ("info.json", "loose/info.json", "spec/info.json"):
        source = _source(tmp_path, rel)
        assert list(parse(source)) == []
        assert not source.problems


def test_an_invented_requirement_of_a_cog_is_judged(tmp_path):
    write(tmp_path, {"weather/info.json": json.dumps({**NOTSOBOT, "requirements": ["pyweatherlink-discord-fast"]}),
                     "weather/__init__.py": "from .weather import Weather\n",
                     "weather/weather.py": "from redbot.core import commands\n"})
    rep = judged(tmp_path, {"redbot"})
    assert verdicts(rep)[("weather/info.json", "pyweatherlink-discord-fast")] == "missing"


def test_a_cog_imports_what_its_info_json_installs_from_git(tmp_path):
    write(tmp_path, {
        "info.json": json.dumps({"author": ["TrustyJAID"], "short": "cogs"}),
        "notsobot/info.json": json.dumps(NOTSOBOT, indent=4),
        "notsobot/__init__.py": "from .notsobot import NotSoBot\n",
        "notsobot/notsobot.py": "import wand\nimport PIL\nimport jpglitch\nfrom pyfiglet import figlet_format\n"
                                "from redbot.core import commands\n",
    })
    got = verdicts(judged(tmp_path, {"wand", "pillow", "pyfiglet", "numpy", "redbot"}))
    assert got[("notsobot/notsobot.py", "jpglitch")] == "allowed"
    assert got[("notsobot/notsobot.py", "PIL")] == "ok"


def test_a_cog_imports_a_listed_distribution_named_otherwise_and_an_invented_one_is_still_judged(tmp_path):
    write(tmp_path, {
        "lightcog/info.json": json.dumps({"author": ["me"], "short": "x", "requirements": ["hikari-lightbulb>=2"]}),
        "lightcog/__init__.py": "",
        "lightcog/core.py": "import lightbulb\nimport lightbulbx_helpers\n",
    })
    assert found(tmp_path, Origin.IMPORT) >= {("lightcog/core.py", "hikari-lightbulb")}
    got = verdicts(judged(tmp_path, {"hikari-lightbulb"}))
    assert got[("lightcog/core.py", "lightbulb")] == "ok"
    assert got[("lightcog/core.py", "lightbulbx_helpers")] == "missing"


def test_a_home_assistant_integration_imports_what_its_manifest_installs(tmp_path):
    # the manifest's requirements declare for the integration's folder: a library it installs from git is no guess,
    # one from PyPI named otherwise is judged as that distribution; an invented import in another folder still is
    write(tmp_path, {
        "custom_components/garage/manifest.json": json.dumps({
            "domain": "garage", "name": "Garage", "version": "1.0.0",
            "requirements": ["hikari-lightbulb==2.3", "git+https://github.com/example/pygaragelan.git"]}),
        "custom_components/garage/__init__.py": "import lightbulb\nimport pygaragelan\n",
        "scripts/probe.py": "import pygaragelan\n",
    })
    got = verdicts(judged(tmp_path, {"hikari-lightbulb"}))
    assert got[("custom_components/garage/__init__.py", "lightbulb")] == "ok"
    assert got[("custom_components/garage/__init__.py", "pygaragelan")] == "allowed"
    assert got[("scripts/probe.py", "pygaragelan")] == "missing"


def test_the_project_model_knows_each_plug_in_manifest_by_its_parser_s_name():
    from depguard.ecosystems.pypi import fastmcp_json, hass_manifest, project, red_cog

    assert project.PLUGIN_MANIFESTS == {red_cog.NAME, hass_manifest.NAME, "fastmcp.json", "langgraph.json"}
    assert fastmcp_json.named("fastmcp.json") and fastmcp_json.named("dev.fastmcp.json")


def test_a_hexchat_script_imports_hexchats_own_module(tmp_path):
    # HexChat's Python interface (hexchat.readthedocs.io, "Python Interface"): a script imports `hexchat` (`xchat` is
    # its compatibility name) and sets __module_name__, __module_version__ and __module_description__, which HexChat
    # reads to register it; PyPI has no `hexchat`. An invented import beside it stays judged, and so does `import
    # hexchat` in a helper module that registers nothing
    write(tmp_path, {
        "addons/autoaway.py": "import hexchat\nimport hexchat_away_magicz\n\n__module_name__ = 'autoaway'\n"
                              "__module_version__ = '1.0'\n__module_description__ = 'Away on idle'\n",
        "addons/legacy.py": '__module_name__ = "legacy"\n__module_version__ = "0.1"\n__module_description__ = "x"\n'
                            "import xchat\n",
        "addons/helper.py": "import hexchat\n\ndef say(text):\n    hexchat.prnt(text)\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {("addons/autoaway.py", "hexchat-away-magicz"), ("addons/helper.py", "hexchat")}


def test_a_znc_python_module_imports_zncs_own_module(tmp_path):
    # ZNC's modpython (wiki.znc.in/Modpython): a module file `import znc` and defines a class of the file's name
    # deriving from znc.Module; PyPI has no `znc`. A helper importing znc without such a class stays judged, as does
    # an invented import beside the module's
    write(tmp_path, {
        "modules/pyexample.py": "import znc\nimport znc_magicz_tools\n\nclass pyexample(znc.Module):\n"
                                "    description = 'Example python3 module for ZNC'\n",
        "modules/helper.py": "import znc\n\ndef nick(user):\n    return user.GetNick()\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {("modules/pyexample.py", "znc-magicz-tools"), ("modules/helper.py", "znc")}


def test_undeclared_imports_of_bot_libraries_are_judged_as_the_distributions_that_ship_them(tmp_path):
    # a bot's example or snippet folder with no manifest of its own: each module's own name is nobody's on PyPI
    # (lightbulb, tanjun, interactions, topgg, dbl, linebot, discord_slash: absent from its name list, 2026-12),
    # and each library's README installs the distribution and imports the module. An invented module beside them is
    # still judged as itself
    write(tmp_path, {"snippets/bots.py": "import lightbulb\nimport tanjun\nimport interactions\nimport topgg\n"
                                         "import dbl\nfrom linebot.v3 import WebhookHandler\n"
                                         "from discord_slash import SlashCommand\nimport lightbulb_tools_magicz\n"})
    assert {name for _, name in found(tmp_path, Origin.IMPORT)} == {
        "hikari-lightbulb", "hikari-tanjun", "discord-py-interactions", "topggpy", "dblpy", "line-bot-sdk",
        "discord-py-slash-command", "lightbulb-tools-magicz"}


def test_the_znc_module_mark_is_found_in_linear_time(tmp_path):
    # reviewer r27: the base list of `class x(` was read up to the next `)` anywhere in the file, so a file importing
    # znc with many unclosed `class a(` lines was quadratic (8,000 lines: 7.7 s; these 20,000: ~50 s). A base list
    # over several lines is still read, and a file without the mark still has none
    from depguard.ecosystems.pypi.irc_client_scripts import irc_client_modules

    text = "import znc\n" + "class a(\n" * 20_000
    assert irc_client_modules(text) == frozenset()  # its growth: benchmarks/crafted_inputs.py
    assert irc_client_modules("import znc\n\nclass pyexample(\n        znc.Module,\n):\n    pass\n") == {"znc"}
    assert irc_client_modules("import znc\n\nclass pyexample(object):\n    pass\n") == frozenset()
