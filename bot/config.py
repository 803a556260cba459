"""Settings from the environment (and an optional `.env` file), validated at start-up."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(
        None, description="The bot token from the Discord developer portal; none: the sandbox"
    )
    database_path: Path = Field(Path("data/tabletop.sqlite3"), description="The SQLite file")
    database_url: SecretStr | None = Field(
        None, description="A PostgreSQL server (postgresql://...) instead of the SQLite file"
    )
    dev_guild_id: int | None = Field(
        None, description="A server id whose commands update instantly (development)"
    )
    log_level: str = Field("INFO", description="DEBUG, INFO, WARNING or ERROR")
    sandbox_port: int = Field(8080, ge=0, le=65535, description="The sandbox page's port")
    shard_count: int | None = Field(
        None, ge=1, description="Shards in all processes together; none: as Discord recommends"
    )
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        None, description="This process's shards, e.g. 0,1 (with SHARD_COUNT); none: all"
    )
    shards_per_process: int | None = Field(
        None,
        ge=1,
        description="With SHARD_COUNT and no SHARD_IDS: shards a process claims at most; none: all",
    )

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise ValueError("must be DEBUG, INFO, WARNING or ERROR")
        return level

    @field_validator("database_url")
    @classmethod
    def _postgres_address(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None or not value.get_secret_value().strip():
            return None
        url = value.get_secret_value().strip()
        if not url.startswith(("postgresql://", "postgres://")):
            raise ValueError(
                "must be a PostgreSQL address, postgresql://user:password@host:port/database"
            )
        return SecretStr(url)

    @property
    def database(self) -> str:
        """Where the bot keeps its games: the PostgreSQL URL if set, else the SQLite file."""
        if self.database_url is not None:
            return self.database_url.get_secret_value()
        return str(self.database_path)

    @field_validator("discord_token")
    @classmethod
    def _plausible_token(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None or not value.get_secret_value().strip():
            return None
        if len(value.get_secret_value().split(".")) != 3:
            raise ValueError("does not look like a bot token (three parts separated by dots)")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        if not value.strip():
            return None
        try:
            return [int(part) for part in value.split(",")]
        except ValueError:
            raise ValueError("must be shard numbers separated by commas, e.g. 0,1") from None

    @field_validator("shard_ids")
    @classmethod
    def _shards_of_the_count(
        cls, value: list[int] | None, info: ValidationInfo
    ) -> list[int] | None:
        if value is None:
            return None
        count = info.data.get("shard_count")
        if count is None:
            raise ValueError("needs SHARD_COUNT, the number of shards in all")
        if not value or any(not 0 <= shard < count for shard in value):
            raise ValueError(
                f"must be shard numbers from 0 to {count - 1} (SHARD_COUNT is {count})"
            )
        if len(set(value)) != len(value):
            raise ValueError("names a shard twice")
        return value

    @field_validator("shards_per_process")
    @classmethod
    def _claimed_shards(cls, value: int | None, info: ValidationInfo) -> int | None:
        if value is None:
            return None
        if info.data.get("shard_count") is None:
            raise ValueError("needs SHARD_COUNT, the number of shards in all")
        if info.data.get("shard_ids") is not None:
            raise ValueError("is for processes that claim their shards: leave SHARD_IDS unset")
        return value

    @property
    def log_level_number(self) -> int:
        level = logging.getLevelName(self.log_level)
        assert isinstance(level, int), f"unknown log level {self.log_level}"
        return level


class SettingsError(Exception):
    """A setting is missing or malformed; the message is one sentence for the admin."""


def load_settings(**overrides: object) -> Settings:
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as error:
        first = error.errors()[0]
        name = str(first["loc"][0]).upper() if first["loc"] else "a setting"
        message = first["msg"].removeprefix("Value error, ")
        raise SettingsError(f"The setting {name} is not valid: {message}.") from None
