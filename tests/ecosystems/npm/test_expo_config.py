"""Expo's app.json config plugins (session 36, h256: 47 Expo app.json files in 5 of the mirrored repositories, about
110 plugin names, read by no parser). The plugin list's shapes are expo/examples' (with-sentry/app.json: a plugin
given as a package's file, ``@sentry/react-native/expo``, with options; with-router-tv/app.json: a ``[name,
options]`` pair); the Heroku manifest and the translation table are the other kinds of app.json in those trees."""

from __future__ import annotations

from depguard.parsers import Source, get_format

EXPO = """{
  "expo": {
    "name": "demo",
    "plugins": [
      "expo-router",
      ["expo-splash-screen", {"backgroundColor": "#ffffff"}],
      ["@sentry/react-native/expo", {"project": "YOUR_PROJECT_NAME"}],
      "./plugins/withInvented",
      "expo-plugin-invented-zq",
      42,
      []
    ]
  }
}
"""


def _found(path: str, text: str, tmp_path=None) -> list[tuple[str, int, int]]:
    from pathlib import Path

    fs_path = Path(tmp_path / path) if tmp_path is not None else None
    source = Source(path=path, text=text, fs_path=fs_path, root=tmp_path)
    return [(m.key.name, m.location.line, m.location.column) for m in get_format("expo-config").parse(source)]


def test_expo_plugins_are_read_where_they_are_written():
    assert _found("app.json", EXPO) == [
        ("expo-router", 5, 8),
        ("expo-splash-screen", 6, 9),
        ("@sentry/react-native", 7, 9),  # the package whose file the plugin names
        ("expo-plugin-invented-zq", 9, 8),
    ]


def test_other_app_json_files_name_nothing():
    heroku = '{"name": "app", "scripts": {"postdeploy": "bin/rails db:seed"}, "buildpacks": [{"url": "heroku/ruby"}]}'
    assert _found("app.json", heroku) == []
    locale = '{"plugins": "Plugins", "settings": "Settings"}'  # a translation table with a "plugins" key
    assert _found("web/locales/en/app.json", locale) == []
    assert _found("app.json", '{"expo": {"name": "x"}}') == []


def test_a_top_level_plugins_list_is_expos_only_beside_an_expo_project(tmp_path):
    text = '{"name": "x", "plugins": ["expo-font", "tool-plugin-invented-zq"]}\n'
    (tmp_path / "app.json").write_text(text)
    assert _found("app.json", text, tmp_path) == []  # no package.json: some other tool's plugins
    (tmp_path / "package.json").write_text('{"dependencies": {"expo": "~52.0.0"}}')
    assert [name for name, *_ in _found("app.json", text, tmp_path)] == ["expo-font", "tool-plugin-invented-zq"]


def test_a_scan_judges_an_expo_plugin(tmp_path):
    from tests.test_docs_examples import verdicts, write

    write(tmp_path, {"app.json": '{"expo": {"plugins": ["expo-invented-plugin-zq"]}}\n'})
    assert verdicts(tmp_path)[("app.json", "expo-invented-plugin-zq")] == "missing"
