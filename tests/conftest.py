"""Every test session knows the example game (it lives here, not in the product), and
runs the tests marked for each engine on SQLite and, with TEST_DATABASE_URL set, on
PostgreSQL too (CI sets it: an unreachable server fails the run, never skips it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.support import leaks
from tests.support.databases import EACH_ENGINE, SQLITE, TEST_DATABASE_URL, database_on, server
from tests.support.race import install

install()
leaks.install()


def pytest_report_header() -> str:
    if TEST_DATABASE_URL is None:
        return "PostgreSQL: not tested (set TEST_DATABASE_URL to run its tests too)"
    return "PostgreSQL: the tests marked for each engine run on TEST_DATABASE_URL too"


def pytest_sessionstart(session: pytest.Session) -> None:
    if TEST_DATABASE_URL is None:
        return
    try:
        server().close()
    except psycopg.Error as error:
        pytest.exit(f"TEST_DATABASE_URL cannot be reached: {error}", returncode=3)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A database connection left open fails the run (and is closed, so it can end)."""
    leaked = leaks.close_leaked()
    if leaked:
        session.config.get_terminal_writer().line(
            "Database connections left open by: " + "; ".join(leaked), red=True
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A module with `ON_EACH_ENGINE = True`, or a test marked `each_engine`, runs on
    each engine (every fixture built on `engine`: `database`, `store`, `world`)."""
    wanted = getattr(
        metafunc.module, "ON_EACH_ENGINE", False
    ) or metafunc.definition.get_closest_marker("each_engine")
    if wanted and "engine" in metafunc.fixturenames:
        metafunc.parametrize("engine", EACH_ENGINE)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if TEST_DATABASE_URL is not None:
        return
    kept = [item for item in items if item.get_closest_marker("postgres") is None]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept


@pytest.fixture
def engine() -> str:
    """The database engine of a test: SQLite, unless it runs on each engine."""
    return SQLITE


@pytest.fixture
def database(engine: str, tmp_path: Path) -> Iterator[str]:
    """Where the test's games are kept (a SQLite file, or a fresh PostgreSQL schema)."""
    with database_on(engine, tmp_path) as target:
        yield target
