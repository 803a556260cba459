"""The sandbox page: a Discord-like view of one server, played through simulated members."""

from bot.double.web.sandbox import serve_sandbox, start_sandbox

__all__ = ["serve_sandbox", "start_sandbox"]
