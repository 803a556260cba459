"""A regular install (`pip install .`, a wheel, the Docker image) runs from
site-packages with no source tree beside it: everything the bot reads must ship in
the package, the top-level migrations/ folder as `bot.migrations`."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from bot.core.store import MIGRATIONS, migration_files

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_of_the_source_tree_is_listed_in_pyproject() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(pyproject["tool"]["setuptools"]["packages"])
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


def test_a_wheel_carries_every_file_the_bot_reads(tmp_path: Path) -> None:
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split()
    source = tmp_path / "source"  # a clean copy: no build state of the working tree
    for path in tracked:
        (source / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / path, source / path)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(source)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        path.replace("migrations/", "bot/migrations/", 1)
        if path.startswith("migrations/")
        else path
        for path in tracked
        if path.startswith(("bot/", "games/", "migrations/")) and not path.endswith(".md")
    }
    assert expected - shipped == set()
