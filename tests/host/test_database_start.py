"""A database the bot could not keep games in is refused at start-up, at once, with one
sentence and a non-zero exit, before anything connects to Discord."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.core.store import MIGRATIONS, DatabaseUnusable, Store, check_database, migration_files
from bot.core.store.postgres import display_name
from tests.support.databases import TEST_DATABASE_URL, fresh_schema

TOKEN = "a" * 24 + ".bbbbbb." + "c" * 30  # well-formed, never used: the check comes first


def run_bot(database: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISCORD_TOKEN": TOKEN, "SANDBOX_PORT": "0"}
    return subprocess.run(
        [sys.executable, "-m", "bot", "--database", str(database), *args],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip


def garbage(path: Path) -> Path:
    path.write_bytes(os.urandom(8192))
    return path


def test_a_file_that_is_no_database_is_one_sentence_and_exit_2(tmp_path: Path) -> None:
    done = run_bot(garbage(tmp_path / "games.sqlite3"))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"The database {tmp_path / 'games.sqlite3'} cannot be used (file is not a database);"
        " restore it from a backup or point DATABASE_PATH at another file."
    ]


def test_the_sandbox_checks_its_own_database(tmp_path: Path) -> None:
    garbage(tmp_path / "games-sandbox.sqlite3")
    done = run_bot(tmp_path / "games.sqlite3", "--sandbox")
    assert done.returncode == 2 and "games-sandbox.sqlite3 cannot be used" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    (tmp_path / "games.sqlite3").mkdir()
    done = run_bot(tmp_path / "games.sqlite3")
    assert done.returncode == 2 and "is not a file; set DATABASE_PATH" in done.stderr


def test_a_damaged_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA page_size = 1024")
    db.execute("CREATE TABLE t (x)")
    db.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
    db.commit()
    db.close()
    data = bytearray(path.read_bytes())
    data[1024 * 3 : 1024 * 3 + 200] = os.urandom(200)  # scribble over a table page
    path.write_bytes(bytes(data))
    with pytest.raises(DatabaseUnusable, match=r"damaged|cannot be used"):
        check_database(path)


def test_a_read_only_database_is_refused_before_any_write(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
    path.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        if os.access(path, os.W_OK):
            pytest.skip("this user may write read-only files (root)")
        with pytest.raises(DatabaseUnusable, match="read-only"):
            check_database(path)
    finally:
        tmp_path.chmod(0o755)


def test_a_read_only_connection_fails_the_write_probe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a read-only mount does (root may write any file, so it is simulated)."""
    path = tmp_path / "games.sqlite3"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
    connect = sqlite3.connect

    def read_only(
        database: Path, isolation_level: None = None, timeout: float = 5.0
    ) -> sqlite3.Connection:
        return connect(
            f"file:{database}?mode=ro", uri=True, isolation_level=isolation_level, timeout=timeout
        )

    monkeypatch.setattr(sqlite3, "connect", read_only)
    with pytest.raises(DatabaseUnusable, match="readonly"):
        check_database(path)


def test_a_database_locked_by_another_process_is_said_to_be_locked_not_damaged(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite3"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("CREATE TABLE t (x)")
    other.execute("BEGIN IMMEDIATE")  # another process is writing, and keeps at it
    try:
        with pytest.raises(DatabaseUnusable) as caught:
            check_database(path, wait=0.05)
    finally:
        other.execute("ROLLBACK")
        other.close()
    sentence = str(caught.value)
    assert sentence == (
        f"The database {path} is locked by another process (another copy of the bot?);"
        " stop that process, or point DATABASE_PATH at another file."
    )
    check_database(path)  # once it lets go, the bot starts


async def test_a_database_from_a_newer_release_is_refused_naming_both_versions(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite3"
    store = await Store.open(path)
    await store.close()
    with sqlite3.connect(path) as db:  # a later release added migration 999
        db.execute("INSERT INTO schema_migrations VALUES (999, '999_future.sql', 'now')")
    known = migration_files(MIGRATIONS)[-1][0]
    expected = (
        f"The database {path} was migrated by a newer release of the bot (schema version 999;"
        f" this release knows versions up to {known}): run that release or a newer one, or"
        " point DATABASE_PATH at another file."
    )
    done = run_bot(path)
    assert done.returncode == 2 and done.stderr.strip().splitlines() == [expected]
    with pytest.raises(DatabaseUnusable) as caught:
        await Store.open(path)  # the store refuses it too (a bot started without the check)
    assert str(caught.value) == expected


def run_bot_on(url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISCORD_TOKEN": TOKEN, "DATABASE_URL": url}
    return subprocess.run(
        [sys.executable, "-m", "bot"], capture_output=True, text=True, timeout=60, env=env
    )


def test_a_database_url_that_is_not_postgresql_is_one_sentence(tmp_path: Path) -> None:
    done = run_bot_on("mysql://root@localhost/games")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "The setting DATABASE_URL is not valid: must be a PostgreSQL address,"
        " postgresql://user:password@host:port/database."
    ]


@pytest.mark.postgres
def test_a_postgresql_database_that_does_not_exist_is_one_sentence_and_exit_2() -> None:
    assert TEST_DATABASE_URL is not None
    url = TEST_DATABASE_URL.rsplit("/", 1)[0] + "/no_such_database"
    done = run_bot_on(url.replace("postgres@", "postgres:secret-word@", 1))
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("The database postgresql://") and "/no_such_database refused" in line
    assert line.endswith('(database "no_such_database" does not exist); check DATABASE_URL.')
    assert "secret-word" not in done.stderr


def test_a_postgresql_server_that_does_not_answer_is_waited_for_then_one_sentence(
    caplog: pytest.LogCaptureFixture,
) -> None:
    url = "postgresql://bot:secret-word@127.0.0.1:1/games"  # nothing listens there
    began = time.monotonic()
    with pytest.raises(DatabaseUnusable) as caught:
        check_database(url, wait=0.6)
    assert time.monotonic() - began < 5
    assert str(caught.value) == (
        "The database postgresql://bot@127.0.0.1:1/games cannot be reached (Connection"
        " refused); check DATABASE_URL and that PostgreSQL is running."
    )
    (waiting,) = [
        r.getMessage() for r in caplog.records if "cannot be reached yet" in r.getMessage()
    ]
    assert "trying again" in waiting and "secret-word" not in caplog.text


@pytest.mark.postgres
async def test_a_postgresql_database_from_a_newer_release_is_refused_naming_both_versions() -> None:
    with fresh_schema() as url:
        store = await Store.open(url)
        await store._write(
            lambda db: db.execute("INSERT INTO schema_migrations VALUES (999, 'x.sql', 'now')")
        )
        await store.close()
        known = migration_files(MIGRATIONS)[-1][0]
        expected = (
            f"The database {display_name(url)} was migrated by a newer release of the bot"
            f" (schema version 999; this release knows versions up to {known}): run that"
            " release or a newer one, or point DATABASE_URL at another database."
        )
        done = run_bot_on(url)
        assert done.returncode == 2 and done.stderr.strip().splitlines() == [expected]
        with pytest.raises(DatabaseUnusable) as caught:
            await Store.open(url)
        assert str(caught.value) == expected
