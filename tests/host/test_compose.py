"""`compose.yaml` (no Docker engine here): PostgreSQL and a bot service whose replicas
(`docker compose up --scale bot=3`) share one environment, checked against what the
bot's settings (`bot/config.py`), its help, the README and the Dockerfile say."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from bot.config import Settings
from bot.discord.sharding import ShardPlan

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text())
BOT = COMPOSE["services"]["bot"]
POSTGRES = COMPOSE["services"]["postgres"]
SETTINGS = {name.upper() for name in Settings.model_fields}
TOKEN = "MTIz.NDU2.Nzg5"  # three parts, as a token has

_VARIABLE = re.compile(r"\$\{(\w+)(?:(:?[-?])([^}]*))?\}")


class Unset(Exception):
    """Compose refuses to start: a `${NAME:?why}` variable is not set."""


def interpolate(value: str, shell: dict[str, str]) -> str:
    """Compose's `${NAME}`, `${NAME:-default}` and `${NAME:?error}` (what the file uses)."""

    def one(match: re.Match[str]) -> str:
        name, operator, word = match.group(1), match.group(2) or "", match.group(3) or ""
        found = shell.get(name)
        empty = found is None or (operator.startswith(":") and not found)
        if operator.endswith("-"):
            return word if empty else str(found)
        if operator.endswith("?") and empty:
            raise Unset(f"{name}: {word}")
        return found or ""

    return _VARIABLE.sub(one, value.replace("$$", "\0")).replace("\0", "$")


def environment(service: dict[str, Any], shell: dict[str, str]) -> dict[str, str]:
    """The container's environment: a variable without a value is the shell's, or unset."""
    raw = service.get("environment", {})
    if isinstance(raw, list):  # the `- NAME=value` form
        raw = dict(item.split("=", 1) if "=" in item else (item, None) for item in raw)
    made = {}
    for name, value in raw.items():
        if value is None:
            if name in shell:
                made[name] = shell[name]
        else:
            made[name] = interpolate(str(value), shell)
    return made


def settings_from(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Settings:
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return Settings(_env_file=None)


def dockerfile_command() -> list[str]:
    text = (ROOT / "Dockerfile").read_text()
    (line,) = [line for line in text.splitlines() if line.startswith("CMD ")]
    command = json.loads(line.removeprefix("CMD "))  # the exec form
    assert isinstance(command, list)
    return [str(part) for part in command]


@cache
def help_of(command: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    """The image's command, run here with `--help` (this interpreter for `python`)."""
    assert command[0] == "python"
    return subprocess.run(
        [sys.executable, *command[1:], "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_every_replica_claims_its_shards_in_the_shared_database(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = settings_from(environment(BOT, {"DISCORD_TOKEN": TOKEN}), monkeypatch)
    assert settings.discord_token is not None  # a token: Discord, not the sandbox
    assert settings.shard_ids is None
    plan = ShardPlan(settings.shard_count, None, settings.shards_per_process)
    assert plan.claims, "SHARD_COUNT without SHARD_IDS: replicas claim their shards"
    assert plan.count == 3 and plan.share == 1  # three replicas, a shard each
    # The URL reaches the postgres service, as the user and database it creates.
    url = urlsplit(settings.database)
    made = environment(POSTGRES, {})
    assert url.scheme == "postgresql" and url.hostname == "postgres"
    assert (url.username, url.password, url.path) == (
        made["POSTGRES_USER"],
        made["POSTGRES_PASSWORD"],
        "/" + made["POSTGRES_DB"],
    )
    assert "postgres" in BOT["depends_on"] and "healthcheck" in POSTGRES


def test_settings_from_the_shell_reach_every_replica(monkeypatch: pytest.MonkeyPatch) -> None:
    shell = {"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "4", "SHARDS_PER_PROCESS": "2"}
    shell |= {"DEV_GUILD_ID": "1234", "LOG_LEVEL": "debug", "POSTGRES_PASSWORD": "s3cret"}
    settings = settings_from(environment(BOT, shell), monkeypatch)
    assert (settings.shard_count, settings.shards_per_process) == (4, 2)
    assert settings.dev_guild_id == 1234 and settings.log_level == "DEBUG"
    assert urlsplit(settings.database).password == "s3cret"
    assert environment(POSTGRES, shell)["POSTGRES_PASSWORD"] == "s3cret"


def test_without_a_token_compose_refuses_to_start() -> None:
    with pytest.raises(Unset, match="DISCORD_TOKEN"):  # never the sandbox by mistake
        environment(BOT, {})


def test_replicas_can_be_scaled() -> None:
    # A fixed container name or a published port would clash between replicas.
    assert "container_name" not in BOT and "ports" not in BOT
    assert "SHARD_IDS" not in BOT["environment"]


def test_every_variable_is_a_setting_the_readme_and_the_help_name() -> None:
    names = set(BOT["environment"])
    assert names <= SETTINGS, f"not settings of bot/config.py: {names - SETTINGS}"
    readme = (ROOT / "README.md").read_text()
    table = set(re.findall(r"^\| `([A-Z_]+)` \|", readme, re.MULTILINE))
    assert table >= SETTINGS, f"missing from the README's table: {SETTINGS - table}"
    assert "docker compose up --build --scale bot=3" in readme
    ran = help_of(tuple(BOT.get("command") or dockerfile_command()))
    assert all(name in ran.stdout for name in SETTINGS)


def test_the_bot_service_runs_the_dockerfiles_command() -> None:
    build = BOT["build"]
    context = ROOT / (build if isinstance(build, str) else build.get("context", "."))
    dockerfile = "Dockerfile" if isinstance(build, str) else build.get("dockerfile", "Dockerfile")
    assert (context / dockerfile).resolve() == (ROOT / "Dockerfile").resolve()
    command = BOT.get("command") or dockerfile_command()
    assert command[:3] == ["python", "-m", "bot"]
    ran = help_of(tuple(command))
    assert ran.returncode == 0 and "python -m bot" in ran.stdout, ran.stderr
