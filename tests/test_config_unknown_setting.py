"""An unknown key in depguard's config names the file, the line and the setting meant (a new user's typo)."""

from pathlib import Path

import pytest

from depguard.config import KNOWN_SETTINGS, ConfigError, Settings, apply_mapping, read_config_file


def _apply_file(path: Path) -> Settings:
    return apply_mapping(Settings(), read_config_file(path), str(path))


def test_a_misspelt_setting_names_its_line_and_the_setting_meant(tmp_path: Path) -> None:
    config = tmp_path / ".depguard.toml"
    config.write_text('fail-on = "missing"\n\nignor = ["docs/**"]\n', encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        _apply_file(config)
    assert str(caught.value) == f"{config}:3: ignor: unknown setting (did you mean 'ignore'?)"


def test_a_setting_like_no_other_lists_the_known_ones(tmp_path: Path) -> None:
    config = tmp_path / ".depguard.toml"
    config.write_text("colour = true\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        _apply_file(config)
    message = str(caught.value)
    assert message.startswith(f"{config}:1: colour: unknown setting (known settings: fail-on, allow,")
    assert "judge-fixtures" in message


def test_settings_from_the_environment_have_no_line() -> None:
    with pytest.raises(ConfigError, match=r"^environment: judge-fixture: unknown setting \(did you mean 'judge-fixtures'\?\)$"):
        apply_mapping(Settings(), {"judge-fixture": True}, "environment")


@pytest.mark.parametrize("key", KNOWN_SETTINGS)
def test_every_listed_setting_is_one_the_config_reads(key: str) -> None:
    try:
        apply_mapping(Settings(), {key: object()}, "test")
    except ConfigError as exc:  # a wrong value is fine; an unknown key is not
        assert "unknown setting" not in str(exc)
    except (TypeError, AttributeError, ValueError):
        pass
