"""CPU seconds and peak memory of a process and every process it started, from /proc.

The CPU of a process tree is the user+system time of each member, as last sampled: a
picture pool's workers count while they run and, with their last sample, after they end
(a member that lives shorter than the sampling interval is missed). Peak RSS is VmHWM of
each member, the highest seen while sampling.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
PROC = Path("/proc")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds of the process itself)."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    fields = text[text.rindex(")") + 2 :].split()  # the name may hold spaces
    ppid = int(fields[1])
    utime, stime = int(fields[11]), int(fields[12])
    return ppid, (utime + stime) / TICK


def _peak_rss_mb(pid: int) -> float:
    try:
        for line in (PROC / str(pid) / "status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        pass
    return 0.0


def children(pid: int) -> list[int]:
    """The children of `pid`, from /proc/PID/task/*/children (no scan of every process)."""
    found: list[int] = []
    try:
        for task in (PROC / str(pid) / "task").iterdir():
            with contextlib.suppress(FileNotFoundError, ProcessLookupError):
                found += [int(c) for c in (task / "children").read_text().split()]
    except (FileNotFoundError, ProcessLookupError):
        pass
    return found


def tree(root: int) -> list[int]:
    """`root` and its live descendants."""
    if (PROC / "self" / "task" / str(os.getpid()) / "children").exists():
        members, queue = [], [root]
        while queue:
            pid = queue.pop()
            members.append(pid)
            queue.extend(children(pid))
        return members
    parents: dict[int, list[int]] = {}  # no children files: scan every process
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            found = _stat(int(entry.name))
            if found is not None:
                parents.setdefault(found[0], []).append(int(entry.name))
    members, queue = [], [root]
    while queue:
        pid = queue.pop()
        members.append(pid)
        queue.extend(parents.get(pid, []))
    return members


@dataclass
class TreeUsage:
    """Sampled usage of one process tree; `sample()` now and then, and at the ends."""

    root: int
    cpu: dict[int, float] = field(default_factory=dict)  # pid -> latest CPU seconds
    peak_mb: dict[int, float] = field(default_factory=dict)  # pid -> VmHWM
    processes: int = 0  # the most members seen at once

    def sample(self) -> float:
        """The tree's CPU seconds so far (members that vanished keep their last value)."""
        members = tree(self.root)
        self.processes = max(self.processes, len(members))
        for pid in members:
            found = _stat(pid)
            if found is not None:
                self.cpu[pid] = found[1]
            self.peak_mb[pid] = max(self.peak_mb.get(pid, 0.0), _peak_rss_mb(pid))
        return sum(self.cpu.values())

    @property
    def root_peak_mb(self) -> float:
        return self.peak_mb.get(self.root, 0.0)

    @property
    def tree_peak_mb(self) -> float:
        return sum(self.peak_mb.values())


def own_peak_rss_mb() -> float:
    return _peak_rss_mb(os.getpid())
