"""A PostgreSQL server of the test's own, to restart at will: `initdb` into a temporary
folder, started on a free port of 127.0.0.1 with trust authentication, removed
afterwards. The machine's shared server (TEST_DATABASE_URL) is never restarted: other
tests use it.

The binaries are PostgreSQL's own (`initdb`, `pg_ctl`), found in
/usr/lib/postgresql/*/bin (Debian's layout), on PATH, or in $POSTGRES_BIN. PostgreSQL
refuses to run as root; as root, the server runs as the `postgres` user (`runuser`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import shutil
import socket
import tempfile
from pathlib import Path

DEBIAN = Path("/usr/lib/postgresql")
SERVER_USER = "postgres"  # who runs the server when the test runs as root


class PostgresMissing(Exception):
    """No PostgreSQL binaries on this machine (the test is skipped with this sentence)."""


def binaries() -> Path:
    """The folder with `initdb` and `pg_ctl`."""
    chosen = os.environ.get("POSTGRES_BIN")
    candidates = [Path(chosen)] if chosen else []
    if DEBIAN.is_dir():
        versions = sorted(DEBIAN.iterdir(), key=lambda p: p.name, reverse=True)
        candidates += [v / "bin" for v in versions]
    found = shutil.which("initdb")
    candidates += [Path(found).parent] if found else []
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(SERVER_USER)
        except KeyError:
            raise PostgresMissing(f"as root, the server needs a {SERVER_USER!r} user") from None
    for folder in candidates:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    raise PostgresMissing("no PostgreSQL binaries (initdb, pg_ctl): the cluster test needs them")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PrivatePostgres:
    """`await PrivatePostgres.create()`, `.url`, `await .restart()`, `await .remove()`."""

    def __init__(self, folder: Path, bin_dir: Path, port: int) -> None:
        self.folder = folder
        self.bin = bin_dir
        self.port = port
        self.data = folder / "data"
        self.log = folder / "server.log"
        self._as_root = os.geteuid() == 0

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    @classmethod
    async def create(cls) -> PrivatePostgres:
        bin_dir = binaries()
        # Not under pytest's folder: as root that is closed to the server's user.
        folder = Path(tempfile.mkdtemp(prefix="cluster-pg-"))
        server = cls(folder, bin_dir, _free_port())
        if server._as_root:
            user = pwd.getpwnam(SERVER_USER)
            os.chown(folder, user.pw_uid, user.pw_gid)
        await server._run(
            "initdb", "-D", str(server.data), "-A", "trust", "-U", "postgres",
            "-E", "UTF8", "--no-sync", "--no-instructions",
        )  # fmt: skip
        await server.start()
        return server

    async def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if self._as_root:
            command = ["runuser", "-u", SERVER_USER, "--", *command]
        process = await asyncio.create_subprocess_exec(
            *command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
        )
        output, _ = await process.communicate()
        if process.returncode != 0:
            raise RuntimeError(f"{tool} failed: {output.decode(errors='replace')[-2000:]}")

    async def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
            " -c fsync=off -c max_connections=100"
        )
        await self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                        "start")  # fmt: skip

    async def stop(self) -> None:
        """A fast shutdown: every session is ended, as an operator's restart does."""
        await self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    async def restart(self, down: float = 0.0) -> None:
        """Stop, stay down `down` seconds, start again."""
        await self.stop()
        await asyncio.sleep(down)
        await self.start()

    async def remove(self) -> None:
        with contextlib.suppress(RuntimeError):  # not running
            await self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
