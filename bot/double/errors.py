"""Discord's error answers: status, JSON code and message, as the real API sends them."""

from __future__ import annotations

import math
from typing import Any


class ApiError(Exception):
    """An error answer of the double's HTTP API, in Discord's shape.

    `extra`: more fields of the body (a 429's `retry_after` and `global`); `headers`:
    headers of the answer beyond the usual rate-limit ones."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        *,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.extra = extra or {}
        self.headers = headers or {}

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code, **self.extra}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


def unauthorized() -> ApiError:
    return ApiError(401, 0, "401: Unauthorized")


def not_found() -> ApiError:
    return ApiError(404, 0, "404: Not Found")


def unknown_channel() -> ApiError:
    return ApiError(404, 10003, "Unknown Channel")


def unknown_guild() -> ApiError:
    return ApiError(404, 10004, "Unknown Guild")


def unknown_member() -> ApiError:
    return ApiError(404, 10007, "Unknown Member")


def unknown_message() -> ApiError:
    return ApiError(404, 10008, "Unknown Message")


def unknown_user() -> ApiError:
    return ApiError(404, 10013, "Unknown User")


def unknown_webhook() -> ApiError:
    return ApiError(404, 10015, "Unknown Webhook")


def unknown_interaction() -> ApiError:
    return ApiError(404, 10062, "Unknown interaction")


def unknown_command() -> ApiError:
    return ApiError(404, 10063, "Unknown application command")


def already_acknowledged() -> ApiError:
    return ApiError(400, 40060, "Interaction has already been acknowledged.")


def cannot_dm() -> ApiError:
    return ApiError(403, 50007, "Cannot send messages to this user")


def missing_access() -> ApiError:
    return ApiError(403, 50001, "Missing Access")


def missing_permissions() -> ApiError:
    return ApiError(403, 50013, "Missing Permissions")


def wrong_channel_type() -> ApiError:
    return ApiError(400, 50024, "Cannot execute action on this channel type")


def invalid_webhook_token() -> ApiError:
    return ApiError(401, 50027, "Invalid Webhook Token")


def thread_archived() -> ApiError:
    return ApiError(400, 50083, "Thread is archived")


def thread_exists() -> ApiError:
    return ApiError(400, 160004, "A thread has already been created for this message")


def cannot_edit_other_users_message() -> ApiError:
    return ApiError(403, 50005, "Cannot edit a message authored by another user")


def too_many_old_message_edits(retry_after: float) -> ApiError:
    """30046, in the shape of a rate-limit answer (Discord's `RatelimitedResponse` with a
    code). No `Via` header: discord.py then raises at once instead of sleeping
    `retry_after` seconds of real time while the double's clock may be a fake one (on
    Discord it may wait and retry up to five times: the bot must never get here)."""
    return ApiError(
        429,
        30046,
        "Maximum number of edits to messages older than 1 hour reached. Try again later.",
        extra={"retry_after": round(retry_after, 3), "global": False},
        headers={"Retry-After": str(max(1, math.ceil(retry_after)))},
    )


def unavailable() -> ApiError:
    """A 503: Discord cannot serve the request for now (discord.py raises it at once,
    where it tries a 500, 502 or 504 again itself, a few times, seconds apart)."""
    return ApiError(503, 0, "503: Service Unavailable")


def too_large() -> ApiError:
    return ApiError(413, 40005, "Request entity too large")


def invalid_form_body(errors: dict[str, Any]) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", errors)


def field_error(path: list[str | int], code: str, message: str) -> dict[str, Any]:
    """One error in Discord's nested `errors` shape, e.g. {"content": {"_errors": [...]}}."""
    node: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for key in reversed(path):
        node = {str(key): node}
    return node


def merge_errors(target: dict[str, Any], addition: dict[str, Any]) -> dict[str, Any]:
    for key, value in addition.items():
        if key == "_errors":
            target.setdefault("_errors", []).extend(value)
        else:
            merge_errors(target.setdefault(key, {}), value)
    return target


def form_error(problems: list[tuple[list[str | int], str, str]]) -> ApiError:
    """A 400 Invalid Form Body from (path, code, message) triples."""
    errors: dict[str, Any] = {}
    for path, code, message in problems:
        merge_errors(errors, field_error(path, code, message))
    return invalid_form_body(errors)
