"""The package list in pyproject.toml is written by hand (migrations/ ships inside
`bot`); these tests keep it complete and keep the migrations findable."""

from __future__ import annotations

import tomllib
from pathlib import Path

from bot.core.store import MIGRATIONS, migration_files

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_of_the_source_tree_is_listed_in_pyproject() -> None:
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("bot", "games")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert found - listed == set(), "add these packages to pyproject.toml"
    assert "bot.migrations" in listed


def test_the_migrations_are_the_top_level_folder() -> None:
    assert MIGRATIONS.resolve() == (ROOT / "migrations").resolve()
    assert migration_files(MIGRATIONS)[0][0] == 1
