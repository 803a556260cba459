from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import SettingsError, load_settings

TOKEN = "MTAx.abcdef.ghijklmnopqrstuvwxyz"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "SANDBOX_PORT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env


def test_defaults() -> None:
    settings = load_settings()
    assert settings.discord_token is None
    assert settings.database_path == Path("data/tabletop.sqlite3")
    assert settings.dev_guild_id is None and settings.log_level == "INFO"


def test_environment_and_dotenv(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\nDEV_GUILD_ID=123\n")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    settings = load_settings()
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == TOKEN
    assert settings.dev_guild_id == 123 and settings.log_level == "DEBUG"


def test_the_token_never_shows_in_a_printed_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    settings = load_settings()
    assert TOKEN not in repr(settings) and TOKEN not in str(settings.model_dump())


@pytest.mark.parametrize(
    ("name", "value", "sentence"),
    [
        ("DEV_GUILD_ID", "abc", "The setting DEV_GUILD_ID is not valid"),
        ("LOG_LEVEL", "loud", "must be DEBUG, INFO, WARNING or ERROR"),
        ("DISCORD_TOKEN", "not-a-token", "does not look like a bot token"),
        ("SANDBOX_PORT", "99999", "The setting SANDBOX_PORT is not valid"),
    ],
)
def test_a_malformed_setting_is_one_clear_sentence(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, sentence: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as caught:
        load_settings()
    message = str(caught.value)
    assert sentence in message and "\n" not in message
    if name == "DISCORD_TOKEN":
        assert value not in message  # a token is never echoed


def test_start_up_with_a_bad_setting_prints_a_sentence_not_a_traceback(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "bot"],
        env={"PATH": "/usr/bin:/bin", "DEV_GUILD_ID": "abc", "HOME": str(tmp_path)},
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert run.stderr.strip().count("\n") == 0
    assert "Traceback" not in run.stderr and "DEV_GUILD_ID" in run.stderr


def test_help_explains_the_options() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "bot", "--help"],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0
    for word in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "--database"):
        assert word in run.stdout
